"""The lists of the page "Write a scenario" that come from the code, so that the page cannot fall
behind what ``validate`` accepts (issue 24: the page listed 15 topics of 19).

``scenario-topics``
    Every topic of ``tutor.questions.topics.TOPICS``, its key as a file writes it, its name and
    description as the quiz says them (the ``tutor`` catalog), and the games it belongs to.
``scenario-kinds``
    Every kind of question of ``tutor.questions.kinds.KINDS`` with its parameters and games, each
    linked to its section on the page (``(ask-<kind>)=``: a kind without one stops the build).
    Options:
    ``:none:`` (a kind without parameters), ``:optional:`` (after an optional parameter) and
    ``:both:`` (both games).
``scenario-keys``
    The keys of each part of a file (``tutor.scenarios.reader``, ``tutor.scenarios.origin``).
    Options: ``:top:`` (the keys at the top), ``:seat:`` (a seat's name as a key), ``:kind:``
    (the parameters of the kind asked).
``scenario-limits``
    ``:text:`` with the code's numbers: ``{title}``, ``{story}``, ``{hint}``, ``{id}``,
    ``{seat}`` (``tutor.scenarios.texts.LIMITS``), ``{file_bytes}`` and ``{file_kib}`` (a
    scenario file's size limit), ``{key}``, ``{name}``, ``{about}`` and ``{topics_kib}`` (a
    ``topics.toml``: ``tutor.scenarios.own_topics``).

The options are the page's words (``docs.pot``, see ``tutor.sphinxext.labelled``); the names of
topics and games are the tutor's (its catalogs).
"""

from __future__ import annotations

from collections.abc import Mapping

from docutils import nodes

from tutor.questions.kinds import KINDS
from tutor.questions.topics import TOPICS
from tutor.scenarios import own_topics
from tutor.scenarios.origin import ORIGIN_KEYS
from tutor.scenarios.reader import (
    QUESTION_COMMON,
    RULE_KEYS,
    SCORE_KEYS,
    SECTIONS,
    TABLE_KEYS,
    TOP_KEYS,
)
from tutor.scenarios.texts import LIMITS
from tutor.sphinxext.labelled import LabelledDirective, fill_nodes, renderer
from tutor.store.files import SCENARIO_LIMIT
from tutor.words.i18n import Speaker
from tutor.words.vocabulary import GAME_NAMES, game_name, topic_description, topic_name

SECTION_ORDER = ("table", "hands", "score", "rules", "question", "origin")
"""The sections in the order a file writes them (a section the code adds stops the build until
it is placed here: its keys need saying)."""
GAMES = tuple(GAME_NAMES)
"""Both games."""
SEATED = frozenset({"hands", "score"})
"""The sections whose keys are the seats' names."""


