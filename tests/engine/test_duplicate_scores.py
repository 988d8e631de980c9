"""Duplicate scoring and edition commitments, computed by hand."""

from __future__ import annotations

import pytest

from rami.duplicate import EDITION_KINDS, deal_commitment, imps, score_deal, verify_edition
from rami.duplicate.editions import EDITION_FORMAT


def test_matchpoints_count_one_per_result_beaten_and_a_half_per_tie() -> None:
    scores = score_deal({"a": 0, "b": 20, "c": 20, "d": 45})
    assert {k: s.matchpoints for k, s in scores.items()} == {"a": 3, "b": 1.5, "c": 1.5, "d": 0}
    assert {k: s.percentage for k, s in scores.items()} == {
        "a": 100.0,
        "b": 50.0,
        "c": 50.0,
        "d": 0.0,
    }
    # d: the others average (0 + 20 + 20) / 3 = 13.33; 13.33 - 45 = -31.67: -3 IMPs.
    assert scores["d"].imps == -3 and scores["a"].field_average == pytest.approx(85 / 3)
    assert scores["a"].imps == 3  # 28.33 better: 25-39 is 3 IMPs


def test_a_field_of_one_scores_fifty_percent_and_no_imps() -> None:
    alone = score_deal({"a": 37})["a"]
    assert (alone.percentage, alone.field_average, alone.imps) == (50.0, None, 0)


@pytest.mark.parametrize(
    ("difference", "expected"),
    [(0, 0), (4.9, 0), (5, 1), (-14, -1), (15, 2), (39.9, 3), (40, 4), (199, 9), (250, 10)],
)
def test_the_imp_scale(difference: float, expected: int) -> None:
    assert imps(difference) == expected


def _edition(seeds: list[str]) -> dict[str, object]:
    kind = EDITION_KINDS[1]
    deals = [
        {"number": n, "seed": s, "commitment": deal_commitment(s, kind, "2027-01-02", n)}
        for n, s in enumerate(seeds, start=1)
    ]
    return {"format": EDITION_FORMAT, "day": "2027-01-02", "kind": kind.name, "deals": deals}


def test_an_edition_verifies_and_a_seed_moved_to_another_deal_does_not() -> None:
    seeds = [f"s{n}" for n in range(8)]
    edition = _edition(seeds)
    assert verify_edition(edition) == []
    deals = edition["deals"]
    assert isinstance(deals, list)
    deals[0]["seed"], deals[1]["seed"] = deals[1]["seed"], deals[0]["seed"]
    assert verify_edition(edition) == [
        "deal 1: the seed does not match the commitment",
        "deal 2: the seed does not match the commitment",
    ]
    assert verify_edition({**edition, "day": "2027-01-03"})[0].startswith("deal 1")
    assert verify_edition(_edition(seeds[:7])) == [
        "the deals are numbered ['1', '2', '3', '4', '5', '6', '7'], not 1-8"
    ]
