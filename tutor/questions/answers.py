"""The answerers of the built-in kinds: the engine's answer to a question, with its facts.

The answer is always computed here, never read from a file. Each answerer takes a
``Position`` and a ``Question`` and returns an ``Answer`` whose facts are engine values
(``tutor.questions.facts``); a question that cannot be answered raises ``QuestionError``
naming the parameter at fault. The winning play, which needs the solver, is
``tutor.questions.winning``.

>>> from tutor.rules import Line, TableRules
>>> from tutor.rules.tiles import mask_of, parse_tiles
>>> line = Line.parse(["4-0", "0-3", "3-3", "3-6", "6-4", "4-4", "4-1", "1-3", "3-5", "5-4",
...                    "4-2", "2-3"])
>>> hands = (mask_of(parse_tiles(["3-4"])), mask_of(parse_tiles(["1-1", "1-2", "2-2", "0-1",
...          "0-2"])), None, None)
>>> p = Position(line, hands, TableRules(), seats=("you", "Marcia", "Desmond", "Kenrick"),
...              scores=(2, 0, 0, 0))
>>> answer_game_points(p, Question("game-points", {"tile": Tile(4, 3)})).value
2
>>> answer_key_card(p, Question("key-card", {"tile": Tile(6, 6)}))
Traceback (most recent call last):
...
tutor.questions.model.QuestionError: 6-6 is not in the hand of you, who is to play
"""

from __future__ import annotations

from typing import Any

from tutor.questions.facts import (
    BlockCounts,
    BlockedBy,
    CanPlay,
    Domino,
    EndsShow,
    Fact,
    GameGoesOn,
    HalvesOnTable,
    HandCount,
    KeyCard,
    LastTile,
    MustPose,
    NextStake,
    NothingFits,
    ScoreBreakdown,
    SetAfter,
    StillFits,
)
from tutor.questions.model import (
    SIX_SIX_POSES,
    TIE,
    AfterGameValue,
    Answer,
    Question,
    QuestionError,
)
from tutor.rules.analysis import EndFact
from tutor.rules.cutthroat import AfterGame, after_game
from tutor.rules.line import End, Line
from tutor.rules.plays import Play
from tutor.rules.position import HiddenHandError, PlayKind, PlayResult, Position
from tutor.rules.tiles import FULL_SET, SUIT, Tile, hand_count, tiles_of

# --- helpers -------------------------------------------------------------------


def hand_of(p: Position, seat: int, param: str, why: str) -> int:
    try:
        return p.known_hand(seat)
    except HiddenHandError:
        problem = f"{why} needs the hand of {p.name(seat)}, but it is hidden"
        raise QuestionError(param, problem) from None


def _param(q: Question, name: str, kind: type[Any]) -> Any:
    value = q.params.get(name)
    if not isinstance(value, kind):
        raise QuestionError(name, f"the question '{q.ask}' needs the parameter '{name}'")
    return value


def _halves(facts: list[EndFact]) -> list[HalvesOnTable]:
    return [
        HalvesOnTable(f.end, f.number, f.on_table, f.in_play, f.is_hard, f.is_dead) for f in facts
    ]


def ends_fact(line: Line) -> EndsShow:
    """The numbers the two open ends show."""
    return EndsShow(line.left, line.right)


def _play_for(p: Position, tile: Tile, end: End | None, param: str) -> Play:
    """The play of ``tile`` by the seat to play, checked; ``end`` may be omitted when clear."""
    hand = hand_of(p, p.turn, param, "this question")
    if not hand & tile.bit:
        raise QuestionError(param, f"{tile} is not in the hand of {p.name(p.turn)}, who is to play")
    plays = p.plays_of(tile)
    if not plays:
        raise QuestionError(
            param, f"{tile} cannot be played: the ends show {p.line.left} and {p.line.right}"
        )
    if p.same_ends:
        return plays[0]
    if end is None:
        if len(plays) > 1:
            raise QuestionError(param, f"{tile} fits both ends: say which end with 'end'")
        return plays[0]
    if not len(p.line) and end is not End.LEFT:  # "left" was always accepted for the pose
        raise QuestionError(
            "end", f"the table is empty: {tile} is the pose and takes no end (leave 'end' out)"
        )
    chosen = [play for play in plays if play.end is end]
    if not chosen:
        raise QuestionError(param, f"{tile} does not fit the {end} end")
    return chosen[0]


