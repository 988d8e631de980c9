"""Safety at a table's websocket: chat through mutes, blocks and the word filter; a
connection's chat log without the lines of those it blocks; rated seats refused to a banned
account; and ``report`` messages (a seat's player or a chat line's writer, with the table's
record and the line attached). They run in the process that owns the table (a relayed
connection's too), so the chat log and the record are at hand; blocks and standings are read
from the shared database."""

from __future__ import annotations

from rami.server.edge.replay import record_text
from rami.server.messages.limits import TokenBucket
from rami.server.messages.outgoing import ReportedMessage, encode, error_message
from rami.server.messages.protocol import Report as ReportMessage
from rami.server.social import chat
from rami.server.social.moderation import SafetyRefusal
from rami.server.social.reports import Report
from rami.server.social.safety import Safety
from rami.server.tables.actor import Table
from rami.server.tables.state import Client


def _refuse(client: Client, code: str, message: str) -> None:
    client.send(encode(error_message(code, message)))


async def say(
    safety: Safety | None, table: Table, client: Client, text: str, bucket: TokenBucket
) -> None:
    """One chat line of ``client``: refused while muted, unread by those who block it."""
    if safety is None:
        chat.say(table, client, text, bucket)
        return
    refused = await safety.chat_refusal(client.account)
    if refused is not None:
        _refuse(client, *refused)
        return
    unread_by = await safety.unread_by(client.account)
    chat.say(table, client, text, bucket, unread_by, safety.words)


async def greet(safety: Safety | None, table: Table, client: Client) -> None:
    """The chat log after ``hello``, without the lines of the accounts ``client`` blocks."""
    hidden = frozenset[int]() if safety is None else await safety.hidden_from(client.account)
    chat.greet(table, client, hidden)


async def join_refused(safety: Safety | None, table: Table, client: Client) -> bool:
    """True (and refused) when a banned account asks for a seat at a rated table, or for its
    rematch."""
    if safety is None or not table.config.rated:
        return False
    refusal = await safety.rated_refusal(client.account)
    if refusal is not None:
        _refuse(client, refusal.code, refusal.message)
    return refusal is not None


async def report(safety: Safety | None, table: Table, client: Client, msg: ReportMessage) -> None:
    """File a report of a seat's player or of a chat line's writer; ``reported`` or a refusal."""
    try:
        if safety is None or client.account is None:
            raise SafetyRefusal(401, "login_required", "log in to report a player")
        filed = Report(
            _reported_name(table, client, msg),
            msg.reason,
            msg.note,
            "chat" if msg.line is not None else "table",
            table.table_id,
            _line(table, msg.line),
            None if table.match is None else record_text(table.match),
        )
        number = await safety.file(client.account, filed)
    except SafetyRefusal as refusal:
        _refuse(client, refusal.code, refusal.message)
        return
    client.send(encode(ReportedMessage(report=number)))


def _reported_name(table: Table, client: Client, msg: ReportMessage) -> str:
    if (msg.seat is None) == (msg.line is None):
        raise SafetyRefusal(400, "bad_report", "name a seat or a chat line to report")
    if msg.line is not None:
        line = table.chat.line(msg.line)
        if line is None or not chat.can_read(client, line["channel"]):
            raise SafetyRefusal(404, "no_such_line", "this table keeps no such chat line")
        author = table.chat.authors.get(msg.line)
        if author is None:
            raise SafetyRefusal(404, "no_such_account", "this line's writer has no account")
        return author.name
    if not 0 <= msg.seat < len(table.seats):  # type: ignore[operator]
        raise SafetyRefusal(404, "no_such_seat", "this table has no such seat")
    account = table.seats[msg.seat].account  # type: ignore[index]
    if account is None:
        raise SafetyRefusal(404, "no_such_account", "no account holds this seat")
    return account.name


def _line(table: Table, line_id: int | None) -> dict[str, object] | None:
    line = None if line_id is None else table.chat.line(line_id)
    if line is None:
        return None
    return {key: line[key] for key in ("id", "channel", "seat", "name", "spectator", "text")}
