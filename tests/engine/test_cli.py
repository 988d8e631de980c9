"""The command-line contract: one JSON object on stdout; malformed input exits 2."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rami.cli import build_app

RUNNER = CliRunner()


def run(*args: str) -> tuple[int, dict]:  # type: ignore[type-arg]
    result = RUNNER.invoke(build_app(), list(args))
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    assert len(lines) == 1, result.stdout
    return result.exit_code, json.loads(lines[0])


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("KH KS KD", {"valid": True, "kind": "set", "points": 30, "jokers": []}),
        ("AC AH AS", {"valid": True, "kind": "set", "points": 33, "jokers": []}),
        ("AH 2H 3H", {"valid": True, "kind": "run", "points": 6, "jokers": []}),
        ("5C 6C 7C", {"valid": True, "kind": "run", "points": 18, "jokers": []}),
        ("QH KH AH", {"valid": True, "kind": "run", "points": 31, "jokers": []}),
        ("9C 9D 9H JK", {"valid": True, "kind": "set", "points": 36, "jokers": ["9S"]}),
        ("JK 7S 8S", {"valid": True, "kind": "run", "points": 21, "jokers": ["6S"]}),
        ("Q♥ K♥ A♥", {"valid": True, "kind": "run", "points": 31, "jokers": []}),
    ],
)
def test_meld_json(cards: str, expected: dict) -> None:  # type: ignore[type-arg]
    assert run("meld", *cards.split(), "--json") == (0, expected)


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        ("7S 7S 7H", "set_duplicate_suit"),
        ("KH AH 2H", "run_wraps"),
        ("JK JK 5H 6H", "too_many_jokers"),
    ],
)
def test_meld_json_rejected(cards: str, code: str) -> None:
    status, payload = run("meld", *cards.split(), "--json")
    assert status == 0 and payload["valid"] is False and payload["error"] == code
    assert payload["message"]


def test_malformed_card_exits_2_with_error_json() -> None:
    status, payload = run("meld", "QH", "ZZ", "AS", "--json")
    assert status == 2 and payload["error"] == "invalid_card" and "ZZ" in payload["message"]


def test_unknown_preset_exits_2() -> None:
    status, payload = run("meld", "QH", "KH", "AH", "--rules", "nope", "--json")
    assert status == 2 and payload["error"] == "unknown_preset"


def test_opening_json() -> None:
    assert run("opening", "10S JS QS", "7H 7C 7D", "--json") == (
        0,
        {"valid": True, "points": 51, "clean_run": True},
    )
    status, payload = run("opening", "KH KS KD", "5C 6C 7C", "--json")
    assert status == 0
    assert payload == {
        "valid": False,
        "points": 48,
        "clean_run": True,
        "error": "opening_below_threshold",
        "message": "48 < 51",
    }
    assert run("opening", "KH KS KD", "5C 6C 7C", "--rules", "rami40", "--json")[1]["valid"]
    _status, payload = run("opening", "AC AH AS", "JK 7S 8S", "--json")
    assert (payload["valid"], payload["points"], payload["clean_run"]) == (False, 54, False)
    assert payload["error"] == "opening_needs_clean_run"


def test_opening_with_an_invalid_meld_still_reports_points() -> None:
    status, payload = run("opening", "10S JS QS", "7H 7H 7D", "--json")
    assert status == 0 and payload["valid"] is False and payload["points"] == 30
    assert payload["error"] == "set_duplicate_suit"


def test_hand_value_json() -> None:
    assert run("hand-value", "AS", "KD", "7C", "JK", "--json") == (0, {"points": 48})
    assert run("hand-value", "AS", "KD", "7C", "JK", "--not-opened", "--json") == (
        0,
        {"points": 100},
    )
    assert run("hand-value", "JK", "--rules", "scala40", "--json") == (0, {"points": 25})


def test_selfplay_summary() -> None:
    status, payload = run("selfplay", "--rounds", "3", "--players", "4", "--seed", "5", "--json")
    assert status == 0 and payload["rounds"] == 3 and sum(payload["endings"].values()) == 3


def test_replay_and_verify_a_record(tmp_path: Path) -> None:
    import random

    from rami.bots import random_legal
    from rami.match import match_apply, match_legal_actions, new_match
    from rami.records import save
    from rami.rules import get_rules

    match = new_match(get_rules(), ["Ana", "Bogdan"], "cli")
    rng = random.Random(0)
    while match.current_seat is not None:
        match = match_apply(match, random_legal(match_legal_actions(match), rng))
    path = tmp_path / "game.jsonl"
    save(match, path)
    shown = RUNNER.invoke(build_app(), ["replay", str(path)])
    assert shown.exit_code == 0 and "Round 1" in shown.stdout and "Ana: draw" in shown.stdout
    verified = RUNNER.invoke(build_app(), ["verify", str(path)])
    assert verified.exit_code == 0 and "verified" in verified.stdout
    path.write_text(path.read_text().replace('"discard ', '"discard 2', 1))
    broken = RUNNER.invoke(build_app(), ["replay", str(path), "--json"])
    assert broken.exit_code == 2 and json.loads(broken.stdout)["error"] == "invalid_record"


def test_console_script_exit_code() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rami.cli", "meld", "XX", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and json.loads(done.stdout)["error"] == "invalid_card"