def block_counts(p: Position, param: str) -> BlockCounts:
    try:
        outcome = p.block_outcome()
    except HiddenHandError as error:
        raise QuestionError(
            param,
            f"the block is decided by the counts, but the hand of {p.name(error.seat)} is hidden",
        ) from None
    names = [p.name(seat) for seat in range(len(p.hands))]
    counts = tuple(zip(names, outcome.counts, strict=True))
    winner = names[outcome.winner] if outcome.winner is not None else None
    tied = tuple(names[i] for i in outcome.lowest) if winner is None else ()
    return BlockCounts(counts, winner, tied)


# --- the question kinds ----------------------------------------------------------


def answer_legal_plays(p: Position, q: Question) -> Answer[list[str]]:
    hand_of(p, p.turn, "ask", "'legal-plays'")
    plays = p.legal_plays()
    facts: list[Fact] = [ends_fact(p.line)]
    if p.pose is not None and not len(p.line):
        facts.append(MustPose(p.name(p.turn), p.pose))
    facts.append(CanPlay(p.name(p.turn), tuple(plays), p.rules.game, lead=not len(p.line)))
    return Answer(q.ask, sorted(str(play) for play in plays), tuple(facts))


def answer_pip_count(p: Position, q: Question) -> Answer[int]:
    name = _param(q, "seat", str)
    if name not in p.seats:
        raise QuestionError("seat", f"'seat' names {name!r}, who is not one of the seats")
    hand = hand_of(p, p.seats.index(name), "seat", "'pip-count'")
    count = hand_count(hand)
    return Answer(q.ask, count, (HandCount(name, tuple(tiles_of(hand)), count),))


def _blocked_facts(p: Position) -> tuple[bool, list[Fact]]:
    left, right = p.line.left, p.line.right
    if left is None or right is None:
        return False, [ends_fact(p.line)]
    fits = p.still_fits()
    facts: list[Fact] = [ends_fact(p.line), *_halves(p.end_facts())]
    if fits is None:
        unplayed = FULL_SET & ~p.line.mask & (SUIT[left] | SUIT[right])
        facts.append(NothingFits(left, right, bool(unplayed)))
    else:
        facts.append(StillFits(fits.tile, fits.end, p.line.end_number(fits.end) or 0))
    return fits is None, facts


def answer_is_blocked(p: Position, q: Question) -> Answer[bool]:
    blocked, facts = _blocked_facts(p)
    return Answer(q.ask, blocked, tuple(facts))


def answer_blocked_winner(p: Position, q: Question) -> Answer[str]:
    blocked, facts = _blocked_facts(p)
    if not blocked:
        raise QuestionError("ask", "'blocked-winner' needs a blocked table, but a tile still fits")
    counts = block_counts(p, "ask")
    return Answer(q.ask, counts.winner or TIE, (*facts, counts))


def answer_hard_ends(p: Position, q: Question) -> Answer[list[str]]:
    halves = _halves(p.end_facts())
    hard = [str(h.end) for h in halves if h.hard]
    return Answer(q.ask, hard, (ends_fact(p.line), *halves))


def answer_last_tile(p: Position, q: Question) -> Answer[str]:
    end: End = _param(q, "end", End)
    number = p.line.end_number(end)
    if number is None:
        raise QuestionError("end", "the table is empty: no end is hard")
    tile = p.last_tile(end)
    halves = [h for h in _halves(p.end_facts()) if h.end is end]
    if tile is None or not halves[0].hard:
        raise QuestionError("end", f"the {end} end (showing {number}) is not hard")
    holder = p.holder(tile)
    name = None if holder is None else p.name(holder)
    return Answer(q.ask, str(tile), (*halves, LastTile(end, number, tile, name)))


def answer_key_card(p: Position, q: Question) -> Answer[bool]:
    tile: Tile = _param(q, "tile", Tile)
    hand = hand_of(p, p.turn, "tile", "'key-card'")
    if not hand & tile.bit:
        problem = f"{tile} is not in the hand of {p.name(p.turn)}, who is to play"
        raise QuestionError("tile", problem)
    left, right = p.line.left, p.line.right
    halves = _halves(p.end_facts())
    both_hard = len(halves) == 2 and all(h.hard for h in halves)
    fits_both = left is not None and right is not None and {left, right} == {tile.high, tile.low}
    is_key = hand == tile.bit and p.key_card(tile)
    fact = KeyCard(tile, both_hard, fits_both, is_key, p.name(p.turn))
    return Answer(q.ask, is_key, (ends_fact(p.line), *halves, fact))


