"""The table log as each connection reads it: the player's own actions in the second person,
bots named in the connection's language."""

from __future__ import annotations

import random

from rami.actions import DrawStock
from rami.bots import random_legal
from rami.i18n import bot_seat_name
from rami.match import MatchState, match_apply, match_legal_actions, new_match
from rami.narration import narrate
from rami.rules import get_rules
from rami.server.messages.fairness import fairness_of
from rami.server.messages.wire import game_wire
from rami.views import view_for

NAMES = ("Ana", "Bot 2 (medium)")
BOTS = (None, "medium")


def _played(turns: int) -> MatchState:
    match = new_match(get_rules("rami51"), NAMES, "log-words")
    rng = random.Random(7)
    while len(view_for(match, None).events) < turns:
        match = match_apply(match, random_legal(match_legal_actions(match), rng))
    return match


def test_a_seat_reads_its_own_actions_in_the_second_person() -> None:
    match = _played(6)
    game = game_wire(view_for(match, 0), fairness_of(match), "ro", BOTS)
    mine = [entry for entry in game["log"] if entry["seat"] == 0]
    assert mine
    for entry in mine:
        assert "Ana" not in entry["text"]
    draw = next(e for e in mine if e["action"] == "draw stock")
    events = view_for(match, 0).events
    card = next(e.card for e in events if e.seat == 0 and isinstance(e.action, DrawStock))
    assert draw["text"] == narrate(0, DrawStock(), card, NAMES, "ro", viewer=0)
    assert draw["text"].startswith("Ai tras")


def test_a_spectator_reads_every_seat_by_name_and_the_bot_in_its_language() -> None:
    match = _played(6)
    game = game_wire(view_for(match, None), fairness_of(match), "ro", BOTS)
    texts = [entry["text"] for entry in game["log"]]
    assert any("Ana" in text for text in texts)
    bot_lines = [e["text"] for e in game["log"] if e["seat"] == 1]
    romanian = bot_seat_name(2, "medium", "ro")
    assert romanian != "Bot 2 (medium)"
    assert bot_lines and all(romanian in text for text in bot_lines)
    english = game_wire(view_for(match, None), fairness_of(match), "en", BOTS)
    assert all("Bot 2 (medium)" in e["text"] for e in english["log"] if e["seat"] == 1)
