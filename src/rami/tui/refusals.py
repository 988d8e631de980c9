"""The engine's refusals in the player's language, keyed by the refusal's stable code.

The engine words its refusals in English; each code the client knows is said again here
through the translator with the same facts (the card, the points, the meld). A lay-off that
does not fit says why with the refusal code of :mod:`rami.melds` for the meld's cards and the
card together (the set already has that suit, the run does not reach it). An unknown code
falls back to the engine's own message.
"""

from __future__ import annotations

from rami.actions import Action, Discard, LayOff, Swap, TakeBack
from rami.cards import Card
from rami.errors import InvalidMeldError, RamiError
from rami.i18n import N_, translator
from rami.melds import MeldKind, meld_readings
from rami.narration import cards_words
from rami.scoring import check_opening
from rami.tui.render import face
from rami.views import PlayerView

PLAIN = {
    "not_your_turn": N_("Wait: it is not your turn."),
    "draw_first": N_("Draw a card first, from the stock or the discard pile."),
    "already_drawn": N_("You have already drawn this turn."),
    "discard_pile_empty": N_("The discard pile is empty."),
    "pickup_needs_opening": N_("Only a player who has opened may take the discard pile's card."),
    "pickup_leaves_no_discard": N_("You would have no card left that you may discard."),
    "no_discard_left": N_("You would have no card left that you may discard."),
    "opening_pending": N_("Open with the staged melds, or take them back first."),
    "must_open_with_taken_card": N_("You took the discard pile's card: open this turn."),
    "joker_must_be_replayed": N_("Play the joker you took back again this turn."),
    "final_discard_required": N_("Keep a card to discard at the end."),
    "opening_needs_clean_run": N_("The opening needs a clean run (a run with no joker)."),
    "no_joker_there": N_("That meld has no joker."),
    "retrieval_from_set_disabled": N_("Jokers are never taken from a set under these rules."),
    "retrieval_needs_three_naturals": N_(
        "A joker leaves a set only when it stands with three natural cards."
    ),
    "retrieval_disabled": N_("Jokers are never taken back under these rules."),
    "card_not_in_hand": N_("You do not hold that card."),
    "round_over": N_("The round is over."),
    "match_over": N_("The match is over."),
    "not_opened": N_("You may do that only after you have opened."),
    "no_layoff_in_opening_turn": N_("No laying off in the turn you open."),
    "no_such_meld": N_("There is no such meld on the table."),
    "layoff_end_needed": N_("Say which end: low or high."),
    "layoff_end_not_needed": N_("That card fits only one way."),
    "already_opened": N_("You have already opened."),
    "nothing_staged": N_("Stage one or more melds first."),
    "cannot_discard_retrieved_joker": N_("A joker you took back stays in your hand this turn."),
    "joker_discard_only_to_go_out": N_("A joker may be discarded only as your last card."),
    "set_duplicate_suit": N_("A set needs cards of different suits."),
    "set_too_long": N_("A set has at most 4 cards."),
    "run_duplicate_rank": N_("A run cannot hold the same card twice."),
    "run_too_long": N_("A run has at most 13 cards (the ace is low or high)."),
    "run_wraps": N_("The ace is either low or high: a run does not go round (K-A-2)."),
    "run_gap": N_("The cards of a run must follow each other."),
    "meld_too_short": N_("A meld needs at least 3 cards."),
    "mixed_meld": N_(
        "A meld is one rank in different suits (a set) or one suit in sequence (a run)."
    ),
    "too_few_naturals": N_("A meld needs at least 2 cards that are not jokers."),
    "joker_position": N_("The joker cannot stand for that card in this meld."),
    "joker_position_needed": N_("Say which card the joker stands for."),
    "joker_position_fixed": N_("Here a joker takes the lowest-valued place."),
}


