"""The game screen's keys: F1 help, F2 hint, F5 review, Ctrl-Z take back, F10 or Ctrl-D
quit; the arrow keys and Enter choose a tile; on a page the arrows scroll. In a window too
small for the game only the keys that quit act."""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import (
    ConditionalKeyBindings,
    KeyBindings,
    KeyBindingsBase,
    KeyPressEvent,
    merge_key_bindings,
)
from prompt_toolkit.keys import Keys

from tutor.play.tui.state import Screen


def key_bindings(
    screen: Screen,
    buffer: Buffer,
    quit: Callable[[], None],
    too_small: Callable[[], bool] = lambda: False,
) -> KeyBindingsBase:
    """The bindings of ``screen``; ``buffer`` is the reply being typed; while ``too_small``
    (the window cannot show the game) every key but F10, Ctrl-D and Ctrl-C waits."""
    game_keys = KeyBindings()
    quit_keys = KeyBindings()
    bindings = game_keys
    empty = Condition(lambda: not buffer.text)
    mode = {
        name: Condition(lambda name=name: screen.mode == name)  # type: ignore[misc]
        for name in ("play", "ends", "wait", "page", "retry")
    }
    choosing = mode["play"] | mode["retry"]
    hand_page = Condition(lambda: screen.page is not None and screen.page.kind == "hand")

    @quit_keys.add("f10")
    @quit_keys.add("c-d")
    @quit_keys.add("c-c")
    def _quit(event: KeyPressEvent) -> None:
        quit()

    small = Condition(too_small)

    @quit_keys.add(Keys.Any, filter=small)
    def _wait(event: KeyPressEvent) -> None:
        """A key in a window too small for the game: nothing (typed text waits too)."""

    @bindings.add("f1")
    def _help(event: KeyPressEvent) -> None:
        screen.show_help()

    @bindings.add("f2")
    def _hint(event: KeyPressEvent) -> None:
        screen.hint()

    @bindings.add("f5")
    def _review(event: KeyPressEvent) -> None:
        screen.show_review()

    @bindings.add("c-z")
    def _back(event: KeyPressEvent) -> None:
        buffer.reset()
        screen.take_back()

    @bindings.add("left", filter=choosing & empty)
    def _left(event: KeyPressEvent) -> None:
        screen.move(-1)

    @bindings.add("right", filter=choosing & empty)
    def _right(event: KeyPressEvent) -> None:
        screen.move(+1)

    @bindings.add("left", filter=mode["ends"] & empty)
    def _left_end(event: KeyPressEvent) -> None:
        screen.end(right=False)

    @bindings.add("right", filter=mode["ends"] & empty)
    def _right_end(event: KeyPressEvent) -> None:
        screen.end(right=True)

    @bindings.add("up", filter=mode["page"])
    def _up(event: KeyPressEvent) -> None:
        screen.scroll(-1)

    @bindings.add("down", filter=mode["page"])
    def _down(event: KeyPressEvent) -> None:
        screen.scroll(+1)

    @bindings.add("pageup", filter=mode["page"])
    def _page_up(event: KeyPressEvent) -> None:
        screen.scroll(-10)

    @bindings.add("pagedown", filter=mode["page"])
    def _page_down(event: KeyPressEvent) -> None:
        screen.scroll(+10)

    @bindings.add("l", filter=hand_page)
    @bindings.add("L", filter=hand_page)
    def _learn(event: KeyPressEvent) -> None:
        screen.learn()

    @bindings.add("escape", eager=True)
    def _escape(event: KeyPressEvent) -> None:
        if buffer.text:
            buffer.reset()
        else:
            screen.cancel()

    @bindings.add("enter")
    def _enter(event: KeyPressEvent) -> None:
        # A completion chosen with Tab or the arrows is in the text already: Enter sends it.
        buffer.complete_state = None
        reply = buffer.text
        buffer.reset()
        screen.submit(reply)

    return merge_key_bindings([ConditionalKeyBindings(game_keys, ~small), quit_keys])
