"""The words of "your turn" (the account's notifications, sound and vibration) and of play over
days (the long turn timers, the timeout rule, "My games"); :mod:`rami.server.edge.strings` adds
them to the page's messages."""

from __future__ import annotations

from rami.i18n import N_

TURN_STRINGS: tuple[str, ...] = (
    N_("Vibrate on your turn"),
    N_("The browser does not allow notifications from Rami: allow them in its settings."),
    N_("This browser could not subscribe to notifications."),
    N_("When it is your turn"),
    N_("Notifications on this device, even when Rami is closed"),
    N_("This browser cannot receive notifications."),
    N_("Vibrate on your turn (phones)"),
    N_("1 hour per turn"),
    N_("8 hours per turn"),
    N_("1 day per turn"),
    N_("3 days per turn"),
    N_("{days} d {hours} h"),
    N_("{hours} h {minutes} min"),
    N_("{hours} h"),
    N_("Play over days"),
    N_("When a player runs out of time"),
    N_("Timeout rule"),
    N_("A bot plays their turn"),
    N_("They forfeit the match after some timeouts"),
    N_("Timeouts before the forfeit"),
    N_("Waiting to start"),
    N_("{name} to play"),
    N_("{time} left"),
    N_("{count} of {limit} timeouts"),
    N_("My games"),
    N_("That did not work: try again."),
)
"""Every message of the turn alerts and of play over days."""
