"""Table chat: players talk among themselves, spectators among themselves.

A player's line goes to everyone at the table; a spectator's line goes to the spectators
only, so nobody who watches can coach a player. Spectators thus read both channels and
players read the players' channel. Lines are cleaned (control and bidirectional-override
characters go, runs of white space become one space), hold 1 to :data:`CHAT_MAX`
characters, and each connection may send :attr:`~rami.server.messages.limits.Limits.chat_per_minute`
of them (after a burst). The table keeps the last lines in memory
(:class:`~rami.server.tables.extras.ChatLog`); a connection gets those it may read after ``hello``.
A line's writer is not read by the accounts that block it, and masked words (the chat word
filter) show as asterisks. Chat is not part of the game record and is never stored.
"""

from __future__ import annotations

import re
import unicodedata

from rami.server.messages.limits import TokenBucket
from rami.server.messages.outgoing import (
    ChatLine,
    ChatLogMessage,
    ChatMessage,
    encode,
    error_message,
)
from rami.server.tables.actor import Table
from rami.server.tables.extras import Channel
from rami.server.tables.identity import Identity
from rami.server.tables.state import Client

CHAT_MAX = 300
"""Characters of one chat line (after cleaning)."""
SENT_ON_HELLO = 30
"""Recent lines a connection gets after ``hello``."""

_DROPPED = frozenset(("Cc", "Cs", "Co", "Cn", "Zl", "Zp"))
_BIDI = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F))


def clean_chat(text: str) -> str | None:
    """The line as it is shown: no control characters, spaces collapsed (None: refused)."""
    kept = "".join(
        " " if unicodedata.category(ch) in _DROPPED or ch in _BIDI else ch for ch in text
    )
    line = " ".join(kept.split())
    return line if 0 < len(line) <= CHAT_MAX else None


def word_pattern(words: tuple[str, ...]) -> re.Pattern[str] | None:
    """A pattern of the whole ``words`` in any case (None: no filter)."""
    kept = sorted({w.strip() for w in words if w.strip()}, key=len, reverse=True)
    if not kept:
        return None
    return re.compile(r"\b(?:" + "|".join(re.escape(w) for w in kept) + r")\b", re.IGNORECASE)


def masked(line: str, pattern: re.Pattern[str] | None) -> str:
    """``line`` with every filtered word shown as asterisks."""
    return line if pattern is None else pattern.sub(lambda m: "*" * len(m.group()), line)


def can_read(client: Client, channel: Channel) -> bool:
    """Spectators read both channels; players read the players' channel."""
    return client.seat is None or channel == "players"


def _refuse(client: Client, code: str, message: str) -> None:
    client.send(encode(error_message(code, message)))


def say(
    table: Table,
    client: Client,
    text: str,
    bucket: TokenBucket,
    unread_by: frozenset[int] = frozenset(),
    words: re.Pattern[str] | None = None,
) -> None:
    """Send one line from ``client`` to those who may read it, except the accounts in
    ``unread_by`` (they block the sender), its ``words`` masked (refusals: no resync)."""
    if table.closed:
        _refuse(client, "table_closed", "the host closed this table")
        return
    if not bucket.take():
        _refuse(client, "chat_too_fast", "too many chat lines: wait a little")
        return
    line = clean_chat(text)
    if line is None:
        _refuse(client, "bad_chat", f"a chat line has 1 to {CHAT_MAX} characters")
        return
    line = masked(line, words)
    seat, author = client.seat, client.account
    if seat is None:
        number = table.chat.spectator_number(client)
        kept = table.chat.add("spectators", None, None, number, line, author)
    else:
        kept = table.chat.add("players", seat, table.seats[seat].name, None, line, author)
    message = encode(ChatMessage(**kept))
    for other in list(table.clients):
        if can_read(other, kept["channel"]) and _account_of(other) not in unread_by:
            other.send(message)


def _account_of(client: Client) -> int | None:
    return _id(client.account)


def _id(account: Identity | None) -> int | None:
    return None if account is None else account.account_id


def greet(table: Table, client: Client, hidden: frozenset[int] = frozenset()) -> None:
    """After ``hello``: the recent lines ``client`` may read, oldest first (if there are any),
    but those of the accounts in ``hidden`` (the ones it blocks)."""
    authors = table.chat.authors
    lines = [
        ChatLine(**line)
        for line in table.chat.lines
        if can_read(client, line["channel"]) and _id(authors.get(line["id"])) not in hidden
    ]
    if lines:
        client.send(encode(ChatLogMessage(lines=lines[-SENT_ON_HELLO:])))
