"""The page's worked examples, judged by the engine when the page is generated.

Nothing here states a verdict: each example is a list of cards, and the verdict, the points,
the joker's card and the scores come from the engine (:mod:`rami.melds`, :mod:`rami.scoring`,
:func:`rami.engine.deal`) under the :class:`~rami.rules.RuleSet` shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from rami.cards import Card, parse_card, parse_cards
from rami.engine import deal
from rami.errors import InvalidMeldError
from rami.melds import Meld, MeldKind, layoff_readings, make_meld, meld_readings, swap_joker
from rami.rules import RuleSet
from rami.scoring import OpeningCheck, check_opening, round_scores

SET_EXAMPLES = ("KH KS KD", "AC AH AS", "7S 7S 7H", "QC QD QH QS", "5C 5D 6C")
RUN_EXAMPLES = ("AH 2H 3H", "5C 6C 7C", "QH KH AH", "KH AH 2H", "9S 10S JS QS KS", "8D 9D JD")
JOKER_EXAMPLES = (
    "9C 9D 9H JK",
    "JK 7S 8S",
    "JK JK 5H 6H",
    "2H 3H JK",
    "QS KS JK",
    "5D JK 7D",
    "KH KS JK",
)
RETRIEVAL_EXAMPLES = (
    ("9C 9D 9H JK", "9S"),
    ("KH KS JK", "KC"),
    ("JK 7S 8S", "9S"),
    ("JK 7S 8S", "6S"),
)
OPENING_EXAMPLES = (
    ("10S JS QS", "7H 7C 7D"),
    ("KH KS KD", "5C 6C 7C"),
    ("AC AH AS", "JK 7S 8S"),
    ("2H 3H 4H 5H 6H", "QS KS JK"),
    ("2C 3C 4C", "9H 9D 9S"),
)
SCORING_HAND = "AS KD 7C JK"


@dataclass(frozen=True)
class MeldVerdict:
    """The engine's verdict on some cards laid as one meld."""

    cards: tuple[Card, ...]
    meld: Meld | None
    """The meld as the engine reads it (jokers at the lowest-valued position); None if refused."""
    error_code: str | None
    other_readings: tuple[Meld, ...] = ()
    """Other positions the jokers could take (higher value)."""

    @property
    def points(self) -> int | None:
        """The meld's points, None if refused."""
        return None if self.meld is None else self.meld.points()


def judge_meld(text: str, rules: RuleSet) -> MeldVerdict:
    """The verdict on the cards ``text`` as one meld under ``rules``."""
    cards = parse_cards(text)
    try:
        readings = meld_readings(cards, rules.jokers_per_meld)
    except InvalidMeldError as error:
        return MeldVerdict(cards, None, error.code)
    return MeldVerdict(cards, readings[0], None, tuple(readings[1:]))


def judge_opening(groups: tuple[str, ...], rules: RuleSet) -> OpeningCheck:
    """The engine's verdict on laying the melds ``groups`` together as an opening."""
    melds = [make_meld(parse_cards(group), rules.jokers_per_meld) for group in groups]
    return check_opening(melds, rules)


@dataclass(frozen=True)
class RetrievalVerdict:
    """The verdict on giving ``card`` to take the joker out of ``meld``."""

    meld: Meld
    card: Card
    result: Meld | None
    """The meld after the swap; None when the joker stays."""
    reason: str | None
    """Why the joker stays: ``retrieval_off``, ``set_retrieval_off``,
    ``set_needs_three_naturals``, ``card_laid_off_instead`` or ``not_the_jokers_card``."""


def judge_retrieval(table: str, given: str, rules: RuleSet) -> RetrievalVerdict:
    """The verdict on a joker retrieval from the meld ``table`` with the card ``given``."""
    meld = make_meld(parse_cards(table), rules.jokers_per_meld)
    card = parse_card(given)
    result = swap_joker(meld, card) if rules.joker_retrieval else None
    if meld.kind is MeldKind.SET and not rules.retrieval_from_set:
        result = None
    reason = None
    if result is None:
        reason = _retrieval_refusal(meld, card, rules)
    return RetrievalVerdict(meld, card, result, reason)


def _retrieval_refusal(meld: Meld, card: Card, rules: RuleSet) -> str:
    if not rules.joker_retrieval:
        return "retrieval_off"
    if meld.kind is MeldKind.SET:
        return "set_retrieval_off" if not rules.retrieval_from_set else "set_needs_three_naturals"
    if layoff_readings(meld, card, rules.jokers_per_meld):
        return "card_laid_off_instead"
    return "not_the_jokers_card"


@dataclass(frozen=True)
class ScoringCase:
    """One line of the scoring example: a situation and the score it gives."""

    key: str
    """``opened``, ``never_opened``, ``opened_rami_sec`` or ``never_opened_rami_sec``."""
    points: int


def scoring_cases(rules: RuleSet) -> tuple[ScoringCase, ...]:
    """The scores of the example hand for a player who opened or not, with or without rami sec."""
    hand = parse_cards(SCORING_HAND)
    cases = []
    for rami_sec in (False, True):
        if rami_sec and rules.rami_sec_bonus == "none":
            continue
        for opened in (True, False):
            key = ("opened" if opened else "never_opened") + ("_rami_sec" if rami_sec else "")
            scores = round_scores(((), hand), (True, opened), rules, winner=0, rami_sec=rami_sec)
            cases.append(ScoringCase(key, scores[1]))
    return tuple(cases)


def stock_after_deal(rules: RuleSet, players: int) -> int:
    """Cards left in the stock once the engine has dealt the hands (and the upcard, if any)."""
    return len(deal(rules, players, seed="rules page").stock)
