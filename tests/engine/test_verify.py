"""``rami verify``: every field of every line of a record is checked against the replay, and
whatever is edited or malformed is "NOT VERIFIED: line N: ..." with exit 2, never a traceback."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from rami.bots import random_legal
from rami.cli import build_app
from rami.match import MatchState, match_apply, match_legal_actions, new_match, next_round
from rami.records import dumps
from rami.rules import get_rules

RUNNER = CliRunner()


def _play(names: list[str], rounds: int, seed: str) -> MatchState:
    rules = get_rules().replace(match_end="rounds", match_limit=rounds)
    match = new_match(rules, names, seed)
    rng = random.Random(seed)
    while True:
        while match.current_seat is not None:
            match = match_apply(match, random_legal(match_legal_actions(match), rng))
        if match.finished:
            return match
        match = next_round(match)


@pytest.fixture(scope="module")
def record() -> str:
    """A finished three-player match of two rounds, as ``rami serve`` publishes it."""
    return dumps(_play(["Ana", "Bogdan", "Cleo"], 2, "verify-every-field"))


@pytest.fixture(scope="module")
def small() -> str:
    """A finished match of one round between two players (quick to replay)."""
    return dumps(_play(["Ana", "Bo"], 1, "fuzz"))


def _verify(tmp_path: Path, text: str, *args: str) -> tuple[int, str]:
    path = tmp_path / "game.jsonl"
    path.write_text(text, encoding="utf-8")
    result = RUNNER.invoke(build_app(), ["verify", str(path), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def _refused(tmp_path: Path, text: str) -> str:
    status, output = _verify(tmp_path, text)
    assert status == 2, output
    assert output.startswith("NOT VERIFIED: line "), output
    return output


def _line_of(output: str) -> int:
    return int(output.removeprefix("NOT VERIFIED: line ").split(":")[0])


def _lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


def _text(objs: list[dict[str, Any]]) -> str:
    return "\n".join(json.dumps(obj) for obj in objs) + "\n"


def _rehash(header: dict[str, Any]) -> None:
    text = json.dumps(header["rules"], sort_keys=True, separators=(",", ":"))
    header["rules_hash"] = hashlib.sha256(text.encode()).hexdigest()[:10]


def _changed(value: Any) -> Any:
    """Another value of the same JSON type."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, list):
        return [_changed(value[0]), *value[1:]] if value else [0]
    if value is None:
        return 0
    raise AssertionError(value)


