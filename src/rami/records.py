"""Game records: JSON Lines that save, load and replay a match to the identical state.

Line 1 is the header (format, version, rules and their hash, players, the match seed's
commitment). Each round has a ``round`` line (dealer, seats, the round seed's commitment),
one ``action`` line per action, and an ``round_end`` line that reveals the round seed and the
scores. A finished match ends with ``match_end``, which reveals the match seed. A private save
(``reveal=True``) also carries the seeds up front so an unfinished match can be resumed.

Loading checks every line, and the replay checks every field of every line against what the
engine gives (a line must be exactly what :func:`dumps` writes, seeds aside); the first bad
line is named in the error and nothing is returned. Every seed commitment is tied to the rules'
hash and the players' names (:func:`rami.shuffle.table_binding`), so a record whose players were
renamed no longer matches its commitments. Version-1 records, whose commitments hash the seed
alone, still load.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, get_args, get_type_hints

from rami.actions import Action, action_text, parse_action
from rami.errors import InvalidRecordError, RamiError
from rami.match import MatchState, match_apply, new_match, next_round
from rami.rules import PRESETS, RuleSet
from rami.shuffle import SHUFFLE_NAME, commitment, derive_seed, table_binding
from rami.state import Phase, RoundResult

FORMAT = "rami-record"
VERSION = 2
UNBOUND_VERSION = 1
"""The older version whose commitments are not tied to the rules and the players."""
CLIENT_KEY = "client"
"""An optional header object where a client keeps its own data (not part of the game)."""
HEADER_FREE = frozenset({CLIENT_KEY})
_UNMATCHED_SEED = "the match seed does not match its commitment (edited seed, rules or players?)"


@dataclass
class RoundRecord:
    """One round of a record as written; ``line`` numbers point into the file."""

    index: int
    seed_commitment: str
    seed: str | None
    line: int
    start: dict[str, Any]
    """The round line."""
    actions: list[tuple[dict[str, Any], int]] = field(default_factory=list)
    """(action line, its number)."""
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
    header: dict[str, Any] = field(default_factory=dict)
    version: int = VERSION

    @property
    def binding(self) -> str | None:
        """What the record's commitments are tied to (None for a version-1 record)."""
        if self.version == UNBOUND_VERSION:
            return None
        return table_binding(self.rules.hash, self.names)


def _line(payload: dict[str, Any]) -> str:
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":"))


def _header_line(match: MatchState, reveal: bool, version: int = VERSION) -> dict[str, Any]:
    rules = match.rules
    header: dict[str, Any] = {
        "type": "header",
        "format": FORMAT,
        "version": version,
        "shuffle": SHUFFLE_NAME,
        "preset": rules.name,
        "rules": rules.options(),
        "rules_hash": rules.hash,
        "players": list(match.names),
        "seed_commitment": match.seed_commitment,
    }
    if reveal and match.seed:
        header["seed"] = match.seed
    return header


def _round_line(
    index: int, seats: tuple[int, ...], dealer: int, seed: str, reveal: bool, binding: str | None
) -> dict[str, Any]:
    start: dict[str, Any] = {
        "type": "round",
        "round": index,
        "dealer": dealer,
        "seats": list(seats),
        "seed_commitment": commitment(seed, binding),
    }
    if reveal:
        start["seed"] = seed
    return start


def _action_line(seat: int, action: Action) -> dict[str, Any]:
    return {"type": "action", "seat": seat, "action": action_text(action)}


def _round_end_line(
    index: int, seats: tuple[int, ...], result: RoundResult, seed: str
) -> dict[str, Any]:
    return {
        "type": "round_end",
        "round": index,
        "reason": str(result.reason),
        "winner": None if result.winner is None else seats[result.winner],
        "rami_sec": result.rami_sec,
        "scores": list(result.scores),
        "seed": seed,
    }


def _match_end_line(match: MatchState) -> dict[str, Any]:
    end: dict[str, Any] = {
        "type": "match_end",
        "totals": list(match.totals),
        "winners": list(match.winners),
    }
    if match.seed:
        end["seed"] = match.seed
    return end


def dumps(match: MatchState, reveal: bool = False) -> str:
    """The match as a record; ``reveal`` also writes unrevealed seeds (a private save)."""
    lines = [_line(_header_line(match, reveal))]
    played = [(p.index, p.seats, p.dealer, p.state) for p in match.finished_rounds]
    if match.round.phase is not Phase.OVER:
        played.append((match.round_index, match.active, match.dealer, match.round))
    for index, seats, dealer, rnd in played:
        lines.append(_line(_round_line(index, seats, dealer, rnd.seed, reveal, match.binding)))
        lines.extend(_line(_action_line(seats[e.seat], e.action)) for e in rnd.entries())
        if rnd.result is not None:
            lines.append(_line(_round_end_line(index, seats, rnd.result, rnd.seed)))
    if match.finished:
        lines.append(_line(_match_end_line(match)))
    return "\n".join(lines) + "\n"


