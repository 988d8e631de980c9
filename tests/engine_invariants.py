"""Invariants a round must keep after every action (used by the property tests and long run)."""

from collections import Counter

from rami.actions import Discard, DrawDiscard, DrawStock
from rami.cards import JOKER, build_deck, make_card, rank_of, suit_of
from rami.melds import Meld, MeldKind
from rami.state import Phase, RoundState


def meld_is_valid(meld: Meld, jokers_per_meld: int) -> bool:
    """Check a table meld from first principles (not through rami.melds' validator)."""
    naturals = [c for c in meld.cards if c != JOKER]
    if len(meld.cards) < 3 or len(naturals) < 2 or meld.jokers > jokers_per_meld:
        return False
    if meld.kind is MeldKind.SET:
        suits = [suit_of(c) for c in naturals]
        return (
            len(meld.cards) <= 4
            and all(rank_of(c) == meld.rank for c in naturals)
            and len(set(suits)) == len(suits)
        )
    if not (meld.rank >= 1 and meld.high <= 14 and len(meld.cards) <= 13):
        return False
    return all(
        card == JOKER or card == make_card(meld.rank + i, meld.suit)
        for i, card in enumerate(meld.cards)
    )


def check_round(state: RoundState, deck_size: int | None = None) -> None:
    """Assert every invariant of a round state."""
    rules = state.rules
    places: Counter[int] = Counter()
    for hand in state.hands:
        assert list(hand) == sorted(hand)
        places.update(hand)
    for meld in state.staged:
        places.update(meld.cards)
    for table_meld in state.table:
        assert meld_is_valid(table_meld.meld, rules.jokers_per_meld), table_meld
        places.update(table_meld.meld.cards)
    places.update(state.stock)
    places.update(state.discard_pile)
    assert places == Counter(build_deck(*rules.deck_for(state.players)))
    draws = discards = 0
    for entry in state.entries():
        draws += isinstance(entry.action, (DrawStock, DrawDiscard))
        discards += isinstance(entry.action, Discard)
    in_play = sum(len(h) for h in state.hands) + sum(len(m.cards) for m in state.staged)
    in_play += sum(len(tm.meld.cards) for tm in state.table)
    assert in_play == state.players * rules.hand_size + draws - discards
    if rules.turn_limit is not None:
        assert state.turn_number <= rules.turn_limit
    if state.phase is Phase.DRAW:
        assert not state.staged and state.taken is None and state.joker_debt == 0
        assert state.stock, "a turn never starts with an empty stock"
    if state.phase is Phase.OVER:
        assert state.result is not None
    else:
        assert state.result is None
    for seat, opened in enumerate(state.opened):
        if not opened:
            assert all(tm.owner != seat for tm in state.table)
