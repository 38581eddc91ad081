"""The comments of the pages' TOML samples, in the page's language (issue 24: the German and
Papiamentu "Write a scenario" showed the sample files with English comments).

Sphinx leaves code blocks out of the catalog, and a whole sample as one message would let a
translation change the TOML itself. So each comment of a ```` ```toml ```` block is a message of
its own (``docs.pot``) and only the comments change: ``Mark`` (before Sphinx's ``Locale``) gives
the block one ``toml_comment`` node per comment; ``Locale`` translates those like any text;
``Apply`` (after it) writes the translations into the block's text and takes the nodes out. A
block with a comment still untranslated gets the class ``untranslated``, as Sphinx marks a
paragraph (tests/docs look for it).

>>> comments('level = 3   # 1 (first lesson)\\nname = "a # b"  # the name\\n# alone\\n')
[(0, 12, '1 (first lesson)'), (1, 16, 'the name'), (2, 0, 'alone')]
>>> with_comments('level = 3   # 1 (first lesson)\\n', {"1 (first lesson)": "1 (erste Lektion)"})
'level = 3   # 1 (erste Lektion)\\n'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms import SphinxTransform

LANGUAGES = frozenset({"toml"})
"""The code blocks whose comments are translated."""


def comments(text: str) -> list[tuple[int, int, str]]:
    """Each comment of a TOML text: its line (from 0), the column of its ``#``, and its words
    (the text after ``#`` and the spaces, up to the end of the line). A ``#`` inside a string,
    one-line or multi-line, basic (``"``) or literal (``'``), is no comment."""
    found = []
    closing = ""  # the quote that ends the string the scanner is in ("" outside strings)
    for number, line in enumerate(text.split("\n")):
        index = 0
        while index < len(line):
            char = line[index]
            if closing:
                if line.startswith(closing, index):
                    index += len(closing)
                    closing = ""
                    continue
                index += 2 if char == "\\" and closing.startswith('"') else 1
                continue
            if char in "\"'":
                closing = char * 3 if line.startswith(char * 3, index) else char
                index += len(closing)
                continue
            if char == "#":
                words = line[index + 1 :].strip()
                if words:
                    found.append((number, index, words))
                break
            index += 1
        if len(closing) == 1:
            closing = ""  # a one-line string ends with its line (TOML would refuse it anyway)
    return found


def with_comments(text: str, translated: Mapping[str, str]) -> str:
    """``text`` with each comment whose words ``translated`` has replaced by the translation;
    the code before each ``#`` stays as written."""
    lines = text.split("\n")
    for number, column, words in comments(text):
        if words in translated and translated[words] != words:
            lines[number] = f"{lines[number][:column]}# {translated[words]}"
    return "\n".join(lines)


class toml_comment(nodes.Element, addnodes.translatable):  # type: ignore[misc]
    """One comment of a code block, translated by Sphinx's ``Locale`` like a paragraph."""

    def preserve_original_messages(self) -> None:
        self["original"] = self["words"]

    def apply_translated_message(self, original_message: str, translated_message: str) -> None:
        self["words"] = translated_message
        self["translated"] = True

    def extract_original_messages(self) -> Sequence[str]:
        return [self.get("original", self["words"])]

    def astext(self) -> str:
        return ""  # no part of the block's text: the block shows its own


def _blocks(document: nodes.document) -> list[nodes.literal_block]:
    return [
        block
        for block in document.findall(nodes.literal_block)
        if block.get("language") in LANGUAGES
    ]


class Mark(SphinxTransform):
    """Before the translation: a ``toml_comment`` in each TOML block for each of its comments."""

    default_priority = 5  # before PreserveTranslatableMessages (10) and Locale (20)

    def apply(self, **kwargs: Any) -> None:
        for block in _blocks(self.document):
            for _, _, words in comments(block.astext()):
                comment = toml_comment(words=words)
                comment.source, comment.line = block.source, block.line
                block += comment


class Apply(SphinxTransform):
    """After the translation: the translated comments into the block's text; the nodes go."""

    default_priority = 30  # after Locale (20)

    def apply(self, **kwargs: Any) -> None:
        from sphinx.builders.gettext import MessageCatalogBuilder

        if issubclass(self.env._builder_cls, MessageCatalogBuilder):
            return  # docs.pot takes the comments as written
        translating = (self.config.language or "en") != "en"
        for block in _blocks(self.document):
            marks = [child for child in block.children if isinstance(child, toml_comment)]
            if not marks:
                continue
            translated = {mark["original"]: mark["words"] for mark in marks if "original" in mark}
            for mark in marks:
                block.remove(mark)
            text = block.astext()
            new = with_comments(text, translated)
            if new != text:
                block.children = []
                block += nodes.Text(new)
                block.rawsource = new
            if translating and any(mark.get("translated") is False for mark in marks):
                block["classes"].append("untranslated")


__all__ = ["Apply", "Mark", "comments", "toml_comment", "with_comments"]
