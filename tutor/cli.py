"""The ``domino-tutor`` command line.

Heavy modules are imported inside each command so that start-up stays light.
Exit codes: 0 all good; 1 a wrong answer or an ``expect`` that disagrees with
the engine; 2 a broken scenario file or a usage error; 3 a reply that could not
be read (``check``); 130 interrupted.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from collections.abc import Mapping, Sequence
from typing import IO, TYPE_CHECKING, Any

from tutor import __version__

if TYPE_CHECKING:
    from tutor.i18n import Speaker

EXIT_OK, EXIT_WRONG, EXIT_BROKEN, EXIT_UNREADABLE = 0, 1, 2, 3

DESCRIPTION = """\
A rules reference and tutor for Caribbean dominoes: Cutthroat ("six-love")
and Fives & Threes, in English, German and Papiamentu.
"""

EPILOG = """\
examples:
  domino-tutor validate scenarios/
  domino-tutor answer scenarios/key-cards/last-three-last-four.toml --json
  domino-tutor check scenarios/key-cards/last-three-last-four.toml 2
  domino-tutor list --topic hard-ends
  domino-tutor generate --topic key-cards --count 20 --seed 7 --out generated/

The language comes from --lang, else LANGUAGE, LC_ALL, LC_MESSAGES, LANG (en, de, pap).
"""


def _speaker(requested: str | None) -> Speaker:
    from tutor.i18n import Speaker, choose_language

    language, unknown = choose_language(requested, os.environ)
    if unknown:
        print(
            f"domino-tutor: no catalog for language {unknown!r}; speaking English "
            "(available: en, de, pap)",
            file=sys.stderr,
        )
    return Speaker(language)


def _add_lang(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang", metavar="LANG", help="language of the texts: en, de or pap (default: from LANG)"
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="domino-tutor",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"domino-tutor {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    validate = sub.add_parser(
        "validate",
        help="check scenario files: legal positions, computed answers, expect agrees",
        description="Check scenario files and folders. Prints one line per problem "
        "(path:line: sentence) and per warning (a topic the position does not show). "
        "Exit 0 all good (warnings too), 1 an expect disagrees, 2 a file is broken.",
    )
    validate.add_argument("paths", nargs="+", metavar="PATH", help="scenario files or folders")
    validate.add_argument("-q", "--quiet", action="store_true", help="no summary line")

    answer = sub.add_parser(
        "answer",
        help="print the engine's answer to a scenario's question",
        description="Compute the answer to a scenario's question, with its explanation.",
    )
    answer.add_argument("file", metavar="FILE", help="a scenario file")
    answer.add_argument(
        "--json", action="store_true", help="print JSON (id, ask, answer, explanation)"
    )
    _add_lang(answer)

    check = sub.add_parser(
        "check",
        help="judge an answer as the quiz would",
        description="Judge ANSWER to the scenario's question as the quiz would. "
        "Exit 0 right, 1 wrong, 2 broken file, 3 the answer could not be read.",
    )
    check.add_argument("file", metavar="FILE", help="a scenario file")
    check.add_argument("reply", metavar="ANSWER", help="the learner's answer, e.g. '4-3 left'")
    _add_lang(check)

    quiz = sub.add_parser(
        "quiz",
        help="the interactive rules quiz",
        description="Answer questions about positions drawn on screen; every answer is checked "
        "and explained by the rules engine. F2 hint, F3 skip (or type ? and !), Ctrl-D quit. "
        "Progress is kept in $XDG_DATA_HOME/domino-tutor.",
    )
    quiz.add_argument("--topic", help="only this topic (see 'domino-tutor list')")
    quiz.add_argument(
        "--level", type=int, choices=range(1, 6), metavar="1-5", help="only this level"
    )
    quiz.add_argument("--game", choices=["cutthroat", "fives-and-threes"], help="only this game")
    quiz.add_argument("--count", type=int, default=10, metavar="N", help="questions (default 10)")
    quiz.add_argument("--seed", type=int, help="the same seed asks the same questions")
    quiz.add_argument("--ascii", action="store_true", help="draw tiles with plain ASCII")
    quiz.add_argument(
        "--plain",
        action="store_true",
        help="plain text, replies line by line (scripts, screen readers)",
    )
    quiz.add_argument(
        "--scenarios", action="append", metavar="PATH", help="use these scenario files"
    )
    _add_lang(quiz)

    progress = sub.add_parser(
        "progress",
        help="your accuracy per topic",
        description="Show how many questions you answered right, per topic.",
    )
    _add_lang(progress)

    learn = sub.add_parser(
        "learn",
        help="a guided path for new players: short rule steps, each with easy questions",
        description="Walk through the rules step by step; each step ends with a few easy "
        "questions. Where you stopped is remembered.",
    )
    learn.add_argument(
        "--game",
        choices=["cutthroat", "fives-and-threes"],
        default="cutthroat",
        help="which game to learn (default: cutthroat)",
    )
    learn.add_argument("--ascii", action="store_true", help="draw tiles with plain ASCII")
    learn.add_argument("--plain", action="store_true", help="plain text, replies line by line")
    _add_lang(learn)

    rules = sub.add_parser(
        "rules",
        help="a concise summary of the rules",
        description="Print a short summary of the rules in your language.",
    )
    rules.add_argument(
        "game",
        nargs="?",
        choices=["cutthroat", "fives-and-threes"],
        help="one game (default: both)",
    )
    _add_lang(rules)

    glossary = sub.add_parser(
        "glossary",
        help="domino words in English, German and Papiamentu, with definitions",
        description="Show the glossary: every domino term in English, German and Papiamentu "
        "with a one-line definition, in your language. A Papiamentu word marked * is our "
        "proposal; the others are used in the Papiamentu source text.",
    )
    glossary.add_argument(
        "term", nargs="?", metavar="TERM", help="one term, in any of the languages (e.g. 'pose')"
    )
    _add_lang(glossary)

    listing = sub.add_parser(
        "list",
        help="list the scenarios of the library (id, topic, level, title)",
        description="List scenarios with a count per topic.",
    )
    listing.add_argument("--topic", help="only this topic")
    listing.add_argument("paths", nargs="*", metavar="PATH", help="folders (default: the library)")

    generate = sub.add_parser(
        "generate",
        help="mine new scenarios from simulated games",
        description="Simulate games with the engine, stop at positions that show the topic and "
        "write scenario files to DIR/TOPIC/, with expect computed by the engine. The same seed "
        "gives the same files. Topics: key-cards, hard-ends, blocked-boards, legal-plays, "
        "fives-and-threes-scoring, six-love.",
    )
    generate.add_argument("--topic", required=True, help="the topic to mine (see above)")
    generate.add_argument(
        "--count", type=int, default=20, metavar="N", help="scenarios to write (default 20)"
    )
    generate.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    generate.add_argument("--out", required=True, metavar="DIR", help="folder to write into")
    generate.add_argument("-q", "--quiet", action="store_true", help="no progress bar, no summary")
    return parser


def _validate(args: argparse.Namespace) -> int:
    from tutor.library import scenario_files
    from tutor.scenarios import ScenarioError, answer_scenario, expected, load_scenario
    from tutor.topics import shows_topic, topics_of

    worst = EXIT_OK
    counts = {"ok": 0, "broken": 0, "disagree": 0}
    files = list(scenario_files(args.paths))
    missing = [str(p) for p in files if not p.exists()]
    for name in missing:
        print(f"{name}: no such file or folder")
    if missing:
        return EXIT_BROKEN
    for path in files:
        try:
            scenario = load_scenario(path)
            result = answer_scenario(scenario)
        except ScenarioError as error:
            print(error)
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
        counts["ok"] += 1
        if not shows_topic(scenario.topic, scenario.position, scenario.question):
            shows = topics_of(scenario.position, scenario.question)
            line = scenario.line_of("topic")
            where = f"{scenario.path}:{line}" if line else scenario.path
            print(
                f"{where}: warning: the topic {scenario.topic!r} does not show "
                f"in this position (it shows: {', '.join(shows) or 'none'})"
            )
    if not args.quiet:
        print(
            f"{len(files)} files: {counts['ok']} ok, {counts['disagree']} disagree, "
            f"{counts['broken']} broken",
            file=sys.stderr,
        )
    return worst


def _json_or_shown(value: Any) -> str:
    """A value as JSON; TOML dates as text; a number too long to print, in words."""
    from tutor.scenarios import shown

    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except ValueError:
        return shown(value)


def _answer(args: argparse.Namespace) -> int:
    from tutor.narrate import explain
    from tutor.scenarios import answer_scenario, load_scenario
    from tutor.vocabulary import format_answer

    speaker = _speaker(args.lang)
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
        print(format_answer(result.value, speaker))
        for sentence in sentences:
            print(f"  {sentence}")
    return EXIT_OK


def _check(args: argparse.Namespace) -> int:
    from tutor.feedback import feedback_lines
    from tutor.judge import Verdict, judge
    from tutor.scenarios import load_scenario
    from tutor.vocabulary import reply_words

    speaker = _speaker(args.lang)
    scenario = load_scenario(args.file)
    judgement = judge(scenario, args.reply, reply_words(speaker))
    for line in feedback_lines(scenario, judgement, speaker):
        print(line)
    return {
        Verdict.RIGHT: EXIT_OK,
        Verdict.WRONG: EXIT_WRONG,
        Verdict.UNREADABLE: EXIT_UNREADABLE,
    }[judgement.verdict]


def _list(args: argparse.Namespace) -> int:
    from collections import Counter

    from tutor.library import default_library, load_library

    scenarios, errors = load_library(args.paths or [default_library()])
    for error in errors:
        print(error, file=sys.stderr)
    chosen = [s for s in scenarios if args.topic in (None, s.topic)]
    if args.topic and not chosen:
        topics = ", ".join(sorted({s.topic for s in scenarios}))
        print(
            f"domino-tutor: no scenario has the topic {args.topic!r} (topics: {topics})",
            file=sys.stderr,
        )
        return EXIT_BROKEN
    width = max((len(s.id) for s in chosen), default=2)
    topic_width = max((len(s.topic) for s in chosen), default=5)
    for s in sorted(chosen, key=lambda s: (s.topic, s.level, s.id)):
        print(f"{s.id:<{width}}  {s.topic:<{topic_width}}  {s.level}  {s.title}")
    print()
    for topic, count in sorted(Counter(s.topic for s in chosen).items()):
        print(f"{topic:<{topic_width}}  {count}")
    print(f"{'total':<{topic_width}}  {len(chosen)}")
    return EXIT_BROKEN if errors else EXIT_OK


def _quiz(args: argparse.Namespace) -> int:
    from tutor.quiz.app import QuizOptions, run

    if args.count < 1:
        print("domino-tutor: --count must be 1 or more", file=sys.stderr)
        return EXIT_BROKEN
    options = QuizOptions(
        topic=args.topic,
        level=args.level,
        game=args.game,
        count=args.count,
        seed=args.seed,
        ascii=args.ascii,
        plain=args.plain,
        paths=args.scenarios or (),
    )
    return run(options, _speaker(args.lang))


def _progress(args: argparse.Namespace) -> int:
    from tutor.quiz.app import open_store

    sp = _speaker(args.lang)
    store = open_store(sys.stderr, sp)
    table = store.accuracy_by_topic()
    if not table:
        print(sp._("No answers yet. Start with: domino-tutor quiz"))
        return EXIT_OK
    width = max(len(topic) for topic in table)
    for topic, (right, total) in table.items():
        percent = round(100 * right / total) if total else 0
        print(
            sp._("{topic}: {right} of {total} right ({percent}%)").format(
                topic=topic.ljust(width), right=right, total=total, percent=percent
            )
        )
    return EXIT_OK


def _learn(args: argparse.Namespace) -> int:
    from tutor.quiz.app import QuizOptions, run_learn

    options = QuizOptions(ascii=args.ascii, plain=args.plain)
    return run_learn(args.game, _speaker(args.lang), options=options)


def _rules(args: argparse.Namespace) -> int:
    import textwrap

    from tutor.lessons import SUMMARY

    sp = _speaker(args.lang)
    width = min(shutil.get_terminal_size().columns, 88) - 2
    for game in [args.game] if args.game else list(SUMMARY):
        title, paragraphs = SUMMARY[game]
        print(sp._(title))
        print("=" * len(sp._(title)))
        for paragraph in paragraphs:
            print(
                textwrap.fill(
                    sp._(paragraph), width=width, initial_indent="- ", subsequent_indent="  "
                )
            )
        print()
    print(
        sp._(
            "The full rules reference, with drawn positions: build it with 'make docs' and open "
            "docs/_build/html/{lang}/index.html."
        ).format(lang=sp.language)
    )
    return EXIT_OK


def _glossary(args: argparse.Namespace) -> int:
    import textwrap

    from tutor.glossary import entry_lines, find, load_glossary, sorted_terms

    sp = _speaker(args.lang)
    terms = load_glossary()
    if args.term:
        chosen = find(terms, args.term)
        if not chosen:
            print(
                f"domino-tutor: no glossary entry for {args.term!r} "
                "(see the whole list with: domino-tutor glossary)",
                file=sys.stderr,
            )
            return EXIT_BROKEN
    else:
        chosen = sorted_terms(terms, sp.language)
        title = sp._("Domino words in English, German and Papiamentu")
        print(title)
        print("=" * len(title))
    width = min(shutil.get_terminal_size().columns, 88) - 2
    for term in chosen:
        head, definition = entry_lines(term, sp.language)
        print(head)
        print(
            textwrap.fill(
                definition.strip(), width=width, initial_indent="  ", subsequent_indent="  "
            )
        )
    if any(term.pap_source == "proposed" for term in chosen):
        print()
        print(sp._("* a Papiamentu word we propose; no source text attests it yet."))
    return EXIT_OK


def _generate(args: argparse.Namespace) -> int:
    from tutor.generate import RECIPES, GenerationError, generate, write_scenarios

    if args.topic not in RECIPES:
        print(
            f"domino-tutor: no generator for the topic {args.topic!r} "
            f"(topics: {', '.join(RECIPES)})",
            file=sys.stderr,
        )
        return EXIT_BROKEN
    if args.count < 1:
        print(f"domino-tutor: --count must be 1 or more, not {args.count}", file=sys.stderr)
        return EXIT_BROKEN
    progress = None if args.quiet else Progress(args.count, args.topic)
    try:
        made = generate(args.topic, args.count, args.seed, on_progress=progress)
        paths = write_scenarios(made, args.out)
    except (GenerationError, OSError) as error:
        message = f"domino-tutor: {error}"
        if progress is not None:
            progress.finish(message)
        else:
            print(message, file=sys.stderr)
        return EXIT_WRONG if isinstance(error, GenerationError) else EXIT_BROKEN
    if progress is not None:
        folder = os.path.join(args.out, args.topic)
        progress.finish(f"{len(paths)} {args.topic} scenarios written to {folder}")
    return EXIT_OK


class Progress:
    """A one-line text progress bar for a terminal; a single summary line otherwise.

    Colour only on a terminal and only when ``NO_COLOR`` is not set.

    >>> import io
    >>> stream = io.StringIO()
    >>> bar = Progress(4, "key-cards", stream, environ={})
    >>> bar(1); bar(4); bar.finish("4 files written")
    >>> stream.getvalue()
    '4 files written\\n'
    """

    WIDTH = 24

    def __init__(
        self,
        total: int,
        label: str,
        stream: IO[str] | None = None,
        *,
        environ: Mapping[str, str] | None = None,
    ) -> None:
        self.total, self.label = total, label
        self.stream = stream if stream is not None else sys.stderr
        environ = os.environ if environ is None else environ
        isatty = getattr(self.stream, "isatty", None)
        self.live = bool(isatty and isatty()) and environ.get("TERM") != "dumb"
        self.color = self.live and not environ.get("NO_COLOR")
        self.shown = -1

    def bar(self, done: int) -> str:
        """The bar's text for ``done`` of ``total``.

        >>> Progress(4, "key-cards", environ={}).bar(1)
        'key-cards [######------------------] 1/4'
        """
        filled = self.WIDTH * done // self.total if self.total else self.WIDTH
        full, empty = "#" * filled, "-" * (self.WIDTH - filled)
        if self.color:
            full = f"\033[32m{full}\033[0m"
        return f"{self.label} [{full}{empty}] {done}/{self.total}"

    def __call__(self, done: int) -> None:
        if self.live and done != self.shown:
            self.shown = done
            self.stream.write("\r" + self.bar(done))
            self.stream.flush()

    def finish(self, message: str) -> None:
        """Replace the bar with a last line."""
        if self.live:
            self.stream.write("\r\033[K")
        self.stream.write(message + "\n")
        self.stream.flush()


COMMANDS = {
    "learn": _learn,
    "rules": _rules,
    "glossary": _glossary,
    "quiz": _quiz,
    "progress": _progress,
    "validate": _validate,
    "answer": _answer,
    "check": _check,
    "list": _list,
    "generate": _generate,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_OK
    from tutor.scenarios import ScenarioError

    try:
        return COMMANDS[args.command](args)
    except ScenarioError as error:
        print(error, file=sys.stderr)
        return EXIT_BROKEN
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