def answer_game_points(p: Position, q: Question) -> Answer[int]:
    tile: Tile = _param(q, "tile", Tile)
    end: End | None = q.params.get("end")
    if end is None and p.line.left is not None and p.line.left != p.line.right:
        # Without an end, the tile may fit both: fine when both plays come to the same.
        hand_of(p, p.turn, "tile", "this question")
        answers = [_game_points_of(p, q, play) for play in p.plays_of(tile)]
        if len({a.value for a in answers}) > 1:
            raise QuestionError("tile", f"{tile} fits both ends and the end matters: add 'end'")
        if answers:
            return answers[0]
    return _game_points_of(p, q, _play_for(p, tile, end, "tile"))


def _game_points_of(p: Position, q: Question, play: Play) -> Answer[int]:
    result: PlayResult = p.play(play)
    me = p.name(p.turn)
    facts: list[Fact] = [ends_fact(p.line)]
    if result.kind is PlayKind.DOMINO:
        if len(p.line) >= 2:
            facts += _halves(p.end_facts())
        points = result.game_points
        facts.append(Domino(me, p.stake, points - p.stake, points))
        return Answer(q.ask, points, tuple(facts))
    if result.kind is PlayKind.BLOCKED:
        counts = block_counts(result.after, "tile")
        points = result.game_points
        facts += [
            *_halves(result.after.end_facts()),
            counts,
            BlockedBy(play.tile, counts.winner, points),
        ]
        return Answer(q.ask, points, tuple(facts))
    facts.append(GameGoesOn(play.tile, result.tiles_left))
    return Answer(q.ask, 0, tuple(facts))


def _breakdown(p: Position, play: Play) -> ScoreBreakdown:
    points = p.play(play).score
    score = points.score
    return ScoreBreakdown(
        play,
        score.total,
        score.threes,
        score.fives,
        points.chip_out,
        points.earned,
        points.credited,
        p.score(p.turn),
        p.rules.target,
        not len(p.line),
        points.doubles,
    )


def answer_play_score(p: Position, q: Question) -> Answer[int]:
    tile: Tile = _param(q, "tile", Tile)
    end = _param(q, "end", End) if len(p.line) else q.params.get("end")
    play = _play_for(p, tile, end, "tile")
    fact = _breakdown(p, play)
    return Answer(q.ask, fact.credited, (ends_fact(p.line), fact))


def answer_best_play(p: Position, q: Question) -> Answer[list[str]]:
    hand_of(p, p.turn, "ask", "'best-play'")
    breakdowns = [_breakdown(p, play) for play in p.legal_plays()]
    if not breakdowns:
        return Answer(q.ask, [], (ends_fact(p.line), CanPlay(p.name(p.turn), (), p.rules.game)))
    best = max(b.credited for b in breakdowns)
    winners = sorted(str(b.play) for b in breakdowns if b.credited == best)
    return Answer(q.ask, winners, (ends_fact(p.line), *breakdowns))


def board_result(p: Position) -> tuple[bool, int | None]:
    """Whether the board itself has decided the game, and who won it (``None``: a tied block).

    A seat with no tiles left went out; a blocked board with every hand known is won on the
    count. Otherwise the result the question states cannot be read off the board.
    """
    if not len(p.line):  # not started: any result is a supposition
        return False, None
    for seat in range(len(p.hands)):
        if p.size(seat) == 0:
            return True, seat
    if p.blocked and all(hand is not None for hand in p.hands):
        return True, p.block_outcome().winner
    return False, None


