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
from collections.abc import Callable, Mapping, Sequence
from typing import IO, TYPE_CHECKING, Any

from tutor import __version__

if TYPE_CHECKING:
    from tutor.scenarios.reader import ScenarioError
    from tutor.words.i18n import Speaker

EXIT_OK, EXIT_WRONG, EXIT_BROKEN, EXIT_UNREADABLE = 0, 1, 2, 3


def N_(message: str) -> str:
    """Mark a text for the catalogs (``tutor.words.i18n.N_``, here for a light start)."""
    return message


GENERATOR_TOPICS = (
    "key-cards",
    "hard-ends",
    "blocked-boards",
    "legal-plays",
    "fives-and-threes-scoring",
    "six-love",
    "only-winning-play",
    "block-to-win",
    "keep-the-hard-end",
    "set-up-the-key",
    "target-exactly",
    "deny-the-score",
    "play-the-odds",
    "score-the-odds",
)
"""The topics ``generate`` can mine: ``tutor.scenarios.mining.miner.RECIPES``, named here for a
light start."""

DESCRIPTION = N_("""\
A rules reference and tutor for Caribbean dominoes: Cutthroat ("six-love")
and Fives & Threes, in English, German and Papiamentu.
""")

EPILOG = N_("""\
examples:
  domino-tutor validate scenarios/
  domino-tutor answer scenarios/key-cards/last-three-last-four.toml --json
  domino-tutor check scenarios/key-cards/last-three-last-four.toml 2
  domino-tutor list --topic hard-ends
  domino-tutor generate --topic key-cards --count 20 --seed 7 --out generated/

The language comes from --lang, else LANGUAGE, LC_ALL, LC_MESSAGES, LANG (en, de, pap).
""")


def _speaker(requested: str | None) -> Speaker:
    from tutor.words.i18n import Speaker, choose_language

    language, unknown = choose_language(requested, os.environ)
    if unknown:
        print(
            f"domino-tutor: no catalog for language {unknown!r}; speaking English "
            "(available: en, de, pap)",
            file=sys.stderr,
        )
    return Speaker(language)


def _source(text: str) -> str:
    return text


def _add_lang(
    parser: argparse.ArgumentParser, _: Callable[[str], str] = _source, *, before: bool = False
) -> None:
    """``--lang``, before the sub-command or after it; after it, only a value given counts."""
    parser.add_argument(
        "--lang",
        metavar="LANG",
        default=None if before else argparse.SUPPRESS,
        help=_("language of the texts: en, de or pap (default: from LANG)"),
    )


def requested_language(argv: Sequence[str]) -> str | None:
    """The last ``--lang`` value among the arguments (before a ``--``), if any.

    >>> requested_language(["--lang", "de", "quiz"]), requested_language(["quiz", "--lang=pap"])
    ('de', 'pap')
    >>> requested_language(["rules"]) is None
    True
    """
    found = None
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and index + 1 < len(argv):
            found = argv[index + 1]
        elif arg.startswith("--lang="):
            found = arg.split("=", 1)[1]
    return found


class _Formatter(argparse.HelpFormatter):
    """argparse's help, wrapped between words only (never at a hyphen, never inside a word)."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        import textwrap

        text = " ".join(text.split())
        return textwrap.wrap(text, width, break_on_hyphens=False, break_long_words=False)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in self._split_lines(text, width - len(indent)))


def shell_wrap(line: str, width: int) -> list[str]:
    r"""An example command in rows of at most ``width`` (a single word longer than that
    excepted): split between words, every row but the last ending in `` \`` so that the
    shell still reads one command, the rows after the first indented four more.

    >>> shell_wrap("  domino-tutor check scenarios/key-cards/last-three.toml 2", 30)
    ['  domino-tutor check \\', '      scenarios/key-cards/last-three.toml \\', '      2']
    >>> shell_wrap("  domino-tutor list", 30)
    ['  domino-tutor list']
    """
    if len(line) <= width:
        return [line]
    lead = line[: len(line) - len(line.lstrip())]
    words = line.split()
    rows: list[str] = []
    row = lead + words[0]
    for word in words[1:]:
        if len(row) + len(word) + 3 > width:  # the word, its space and " \\" to come
            rows.append(row + " \\")
            row = f"{lead}    {word}"
        else:
            row += " " + word
    return [*rows, row]


class _MainFormatter(_Formatter):
    r"""The main help keeps its examples (indented lines) as written, split between words
    into shell continuation lines where the terminal is narrower; its sentences are wrapped
    between words to the terminal's width.

    >>> f = _MainFormatter("domino-tutor")
    >>> print(f._fill_text("examples:\n  a b c\n\nOne two three four.", 12, ""))
    examples:
      a b c
    <BLANKLINE>
    One two
    three four.
    """

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        paragraphs = []
        for paragraph in text.strip("\n").split("\n\n"):
            lines = paragraph.splitlines()
            if any(line.startswith(" ") for line in lines):
                rows = [row for line in lines for row in shell_wrap(line, width - len(indent))]
                paragraphs.append("\n".join(indent + row for row in rows))
            else:
                paragraphs.append(super()._fill_text(paragraph, width, indent))
        return "\n\n".join(paragraphs)


class _Parser(argparse.ArgumentParser):
    """A sub-command's parser, with the help wrapped between words."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)


