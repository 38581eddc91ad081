"""The ``practice-in-browser`` directive: the place of the practice game on a page.

It writes an empty ``<div class="tutor-play">`` with the page's words for the game's form
(``tutor.words.web.play_words``) as ``data-words``; ``docs/_static/tutor-play.js`` builds the
game there when the engine is in the site, and nothing shows without JavaScript.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any, ClassVar

from docutils import nodes

from tutor.sphinxext.common import _raw, _TutorDirective
from tutor.words.web import play_words


def play_html(words: dict[str, str]) -> str:
    """The element the page's script fills with the game.

    >>> play_html({"start": "Start"})
    '<div class="tutor-play" data-words="{&quot;start&quot;:&quot;Start&quot;}"></div>'
    """
    data = escape(json.dumps(words, ensure_ascii=False, separators=(",", ":")))
    return f'<div class="tutor-play" data-words="{data}"></div>'


class PlayDirective(_TutorDirective):
    """``{practice-in-browser}``: the practice game against the computer, in the page."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[nodes.Node]:
        self.depend_on_catalog()
        return [_raw(play_html(play_words(self.speaker)))]
