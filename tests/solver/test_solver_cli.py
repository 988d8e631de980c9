"""``rami solve``: the JSON contract, stdin mode, and exit 2 with an error object."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from rami.cli import build_app

RUNNER = CliRunner()


def run(args: list[str], stdin: str | None = None) -> tuple[int, list[dict[str, object]]]:
    result = RUNNER.invoke(build_app(), ["solve", *args], input=stdin)
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    return result.exit_code, lines


def test_json_answer_has_the_documented_shape() -> None:
    code, [answer] = run(["QC", "KC", "AC", "2C", "3C", "--json"])
    assert code == 0
    assert answer == {
        "deadwood": 5,
        "melds": [["QC", "KC", "AC"]],
        "leftover": ["2C", "3C"],
        "opening": {"points": 31, "melds": [["QC", "KC", "AC"]], "meets_threshold": False},
    }


def test_opening_honours_the_clean_run_rule_and_is_null_without_one() -> None:
    code, [answer] = run(["AC", "AH", "AS", "JK", "7S", "8S", "--json"])
    assert code == 0 and answer["deadwood"] == 0 and answer["opening"] is None
    code, [answer] = run(["AC", "AH", "AS", "JK", "7S", "8S", "--rules", "rami40", "--json"])
    assert answer["opening"] == {
        "points": 54,
        "melds": [["AC", "AH", "AS"], ["JK", "7S", "8S"]],
        "meets_threshold": True,
    }


def test_stdin_gives_one_object_per_hand() -> None:
    code, answers = run(["-", "--json"], "10S JS QS 7H 7C 7D\n\n2C 9D KS JK\n")
    assert code == 0
    assert [a["deadwood"] for a in answers] == [0, 41]
    assert answers[0]["opening"] == {
        "points": 51,
        "melds": [["7C", "7D", "7H"], ["10S", "JS", "QS"]],
        "meets_threshold": True,
    }
    assert answers[1]["melds"] == [] and answers[1]["opening"] is None


def test_malformed_input_exits_2_with_an_error_object() -> None:
    code, answers = run(["-", "--json"], "7S 8S 9S\n7S XX\n")
    assert code == 2
    assert answers[0]["deadwood"] == 0
    assert answers[1]["error"] == "invalid_card" and "XX" in str(answers[1]["message"])
    code, [error] = run(["7S", "7S", "7S", "7S", "--json"])
    assert code == 2 and error["error"] == "impossible_hand"
    code, [error] = run(["7S", "--rules", "nope", "--json"])
    assert code == 2 and error["error"] == "unknown_preset"


def test_plain_text_output() -> None:
    result = RUNNER.invoke(build_app(), ["solve", "QC", "KC", "AC", "2C", "3C"])
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "deadwood 5: QC KC AC; left: 2C 3C",
        "opening: 31 points (below 51): QC KC AC",
    ]
