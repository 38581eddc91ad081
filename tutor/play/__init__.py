"""The practice game: a game-session model, the coach, game records, and the plain face.

Importing the package is light; import the modules you need.

The model (no I/O, no gettext, no prompt-toolkit) — what a face draws and drives
=================================================================================

- ``session.Options(game, players, level, seed, boneyard, tied_block, ...)``: what the
  learner chose; ``Options.rules`` (the engine's ``TableRules``) and ``Options.deal_id``
  (a short id of the deal: the deal comes from the seed alone).
- ``practice.PracticeGame(options, coach="live"|"after"|"off")``: the game a face drives.

  State to draw:
    ``game.session.game`` (the engine's ``Game`` of the hand in play: ``line``, ``turn``;
    draw only the learner's hand, ``hands[0]``), ``game.session.view()`` (the learner's
    ``Position``: tile counts of every seat, ``lacked(seat)`` from their passes),
    ``session.scores``, ``session.stake``, ``session.hand`` (hand number),
    ``session.rules.target``, ``session.deal_id``, ``session.events`` (everything so far, for
    a log), ``game.over``, ``session.hand_over`` (between hands).
  Legal choices:
    ``game.learner_to_play`` and ``game.legal_choices()`` (the engine's ``Play`` values,
    left end first; a tile that fits both ends appears twice: ask which end).
  Acting:
    ``game.choose(play) -> (events, grade or None)`` for the learner;
    ``game.step() -> events`` for everything else, one action at a time: one computer
    play, a forced pass or draw, or the next deal (show computer plays at the learner's
    pace by calling ``step`` on a timer).
  Events (``tutor.rules.series.Event``): ``HandStarted``, ``Played`` (with Fives & Threes points),
    ``Passed``, ``Drew`` (the tile only for the learner), ``HandOver`` (every hand
    revealed; Cutthroat ``after``: points, bruck, six-love, next stake), ``GameOver``.
  Coach:
    ``game.hint()`` (counted) -> ``coach.Grade`` with the best play and reasons;
    ``game.reviews`` (a ``HandReview`` per finished hand: graded plays with the value
    with all hands known where exact, ``accuracy``, ``mistakes``);
    ``game.retry(decision, play) -> bool`` for "learn from your mistakes".
  Take back:
    ``game.take_back()`` (practice only, counted in ``game.counters``): the session is
    rebuilt from the seed and the actions before the learner's last play.
  Save and resume:
    ``record.to_json(game)`` / ``record.from_json(data)`` (a record replays through the
    engine), ``record.store_game(game, database, id)`` (every game in the learner's
    database, its grades in ``graded_plays``; ``record.GameSaver`` saves it after every
    play, on a connection held open), ``record.saved_game``/``saved_games``/
    ``latest_unfinished`` (``review``, ``--resume``), ``record.export_game``/``load_game``
    (one game as JSON: ``--record``, ``review FILE``, ``--replay FILE``).
  Thinking apart:
    ``game.fork()`` and ``game.adopt(fork)``: the full screen grades and lets the computer
    think on a fork, on a worker thread, and adopts it when done (the same result).

Words and faces
===============

- ``words``: events, positions, grades, reasons and reviews as sentences (gettext).
- ``plain.PlainGame``: plain mode, line by line (``--plain`` or a pipe).
- ``tui``: the full-screen face (a prompt-toolkit ``Application``) on a terminal.
- ``puzzles``: mistakes written as scenario files for ``quiz --mine``.
- ``app``: the ``play`` and ``review`` commands.
"""

PACE = 0.8
"""Seconds between computer plays in a terminal by default (``play --pace``; 0 with ``--fast``)."""
MAX_PACE = 10.0
"""The slowest pace ``--pace`` accepts."""
