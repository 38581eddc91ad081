"""The golden cases: what the learner and the teacher see, pinned before the package redesign.

Each case is one transcript in ``transcripts/NAME.txt``. The names say the command, the table
or variant, and the language. Coverage (see README.md): ``play --plain`` of every table
(Cutthroat with 2, 3 and 4 players, 2 players with a boneyard; Fives & Threes) at levels 1 and
5, with the coach ``live`` and ``after``, in en, de and pap, each with ``review`` of its record;
``answer`` of every scenario of the library (en, and en ``--json``; de and pap for two of each
topic); ``validate`` of the library and of broken files; ``check``; seeded ``quiz --plain``,
``learn --plain`` and ``generate``; ``rules``, ``glossary``, ``list`` and ``--help`` of every
command in the three languages; usage errors.
"""

from __future__ import annotations

from pathlib import Path

from tests.golden.harness import ROOT, Case, step

LANGUAGES = ("en", "de", "pap")
COMMANDS = (
    "validate", "answer", "check", "quiz", "play", "review", "progress", "learn", "rules",
    "glossary", "list", "generate",
)
BROKEN = "tests/golden/broken"


def library() -> list[str]:
    """Every scenario file of the library, as the commands are given them (sorted)."""
    return sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "scenarios").rglob("*.toml"))


def sample() -> list[str]:
    """Two scenarios of each topic folder (the first two by name)."""
    chosen: list[str] = []
    for folder in sorted(p for p in (ROOT / "scenarios").iterdir() if p.is_dir()):
        chosen += sorted(p.relative_to(ROOT).as_posix() for p in folder.glob("*.toml"))[:2]
    return chosen


def ones(n: int) -> list[str]:
    """What ``yes 1`` gives: the first legal play, ``n`` times."""
    return ["1"] * n


# --- play ----------------------------------------------------------------------------------


def game(
    name: str,
    lang: str,
    options: list[str],
    replies: list[str],
    cost: float,
    *,
    more: tuple = (),
) -> Case:
    """A seeded ``play --plain --fast`` game with a bounded stdin (it stops, saved, at the end of
    the replies), written to a record; then ``review`` of that record, and the record itself."""
    record = "{tmp}/work/game.json"
    return Case(
        f"play.{name}.{lang}",
        (
            step("play", "--plain", "--fast", *options, "--record", record, stdin=replies),
            step("review", record),
            *more,
        ),
        lang=lang,
        files=("work/game.json",),
        cost=cost,
    )


PLAY = [
    # Cutthroat, 2 players (14 tiles each): a whole first game needs up to 14 plays.
    game("cutthroat-2.level-1.live", "en",
         ["--players", "2", "--level", "1", "--seed", "7"], ones(18), 1.5),
    game("cutthroat-2.level-5.after", "de",
         ["--players", "2", "--level", "5", "--coach", "after", "--seed", "11"], ones(18), 3.0),
    game("cutthroat-2-boneyard.level-3.live", "en",
         ["--players", "2", "--boneyard", "--level", "3", "--seed", "5"], ones(12), 1.5),
    # Cutthroat, 3 players (9 tiles each, the 0-0 out).
    game("cutthroat-3.level-1.after", "pap",
         ["--players", "3", "--level", "1", "--coach", "after", "--seed", "3"], ones(14), 2.0),
    game("cutthroat-3.level-5.live", "en",
         ["--players", "3", "--level", "5", "--seed", "21"], ones(12), 3.0),
    # Cutthroat, 4 players (7 tiles each). Level 1 with every kind of reply.
    game("cutthroat-4.level-1.live", "de",
         ["--players", "4", "--level", "1", "--seed", "2"],
         ["?", "1", "u", "u", "zz", "99", "2", "1", "?", "0-0 links", "5-2", "1", "1", "1", "1",
          "1", "q"], 1.5),
    game("cutthroat-4.level-5.after", "en",
         ["--players", "4", "--level", "5", "--coach", "after", "--seed", "13"], ones(12), 3.0),
    # Fives & Threes, 2 players, to 61: a few rounds, then the end of stdin stops it.
    game("fives-and-threes.level-1.after", "en",
         ["--game", "fives-and-threes", "--level", "1", "--coach", "after", "--seed", "4"],
         ones(12), 4.0),
    game("fives-and-threes.level-5.live", "pap",
         ["--game", "fives-and-threes", "--level", "5", "--seed", "9"], ones(10), 5.0),
]

