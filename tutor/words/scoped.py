"""The coach's sentences that name what a chance is a chance of: the set (Cutthroat with set
scores), the match (Fives & Threes) or the hand (a Cutthroat puzzle without them).

Each comes whole in three forms, one per ``Scope``, so that a translator sees the whole
sentence; ``scoped`` picks one in the learner's language.
"""

from __future__ import annotations

from tutor.questions.chances import Scope
from tutor.words.i18n import N_, Speaker

__all__ = ["AS_GOOD", "CHANCES", "HINT", "KNOWN_LOSS", "LOSS", "scoped"]

AS_GOOD = {
    "set": N_("Coach: {play}: as good as {best} ({chance} chance to win the set)."),
    "match": N_("Coach: {play}: as good as {best} ({chance} chance to win the match)."),
    "hand": N_("Coach: {play}: as good as {best} ({chance} chance to win)."),
}
LOSS = {
    "set": N_("Coach: {play}: {verdict} ({loss} less chance to win the set); {best} was better."),
    "match": N_(
        "Coach: {play}: {verdict} ({loss} less chance to win the match); {best} was better."
    ),
    "hand": N_("Coach: {play}: {verdict} ({loss} less chance to win); {best} was better."),
}
KNOWN_LOSS = {
    "set": N_("With all hands known (not knowable during play): {loss} less chance to win the "
              "set."),
    "match": N_("With all hands known (not knowable during play): {loss} less chance to win "
                "the match."),
    "hand": N_("With all hands known (not knowable during play): {loss} less chance to win."),
}
HINT = {
    "set": N_("Hint: {best} ({chance} chance to win the set, on what you could know)."),
    "match": N_("Hint: {best} ({chance} chance to win the match, on what you could know)."),
    "hand": N_("Hint: {best} (wins {chance} of the deals you could face)."),
}
CHANCES = {
    "set": N_("On what you could know, the chance to win the set is {best_chance} after {best} "
              "and {played_chance} after {played}."),
    "match": N_("On what you could know, the chance to win the match is {best_chance} after "
                "{best} and {played_chance} after {played}."),
    "hand": N_("On what you could know, the chance to win is {best_chance} after {best} and "
               "{played_chance} after {played}."),
}


def scoped(sentences: dict[str, str], scope: Scope, sp: Speaker) -> str:
    """The sentence of ``sentences`` for ``scope``, in the learner's language.

    >>> scoped(HINT, "match", Speaker("en")).format(best="6-6", chance="60%")
    'Hint: 6-6 (60% chance to win the match, on what you could know).'
    """
    return sp._(sentences[scope])
