"""Tournaments between people: created, joined and withdrawn from by commands, paired by the
tournament's clock, their rounds' results recorded as the tables end.

Everything lives in the database (:mod:`rami.server.store.tournament_schema`), so whichever
process runs the clock reads the same tournament. The service is synchronous (run it on the
store's threads) and takes the time as an argument: the caller passes the server clock's wall
time, so tests advance a ManualClock. Commands answer a :class:`TournamentRefusal` value when
refused and change nothing then. A Swiss round is seated by :func:`rami.tournaments.pair_next`
when the previous one has all its results; :meth:`Tournaments.due_rounds` gives the boards
the caller creates tables for.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Connection, Engine

from rami.rules import PRESETS
from rami.server.social.tournament_rounds import pairing_results, result_json
from rami.server.store.tournament_schema import boards_t, entries_t, metadata, tournaments_t
from rami.server.tables.auth import new_table_id
from rami.shuffle import new_seed
from rami.tournaments import Board, TableResult, boards, pair_next, round_commitment, standings

FORMATS = ("swiss", "arena")
MAX_ROUNDS = 15


@dataclass(frozen=True, slots=True)
class TournamentRefusal:
    """A refused tournament command: HTTP status, stable code, message."""

    status: int
    code: str
    message: str


@dataclass(frozen=True, slots=True)
class CreateTournament:
    """The command that creates a tournament."""

    name: str
    preset: str
    format: str
    start: float
    per_table: int = 2
    rounds: int = 3
    duration: float | None = None
    rated: bool = False
    duplicate: bool = False
    twins: bool = False


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
        row |= {"status": "open", "round": 0, "created": now}
        with self.engine.begin() as conn:
            conn.execute(insert(tournaments_t), row)
        return tid

    def join(self, tid: str, player: str, now: float) -> TournamentRefusal | None:
        """``player`` joins ``tid`` (arena: also while it runs)."""
        with self.engine.begin() as conn:
            found = _tournament(conn, tid)
            if found is None:
                return _missing(tid)
            if found["status"] == "finished" or (
                found["status"] != "open" and found["format"] == "swiss"
            ):
                return TournamentRefusal(409, "tournament_started", "this tournament has begun")
            entry = _entry(conn, tid, player)
            if entry is not None and entry["withdrawn"] is None:
                return TournamentRefusal(409, "already_joined", "you are in this tournament")
            if entry is not None:
                where = (entries_t.c.tournament_id == tid, entries_t.c.player == player)
                conn.execute(update(entries_t).where(*where).values(withdrawn=None))
                return None
            count = len(_entries(conn, tid))
            row = {"tournament_id": tid, "player": player, "position": count, "joined": now}
            conn.execute(insert(entries_t), row)
        return None

    def withdraw(self, tid: str, player: str, now: float) -> TournamentRefusal | None:
        """``player`` leaves ``tid``; a table of theirs still being played is forfeited."""
        with self.engine.begin() as conn:
            found = _tournament(conn, tid)
            if found is None:
                return _missing(tid)
            entry = _entry(conn, tid, player)
            if entry is None or entry["withdrawn"] is not None:
                return TournamentRefusal(409, "not_joined", "you are not in this tournament")
            where = (entries_t.c.tournament_id == tid, entries_t.c.player == player)
            conn.execute(update(entries_t).where(*where).values(withdrawn=now))
            for board in _boards(conn, tid, int(found["round"])):
                seats = json.loads(board["seats"])
                if board["result"] is None and player in seats and len(seats) > 1:
                    _forfeit(conn, board, seats, {player})
        return None

    # --- the clock -----------------------------------------------------------------------

    def due_rounds(
        self, now: float, present: Collection[str] | None = None
    ) -> list[tuple[str, int, list[Board]]]:
        """Seat every Swiss round that is due at ``now``: (tournament, round, boards to make).

        A round is due at the start time (round 1) or once every board of the previous round
        has its result. ``present`` (None: everyone) are the players connected now; a seated
        player missing from it forfeits the round. A tournament whose last round has its
        results is finished."""
        made = []
        with self.engine.begin() as conn:
            query = select(tournaments_t).where(
                tournaments_t.c.format == "swiss",
                tournaments_t.c.status != "finished",
                tournaments_t.c.start <= now,
            )
            for found in conn.execute(query).mappings().all():
                seated = self._next_round(conn, dict(found), present)
                if seated is not None:
                    made.append((str(found["id"]), seated[0], seated[1]))
        return made

    def _next_round(
        self, conn: Connection, found: dict[str, Any], present: Collection[str] | None
    ) -> tuple[int, list[Board]] | None:
        tid, number = str(found["id"]), int(found["round"])
        history = self._history(conn, tid, number)
        if history is None:
            return None
        entries = _entries(conn, tid)
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
                _forfeit(conn, row, seats, absent & set(seats))
        return number + 1, [b for b in made if len(b.seats) > 1]

    def _history(self, conn: Connection, tid: str, rounds: int) -> list[list[TableResult]] | None:
        history = []
        for number in range(1, rounds + 1):
            results = pairing_results(_boards(conn, tid, number))
            if results is None:
                return None
            history.append(results)
        return history

    def placed(self, tid: str, round_number: int, board: int, table_id: str) -> None:
        """Board ``board`` of the round is played at ``table_id``."""
        where = _board_key(tid, round_number, board)
        with self.engine.begin() as conn:
            conn.execute(update(boards_t).where(*where).values(table_id=table_id))

    def record(self, tid: str, round_number: int, board: int, penalties: dict[str, int]) -> bool:
        """A board's table ended with ``penalties``; False when its result was already in."""
        where = _board_key(tid, round_number, board)
        with self.engine.begin() as conn:
            done = conn.execute(
                update(boards_t)
                .where(*where, boards_t.c.result.is_(None))
                .values(result=result_json(penalties))
            )
            return bool(done.rowcount)

    # --- reading -------------------------------------------------------------------------

    def view(self, tid: str) -> dict[str, Any] | TournamentRefusal:
        """A tournament as ``GET /api/tournaments/{id}`` shows it."""
        with self.engine.connect() as conn:
            found = _tournament(conn, tid)
            if found is None:
                return _missing(tid)
            entries = _entries(conn, tid)
            rounds = []
            history: list[list[TableResult]] = []
            for number in range(1, int(found["round"]) + 1):
                rows = _boards(conn, tid, number)
                rounds.append([_board_view(row) for row in rows])
                results = pairing_results(rows)
                if results is not None:
                    history.append(results)
        players = [e["player"] for e in entries]
        table = standings(players, history)
        rules = PRESETS[str(found["preset"])].hash
        commitments = [
            round_commitment(str(found["seed"]), rules, tid, n)
            for n in range(1, int(found["rounds"]) + 1)
        ]
        keys = ["id", "name", "host", "preset", "format", "per_table", "rounds", "start"]
        keys += ["duration", "rated", "duplicate", "twins", "status", "round"]
        out: dict[str, Any] = {key: found[key] for key in keys}
        out["players"] = [
            {"name": e["player"], "withdrawn": e["withdrawn"] is not None} for e in entries
        ]
        out["standings"] = [
            {"rank": s.rank, "player": s.player, "score": float(s.score)}
            | {"buchholz": float(s.buchholz), "opponents_results": float(s.opponents_results)}
            | {"played": s.played, "byes": s.byes}
            for s in table
        ]
        out["rounds"], out["commitments"] = rounds, commitments
        return out


