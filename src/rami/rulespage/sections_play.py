"""The first sections: the summary, the cards, the deal and a turn."""

from __future__ import annotations

from rami.rules import RuleSet
from rami.rulespage.context import Context, heading
from rami.rulespage.document import Block, ListBlock, Paragraph, Table
from rami.rulespage.examples import stock_after_deal

REFERENCE = RuleSet(deck="reference")
HOUSE = RuleSet(deck="house")


def opening_sentence(ctx: Context) -> str:
    """The opening threshold of the table, in one sentence."""
    tr, rules = ctx.tr, ctx.rules
    if rules.opening_needs_clean_run:
        return tr.gettext(
            "Your first meld, the opening, must be worth at least {points} points"
            " and include a clean run: a run without a joker.",
            points=rules.opening_points,
        )
    if rules.opening_points > 0:
        return tr.gettext(
            "Your first meld, the opening, must be worth at least {points} points;"
            " no clean run is needed.",
            points=rules.opening_points,
        )
    return tr.gettext("Your first meld, the opening, may be worth any number of points.")


def match_sentence(ctx: Context) -> str:
    """How the match ends and who wins, in one sentence."""
    tr, rules = ctx.tr, ctx.rules
    if rules.match_end == "elimination":
        return tr.gettext(
            "Scores add up from round to round; a player whose total reaches {limit} is out,"
            " and the last player left wins.",
            limit=rules.match_limit,
        )
    if rules.match_end == "rounds":
        return tr.ngettext(
            "The match lasts {count} round, and the lowest total wins.",
            "The match lasts {count} rounds, and the lowest total wins.",
            rules.match_limit,
        )
    return tr.gettext(
        "Scores add up from round to round until a total reaches {limit};"
        " the lowest total then wins.",
        limit=rules.match_limit,
    )


def summary_section(ctx: Context, differences: list[Block]) -> list[Block]:
    """In short: the game in a few sentences, then what this table changes."""
    tr, rules = ctx.tr, ctx.rules
    text = " ".join(
        (
            tr.gettext(
                "Rami is a rummy game for {low} to {high} players, each dealt {hand} cards.",
                low=rules.min_players,
                high=rules.max_players,
                hand=rules.hand_size,
            ),
            tr.gettext(
                "A turn is short: draw a card, put down whatever runs and sets you can,"
                " and end by discarding."
            ),
            tr.gettext(
                "Whoever empties their hand first ends the round, and every other player"
                " is charged for the cards they are still holding."
            ),
            match_sentence(ctx),
        )
    )
    return [
        heading(2, tr.gettext("In short"), "summary"),
        Paragraph((text,)),
        Paragraph((opening_sentence(ctx),)),
        *differences,
        Paragraph(
            (
                tr.gettext(
                    "Every verdict and score in the examples below is computed by the game"
                    " engine when this page is generated, so the page and the game agree."
                ),
            )
        ),
    ]


def _deck_text(ctx: Context, rules: RuleSet, players: int) -> str:
    tr = ctx.tr
    decks, jokers = rules.deck_for(players)
    return tr.gettext(
        "{cards} ({decks}, {jokers})",
        cards=tr.ngettext("{count} card", "{count} cards", decks * 52 + jokers),
        decks=tr.ngettext("{count} deck", "{count} decks", decks),
        jokers=tr.ngettext("{count} joker", "{count} jokers", jokers),
    )


def deck_section(ctx: Context) -> list[Block]:
    """The cards: decks, jokers and twins, with the deck table by number of players."""
    tr, rules = ctx.tr, ctx.rules
    intro = tr.gettext(
        "The game uses several standard 52-card decks shuffled together, plus jokers."
        " A hand may therefore hold two identical cards: such twins can replace each other."
    )
    if rules.deck == "reference":
        which = tr.gettext("This table plays with the reference deck.")
    elif rules.deck == "house":
        which = tr.gettext("This table plays with the house deck, which has fewer jokers.")
    else:
        decks, jokers = rules.deck_for(rules.min_players)
        which = tr.gettext(
            "This table plays with {decks} and {jokers}, whatever the number of players.",
            decks=tr.ngettext("{count} deck", "{count} decks", decks),
            jokers=tr.ngettext("{count} joker", "{count} jokers", jokers),
        )
    players = range(rules.min_players, rules.max_players + 1)
    table = Table(
        header=(
            tr.gettext("Players"),
            tr.gettext("Reference deck"),
            tr.gettext("House deck"),
            tr.gettext("Stock after the deal at this table"),
        ),
        rows=tuple(
            (
                (str(n),),
                (_deck_text(ctx, REFERENCE, n),),
                (_deck_text(ctx, HOUSE, n),),
                (tr.ngettext("{count} card", "{count} cards", stock_after_deal(rules, n)),),
            )
            for n in players
        ),
        keys=tuple(str(n) for n in players),
        name="deck",
    )
    return [heading(2, tr.gettext("The cards"), "deck"), Paragraph((intro, " ", which)), table]