def build_parser(sp: Speaker | None = None) -> argparse.ArgumentParser:
    """The argument parser with every subcommand, its texts in the speaker's language."""
    _ = sp._ if sp is not None else _source
    parser = argparse.ArgumentParser(
        prog="domino-tutor",
        description=_(DESCRIPTION),
        epilog=_(EPILOG),
        formatter_class=_MainFormatter,
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"domino-tutor {__version__}",
        help=_("show the version and exit"),
    )
    _add_lang(parser, _, before=True)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    validate = sub.add_parser(
        "validate",
        help=_("check scenario files: legal positions, computed answers, expect agrees"),
        description=_(
            "Check scenario files and folders. Prints one line per problem "
            "(path:line: sentence) and per warning (a topic the position does not show). "
            "Exit 0 all good (warnings too), 1 an expect disagrees, 2 a file is broken."
        ),
    )
    validate.add_argument("paths", nargs="+", metavar="PATH", help=_("scenario files or folders"))
    validate.add_argument("-q", "--quiet", action="store_true", help=_("no summary line"))
    _add_lang(validate, _)

    answer = sub.add_parser(
        "answer",
        help=_("print the engine's answer to a scenario's question"),
        description=_("Compute the answer to a scenario's question, with its explanation."),
    )
    answer.add_argument("file", metavar="FILE", help=_("a scenario file"))
    answer.add_argument(
        "--json", action="store_true", help=_("print JSON (id, ask, answer, explanation)")
    )
    _add_lang(answer, _)

    check = sub.add_parser(
        "check",
        help=_("judge an answer as the quiz would"),
        description=_(
            "Judge ANSWER to the scenario's question as the quiz would. "
            "Exit 0 right, 1 wrong, 2 broken file, 3 the answer could not be read."
        ),
    )
    check.add_argument("file", metavar="FILE", help=_("a scenario file"))
    check.add_argument("reply", metavar="ANSWER", help=_("the learner's answer, like: 4-3 left"))
    _add_lang(check, _)

    quiz = sub.add_parser(
        "quiz",
        help=_("the interactive rules quiz"),
        description=_(
            "Answer questions about positions drawn on screen; every answer is checked "
            "and explained by the rules engine. F2 hint, F3 skip (or type ? and !), Ctrl-D quit. "
            "Progress is kept in $XDG_DATA_HOME/domino-tutor."
        ),
    )
    quiz.add_argument("--topic", help=_("only this topic (see 'domino-tutor list')"))
    quiz.add_argument(
        "--level", type=int, choices=range(1, 6), metavar="1-5", help=_("only this level")
    )
    quiz.add_argument("--game", choices=["cutthroat", "fives-and-threes"], help=_("only this game"))
    quiz.add_argument(
        "--count", type=int, default=10, metavar="N", help=_("questions (default 10)")
    )
    quiz.add_argument("--seed", type=int, help=_("the same seed asks the same questions"))
    quiz.add_argument("--ascii", action="store_true", help=_("draw tiles with plain ASCII"))
    quiz.add_argument(
        "--plain",
        action="store_true",
        help=_("plain text, replies line by line (scripts, screen readers)"),
    )
    quiz.add_argument(
        "--scenarios", action="append", metavar="PATH", help=_("use these scenario files")
    )
    quiz.add_argument(
        "--mine", action="store_true", help=_("ask the puzzles made from your own games' mistakes")
    )
    _add_lang(quiz, _)

    play = sub.add_parser(
        "play",
        help=_("a practice game against the computer, with a coach"),
        description=_("Play a Cutthroat set to six-love or a Fives & Threes match against "
        "computer players; the coach grades your plays on what you could know. Every game is kept "
        "in your data folder ($XDG_DATA_HOME/domino-tutor; 'domino-tutor review' lists them); "
        "mistakes become puzzles for 'quiz --mine'."),
    )
    play.add_argument(
        "--game", choices=["cutthroat", "fives-and-threes"], default="cutthroat",
        help=_("the game (default cutthroat)"),
    )
    play.add_argument(
        "--players", type=int, choices=(2, 3, 4), default=4, metavar="2-4",
        help=_("players at a Cutthroat table, you included (default 4)"),
    )
    play.add_argument(
        "--level", type=int, choices=range(1, 6), default=3, metavar="1-5",
        help=_("strength of the computer players (default 3)"),
    )
    play.add_argument("--seed", type=int, help=_("the same seed deals the same game"))
    play.add_argument(
        "--coach", choices=["live", "after", "off"], default="live",
        help=_("grade each play as you make it, after each hand, or not at all (default live)"),
    )
    play.add_argument(
        "--plain",
        action="store_true",
        help=_("plain text, replies line by line (scripts, screen readers)"),
    )
    play.add_argument("--record", metavar="FILE", help=_("also write the game record to FILE"))
    from tutor.play import MAX_PACE, PACE  # two numbers (the package imports nothing)

    pace = play.add_mutually_exclusive_group()

    def seconds(text: str) -> float:
        try:
            value = float(text.replace(",", "."))  # 0,5 as well, as German writes it
        except ValueError:
            value = -1.0
        if not 0.0 <= value <= MAX_PACE:  # also refuses nan
            raise argparse.ArgumentTypeError(
                _("give the seconds as a number from 0 to {most}, like 0.5").format(
                    most=f"{MAX_PACE:g}"
                )
            )
        return value

    pace.add_argument(
        "--pace", type=seconds, default=PACE, metavar=_("SECONDS"),
        help=_("seconds between the computer players' plays (default {pace})").format(
            pace=f"{PACE:g}"
        ),
    )
    pace.add_argument(
        "--fast", action="store_true", help=_("show computer plays at once (like --pace 0)")
    )
    play.add_argument("--ascii", action="store_true", help=_("draw tiles with plain ASCII"))
    play.add_argument(
        "--resume", action="store_true", help=_("go on with the last unfinished game")
    )
    play.add_argument(
        "--replay", metavar=_("GAME"),
        help=_("step through a saved game (its ID, see 'domino-tutor review') or a record file"),
    )
    play.add_argument(
        "--boneyard", action="store_true",
        help=_("2-player Cutthroat: 7 tiles each and a boneyard to draw from"),
    )
    play.add_argument(
        "--tied-block", choices=["carry", "void"], default="carry",
        help=_("a tied block makes the next game worth one more (carry) or not (void)"),
    )
    _add_lang(play, _)

    review = sub.add_parser(
        "review",
        help=_("your saved games, and the review of one"),
        description=_("Without GAME: the list of your saved games, the newest first, with their "
        "IDs. With GAME: the hands, the coach's grades and the accuracy of that game."),
    )
    review.add_argument(
        "game", nargs="?", metavar=_("GAME"),
        help=_("a saved game's ID (its first letters are enough) or a game record file (JSON)"),
    )
    review.add_argument(
        "--export", metavar="FILE", help=_("also write the game's record to FILE (JSON)")
    )
    _add_lang(review, _)

    progress = sub.add_parser(
        "progress",
        help=_("your accuracy per topic"),
        description=_("Show how many questions you answered right, per topic, your rating per "
        "game and topic, and its course over recent days of practice."),
    )
    progress.add_argument(
        "--report",
        metavar="FILE",
        help=_("also write a report with plots to FILE: an HTML page, or an SVG drawing when "
        "FILE ends in .svg"),
    )
    progress.add_argument(
        "--days",
        type=int,
        default=14,
        metavar="N",
        help=_("how many recent days of practice the charts show (default: %(default)s)"),
    )
    _add_lang(progress, _)

    learn = sub.add_parser(
        "learn",
        help=_("a guided path for new players: short rule steps, each with easy questions"),
        description=_(
            "Walk through the rules step by step; each step ends with a few easy "
            "questions. Where you stopped is remembered."
        ),
    )
    learn.add_argument(
        "--game",
        choices=["cutthroat", "fives-and-threes"],
        default="cutthroat",
        help=_("which game to learn (default: cutthroat)"),
    )
    learn.add_argument("--ascii", action="store_true", help=_("draw tiles with plain ASCII"))
    learn.add_argument("--plain", action="store_true", help=_("plain text, replies line by line"))
    learn.add_argument(
        "--restart", action="store_true", help=_("walk the path again from its first step")
    )
    _add_lang(learn, _)

    rules = sub.add_parser(
        "rules",
        help=_("a concise summary of the rules"),
        description=_("Print a short summary of the rules in your language."),
    )
    rules.add_argument(
        "game",
        nargs="?",
        choices=["cutthroat", "fives-and-threes"],
        help=_("one game (default: both)"),
    )
    _add_lang(rules, _)

    glossary = sub.add_parser(
        "glossary",
        help=_("domino words in English, German and Papiamentu, with definitions"),
        description=_(
            "Show the glossary: every domino term in English, German and Papiamentu "
            "with a one-line definition, in your language. A Papiamentu word marked * is our "
            "proposal; the others are used in the Papiamentu source text."
        ),
    )
    glossary.add_argument(
        "term", nargs="?", metavar="TERM", help=_("one term, in any of the languages, like: pose")
    )
    _add_lang(glossary, _)

    listing = sub.add_parser(
        "list",
        help=_("list the scenarios of the library (id, topic, level, title)"),
        description=_("List scenarios with a count per topic."),
    )
    listing.add_argument("--topic", help=_("only this topic"))
    listing.add_argument(
        "paths", nargs="*", metavar="PATH", help=_("folders (default: the library)")
    )
    _add_lang(listing, _)

    generate = sub.add_parser(
        "generate",
        help=_("mine new scenarios from simulated games"),
        description=_(
            "Simulate games with the engine, stop at positions that show the topic and "
            "write scenario files to DIR/TOPIC/, with expect computed by the engine. The same "
            "seed gives the same files. Topics: {topics}."
        ).format(topics=", ".join(GENERATOR_TOPICS)),
    )
    generate.add_argument("--topic", required=True, help=_("the topic to mine (see above)"))
    generate.add_argument(
        "--count", type=int, default=20, metavar="N", help=_("scenarios to write (default 20)")
    )
    generate.add_argument("--seed", type=int, default=0, help=_("random seed (default 0)"))
    generate.add_argument(
        "--jobs",
        type=int,
        default=None,
        metavar="K",
        help=_("processes to mine with (default: all cores); the files do not depend on it"),
    )
    generate.add_argument(
        "--dask",
        metavar="ADDRESS",
        help=_("mine on a Dask cluster at ADDRESS (needs the 'scale' extra)"),
    )
    generate.add_argument("--out", required=True, metavar="DIR", help=_("folder to write into"))
    generate.add_argument(
        "-q", "--quiet", action="store_true", help=_("no progress bar, no summary")
    )
    _add_lang(generate, _)
    return parser


