"""A review as one JSON object (schema :data:`SCHEMA`; keys and their order are stable)."""

from __future__ import annotations

from typing import Any

from rami.review.decisions import Decision, Option
from rami.review.review import Luck, Review, RoundReview, Summary
from rami.review.scale import (
    ACCURACY_SCALE,
    POINTS_THRESHOLDS,
    RATING_FACTOR,
    SIGNIFICANCE,
    VERDICTS,
    WIN_THRESHOLDS,
)

SCHEMA = "rami-review/1"
DIGITS = 4
"""Decimals kept for every figure (the same text on any machine)."""


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, DIGITS)


def option_json(option: Option) -> dict[str, Any]:
    return {
        "actions": list(option.actions),
        "text": option.text,
        "points": _round(option.points),
        "win": _round(option.win),
    }


def decision_json(decision: Decision) -> dict[str, Any]:
    return {
        "turn": decision.turn,
        "kind": decision.kind,
        "played": option_json(decision.played),
        "best": option_json(decision.best),
        "likeliest_win": option_json(decision.likeliest),
        "alternatives": [option_json(o) for o in decision.alternatives],
        "loss_points": _round(decision.loss_points),
        "loss_win": _round(decision.loss_win),
        "measured_loss_points": _round(decision.raw_points),
        "measured_loss_win": _round(decision.raw_win),
        "measured_loss_points_error": _round(decision.points_error),
        "measured_loss_win_error": _round(decision.win_error),
        "verdict": decision.verdict,
        "accuracy": _round(decision.accuracy),
        "worlds": decision.worlds,
    }


def summary_json(summary: Summary) -> dict[str, Any]:
    return {
        "decisions": summary.decisions,
        "accuracy": _round(summary.accuracy),
        "mean_loss_points": _round(summary.mean_loss),
        "mean_loss_win": _round(summary.mean_win_loss),
        "rating": _round(summary.rating),
        "band": summary.band,
        "verdicts": dict(summary.verdicts),
    }


def luck_json(luck: Luck) -> dict[str, Any]:
    return {
        "deal_distance": _round(luck.deal_distance),
        "deal_average": _round(luck.deal_average),
        "deal": _round(luck.deal),
        "stock_draws": luck.draws,
        "draws": _round(luck.draw),
    }


def round_json(rnd: RoundReview) -> dict[str, Any]:
    return {
        "round": rnd.index,
        "score": rnd.score,
        "won": rnd.won,
        "summary": summary_json(rnd.summary),
        "luck": luck_json(rnd.luck),
        "decisions": [decision_json(d) for d in rnd.decisions],
    }


def review_json(review: Review) -> dict[str, Any]:
    """The whole review as a JSON-ready dictionary."""
    budget = review.budget
    return {
        "schema": SCHEMA,
        "seat": review.seat,
        "player": review.player,
        "budget": {
            "name": budget.name,
            "worlds": budget.worlds,
            "max_worlds": budget.max_worlds,
            "discards": budget.discards,
            "lookahead": budget.lookahead,
            "horizon": budget.horizon,
        },
        "seed": review.seed,
        "lang": review.lang,
        "scale": {
            "verdicts": list(VERDICTS),
            "points_thresholds": list(POINTS_THRESHOLDS),
            "win_thresholds": list(WIN_THRESHOLDS),
            "significance": SIGNIFICANCE,
            "accuracy_scale": ACCURACY_SCALE,
            "rating_factor": RATING_FACTOR,
        },
        "match": {"summary": summary_json(review.summary), "luck": luck_json(review.luck)},
        "rounds": [round_json(r) for r in review.rounds],
    }
