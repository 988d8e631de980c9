"""Engine commands: ``meld``, ``opening``, ``hand-value``, ``selfplay``, ``replay``, ``verify``."""

from __future__ import annotations

import statistics
from collections import Counter
from pathlib import Path
from random import Random
from typing import Annotated, Any

import typer

from rami.actions import action_text
from rami.bots import random_legal
from rami.cards import card_text, cards_text, parse_cards
from rami.cli.common import (
    CardsArgument,
    FileArgument,
    JsonOption,
    RulesOption,
    emit_json,
    fail,
    fail_with,
    impossible_hand,
    load_rules,
    read_text,
    shorten,
)
from rami.cli.published_verify import published_document, verify_published
from rami.engine import apply, deal, legal_actions
from rami.errors import InvalidMeldError, RamiError
from rami.match import MatchState
from rami.melds import make_meld
from rami.records import loads, replay
from rami.scoring import check_opening, hand_penalty
from rami.state import Phase


def meld(cards: CardsArgument, rules: RulesOption = "rami51", as_json: JsonOption = False) -> None:
    """Check whether CARDS form one meld, and its points."""
    ruleset = load_rules(rules, as_json)
    try:
        parsed = parse_cards(cards)
        result = make_meld(parsed, ruleset.jokers_per_meld)
    except InvalidMeldError as error:
        payload = {"valid": False, "error": error.code, "message": error.message}
        emit_json(payload) if as_json else typer.echo(f"invalid: {error.message}")
        return
    except RamiError as error:
        fail_with(error, as_json)
    jokers = [card_text(c) for c in result.joker_cards()]
    if as_json:
        emit_json(
            {"valid": True, "kind": str(result.kind), "points": result.points(), "jokers": jokers}
        )
    else:
        typer.echo(f"valid {result.kind}: {result.text()} — {result.points()} points")


MeldsArgument = Annotated[
    list[str], typer.Argument(metavar="MELD", help='One meld per argument, e.g. "7H 7C 7D".')
]


def opening(
    melds: MeldsArgument, rules: RulesOption = "rami51", as_json: JsonOption = False
) -> None:
    """Judge an opening; each argument is one meld's cards, e.g. "10S JS QS" "7H 7C 7D"."""
    ruleset = load_rules(rules, as_json)
    if any(not text.split() for text in melds):
        fail("empty_meld", 'a meld argument holds no card (write e.g. "7H 7C 7D")', as_json)
    try:
        groups = [parse_cards(text) for text in melds]
    except RamiError as error:
        fail_with(error, as_json)
    built = []
    for group in groups:
        try:
            built.append(make_meld(group, ruleset.jokers_per_meld))
        except InvalidMeldError as error:
            shown = cards_text(group)
            payload = {
                "valid": False,
                "points": sum(m.points(ruleset.jokers_count_in_opening) for m in built),
                "clean_run": any(m.clean for m in built),
                "error": error.code,
                "message": f"{shown}: {error.message}",
            }
            emit_json(payload) if as_json else typer.echo(f"invalid: {payload['message']}")
            return
    check = check_opening(built, ruleset)
    verdict: dict[str, object] = {
        "valid": check.valid,
        "points": check.points,
        "clean_run": check.clean_run,
    }
    if not check.valid:
        verdict.update(error=check.code, message=check.message)
    if as_json:
        emit_json(verdict)
    else:
        said = "valid" if check.valid else f"invalid ({check.code}: {check.message})"
        typer.echo(f"{said}: {check.points} points, clean run: {check.clean_run}")


