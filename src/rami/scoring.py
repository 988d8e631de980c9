"""Scoring (RULES.md §4): hand penalties, round scores and the opening's points."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rami.cards import JOKER, Card, rank_of
from rami.melds import Meld
from rami.rules import RuleSet


def card_penalty(card: Card, rules: RuleSet) -> int:
    """What one card left in hand scores: 2-10 face value, J/Q/K 10, ace and joker per rules."""
    if card == JOKER:
        return rules.joker_in_hand
    rank = rank_of(card)
    if rank == 1:
        return rules.ace_in_hand
    return min(rank, 10)


def hand_value(hand: Sequence[Card], rules: RuleSet) -> int:
    """The sum of the cards' penalties."""
    return sum(card_penalty(card, rules) for card in hand)


def hand_penalty(hand: Sequence[Card], rules: RuleSet, opened: bool) -> int:
    """What a hand scores at the end of a round (a player who never opened: a flat penalty)."""
    if not opened and rules.never_opened_penalty is not None:
        return rules.never_opened_penalty
    return hand_value(hand, rules)


def round_scores(
    hands: Sequence[Sequence[Card]],
    opened: Sequence[bool],
    rules: RuleSet,
    winner: int | None,
    rami_sec: bool,
) -> tuple[int, ...]:
    """Each seat's score for a round; ``winner`` None means a forced end."""
    raw = [hand_penalty(hand, rules, op) for hand, op in zip(hands, opened, strict=True)]
    if winner is None:
        if rules.forced_end_scoring == "lowest_zero":
            low = min(raw)
            return tuple(0 if score == low else score for score in raw)
        return tuple(raw)
    factor = 2 if rami_sec and rules.rami_sec_bonus == "double" else 1
    return tuple(0 if seat == winner else score * factor for seat, score in enumerate(raw))


@dataclass(frozen=True, slots=True)
class OpeningCheck:
    """The verdict on a set of melds laid down as an opening."""

    valid: bool
    points: int
    clean_run: bool
    waived: bool = False
    """True when the opening is valid only because the player goes out (rami sec)."""
    code: str = ""
    message: str = ""


def check_opening(melds: Sequence[Meld], rules: RuleSet, goes_out: bool = False) -> OpeningCheck:
    """Judge an opening as a whole: threshold, clean run, jokers counted per the rules.

    ``goes_out`` says the player will have laid down every card this turn (a rami sec): the
    points threshold is then waived, and the clean run too if the rules say so.
    """
    points = sum(meld.points(rules.jokers_count_in_opening) for meld in melds)
    clean = any(meld.clean for meld in melds)
    if not melds:
        return OpeningCheck(False, 0, False, False, "nothing_staged", "no meld is staged")
    below = points < rules.opening_points
    waived = below and goes_out
    needs_clean = rules.opening_needs_clean_run and not (
        waived and rules.rami_sec_waives == "points_and_clean_run"
    )
    if below and not goes_out:
        message = f"{points} < {rules.opening_points}"
        return OpeningCheck(False, points, clean, False, "opening_below_threshold", message)
    if needs_clean and not clean:
        message = "the opening needs a clean run (a run with no joker)"
        return OpeningCheck(False, points, clean, False, "opening_needs_clean_run", message)
    return OpeningCheck(True, points, clean, waived)
