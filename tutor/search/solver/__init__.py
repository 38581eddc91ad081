"""The exact solvers: every hand known, perfect play to the end of the hand.

``fives_threes``: the point difference of a two-player Fives & Threes hand. ``cutthroat``:
whether a seat can still win against all the others (``can_win``) and the hand when every seat
plays for itself (``who_wins``). ``make compiled`` compiles both modules with mypyc.
"""
