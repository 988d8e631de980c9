"""The round engine: deal, legal actions, refusals and applying actions (pure functions).

``legal_actions(state)`` lists, in a stable order, exactly the actions ``apply`` accepts;
``refusal(state, action)`` is the error ``apply`` would raise, as a value (None: accepted);
``apply`` returns a new state or raises that :class:`IllegalActionError`. The plays and legal
actions of a state are computed once and kept with it, so applying a listed action repeats
no check.

Chosen details (see docs/RULES.md): an obligation that can no longer be met lapses (the
card taken from the discard pile must be used, a retrieved joker replayed, a player who took
the discard to open must open); a play may not leave a hand that cannot end the turn — by a
discard, or by playing every card left when none of them may be discarded; soft discard
restrictions (a joker only to go out, no card that could be laid off) give way when every
card in hand falls under them.

The modules, by topic: ``dealing``; ``legal`` (the legal actions), built on ``plays``,
``discards``, ``hands`` (what a hand alone decides) and ``table`` (what the table accepts);
``refusals``; ``applying``, built on ``transitions`` and ``round_end``; ``basics`` (shared
helpers).
"""

from rami.engine.applying import apply, attempt
from rami.engine.dealing import deal
from rami.engine.discards import discard_options, taken_still_held
from rami.engine.legal import legal_actions
from rami.engine.refusals import refusal
from rami.engine.table import Placement, layoff_options, swap_result

__all__ = [
    "Placement",
    "apply",
    "attempt",
    "deal",
    "discard_options",
    "layoff_options",
    "legal_actions",
    "refusal",
    "swap_result",
    "taken_still_held",
]