def _retyped(value: Any) -> Any:
    """The same value in another JSON type that Python's ``==`` would still accept."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return float(value)
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return dict(enumerate(value))
    if value is None:
        return False
    raise AssertionError(value)


def _samples(objs: list[dict[str, Any]]) -> dict[str, int]:
    """One line index of each kind; the round end is one with a winner."""
    wanted = {
        "header": lambda o: o["type"] == "header",
        "round": lambda o: o["type"] == "round" and o["round"] == 2,
        "action": lambda o: o["type"] == "action" and o["action"].startswith("discard"),
        "round_end": lambda o: o["type"] == "round_end" and o["winner"] is not None,
        "match_end": lambda o: o["type"] == "match_end",
    }
    return {kind: next(i for i, o in enumerate(objs) if test(o)) for kind, test in wanted.items()}


FIELDS = [
    ("header", ["type", "format", "version", "shuffle", "preset", "rules_hash", "seed_commitment"]),
    ("round", ["type", "round", "dealer", "seats", "seed_commitment"]),
    ("action", ["type", "seat", "action"]),
    ("round_end", ["type", "round", "reason", "winner", "rami_sec", "scores", "seed"]),
    ("match_end", ["type", "totals", "winners", "seed"]),
]
CASES = [(kind, key, edit) for kind, keys in FIELDS for key in keys for edit in ("change", "type")]


def test_a_real_record_verifies_and_names_its_players(tmp_path: Path, record: str) -> None:
    status, output = _verify(tmp_path, record)
    assert status == 0, output
    assert "verified: 2 finished rounds" in output and "Ana, Bogdan, Cleo" in output
    status, output = _verify(tmp_path, record, "--json")
    assert status == 0 and json.loads(output) == {
        "verified": True,
        "finished_rounds": 2,
        "players": ["Ana", "Bogdan", "Cleo"],
    }


@pytest.mark.parametrize(("kind", "key", "edit"), CASES)
def test_every_edited_field_is_caught(
    tmp_path: Path, record: str, kind: str, key: str, edit: str
) -> None:
    objs = _lines(record)
    index = _samples(objs)[kind]
    value = objs[index][key]
    objs[index][key] = _changed(value) if edit == "change" else _retyped(value)
    output = _refused(tmp_path, _text(objs))
    if (kind, key, edit) == ("header", "seed_commitment", "change"):
        assert _line_of(output) == len(objs)  # the match seed revealed at the end disagrees
    else:
        assert _line_of(output) == index + 1


@pytest.mark.parametrize("kind", [kind for kind, _keys in FIELDS])
def test_a_missing_or_an_unknown_field_is_caught(tmp_path: Path, record: str, kind: str) -> None:
    objs = _lines(record)
    index = _samples(objs)[kind]
    for key in [*objs[index], "extra"]:
        edited = _lines(record)
        if key == "extra":
            edited[index]["extra"] = 1
        else:
            del edited[index][key]
        assert _line_of(_refused(tmp_path, _text(edited))) in (index + 1, len(objs)), key


def test_edited_rules_with_a_matching_hash_are_caught(tmp_path: Path, record: str) -> None:
    objs = _lines(record)
    objs[0]["rules"]["hand_size"] = 14
    _rehash(objs[0])
    assert "NOT VERIFIED" in _refused(tmp_path, _text(objs))


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("hand_size", 13.5),
        ("hand_size", 7.0),
        ("hand_size", "13"),
        ("opening_points", 51.0),
        ("turn_limit", 300.5),
        ("never_opened_penalty", True),
        ("discard_playable", 1),
        ("deck", ["reference"]),
        ("match_limit", None),
    ],
)
def test_crafted_rules_values_are_not_verified(
    tmp_path: Path, record: str, option: str, value: Any
) -> None:
    objs = _lines(record)
    objs[0]["rules"][option] = value
    _rehash(objs[0])
    output = _refused(tmp_path, _text(objs))
    assert _line_of(output) == 1 and option in output


def test_player_names_must_be_names(tmp_path: Path, record: str) -> None:
    for players in (["Ana", "Bogdan"], ["Ana", "Bogdan", "Cleo", "Dan"], ["Ana", "", "Cleo"]):
        objs = _lines(record)
        objs[0]["players"] = players
        assert "NOT VERIFIED" in _refused(tmp_path, _text(objs)), players
    objs = _lines(record)
    objs[0]["players"] = ["Ana", 7, "Cleo"]
    assert _line_of(_refused(tmp_path, _text(objs))) == 1
    objs[0]["players"] = ["Ana", "\ud800", "Cleo"]
    assert _line_of(_refused(tmp_path, _text(objs))) == 1


def test_a_renamed_player_is_not_verified(tmp_path: Path, record: str) -> None:
    """The commitments are tied to the names, so another valid name breaks them."""
    for index, name in ((1, "Mallory"), (0, "ana"), (2, "Cleo ")):
        objs = _lines(record)
        objs[0]["players"][index] = name
        assert "NOT VERIFIED" in _refused(tmp_path, _text(objs)), name
    objs = _lines(record)
    objs[0]["players"] = ["Bogdan", "Ana", "Cleo"]
    assert "NOT VERIFIED" in _refused(tmp_path, _text(objs))


def test_missing_duplicated_and_moved_lines_are_caught(tmp_path: Path, record: str) -> None:
    lines = record.splitlines()
    samples = _samples(_lines(record))
    action, end = samples["action"], samples["round_end"]
    edits = [
        lines[:action] + lines[action + 1 :],
        lines[: action + 1] + lines[action:],
        lines[:end] + lines[end + 1 :],
        lines[:-1],
        [*lines, lines[-1]],
        [lines[0], *lines[2:3], lines[1], *lines[3:]],
    ]
    for edited in edits:
        _refused(tmp_path, "\n".join(edited) + "\n")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not json\n",
        "[]\n",
        '{"type": "header"}\n',
        "[" * 100_000 + "\n",
        '{"type": "header", "version": ' + "9" * 5000 + "}\n",
        "\x00\x01\x02\n",
    ],
    ids=["empty", "text", "list", "bare-header", "deep", "long-number", "control"],
)
def test_garbage_is_not_verified(tmp_path: Path, text: str) -> None:
    output = _refused(tmp_path, text)
    assert len(output) < 400


def test_a_huge_edited_value_is_not_echoed(tmp_path: Path, record: str) -> None:
    objs = _lines(record)
    index = _samples(objs)["action"]
    objs[index]["action"] = "discard " + "Q" * 1_000_000
    output = _refused(tmp_path, _text(objs))
    assert _line_of(output) == index + 1 and len(output) < 400


def test_an_unreadable_file_exits_2(tmp_path: Path) -> None:
    result = RUNNER.invoke(build_app(), ["verify", str(tmp_path / "missing.jsonl"), "--json"])
    assert result.exit_code == 2 and json.loads(result.stdout)["error"] == "unreadable_file"
    (tmp_path / "binary.jsonl").write_bytes(b"\xff\xfe\x00")
    result = RUNNER.invoke(build_app(), ["verify", str(tmp_path / "binary.jsonl")])
    assert result.exit_code == 2 and "cannot read" in result.output


# --- fuzzing --------------------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from(["\ud800", "JK", "discard QH", "went_out", "round", "action", "1e400"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)


def _same(original: str, edited: str) -> bool:
    """True when ``edited`` says what ``original`` says (the same objects, line by line)."""
    try:
        before = [json.loads(line) for line in original.splitlines() if line.strip()]
        after = [json.loads(line) for line in edited.splitlines() if line.strip()]
    except ValueError:
        return False
    canonical = [json.dumps(o, sort_keys=True) for o in before]
    return canonical == [json.dumps(o, sort_keys=True) for o in after]


@st.composite
def _edited_records(draw: st.DrawFn, text: str) -> str:
    objs = _lines(text)
    how = draw(st.sampled_from(["set", "delete", "insert", "bytes"]))
    index = draw(st.integers(0, len(objs) - 1))
    if how == "bytes":
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 3))
        return text[:at] + draw(st.text(max_size=3)) + text[at + cut :]
    if how == "insert":
        lines = text.splitlines()
        lines.insert(index, json.dumps(draw(JSON_VALUES)))
        return "\n".join(lines) + "\n"
    keys = sorted(objs[index])
    if how == "delete":
        del objs[index][draw(st.sampled_from(keys))]
    else:
        key = draw(st.sampled_from([*keys, "rules.hand_size", "rules.deck", "extra"]))
        if key.startswith("rules."):
            objs[0]["rules"][key.removeprefix("rules.")] = draw(JSON_VALUES)
            _rehash(objs[0])
        else:
            objs[index][key] = draw(JSON_VALUES)
    return "\n".join(json.dumps(o) for o in objs) + "\n"


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_fuzzed_records_are_verified_or_refused_never_crash(
    tmp_path: Path, small: str, data: st.DataObject
) -> None:
    edited = data.draw(_edited_records(small))
    status, output = _verify(tmp_path, edited)
    assert len(output) < 1000
    if _same(small, edited):
        assert status == 0, output
    else:
        assert status == 2 and output.startswith("NOT VERIFIED: line "), output
