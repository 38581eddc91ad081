"""The lists of "Write a scenario" are the code's (issue 24): the topics, the kinds of question,
the keys and the limits, in every language of the built pages. The page listed 15 topics by
hand and left out dead ends, passing, the domino chance and the exact target."""

from __future__ import annotations

import html
import re

import pytest

from tests.docs.conftest import LANGUAGES, BuiltDocs
from tutor.questions.kinds import KINDS
from tutor.questions.topics import TOPICS
from tutor.scenarios import own_topics
from tutor.scenarios.texts import LIMITS
from tutor.sphinxext.contract import SECTION_ORDER, section_keys
from tutor.store.files import SCENARIO_LIMIT
from tutor.words.i18n import Speaker
from tutor.words.vocabulary import game_name, topic_description, topic_name


def text(fragment: str) -> str:
    """The words of an HTML fragment, one space between them (the page's typographic quotes
    and unbreakable hyphens read as the plain ones)."""
    words = html.unescape(re.sub(r"<[^>]+>", " ", fragment))
    words = words.replace("\u2011", "-").replace("\u2019", "'").translate(QUOTES)
    return " ".join(words.split())


QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2018": "'"})


def element(page: str, tag: str, cls: str) -> str:
    found = re.search(rf'<{tag} class="[^"]*\b{cls}\b[^"]*">(.*?)</{tag}>', page, re.S)
    assert found, f"no <{tag} class={cls}> on the page"
    return found.group(1)


def page_of(built_docs: BuiltDocs, language: str) -> str:
    return built_docs.page(language, "write-a-scenario").read_text("utf-8")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_topics_are_every_topic_of_the_code_by_its_quiz_name(
    built_docs: BuiltDocs, language: str
) -> None:
    sp = Speaker(language)
    listed = element(page_of(built_docs, language), "dl", "scenario-topics")
    keys = re.findall(r'<dt id="topic-key-([\w-]+)"', listed)
    assert keys == list(TOPICS)
    assert {"dead-ends", "passing", "domino-chance", "exact-target"} <= set(keys)
    terms = [text(term) for term in re.findall(r"<dt[^>]*>(.*?)</dt>", listed, re.S)]
    descriptions = [text(d) for d in re.findall(r"<dd>(.*?)</dd>", listed, re.S)]
    for key, term, description in zip(TOPICS, terms, descriptions, strict=True):
        assert term == f"{key} · {topic_name(key, sp)}"
        assert description.startswith(text(topic_description(key, sp)))
        if len(TOPICS[key].games) == 1:
            assert description.endswith(f"({game_name(TOPICS[key].games[0], sp)})")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_kinds_are_every_kind_of_the_code_with_its_parameters(
    built_docs: BuiltDocs, language: str
) -> None:
    listed = element(page_of(built_docs, language), "ul", "scenario-kinds")
    items = re.findall(r'<li id="kind-([\w-]+)">(.*?)</li>', listed, re.S)
    assert [ask for ask, _ in items] == list(KINDS)
    for ask, item in items:
        assert f'href="#ask-{ask}"' in item, f"{ask} does not link to its section"
        codes = re.findall(r'<span class="pre">([\w-]+)</span>', item)
        assert codes == [ask, *sorted(KINDS[ask].required), *sorted(KINDS[ask].optional)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_keys_are_every_key_the_reader_takes(built_docs: BuiltDocs, language: str) -> None:
    listed = element(page_of(built_docs, language), "ul", "scenario-keys")
    items = dict(re.findall(r'<li id="keys-([\w-]+)">(.*?)</li>', listed, re.S))
    assert list(items) == ["top", *SECTION_ORDER]
    for section, keys in section_keys().items():
        codes = re.findall(r'<span class="pre">([\w\[\]]+)</span>', items[section or "top"])
        assert codes == ([f"[{section}]"] if section else []) + sorted(keys)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_limits_are_the_codes(built_docs: BuiltDocs, language: str) -> None:
    page = page_of(built_docs, language)
    limits = [text(p) for p in re.findall(r'<p class="scenario-limits">(.*?)</p>', page, re.S)]
    assert len(limits) == 2
    scenario, topics = limits
    numbers = [LIMITS[key] for key in ("title", "story", "question.hint", "id", "seats")]
    found = [int(n) for n in re.findall(r"\d+", scenario)]
    assert found == [*numbers, SCENARIO_LIMIT, SCENARIO_LIMIT // 1024], scenario
    found = [int(n) for n in re.findall(r"\d+", topics)]
    assert found == [
        own_topics.KEY_LIMIT, own_topics.NAME_LIMIT, own_topics.ABOUT_LIMIT,
        own_topics.TOPICS_LIMIT // 1024,
    ], topics
    assert "{" not in scenario + topics
