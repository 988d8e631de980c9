"""``rami simulate``: the documented JSON keys, the table, the plot and input errors."""

from __future__ import annotations

import json
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
