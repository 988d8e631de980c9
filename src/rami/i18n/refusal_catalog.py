"""Every refusal code in words, marked for the catalogs (worded by :mod:`rami.i18n.refusals`).

:data:`PLAIN` words every code without facts; :data:`WITH_FACTS` words a code with the facts
its refusal carries (``{card}``, ``{meld}``…, see :class:`rami.errors.Facts`), used when every
field is known; :data:`MISFITS` says why a lay-off does not fit, by the refusal code of the
meld the cards would make.
"""

from __future__ import annotations

from rami.i18n.translator import N_

PLAIN: dict[str, str] = {
    # The engine's refusals (rami.engine, rami.melds, rami.scoring, rami.match).
    "not_your_turn": N_("Wait: it is not your turn."),
    "draw_first": N_("Draw a card first (from the stock or the discard pile)."),
    "already_drawn": N_("You have already drawn this turn."),
    "stock_empty": N_("The stock is empty: take the discard pile's card."),
    "discard_pile_empty": N_("The discard pile is empty."),
    "pickup_needs_opening": N_("Only a player who has opened may take the discard."),
    "pickup_not_usable": N_("You may take that card only if you can use it this turn."),
    "pickup_leaves_no_discard": N_("Taking that card would leave you nothing you may discard."),
    "no_discard_left": N_("You would have no card left that you may discard."),
    "final_discard_required": N_("Keep one card to discard at the end of your turn."),
    "opening_pending": N_("Open with the staged melds or take them back first."),
    "opening_below_threshold": N_("Your melds do not count enough points to open."),
    "opening_needs_clean_run": N_("The opening needs a clean run (a run with no joker)."),
    "must_open_with_taken_card": N_("You took the discard: open this turn."),
    "must_use_taken_card": N_("Play the card you took from the discard pile this turn."),
    "cannot_discard_taken_card": N_(
        "You took this card from the discard pile: keep it (or its twin) this turn."
    ),
    "cannot_discard_retrieved_joker": N_("A retrieved joker stays in your hand this turn."),
    "joker_must_be_replayed": N_("Play the retrieved joker again this turn."),
    "joker_discard_only_to_go_out": N_("A joker may be discarded only as your last card."),
    "discard_could_be_laid_off": N_("That card can be laid off on the table: play it instead."),
    "card_not_in_hand": N_("You do not hold that card."),
    "already_opened": N_("You have already opened."),
    "nothing_staged": N_("Nothing is staged: lay out one or more melds for your opening first."),
    "not_opened": N_("Open first: then you can add to the table."),
    "no_layoff_in_opening_turn": N_("You cannot add to the table in the turn you open."),
    "no_such_meld": N_("There is no such meld on the table."),
    "layoff_does_not_fit": N_("That card does not fit that meld."),
    "layoff_end_needed": N_("Say which end: low or high."),
    "layoff_end_not_needed": N_("That card fits only one way."),
    "no_joker_there": N_("That meld has no joker."),
    "retrieval_disabled": N_("Under these rules a joker is never taken back from the table."),
    "retrieval_from_set_disabled": N_("Under these rules a joker is never taken from a set."),
    "retrieval_needs_three_naturals": N_(
        "A joker leaves a set only when it stands with 3 natural cards."
    ),
    "swap_not_exact": N_("The joker stands for another card: swap it for that one."),
    "round_over": N_("The round is over: deal the next one."),
    "round_in_progress": N_("The round is still being played."),
    "match_over": N_("The match is over."),
    "bad_player_count": N_("These rules are not for this number of players."),
    "set_duplicate_suit": N_("A set needs cards of different suits."),
    "set_too_long": N_("A set has at most 4 cards."),
    "run_duplicate_rank": N_("A run cannot hold the same card twice."),
    "run_too_long": N_("A run has at most 13 cards."),
    "run_wraps": N_("A run does not go round the corner (K-A-2): the ace is low or high."),
    "run_gap": N_("The cards of a run must follow each other."),
    "meld_too_short": N_("A meld needs at least 3 cards."),
    "mixed_meld": N_(
        "A meld is one rank in different suits (a set) or one suit in sequence (a run)."
    ),
    "too_many_jokers": N_("Only one joker per meld."),
    "too_few_naturals": N_("A meld needs at least 2 cards that are not jokers."),
    "joker_position": N_("The joker cannot stand for that card in this meld."),
    "joker_position_fixed": N_("Here a joker always takes the lowest place it can."),
    "joker_position_needed": N_("Say which card the joker stands for."),
    "illegal_action": N_("That move is not allowed now."),
    "invalid_action": N_("That move could not be read."),
    "unknown_action": N_("That move could not be read."),
    "invalid_card": N_("That is not a card."),
    "invalid_meld": N_("These cards do not form a meld."),
    "invalid_record": N_("The game record is damaged."),
    "invalid_rules": N_("These rules are not valid."),
    "rami_error": N_("That did not work: try again."),
    "unknown_language": N_("That language is not available."),
    # The table server's refusals (rami.server).
    "stale_version": N_("The table had moved on: you now see the latest state."),
    "spectator": N_("Spectators cannot play."),
    "not_your_seat": N_("You can only play for your own seat."),
    "seats_empty": N_("Wait until every seat is taken."),
    "not_host": N_("Only the host starts the match."),
    "table_full": N_("Every seat is taken."),
    "seat_taken": N_("That seat is taken."),
    "already_started": N_("The match has started: you can watch it."),
    "not_started": N_("The match has not started yet."),
    "bad_token": N_("This seat link is not valid: you are watching."),
    "bad_name": N_("A name has 1 to 24 characters."),
    "malformed": N_("The message could not be read."),
    "storage_failed": N_("The move could not be saved: try again."),
    "too_many_connections": N_("This table has all the connections it takes: try again later."),
    "table_unavailable": N_("This table cannot be served right now."),
    "cannot_apply": N_("The server cannot apply this move: nothing changed."),
    "bad_event": N_("A stored move of this table does not fit it."),
    "corrupt_table": N_("This table's stored record is damaged."),
    "no_hint": N_("Hints are for the player whose turn it is."),
    "already_seated": N_("You already have a seat at this table."),
    "login_required": N_("Log in first: this needs an account."),
    "no_such_ticket": N_("There is no such quick-match ticket."),
    "already_waiting": N_("You are already waiting for a quick match."),
    "bad_quickmatch": N_(
        "A quick match needs a known preset, a player count it seats and a bot wait of 5 to "
        "600 seconds."
    ),
    "bad_rules": N_("These rule options do not go together."),
    "bad_table": N_("The table could not be set up with these choices."),
    "hello_first": N_("The page is still connecting: try again in a moment."),
    "no_finished_round": N_("No round has finished yet."),
    "no_such_page": N_("There is no such page."),
    "no_such_seat": N_("There is no such seat at this table."),
    "no_such_table": N_("There is no such table."),
    "host_only": N_("Only the host can do this."),
    "host_seat": N_("The host keeps the host's seat."),
    "not_a_person": N_("A bot sits in that seat."),
    "seat_empty": N_("Nobody sits in that seat."),
    "seat_online": N_("That player is here: only an away seat goes to a bot."),
    "unknown_bot": N_("There is no such bot level."),
    "table_closed": N_("The host closed this table."),
    "match_not_over": N_("A rematch can be asked for once the match is over."),
    "chat_too_fast": N_("Too many chat messages: wait a little."),
    "bad_chat": N_("A chat message has 1 to 300 characters."),
    "unknown_format": N_("There is no such match format."),
    "format_not_for_rules": N_("This match format is not a shorter match of this game."),
    "hello_timeout": N_("The connection stayed silent too long and was closed: reload the page."),
    "too_many_spectators": N_("This table has all the watchers it takes: try again later."),
    "bad_turn_timer": N_(
        "A turn timer is 10 to 600 seconds, or 1 hour to 3 days for a game over days."
    ),
    "bad_timeout_rule": N_(
        "The forfeit rule needs a turn timer and a number of timeouts from 1 to 5."
    ),
    "no_forfeit_rule": N_("At this table a bot plays a turn that times out."),
    "not_playing": N_("Only a player still in the match can forfeit it."),
    # The HTTP edge's answers for what no route handles.
    "internal_error": N_("The server failed on this request: try again."),
    "not_found": N_("There is nothing at this address."),
    "method_not_allowed": N_("This address does not take that kind of request."),
    # The accounts API's refusals (rami.accounts; bad_name.account: an account name's rule).
    "bad_name.account": N_(
        "A name has 3 to 20 letters, digits, _ or -, starts with a letter or a digit,"
        " and is not reserved."
    ),
    "bad_password": N_("A password has 8 to 128 characters and differs from the name."),
    "name_taken": N_("That name is taken."),
    "bad_login": N_("Wrong name or password."),
    "rate_limited": N_("Too many attempts: wait a little and try again."),
    "not_logged_in": N_("Log in first."),
    "bad_csrf": N_("The page is out of date: reload it and try again."),
    "bad_origin": N_("This request comes from another site."),
    "bad_settings": N_("These settings cannot be saved."),
    "no_such_player": N_("There is no player by that name."),
    "unknown_preset": N_("There are no such rules."),
    "bad_query": N_("That page address is not valid."),
    "too_large": N_("The request is too large."),
    "bad_preferences": N_("These display settings cannot be saved."),
    # The Daily Duplicate's refusals (rami.server.edge.duplicate).
    "deal_already_played": N_("You have played this deal already: each deal is played once."),
    "play_deal_first": N_("Play this deal first: its results open once you have played it."),
    "edition_closed": N_("This edition is over: today's deals are on the Daily Duplicate page."),
    "no_such_edition": N_("There is no such Daily Duplicate edition."),
    "no_such_deal": N_("There is no such deal in this edition."),
    # Tournaments (rami.server.social.tournaments).
    "bad_tournament": N_("These tournament settings cannot be used."),
    "no_such_tournament": N_("There is no such tournament."),
    "already_joined": N_("You are in this tournament already."),
    "tournament_started": N_("This tournament has begun: it takes no new players."),
    "not_joined": N_("You are not in this tournament."),
    # Web Push subscriptions (rami.server.edge.push).
    "bad_push_endpoint": N_("This push address is not an https address the server can reach."),
    "private_push_endpoint": N_("This push address is inside a private network: it is refused."),
    "bad_push_keys": N_("This device's push keys are not valid."),
    "not_subscribed": N_("This device does not get notifications."),
    # Blocks, reports and moderation (rami.server.social.moderation, blocks, reports).
    "no_such_account": N_("There is no account by that name."),
    "block_self": N_("You cannot block yourself."),
    "too_many_blocks": N_("You block as many players as you may."),
    "not_blocked": N_("You do not block this player."),
    "report_self": N_("You cannot report yourself."),
    "unknown_reason": N_("Choose a reason for the report."),
    "bad_note": N_("The note is too long."),
    "too_many_reports": N_("You have sent many reports: wait an hour before the next one."),
    "bad_report": N_("Choose a player or a chat line to report."),
    "no_such_line": N_("This chat line is no longer kept."),
    "not_moderator": N_("Only moderators may do this."),
    "no_such_action": N_("There is no such moderator action."),
    "bad_reason": N_("Give a reason for the action."),
    "bad_minutes": N_("A mute lasts from 1 minute to 90 days."),
    "no_such_report": N_("There is no such report about this player."),
    "unknown_role": N_("There is no such role."),
    "chat_muted": N_("A moderator muted you: you cannot chat for now."),
    "rated_banned": N_("A moderator banned you from rated play."),
    "account_closed": N_("A moderator closed this account."),
    # Friends (rami.server.social.friends).
    "follow_self": N_("You cannot follow yourself."),
    "follow_blocked": N_("A block stands between you and this player."),
    "not_following": N_("You do not follow this player."),
    "not_friends": N_("You can invite only your friends: players you follow who follow you."),
    "invite_blocked": N_("You cannot invite this player."),
    "not_at_table": N_("Invite friends to the table you are at."),
    "no_such_invitation": N_("There is no such invitation."),
    "invitation_expired": N_("This invitation has expired."),
    # The reviews' refusals (rami.server.social.reviews, rami.server.edge.reviews).
    "bad_budget": N_("A review is either quick or full."),
    "no_such_review": N_("There is no such review."),
    "not_your_game": N_(
        "You can review only your own seat in games you played; in a public game, any seat "
        "once the match is over."
    ),
    "review_after_match": N_("This review opens once the match is over."),
    "review_allowance": N_("You have used today's reviews: more tomorrow."),
    "round_not_over": N_("That round has not finished yet."),
}
"""Every refusal code in words that need no facts."""

