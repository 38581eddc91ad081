"""Directives whose words are the page's own (the ``docs`` catalog) and whose numbers come from
the code, filled in after the page is translated.

A directive of this kind (``LabelledDirective``) writes each of its options as a paragraph of
the page: ``make docs-catalogs`` puts them into ``docs.pot`` like any paragraph, and Sphinx
translates them with the page. The paragraphs wait in a container (``labelled``); after the
translation (``Fill``, a transform that runs after Sphinx's ``Locale``) the directive's
``render`` turns the translated words and the project's data into the nodes the reader sees.
``{name}`` in a text is a placeholder for a number of the code (``fill``); a translation keeps
every placeholder as it is (``tests/docs/test_catalogs.py`` checks it).

The message catalog builder (``make docs-catalogs``) sees the paragraphs as written: ``Fill``
leaves them alone there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

from tutor.sphinxext.common import _speaker, _TutorDirective
from tutor.words.i18n import Speaker

logger = logging.getLogger(__name__)

PLACEHOLDER = re.compile(r"\{(\w+)\}(?!`)")
"""``{name}`` in a text (a MyST role, ``{ref}`` followed by a backtick, is not one)."""

Renderer = Callable[[nodes.Element, Mapping[str, nodes.paragraph], Speaker], list[nodes.Node]]
RENDERERS: dict[str, Renderer] = {}
"""What each kind of ``labelled`` node becomes, by kind (filled by ``renderer``)."""


KIND = "tutor_labelled"
"""The attribute that marks a directive's container: its translatable paragraphs (one per
option, ``label`` names it) and its content, until ``Fill`` renders them."""


def labelled(kind: str, argument: str) -> nodes.container:
    """The container a ``LabelledDirective`` leaves for ``Fill``.

    >>> labelled("coach-grades", "")["tutor_labelled"]
    'coach-grades'
    """
    node = nodes.container()
    node[KIND] = kind
    node["argument"] = argument
    return node


def is_labelled(node: nodes.Node) -> bool:
    return isinstance(node, nodes.container) and KIND in node


def renderer(kind: str) -> Callable[[Renderer], Renderer]:
    """Register the function that renders ``labelled`` nodes of ``kind``."""

    def register(function: Renderer) -> Renderer:
        RENDERERS[kind] = function
        return function

    return register


def fill(text: str, values: Mapping[str, str]) -> str:
    """``text`` with each ``{name}`` replaced by ``values[name]``.

    >>> fill("lose {loss} or more; see {ref}`grades`", {"loss": "10%"})
    'lose 10% or more; see {ref}`grades`'
    >>> fill("{nope}", {})
    Traceback (most recent call last):
    ...
    KeyError: 'nope'
    """
    return PLACEHOLDER.sub(lambda match: values[match.group(1)], text)


def fill_nodes(node: nodes.Element, values: Mapping[str, str]) -> nodes.Element:
    """A copy of ``node`` with the placeholders of its text filled in (code is left as is)."""
    copy = node.deepcopy()
    for text in list(copy.findall(nodes.Text)):
        if isinstance(text.parent, nodes.literal | nodes.literal_block):
            continue
        filled = fill(str(text), values)
        if filled != str(text):
            text.parent.replace(text, nodes.Text(filled))
    return copy


def words(paragraph: nodes.Element) -> str:
    """A label's plain text (for a drawing: no markup)."""
    return " ".join(paragraph.astext().split())


class LabelledDirective(_TutorDirective):
    """A directive whose options are texts of the page (``labels``: the options it needs).

    Subclasses name their ``kind`` (its renderer) and their ``labels``; the content, if any,
    is parsed as the page and handed to the renderer after the labels.
    """

    kind: ClassVar[str] = ""
    labels: ClassVar[tuple[str, ...]] = ()
    has_content = True
    optional_arguments = 1

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.option_spec = {label: directives.unchanged_required for label in cls.labels}

    def run(self) -> list[nodes.Node]:
        missing = [label for label in self.labels if not self.options.get(label)]
        if missing:
            raise self.error(f"{self.name} needs the options {', '.join(missing)}")
        node = labelled(self.kind, (self.arguments or [""])[0])
        source, line = self.get_source_info()
        for label in self.labels:
            text = " ".join(str(self.options[label]).split())
            paragraph = nodes.paragraph(text, text, label=label)
            paragraph.source, paragraph.line = source, line
            node += paragraph
        if self.content:
            node += self.parse_content_to_nodes()
        return [node]


class Fill(SphinxTransform):
    """After the translation of the page: render every ``labelled`` node."""

    default_priority = 30  # after sphinx.transforms.i18n.Locale (20) and its totaliser (25)

    def apply(self, **kwargs: Any) -> None:
        from sphinx.builders.gettext import MessageCatalogBuilder

        if issubclass(self.env._builder_cls, MessageCatalogBuilder):
            return  # docs.pot takes the paragraphs as written
        sp = _speaker(self.config.language)
        for node in list(self.document.findall(is_labelled)):
            paragraphs = {
                child["label"]: child
                for child in node.children
                if isinstance(child, nodes.paragraph) and child.get("label")
            }
            kind = node[KIND]
            render = RENDERERS[kind]
            try:
                replacement = render(node, paragraphs, sp)
            except (KeyError, ValueError) as error:
                logger.warning(
                    "tutor: cannot render %s: %s", kind, error, location=node,
                    type="tutor", subtype="labelled",
                )
                replacement = []
            untranslated = (self.config.language or "en") != "en" and any(
                not p.get("translated") for p in paragraphs.values()
            )
            if untranslated:  # as Sphinx marks a paragraph (tests/docs look for it)
                for new in replacement:
                    if isinstance(new, nodes.Element):
                        new["classes"].append("untranslated")
            node.replace_self(replacement)


def content_of(node: nodes.Element) -> list[nodes.Node]:
    """The directive's content (what is not a label)."""
    return [
        child
        for child in node.children
        if not (isinstance(child, nodes.paragraph) and child.get("label"))
    ]