def board_contradicts(p: Position, winner: int | None, key_card: bool) -> str | None:
    """What is wrong with a stated result (``winner``: a seat, ``None`` for a tie; the key card)
    that the board contradicts; ``None`` when the board agrees or does not decide.

    >>> from tutor.rules import Line, TableRules
    >>> from tutor.rules.tiles import mask_of, parse_tiles
    >>> line = Line.parse(["3-4", "4-2", "2-2", "2-1", "1-5", "5-4", "4-4", "4-6", "6-3",
    ...     "3-1", "1-4", "4-0", "0-2", "2-6", "6-6", "6-5", "5-5", "5-0", "0-3", "3-3", "3-2",
    ...     "2-5", "5-3"])
    >>> hands = (mask_of(parse_tiles(["6-1", "1-1", "1-0"])), mask_of(parse_tiles(["6-0", "0-0"])))
    >>> p = Position(line, hands, TableRules(players=2), seats=("you", "Rignald"))
    >>> board_contradicts(p, 1, False) is None
    True
    >>> print(board_contradicts(p, 0, False))
    the board is blocked and Rignald has the lowest count (you 10, Rignald 6): 'winner' must be \
"Rignald"
    """
    decided, won = board_result(p)
    if not decided:
        return None
    counted = p.blocked and all(p.size(seat) for seat in range(len(p.hands)))
    if won != winner:
        right = TIE if won is None else p.name(won)
        if not counted:
            return f"{right} has no tiles left and won the game: 'winner' must be \"{right}\""
        counts = p.block_outcome().counts
        listed = ", ".join(f"{p.name(seat)} {count}" for seat, count in enumerate(counts))
        who = "the lowest count is tied" if won is None else f"{right} has the lowest count"
        return f"the board is blocked and {who} ({listed}): 'winner' must be \"{right}\""
    if key_card and counted:
        return "the board is blocked, so nobody went out with the key card: leave out 'key_card'"
    return None


def finished_game(p: Position, q: Question) -> tuple[AfterGame, SetAfter]:
    """What the game that ends as the question's ``winner`` says (a seat or ``"tie"``, with the
    optional ``key_card``) does to the set, from the engine, with its fact."""
    name = _param(q, "winner", str)
    if name != TIE and name not in p.seats:
        raise QuestionError("winner", f"'winner' must be a seat or \"tie\", not {name!r}")
    winner = None if name == TIE else p.seats.index(name)
    key = bool(q.params.get("key_card", False))
    if problem := board_contradicts(p, winner, key):
        raise QuestionError("winner", problem)
    scores = [p.score(seat) for seat in range(len(p.hands))]
    after = after_game(scores, p.stake, winner, p.rules, key_card=key)
    poser = None if after.poser is None else p.seats[after.poser]
    fact = SetAfter(
        None if winner is None else name,
        after.result,
        tuple(zip(p.seats, after.scores, strict=True)),
        after.stake,
        poser,
        after.points,
        winner is None and after.stake > 1,
    )
    return after, fact


def answer_after_game(p: Position, q: Question) -> Answer[AfterGameValue]:
    after, fact = finished_game(p, q)
    value: AfterGameValue = {
        "result": after.result,
        "scores": dict(zip(p.seats, after.scores, strict=True)),
        "stake": after.stake,
        "poser": SIX_SIX_POSES if fact.poser is None else fact.poser,
    }
    return Answer(q.ask, value, (fact,))


def answer_next_stake(p: Position, q: Question) -> Answer[int]:
    """What the next Cutthroat game is worth once this one is over, from the engine
    (``tutor.rules.cutthroat.after_game``, RULES.md); after a win the set's facts come first.

    A won game pays its stake and the next game is worth 1 again; a tied block pays nobody
    and, with ``tied_block = "carry"`` (the house rule), makes the next game worth one more
    (2, then 3 after a second tie in a row); with ``tied_block = "void"`` it is worth 1.

    >>> from tutor.rules import Line, TableRules
    >>> p = Position(Line(), (0, 0, 0), TableRules(players=3), seats=("you", "Ann", "Ben"),
    ...              stake=2)
    >>> answer_next_stake(p, Question("next-stake", {"winner": "tie"})).value
    3
    >>> void = Position(Line(), (0, 0), TableRules(players=2, tied_block="void"),
    ...                 seats=("you", "Ann"))
    >>> answer_next_stake(void, Question("next-stake", {"winner": "tie"})).value
    1
    """
    after, fact = finished_game(p, q)
    carried = p.rules.tied_block == "carry"
    stake = NextStake(fact.winner, p.stake, after.stake, carried, after.result)
    facts: tuple[Fact, ...] = (stake,) if fact.winner is None else (fact, stake)
    return Answer(q.ask, after.stake, facts)
