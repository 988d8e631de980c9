"""Game records: save, load and replay to the identical state; corrupt records name the line."""

import json
import random
from pathlib import Path

import pytest

from rami.bots import random_legal
from rami.errors import InvalidRecordError
from rami.match import MatchState, match_apply, match_legal_actions, new_match, next_round
from rami.records import dumps, load, loads, replay, save
from rami.rules import get_rules
from rami.shuffle import commitment


def _play(rules_name: str, players: int, rounds: int, seed: int) -> MatchState:
    rng = random.Random(seed)
    match = new_match(get_rules(rules_name), [f"P{i}" for i in range(players)], f"m{seed}")
    for index in range(rounds):
        if index:
            match = next_round(match)
        while match.current_seat is not None:
            match = match_apply(match, random_legal(match_legal_actions(match), rng))
        if match.finished:
            break
    return match


@pytest.fixture(scope="module")
def finished() -> MatchState:
    return _play("rami51", 3, 2, 1)


def test_record_round_trips_to_the_identical_state(finished: MatchState) -> None:
    text = dumps(finished)
    again = replay(loads(text))
    assert again.totals == finished.totals
    assert again.round == finished.round
    assert dumps(again) == text


def test_record_holds_rules_hash_players_and_commitments(finished: MatchState) -> None:
    lines = [json.loads(line) for line in dumps(finished).splitlines()]
    header = lines[0]
    assert header["rules_hash"] == finished.rules.hash
    assert header["players"] == ["P0", "P1", "P2"]
    assert header["seed_commitment"] == commitment(finished.seed, finished.binding)
    assert "seed" not in header
    rounds = [line for line in lines if line["type"] == "round"]
    assert all("seed" not in line for line in rounds)
    ends = [line for line in lines if line["type"] == "round_end"]
    pairs = zip(ends, rounds, strict=True)
    assert all(
        commitment(end["seed"], finished.binding) == start["seed_commitment"]
        for end, start in pairs
    )


def test_an_unfinished_record_with_a_renamed_player_is_refused() -> None:
    """Without the match seed, the revealed round seeds still tie the record to its players."""
    match = _play("rami51", 3, 2, 4)
    assert not match.finished and match.finished_rounds  # a round revealed, the match seed not
    objs = [json.loads(line) for line in dumps(match).splitlines()]
    assert objs[-1]["type"] != "match_end" and "seed" not in objs[0]
    objs[0]["players"][2] = "Mallory"
    text = "\n".join(json.dumps(o) for o in objs) + "\n"
    with pytest.raises(InvalidRecordError, match="commitment"):
        replay(loads(text))


def _as_version_1(text: str, match: MatchState) -> str:
    """``text`` as a version-1 record, whose commitments hash the seeds alone."""
    objs = [json.loads(line) for line in text.splitlines()]
    objs[0]["version"] = 1
    objs[0]["seed_commitment"] = commitment(match.seed, None)
    ends = {o["round"]: o["seed"] for o in objs if o["type"] == "round_end"}
    for obj in objs:
        if obj["type"] == "round":
            seed = obj.get("seed", ends.get(obj["round"]))
            obj["seed_commitment"] = commitment(seed, None)
    return "\n".join(json.dumps(o) for o in objs) + "\n"


def test_a_version_1_record_still_loads(finished: MatchState) -> None:
    again = replay(loads(_as_version_1(dumps(finished), finished)))
    assert again.totals == finished.totals and again.round == finished.round
    private = replay(loads(_as_version_1(dumps(finished, reveal=True), finished)))
    assert private.seed_commitment == finished.seed_commitment  # re-committed in today's form


def test_a_resumed_version_1_save_saves_again_in_todays_form(tmp_path: Path) -> None:
    match = new_match(get_rules("rami40"), ["A", "B"], "old-save")
    rng = random.Random(3)
    for _ in range(30):
        match = match_apply(match, random_legal(match_legal_actions(match), rng))
    path = tmp_path / "old.jsonl"
    path.write_text(_as_version_1(dumps(match, reveal=True), match), encoding="utf-8")
    resumed = load(path)
    assert resumed.round == match.round
    save(resumed, path, reveal=True)
    assert json.loads(path.read_text(encoding="utf-8").splitlines()[0])["version"] == 2
    assert load(path).round == match.round


