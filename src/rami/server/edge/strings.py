"""The web page's words: English messages marked for the shared catalogs, served translated.

The page asks ``/api/strings/<lang>`` once and looks every message up by its English text
(``tests/server/test_web_strings.py`` checks that every ``t("...")`` of the page is listed
here). Refusals are worded by the one catalog, :mod:`rami.i18n.refusals`. Card names, corner
letters and suits come from :mod:`rami.i18n`, as in the terminal.
"""

from __future__ import annotations

from typing import Any

from rami.cards import JOKER, card_text
from rami.i18n import (
    LANGUAGE_NAMES,
    LEVEL_WORDS,
    N_,
    Translator,
    card_name,
    level_name,
    rank_letter,
    suit_name,
    translator,
)
from rami.i18n.refusals import refusal_templates
from rami.server.edge.display_strings import DISPLAY_STRINGS
from rami.server.edge.duplicate_strings import DUPLICATE_STRINGS
from rami.server.edge.friends_strings import FRIENDS_STRINGS
from rami.server.edge.notice_strings import NOTICE_STRINGS
from rami.server.edge.page_strings import PAGE_STRINGS, TABLE_STRINGS
from rami.server.edge.review_strings import REVIEW_STRINGS
from rami.server.edge.safety_strings import SAFETY_STRINGS
from rami.server.edge.tournament_strings import TOURNAMENT_STRINGS
from rami.server.edge.turn_strings import TURN_STRINGS

PLURAL_LIMIT = 200
"""Counts up to which the page gets every plural form spelled out."""

STRINGS: tuple[str, ...] = (
    *PAGE_STRINGS,
    *DUPLICATE_STRINGS,
    *TABLE_STRINGS,
    *DISPLAY_STRINGS,
    *TURN_STRINGS,
    *SAFETY_STRINGS,
    *REVIEW_STRINGS,
    *FRIENDS_STRINGS,
    *TOURNAMENT_STRINGS,
    *NOTICE_STRINGS,
    N_("A friend (invite link)"),
    N_("Back"),
    N_("Bot: {level}"),
    N_("Bot {number} ({level})"),
    N_("Updating the ratings…"),
    N_("Rating changes"),
    N_("Change"),
    N_("You play under your account's name."),
    N_("A rated table plays the game's own rules: the options it does not take are switched off."),
    N_("First to 201 points"),
    N_("Six rounds"),
    N_("Full match"),
    N_("Replay of table {id}"),
    N_("Check the shuffle"),
    N_("Copy"),
    N_("Create the table"),
    N_("Discard pile, top card {card}"),
    N_("Discard pile: empty"),
    N_("Discard the selection"),
    N_("Download the record"),
    N_("Draw from the stock"),
    N_("End of round {number}"),
    N_("First"),
    N_("Five rounds"),
    N_("Game"),
    N_("Hand left"),
    N_("Hash of this round's seed, published before the deal"),
    N_("Hint"),
    N_("Invite friends with this link:"),
    N_("Invite link"),
    N_("Keys:"),
    N_("Last"),
    N_("Log"),
    N_("Match length"),
    N_("Meld the selection"),
    N_("Meld {number}: {points} points, laid by {owner}"),
    N_("Melds on the table"),
    N_("Next round"),
    N_("Next"),
    N_("No meld on the table yet."),
    N_("None"),
    N_("Not connected: your move was not sent."),
    N_("One round"),
    N_("Open"),
    N_("Opening: {points} of {needed}"),
    N_("Other players"),
    N_("Play Rami with friends and bots"),
    N_("Player"),
    N_("Points"),
    N_("Position"),
    N_("Replay the game"),
    N_("Round length"),
    N_("Round {number}"),
    N_("Round"),
    N_("Scores"),
    N_("Seat {number}"),
    N_("Seats"),
    N_("Seed hash"),
    N_("Seed revealed: {seed}"),
    N_("Select one card to discard."),
    N_("Sort:"),
    N_("Start the match"),
    N_("Stock and discard pile"),
    N_("Table {id}"),
    N_("Take a seat"),
    N_("Take back"),
    N_("Take the discard"),
    N_("The commitment changed during the round!"),
    N_("The deal"),
    N_("The seed does NOT match the commitment!"),
    N_("The seed matches the commitment."),
    N_("The selected cards do not form a meld you can lay now."),
    N_("Three rounds"),
    N_("Total"),
    N_("Turn timer"),
    N_("Until a total reaches the limit"),
    N_("Up to 12 turns (a quick round)"),
    N_("Up to 300 turns (reference)"),
    N_("Up to 60 turns"),
    N_("Waiting for the host to start."),
    N_("Who sits there"),
    N_("Winner: {names}"),
    N_("You are watching this table."),
    N_("Your dealt hand came from this seed."),
    N_("Your dealt hand did NOT come from this seed!"),
    N_("Your hand"),
    N_("Your name"),
    N_("Your seat on another device"),
    N_("Your turn"),
    N_("away: a bot plays"),
    N_("bot"),
    N_("clean run ✓"),
    N_("dealer"),
    N_("free"),
    N_("keep this link secret"),
    N_("lay off here"),
    N_("left end or right end"),
    N_("needs a clean run"),
    N_("offline"),
    N_("opened"),
    N_("rami sec!"),
    N_("rank"),
    N_("score {points}"),
    N_("suit"),
    N_("take the joker"),
    N_("to play"),
    N_("turn {number}"),
    N_("went out"),
    N_("you"),
    N_("move"),
    N_("select"),
    N_("draw from the stock"),
    N_("take the discard"),
    N_("meld"),
    N_("open"),
    N_("take back"),
    N_("lay off on the next target"),
    N_("discard"),
    N_("hint"),
    N_("Connected"),
    N_("Connecting…"),
    N_("Offline: retrying"),
    N_("Rules"),
    N_("Language"),
    N_("Fair shuffle"),
    N_("rules {hash}"),
    N_("Settings"),
    N_("Sound on your turn"),
    N_("Notification on your turn"),
    N_("Larger cards"),
    N_("Close"),
    N_("Show the results"),
    N_("Look at the table"),
    N_("Match over"),
    N_("Back to the table"),
    N_("{joker} standing for {card}"),
    N_("Meld {number}: {cards}. {points} points, laid by {owner}"),
    N_("Scores by round"),
    N_("suggested by the hint"),
    N_("Your turn at table {id}"),
    N_("Rematch"),
    N_("Asked for a rematch: {names}"),
    N_("Waiting for: {names}"),
    N_("Chat"),
    N_("Send"),
    N_("Your message"),
    N_("Spectator {number}"),
    N_("Mute {name}"),
    N_("Unmute {name}"),
    N_("Players and spectators read what you write."),
    N_("Only spectators read what you write."),
    N_("Remove {name}"),
    N_("Give {name}'s seat to a bot"),
    N_("Bot level"),
    N_("Close the table"),
    N_("Close the table for everyone? Nobody can play at it afterwards."),
    N_("This table is closed."),
    N_("The host removed you from this table."),
    N_("Host"),
    N_("Moving to the rematch table…"),
)
"""Every message the page shows."""

