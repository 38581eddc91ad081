"""Reading scenario files: one puzzle position and one question, in TOML.

The format is the contract in SCENARIOS.md. Loading is strict: a broken file
raises ``ScenarioError``, whose text is ``path:line: sentence``, and nothing is
answered from it.

>>> text = '''
... id = "demo/one"
... game = "cutthroat"
... topic = "hard-ends"
... level = 1
... title = "Demo"
... seats = ["you", "Ann"]
... [table]
... line = ["6-6"]
... boneyard = 11
... [hands]
... you = ["6-5", "5-5", "4-4"]
... Ann = 13
... [rules]
... boneyard = true
... [question]
... ask = "legal-plays"
... '''
>>> s = parse_scenario(text, "demo.toml")
>>> s.id, s.seats, str(s.line), s.hidden["Ann"], s.boneyard_hidden
('demo/one', ('you', 'Ann'), '6-6', 13, 11)
>>> parse_scenario(text.replace('"4-4"', '"6-6"'), "demo.toml")
Traceback (most recent call last):
...
tutor.scenarios.model.ScenarioError: demo.toml:12: 6-6 cannot be in two places at once
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tutor.questions.kinds import KINDS, check_game, expect_form_problem
from tutor.questions.model import QuestionError
from tutor.rules.cutthroat import SIX_SIX
from tutor.rules.line import End, Line, MismatchError
from tutor.rules.table_rules import (
    CUTTHROAT,
    FIVES_AND_THREES,
    GAMES,
    TIED_BLOCK_OPTIONS,
    RulesError,
    TableRules,
)
from tutor.rules.tiles import DOUBLES, Mask, Tile, TileError, mask_of, tiles_of
from tutor.scenarios.model import Question, Scenario, ScenarioError, shown
from tutor.scenarios.origin import check_origin, read_origin
from tutor.scenarios.own_topics import OwnTopic, topic_problem, topics_beside
from tutor.scenarios.texts import text_problem
from tutor.scenarios.toml_lines import line_numbers, parse_toml, read_toml_text
from tutor.store.files import SCENARIO_LIMIT
from tutor.terminal import visible

TOP_KEYS = {"id", "game", "topic", "level", "title", "story", "seats", "turn"}
SECTIONS = {"table", "hands", "score", "rules", "question", "origin"}
TABLE_KEYS = {"line", "boneyard", "out", "pose"}
RULE_KEYS = {"boneyard", "tied_block", "key_card_bonus", "target"}
SCORE_KEYS = {"stake", "target"}  # and every seat's name
QUESTION_COMMON = {"ask", "expect", "hint"}
LEVELS = range(1, 6)


def load_scenario(path: str | Path) -> Scenario:
    """Read and check one scenario file (a regular file of at most ``SCENARIO_LIMIT`` bytes);
    its topic may be one of a ``topics.toml`` beside it (``tutor.scenarios.own_topics``)."""
    text = read_toml_text(Path(path), SCENARIO_LIMIT)
    return parse_scenario(text, str(path), topics_beside(Path(path)))


def parse_scenario(
    text: str, path: str = "<scenario>", topics: Mapping[str, OwnTopic] | None = None
) -> Scenario:
    """Check a scenario's TOML text and build the ``Scenario`` (``topics``: a teacher's own)."""
    data = parse_toml(text, path)
    return _Reader(data, line_numbers(text), path, topics or {}).scenario()


class _Reader:
    """Turns parsed TOML into a checked ``Scenario``, one rule at a time."""

    def __init__(
        self, data: dict[str, Any], lines: dict[str, int], path: str, own: Mapping[str, OwnTopic]
    ) -> None:
        self.data, self.lines, self.path, self.own = data, lines, path, own

    def fail(self, key: str, problem: str) -> ScenarioError:
        line = self.lines.get(key) or self.lines.get(key.split(".")[0])
        return ScenarioError(self.path, line, problem)

    # --- small typed readers --------------------------------------------------

    def text(self, table: Mapping[str, Any], key: str, where: str, *, required: bool) -> str | None:
        value = table.get(key)
        if value is None:
            if required:
                raise self.fail(where or key, f"the key '{where or key}' is missing")
            return None
        if not isinstance(value, str):
            raise self.fail(where, f"'{where}' must be a non-empty text in quotes")
        problem = text_problem(value, where)
        if problem:
            raise self.fail(where, problem)
        return value

    def integer(self, value: Any, where: str, *, low: int = 0) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(where, f"'{where}' must be a whole number, not {shown(value)}")
        if value < low:
            raise self.fail(where, f"'{where}' must be {low} or more, not {shown(value)}")
        return value

    def tile(self, value: Any, where: str) -> Tile:
        if not isinstance(value, str):
            raise self.fail(
                where, f"'{where}' must be a tile in quotes like \"6-5\", not {shown(value)}"
            )
        try:
            return Tile.parse(value)
        except TileError as error:
            raise self.fail(where, f"in '{where}': {error}") from None

    def tiles(self, value: Any, where: str) -> list[Tile]:
        if not isinstance(value, list):
            raise self.fail(where, f'\'{where}\' must be a list of tiles like ["6-5", "4-4"]')
        tiles = [self.tile(item, where) for item in value]
        seen: set[Tile] = set()
        for tile in tiles:
            if tile in seen:
                raise self.fail(where, f"{tile} appears twice in '{where}'")
            seen.add(tile)
        return tiles

    def section(self, name: str, *, required: bool) -> dict[str, Any]:
        value = self.data.get(name)
        if value is None:
            if required:
                raise self.fail(name, f"the section [{name}] is missing")
            return {}
        if not isinstance(value, dict):
            raise self.fail(name, f"'{name}' must be a section written [{name}]")
        return value

    def unknown_keys(self, table: Mapping[str, Any], allowed: set[str], prefix: str) -> None:
        for key in table:
            if key not in allowed:
                where = f"{prefix}.{key}" if prefix else key
                known = ", ".join(sorted(allowed))
                raise self.fail(where, f"unknown key {shown(where)} (known keys here: {known})")

    # --- the whole file -------------------------------------------------------

    def scenario(self) -> Scenario:
        data = self.data
        self.unknown_keys(data, TOP_KEYS | SECTIONS, "")
        scenario_id = self.text(data, "id", "id", required=True)
        game = self.text(data, "game", "game", required=True)
        if game not in GAMES:
            raise self.fail(
                "game", f'game must be "cutthroat" or "fives-and-threes", not {shown(game)}'
            )
        topic = self.text(data, "topic", "topic", required=True)
        if problem := topic_problem(str(topic), self.own):
            raise self.fail("topic", problem)
        if "level" not in data:
            raise self.fail("level", "the key 'level' is missing: 1 (first lesson) to 5 (expert)")
        level = self.integer(data["level"], "level")
        if level not in LEVELS:
            raise self.fail(
                "level", f"the level must be 1 (first lesson) to 5 (expert), not {shown(level)}"
            )
        title = self.text(data, "title", "title", required=True)
        story = self.text(data, "story", "story", required=False)
        seats = self.seats(game)
        turn = data.get("turn", "you" if "you" in seats else seats[0])
        if turn not in seats:
            raise self.fail("turn", f"turn names {shown(turn)}, who is not one of the seats")
        rules = self.rules(game, len(seats))
        table = self.section("table", required=False)
        self.unknown_keys(table, TABLE_KEYS, "table")
        line = self.line(table)
        hands, hidden = self.hands(seats)
        boneyard, boneyard_hidden = self.boneyard(table, rules)
        out = self.out(table, rules)
        self.check_tiles(line, hands, boneyard, out, boneyard_hidden, hidden, rules)
        pose = self.pose(table, line, hands, turn, rules)
        scores, stake = self.scores(seats, rules)
        question = self.question(game, seats)
        assert scenario_id and topic and title
        scenario = Scenario(
            id=scenario_id,
            game=game,
            topic=topic,
            level=level,
            title=title,
            story=story,
            seats=seats,
            turn=turn,
            line=line,
            hands=hands,
            hidden=hidden,
            boneyard=boneyard,
            boneyard_hidden=boneyard_hidden,
            out=out,
            scores=scores,
            stake=stake,
            rules=rules,
            pose=pose,
            question=question,
            path=self.path,
            lines=self.lines,
            origin=read_origin(self),
        )
        check_origin(scenario)
        return scenario

    def seats(self, game: str) -> tuple[str, ...]:
        seats = self.data.get("seats")
        if seats is None:
            raise self.fail("seats", "the key 'seats' is missing: list the players in turn order")
        if not isinstance(seats, list) or not all(isinstance(s, str) and visible(s) for s in seats):
            raise self.fail("seats", '\'seats\' must be a list of names like ["you", "Marcia"]')
        for seat in seats:
            problem = text_problem(seat, "seats")
            if problem:
                raise self.fail("seats", problem)
        if len(set(seats)) != len(seats):
            raise self.fail("seats", "two seats have the same name")
        if game == FIVES_AND_THREES and len(seats) != 2:
            raise self.fail("seats", f"Fives & Threes has 2 players, not {len(seats)}")
        if not 2 <= len(seats) <= 4:
            raise self.fail("seats", f"a table has 2, 3 or 4 seats, not {len(seats)}")
        if "tie" in seats:
            raise self.fail("seats", "'tie' is a reserved word and cannot name a seat")
        return tuple(seats)

    def rules(self, game: str, players: int) -> TableRules:
        rules = self.section("rules", required=False)
        self.unknown_keys(rules, RULE_KEYS, "rules")
        score = self.section("score", required=False)
        options: dict[str, Any] = {}
        if "boneyard" in rules:
            if not isinstance(rules["boneyard"], bool):
                raise self.fail("rules.boneyard", "'rules.boneyard' must be true or false")
            options["boneyard"] = rules["boneyard"]
        if "tied_block" in rules:
            if rules["tied_block"] not in TIED_BLOCK_OPTIONS:
                raise self.fail(
                    "rules.tied_block", '\'rules.tied_block\' must be "carry" or "void"'
                )
            options["tied_block"] = rules["tied_block"]
        if "key_card_bonus" in rules:
            options["key_card_bonus"] = self.integer(
                rules["key_card_bonus"], "rules.key_card_bonus"
            )
        for where, table in (("rules.target", rules), ("score.target", score)):
            if "target" in table:
                target = self.integer(table["target"], where, low=1)
                if options.get("target", target) != target:
                    raise self.fail(where, "score.target and rules.target disagree")
                options["target"] = target
        try:
            return TableRules(game=game, players=players, **options)  # type: ignore[arg-type]
        except RulesError as error:
            raise self.fail("rules", str(error)) from None

    def line(self, table: Mapping[str, Any]) -> Line:
        texts = table.get("line", [])
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise self.fail(
                "table.line", '\'table.line\' must be a list of tiles like ["6-6", "6-5"]'
            )
        try:
            return Line.parse(texts)
        except MismatchError as error:
            raise self.fail("table.line", f"the line does not join: {error}") from None
        except TileError as error:
            raise self.fail("table.line", f"in 'table.line': {error}") from None

    def hands(self, seats: tuple[str, ...]) -> tuple[dict[str, Mask], dict[str, int]]:
        section = self.section("hands", required=True)
        self.unknown_keys(section, set(seats), "hands")
        hands: dict[str, Mask] = {}
        hidden: dict[str, int] = {}
        for seat in seats:
            where = f"hands.{seat}"
            if seat not in section:
                raise self.fail("hands", f"the hand of {shown(seat)} is missing from [hands]")
            value = section[seat]
            if isinstance(value, list):
                hands[seat] = mask_of(self.tiles(value, where))
            else:
                hidden[seat] = self.integer(value, where)
        return hands, hidden

    def boneyard(self, table: Mapping[str, Any], rules: TableRules) -> tuple[Mask, int]:
        value = table.get("boneyard")
        if value is None and rules.game == FIVES_AND_THREES:
            return 0, 14  # the tiles that sleep: never drawn, never seen
        if value is None:
            return 0, 0
        if isinstance(value, list):
            return mask_of(self.tiles(value, "table.boneyard")), 0
        return 0, self.integer(value, "table.boneyard")

    def out(self, table: Mapping[str, Any], rules: TableRules) -> Mask:
        blank = Tile(0, 0).bit
        if "out" not in table:
            return blank if rules.removes_double_blank else 0
        out = mask_of(self.tiles(table["out"], "table.out"))
        if rules.removes_double_blank and out != blank:
            raise self.fail(
                "table.out",
                'with three players the 0-0 is out of play and nothing else: write out = ["0-0"] '
                "or leave 'out' away",
            )
        return out

    def check_tiles(
        self,
        line: Line,
        hands: Mapping[str, Mask],
        boneyard: Mask,
        out: Mask,
        boneyard_hidden: int,
        hidden: Mapping[str, int],
        rules: TableRules,
    ) -> None:
        seen = line.mask
        places: list[tuple[str, Mask]] = [
            *((f"hands.{seat}", hand) for seat, hand in hands.items()),
            ("table.boneyard", boneyard),
            ("table.out", out),
        ]
        for where, mask in places:
            if seen & mask:
                twice = ", ".join(str(t) for t in tiles_of(seen & mask))
                raise self.fail(where, f"{twice} cannot be in two places at once")
            seen |= mask
        known = seen.bit_count()
        face_down = sum(hidden.values()) + boneyard_hidden
        if known + face_down != 28:
            raise self.fail(
                "hands",
                f"the tiles do not add up to the set of 28: {known} are placed or listed "
                f"and {shown(face_down)} are face down",
            )
        in_hands = {seat: mask.bit_count() for seat, mask in hands.items()} | dict(hidden)
        if not rules.draws:
            for seat, size in in_hands.items():
                if size > rules.hand_size:
                    raise self.fail(
                        f"hands.{seat}",
                        f"{seat} holds {shown(size)} tiles, "
                        f"but only {rules.hand_size} are dealt to each",
                    )
        if rules.game == FIVES_AND_THREES and boneyard.bit_count() + boneyard_hidden != 14:
            raise self.fail("table.boneyard", "in Fives & Threes 14 tiles sleep in the boneyard")
        if rules.game == CUTTHROAT and not rules.draws and (boneyard or boneyard_hidden):
            raise self.fail(
                "table.boneyard",
                "this Cutthroat table deals every tile: there is no boneyard "
                "(set rules.boneyard = true for the 2-player boneyard game)",
            )

    def pose(
        self,
        table: Mapping[str, Any],
        line: Line,
        hands: Mapping[str, Mask],
        turn: str,
        rules: TableRules,
    ) -> Tile | None:
        """The tile that must be posed: 6-6, or (boneyard game) what the known hands allow."""
        if "pose" not in table:
            return None
        tile = self.tile(table["pose"], "table.pose")
        if len(line):
            raise self.fail("table.pose", "a pose is only asked for while the table is empty")
        if turn in hands and not hands[turn] & tile.bit:
            raise self.fail("table.pose", f"{turn} is to pose {tile} but does not hold it")
        if not rules.draws and tile != SIX_SIX:
            raise self.fail("table.pose", "when every tile is dealt, the pose is always 6-6")
        if rules.draws:
            known = 0
            for mask in hands.values():
                known |= mask
            if tile.is_double:
                better = known & DOUBLES & ~((tile.bit << 1) - 1)
            else:
                heavier = [t for t in tiles_of(known) if (t.pips, t.high) > (tile.pips, tile.high)]
                better = (known & DOUBLES) | mask_of(heavier)
            if better:
                raise self.fail(
                    "table.pose",
                    f"{tiles_of(better)[0]} is dealt, so {tile} is not the tile that poses",
                )
        return tile

    def scores(self, seats: tuple[str, ...], rules: TableRules) -> tuple[dict[str, int], int]:
        section = self.section("score", required=False)
        self.unknown_keys(section, {*seats, *SCORE_KEYS}, "score")
        scores = {seat: self.integer(section.get(seat, 0), f"score.{seat}") for seat in seats}
        stake = self.integer(section.get("stake", 1), "score.stake", low=1)
        if rules.game == FIVES_AND_THREES:
            for seat, value in scores.items():
                if value > rules.target:
                    raise self.fail(
                        f"score.{seat}",
                        f"{seat} has {shown(value)}, past the target {shown(rules.target)}",
                    )
                if value == rules.target:  # the match ended the moment it was reached
                    raise self.fail(
                        f"score.{seat}",
                        f"{seat} has {shown(value)}, the target: the match is already over",
                    )
        return scores, stake

    def question(self, game: str, seats: tuple[str, ...]) -> Question:
        section = self.section("question", required=True)
        ask = self.text(section, "ask", "question.ask", required=True)
        if ask not in KINDS:
            kinds = ", ".join(KINDS)
            raise self.fail(
                "question.ask", f"unknown question kind {shown(ask)} (known kinds: {kinds})"
            )
        kind = KINDS[ask]
        required, optional = kind.required, kind.optional
        self.unknown_keys(section, QUESTION_COMMON | required | optional, "question")
        for name in sorted(required):
            if name not in section:
                raise self.fail("question", f"the question '{ask}' needs the parameter '{name}'")
        try:
            check_game(kind.ask, game)
        except QuestionError as error:
            raise self.fail(f"question.{error.param}", error.problem) from None
        params: dict[str, Any] = {}
        for name in (required | optional) & section.keys():
            params[name] = self.parameter(name, section[name], seats)
        hint = self.text(section, "hint", "question.hint", required=False)
        if "expect" in section and (problem := expect_form_problem(ask, section["expect"])):
            raise self.fail("question.expect", f"{problem}, not {shown(section['expect'])}")
        return Question(kind.ask, params, section.get("expect"), "expect" in section, hint)

    def parameter(self, name: str, value: Any, seats: tuple[str, ...]) -> Any:
        where = f"question.{name}"
        if name == "tile":
            return self.tile(value, where)
        if name == "end":
            try:
                return End.parse(value)
            except ValueError:
                raise self.fail(
                    where, f'\'{where}\' must be "left" or "right", not {shown(value)}'
                ) from None
        if name == "seat":
            if value not in seats:
                raise self.fail(
                    where, f"'{where}' names {shown(value)}, who is not one of the seats"
                )
            return value
        if name == "winner":
            if value != "tie" and value not in seats:
                raise self.fail(where, f"'{where}' must be a seat or \"tie\", not {shown(value)}")
            return value
        if name == "key_card":
            if not isinstance(value, bool):
                raise self.fail(where, f"'{where}' must be true or false")
            return value
        if name == "lacks":
            return self.lacks(value, where, seats)
        raise self.fail(where, f"unknown parameter '{name}'")  # pragma: no cover

    def lacks(self, value: Any, where: str, seats: tuple[str, ...]) -> dict[str, list[int]]:
        """``lacks``: per seat, the numbers it is known to lack (from its passes)."""
        if not isinstance(value, dict):
            raise self.fail(where, f"'{where}' must be a table like {{ Marcia = [3, 5] }}")
        lacks: dict[str, list[int]] = {}
        for seat, numbers in value.items():
            if seat not in seats:
                raise self.fail(
                    where, f"'{where}' names {shown(seat)}, who is not one of the seats"
                )
            if not isinstance(numbers, list) or not all(
                isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 6 for n in numbers
            ):
                raise self.fail(where, f"'{where}.{seat}' must be a list of numbers from 0 to 6")
            lacks[seat] = sorted(set(numbers))
        return lacks
