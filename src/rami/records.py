"""Game records: JSON Lines that save, load and replay a match to the identical state.

Line 1 is the header (format, version, rules and their hash, players, the match seed's
commitment). Each round has a ``round`` line (dealer, seats, the round seed's commitment),
one ``action`` line per action, and an ``round_end`` line that reveals the round seed and the
scores. A finished match ends with ``match_end``, which reveals the match seed. A private save
(``reveal=True``) also carries the seeds up front so an unfinished match can be resumed.

Loading checks every line; the first bad one is named in the error and nothing is returned.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from rami.actions import action_text, parse_action
from rami.errors import InvalidRecordError, RamiError
from rami.match import MatchState, match_apply, new_match, next_round
from rami.rules import PRESETS, RuleSet
from rami.shuffle import SHUFFLE_NAME, commitment, derive_seed
from rami.state import Phase, RoundState

FORMAT = "rami-record"
VERSION = 1


@dataclass
class RoundRecord:
    """One round of a record; ``line`` numbers point into the file for error messages."""

    index: int
    dealer: int
    seats: list[int]
    seed_commitment: str
    seed: str | None
    line: int
    actions: list[tuple[int, str, int]] = field(default_factory=list)
    """(match seat, action text, line)."""
    end: dict[str, Any] | None = None
    end_line: int = 0


@dataclass
class GameRecord:
    """A parsed record, not yet replayed."""

    rules: RuleSet
    names: list[str]
    seed_commitment: str
    seed: str | None
    rounds: list[RoundRecord]
    end: dict[str, Any] | None = None
    end_line: int = 0


def _line(payload: dict[str, Any]) -> str:
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":"))


def dumps(match: MatchState, reveal: bool = False) -> str:
    """The match as a record; ``reveal`` also writes unrevealed seeds (a private save)."""
    rules = match.rules
    header: dict[str, Any] = {
        "type": "header",
        "format": FORMAT,
        "version": VERSION,
        "shuffle": SHUFFLE_NAME,
        "preset": rules.name,
        "rules": rules.options(),
        "rules_hash": rules.hash,
        "players": list(match.names),
        "seed_commitment": match.seed_commitment,
    }
    if reveal and match.seed:
        header["seed"] = match.seed
    lines = [_line(header)]
    played = [(p.index, p.seats, p.dealer, p.state) for p in match.finished_rounds]
    if match.round.phase is not Phase.OVER:
        played.append((match.round_index, match.active, match.dealer, match.round))
    for index, seats, dealer, rnd in played:
        lines.extend(_round_lines(index, seats, dealer, rnd, reveal))
    if match.finished:
        end = {"type": "match_end", "totals": list(match.totals), "winners": list(match.winners)}
        if match.seed:
            end["seed"] = match.seed
        lines.append(_line(end))
    return "\n".join(lines) + "\n"


def _round_lines(
    index: int, seats: tuple[int, ...], dealer: int, rnd: RoundState, reveal: bool
) -> list[str]:
    start: dict[str, Any] = {
        "type": "round",
        "round": index,
        "dealer": dealer,
        "seats": list(seats),
        "seed_commitment": commitment(rnd.seed),
    }
    if reveal:
        start["seed"] = rnd.seed
    lines = [_line(start)]
    for entry in rnd.entries():
        action = {"type": "action", "seat": seats[entry.seat], "action": action_text(entry.action)}
        lines.append(_line(action))
    if rnd.result is not None:
        result = rnd.result
        end = {
            "type": "round_end",
            "round": index,
            "reason": str(result.reason),
            "winner": None if result.winner is None else seats[result.winner],
            "rami_sec": result.rami_sec,
            "scores": list(result.scores),
            "seed": rnd.seed,
        }
        lines.append(_line(end))
    return lines


def save(match: MatchState, path: str | Path, reveal: bool = False) -> None:
    """Write the match to ``path`` (atomically: a crash never leaves half a file)."""
    target = Path(path)
    temporary = target.with_name(target.name + ".tmp")
    temporary.write_text(dumps(match, reveal), encoding="utf-8")
    temporary.replace(target)


# --- loading --------------------------------------------------------------------------------


def _field(obj: dict[str, Any], key: str, kind: type | tuple[type, ...], line: int) -> Any:
    if key not in obj:
        raise InvalidRecordError(f"missing field '{key}'", line)
    value = obj[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InvalidRecordError(f"field '{key}' has the wrong type", line)
    return value


def _header(obj: dict[str, Any]) -> GameRecord:
    if obj.get("type") != "header" or obj.get("format") != FORMAT:
        raise InvalidRecordError("this is not a Rami game record", 1)
    if obj.get("version") != VERSION:
        raise InvalidRecordError(f"unsupported record version {obj.get('version')!r}", 1)
    if obj.get("shuffle") != SHUFFLE_NAME:
        raise InvalidRecordError(f"unknown shuffle {obj.get('shuffle')!r}", 1)
    preset = obj.get("preset", "custom")
    name = preset if isinstance(preset, str) and preset in PRESETS else "custom"
    try:
        rules = RuleSet.from_options(_field(obj, "rules", dict, 1), name)
    except RamiError as error:
        raise InvalidRecordError(f"bad rules: {error.message}", 1) from None
    if _field(obj, "rules_hash", str, 1) != rules.hash:
        raise InvalidRecordError("the rules do not match their hash (edited record?)", 1)
    names = _field(obj, "players", list, 1)
    if not all(isinstance(n, str) for n in names):
        raise InvalidRecordError("players must be names", 1)
    seed_commitment = _field(obj, "seed_commitment", str, 1)
    seed = obj.get("seed")
    if seed is not None and (not isinstance(seed, str) or commitment(seed) != seed_commitment):
        raise InvalidRecordError("the match seed does not match its commitment", 1)
    return GameRecord(rules, names, seed_commitment, seed, [])


def loads(text: str) -> GameRecord:
    """Parse and check a record line by line (the replay is checked by :func:`replay`)."""
    record: GameRecord | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except json.JSONDecodeError as error:
            raise InvalidRecordError(f"not JSON ({error.msg})", number) from None
        if not isinstance(obj, dict):
            raise InvalidRecordError("each line must be a JSON object", number)
        if record is None:
            record = _header(obj)
            continue
        _add_line(record, obj, number)
    if record is None:
        raise InvalidRecordError("the record is empty", 1)
    return record


def _add_line(record: GameRecord, obj: dict[str, Any], number: int) -> None:
    kind = obj.get("type")
    if record.end is not None:
        raise InvalidRecordError("nothing may follow the match end", number)
    if kind == "round":
        index = _field(obj, "round", int, number)
        if index != len(record.rounds) + 1:
            raise InvalidRecordError(f"expected round {len(record.rounds) + 1}", number)
        if record.rounds and record.rounds[-1].end is None:
            raise InvalidRecordError("a round starts before the previous one ended", number)
        seed = obj.get("seed")
        if seed is not None and not isinstance(seed, str):
            raise InvalidRecordError("field 'seed' has the wrong type", number)
        record.rounds.append(
            RoundRecord(
                index=index,
                dealer=_field(obj, "dealer", int, number),
                seats=_field(obj, "seats", list, number),
                seed_commitment=_field(obj, "seed_commitment", str, number),
                seed=seed,
                line=number,
            )
        )
        return
    if not record.rounds or record.rounds[-1].end is not None:
        if kind == "match_end":
            record.end, record.end_line = obj, number
            return
        raise InvalidRecordError(f"a '{kind}' line outside a round", number)
    current = record.rounds[-1]
    if kind == "action":
        seat = _field(obj, "seat", int, number)
        current.actions.append((seat, _field(obj, "action", str, number), number))
    elif kind == "round_end":
        current.end, current.end_line = obj, number
    else:
        raise InvalidRecordError(f"unknown line type {kind!r}", number)


def _round_seed(record: GameRecord, rnd: RoundRecord) -> str:
    seed = rnd.seed if rnd.seed is not None else (rnd.end or {}).get("seed")
    if seed is None and record.seed is not None:
        seed = derive_seed(record.seed, rnd.index)
    if not isinstance(seed, str):
        raise InvalidRecordError(
            "the round's seed is not revealed: it cannot be replayed", rnd.line
        )
    if commitment(seed) != rnd.seed_commitment:
        raise InvalidRecordError("the round seed does not match its commitment", rnd.line)
    return seed


def replay(record: GameRecord) -> MatchState:
    """Replay a parsed record; every action and result is checked against the engine."""
    if not record.rounds:
        raise InvalidRecordError("the record has no round", 1)
    match: MatchState | None = None
    for rnd in record.rounds:
        seed = _round_seed(record, rnd)
        try:
            if match is None:
                match = new_match(
                    record.rules, record.names, record.seed or "", seed, record.seed_commitment
                )
            else:
                match = next_round(match, seed)
        except RamiError as error:
            raise InvalidRecordError(error.message, rnd.line) from None
        if list(match.active) != rnd.seats or match.dealer != rnd.dealer:
            raise InvalidRecordError("seats or dealer differ from the replay", rnd.line)
        match = _replay_actions(match, rnd)
    assert match is not None
    return _check_match_end(record, match)


def _replay_actions(match: MatchState, rnd: RoundRecord) -> MatchState:
    for seat, text, number in rnd.actions:
        if match.current_seat != seat:
            raise InvalidRecordError(f"seat {seat} acts out of turn", number)
        try:
            match = match_apply(match, parse_action(text))
        except RamiError as error:
            raise InvalidRecordError(f"'{text}' is refused: {error}", number) from None
    if rnd.end is not None:
        result = match.finished_rounds[-1].state.result if match.finished_rounds else None
        over = match.round.phase is Phase.OVER and result is not None
        if not over or result is None or rnd.end.get("scores") != list(result.scores):
            raise InvalidRecordError("the round end does not match the replay", rnd.end_line)
    elif match.round.phase is Phase.OVER:
        raise InvalidRecordError("the round ended but its end line is missing", rnd.actions[-1][2])
    return match


def _check_match_end(record: GameRecord, match: MatchState) -> MatchState:
    if record.end is None:
        if match.finished:
            raise InvalidRecordError("the match ended but its end line is missing")
        return match
    if not match.finished or record.end.get("winners") != list(match.winners):
        raise InvalidRecordError("the match end does not match the replay", record.end_line)
    seed = record.end.get("seed")
    if seed is not None and (
        not isinstance(seed, str) or commitment(seed) != record.seed_commitment
    ):
        raise InvalidRecordError("the match seed does not match its commitment", record.end_line)
    return replace(match, seed=seed) if seed is not None else match


def load(path: str | Path) -> MatchState:
    """Read, check and replay the record at ``path``."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InvalidRecordError(f"cannot read {path}: {error}") from None
    return replay(loads(text))