def limit_values() -> dict[str, str]:
    """The numbers ``scenario-limits`` fills in.

    >>> limit_values()["title"], limit_values()["file_kib"], limit_values()["name"]
    ('120', '256', '60')
    """
    return {
        "title": str(LIMITS["title"]),
        "story": str(LIMITS["story"]),
        "hint": str(LIMITS["question.hint"]),
        "id": str(LIMITS["id"]),
        "seat": str(LIMITS["seats"]),
        "file_bytes": str(SCENARIO_LIMIT),
        "file_kib": str(SCENARIO_LIMIT // 1024),
        "key": str(own_topics.KEY_LIMIT),
        "name": str(own_topics.NAME_LIMIT),
        "about": str(own_topics.ABOUT_LIMIT),
        "topics_kib": str(own_topics.TOPICS_LIMIT // 1024),
    }


def section_keys() -> dict[str, frozenset[str]]:
    """The fixed keys of each section of a file ("" is the top; seats are not among them).

    >>> sorted(section_keys()["table"])
    ['boneyard', 'line', 'out', 'pose']
    """
    unplaced = SECTIONS - set(SECTION_ORDER)
    if unplaced:
        raise ValueError(f"sections the page does not place: {sorted(unplaced)}")
    return {
        "": frozenset(TOP_KEYS),
        "table": frozenset(TABLE_KEYS),
        "hands": frozenset(),
        "score": frozenset(SCORE_KEYS),
        "rules": frozenset(RULE_KEYS),
        "question": frozenset(QUESTION_COMMON),
        "origin": frozenset(ORIGIN_KEYS),
    }


def _code(text: str) -> nodes.literal:
    return nodes.literal(text, text)


def _codes(keys: frozenset[str] | set[str]) -> list[nodes.Node]:
    """``a``, ``b``, ``c`` (sorted: the code keeps them as sets)."""
    found: list[nodes.Node] = []
    for index, key in enumerate(sorted(keys)):
        if index:
            found.append(nodes.Text(", "))
        found.append(_code(key))
    return found


def _words(paragraph: nodes.paragraph) -> list[nodes.Node]:
    """A label's inline content (its words and markup), to stand inside another paragraph."""
    return [child.deepcopy() for child in paragraph.children]


class _MarkupLabels(LabelledDirective):
    """A ``LabelledDirective`` whose options may hold inline markup (code, ``{ref}``): the
    catalog's message is the option as written; the page shows it parsed."""

    def run(self) -> list[nodes.Node]:
        found = super().run()
        for paragraph in found[0].children:
            if isinstance(paragraph, nodes.paragraph) and paragraph.get("label"):
                inline, messages = self.parse_inline(paragraph.astext(), lineno=self.lineno)
                paragraph.children = []
                paragraph.extend(inline)
                found.extend(messages)
        return found


class TopicsDirective(LabelledDirective):
    """``{scenario-topics}``: every topic of the tutor with its name and games."""

    kind = "scenario-topics"
    has_content = False


class KindsDirective(_MarkupLabels):
    """``{scenario-kinds}``: every kind of question, its parameters and games."""

    kind = "scenario-kinds"
    labels = ("none", "optional", "both")
    has_content = False


class KeysDirective(_MarkupLabels):
    """``{scenario-keys}``: the keys of every part of a file."""

    kind = "scenario-keys"
    labels = ("top", "seat", "kind")
    has_content = False


class LimitsDirective(_MarkupLabels):
    """``{scenario-limits}``: a paragraph of the page with the code's limits filled in."""

    kind = "scenario-limits"
    labels = ("text",)
    has_content = False


def _games(games: tuple[str, ...], both: nodes.paragraph, sp: Speaker) -> list[nodes.Node]:
    if set(games) == set(GAMES):
        return _words(both)
    return [nodes.Text(sp.join([game_name(game, sp) for game in games]))]


@renderer("scenario-topics")
def render_topics(
    node: nodes.Element, texts: Mapping[str, nodes.paragraph], sp: Speaker
) -> list[nodes.Node]:
    found = nodes.definition_list(classes=["scenario-topics"])
    for key, topic in TOPICS.items():
        name = topic_name(key, sp)
        term = nodes.term("", "", _code(key), nodes.Text(" · "), nodes.strong(name, name))
        term["ids"] = [f"topic-key-{key}"]
        games = ""
        if set(topic.games) != set(GAMES):
            games = f" ({sp.join([game_name(game, sp) for game in topic.games])})"
        about = topic_description(key, sp) + games
        found += nodes.definition_list_item(
            "", term, nodes.definition("", nodes.paragraph(about, about))
        )
    return [found]


@renderer("scenario-kinds")
def render_kinds(
    node: nodes.Element, texts: Mapping[str, nodes.paragraph], sp: Speaker
) -> list[nodes.Node]:
    found = nodes.bullet_list(classes=["scenario-kinds"])
    for ask, kind in KINDS.items():
        if f"ask-{ask}" not in node.document.nameids:
            raise ValueError(f"the kind {ask} has no section (ask-{ask})")
        link = nodes.reference("", "", _code(ask), internal=True, refid=f"ask-{ask}")
        line = nodes.paragraph("", "", link, nodes.Text(": "))
        parameters: list[nodes.Node] = []
        for name in sorted(kind.required):
            parameters += [nodes.Text(", ")] if parameters else []
            parameters.append(_code(name))
        for name in sorted(kind.optional):
            parameters += [nodes.Text(", ")] if parameters else []
            parameters += [_code(name), nodes.Text(" ("), *_words(texts["optional"]),
                           nodes.Text(")")]
        line += parameters or _words(texts["none"])
        line += [nodes.Text(" · "), *_games(kind.games, texts["both"], sp)]
        found += nodes.list_item("", line, ids=[f"kind-{ask}"])
    return [found]


@renderer("scenario-keys")
def render_keys(
    node: nodes.Element, texts: Mapping[str, nodes.paragraph], sp: Speaker
) -> list[nodes.Node]:
    found = nodes.bullet_list(classes=["scenario-keys"])
    for section, keys in section_keys().items():
        head: list[nodes.Node] = _words(texts["top"]) if not section else [_code(f"[{section}]")]
        line = nodes.paragraph("", "", *head, nodes.Text(": "))
        parts: list[nodes.Node] = []
        if section in SEATED:
            parts += _words(texts["seat"])
        if keys:
            parts += [nodes.Text(", ")] if parts else []
            parts += _codes(keys)
        if section == "question":
            parts += [nodes.Text(", "), *_words(texts["kind"])]
        line += parts
        found += nodes.list_item("", line, ids=[f"keys-{section or 'top'}"])
    return [found]


@renderer("scenario-limits")
def render_limits(
    node: nodes.Element, texts: Mapping[str, nodes.paragraph], sp: Speaker
) -> list[nodes.Node]:
    paragraph = fill_nodes(texts["text"], limit_values())
    paragraph["classes"].append("scenario-limits")
    return [paragraph]


__all__ = [
    "KeysDirective",
    "KindsDirective",
    "LimitsDirective",
    "TopicsDirective",
    "limit_values",
    "section_keys",
]
