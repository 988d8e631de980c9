"""The words of the Daily Duplicate page and its refusals (added to the page's messages by
:mod:`rami.server.edge.strings`)."""

from __future__ import annotations

from rami.i18n import N_

DUPLICATE_STRINGS: tuple[str, ...] = (
    N_("Daily Duplicate"),
    N_(
        "The deals of {day}: the same for everyone, against the hard bot. Each seed's"
        " commitment is shown now; the seeds are revealed at 00:00 UTC."
    ),
    N_("Log in to play the Daily Duplicate."),
    N_("{players} players"),
    N_("Deal"),
    N_("Deal {number}"),
    N_("Your seat"),
    N_("Seat {seat}"),
    N_("Commitment"),
    N_("State"),
    N_("Not played"),
    N_("Begun"),
    N_("Played"),
    N_("Play"),
    N_("Resume"),
    N_("Results"),
    N_("The day's leaderboard"),
    N_("Par is being computed."),
    N_("Par (the expert bot): {points} points"),
    N_("Points"),
    N_("Matchpoints"),
    N_("IMPs"),
    N_("Deals"),
    N_("Replay"),
    N_("Your history"),
    N_("Day"),
    N_("Edition"),
)