def _validate(args: argparse.Namespace) -> int:
    from tutor.questions.kinds import shows_topic, topics_of
    from tutor.scenarios.library import scenario_files
    from tutor.scenarios.reader import ScenarioError, answer_scenario, expected, load_scenario
    from tutor.terminal import clean

    sp = _speaker(args.lang)
    worst = EXIT_OK
    counts = {"ok": 0, "broken": 0, "disagree": 0}
    files = list(scenario_files(args.paths))
    missing = [str(p) for p in files if not p.exists()]
    for gone in missing:
        print(clean(sp._("{path}: no such file or folder").format(path=gone)))
    if missing:
        return EXIT_BROKEN
    for path in files:
        try:
            scenario = load_scenario(path)
            result = answer_scenario(scenario)
        except ScenarioError as error:
            print(_error_text(error, sp))
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
    from tutor.scenarios.reader import shown

    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except ValueError:
        return shown(value)


def _answer(args: argparse.Namespace) -> int:
    from tutor.scenarios.reader import answer_scenario, load_scenario
    from tutor.words.kinds import format_value
    from tutor.words.narrate import explain

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
        print(format_value(scenario.question.ask, result.value, speaker))
        for sentence in sentences:
            print(f"  {sentence}")
    return EXIT_OK


def _check(args: argparse.Namespace) -> int:
    from tutor.scenarios.reader import answer_scenario, load_scenario
    from tutor.words.feedback import feedback_lines
    from tutor.words.judge import Verdict, judge
    from tutor.words.vocabulary import reply_words

    speaker = _speaker(args.lang)
    scenario = load_scenario(args.file)
    p, q = scenario.position, scenario.question
    judgement = judge(p, q, answer_scenario(scenario), args.reply, reply_words(speaker))
    for line in feedback_lines(p, q, judgement, speaker):
        print(line)
    return {
        Verdict.RIGHT: EXIT_OK,
        Verdict.WRONG: EXIT_WRONG,
        Verdict.UNREADABLE: EXIT_UNREADABLE,
    }[judgement.verdict]


