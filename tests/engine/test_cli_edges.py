"""The command line at its edges, run as a user runs it (a subprocess): every ``--json`` command
prints exactly one JSON object, bad input exits 2 with ``{"error", "message"}``, no traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from random import Random
from typing import Any

import pytest

from rami.bots import random_legal
from rami.engine import legal_actions
from rami.match import match_apply, new_match
from rami.records import save
from rami.rules import get_rules
from rami.state import Phase

BLOCKER = """
import importlib.abc, sys

class _NoScaleExtra(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("psycopg", "redis"):
            raise ModuleNotFoundError(f"No module named '{name}'", name=name)
        return None

sys.meta_path.insert(0, _NoScaleExtra())
"""
"""A ``sitecustomize`` that makes the drivers of the ``[scale]`` extra impossible to import."""


def rami(
    *args: str, stdin: str = "", cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``rami ARGS`` with ``stdin`` as its input (never a terminal)."""
    done = subprocess.run(
        [sys.executable, "-m", "rami.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        cwd=cwd,
        env=env,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done


def one_object(done: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    """The only JSON object ``done`` printed."""
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    assert len(lines) == 1, done.stdout
    payload: dict[str, Any] = json.loads(lines[0])
    return payload


def error_of(done: subprocess.CompletedProcess[str]) -> str:
    """The error code of a ``--json`` refusal (exit 2, one ``{"error", "message"}`` object)."""
    assert done.returncode == 2, (done.stdout, done.stderr)
    payload = one_object(done)
    assert {"error", "message"} <= set(payload) and payload["message"], payload
    return str(payload["error"])


@pytest.fixture
def record(tmp_path: Path) -> Path:
    """A saved match with one round played to its end by random legal actions."""
    rng = Random("edges-1")
    match = new_match(get_rules(), ["Ana", "Luca"], "edges-1")
    while match.round.phase is not Phase.OVER:
        match = match_apply(match, random_legal(legal_actions(match.round), rng))
    path = tmp_path / "game.jsonl"
    save(match, path, reveal=True)
    return path


def test_replay_json_is_one_object(record: Path) -> None:
    done = rami("replay", str(record), "--json")
    assert done.returncode == 0, done.stderr
    payload = one_object(done)
    assert payload["players"] == ["Ana", "Luca"]
    assert len(payload["rounds"]) == 1 and payload["rounds"][0]["actions"]
    assert set(payload["totals"]) == {"Ana", "Luca"}


def test_a_missing_file_is_the_same_error_in_replay_and_verify(tmp_path: Path) -> None:
    missing = str(tmp_path / "nothing.jsonl")
    assert error_of(rami("replay", missing, "--json")) == "unreadable_file"
    assert error_of(rami("verify", missing, "--json")) == "unreadable_file"


@pytest.mark.parametrize("where", ["folder", "missing"])
def test_rules_output_that_cannot_be_written_is_a_clean_error(tmp_path: Path, where: str) -> None:
    target = tmp_path if where == "folder" else tmp_path / "missing" / "x.html"
    done = rami("rules", "--format", "html", "-o", str(target))
    assert done.returncode == 2 and "unwritable_file" in done.stderr, done.stderr


def test_selfplay_caps_the_number_of_rounds() -> None:
    done = rami("selfplay", "--rounds", str(10**23), "--json")
    assert error_of(done) == "bad_option"
    assert "1,000,000" in one_object(done)["message"]


def test_solve_with_empty_stdin_prints_one_error_object() -> None:
    assert error_of(rami("solve", "-", "--json", stdin="")) == "empty_input"
    assert error_of(rami("solve", "-", "--json", stdin="\n  \n")) == "empty_input"


def test_solve_answers_every_line_even_after_a_bad_one() -> None:
    done = rami("solve", "-", "--json", stdin="7S 8S 9S\nZZ 4H\n\n5H 5D 5C\n")
    assert done.returncode == 2
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == 3
    assert answers[0]["deadwood"] == 0 and answers[2]["deadwood"] == 0
    assert answers[1]["error"] == "invalid_card" and answers[1]["line"] == 2


def test_an_empty_meld_is_bad_input_in_opening_as_in_meld() -> None:
    assert error_of(rami("meld", "", "--json")) == "invalid_card"
    assert error_of(rami("opening", "", "--json")) == "empty_meld"
    assert error_of(rami("opening", "7H 7C 7D", " ", "--json")) == "empty_meld"


def test_play_without_a_terminal_exits_at_once() -> None:
    done = rami("play", "--seed", "x", "--lang", "en")
    assert done.returncode == 2 and "no_terminal" in done.stderr


def test_the_replay_viewer_without_a_terminal_exits_at_once(record: Path) -> None:
    done = rami("replay", str(record), "--viewer")
    assert done.returncode == 2 and "no_terminal" in done.stderr


def without_scale_extra(tmp_path: Path) -> dict[str, str]:
    """An environment where ``import psycopg`` and ``import redis`` fail."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(BLOCKER, encoding="utf-8")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(site), env.get("PYTHONPATH", "")])
    return env


@pytest.mark.parametrize(
    "args",
    [
        ["serve", "--database", "postgresql://u@127.0.0.1:1/x", "--redis", "redis://127.0.0.1:1"],
        ["serve", "--check", "--database", "postgresql://u@127.0.0.1:1/x"],
        ["db", "current", "--database", "postgresql://u@127.0.0.1:1/x"],
        ["db", "upgrade", "--database", "postgresql://u@127.0.0.1:1/x"],
    ],
)
def test_the_scaled_mode_without_its_extra_names_the_install(
    tmp_path: Path, args: list[str]
) -> None:
    done = rami(*args, cwd=tmp_path, env=without_scale_extra(tmp_path))
    assert done.returncode == 2, done.stderr
    assert "missing_extra" in done.stderr and "pip install -e '.[scale]'" in done.stderr


def test_the_blocker_really_hides_the_drivers(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import psycopg"],
        env=without_scale_extra(tmp_path),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1 and "ModuleNotFoundError" in done.stderr


def test_db_current_creates_nothing_in_the_current_folder(tmp_path: Path) -> None:
    done = rami("db", "current", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "revision none" in done.stdout
    assert list(tmp_path.iterdir()) == []


def test_serve_check_reads_the_database_it_is_given(tmp_path: Path) -> None:
    from services import postgres_database, redis_database

    with postgres_database() as url, redis_database(14) as redis_url:
        done = rami("serve", "--check", "--database", url, "--redis", redis_url, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert "0 tables stored" in done.stdout and "answers" in done.stdout
    assert not (tmp_path / "rami-data").exists()
    unreachable = rami("serve", "--check", "--redis", "redis://127.0.0.1:1/0", cwd=tmp_path)
    assert unreachable.returncode == 1 and "does not answer" in unreachable.stderr


@pytest.mark.parametrize(
    ("url", "code"),
    [
        ("postgresql://u@127.0.0.1:1/x", "database_unreachable"),
        ("nonsense://x", "bad_database_url"),
    ],
)
@pytest.mark.parametrize("command", ["current", "upgrade"])
def test_a_database_that_cannot_be_used_is_a_clean_error(
    tmp_path: Path, command: str, url: str, code: str
) -> None:
    done = rami("db", command, "--database", url, cwd=tmp_path)
    assert done.returncode == 2 and f"error: {code}:" in done.stderr, done.stderr