def test_unfinished_match_saves_privately_and_resumes(tmp_path: Path) -> None:
    rng = random.Random(9)
    match = new_match(get_rules("rami40"), ["A", "B"], "resume")
    for _ in range(25):
        match = match_apply(match, random_legal(match_legal_actions(match), rng))
    path = tmp_path / "game.jsonl"
    save(match, path, reveal=True)
    resumed = load(path)
    assert resumed.round == match.round
    assert resumed.seed == match.seed


def test_public_record_of_an_unfinished_round_cannot_be_replayed() -> None:
    match = new_match(get_rules(), ["A", "B"], "public")
    with pytest.raises(InvalidRecordError, match="not revealed"):
        replay(loads(dumps(match)))


def _corrupt(text: str, number: int, new_line: str) -> str:
    lines = text.splitlines()
    lines[number - 1] = new_line
    return "\n".join(lines) + "\n"


def test_corrupt_json_names_the_line(finished: MatchState) -> None:
    text = _corrupt(dumps(finished), 5, '{"type": "action", "seat": ')
    with pytest.raises(InvalidRecordError) as info:
        loads(text)
    assert info.value.line == 5 and "line 5" in str(info.value)


def test_edited_action_names_the_first_bad_line(finished: MatchState) -> None:
    text = dumps(finished)
    lines = text.splitlines()
    number = next(i for i, line in enumerate(lines, 1) if '"discard ' in line and i > 3)
    edited = json.loads(lines[number - 1])
    edited["action"] = "discard QQ"
    with pytest.raises(InvalidRecordError) as info:
        replay(loads(_corrupt(text, number, json.dumps(edited))))
    assert info.value.line == number


def test_edited_scores_are_caught(finished: MatchState) -> None:
    text = dumps(finished)
    lines = text.splitlines()
    number = next(i for i, line in enumerate(lines, 1) if '"round_end"' in line)
    edited = json.loads(lines[number - 1])
    edited["scores"] = [0 for _ in edited["scores"]]
    with pytest.raises(InvalidRecordError) as info:
        replay(loads(_corrupt(text, number, json.dumps(edited))))
    assert info.value.line == number


def test_edited_rules_do_not_match_their_hash(finished: MatchState) -> None:
    text = dumps(finished)
    header = json.loads(text.splitlines()[0])
    header["rules"]["opening_points"] = 40
    with pytest.raises(InvalidRecordError, match="hash") as info:
        loads(_corrupt(text, 1, json.dumps(header)))
    assert info.value.line == 1


def test_swapped_seed_does_not_match_its_commitment(finished: MatchState) -> None:
    text = dumps(finished)
    lines = text.splitlines()
    number = next(i for i, line in enumerate(lines, 1) if '"round_end"' in line)
    edited = json.loads(lines[number - 1])
    edited["seed"] = "0" * 32
    with pytest.raises(InvalidRecordError, match="commitment"):
        replay(loads(_corrupt(text, number, json.dumps(edited))))


def test_out_of_turn_action_is_caught(finished: MatchState) -> None:
    text = dumps(finished)
    lines = text.splitlines()
    edited = json.loads(lines[2])
    edited["seat"] = (edited["seat"] + 1) % 3
    with pytest.raises(InvalidRecordError, match="out of turn") as info:
        replay(loads(_corrupt(text, 3, json.dumps(edited))))
    assert info.value.line == 3


@pytest.mark.parametrize("text", ["", "[]\n", '{"type": "header"}\n', "not json\n"])
def test_garbage_is_refused_cleanly(text: str) -> None:
    with pytest.raises(InvalidRecordError):
        replay(loads(text))


def test_unreadable_file_is_an_invalid_record(tmp_path: Path) -> None:
    with pytest.raises(InvalidRecordError):
        load(tmp_path / "missing.jsonl")
