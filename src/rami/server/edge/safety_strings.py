"""The words of blocks, reports and the moderators' page (added to the page's messages by
:mod:`rami.server.edge.strings`)."""

from __future__ import annotations

from rami.i18n import N_

SAFETY_STRINGS: tuple[str, ...] = (
    N_("Cheating or collusion"),
    N_("Abusive chat"),
    N_("Leaving games"),
    N_("Offensive name"),
    N_("Report {name}"),
    N_("Reason"),
    N_("What happened (optional)"),
    N_("Send the report"),
    N_("Close"),
    N_("Cancel"),
    N_("Thank you: the moderators will read your report."),
    N_("Not connected."),
    N_("Report"),
    N_("Report this line of {name}"),
    N_("Left {left} of {rated} rated games."),
    N_(
        "Left: the game ended with a bot playing for them after they went away and did not"
        " come back."
    ),
    N_("You no longer block {name}."),
    N_("You block {name}: their chat no longer reaches you and quick match keeps you apart."),
    N_("Block {name}"),
    N_("Unblock {name}"),
    N_("Moderation"),
    N_("Warn"),
    N_("Mute"),
    N_("Lift the mute"),
    N_("Ban from rated play"),
    N_("Lift the rated ban"),
    N_("Close the account"),
    N_("Dismiss the report"),
    N_("Done: {action} for {name}."),
    N_("{reporter} reports {reported}: {reason}"),
    N_("Table {id}"),
    N_("Game record"),
    N_("Action"),
    N_("Minutes (mute)"),
    N_("Apply"),
    N_("No action yet."),
    N_("When"),
    N_("Moderator"),
    N_("Player"),
    N_("{minutes} min"),
    N_("Open reports"),
    N_("No open report."),
    N_("Audit log"),
)
