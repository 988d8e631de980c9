"""The command-line contract on bad input: with ``--json`` one JSON error object and exit 2
(usage errors included), messages that never quote huge input, real placeholders in help."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from typer.testing import CliRunner

from rami.cli import build_app

RUNNER = CliRunner()


def _json_error(*args: str) -> dict[str, Any]:
    result = RUNNER.invoke(build_app(), list(args))
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    assert len(lines) == 1, result.stdout
    payload: dict[str, Any] = json.loads(lines[0])
    assert set(payload) == {"error", "message"} and payload["message"]
    return payload


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["meld", "--json"], "missing_argument"),
        (["opening", "--json"], "missing_argument"),
        (["hand-value", "--json"], "missing_argument"),
        (["solve", "--json"], "missing_argument"),
        (["replay", "--json"], "missing_argument"),
        (["verify", "--json"], "missing_argument"),
        (["selfplay", "--rounds", "x", "--json"], "bad_value"),
        (["selfplay", "--players", "2.5", "--json"], "bad_value"),
        (["simulate", "--rounds", "many", "--json"], "bad_value"),
        (["simulate", "--hard-ms", "fast", "--json"], "bad_value"),
        (["meld", "QH", "--colour", "--json"], "unknown_option"),
        (["meld", "QH", "--json", "--rules"], "bad_option"),
    ],
)
def test_usage_errors_with_json_are_one_json_object(args: list[str], code: str) -> None:
    assert _json_error(*args)["error"] == code


def test_usage_errors_without_json_keep_the_usage_text() -> None:
    result = RUNNER.invoke(build_app(), ["meld"])
    assert result.exit_code == 2 and "Missing argument 'CARD'" in result.output


def test_usage_error_from_the_console_script() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rami.cli", "selfplay", "--rounds", "x", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and json.loads(done.stdout)["error"] == "bad_value"
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("cards", "rules"),
    [("9C 9C 9C 9C 9C", "rami51"), ("JK JK JK JK JK", "rami51"), ("JK JK JK JK", "rami51-house")],
)
def test_hand_value_refuses_impossible_hands_as_solve_does(cards: str, rules: str) -> None:
    for command in ("hand-value", "solve"):
        payload = _json_error(command, *cards.split(), "--rules", rules, "--json")
        assert payload["error"] == "impossible_hand" and "the deck has" in payload["message"]


def test_hand_value_accepts_a_possible_hand() -> None:
    result = RUNNER.invoke(build_app(), ["hand-value", "9C", "9C", "9C", "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout) == {"points": 27}


@pytest.mark.parametrize(
    "args",
    [
        ["meld", "Q" * 200_000, "--json"],
        ["hand-value", "KH", "Z" * 200_000, "--json"],
        ["opening", "10S JS " + "X" * 200_000, "--json"],
        ["solve", "7S", "W" * 200_000, "--json"],
        ["meld", "QH", "KH", "AH", "--rules", "r" * 200_000, "--json"],
        ["simulate", "--bots", "b" * 200_000, "--json"],
    ],
    ids=["meld", "hand-value", "opening", "solve", "preset", "bots"],
)
def test_errors_never_echo_huge_input(args: list[str]) -> None:
    result = RUNNER.invoke(build_app(), args)
    assert len(result.output) < 1000, result.output[:200]
    payload = json.loads(result.stdout)
    assert payload.get("error") and len(payload["message"]) <= 300


def test_unprintable_input_is_escaped_not_a_crash() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rami.cli", "meld", "Q\udcff", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert json.loads(done.stdout)["error"] == "invalid_card"


@pytest.mark.parametrize("rounds", ["-1", "0"])
def test_selfplay_refuses_a_round_count_below_one(rounds: str) -> None:
    payload = _json_error("selfplay", "--rounds", rounds, "--json")
    assert payload["error"] == "bad_option" and rounds in payload["message"]


def test_an_unknown_bot_level_is_named_plainly() -> None:
    payload = _json_error("simulate", "--bots", "medium,wizard", "--json")
    assert payload == {
        "error": "unknown_bot",
        "message": "unknown bot level 'wizard' (known: random, easy, medium, hard, expert)",
    }
    assert "none given" in _json_error("simulate", "--bots", ",", "--json")["message"]


@pytest.mark.parametrize(
    ("command", "placeholders"),
    [
        ("meld", ["CARD", "PRESET"]),
        ("opening", ["MELD", "PRESET"]),
        ("hand-value", ["CARD", "PRESET"]),
        ("solve", ["CARD", "PRESET"]),
        ("selfplay", ["N", "SEED", "PRESET"]),
        ("replay", ["FILE"]),
        ("verify", ["FILE"]),
        ("rules", ["PRESET", "LANG", "FORMAT", "FILE", "DIR"]),
        ("simulate", ["LEVELS", "N", "SEED", "FILE", "MS"]),
    ],
)
def test_help_shows_real_placeholders(command: str, placeholders: list[str]) -> None:
    result = RUNNER.invoke(build_app(), [command, "--help"], terminal_width=200)
    assert result.exit_code == 0
    words = result.output.split()
    for placeholder in placeholders:
        assert placeholder in words or f"{{{placeholder}}}..." in words, placeholder
    for generic in ("TEXT", "INTEGER", "FLOAT", "<str>", "<int>", "<float>", "<bool>  Print"):
        assert generic not in result.output, generic


def test_simulate_gives_the_same_results_with_any_number_of_workers() -> None:
    def results(workers: str) -> dict[str, Any]:
        args = ["simulate", "--bots", "medium,easy", "--rounds", "3", "--seed", "w"]
        result = RUNNER.invoke(build_app(), [*args, "--workers", workers, "--json"])
        assert result.exit_code == 0, result.output
        summary: dict[str, Any] = json.loads(result.stdout)
        for row in summary["bots"].values():
            del row["mean_move_ms"], row["p95_move_ms"]
        return summary

    assert results("1") == results("2")
