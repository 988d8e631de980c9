"""A whole record reviewed for one seat: its decisions judged, round by round, luck apart.

The budget is a count of worlds and candidates and every random draw comes from a generator
seeded by the review's seed, the round, the turn and the decision, so the same record, seat,
budget and seed give the same review on any machine.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from contextlib import suppress
from dataclasses import dataclass
from random import Random

from rami.bots.determinize import InconsistentView, sample_world
from rami.records import GameRecord
from rami.review.budget import BUDGETS, ReviewBudget
from rami.review.candidates import Choice, discard_choice, draw_choice, play_choice
from rami.review.decisions import Decision, decide
from rami.review.luck import average_deal, deal_distance, draw_luck
from rami.review.scale import band, rating, severity
from rami.review.turns import SeatRound, seat_rounds

DEFAULT_SEED = "review"

Progress = Callable[[int, int], None]
"""Called with (decisions judged, decisions in all) after each decision."""
Stop = Callable[[], bool]
"""Asked before each turn planned and each decision judged: True ends the review."""


class ReviewStopped(Exception):
    """The review was asked to stop (its ``stop`` answered True)."""


def _check(stop: Stop | None) -> None:
    if stop is not None and stop():
        raise ReviewStopped


@dataclass(frozen=True, slots=True)
class Summary:
    """Skill over a set of judged decisions."""

    decisions: int
    accuracy: float
    mean_loss: float
    """Mean counted points lost per judged decision."""
    mean_win_loss: float
    rating: float
    band: str
    verdicts: dict[str, int]


@dataclass(frozen=True, slots=True)
class Luck:
    """Luck over a round (or a match: sums, and the mean deal)."""

    deal_distance: float | None
    deal_average: float | None
    deal: float
    """Average dealt distance minus the seat's (positive: a better deal than the average)."""
    draws: int
    draw: float
    """Sum over the stock draws of the expected draw's distance minus the drawn one's."""


@dataclass(frozen=True, slots=True)
class RoundReview:
    index: int
    score: int | None
    won: bool | None
    decisions: tuple[Decision, ...]
    summary: Summary
    luck: Luck


@dataclass(frozen=True, slots=True)
class Review:
    """A record reviewed for one seat."""

    seat: int
    player: str
    budget: ReviewBudget
    seed: str
    lang: str
    rounds: tuple[RoundReview, ...]
    summary: Summary
    luck: Luck


def summarize(decisions: Sequence[Decision]) -> Summary:
    """Accuracy, mean loss and rating of ``decisions``."""
    count = len(decisions)
    mean = sum(d.loss_points for d in decisions) / count if count else 0.0
    win = sum(d.loss_win for d in decisions) / count if count else 0.0
    score = sum(d.accuracy for d in decisions) / count if count else 100.0
    tally = {name: 0 for name in ("inaccuracy", "mistake", "blunder")}
    for d in decisions:
        if d.verdict is not None:
            tally[d.verdict] += 1
    value = rating(mean)
    return Summary(count, score, mean, win, value, band(value), tally)


def round_choices(
    seat_round: SeatRound, seed: str, budget: ReviewBudget, stop: Stop | None = None
) -> list[Choice]:
    """The decisions of one round worth judging, in the order played."""
    choices: list[Choice | None] = []
    for turn in seat_round.turns:
        _check(stop)
        choices.append(draw_choice(turn))
        if turn.play_view is not None:
            rng = Random(f"{seed}|plan|{seat_round.index}|{turn.number}")
            try:
                world = sample_world(turn.play_view, rng)
            except InconsistentView:
                world = None
            if world is not None:
                choices.append(play_choice(turn, world, budget.lookahead))
        choices.append(discard_choice(turn, budget.discards, budget.lookahead))
    return [c for c in choices if c is not None]


def _luck(seat_round: SeatRound) -> Luck:
    view = seat_round.deal_view
    draws = [x for x in map(draw_luck, seat_round.turns) if x is not None]
    if view is None:
        return Luck(None, None, 0.0, 0, 0.0)
    distance, average = deal_distance(view), average_deal(view.rules, sum(view.active))
    return Luck(distance, average, average - distance, len(draws), sum(draws))


def review_record(
    record: GameRecord,
    seat: int,
    budget: ReviewBudget = BUDGETS["quick"],
    seed: str = DEFAULT_SEED,
    lang: str = "en",
    progress: Progress | None = None,
    rounds: Collection[int] | None = None,
    stop: Stop | None = None,
) -> Review:
    """Review every decision of match seat ``seat`` in ``record`` (already loaded), in every
    round or only in the match's round numbers ``rounds``; raises ReviewStopped once ``stop``
    answers True."""
    if not 0 <= seat < len(record.names):
        raise ValueError(f"no seat {seat}: the record has seats 0 to {len(record.names) - 1}")
    chosen = [
        r
        for r in seat_rounds(record, seat)
        if r.deal_view is not None and (rounds is None or r.index in rounds)
    ]
    planned = [(r, round_choices(r, seed, budget, stop)) for r in chosen]
    total = sum(len(choices) for _, choices in planned)
    done = 0
    reviewed = []
    for seat_round, choices in planned:
        decisions = []
        for number, choice in enumerate(choices):
            _check(stop)
            turn = choice.view.turn_number
            rng = Random(f"{seed}|{seat_round.index}|{turn}|{choice.kind}|{number}")
            with suppress(InconsistentView):
                decisions.append(decide(choice, turn, rng, budget, lang))
            done += 1
            if progress is not None:
                progress(done, total)
        reviewed.append(
            RoundReview(
                seat_round.index,
                seat_round.score,
                seat_round.won,
                tuple(decisions),
                summarize(decisions),
                _luck(seat_round),
            )
        )
    every = [d for r in reviewed for d in r.decisions]
    return Review(
        seat,
        record.names[seat],
        budget,
        seed,
        lang,
        tuple(reviewed),
        summarize(every),
        _match_luck(reviewed),
    )


def _match_luck(rounds: Sequence[RoundReview]) -> Luck:
    dealt = [r.luck for r in rounds if r.luck.deal_distance is not None]
    if not dealt:
        return Luck(None, None, 0.0, 0, 0.0)
    distance = sum(x.deal_distance or 0.0 for x in dealt) / len(dealt)
    average = sum(x.deal_average or 0.0 for x in dealt) / len(dealt)
    draws = sum(x.draws for x in dealt)
    return Luck(distance, average, sum(x.deal for x in dealt), draws, sum(x.draw for x in dealt))


def worst_first(review: Review) -> list[tuple[int, Decision]]:
    """Every judged decision with its round, worst first (verdict, then points lost)."""
    found = [(r.index, d) for r in review.rounds for d in r.decisions]
    return sorted(found, key=lambda item: (-severity(item[1].verdict), -item[1].loss_points))
