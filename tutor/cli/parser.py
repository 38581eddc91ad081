"""The ``domino-tutor`` argument parser: every command's options and help texts, and ``--lang``.

Its texts are marked for the catalogs and said in the speaker's language; building it imports no
command (each command module is loaded only when it runs).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from tutor import __version__
from tutor.cli.formatting import CommandParser, MainFormatter

if TYPE_CHECKING:
    from tutor.words.i18n import Speaker


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
"""The topics ``generate`` can mine: ``tutor.scenarios.mining.recipes.RECIPES``, named here for a
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


class Number:
    """A number in the speaker's way ("0,8" in German, through Babel), written only when it is
    shown: a help text is formatted when ``--help`` asks for it, so that building the parser at
    every start loads no locale data.

    >>> from tutor.words.i18n import Speaker
    >>> str(Number(0.8, Speaker("de"))), str(Number(10.0, Speaker("pap"))), str(Number(0.5, None))
    ('0,8', '10', '0.5')
    """

    def __init__(self, n: float, sp: Speaker | None) -> None:
        self.n, self.sp = n, sp

    def __str__(self) -> str:
        if self.sp is None:
            return f"{self.n:g}"
        return self.sp.number(self.n)


def build_parser(sp: Speaker | None = None) -> argparse.ArgumentParser:
    """The argument parser with every subcommand, its texts in the speaker's language."""
    _ = sp._ if sp is not None else _source
    parser = argparse.ArgumentParser(
        prog="domino-tutor",
        description=_(DESCRIPTION),
        epilog=_(EPILOG),
        formatter_class=MainFormatter,
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"domino-tutor {__version__}",
        help=_("show the version and exit"),
    )
    _add_lang(parser, _, before=True)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=CommandParser)

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
    validate.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="K",
        help=_("processes to check with (default 1); the output does not depend on it"),
    )
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
                _("give the seconds as a number from 0 to {most}, like {example}").format(
                    most=Number(MAX_PACE, sp), example=Number(0.5, sp)
                )
            )
        return value

    paced = pace.add_argument(
        "--pace", type=seconds, default=PACE, metavar=_("SECONDS"),
        help=_("seconds between the computer players' plays (default %(pace)s)"),
    )
    paced.pace = Number(PACE, sp)  # type: ignore[attr-defined]  # argparse's help reads it
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
    review.add_argument(
        "--plain", action="store_true",
        help=_("the review as text, position by position (for screen readers and pipes)"),
    )
    review.add_argument("--ascii", action="store_true", help=_("draw tiles with plain ASCII"))
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
    exchange = progress.add_mutually_exclusive_group()
    exchange.add_argument(
        "--export",
        metavar="FILE",
        help=_("write every answer you gave to FILE (JSON), which the docs pages can bring in"),
    )
    exchange.add_argument(
        "--import",
        dest="import_file",
        metavar="FILE",
        help=_("bring in the answers of FILE (JSON, saved from the docs pages or by --export); "
        "an answer already kept stays as it is"),
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
