"""Build a round position from card text: for tests, puzzles and bug reports.

>>> from rami.positions import position
>>> state = position(hands=["7S 8S 9S KD", "2C 3C"], stock="4H 5H", pile="QD")
>>> state.current, len(state.hands[0])
(0, 4)
"""

from __future__ import annotations

from collections.abc import Sequence

from rami.cards import parse_cards
from rami.melds import make_meld
from rami.rules import RuleSet, get_rules
from rami.state import Phase, RoundState, TableMeld


def position(
    hands: Sequence[str],
    stock: str = "",
    pile: str = "",
    table: Sequence[tuple[int, str]] = (),
    opened: Sequence[bool] | None = None,
    rules: RuleSet | None = None,
    current: int = 0,
    phase: Phase = Phase.DRAW,
    seed: str = "position",
    **fields: object,
) -> RoundState:
    """A round state from card text; ``table`` lists (owner, meld cards); stock top is last."""
    ruleset = rules or get_rules()
    melds = tuple(
        TableMeld(owner, make_meld(parse_cards(text), ruleset.jokers_per_meld))
        for owner, text in table
    )
    if opened is None:
        opened = [any(tm.owner == seat for tm in melds) for seat in range(len(hands))]
    return RoundState(
        rules=ruleset,
        seed=seed,
        dealer=(current - 1) % len(hands),
        hands=tuple(tuple(sorted(parse_cards(text))) for text in hands),
        stock=parse_cards(stock),
        discard_pile=parse_cards(pile),
        opened=tuple(opened),
        current=current,
        table=melds,
        phase=phase,
        **fields,  # type: ignore[arg-type]
    )
