"""Questions about a ``Position``: the kinds, their answers and the facts behind them, no words.

``model`` (a question, an answer, the error), ``facts`` (engine values that explain an
answer), ``answers`` and ``winning`` (the answerers), ``kinds`` (the registry of kinds),
``topics`` (the teaching topics' detectors) and ``coach`` (grading a play). Sentences are
made from the facts in ``tutor.words``.
"""
