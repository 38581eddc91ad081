"""The rules engine: pure, no I/O, no printing, no gettext.

>>> from tutor.rules import Game, Play, TableRules, Tile
>>> str(Tile.parse("5|6"))
'6-5'
"""

from tutor.rules.analysis import (
    EndFact,
    dead_ends,
    end_facts,
    halves_in_play,
    halves_on_table,
    hard_ends,
    is_hard,
    key_card,
    last_tile,
    unplayed,
)
from tutor.rules.cutthroat import AfterGame, after_game, six_six_poser
from tutor.rules.fives_threes import (
    FivesThreesScore,
    PlayPoints,
    credited_points,
    ends_total,
    points_for_total,
    score_play,
    score_total,
)
from tutor.rules.game import Deal, Game, StepKind, deal
from tutor.rules.line import LEFT, RIGHT, End, Line, MismatchError, Placed
from tutor.rules.plays import (
    PLAYS,
    IllegalPlayError,
    Outcome,
    Play,
    SetupError,
    Termination,
    blocked_outcome,
)
from tutor.rules.position import (
    HiddenHandError,
    PlayKind,
    PlayResult,
    Position,
    PositionError,
)
from tutor.rules.series import CutthroatSet, FivesThreesMatch
from tutor.rules.table_rules import RulesError, TableRules
from tutor.rules.tiles import (
    FULL_SET,
    SUIT,
    TILES,
    Mask,
    Tile,
    TileError,
    hand_count,
    mask_of,
    tiles_of,
)

__all__ = [
    "FULL_SET",
    "LEFT",
    "PLAYS",
    "RIGHT",
    "SUIT",
    "TILES",
    "AfterGame",
    "CutthroatSet",
    "Deal",
    "End",
    "EndFact",
    "FivesThreesMatch",
    "FivesThreesScore",
    "Game",
    "HiddenHandError",
    "IllegalPlayError",
    "Line",
    "Mask",
    "MismatchError",
    "Outcome",
    "Placed",
    "Play",
    "PlayKind",
    "PlayPoints",
    "PlayResult",
    "Position",
    "PositionError",
    "RulesError",
    "SetupError",
    "StepKind",
    "TableRules",
    "Termination",
    "Tile",
    "TileError",
    "after_game",
    "blocked_outcome",
    "credited_points",
    "dead_ends",
    "deal",
    "end_facts",
    "ends_total",
    "halves_in_play",
    "halves_on_table",
    "hand_count",
    "hard_ends",
    "is_hard",
    "key_card",
    "last_tile",
    "mask_of",
    "points_for_total",
    "score_play",
    "score_total",
    "six_six_poser",
    "tiles_of",
    "unplayed",
]
