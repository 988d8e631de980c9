"""The web page's words: English messages marked for the shared catalogs, served translated.

The page asks ``/api/strings/<lang>`` once and looks every message up by its English text
(``tests/server/test_web_strings.py`` checks that every ``t("...")`` of the page is listed
here). Card names, corner letters and suits come from :mod:`rami.i18n`, as in the terminal.
"""

from __future__ import annotations

from typing import Any

from rami.cards import JOKER, card_text
from rami.i18n import LANGUAGE_NAMES, N_, Translator, card_name, rank_letter, suit_name, translator

PLURAL_LIMIT = 200
"""Counts up to which the page gets every plural form spelled out."""

STRINGS: tuple[str, ...] = (
    N_("A friend (invite link)"),
    N_("Back"),
    N_("Bot: {level}"),
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

ERRORS: dict[str, str] = {
    "not_your_turn": N_("It is {player}'s turn, not yours."),
    "stale_version": N_("The table had moved on: you now see the latest state."),
    "spectator": N_("Spectators cannot play."),
    "not_your_seat": N_("You can only play for your own seat."),
    "draw_first": N_("Draw a card first (from the stock or the discard pile)."),
    "already_drawn": N_("You have already drawn this turn."),
    "opening_needs_clean_run": N_("The opening needs a clean run (a run with no joker)."),
    "opening_pending": N_("Open with the staged melds or take them back first."),
    "cannot_discard_taken_card": N_(
        "You took this card from the discard pile: keep it (or its twin) this turn."
    ),
    "cannot_discard_retrieved_joker": N_("A retrieved joker stays in your hand this turn."),
    "joker_must_be_replayed": N_("Play the retrieved joker again this turn."),
    "must_use_taken_card": N_("Play the {taken} you took from the discard pile this turn."),
    "pickup_not_usable": N_("You may take that card only if you can use it this turn."),
    "layoff_does_not_fit": N_("{card} does not fit meld {meld}."),
    "seats_empty": N_("Wait until every seat is taken."),
    "not_host": N_("Only the host starts the match."),
    "table_full": N_("Every seat is taken."),
    "seat_taken": N_("That seat is taken."),
    "already_started": N_("The match has started: you can watch it."),
    "bad_token": N_("This seat link is not valid: you are watching."),
    "bad_name": N_("A name has 1 to 24 characters."),
    "malformed": N_("The message could not be read."),
    "storage_failed": N_("The move could not be saved: try again."),
    "no_hint": N_("Hints are for the player whose turn it is."),
    "round_in_progress": N_("The round is still being played."),
    "already_opened": N_("You have already opened."),
    "already_seated": N_("You already have a seat at this table."),
    "bad_player_count": N_("These rules are not for this number of players."),
    "bad_rules": N_("These rule options do not go together."),
    "bad_table": N_("The table could not be set up with these choices."),
    "card_not_in_hand": N_("You do not hold that card."),
    "discard_could_be_laid_off": N_("{card} can be laid off on the table: play it instead."),
    "discard_pile_empty": N_("The discard pile is empty."),
    "final_discard_required": N_("Keep one card to discard at the end of your turn."),
    "hello_first": N_("The page is still connecting: try again in a moment."),
    "illegal_action": N_("That move is not allowed now."),
    "invalid_action": N_("That move could not be read."),
    "invalid_card": N_("That is not a card."),
    "invalid_meld": N_("These cards do not form a meld."),
    "invalid_record": N_("The game record is damaged."),
    "invalid_rules": N_("These rules are not valid."),
    "joker_discard_only_to_go_out": N_("A joker may be discarded only as your last card."),
    "joker_position": N_("The joker cannot stand for that card in this meld."),
    "joker_position_fixed": N_("Here a joker always takes the lowest place it can."),
    "joker_position_needed": N_("Say which card the joker stands for."),
    "layoff_end_needed": N_("{card} fits at both ends of meld {meld}: choose one."),
    "layoff_end_not_needed": N_("{card} fits meld {meld} only one way."),
    "match_over": N_("The match is over."),
    "meld_too_short": N_("A meld needs at least 3 cards."),
    "mixed_meld": N_(
        "A meld is one rank in different suits (a set) or one suit in sequence (a run)."
    ),
    "must_open_with_taken_card": N_("You took the discard: open this turn."),
    "no_discard_left": N_("You would have no card left that you may discard."),
    "no_finished_round": N_("No round has finished yet."),
    "no_joker_there": N_("Meld {meld} has no joker."),
    "no_layoff_in_opening_turn": N_("You cannot add to the table in the turn you open."),
    "no_such_meld": N_("There is no meld {meld} on the table."),
    "no_such_page": N_("There is no such page."),
    "no_such_seat": N_("There is no such seat at this table."),
    "no_such_table": N_("There is no such table."),
    "not_opened": N_("Open first: then you can add to the table."),
    "not_started": N_("The match has not started yet."),
    "nothing_staged": N_("Lay out one or more melds first."),
    "opening_below_threshold": N_(
        "Your melds count {points} points: you need {needed} to open."
    ),
    "pickup_leaves_no_discard": N_("Taking that card would leave you nothing you may discard."),
    "pickup_needs_opening": N_("Only a player who has opened may take the discard."),
    "rami_error": N_("That did not work: try again."),
    "retrieval_disabled": N_("Under these rules a joker is never taken back from the table."),
    "retrieval_from_set_disabled": N_("Under these rules a joker is never taken from a set."),
    "retrieval_needs_three_naturals": N_(
        "A joker leaves a set only when it stands with 3 natural cards."
    ),
    "round_over": N_("The round is over: deal the next one."),
    "run_duplicate_rank": N_("A run cannot hold the same card twice."),
    "run_gap": N_("The cards of a run must follow each other."),
    "run_too_long": N_("A run has at most 13 cards."),
    "run_wraps": N_("A run does not go round the corner (K-A-2): the ace is low or high."),
    "set_duplicate_suit": N_("A set needs cards of different suits."),
    "set_too_long": N_("A set has at most 4 cards."),
    "swap_not_exact": N_("The joker in meld {meld} stands for {stands}: swap it for that card."),
    "too_few_naturals": N_("A meld needs at least 2 cards that are not jokers."),
    "too_many_jokers": N_("Only one joker per meld."),
    "too_many_jokers.2": N_("At most two jokers per meld."),
    "unknown_action": N_("That move could not be read."),
    "unknown_language": N_("That language is not available."),
}
"""Every refusal code in words. The page fills the fields: ``card`` and ``meld`` from the move
it sent, ``taken``, ``points``, ``needed``, ``stands`` and ``player`` from the state; a code
with a ``.N`` variant (``too_many_jokers.2``) is chosen by the rules (jokers per meld)."""



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
        "errors": {code: tr.gettext(message) for code, message in ERRORS.items()},
        "presets": {name: tr.gettext(title) for name, title in PRESET_NAMES.items()},
        "cards": {card_text(c): card_name(c, lang) for c in [*range(52), JOKER]},
        "letters": {str(rank): rank_letter(rank, lang) for rank in range(1, 14)},
        "suits": [suit_name(suit, lang) for suit in range(4)],
    }
