"""The words of the controls of a puzzle on a web page (the engine in the browser).

>>> page_words(Speaker("de"))["check"]
'Antwort prüfen'
"""

from __future__ import annotations

from tutor.words.i18n import N_, Speaker
from tutor.words.vocabulary import game_name

PAGE_WORDS = {
    # TRANSLATORS: the heading of the controls under a puzzle on a web page.
    "legend": N_("Your answer"),
    # TRANSLATORS: the button under a puzzle on a web page that has the answer judged.
    "check": N_("Check my answer"),
    "number": N_("A number"),
    "choose": N_("Choose an answer first."),
    "none": N_("Leave every box empty if none is right."),
    # TRANSLATORS: while the tutor's engine loads in the web page; {percent} is e.g. "40 %".
    "loading": N_("Loading the tutor: {percent}"),
    "judging": N_("The tutor is judging your answer…"),
    "ready": N_("The tutor is ready."),
    # TRANSLATORS: {reason} is the browser's message, in English.
    "failed": N_("The tutor could not start in this browser ({reason}). The answer is still "
                 "under “Show the answer”."),
    "file": N_("Answering on the page needs the pages from a web server (for example "
               "python -m http.server in the folder of the built pages), not opened as files."),
    # TRANSLATORS: under a puzzle on a web page, from the browser's memory of earlier visits.
    "before_right": N_("Last time you answered this one right."),
    "before_wrong": N_("Last time your answer to this one was not right."),
    # TRANSLATORS: the box at the end of a page with puzzles: the answers kept in this browser.
    "progress": N_("Your progress in this browser"),
    "export": N_("Save my progress to a file"),
    "import": N_("Bring in progress from a file (from another browser or domino-tutor "
                 "progress --export)"),
}
"""Every text of the controls, by the key the page's script uses."""


def page_words(sp: Speaker) -> dict[str, str]:
    """The controls' texts in the speaker's language, and ``percent``: how the language writes
    a share in percents, ``{n}`` for the number (the page writes its progress with it, as the
    tutor writes every share, instead of asking the browser's ``Intl``: the first
    ``Intl.NumberFormat`` of a page loads its locale data on the main thread, 20 to 50 ms).

    >>> page_words(Speaker("de"))["percent"], page_words(Speaker("pap"))["percent"]
    ('{n}\xa0%', '{n}%')
    """
    words = {key: sp._(text) for key, text in PAGE_WORDS.items()}
    words["percent"] = percent_pattern(sp)
    return words


def percent_pattern(sp: Speaker) -> str:
    """``Speaker.percent`` with ``{n}`` in place of the whole number.

    >>> percent_pattern(Speaker("en")).format(n=40)
    '40%'
    """
    written = sp.percent(0.37)
    assert written.count("37") == 1, written
    return written.replace("37", "{n}")


PLAY_WORDS = {
    # TRANSLATORS: the practice game on a web page: the form that starts a game.
    "game": N_("Game"),
    "players": N_("Players"),
    "level": N_("Computer level"),
    "seed": N_("Deal number (the same number deals the same game)"),
    "start": N_("Start a game"),
    "plays": N_("Your plays"),
    "hint": N_("Hint"),
    "thinking": N_("The computer is thinking…"),
    # While the coach grades the learner's play (then the computer answers), as in the
    # terminal; {play} is the play's words, e.g. "6-3 left".
    "looking": N_("The coach is looking at {play}…"),
    "looking_hint": N_("The coach is looking for your best play…"),
    "over": N_("The game is over. Start another one above."),
    # TRANSLATORS: the Play page after a reload: the game in progress was kept by the browser.
    "resumed": N_("Your game goes on where you left it: this browser kept it."),
    # TRANSLATORS: {reason} is the engine's message, in English.
    "lost": N_("The game kept in this browser cannot go on ({reason}). Start a new one above."),
}
"""Every text of the practice game's page, by the key the page's script uses."""


def play_words(sp: Speaker) -> dict[str, str]:
    """The practice page's texts in the speaker's language, and the names of the games.

    >>> play_words(Speaker("pap"))["fives-and-threes"]
    'Fives & Threes'
    """
    words = {key: sp._(text) for key, text in PLAY_WORDS.items()}
    for game in ("cutthroat", "fives-and-threes"):
        words[game] = game_name(game, sp)
    return words
