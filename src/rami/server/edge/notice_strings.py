"""The words of the notices every page shows (added to the page's messages by
:mod:`rami.server.edge.strings`)."""

from __future__ import annotations

from rami.i18n import N_

NOTICE_STRINGS: tuple[str, ...] = (
    N_("The tournament {name} is about to start."),
    N_("Open the tournament"),
    N_("Round {round} of {name}: your table is ready."),
    N_("Go to your table"),
    N_("Today's Daily Duplicate is out."),
    N_("Play the Daily Duplicate"),
    N_("Dismiss"),
    N_("Dismiss: {notice}"),
)
