"""Looking ahead on the engine: an exact solver, consistent deals, evaluation, computer players.

Pure like :mod:`tutor.rules` (no I/O, no gettext, no printing); it imports only
``tutor.rules`` and the standard library.
"""
