"""The leak checker: which cards a seat must not see, and every card named in a message."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from rami.actions import Discard, DrawDiscard, LayOff, MeldAction, Swap
from rami.cards import JOKER, Card, card_text
from rami.match import MatchState
from rami.state import Phase

SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
CARD = re.compile(r"(?<![A-Za-z0-9])(10|[2-9AJQK])([CDHS♣♦♥♠])(?![A-Za-z0-9])|\bJK\b|🃏")
SKIPPED_KEYS = {"id", "commitment", "match_commitment", "seed", "token", "rules_hash", "represents"}
"""Hashes and ids (their letters are not card names) and the cards jokers stand for."""
DECLARED = re.compile(r"JK=\S+")


def _strings(value: Any, key: str = "") -> Iterator[str]:
    if key in SKIPPED_KEYS:
        return
    if isinstance(value, str):
        yield DECLARED.sub("JK", value)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(v, k)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def cards_named(message: dict[str, Any]) -> set[str]:
    """Every card written anywhere in a message (notation or suit symbols)."""
    found: set[str] = set()
    for text in _strings(message):
        for hit in CARD.finditer(text):
            if hit.group(1):
                found.add(hit.group(1) + SYMBOLS.get(hit.group(2), hit.group(2)))
            else:
                found.add("JK")
    return found


def _action_cards(action: object) -> tuple[Card, ...]:
    if isinstance(action, MeldAction):
        return action.cards
    if isinstance(action, (LayOff, Swap)):
        return (action.card, JOKER) if isinstance(action, Swap) else (action.card,)
    if isinstance(action, Discard):
        return (action.card,)
    return ()


def known_to(match: MatchState, seat: int | None) -> set[Card]:
    """Cards ``seat`` may legitimately name: its hand, the table, the piles, the public log."""
    rnd = match.round
    mine = match.round_seat(seat) if seat is not None else None
    known: set[Card] = set(rnd.discard_pile)
    known.update(card for tm in rnd.table for card in tm.meld.cards)
    if mine is not None:
        known.update(rnd.hands[mine])
        if mine == rnd.current:
            known.update(card for meld in rnd.staged for card in meld.cards)
    for entry in rnd.entries():
        own = entry.seat == mine
        if entry.private and not own:
            continue
        known.update(_action_cards(entry.action))
        if entry.card is not None and (own or isinstance(entry.action, DrawDiscard)):
            known.add(entry.card)
    for state in (rnd, *(played.state for played in match.finished_rounds)):
        if state.result is not None:
            known.update(card for hand in state.result.hands for card in hand)
    return known


def secret_from(match: MatchState, seat: int | None) -> set[str]:
    """Cards held only by other seats or in the stock, that ``seat`` cannot know of."""
    rnd = match.round
    if rnd.phase is Phase.OVER:
        return set()
    mine = match.round_seat(seat) if seat is not None else None
    hidden: set[Card] = set(rnd.stock)
    for round_seat, hand in enumerate(rnd.hands):
        if round_seat != mine:
            hidden.update(hand)
            if round_seat == rnd.current:
                hidden.update(card for meld in rnd.staged for card in meld.cards)
    return {card_text(card) for card in hidden - known_to(match, seat)}


def check_message(text: str, seat: int | None, match: MatchState | None) -> None:
    """Raise AssertionError if ``text`` tells ``seat`` anything hidden from it in ``match``."""
    if match is None:
        return
    message = json.loads(text)
    leaked = cards_named(message) & secret_from(match, seat)
    assert not leaked, f"seat {seat} was told of hidden cards {sorted(leaked)}: {text[:300]}"
    if match.round.phase is not Phase.OVER:
        assert match.round.seed not in text, "the seed of the round in play was sent"
    if not match.finished and match.seed:
        assert match.seed not in text, "the match seed was sent before the match ended"
    game = message.get("game") if message.get("type") == "state" else None
    if game is not None:
        mine = match.round_seat(seat) if seat is not None else None
        own = match.round.hands[mine] if mine is not None else ()
        assert game["hand"] == [card_text(c) for c in own]
        assert game["stock"] == len(match.round.stock)