def refusal_text(error: RamiError, action: Action | None, view: PlayerView, lang: str) -> str:
    """Why ``action`` was refused, in words, in ``lang``."""
    tr = translator(lang)
    code = error.code
    if code == "nothing_staged" and isinstance(action, TakeBack):
        return tr.gettext("Nothing to undo: only melds staged for your opening can be taken back.")
    if code in PLAIN:
        return tr.gettext(PLAIN[code])
    card = _action_card(action)
    if code == "opening_below_threshold":
        points = check_opening(view.staged, view.rules).points
        needed = view.rules.opening_points
        return tr.gettext(
            "{points} / {needed}: not enough points to open.", points=points, needed=needed
        )
    if code == "too_many_jokers":
        return tr.ngettext(
            "Only {count} joker per meld.",
            "Only {count} jokers per meld.",
            view.rules.jokers_per_meld,
        )
    if code == "pickup_not_usable" and view.discard_pile:
        top = face(view.discard_pile[-1], lang)
        return tr.gettext("You may take {card} only if you can use it this turn.", card=top)
    if code == "must_use_taken_card" and view.taken is not None:
        taken = face(view.taken, lang)
        return tr.gettext("Play the {card} you took from the discard pile this turn.", card=taken)
    if card is not None:
        shown = face(card, lang)
        if code == "cannot_discard_taken_card":
            return tr.gettext(
                "You took {card} from the discard pile this turn: keep it (or its twin).",
                card=shown,
            )
        if code == "discard_could_be_laid_off":
            return tr.gettext("{card} could be laid off: play it instead.", card=shown)
        target = _action_target(action)
        if code == "layoff_does_not_fit" and target is not None:
            return _misfit(card, target, view, lang)
        if code == "swap_not_exact" and target is not None and target < len(view.table):
            stands = cards_words(view.table[target].meld.joker_cards(), lang, face)
            return tr.gettext("The joker there stands for {cards}.", cards=stands)
    return error.message


def _action_card(action: Action | None) -> int | None:
    if isinstance(action, (Discard, LayOff, Swap)):
        return action.card
    return None


def _action_target(action: Action | None) -> int | None:
    if isinstance(action, (LayOff, Swap)):
        return action.target
    return None


def _misfit(card: Card, target: int, view: PlayerView, lang: str) -> str:
    """Why ``card`` does not fit table meld ``target``: the meld's own refusal of the cards
    together (:func:`rami.melds.meld_readings`), said with the card and the meld."""
    tr = translator(lang)
    shown, number = face(card, lang), target + 1
    plain = tr.gettext("{card} does not fit meld {number}.", card=shown, number=number)
    if target >= len(view.table):
        return plain
    meld = view.table[target].meld
    try:
        meld_readings((*meld.cards, card), view.rules.jokers_per_meld)
    except InvalidMeldError as error:
        reason = error.code
    else:
        return plain
    is_set = meld.kind is MeldKind.SET
    if reason == "set_duplicate_suit":
        return tr.gettext(
            "{card} does not fit meld {number}: the set already has a {card}.",
            card=shown,
            number=number,
        )
    if reason == "set_too_long":
        return tr.gettext(
            "{card} does not fit meld {number}: the set already has 4 cards.",
            card=shown,
            number=number,
        )
    if reason == "run_duplicate_rank":
        return tr.gettext(
            "{card} does not fit meld {number}: the run already has a {card}.",
            card=shown,
            number=number,
        )
    if reason == "run_gap":
        return tr.gettext(
            "{card} does not fit meld {number}: it does not continue the run at either end.",
            card=shown,
            number=number,
        )
    if reason == "mixed_meld" and is_set:
        return tr.gettext(
            "{card} does not fit meld {number}: a set is cards of one rank.",
            card=shown,
            number=number,
        )
    if reason == "mixed_meld":
        return tr.gettext(
            "{card} does not fit meld {number}: a run is cards of one suit.",
            card=shown,
            number=number,
        )
    if reason == "too_many_jokers":
        return tr.ngettext(
            "{card} does not fit meld {number}: only {count} joker per meld.",
            "{card} does not fit meld {number}: only {count} jokers per meld.",
            view.rules.jokers_per_meld,
            card=shown,
            number=number,
        )
    if reason in PLAIN:
        return f"{plain} {tr.gettext(PLAIN[reason])}"
    return plain