def save(match: MatchState, path: str | Path, reveal: bool = False) -> None:
    """Write the match to ``path`` (atomically: a crash never leaves half a file)."""
    target = Path(path)
    temporary = target.with_name(target.name + ".tmp")
    temporary.write_text(dumps(match, reveal), encoding="utf-8")
    temporary.replace(target)


# --- loading --------------------------------------------------------------------------------


def _short(value: Any, limit: int = 40) -> str:
    """``value`` as JSON for an error message: printable, and cut to ``limit`` characters."""
    try:
        text = json.dumps(value, ensure_ascii=False)
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _cut(message: str, limit: int = 160) -> str:
    """An engine message that may quote the input, printable and cut to ``limit``."""
    text = message.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _printable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _field(obj: dict[str, Any], key: str, kind: type | tuple[type, ...], line: int) -> Any:
    if key not in obj:
        raise InvalidRecordError(f"missing field '{key}'", line)
    value = obj[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InvalidRecordError(f"field '{key}' has the wrong type", line)
    return value


def _check_line(
    found: dict[str, Any],
    expected: dict[str, Any],
    line: int,
    optional: frozenset[str] = frozenset(),
    free: frozenset[str] = frozenset(),
) -> None:
    """Every field of a line is the one the replay writes: none missing, extra or different.

    ``optional`` fields of ``expected`` may be left out; ``free`` fields may be added unchecked.
    """
    kind = expected["type"]
    for key in found:
        if key not in expected and key not in free:
            raise InvalidRecordError(f"{kind} line: unknown field {_short(key)}", line)
    for key, value in expected.items():
        if key not in found:
            if key in optional:
                continue
            raise InvalidRecordError(f"{kind} line: missing field '{key}'", line)
        if _canonical(found[key]) != _canonical(value):
            raise InvalidRecordError(
                f"{kind} line: '{key}' is {_short(found[key])}, the replay gives {_short(value)}",
                line,
            )


def _canonical(value: Any) -> str:
    """JSON text that tells 1 from 1.0 and from true (Python's ``==`` does not)."""
    return json.dumps(value, sort_keys=True)


def _rules_type_problem(data: dict[str, Any]) -> str | None:
    """The first option whose JSON type is not the one :meth:`RuleSet.options` writes."""
    hints = get_type_hints(RuleSet)
    reference = RuleSet()
    for option in dataclasses.fields(RuleSet):
        if option.name == "name" or option.name not in data:
            continue
        value = data[option.name]
        if value is None and type(None) in get_args(hints[option.name]):
            continue
        kind = type(getattr(reference, option.name))
        if type(value) is not kind:
            return f"option '{option.name}' must be {_JSON_TYPES[kind]}, not {_short(value)}"
    return None


_JSON_TYPES = {bool: "true or false", int: "a whole number", str: "a string"}


def _header(obj: dict[str, Any]) -> GameRecord:
    if obj.get("type") != "header" or obj.get("format") != FORMAT:
        raise InvalidRecordError("this is not a Rami game record", 1)
    version = obj.get("version")
    if type(version) is not int or version not in (UNBOUND_VERSION, VERSION):
        raise InvalidRecordError(f"unsupported record version {_short(obj.get('version'))}", 1)
    if obj.get("shuffle") != SHUFFLE_NAME:
        raise InvalidRecordError(f"unknown shuffle {_short(obj.get('shuffle'))}", 1)
    preset = _field(obj, "preset", str, 1)
    options = _field(obj, "rules", dict, 1)
    problem = _rules_type_problem(options)
    if problem is not None:
        raise InvalidRecordError(f"bad rules: {problem}", 1)
    try:
        rules = RuleSet.from_options(options, preset if preset in PRESETS else "custom")
    except RamiError as error:
        raise InvalidRecordError(f"bad rules: {_cut(error.message)}", 1) from None
    if _field(obj, "rules_hash", str, 1) != rules.hash:
        raise InvalidRecordError("the rules do not match their hash (edited record?)", 1)
    names = _field(obj, "players", list, 1)
    if not all(isinstance(n, str) and n.strip() and _printable(n) for n in names):
        raise InvalidRecordError("players must be names (non-empty text)", 1)
    seed_commitment = _field(obj, "seed_commitment", str, 1)
    seed = obj.get("seed")
    record = GameRecord(rules, names, seed_commitment, seed, [], header=obj, version=version)
    if seed is not None and (
        not isinstance(seed, str) or commitment(seed, record.binding) != seed_commitment
    ):
        raise InvalidRecordError(_UNMATCHED_SEED, 1)
    if not isinstance(obj.get(CLIENT_KEY, {}), dict):
        raise InvalidRecordError(f"field '{CLIENT_KEY}' must be an object", 1)
    return record


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
        except (ValueError, RecursionError):
            raise InvalidRecordError("not JSON (too deep or a number too long)", number) from None
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
                seed_commitment=_field(obj, "seed_commitment", str, number),
                seed=seed,
                line=number,
                start=obj,
            )
        )
        return
    if not record.rounds or record.rounds[-1].end is not None:
        if kind == "match_end":
            record.end, record.end_line = obj, number
            return
        raise InvalidRecordError(f"a {_short(kind)} line outside a round", number)
    current = record.rounds[-1]
    if kind == "action":
        _field(obj, "seat", int, number)
        _field(obj, "action", str, number)
        current.actions.append((obj, number))
    elif kind == "round_end":
        current.end, current.end_line = obj, number
    else:
        raise InvalidRecordError(f"unknown line type {_short(kind)}", number)


