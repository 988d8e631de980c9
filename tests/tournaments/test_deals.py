"""Duplicate rounds: every table of a round the same committed seed, twins reversed."""

from __future__ import annotations

from rami.rules import PRESETS
from rami.shuffle import commitment, table_binding
from rami.tournaments import (
    TOURNAMENT_DOCUMENT,
    boards,
    round_commitment,
    round_seed,
    verify_tournament,
)


def test_every_table_of_a_duplicate_round_plays_the_round_seed() -> None:
    tables = [("a", "b"), ("c", "d")]
    made = boards(tables, "secret", 3, duplicate=True, twins=True)
    assert [b.seats for b in made] == [("a", "b"), ("b", "a"), ("c", "d"), ("d", "c")]
    assert {b.seed for b in made} == {round_seed("secret", 3)}
    assert [b.twin for b in made] == [False, True, False, True]
    assert [b.pairing for b in made] == [0, 0, 1, 1]


def test_without_duplicate_each_table_has_its_own_deals() -> None:
    made = boards([("a", "b"), ("c", "d")], "secret", 1, duplicate=False, twins=True)
    assert len(made) == 2 and made[0].seed != made[1].seed


def test_round_seeds_differ_and_match_their_commitment() -> None:
    assert round_seed("s", 1) != round_seed("s", 2) != round_seed("t", 2)
    rules = PRESETS["rami51"].hash
    binding = table_binding(rules, ["tournament", "t1", "2"])
    assert round_commitment("s", rules, "t1", 2) == commitment(round_seed("s", 2), binding)
    assert round_commitment("s", rules, "t1", 2) != round_commitment("s", rules, "t2", 2)


def test_a_finished_tournament_verifies_and_a_changed_seed_or_round_does_not() -> None:
    rules = PRESETS["rami40"].hash
    published = [round_commitment("secret", rules, "tq1", n) for n in (1, 2, 3)]
    document = {"document": TOURNAMENT_DOCUMENT, "id": "tq1", "preset": "rami40"}
    document |= {"commitments": published, "seed": "secret"}
    assert verify_tournament(document) == []
    assert verify_tournament(document | {"seed": "another"}) == [
        f"round {n}: the seed does not match the commitment" for n in (1, 2, 3)
    ]
    swapped = document | {"commitments": [published[1], published[0], published[2]]}
    assert len(verify_tournament(swapped)) == 2
    assert verify_tournament(document | {"id": "tq2"})  # bound to the tournament
    assert verify_tournament({k: v for k, v in document.items() if k != "seed"}) == [
        "the tournament's seed is not revealed (it is not over, or not a Swiss)"
    ]
    assert verify_tournament(document | {"preset": "nope"})[0].startswith("the tournament names")
    assert verify_tournament({"document": "other"})[0].startswith("not a tournament")