PRESET_NAMES: dict[str, str] = {
    "rami51": N_("Rami 51"),
    "rami40": N_("Rami 40"),
    "rami51-house": N_("Rami 51 — house rules"),
    "rami40-house": N_("Rami 40 — house rules"),
    "rami51-pl": N_("Rami 51 — Polish rules"),
    "scala40": N_("Scala 40"),
}
"""The presets by the names players know them by."""

PRESET_SUMMARIES: tuple[str, ...] = (
    N_("Open with 51 points including a clean run; 108 or 160 cards, 4 jokers."),
    N_("Open with 40 points, no clean run needed."),
    N_("Rami 51 with the house deck: 2 jokers (106) or 3 jokers (159)."),
    N_("Rami 40 with the house deck: 2 jokers (106) or 3 jokers (159)."),
    N_("Polish Rami 51: 2-4 players, 14 cards, no upcard, final discard required."),
    N_("Scala 40: open with 40; take the discard only to use it; out at 101."),
)
"""The presets' one-line summaries (the same text as :data:`rami.rules.PRESET_SUMMARIES`)."""


def _plurals(tr: Translator) -> dict[str, list[str]]:
    counts = range(PLURAL_LIMIT + 1)
    return {
        "{count} cards": [tr.ngettext("{count} card", "{count} cards", n) for n in counts],
        "Stock: {count} cards": [
            tr.ngettext("Stock: {count} card", "Stock: {count} cards", n) for n in counts
        ],
    }


def ui_strings(lang: str) -> dict[str, Any]:
    """Everything the page needs to speak ``lang``."""
    tr = translator(lang)
    return {
        "lang": lang,
        "language": LANGUAGE_NAMES[lang],
        "strings": {m: tr.gettext(m) for m in (*STRINGS, *PRESET_SUMMARIES)},
        "plurals": _plurals(tr),
        "errors": refusal_templates(lang),
        "presets": {name: tr.gettext(title) for name, title in PRESET_NAMES.items()},
        "levels": {level: level_name(level, lang) for level in LEVEL_WORDS},
        "cards": {card_text(c): card_name(c, lang) for c in [*range(52), JOKER]},
        "letters": {str(rank): rank_letter(rank, lang) for rank in range(1, 14)},
        "suits": [suit_name(suit, lang) for suit in range(4)],
    }
