"""Dealing a round."""

from __future__ import annotations

from rami.cards import build_deck
from rami.errors import IllegalActionError
from rami.rules import RuleSet
from rami.shuffle import shuffled
from rami.state import RoundState


def deal(rules: RuleSet, players: int, seed: str, dealer: int | None = None) -> RoundState:
    """Deal a round: ``hand_size`` cards each, the upcard (per rules), the rest as stock."""
    if not rules.min_players <= players <= rules.max_players:
        raise IllegalActionError(
            f"these rules are for {rules.min_players}-{rules.max_players} players, not {players}",
            "bad_player_count",
        )
    dealer = players - 1 if dealer is None else dealer
    deck = shuffled(build_deck(*rules.deck_for(players)), seed, "deal")
    size = rules.hand_size
    hands = tuple(tuple(sorted(deck[i * size : (i + 1) * size])) for i in range(players))
    rest = deck[players * size :]
    upcard = rules.initial_discard == "upcard"
    return RoundState(
        rules=rules,
        seed=seed,
        dealer=dealer,
        hands=hands,
        stock=tuple(rest[1:] if upcard else rest),
        discard_pile=(rest[0],) if upcard else (),
        opened=(False,) * players,
        current=(dealer + 1) % players,
    )