def _list(args: argparse.Namespace) -> int:
    from collections import Counter

    from tutor.scenarios.library import default_library, load_library
    from tutor.terminal import clean
    from tutor.words.vocabulary import topic_and_name, topic_name

    sp = _speaker(args.lang)
    scenarios, errors = load_library(args.paths or [default_library()])
    for error in errors:
        print(_error_text(error, sp), file=sys.stderr)
    chosen = [s for s in scenarios if args.topic in (None, s.topic)]
    if args.topic and not chosen:
        topics = ", ".join(topic_and_name(t, sp) for t in sorted({s.topic for s in scenarios}))
        print(
            sp._("domino-tutor: no scenario has the topic {topic} (topics: {topics})").format(
                topic=repr(clean(args.topic)), topics=clean(topics)
            ),
            file=sys.stderr,
        )
        return EXIT_BROKEN
    width = max((len(s.id) for s in chosen), default=2)
    topic_width = max((len(s.topic) for s in chosen), default=5)
    for s in sorted(chosen, key=lambda s: (s.topic, s.level, s.id)):
        title = clean(sp._(s.title))
        print(f"{s.id:<{width}}  {s.topic:<{topic_width}}  {s.level}  {title}")
    print()
    for topic, count in sorted(Counter(s.topic for s in chosen).items()):
        print(f"{topic:<{topic_width}}  {count}  {clean(topic_name(topic, sp))}")
    total = sp._("total")
    print(f"{total:<{topic_width}}  {len(chosen)}")
    return EXIT_BROKEN if errors else EXIT_OK


