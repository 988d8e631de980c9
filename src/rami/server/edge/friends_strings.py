"""The words of friends: following, the lobby's friends panel, invitations (added to the page's
messages by :mod:`rami.server.edge.strings`)."""

from __future__ import annotations

from rami.i18n import N_

FRIENDS_STRINGS: tuple[str, ...] = (
    N_("Follow {name}"),
    N_("Unfollow {name}"),
    N_("You follow {name}."),
    N_("You and {name} are friends now."),
    N_("You no longer follow {name}."),
    N_("Friends"),
    N_("Online"),
    N_("Offline"),
    N_("At table {id}"),
    N_("Go to table {id}"),
    N_("Invitations"),
    N_("{name} invites you to table {table}."),
    N_("Accept"),
    N_("Decline"),
    N_("Decline the invitation of {name}"),
    N_("Invitation declined."),
    N_("Friends' games"),
    N_(
        "No friends yet: follow players from their profile or after a game; those who follow"
        " you back are your friends."
    ),
    N_("You follow, not followed back: {names}"),
    N_("Invite a friend"),
    N_("Invite {name}"),
    N_("None of your friends is online."),
    N_("Invitation sent to {name}."),
)
