"""Tournaments between people: created, joined and withdrawn from by commands, paired by the
tournament's clock, their rounds' results recorded as the tables end.

Everything lives in the database (:mod:`rami.server.store.tournament_schema`), so whichever
process runs the clock reads the same tournament. The service is synchronous (run it on the
store's threads) and takes the time as an argument: the caller passes the server clock's wall
time, so tests advance a ManualClock. Commands answer a :class:`TournamentRefusal` value when
refused and change nothing then. A Swiss round is seated by :func:`rami.tournaments.pair_next`
when the previous one has all its results, an arena's free players as soon as they are free
(:mod:`~rami.server.social.tournament_arena`); :meth:`Tournaments.due_rounds` gives the boards
the caller creates tables for (:mod:`~rami.server.social.tournament_tables`).
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import ConfigDict, Field
from pydantic.dataclasses import dataclass as pydantic_dataclass
from sqlalchemy import insert, select, text, update
from sqlalchemy.engine import Connection, Engine

from rami.match import format_of
from rami.rules import PRESETS, RuleSet
from rami.server.messages.protocol import Text
from rami.server.social.tournament_arena import arena_wave
from rami.server.social.tournament_rounds import (
    board_key,
    board_rows,
    entry_rows,
    forfeit,
    pairing_results,
    result_json,
    tournament_row,
)
from rami.server.social.tournament_view import tournament_list, tournament_view
from rami.server.store.tournament_schema import boards_t, entries_t, metadata, tournaments_t
from rami.server.tables.auth import new_table_id
from rami.shuffle import new_seed
from rami.tournaments import Board, TableResult, boards, pair_next

FORMATS = ("swiss", "arena")
MAX_ROUNDS = 15
MAX_DEALS = 50

CLOCK_LOCK = 0x726D7463
"""The PostgreSQL advisory lock the process pairing the tournaments holds while it pairs."""

Due = tuple[str, int, list[tuple[int, Board]]]
"""Boards to make a table for: the tournament, the round (an arena's wave), (board, Board)."""


@dataclass(frozen=True, slots=True)
class TournamentRefusal:
    """A refused tournament command: HTTP status, stable code, message."""

    status: int
    code: str
    message: str


@pydantic_dataclass(frozen=True, config=ConfigDict(strict=True, extra="forbid"))
class CreateTournament:
    """The command that creates a tournament, also the body of ``POST /api/tournaments``."""

    name: Annotated[Text, Field(max_length=80)]
    start: float
    """When it begins (epoch seconds)."""
    preset: Annotated[Text, Field(max_length=40)] = "rami51"
    format: Annotated[Text, Field(max_length=8)] = "swiss"
    per_table: int = 2
    rounds: int = 3
    duration: float | None = None
    """An arena's length in seconds."""
    rated: bool = False
    duplicate: bool = False
    twins: bool = False
    deals: int | None = None
    """The deals each table plays (None: the preset's whole match)."""


def table_rules(preset: str, deals: int | None) -> RuleSet:
    """The rules a tournament's tables play."""
    rules = PRESETS[preset]
    return rules if deals is None else rules.replace(match_end="rounds", match_limit=deals)


def _bad(message: str) -> TournamentRefusal:
    return TournamentRefusal(400, "bad_tournament", message)


def check_create(command: CreateTournament, now: float) -> TournamentRefusal | None:
    """What is wrong with ``command`` (None: nothing)."""
    if not 1 <= len(command.name.strip()) <= 80:
        return _bad("a tournament needs a name of 1 to 80 characters")
    if command.preset not in PRESETS:
        return TournamentRefusal(400, "unknown_preset", f"no preset {command.preset!r}")
    if command.format not in FORMATS:
        return _bad("the format is swiss or arena")
    if not 2 <= command.per_table <= PRESETS[command.preset].max_players:
        return _bad("this many players cannot sit at a table of these rules")
    if command.format == "swiss" and not 1 <= command.rounds <= MAX_ROUNDS:
        return _bad(f"a Swiss tournament has 1 to {MAX_ROUNDS} rounds")
    if command.format == "arena" and not (command.duration and 60 <= command.duration <= 86400):
        return _bad("an arena lasts from a minute to a day")
    if command.start < now:
        return _bad("the start time has passed")
    if command.twins and not command.duplicate:
        return _bad("twin tables play duplicate deals")
    if command.deals is not None and not 1 <= command.deals <= MAX_DEALS:
        return _bad(f"a table plays 1 to {MAX_DEALS} deals")
    rules = table_rules(command.preset, command.deals)
    if command.rated and format_of(rules, PRESETS[command.preset]) is None:
        return _bad("a rated tournament plays a match format of its preset")
    return None


class Tournaments:
    """The tournaments in the server's database."""

    def __init__(self, engine: Engine, create: bool = False) -> None:
        self.engine = engine
        if create:  # a database not made by the migrations
            metadata.create_all(engine, checkfirst=True)

    # --- commands ------------------------------------------------------------------------

    def create(self, command: CreateTournament, host: str, now: float) -> str | TournamentRefusal:
        """The new tournament's id, or why not."""
        refused = check_create(command, now)
        if refused is not None:
            return refused
        tid = new_table_id()
        row: dict[str, Any] = {"id": tid, "name": command.name.strip(), "host": host}
        row |= {"preset": command.preset, "format": command.format}
        row |= {"per_table": command.per_table, "rounds": command.rounds}
        row |= {"start": command.start, "duration": command.duration, "rated": command.rated}
        row |= {"duplicate": command.duplicate, "twins": command.twins, "seed": new_seed()}
        row |= {"status": "open", "round": 0, "created": now, "deals": command.deals}
        with self.engine.begin() as conn:
            conn.execute(insert(tournaments_t), row)
        return tid

    def join(self, tid: str, player: str, now: float) -> TournamentRefusal | None:
        """``player`` joins ``tid`` (arena: also while it runs)."""
        with self.engine.begin() as conn:
            found = tournament_row(conn, tid)
            if found is None:
                return _missing(tid)
            if found["status"] == "finished" or (
                found["status"] != "open" and found["format"] == "swiss"
            ):
                return TournamentRefusal(409, "tournament_started", "this tournament has begun")
            entries = entry_rows(conn, tid)
            entry = next((e for e in entries if e["player"] == player), None)
            if entry is not None and entry["withdrawn"] is None:
                return TournamentRefusal(409, "already_joined", "you are in this tournament")
            if entry is not None:
                where = (entries_t.c.tournament_id == tid, entries_t.c.player == player)
                conn.execute(update(entries_t).where(*where).values(withdrawn=None))
                return None
            row = {"tournament_id": tid, "player": player, "position": len(entries)}
            conn.execute(insert(entries_t), row | {"joined": now})
        return None

    def withdraw(self, tid: str, player: str, now: float) -> TournamentRefusal | None:
        """``player`` leaves ``tid``; a table of theirs still being played is forfeited."""
        with self.engine.begin() as conn:
            found = tournament_row(conn, tid)
            if found is None:
                return _missing(tid)
            entry = next((e for e in entry_rows(conn, tid) if e["player"] == player), None)
            if entry is None or entry["withdrawn"] is not None:
                return TournamentRefusal(409, "not_joined", "you are not in this tournament")
            where = (entries_t.c.tournament_id == tid, entries_t.c.player == player)
            conn.execute(update(entries_t).where(*where).values(withdrawn=now))
            for board in board_rows(conn, tid):
                seats = json.loads(board["seats"])
                if board["result"] is None and player in seats and len(seats) > 1:
                    forfeit(conn, board, seats, {player})
        return None

    # --- the clock -----------------------------------------------------------------------

    def due_rounds(self, now: float, present: Collection[str] | None = None) -> list[Due]:
        """Seat every round that is due at ``now``: (tournament, round, boards to make).

        A Swiss round is due at the start time (round 1) or once every board of the previous
        round has its result; ``present`` (None: everyone) are the players connected now, and
        a seated player missing from it forfeits the round (no table is made for that board).
        An arena seats its free players who are present. A tournament whose last round has
        its results is finished.

        On PostgreSQL one process at a time pairs: another that comes meanwhile pairs nothing
        (its next tick sees what the first seated), and a process that dies mid-pairing leaves
        nothing behind (its transaction and its lock end with its connection)."""
        made: list[Due] = []
        with self.engine.begin() as conn:
            if (
                conn.dialect.name == "postgresql"
                and not conn.execute(
                    text("SELECT pg_try_advisory_xact_lock(:key)"), {"key": CLOCK_LOCK}
                ).scalar()
            ):
                return made
            query = select(tournaments_t).where(
                tournaments_t.c.status != "finished", tournaments_t.c.start <= now
            )
            for found in conn.execute(query.order_by(tournaments_t.c.id)).mappings().all():
                if found["format"] == "arena":
                    seated = arena_wave(conn, dict(found), now, present)
                else:
                    seated = self._next_round(conn, dict(found), present)
                if seated is not None:
                    made.append((str(found["id"]), seated[0], seated[1]))
        return made

    def _next_round(
        self, conn: Connection, found: dict[str, Any], present: Collection[str] | None
    ) -> tuple[int, list[tuple[int, Board]]] | None:
        tid, number = str(found["id"]), int(found["round"])
        history = self._history(conn, tid, number)
        if history is None:
            return None
        entries = entry_rows(conn, tid)
        active = [e["player"] for e in entries if e["withdrawn"] is None]
        if number >= int(found["rounds"]) or len(active) < 2:
            where = tournaments_t.c.id == tid
            conn.execute(update(tournaments_t).where(where).values(status="finished"))
            return None
        players = [e["player"] for e in entries]
        seating = pair_next(players, active, history, int(found["per_table"]))
        tables = list(seating.tables) + ([(seating.bye,)] if seating.bye else [])
        made = boards(tables, str(found["seed"]), number + 1, found["duplicate"], found["twins"])
        rows = []
        for index, board in enumerate(made):
            row: dict[str, Any] = {"tournament_id": tid, "round": number + 1, "board": index}
            row |= {"pairing": board.pairing, "seats": json.dumps(list(board.seats))}
            row |= {"seed": board.seed, "twin": board.twin, "table_id": None, "result": None}
            if len(board.seats) == 1:
                row["result"] = result_json({})
            rows.append(row)
        conn.execute(insert(boards_t), rows)
        where = tournaments_t.c.id == tid
        conn.execute(update(tournaments_t).where(where).values(status="running", round=number + 1))
        absent = set() if present is None else {p for p in active if p not in present}
        for row in rows:
            seats = json.loads(row["seats"])
            if row["result"] is None and absent & set(seats):
                forfeit(conn, row, seats, absent & set(seats))
                for other in rows:  # the pairing's twin is forfeited with it
                    if other["pairing"] == row["pairing"]:
                        other["result"] = "forfeit"
        pairs = zip(rows, made, strict=True)
        return number + 1, [(row["board"], board) for row, board in pairs if not row["result"]]

    def _history(self, conn: Connection, tid: str, rounds: int) -> list[list[TableResult]] | None:
        history = []
        for number in range(1, rounds + 1):
            results = pairing_results(board_rows(conn, tid, number))
            if results is None:
                return None
            history.append(results)
        return history

    def unplaced(self) -> list[dict[str, Any]]:
        """The boards being played that have no table yet, with their tournament's preset,
        deals and rating: ``tournament_id``, ``round``, ``board``, ``seats``, ``seed``…"""
        b, t = boards_t.c, tournaments_t.c
        query = (
            select(b.tournament_id, b.round, b.board, b.seats, b.seed)
            .add_columns(t.preset, t.deals, t.rated)
            .join(tournaments_t, t.id == b.tournament_id)
            .where(b.table_id.is_(None), b.result.is_(None))
            .order_by(b.tournament_id, b.round, b.board)
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query).mappings().all()
        return [dict(row) | {"seats": json.loads(row["seats"])} for row in rows]

    def placed(self, tid: str, round_number: int, board: int, table_id: str | None) -> bool:
        """Board ``board`` of the round is played at ``table_id``: False when it has a table
        already (another process placed it); None takes a table that was not made back."""
        where = board_key(tid, round_number, board)
        free = (
            boards_t.c.table_id.is_(None) if table_id is not None else boards_t.c.result.is_(None)
        )
        with self.engine.begin() as conn:
            done = conn.execute(update(boards_t).where(*where, free).values(table_id=table_id))
            return bool(done.rowcount)

    def record(self, tid: str, round_number: int, board: int, penalties: dict[str, int]) -> bool:
        """A board's table ended with ``penalties``; False when its result was already in."""
        where = board_key(tid, round_number, board)
        with self.engine.begin() as conn:
            done = conn.execute(
                update(boards_t)
                .where(*where, boards_t.c.result.is_(None))
                .values(result=result_json(penalties))
            )
            return bool(done.rowcount)

    def board_at(self, table_id: str) -> tuple[str, int, int] | None:
        """The board played at ``table_id``: (tournament, round, board); None: none."""
        c = boards_t.c
        query = select(c.tournament_id, c.round, c.board).where(c.table_id == table_id)
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else (str(row.tournament_id), int(row.round), int(row.board))

    # --- reading -------------------------------------------------------------------------

    def view(self, tid: str) -> dict[str, Any] | TournamentRefusal:
        """A tournament as ``GET /api/tournaments/{id}`` shows it."""
        with self.engine.connect() as conn:
            found = tournament_view(conn, tid)
        return _missing(tid) if found is None else found

    def listing(self) -> list[dict[str, Any]]:
        """The tournaments ``GET /api/tournaments`` lists."""
        with self.engine.connect() as conn:
            return tournament_list(conn)

    def settings(self, tid: str) -> dict[str, Any] | None:
        """The tournament's row without its secret seed (None: no such tournament)."""
        with self.engine.connect() as conn:
            found = tournament_row(conn, tid)
        return None if found is None else {k: v for k, v in found.items() if k != "seed"}


def _missing(tid: str) -> TournamentRefusal:
    return TournamentRefusal(404, "no_such_tournament", f"no tournament {tid!r}")