def _quiz(args: argparse.Namespace) -> int:
    from tutor.quiz.app import QuizOptions, run

    if args.count < 1:
        print(_speaker(args.lang)._("domino-tutor: --count must be 1 or more"), file=sys.stderr)
        return EXIT_BROKEN
    options = QuizOptions(
        topic=args.topic,
        level=args.level,
        game=args.game,
        count=args.count,
        seed=args.seed,
        ascii=args.ascii,
        plain=args.plain,
        paths=[*(args.scenarios or ()), *_mine(args)],
    )
    return run(options, _speaker(args.lang))


def _mine(args: argparse.Namespace) -> list[str]:
    """``quiz --mine``: the puzzles written from the learner's mistakes (``domino-tutor play``)."""
    if not getattr(args, "mine", False):
        return []
    from tutor.quiz.progress import data_dir

    folder = data_dir() / "puzzles"
    if not any(folder.glob("*.toml")):
        print(
            _speaker(args.lang)._(
                "domino-tutor: no puzzles from your games yet: play with domino-tutor play first."
            ),
            file=sys.stderr,
        )
        raise SystemExit(EXIT_BROKEN)
    return [str(folder)]


def _progress(args: argparse.Namespace) -> int:
    from pathlib import Path

    from tutor.quiz.app import can_draw_boxes, open_store
    from tutor.quiz.overview import accuracy_lines, rating_lines, sections, write_report
    from tutor.terminal import clean, fill

    sp = _speaker(args.lang)
    if args.days < 1:
        print(sp._("domino-tutor: --days must be 1 or more"), file=sys.stderr)
        return EXIT_BROKEN
    store = open_store(sys.stderr, sp)
    table = store.accuracy_by_topic()
    columns = shutil.get_terminal_size().columns
    if not table:
        print(fill(sp._("No answers yet. Start with: domino-tutor quiz"), columns - 1))
    found = sections(store, sp, args.days)
    ascii = not can_draw_boxes(sys.stdout)
    for line in [*accuracy_lines(table, sp, columns),
                 *rating_lines(found, sp, columns, days=args.days, ascii=ascii)]:
        print(line)
    if args.report:
        path = Path(args.report)
        try:
            write_report(store, sp, path, days=args.days)
        except OSError as error:
            print(
                sp._("Could not write the report {path}: {error}").format(
                    path=clean(str(path)), error=error.strerror or error
                ),
                file=sys.stderr,
            )
            return EXIT_BROKEN
        print(sp._("Report written to {path}.").format(path=clean(str(path))))
    return EXIT_OK


