"""How an account sees the cards (size, contrast, deck colours, the hand it plays with) and how
it is told that it is its turn (a sound, a vibration, notifications).

| Preference | Values (first: the default) | On the page |
|---|---|---|
| ``card_size`` | ``medium``, ``small``, ``large`` | ``large``: the large-card layout |
| ``theme`` | ``standard``, ``high-contrast`` | black and white, strong outlines |
| ``deck`` | ``two-colour``, ``four-colour`` | clubs green and diamonds blue |
| ``hand`` | ``right``, ``left`` | the piles, the actions and the side panel mirrored |
| ``sound`` | ``off``, ``on`` | a short beep when the turn comes to the player |
| ``vibrate`` | ``off``, ``on`` | a vibration (phones) when the turn comes to the player |
| ``notify`` | ``off``, ``on`` | notifications: the page's own, and Web Push on the devices the |
| | | player switched on (each device subscribes by itself, ``/api/push/subscriptions``) |

``card_size`` is the account's existing column; the others live in ``account_preferences``
(one row per account, none until the first change). A change names at least one preference;
an unknown name or value is refused whole (400 ``bad_preferences``) and nothing is stored.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError
from sqlalchemy import insert, select, update
from sqlalchemy.engine import Connection

from rami.accounts.errors import AccountError
from rami.accounts.schema import accounts_t, preferences_t

CardSize = Literal["medium", "small", "large"]
Theme = Literal["standard", "high-contrast"]
Deck = Literal["two-colour", "four-colour"]
Hand = Literal["right", "left"]
Switch = Literal["off", "on"]


class Preferences(BaseModel):
    """Every preference of an account (defaults for those never changed)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    card_size: CardSize = "medium"
    theme: Theme = "standard"
    deck: Deck = "two-colour"
    hand: Hand = "right"
    sound: Switch = "off"
    vibrate: Switch = "off"
    notify: Switch = "off"


FIELDS = tuple(Preferences.model_fields)
OWN_COLUMNS = ("theme", "deck", "hand", "sound", "vibrate", "notify")
"""The preferences kept in ``account_preferences`` (``card_size`` is on the account)."""


def _words(error: ValidationError) -> str:
    parts = []
    for problem in error.errors():
        where = ".".join(str(part) for part in problem["loc"]) or "body"
        if problem["type"] == "extra_forbidden":
            parts.append(f"unknown preference {where!r}")
        else:
            parts.append(f"{where}: {problem['msg'][0].lower()}{problem['msg'][1:]}")
    return "; ".join(parts)


def check_change(body: dict[str, Any]) -> dict[str, str]:
    """The preferences ``body`` changes, checked; :class:`AccountError` ``bad_preferences``."""
    if not body:
        raise AccountError(400, "bad_preferences", f"send one or more of {', '.join(FIELDS)}")
    try:
        checked = Preferences.model_validate(body)
    except ValidationError as error:
        raise AccountError(400, "bad_preferences", _words(error)) from None
    return {name: str(getattr(checked, name)) for name in body}


def read(conn: Connection, account_id: int) -> Preferences:
    """The account's preferences now."""
    size = conn.execute(select(accounts_t.c.card_size).where(accounts_t.c.id == account_id))
    row = conn.execute(
        select(*(preferences_t.c[name] for name in OWN_COLUMNS)).where(
            preferences_t.c.account_id == account_id
        )
    ).first()
    own = {} if row is None else dict(row._mapping)
    return Preferences.model_validate({"card_size": size.scalar_one(), **own})


def write(conn: Connection, account_id: int, change: dict[str, str], now: float) -> Preferences:
    """Store a checked change (see :func:`check_change`); the preferences after it."""
    if "card_size" in change:
        conn.execute(
            update(accounts_t)
            .where(accounts_t.c.id == account_id)
            .values(card_size=change["card_size"])
        )
    own = {name: value for name, value in change.items() if name in OWN_COLUMNS}
    if own:
        where = preferences_t.c.account_id == account_id
        exists = conn.execute(select(preferences_t.c.account_id).where(where)).first()
        if exists is None:
            defaults = Preferences().model_dump(include=set(OWN_COLUMNS))
            row = {**defaults, **own, "account_id": account_id, "updated": now}
            conn.execute(insert(preferences_t), row)
        else:
            conn.execute(update(preferences_t).where(where).values(**own, updated=now))
    return read(conn, account_id)