# A game stopped and resumed, the list of saved games, a review by id with --export, a replay
# of the record, and the puzzles made from its mistakes in ``quiz --mine``.
SAVED = Case(
    "play.saved-games.en",
    (
        step("review"),
        step("play", "--resume"),
        step("play", "--plain", "--fast", "--players", "3", "--level", "2", "--seed", "31",
             "--record", "{tmp}/work/game.json", stdin=ones(4)),
        step("review"),
        step("play", "--plain", "--fast", "--resume", stdin=ones(30)),
        step("review"),
        step("review", "{game}", "--export", "{tmp}/work/exported.json"),
        step("play", "--replay", "{tmp}/work/game.json"),
        step("quiz", "--mine", "--plain", "--seed", "1", stdin=["1", "2", "no", "!", "1"]),
        step("progress"),
    ),
    files=("work/exported.json", "data/domino-tutor/puzzles/*.toml"),
    cost=3.0,
)

# --- the library and the teacher's commands -------------------------------------------------

ANSWER = [
    Case("answer.library.en", tuple(step("answer", path) for path in library()), cost=8.0),
    Case("answer.library-json.en", tuple(step("answer", "--json", path) for path in library()),
         cost=8.0),
    *(
        Case(f"answer.sample.{lang}", tuple(step("answer", path) for path in sample()),
             lang=lang, cost=3.0)
        for lang in ("de", "pap")
    ),
]


def broken() -> list[str]:
    return sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / BROKEN).glob("*.toml"))


VALIDATE = [
    Case(
        "validate.en",
        (
            step("validate", "scenarios/"),
            step("validate", "-q", "scenarios/key-cards", "scenarios/six-love"),
            step("validate", f"{BROKEN}/"),
            *(step("validate", path) for path in broken()),
            step("validate", "scenarios/no-such-folder"),
        ),
        cost=3.0,
    ),
    *(
        Case(
            f"validate.{lang}",
            (
                step("validate", "scenarios/hard-ends"),
                step("validate", f"{BROKEN}/"),
                step("answer", f"{BROKEN}/not-utf8.toml"),
                step("validate", "scenarios/no-such-folder"),
            ),
            lang=lang,
            cost=1.5,
        )
        for lang in ("de", "pap")
    ),
]

# Replies to ``check``: right, wrong and unreadable ones, of several question kinds.
CHECKS = [
    ("scenarios/key-cards/last-three-last-four.toml", ["2", "1", "many"]),
    ("scenarios/hard-ends/both-hard.toml", ["both", "left", "left and right"]),
    ("scenarios/legal-plays/two-choices.toml", ["5-1 left, 4-2 right", "6-5 left", "nothing"]),
    ("scenarios/blocked-boards/three-hand-winner.toml", ["Marcia", "you", "?"]),
    ("scenarios/six-love/two-hand-bruck.toml", ["bruck", "continue", "maybe"]),
    ("scenarios/fives-and-threes-scoring/best-with-a-double.toml", ["4-4 left", "5-5 left", "x"]),
]

CHECK = [
    Case(
        f"check.{lang}",
        tuple(step("check", path, reply) for path, replies in CHECKS for reply in replies),
        lang=lang,
        cost=2.0,
    )
    for lang in LANGUAGES
]

# --- the learner's other commands ----------------------------------------------------------

QUIZ = [
    Case(
        "quiz.en",
        (
            step("quiz", "--plain", "--seed", "7", "--count", "6",
                 stdin=["1", "?", "no", "yes", "banana", "4-4 left", "2", "", "4-0 right", "no",
                        "5-3 right", "tie"]),
            step("progress"),
        ),
        cost=2.0,
    ),
    Case(
        "quiz.de",
        (
            step("quiz", "--plain", "--seed", "3", "--count", "5", "--game", "fives-and-threes",
                 stdin=["1", "?", "4-1 links", "6-6 links", "nein", "1", "3", "!"]),
            step("progress"),
        ),
        lang="de",
        cost=2.0,
    ),
    Case(
        "quiz.pap",
        (
            step("quiz", "--plain", "--ascii", "--seed", "11", "--count", "4",
                 "--topic", "key-cards", stdin=["si", "no", "?", "3", "1", "!"]),
            step("progress"),
        ),
        lang="pap",
        cost=2.0,
    ),
]