def _learn(args: argparse.Namespace) -> int:
    from tutor.quiz.app import QuizOptions, run_learn

    options = QuizOptions(ascii=args.ascii, plain=args.plain)
    return run_learn(args.game, _speaker(args.lang), options=options, restart=args.restart)


def _rules(args: argparse.Namespace) -> int:
    from tutor.terminal import fill
    from tutor.words.lessons import SUMMARY

    sp = _speaker(args.lang)
    width = min(shutil.get_terminal_size().columns, 88) - 2
    for game in [args.game] if args.game else list(SUMMARY):
        title, paragraphs = SUMMARY[game]
        print(fill(sp._(title), width))
        print("=" * min(len(sp._(title)), width))
        for paragraph in paragraphs:
            print(fill("- " + sp._(paragraph), width, indent="  "))
        print()
    print(
        fill(
            sp._(
                "The full rules reference, with drawn positions: build it with 'make docs' and "
                "open docs/_build/html/{lang}/index.html."
            ).format(lang=sp.language),
            width,
        )
    )
    return EXIT_OK


def _glossary(args: argparse.Namespace) -> int:
    from tutor.terminal import fill
    from tutor.words.glossary import entry_lines, find, load_glossary, sorted_terms

    sp = _speaker(args.lang)
    width = min(shutil.get_terminal_size().columns, 88) - 2
    terms = load_glossary()
    if args.term:
        chosen = find(terms, args.term)
        if not chosen:
            print(
                sp._(
                    "domino-tutor: no glossary entry for {term} "
                    "(see the whole list with: domino-tutor glossary)"
                ).format(term=repr(args.term)),
                file=sys.stderr,
            )
            return EXIT_BROKEN
    else:
        chosen = sorted_terms(terms, sp.language)
        title = sp._("Domino words in English, German and Papiamentu")
        print(fill(title, width))
        print("=" * min(len(title), width))
    for term in chosen:
        head, definition = entry_lines(term, sp.language)
        print(fill(head, width, indent="    "))
        print(fill("  " + definition.strip(), width, indent="  "))
    if any(term.pap_source == "proposed" for term in chosen):
        print()
        print(fill(sp._("* a Papiamentu word we propose; no source text attests it yet."), width))
    return EXIT_OK


