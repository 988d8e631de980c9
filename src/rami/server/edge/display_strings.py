"""The words of the display panel, the offline lobby and the update notice (the installable
app); :mod:`rami.server.edge.strings` adds them to the page's messages and refusals."""

from __future__ import annotations

from rami.i18n import N_

DISPLAY_STRINGS: tuple[str, ...] = (
    N_("Display"),
    N_("Large cards"),
    N_("High contrast"),
    N_("Four-colour deck"),
    N_("Left-handed layout"),
    N_("Kept on this device."),
    N_("Kept with your account."),
    N_("A new version of Rami is ready."),
    N_("Reload"),
    N_("You are offline."),
    N_("The rules pages you have read are kept on this device."),
)
"""Every message of the display panel and of the installable app."""