LEARN = [
    Case(
        f"learn.{lang}",
        (
            step("learn", "--plain", stdin=["", "27", "18", "1", "?", "!", "2"]),
            step("learn", "--plain", "--game", "fives-and-threes", stdin=["1", "!"]),
            step("learn", "--plain", stdin=["!"]),
        ),
        lang=lang,
        cost=1.5,
    )
    for lang in ("en", "pap")
]

GENERATE = [
    Case(
        "generate.en",
        (
            step("generate", "--topic", "key-cards", "--count", "3", "--seed", "7", "--jobs", "1",
                 "--out", "{tmp}/work/gen"),
            step("generate", "--topic", "fives-and-threes-scoring", "--count", "2", "--seed", "7",
                 "--jobs", "1", "--out", "{tmp}/work/gen"),
            step("generate", "--topic", "hard-ends", "--count", "2", "--seed", "3", "--jobs", "2",
                 "-q", "--out", "{tmp}/work/gen"),
            step("validate", "{tmp}/work/gen"),
            step("generate", "--topic", "no-such-topic", "--out", "{tmp}/work/gen"),
        ),
        files=("work/gen/**/*.toml",),
        cost=3.0,
    ),
    *(
        Case(
            f"generate.{lang}",
            (
                step("generate", "--topic", "six-love", "--count", "2", "--seed", "1",
                     "--jobs", "1", "--out", "{tmp}/work/gen"),
                step("generate", "--topic", "no-such-topic", "--out", "{tmp}/work/gen"),
            ),
            lang=lang,
            files=("work/gen/**/*.toml",),
            cost=1.5,
        )
        for lang in ("de", "pap")
    ),
]

# --- reference texts and the command line itself --------------------------------------------

REFERENCE = [
    case
    for lang in LANGUAGES
    for case in (
        Case(
            f"rules.{lang}",
            (step("rules"), step("rules", "cutthroat"), step("rules", "fives-and-threes")),
            lang=lang,
        ),
        Case(
            f"glossary.{lang}",
            (
                step("glossary"),
                step("glossary", "pose"),
                step("glossary", "Stein"),
                step("glossary", "no-such-word"),
            ),
            lang=lang,
        ),
        Case(
            f"list.{lang}",
            (
                step("list"),
                step("list", "--topic", "hard-ends"),
                step("list", "--topic", "no-such-topic"),
            ),
            lang=lang,
        ),
    )
]

HELP = [
    # en from LANGUAGE, de from LANG alone, pap from --lang (before and after the command).
    Case("help.en", (step("--help"), *(step(c, "--help") for c in COMMANDS)), cost=1.5),
    Case(
        "help.de",
        (step("--help"), *(step(c, "--help") for c in COMMANDS)),
        lang=None,
        env={"LANG": "de_DE.UTF-8"},
        cost=1.5,
    ),
    Case(
        "help.pap",
        (
            step("--lang", "pap", "--help"),
            *(step(c, "--help", "--lang", "pap") for c in COMMANDS),
        ),
        lang=None,
        env={"LANG": "C.UTF-8"},
        cost=1.5,
    ),
]

USAGE = [
    Case(
        f"usage.{lang}",
        (
            step(),
            step("--version"),
            step("no-such-command"),
            step("play", "--level", "9"),
            step("play", "--game", "fives-and-threes", "--boneyard"),
            step("quiz", "--count", "0"),
            step("answer"),
            step("answer", "scenarios/no-such-file.toml"),
            step("review", "no-such-game"),
            step("review", "{tmp}/work/not-there.json"),
            step("play", "--resume"),
            step("quiz", "--mine"),
            step("progress", "--days", "0"),
            step("rules", "--lang", "xx"),
        ),
        lang=lang,
        cost=1.5,
    )
    for lang in LANGUAGES
]

CASES: dict[str, Case] = {
    case.name: case
    for case in [
        *PLAY, SAVED, *ANSWER, *VALIDATE, *CHECK, *QUIZ, *LEARN, *GENERATE, *REFERENCE,
        *HELP, *USAGE,
    ]
}


def transcript_names() -> set[str]:
    """The transcripts on disk."""
    folder = Path(__file__).resolve().parent / "transcripts"
    return {p.name.removesuffix(".txt") for p in folder.glob("*.txt")}
