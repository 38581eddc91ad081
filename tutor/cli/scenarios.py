"""The scenario commands: ``validate``, ``answer``, ``check`` and ``list``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from tutor.cli.common import (
    EXIT_BROKEN,
    EXIT_OK,
    EXIT_UNREADABLE,
    EXIT_WRONG,
    Command,
    error_text,
    speaker_for,
)


def _validate(args: argparse.Namespace) -> int:
    """``validate PATH...``: every problem on a line of its own, the worst exit code."""
    from tutor.questions.kinds import shows_topic, topics_of
    from tutor.scenarios.library import scenario_files
    from tutor.scenarios.mining.recipes import story_problem
    from tutor.scenarios.model import ScenarioError, answer_scenario, expected
    from tutor.scenarios.reader import load_scenario
    from tutor.terminal import clean, one_line

    sp = speaker_for(args.lang)
    worst = EXIT_OK
    counts = {"ok": 0, "broken": 0, "disagree": 0}
    files = list(scenario_files(args.paths))
    missing = [str(p) for p in files if not p.exists()]
    for gone in missing:
        print(clean(sp._("{path}: no such file or folder").format(path=one_line(gone))))
    if missing:
        return EXIT_BROKEN
    for path in files:
        try:
            scenario = load_scenario(path)
            result = answer_scenario(scenario)
        except ScenarioError as error:
            print(error_text(error, sp))
            counts["broken"] += 1
            worst = EXIT_BROKEN
            continue
        if scenario.question.has_expect and expected(scenario) != result.value:
            expect = _json_or_shown(scenario.question.expect)
            computed = _json_or_shown(result.value)
            line = scenario.line_of("question.expect")
            print(
                ScenarioError(
                    str(path), line, f"expect is {expect}, but the engine answers {computed}"
                )
            )
            counts["disagree"] += 1
            worst = max(worst, EXIT_WRONG)
            continue
        if problem := story_problem(scenario.story, result.facts):
            print(scenario.error("story", problem))
            counts["broken"] += 1
            worst = EXIT_BROKEN
            continue
        counts["ok"] += 1
        if not shows_topic(scenario.topic, scenario.position, scenario.question):
            shows = topics_of(scenario.position, scenario.question)
            line = scenario.line_of("topic")
            where = f"{one_line(scenario.path)}:{line}" if line else one_line(scenario.path)
            warning = sp._(
                "{where}: warning: the topic {topic} does not show in this position "
                "(it shows: {topics})"
            )
            topics = ", ".join(shows) or sp._("none")
            print(clean(warning.format(where=where, topic=repr(scenario.topic), topics=topics)))
    if not args.quiet:
        print(
            sp.ngettext(
                "{files} file: {ok} ok, {disagree} disagree, {broken} broken",
                "{files} files: {ok} ok, {disagree} disagree, {broken} broken",
                len(files),
            ).format(files=len(files), **counts),
            file=sys.stderr,
        )
    return worst


def _json_or_shown(value: Any) -> str:
    """A value as JSON; TOML dates as text; a number too long to print, in words."""
    from tutor.scenarios.model import shown

    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except ValueError:
        return shown(value)


def _answer(args: argparse.Namespace) -> int:
    """``answer FILE``: the engine's answer and its explanation (text or ``--json``)."""
    from tutor.scenarios.model import answer_scenario
    from tutor.scenarios.reader import load_scenario
    from tutor.terminal import clean
    from tutor.words.kinds import format_value
    from tutor.words.narrate import explain

    speaker = speaker_for(args.lang)
    scenario = load_scenario(args.file)
    result = answer_scenario(scenario)
    sentences = explain(result.facts, speaker)
    if args.json:
        payload = {
            "id": scenario.id,
            "ask": scenario.question.ask,
            "answer": result.value,
            "explanation": sentences,
        }
        print(json.dumps(payload, ensure_ascii=False, indent=2))
    else:
        print(clean(format_value(scenario.question.ask, result.value, speaker)))
        for sentence in sentences:
            print(f"  {clean(sentence)}")
    return EXIT_OK


def _check(args: argparse.Namespace) -> int:
    """``check FILE ANSWER``: the verdict as the quiz gives it; the exit code says which."""
    from tutor.scenarios.model import answer_scenario
    from tutor.scenarios.reader import load_scenario
    from tutor.terminal import clean
    from tutor.words.feedback import feedback_lines
    from tutor.words.judge import Verdict, judge
    from tutor.words.vocabulary import reply_words

    speaker = speaker_for(args.lang)
    scenario = load_scenario(args.file)
    p, q = scenario.position, scenario.question
    judgement = judge(p, q, answer_scenario(scenario), args.reply, reply_words(speaker))
    for line in feedback_lines(p, q, judgement, speaker):
        print(clean(line))
    return {
        Verdict.RIGHT: EXIT_OK,
        Verdict.WRONG: EXIT_WRONG,
        Verdict.UNREADABLE: EXIT_UNREADABLE,
    }[judgement.verdict]


def _list(args: argparse.Namespace) -> int:
    """``list``: the scenarios (id, topic, level, title) and a count per topic."""
    from collections import Counter

    from tutor.scenarios.library import default_library, load_library
    from tutor.terminal import clean, one_line
    from tutor.words.vocabulary import topic_and_name, topic_name

    sp = speaker_for(args.lang)
    scenarios, errors = load_library(args.paths or [default_library()])
    for error in errors:
        print(error_text(error, sp), file=sys.stderr)
    chosen = [s for s in scenarios if args.topic in (None, s.topic)]
    if args.topic and not chosen:
        topics = ", ".join(topic_and_name(t, sp) for t in sorted({s.topic for s in scenarios}))
        print(
            sp._("domino-tutor: no scenario has the topic {topic} (topics: {topics})").format(
                topic=one_line(repr(args.topic)), topics=clean(topics)
            ),
            file=sys.stderr,
        )
        return EXIT_BROKEN
    width = max((len(one_line(s.id)) for s in chosen), default=2)
    topic_width = max((len(one_line(s.topic)) for s in chosen), default=5)
    for s in sorted(chosen, key=lambda s: (s.topic, s.level, s.id)):
        ident, topic, title = one_line(s.id), one_line(s.topic), one_line(sp._(s.title))
        print(f"{ident:<{width}}  {topic:<{topic_width}}  {s.level}  {title}")
    print()
    for topic, count in sorted(Counter(s.topic for s in chosen).items()):
        print(f"{one_line(topic):<{topic_width}}  {count}  {clean(topic_name(topic, sp))}")
    total = sp._("total")
    print(f"{total:<{topic_width}}  {len(chosen)}")
    return EXIT_BROKEN if errors else EXIT_OK


COMMANDS: dict[str, Command] = {
    "validate": _validate,
    "answer": _answer,
    "check": _check,
    "list": _list,
}