def _round_seed(record: GameRecord, rnd: RoundRecord, match_seed: str | None) -> str:
    """The round's seed, checked against its commitment and, when known, the match seed."""
    binding = record.binding
    derived = None if match_seed is None else derive_seed(match_seed, rnd.index)
    if derived is not None and commitment(derived, binding) != rnd.seed_commitment:
        raise InvalidRecordError("the round seed's commitment is not the match's", rnd.line)
    revealed: Any = rnd.seed
    line = rnd.line
    if revealed is None and rnd.end is not None:
        revealed, line = rnd.end.get("seed"), rnd.end_line
        if not isinstance(revealed, str):
            raise InvalidRecordError("round_end line: the seed is missing or not text", line)
    if revealed is None:
        if derived is None:
            raise InvalidRecordError(
                "the round's seed is not revealed: it cannot be replayed", rnd.line
            )
        return derived
    if commitment(revealed, binding) != rnd.seed_commitment:
        raise InvalidRecordError("the round seed does not match its commitment", line)
    return str(revealed)


def _match_seed(record: GameRecord) -> str | None:
    """The match seed, from the header (a private save) or the match end, once checked."""
    seed = record.seed if record.seed is not None else (record.end or {}).get("seed")
    if isinstance(seed, str) and commitment(seed, record.binding) == record.seed_commitment:
        return seed
    return None


def replay(record: GameRecord) -> MatchState:
    """Replay a parsed record; every field of every line is checked against the replay.

    A version-1 record whose match seed is known comes back committed in the current form, so
    saving it again writes a record that loads.
    """
    if not record.rounds:
        raise InvalidRecordError("the record has no round", 1)
    match_seed = _match_seed(record)
    match: MatchState | None = None
    for rnd in record.rounds:
        seed = _round_seed(record, rnd, match_seed)
        first = match is None
        try:
            if match is None:
                match = new_match(
                    record.rules, record.names, record.seed or "", seed, record.seed_commitment
                )
            else:
                match = next_round(match, seed)
        except RamiError as error:
            raise InvalidRecordError(_cut(error.message), rnd.line) from None
        if first:
            header = _header_line(match, reveal=True, version=record.version)
            _check_line(record.header, header, 1, frozenset({"seed"}), HEADER_FREE)
        expected = _round_line(
            rnd.index, match.active, match.dealer, seed, reveal=True, binding=record.binding
        )
        _check_line(rnd.start, expected, rnd.line, frozenset({"seed"}))
        match = _replay_actions(match, rnd, seed)
    assert match is not None
    match = _check_match_end(record, match)
    if record.binding is None and match.seed:
        match = replace(match, seed_commitment=commitment(match.seed, match.binding))
    return match


def _replay_actions(match: MatchState, rnd: RoundRecord, seed: str) -> MatchState:
    for obj, number in rnd.actions:
        seat, text = obj["seat"], obj["action"]
        if match.current_seat != seat:
            raise InvalidRecordError(f"seat {seat} acts out of turn", number)
        try:
            action = parse_action(text)
            match = match_apply(match, action)
        except RamiError as error:
            shown = f"{_short(text)} is refused: {_cut(str(error))}"
            raise InvalidRecordError(shown, number) from None
        _check_line(obj, _action_line(seat, action), number)
    if rnd.end is not None:
        result = match.finished_rounds[-1].state.result if match.finished_rounds else None
        if match.round.phase is not Phase.OVER or result is None:
            raise InvalidRecordError("the round end does not match the replay", rnd.end_line)
        played = match.finished_rounds[-1]
        _check_line(rnd.end, _round_end_line(rnd.index, played.seats, result, seed), rnd.end_line)
    elif match.round.phase is Phase.OVER:
        last = rnd.actions[-1][1] if rnd.actions else rnd.line
        raise InvalidRecordError("the round ended but its end line is missing", last)
    return match


def _check_match_end(record: GameRecord, match: MatchState) -> MatchState:
    if record.end is None:
        if match.finished:
            last = record.rounds[-1].end_line
            raise InvalidRecordError("the match ended but its end line is missing", last)
        return match
    if not match.finished:
        raise InvalidRecordError("the match end comes before the match is over", record.end_line)
    seed = record.end.get("seed")
    if seed is None:
        raise InvalidRecordError("match_end line: missing field 'seed'", record.end_line)
    if not isinstance(seed, str) or commitment(seed, record.binding) != record.seed_commitment:
        raise InvalidRecordError(_UNMATCHED_SEED, record.end_line)
    match = replace(match, seed=seed)
    _check_line(record.end, _match_end_line(match), record.end_line)
    return match


def load(path: str | Path) -> MatchState:
    """Read, check and replay the record at ``path``."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InvalidRecordError(f"cannot read {path}: {error}") from None
    return replay(loads(text))