def _missing(tid: str) -> TournamentRefusal:
    return TournamentRefusal(404, "no_such_tournament", f"no tournament {tid!r}")


def _tournament(conn: Connection, tid: str) -> dict[str, Any] | None:
    row = conn.execute(select(tournaments_t).where(tournaments_t.c.id == tid)).mappings().first()
    return None if row is None else dict(row)


def _entries(conn: Connection, tid: str) -> list[dict[str, Any]]:
    query = select(entries_t).where(entries_t.c.tournament_id == tid)
    rows = conn.execute(query.order_by(entries_t.c.position)).mappings().all()
    return [dict(row) for row in rows]


def _entry(conn: Connection, tid: str, player: str) -> dict[str, Any] | None:
    return next((e for e in _entries(conn, tid) if e["player"] == player), None)


def _boards(conn: Connection, tid: str, number: int) -> list[dict[str, Any]]:
    query = select(boards_t).where(boards_t.c.tournament_id == tid, boards_t.c.round == number)
    return [dict(r) for r in conn.execute(query.order_by(boards_t.c.board)).mappings().all()]


def _board_key(tid: str, number: int, board: int) -> tuple[Any, ...]:
    c = boards_t.c
    return (c.tournament_id == tid, c.round == number, c.board == board)


def _forfeit(conn: Connection, row: dict[str, Any], seats: list[str], absent: set[str]) -> None:
    """Every board of ``row``'s pairing ends now with ``absent`` forfeiting."""
    c = boards_t.c
    where = (c.tournament_id == row["tournament_id"], c.round == row["round"])
    result = result_json(dict.fromkeys(seats, 0), sorted(absent))
    conn.execute(update(boards_t).where(*where, c.pairing == row["pairing"]).values(result=result))


def _board_view(row: dict[str, Any]) -> dict[str, Any]:
    result = None if row["result"] is None else json.loads(row["result"])
    return {"board": row["board"], "pairing": row["pairing"], "seats": json.loads(row["seats"])} | {
        "twin": row["twin"],
        "table_id": row["table_id"],
        "result": result,
    }
