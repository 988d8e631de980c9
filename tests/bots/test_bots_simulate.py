"""``rami simulate``: the documented JSON keys, the table, the plot and input errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rami.cli import build_app

runner = CliRunner()


def _simulate(*args: str) -> tuple[int, str]:
    result = runner.invoke(build_app(), ["simulate", *args])
    return result.exit_code, result.stdout


def test_json_has_the_documented_keys(tmp_path: Path) -> None:
    plot = tmp_path / "strength.png"
    code, out = _simulate(
        "--bots",
        "medium,easy",
        "--rounds",
        "4",
        "--seed",
        "7",
        "--json",
        "--plot",
        str(plot),
    )
    assert code == 0, out
    data = json.loads(out)
    assert set(data["bots"]) == {"medium", "easy"}
    for row in data["bots"].values():
        assert {"round_win_rate", "ci95", "mean_points", "mean_move_ms"} <= set(row)
        low, high = row["ci95"]
        assert 0 <= low <= row["round_win_rate"] <= high <= 1
        assert row["rounds"] == 8
    rates = [row["round_win_rate"] for row in data["bots"].values()]
    assert abs(sum(rates) - 1) < 1e-3
    assert data["rounds"] == 8 and data["players"] == 2
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_seats_cycle_over_the_bots_and_repeated_levels_are_told_apart() -> None:
    code, out = _simulate(
        "--bots", "medium,medium,easy", "--players", "4", "--rounds", "1", "--json"
    )
    assert code == 0, out
    data = json.loads(out)
    assert list(data["bots"]) == ["medium", "medium#2", "easy"]
    assert data["rounds"] == 4
    assert data["bots"]["medium"]["rounds"] == 8


def test_the_table_lists_every_bot() -> None:
    code, out = _simulate("--bots", "easy,random", "--rounds", "2")
    assert code == 0
    assert "easy" in out and "random" in out and "95% CI" in out


def test_bad_input_exits_2_with_a_json_error() -> None:
    code, out = _simulate("--bots", "medium,wizard", "--json")
    assert code == 2 and json.loads(out)["error"] == "unknown_bot"
    code, out = _simulate("--bots", "medium", "--players", "5", "--rules", "rami51-pl", "--json")
    assert code == 2 and json.loads(out)["error"] == "bad_player_count"


def test_plot_without_matplotlib_says_how_to_get_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    plot = tmp_path / "strength.png"
    code, out = _simulate("--bots", "easy,random", "--rounds", "1", "--plot", str(plot), "--json")
    assert code == 2
    error = json.loads(out)
    assert error["error"] == "missing_extra"
    assert "pip install 'rami[plot]'" in error["message"]
    assert not plot.exists()
    result = runner.invoke(build_app(), ["simulate", "--rounds", "1", "--plot", str(plot)])
    assert result.exit_code == 2
    assert "rami[plot]" in result.stderr


def _rami(*args: str, block_matplotlib: bool = False) -> subprocess.CompletedProcess[str]:
    """``rami`` in a subprocess (optionally where matplotlib cannot be imported)."""
    block = "import sys; sys.modules['matplotlib'] = None; " if block_matplotlib else ""
    code = f"{block}import sys; from rami.cli import main; sys.argv = ['rami', *{args!r}]; main()"
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )


def test_a_huge_worker_count_is_a_clean_error() -> None:
    done = _rami("simulate", "--workers", "99999999999999", "--rounds", "1", "--json")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    error = json.loads(done.stdout)
    assert set(error) == {"error", "message"} and error["error"] == "bad_option"
    assert "workers" in error["message"]
    done = _rami("simulate", "--workers", "99999999999999", "--rounds", "1")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "workers must be between 1 and" in done.stderr and not done.stdout


def test_help_shows_the_plot_extra() -> None:
    done = _rami("simulate", "--help")
    assert done.returncode == 0
    assert "[plot]" in " ".join(done.stdout.split())


def test_the_plot_hint_names_the_package_and_the_checkout(tmp_path: Path) -> None:
    plot = str(tmp_path / "strength.png")
    done = _rami("simulate", "--rounds", "1", "--plot", plot, "--json", block_matplotlib=True)
    assert done.returncode == 2
    message = json.loads(done.stdout)["message"]
    assert "pip install 'rami[plot]'" in message and "pip install -e '.[plot]'" in message
    done = _rami("simulate", "--rounds", "1", "--plot", plot, block_matplotlib=True)
    assert done.returncode == 2 and "pip install -e '.[plot]'" in done.stderr


def test_matches_json_is_one_object_with_match_and_round_figures() -> None:
    done = _rami("simulate", "--bots", "medium,random", "--matches", "1", "--seed", "m", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["sequences"], data["matches"], data["match_limit"]) == (1, 2, 501)
    medium = data["bots"]["medium"]
    assert medium["matches"] == 2 and medium["match_win_rate"] == 1.0
    assert {"match_ci95", "round_win_rate", "round_ci95", "mean_points"} <= set(medium)
    assert data["bots"]["random"]["match_wins"] == 0


def test_matches_table_and_bad_count() -> None:
    code, out = _simulate("--bots", "easy,random", "--matches", "1")
    words = " ".join(out.split())
    assert code == 0 and "easy" in words and "random" in words
    assert "2 matches" in words and "match wins Wilson score" in words
    code, out = _simulate("--matches", "0", "--json")
    assert code == 2 and json.loads(out)["error"] == "bad_option"
