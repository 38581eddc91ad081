"""Looking ahead on the engine: an exact solver, consistent deals, evaluation, computer players.

Pure like :mod:`tutor.rules` (no I/O, no gettext, no printing); it imports only
``tutor.rules`` and the standard library.

Every public function takes the engine's ``Position`` (``Position.from_game(game,
seat)`` for what a seat sees in a live game); the search's node type is its own.

- :mod:`tutor.search.encode`: the search's node, a position with every hand known.
- :mod:`tutor.search.solver`: the exact solvers (``fives_threes``: the point difference;
  ``cutthroat``: "can seat S still win" and "who wins when every seat plays for itself").
- :mod:`tutor.search.deals`: deals of the hidden tiles consistent with a seat's view.
- :mod:`tutor.search.evaluate`: the information-fair value of every legal play.
- :mod:`tutor.search.players`: computer players of levels 1 to 5.
- :mod:`tutor.search.ladder`: hands between players on mirrored deals, with intervals.

>>> from tutor.rules import Game, Position, TableRules
>>> from tutor.search.solver.cutthroat import can_win
>>> game = Game.from_hands([["6-6", "6-1"], ["6-5", "5-5"]], rules=TableRules(players=2))
>>> can_win(Position.from_game(game), 0).wins
True
"""