WITH_FACTS: dict[str, str] = {
    "not_your_turn": N_("It is {player}'s turn, not yours."),
    "pickup_not_usable": N_("You may take {card} only if you can use it this turn."),
    "opening_below_threshold": N_("Your melds count {points} points: you need {needed} to open."),
    "must_use_taken_card": N_("Play the {card} you took from the discard pile this turn."),
    "cannot_discard_taken_card": N_(
        "You took {card} from the discard pile this turn: keep it (or its twin)."
    ),
    "discard_could_be_laid_off": N_("{card} can be laid off on the table: play it instead."),
    "card_not_in_hand": N_("You do not hold {cards}."),
    "no_such_meld": N_("There is no meld {meld} on the table."),
    "layoff_does_not_fit": N_("{card} does not fit meld {meld}."),
    "layoff_end_needed": N_("{card} fits at both ends of meld {meld}: choose one."),
    "layoff_end_not_needed": N_("{card} fits meld {meld} only one way."),
    "no_joker_there": N_("Meld {meld} has no joker."),
    "swap_not_exact": N_("The joker in meld {meld} stands for {stands}: swap it for that card."),
    "seat_taken": N_("Seat {seat} is taken."),
    "no_such_seat": N_("There is no seat {seat} at this table."),
}
"""Codes whose refusal names what it is about, with the fields its facts fill."""

MISFITS: dict[str, str] = {
    "set_duplicate_suit": N_("{card} does not fit meld {meld}: the set already has a {card}."),
    "set_too_long": N_("{card} does not fit meld {meld}: the set already has 4 cards."),
    "run_duplicate_rank": N_("{card} does not fit meld {meld}: the run already has a {card}."),
    "run_gap": N_("{card} does not fit meld {meld}: it does not continue the run at either end."),
    "mixed_meld.set": N_("{card} does not fit meld {meld}: a set is cards of one rank."),
    "mixed_meld.run": N_("{card} does not fit meld {meld}: a run is cards of one suit."),
}
"""Why a card does not fit a meld, by the refusal code of the meld's cards and the card
together (``mixed_meld`` told apart by the kind of the meld the card was offered to)."""