def _generate(args: argparse.Namespace) -> int:
    from tutor.scenarios.mining.miner import (
        RECIPES,
        GenerationError,
        Mapper,
        dask_mapper,
        generate,
        pool_mapper,
        serial_map,
        write_scenarios,
    )
    from tutor.terminal import clean

    sp = _speaker(args.lang)
    if args.topic not in RECIPES:
        print(
            sp._("domino-tutor: no generator for the topic {topic} (topics: {topics})").format(
                topic=repr(clean(args.topic)), topics=", ".join(RECIPES)
            ),
            file=sys.stderr,
        )
        return EXIT_BROKEN
    if args.count < 1:
        print(sp._("domino-tutor: --count must be 1 or more"), file=sys.stderr)
        return EXIT_BROKEN
    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        print(sp._("domino-tutor: --jobs must be 1 or more"), file=sys.stderr)
        return EXIT_BROKEN
    close: Callable[[], None] = lambda: None  # noqa: E731
    mapper: Mapper = serial_map
    if args.dask:
        try:
            mapper, close = dask_mapper(args.dask)
        except ImportError:
            print(
                sp._("domino-tutor: --dask needs Dask: pip install 'domino-tutor[scale]'"),
                file=sys.stderr,
            )
            return EXIT_BROKEN
        except OSError as error:
            print(f"domino-tutor: {error}", file=sys.stderr)
            return EXIT_BROKEN
        jobs = max(jobs, 2)
    elif jobs > 1:
        mapper, close = pool_mapper(jobs)
    progress = None if args.quiet else Progress(args.count, args.topic)
    try:
        made = generate(
            args.topic, args.count, args.seed, on_progress=progress, mapper=mapper, wave=8 * jobs
        )
        paths = write_scenarios(made, args.out)
    except (GenerationError, OSError) as error:
        message = f"domino-tutor: {error}"
        if progress is not None:
            progress.finish(message)
        else:
            print(message, file=sys.stderr)
        return EXIT_WRONG if isinstance(error, GenerationError) else EXIT_BROKEN
    finally:
        close()
    if progress is not None:
        folder = os.path.join(args.out, args.topic)
        written = sp.ngettext(
            "{count} {topic} scenario written to {folder}",
            "{count} {topic} scenarios written to {folder}",
            len(paths),
        )
        progress.finish(clean(written.format(count=len(paths), topic=args.topic, folder=folder)))
    return EXIT_OK


def _error_text(error: ScenarioError, sp: Speaker) -> str:
    """A scenario error for the learner: a file that cannot be read is said in their language
    (the other sentences are the scenario contract's, for teachers, in English)."""
    from tutor.terminal import clean

    problem = error.problem
    prefix = "cannot read the file"
    if problem.startswith(prefix):
        reason = problem[len(prefix) :].strip(" ()")
        problem = sp._("cannot read the file ({reason})").format(reason=reason)
    where = f"{error.path}:{error.line}" if error.line else error.path
    return clean(f"{where}: {problem}")


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


def _play(args: argparse.Namespace) -> int:
    from pathlib import Path

    from tutor.play.app import PlayRequest, play

    request = PlayRequest(
        game=args.game,
        players=2 if args.game == "fives-and-threes" else args.players,
        level=args.level,
        seed=args.seed,
        coach=args.coach,
        plain=args.plain,
        record=Path(args.record) if args.record else None,
        fast=args.fast,
        pace=args.pace,
        resume=args.resume,
        replay=args.replay,
        boneyard=args.boneyard,
        tied_block=args.tied_block,
        ascii=args.ascii,
    )
    return play(request, _speaker(args.lang), sys.stdin, sys.stdout)


def _review(args: argparse.Namespace) -> int:
    from pathlib import Path

    from tutor.play.app import review

    export = Path(args.export) if args.export else None
    return review(args.game, _speaker(args.lang), sys.stdout, export)


COMMANDS = {
    "play": _play,
    "review": _review,
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
    """Run the command line; returns the exit code (130 after Ctrl-C, at any moment)."""
    try:
        return _run(argv)
    except KeyboardInterrupt:  # before a command starts (catalogs, parser): no traceback
        print(file=sys.stderr)
        return 130


def _run(argv: Sequence[str] | None) -> int:
    """Choose the language, read the arguments and run the command."""
    from tutor.words.help import speaking
    from tutor.words.i18n import Speaker, choose_language

    arguments = list(sys.argv[1:] if argv is None else argv)
    sp = Speaker(choose_language(requested_language(arguments), os.environ)[0])
    with speaking(sp):
        parser = build_parser(sp)
        args = parser.parse_args(arguments)
        if args.command is None:
            parser.print_help()
            return EXIT_OK
    from tutor.scenarios.reader import ScenarioError

    try:
        return COMMANDS[args.command](args)
    except ScenarioError as error:
        print(_error_text(error, sp), file=sys.stderr)
        return EXIT_BROKEN
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
