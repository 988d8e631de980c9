"""``rami analyze``: the JSON schema, the same review for the same seed, the text output and
one-line errors on bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from rami.bots import make_bot
from rami.cli import build_app
from rami.match import match_apply, new_match
from rami.records import dumps
from rami.rules import get_rules
from rami.views import view_for

runner = CliRunner()

TOP_KEYS = ["schema", "seat", "player", "budget", "seed", "lang", "scale", "match", "rounds"]
SUMMARY_KEYS = [
    "decisions",
    "accuracy",
    "mean_loss_points",
    "mean_loss_win",
    "rating",
    "band",
    "verdicts",
]
LUCK_KEYS = ["deal_distance", "deal_average", "deal", "stock_draws", "draws"]
ROUND_KEYS = ["round", "score", "won", "summary", "luck", "decisions"]
DECISION_KEYS = [
    "turn",
    "kind",
    "played",
    "best",
    "likeliest_win",
    "alternatives",
    "loss_points",
    "loss_win",
    "measured_loss_points",
    "measured_loss_win",
    "measured_loss_points_error",
    "measured_loss_win_error",
    "verdict",
    "accuracy",
    "worlds",
]
OPTION_KEYS = ["actions", "text", "points", "win"]


def _analyze(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(build_app(), ["analyze", *args])
    return result.exit_code, result.stdout, result.stderr


def _review(record: Path, *args: str) -> dict[str, Any]:
    code, out, _ = _analyze(str(record), "--json", *args)
    assert code == 0, out
    assert out.count("\n") == 1
    data: dict[str, Any] = json.loads(out)
    return data


@pytest.fixture(scope="module")
def review(record_file: Path) -> dict[str, Any]:
    return _review(record_file, "--seat", "1")


def test_the_json_schema_is_stable(review: dict[str, Any]) -> None:
    assert list(review) == TOP_KEYS
    assert review["schema"] == "rami-review/1"
    assert review["seat"] == 1 and review["player"] == "Bo"
    assert review["budget"]["name"] == "quick"
    assert list(review["match"]) == ["summary", "luck"]
    assert list(review["match"]["summary"]) == SUMMARY_KEYS
    assert list(review["match"]["luck"]) == LUCK_KEYS
    assert review["scale"]["verdicts"] == ["inaccuracy", "mistake", "blunder"]
    assert len(review["rounds"]) == 1
    rnd = review["rounds"][0]
    assert list(rnd) == ROUND_KEYS
    assert rnd["decisions"], "a played round has decisions to judge"
    kinds = set()
    for decision in rnd["decisions"]:
        assert list(decision) == DECISION_KEYS
        kinds.add(decision["kind"])
        for option in (decision["played"], decision["best"], *decision["alternatives"]):
            assert list(option) == OPTION_KEYS
        assert decision["verdict"] in (None, "inaccuracy", "mistake", "blunder")
        assert decision["loss_points"] >= 0 and 0 <= decision["loss_win"] <= 1
        assert decision["best"]["points"] <= decision["played"]["points"]
        assert len(decision["alternatives"]) <= 3
        budget = review["budget"]
        assert budget["worlds"] <= decision["worlds"] <= budget["max_worlds"]
        assert decision["worlds"] % budget["worlds"] == 0
    assert {"draw", "discard"} <= kinds
    summary = rnd["summary"]
    assert summary["decisions"] == len(rnd["decisions"])
    assert sum(summary["verdicts"].values()) == sum(
        d["verdict"] is not None for d in rnd["decisions"]
    )
    assert 0 <= summary["accuracy"] <= 100
    assert rnd["luck"]["stock_draws"] >= 1


def test_the_same_seed_gives_the_same_review(record_file: Path, review: dict[str, Any]) -> None:
    again = _review(record_file, "--seat", "1")
    assert again == review
    other = _review(record_file, "--seat", "1", "--seed", "another")
    assert other["seed"] == "another"
    played = [d["played"]["actions"] for d in review["rounds"][0]["decisions"]]
    assert [d["played"]["actions"] for d in other["rounds"][0]["decisions"]] == played


def test_the_moves_are_said_in_the_language_asked(record_file: Path) -> None:
    french = _review(record_file, "--seat", "0", "--lang", "fr")
    texts = {d["played"]["text"] for r in french["rounds"] for d in r["decisions"]}
    assert any(t.startswith("défaussez ") for t in texts)


def test_the_text_output_shows_each_round_and_the_match(record_file: Path) -> None:
    code, out, _ = _analyze(str(record_file), "--seat", "0")
    assert code == 0, out
    assert "Round 1" in out and "Match" in out
    assert "accuracy" in out and "luck: deal" in out


@pytest.mark.parametrize(
    ("make", "args", "code"),
    [
        (None, [], "unreadable_file"),
        ("not json at all\n", [], "invalid_record"),
        ("truncated", [], "invalid_record"),
        ("good", ["--seat", "2"], "bad_seat"),
        ("good", ["--seat", "-1"], "bad_seat"),
        ("good", ["--budget", "huge"], "bad_budget"),
        ("good", ["--lang", "xx"], "bad_language"),
    ],
)
def test_bad_input_is_a_clear_one_line_error(
    tmp_path: Path, record_file: Path, make: str | None, args: list[str], code: str
) -> None:
    path = tmp_path / "record.jsonl"
    if make == "good":
        path = record_file
    elif make == "truncated":
        lines = record_file.read_text(encoding="utf-8").splitlines()
        broken = lines[-3].replace('"action":"', '"action":"x')
        path.write_text("\n".join([*lines[:-3], broken]) + "\n", encoding="utf-8")
    elif make is not None:
        path.write_text(make, encoding="utf-8")
    status, out, err = _analyze(str(path), *args)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith(f"error: {code}: ")
    status, out, _ = _analyze(str(path), "--json", *args)
    assert status == 2
    assert json.loads(out)["error"] == code


def test_an_unfinished_round_is_reviewed_so_far(tmp_path: Path) -> None:
    match = new_match(get_rules("rami51"), ["Ana", "Bo"], "unfinished")
    bots = [make_bot("medium", 0), make_bot("medium", 1)]
    for _ in range(12):
        seat = match.current_seat
        assert seat is not None
        match = match_apply(match, bots[seat].choose(view_for(match, seat)))
    path = tmp_path / "save.jsonl"
    path.write_text(dumps(match, reveal=True), encoding="utf-8")
    review = _review(path, "--seat", "0")
    (rnd,) = review["rounds"]
    assert rnd["score"] is None and rnd["won"] is None
    assert rnd["decisions"] and all(d["turn"] <= match.round.turn_number for d in rnd["decisions"])