def hand_value(
    cards: CardsArgument,
    rules: RulesOption = "rami51",
    not_opened: Annotated[
        bool, typer.Option("--not-opened", metavar="", help="The player never opened.")
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """The penalty CARDS score when left in hand at the end of a round."""
    ruleset = load_rules(rules, as_json)
    try:
        parsed = parse_cards(cards)
    except RamiError as error:
        fail_with(error, as_json)
    problem = impossible_hand(parsed, ruleset)
    if problem is not None:
        fail("impossible_hand", f"{cards_text(parsed)}: {problem}", as_json)
    points = hand_penalty(parsed, ruleset, opened=not not_opened)
    emit_json({"points": points}) if as_json else typer.echo(str(points))


MAX_SELFPLAY_ROUNDS = 1_000_000
"""The most rounds one ``selfplay`` plays (about an hour of random play)."""


def selfplay(
    rounds: Annotated[
        int, typer.Option(metavar="N", help=f"Rounds to play (1 to {MAX_SELFPLAY_ROUNDS:,}).")
    ] = 10,
    players: Annotated[int, typer.Option(metavar="N", help="Players per round.")] = 2,
    seed: Annotated[str, typer.Option(metavar="SEED", help="Seed of the first round.")] = "0",
    rules: RulesOption = "rami51",
    as_json: JsonOption = False,
) -> None:
    """Play random-legal rounds and print a summary."""
    ruleset = load_rules(rules, as_json)
    if not 1 <= rounds <= MAX_SELFPLAY_ROUNDS:
        fail(
            "bad_option",
            f"--rounds must be from 1 to {MAX_SELFPLAY_ROUNDS:,}, not {shorten(str(rounds), 40)}",
            as_json,
        )
    rng = Random(seed)
    reasons: Counter[str] = Counter()
    turns, actions, wins = [], 0, Counter[int]()
    for index in range(rounds):
        try:
            state = deal(ruleset, players, f"{seed}-{index}", index % players)
        except RamiError as error:
            fail_with(error, as_json)
        while state.phase is not Phase.OVER:
            state = apply(state, random_legal(legal_actions(state), rng))
            actions += 1
        assert state.result is not None
        reasons[str(state.result.reason)] += 1
        turns.append(state.turn_number)
        if state.result.winner is not None:
            wins[state.result.winner] += 1
    summary = {
        "rules": ruleset.name,
        "rules_hash": ruleset.hash,
        "rounds": rounds,
        "players": players,
        "actions": actions,
        "mean_turns": round(statistics.fmean(turns), 1) if turns else 0,
        "endings": dict(reasons),
        "wins_by_seat": {str(s): wins[s] for s in range(players)},
    }
    if as_json:
        emit_json(summary)
        return
    for key, value in summary.items():
        typer.echo(f"{key:>13}: {value}")


def replay_cmd(
    file: FileArgument,
    viewer: Annotated[
        bool, typer.Option("--viewer", metavar="", help="Step through it in the terminal viewer.")
    ] = False,
    seat: Annotated[
        int,
        typer.Option("--seat", min=1, metavar="N", help="Viewer: whose view to show first (1 up)."),
    ] = 1,
    lang: Annotated[
        str | None,
        typer.Option("--lang", metavar="LANG", help="Viewer: its language (default: from $LANG)."),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Check a game record and print it turn by turn (or step through it in the viewer)."""
    if viewer:
        from rami.cli.play_cmd import open_viewer

        open_viewer(file, lang, seat)
        return
    match = _read_match(file, as_json)
    if as_json:
        emit_json(_replay_json(match))
        return
    for played in match.finished_rounds:
        typer.echo(f"Round {played.index} (dealer: {match.names[played.dealer]})")
        for entry in played.state.entries():
            who = match.names[played.seats[entry.seat]]
            drawn = f" ({card_text(entry.card)})" if entry.card is not None else ""
            typer.echo(f"  {who}: {action_text(entry.action)}{drawn}")
        result = played.state.result
        assert result is not None
        scores = ", ".join(
            f"{match.names[played.seats[i]]} {s}" for i, s in enumerate(result.scores)
        )
        typer.echo(f"  end: {result.reason}; scores: {scores}")
    totals = ", ".join(f"{n} {t}" for n, t in zip(match.names, match.totals, strict=True))
    typer.echo(f"Totals: {totals}")
    if match.finished:
        typer.echo("Winner: " + ", ".join(match.names[s] for s in match.winners))


def _read_match(file: Path, as_json: bool) -> MatchState:
    """The checked and replayed match of the record ``file``, or exit 2."""
    text = read_text(file, as_json)
    try:
        return replay(loads(text))
    except RamiError as error:
        fail_with(error, as_json)


def _replay_json(match: MatchState) -> dict[str, Any]:
    """The finished rounds of ``match`` action by action, its totals and winners."""
    rounds = []
    for played in match.finished_rounds:
        result = played.state.result
        assert result is not None
        actions = [
            {
                "player": match.names[played.seats[entry.seat]],
                "action": action_text(entry.action),
                "card": card_text(entry.card) if entry.card is not None else None,
            }
            for entry in played.state.entries()
        ]
        scores = {match.names[played.seats[i]]: s for i, s in enumerate(result.scores)}
        rounds.append(
            {
                "round": played.index,
                "dealer": match.names[played.dealer],
                "actions": actions,
                "end": str(result.reason),
                "scores": scores,
            }
        )
    return {
        "players": list(match.names),
        "rounds": rounds,
        "totals": dict(zip(match.names, match.totals, strict=True)),
        "finished": match.finished,
        "winners": [match.names[s] for s in match.winners],
    }


def verify(file: FileArgument, as_json: JsonOption = False) -> None:
    """Replay a game record and check every field of every line against the replay: the deals
    come from their committed seeds, and every action, end of round and total is the engine's.
    A Daily Duplicate edition's or a finished tournament's document is checked seed by seed
    against its commitments."""
    text = read_text(file, as_json)
    published = published_document(text)
    if published is not None:  # an edition's or a tournament's document, not a game record
        verify_published(published, as_json)
        return
    try:
        match = replay(loads(text))
    except RamiError as error:
        if as_json:
            emit_json({"verified": False, "error": error.code, "message": shorten(error.message)})
        else:
            typer.echo(f"NOT VERIFIED: {shorten(error.message)}", err=True)
        raise typer.Exit(2) from None
    rounds = len(match.finished_rounds)
    if as_json:
        emit_json({"verified": True, "finished_rounds": rounds, "players": list(match.names)})
        return
    typer.echo(
        f"verified: {rounds} finished rounds dealt from their committed seeds, every line as the"
        f" replay gives it; players: {', '.join(match.names)}"
    )


def register(app: typer.Typer) -> None:
    """Add the engine commands to ``app``."""
    app.command("meld")(meld)
    app.command("opening")(opening)
    app.command("hand-value")(hand_value)
    app.command("selfplay")(selfplay)
    app.command("replay")(replay_cmd)
    app.command("verify")(verify)
