"""The words of the tournament pages (added to the page's messages by
:mod:`rami.server.edge.strings`)."""

from __future__ import annotations

from rami.i18n import N_

TOURNAMENT_STRINGS: tuple[str, ...] = (
    N_("Tournaments"),
    N_("Swiss"),
    N_("Arena"),
    N_("Running"),
    N_("No tournament yet."),
    N_("Create a tournament"),
    N_("Tournament name"),
    N_("Rounds (Swiss) or minutes (arena)"),
    N_("Starts in (minutes)"),
    N_("Deals per table"),
    N_("Duplicate deals"),
    N_("Twin tables"),
    N_("Create"),
    N_("Wins"),
    N_("Streak"),
    N_("Buchholz"),
    N_("Live tables"),
    N_("Fair deals"),
    N_("Each round's deals were fixed when the tournament was created; their commitments:"),
    N_("The seed is revealed when the tournament is over."),
    N_(
        "The tournament is over; its seed is {seed}. Check every round with rami verify on the"
        " tournament's document."
    ),
    N_("The tournament's document"),
    N_("Your table"),
    N_("Log in to join a tournament."),
    N_("Withdraw"),
    N_("Round {round} of {rounds}"),
    N_("Open for entries"),
    N_("Finished"),
    N_("Rules"),
    N_("Players"),
    N_("Start"),
    N_("Points"),
    N_("Score"),
    N_("Rank"),
    N_("Player"),
    N_("Played"),
    N_("Join"),
)
