"""The words of the web review (replay page, round end, profile), added to the page's messages
by :mod:`rami.server.edge.strings`; the verdicts, kinds and bands are the terminal review's."""

from __future__ import annotations

from rami.i18n import N_

REVIEW_STRINGS: tuple[str, ...] = (
    N_("inaccuracy"),
    N_("mistake"),
    N_("blunder"),
    N_("the draw"),
    N_("the table play"),
    N_("the discard"),
    N_("world class"),
    N_("expert"),
    N_("advanced"),
    N_("intermediate"),
    N_("casual"),
    N_("beginner"),
    N_("Review this round"),
    N_("Review of {name}, round {number}"),
    N_("The review is being computed…"),
    N_("Accuracy {accuracy}%, {points} points lost per decision, performance {rating} ({band})"),
    N_("Luck: the deal {deal}, the draws {draws} (above 0: luckier than the average)"),
    N_("Points lost at each decision"),
    N_("{count} decisions judged; the worst lost {points} points."),
    N_("Turn {turn}, {kind}"),
    N_("Show the position"),
    N_("Find a better move"),
    N_("Which move is better here?"),
    N_("Right: that is the best move found."),
    N_("Not the best move found."),
    N_("Best: {move} ({points} points expected)"),
    N_("Played: {move} ({points} points expected)"),
    N_("No mistake in this round."),
    N_("Accuracy over time"),
    N_("{name}'s accuracy in each reviewed round"),
    N_("From {first}% to {last}% over {count} reviewed rounds."),
    N_("Log in to review your rounds."),
    N_("Open the review on the replay"),
    N_("Seat to review"),
    N_("Anyone may review a seat of a public game once the match is over."),
)