def deal_section(ctx: Context) -> list[Block]:
    """The deal: hand size, the first card of the discard pile, who deals and who starts."""
    tr, rules = ctx.tr, ctx.rules
    dealt = tr.gettext("The dealer gives {hand} cards to each player.", hand=rules.hand_size)
    if rules.initial_discard == "upcard":
        rest = tr.gettext(
            "One more card is placed face up: it starts the discard pile."
            " The cards left over, face down, make the stock."
        )
    else:
        rest = tr.gettext(
            "The cards left over, face down, make the stock. No card is turned up, so the"
            " discard pile starts empty and the first player must draw from the stock."
        )
    turns = tr.gettext(
        "After each round the next player to the left becomes the dealer."
        " Play starts with the player seated to the dealer's left."
    )
    return [
        heading(2, tr.gettext("The deal"), "deal"),
        Paragraph((" ".join((dealt, rest, turns)),)),
    ]


def _draw_step(ctx: Context) -> str:
    tr, rules = ctx.tr, ctx.rules
    if rules.discard_pickup == "always":
        draw = tr.gettext(
            "Draw: pick up one card, from the stock or from the discard pile (always its top card)."
        )
    elif rules.discard_pickup == "opened_or_opening":
        draw = tr.gettext(
            "Draw: take the top card of the stock. You may take the top card of the discard"
            " pile instead only if you have opened, or if you open this turn using that card."
        )
    else:
        draw = tr.gettext(
            "Draw: take the top card of the stock. You may take the top card of the discard"
            " pile instead only once you have opened."
        )
    if rules.discard_pickup_must_meld:
        keep = tr.gettext("A card taken from the discard pile must go on the table this turn.")
    else:
        keep = tr.gettext("A card taken from the discard pile may stay in your hand.")
    return f"{draw} {keep}"


def _layoff_step(ctx: Context) -> str:
    tr, rules = ctx.tr, ctx.rules
    parts = [
        tr.gettext(
            "Lay off (optional, once you have opened): add cards to any meld on the table,"
            " your own or another player's."
        )
    ]
    if not rules.layoff_in_opening_turn:
        parts.append(tr.gettext("Lay-offs start in the turn after your opening."))
    if rules.joker_retrieval:
        parts.append(tr.gettext("You may also take back a joker, as explained below."))
    return " ".join(parts)


def _discard_step(ctx: Context) -> str:
    tr, rules = ctx.tr, ctx.rules
    parts = [tr.gettext("Discard: end your turn by putting one card on the discard pile.")]
    if rules.twin_of_taken_discardable:
        parts.append(
            tr.gettext(
                "It may not be the card you took from the discard pile this turn;"
                " a twin of that card is allowed."
            )
        )
    else:
        parts.append(
            tr.gettext(
                "It may not be the card you took from the discard pile this turn,"
                " nor a twin of that card."
            )
        )
    if rules.discard_joker == "only_to_go_out":
        parts.append(tr.gettext("A joker may be discarded only as your very last card."))
    if not rules.discard_playable:
        parts.append(tr.gettext("A card that could be laid off on the table may not be discarded."))
    return " ".join(parts)


def turn_section(ctx: Context) -> list[Block]:
    """A turn: draw, meld, lay off, discard."""
    tr = ctx.tr
    meld = tr.gettext(
        "Meld (optional): lay new melds from your hand. The first time, together they must"
        " reach the opening threshold."
    )
    steps = (_draw_step(ctx), meld, _layoff_step(ctx), _discard_step(ctx))
    return [
        heading(2, tr.gettext("Your turn"), "turn"),
        Paragraph((tr.gettext("Players take turns clockwise. A turn has four steps:"),)),
        ListBlock(tuple((step,) for step in steps), ordered=True),
    ]
