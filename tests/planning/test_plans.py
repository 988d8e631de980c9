"""The turn planner and hints: exact against an engine-driven oracle, always legal in play."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from turn_oracle import best_score

from rami.actions import Discard, DrawStock, LayOff, MeldAction, Open, Swap
from rami.cards import JOKER, Card, parse_card, parse_cards
from rami.engine import apply, deal, legal_actions
from rami.melds import candidate_melds, make_meld
from rami.planning.hints import hint
from rami.planning.moves import stand_in
from rami.planning.plans import best_turn, can_go_out
from rami.planning.wording import hint_text
from rami.rules import RuleSet, get_rules
from rami.state import Phase, RoundState, TableMeld
from rami.views import view_for


def position(
    rules: RuleSet,
    hand: tuple[Card, ...],
    table: tuple[str, ...] = (),
    opened: bool = True,
    taken: Card | None = None,
) -> RoundState:
    """Seat 0 to play holding ``hand``, with ``table`` (meld texts) laid by seat 1."""
    base = deal(rules, 2, "solver-turn")
    melds = tuple(TableMeld(1, make_meld(parse_cards(t), rules.jokers_per_meld)) for t in table)
    twins = 0 if taken is None else hand.count(taken) - 1
    return replace(
        base,
        hands=(tuple(sorted(hand)), base.hands[1]),
        table=melds,
        opened=(opened, True),
        current=0,
        phase=Phase.PLAY,
        taken=taken,
        taken_twins=twins,
    )


def random_position(rng: random.Random, rules: RuleSet) -> RoundState:
    deck = [c for _ in range(2) for c in range(52)] + [JOKER] * 4
    rng.shuffle(deck)
    table = []
    for _ in range(rng.randint(0, 4)):
        found = candidate_melds([deck.pop() for _ in range(9)], rules.jokers_per_meld)
        if found:
            table.append(" ".join(str(c) for c in rng.choice(found)))
    suits, low = rng.sample(range(4), 2), rng.randint(1, 8)
    pool = [s * 13 + r - 1 for s in suits for r in range(low, low + 6)] * 2 + [JOKER]
    hand = tuple(sorted(rng.sample(pool, rng.randint(3, 8))))
    taken = rng.choice(hand) if rng.random() < 0.3 else None
    base = position(rules, hand, (), rng.random() < 0.6, taken)
    melds = tuple(
        TableMeld(1, make_meld([int(c) for c in t.split()], rules.jokers_per_meld)) for t in table
    )
    return replace(base, table=melds)


VARIANTS = {
    "reference": {},
    "two jokers, declared": {"jokers_per_meld": 2, "joker_position": "declared"},
    "house options": {
        "layoff_in_opening_turn": False,
        "retrieved_joker_replay": "free",
        "discard_joker": "only_to_go_out",
        "twin_of_taken_discardable": True,
        "retrieval_from_set": False,
        "rami_sec_waives": "points_and_clean_run",
    },
    "strict discards": {
        "discard_playable": False,
        "final_discard_required": True,
        "jokers_count_in_opening": False,
    },
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_plan_is_as_good_as_every_legal_sequence(variant: str) -> None:
    rng = random.Random(variant)
    for i in range(120):
        preset = ("rami51", "rami40", "scala40", "rami51-pl")[i % 4]
        rules = get_rules(preset).replace(**VARIANTS[variant])
        state = random_position(rng, rules)
        plan = best_turn(view_for(state, 0))
        want = best_score(state)
        got = (plan.score, len(plan.left)) if plan is not None else (1 << 30, 1 << 30)
        assert got == want, (preset, state.hands[0], state.table, state.opened[0], state.taken)


@pytest.mark.parametrize("preset", ["rami51", "rami40", "scala40", "rami51-pl"])
def test_hints_played_through_whole_rounds_are_always_legal(preset: str) -> None:
    rules = get_rules(preset)
    for game in range(3):
        state = deal(rules, 2 + game % 2, f"hints-{preset}-{game}")
        while state.phase is not Phase.OVER:
            seat, drawing = state.current, state.phase is Phase.DRAW
            suggestion = hint(view_for(state, seat))
            assert suggestion is not None
            words = hint_text(suggestion, "en")
            assert words and "\n" not in words
            for action in suggestion.actions:
                state = apply(state, action)
                if state.phase is Phase.PLAY and state.current == seat:
                    seen = stand_in(view_for(state, seat))
                    assert seen.taken_twins == state.taken_twins
                    assert seen.opened_this_turn == state.opened_this_turn
                    assert seen.staged == state.staged
            plan = None if drawing else suggestion.plan
            if plan is not None and state.phase is not Phase.OVER:
                assert state.hands[seat] == plan.left
            elif plan is not None and state.result is not None and state.result.winner == seat:
                assert plan.goes_out


def test_lays_off_on_the_table_and_goes_out() -> None:
    rules = get_rules("rami51")
    state = position(rules, parse_cards("8S 9S KD"), ("5S 6S 7S",))
    plan = can_go_out(view_for(state, 0))
    assert plan is not None and plan.discard == parse_card("KD")
    assert {a for a in plan.plays if isinstance(a, LayOff)} == {
        LayOff(parse_card("8S"), 0),
        LayOff(parse_card("9S"), 0),
    }


def test_retrieves_a_joker_to_finish_a_meld() -> None:
    rules = get_rules("rami51")
    state = position(rules, parse_cards("9S 4H 5H KC"), ("9C 9D 9H JK",))
    plan = can_go_out(view_for(state, 0))
    assert plan is not None and plan.discard == parse_card("KC")
    assert Swap(parse_card("9S"), 0) in plan.plays
    assert MeldAction(tuple(sorted(parse_cards("4H 5H JK")))) in plan.plays


def test_fourteen_cards_go_out_only_without_a_final_discard() -> None:
    hand = parse_cards("5H JK JK 8H 2C JK JK 5C KS KH KD 9D 9S 9C")
    rules = get_rules("rami40").replace(jokers_per_meld=2)
    plan = can_go_out(view_for(position(rules, hand), 0))
    assert plan is not None and plan.discard is None and plan.goes_out
    strict = rules.replace(final_discard_required=True)
    assert can_go_out(view_for(position(strict, hand), 0)) is None


def test_rami_sec_waives_the_threshold_but_not_the_clean_run() -> None:
    rules = get_rules("rami51")
    state = position(rules, parse_cards("2C 3C 4C 2D 2H 2S 5D"), opened=False)
    plan = can_go_out(view_for(state, 0))
    assert plan is not None and plan.opens and plan.discard == parse_card("5D")
    assert Open() in plan.plays
    no_clean = position(rules, parse_cards("2C JK 4C 2D 2H 2S 5D"), opened=False)
    assert can_go_out(view_for(no_clean, 0)) is None


def test_player_who_cannot_open_keeps_the_best_hand() -> None:
    rules = get_rules("rami51")
    state = position(rules, parse_cards("5C 6C 8C 9D 9H KS 2D"), opened=False)
    plan = best_turn(view_for(state, 0))
    assert plan is not None and plan.plays == () and plan.score == 100
    assert plan.discard == parse_card("KS")
    suggestion = hint(view_for(state, 0))
    assert suggestion is not None and suggestion.actions == (Discard(parse_card("KS")),)
    assert hint_text(suggestion, "en").startswith("Keep building")


def test_draw_hint_takes_a_card_that_opens() -> None:
    rules = get_rules("rami51")
    base = position(rules, parse_cards("10S JS 7H 7C 7D 2C 5D"))
    state = replace(
        base,
        opened=(False, True),
        phase=Phase.DRAW,
        taken=None,
        discard_pile=(*base.discard_pile, parse_card("QS")),
    )
    assert any(a != DrawStock() for a in legal_actions(state))
    suggestion = hint(view_for(state, 0))
    assert suggestion is not None
    words = hint_text(suggestion, "en")
    assert words.startswith("Take Q♠") and "open" in words
