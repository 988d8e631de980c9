"""Table-aware play: the best plays for the rest of this turn, seen from a player's view.

A turn's plays are new melds (opening first when the player has not opened), lay-offs on the
table's melds and joker retrievals, then one discard unless every card was played. The search
tries every sequence of lay-offs and retrievals (memoised on hand and table) and, at each
point, the best melds and discard for the cards still held (:func:`least_left`). A joker is
laid off during the search only where it makes room for a natural card; anywhere else it just
leaves the hand, so the leaf counts the table's room for jokers instead of trying each place.
Plans are ranked by what the hand would score if the round ended after this turn — the flat
penalty of a player who never opened, else the cards left — then by cards left, then by the
fewest actions.

The plan is checked against an engine-driven search of every legal sequence (tests). Known
gaps, all rare: with two jokers per meld, two jokers laid side by side to make room for a card
are not tried; the room for jokers counts the melds on the table before this turn's new melds;
and when the soft discard rules refuse a leaf's best discard, a slightly worse discard with
the same melds may be missed. Every plan is replayed through the engine before it is
returned, so it is always legal.
"""

from __future__ import annotations

from dataclasses import dataclass

from rami.actions import (
    Action,
    Discard,
    Open,
    Swap,
    TakeBack,
)
from rami.cards import JOKER, Card
from rami.engine import apply, legal_actions, refusal
from rami.planning.moves import (
    Table,
    Turn,
    discard_allowed,
    discards,
    joker_layoff,
    layoffs,
    meld_action,
    replay,
    room_for_jokers,
    stand_in,
    swaps,
    without,
)
from rami.scoring import hand_value
from rami.solver import Melding, best_partition, least_left
from rami.state import Phase, RoundState
from rami.views import PlayerView


@dataclass(frozen=True, slots=True)
class TurnPlan:
    """The plays suggested for the rest of a turn and where they leave the hand."""

    plays: tuple[Action, ...]
    """Melds, the opening, lay-offs and retrievals, in an order the engine accepts."""
    discard: Card | None
    """The card to discard at the end; None when the plays empty the hand."""
    left: tuple[Card, ...]
    """The hand after the turn."""
    score: int
    """What the hand would score if the round ended after this turn."""
    opens: bool
    """True when the plan opens (the player had not opened before)."""

    @property
    def goes_out(self) -> bool:
        """True when the plan leaves no card in hand."""
        return not self.left

    @property
    def actions(self) -> tuple[Action, ...]:
        """The plays followed by the discard, if any."""
        return self.plays if self.discard is None else (*self.plays, Discard(self.discard))


Ranked = tuple[tuple[int, int, int], tuple[Action, ...], Melding]


def _leaf(
    turn: Turn,
    hand: tuple[Card, ...],
    table: Table,
    debt: int,
    opening: bool,
    laid: bool,
    opening_jokers: int | None = None,
    room: int = 0,
) -> Melding | None:
    """Best melds and discard for ``hand`` (``opening``: they must make the opening, using at
    most ``opening_jokers`` jokers — retrieved jokers arrive only after the opening); up to
    ``room`` jokers may be laid off on the table."""
    rules = turn.view.rules
    preferred, allowed = discards(turn, hand, table, debt, opening)
    threshold = rules.opening_points if opening else 0
    clean = opening and rules.opening_needs_clean_run
    # going out when opening is a rami sec: the threshold (and maybe the clean run) is waived
    sec_clean = clean and rules.rami_sec_waives == "points"
    out_points, out_clean = (threshold, clean) if laid else (0, sec_clean)
    sec_room = room if laid or not opening else 0
    tries = [
        (preferred, threshold, clean, False, room),
        (allowed, threshold, clean, False, room),
        (allowed, out_points, out_clean, True, sec_room),
    ]
    best: Melding | None = None
    for cards, points, needs_clean, must_go_out, free in tries:
        found = least_left(
            hand,
            rules,
            discard_from=cards,
            discard_required=rules.final_discard_required,
            min_points=points,
            need_clean=needs_clean,
            need_meld=opening,
            opening_jokers=opening_jokers,
            free_jokers=free,
        )
        if found is None or (must_go_out and not found.goes_out):
            continue
        if not _discard_ok(turn, found, table, debt, opening):
            continue
        if best is None or (found.penalty, len(found.left)) < (best.penalty, len(best.left)):
            best = found
    return best


def _discard_ok(turn: Turn, melding: Melding, table: Table, debt: int, opening: bool) -> bool:
    """The engine accepts the melding's discard on the hand and table the turn ends with."""
    if melding.discard is None:
        return True
    hand = (*melding.left, melding.discard)
    final = (*table, *melding.melds, *melding.later)
    return discard_allowed(turn, hand, melding.discard, final, debt, opening)


def _search(turn: Turn, hand: tuple[Card, ...], table: Table, opening: bool) -> Ranked | None:
    """The best plays from ``hand`` and ``table``: lay-offs and retrievals, then the leaf."""
    rules = turn.view.rules
    memo: dict[tuple[tuple[Card, ...], Table, int, bool], Ranked | None] = {}
    replay = rules.retrieved_joker_replay == "if_possible"
    own_jokers = hand.count(JOKER)

    def best(
        hand: tuple[Card, ...], table: Table, debt: int, laid: bool, swapped: bool
    ) -> Ranked | None:
        key = (hand, table, debt, swapped)
        if key in memo:
            return memo[key]
        budget = own_jokers if opening and swapped else None
        room = room_for_jokers(table, rules) if JOKER in hand else 0
        leaf = _leaf(turn, hand, table, debt, opening, laid, budget, room)
        found: Ranked | None = None
        if leaf is not None:
            found = ((leaf.penalty, len(leaf.left), 0), (), leaf)
        for action, card, after in [*layoffs(turn, hand, table), *swaps(turn, hand, table)]:
            rest = without(hand, (card,))
            swap = isinstance(action, Swap)
            if swap:
                rest = tuple(sorted((*rest, JOKER)))
            table_after = (*table[: action.target], after, *table[action.target + 1 :])
            sub = best(rest, table_after, debt + (swap and replay), True, swapped or swap)
            if sub is not None:
                rank = (sub[0][0], sub[0][1], sub[0][2] + 1)
                if found is None or rank < found[0]:
                    found = (rank, (action, *sub[1]), sub[2])
        memo[key] = found
        return found

    table_ok = not turn.state.opened_this_turn or rules.layoff_in_opening_turn
    if not table_ok or (opening and not rules.layoff_in_opening_turn):
        leaf = _leaf(turn, hand, table, turn.view.joker_debt, opening, False)
        return None if leaf is None else ((leaf.penalty, len(leaf.left), 0), (), leaf)
    return best(hand, table, turn.view.joker_debt, False, False)


def _assemble(turn: Turn, ranked: Ranked, opening: bool, restage: bool) -> TurnPlan | None:
    """Order the plays for the engine and replay them; None if the engine refuses."""
    _, path, melding = ranked
    melds: list[Action] = [meld_action(m, turn) for m in melding.melds]
    later: list[Action] = [meld_action(m, turn) for m in melding.later]
    state: RoundState | None = turn.state
    plays: list[Action] = []
    first: list[Action] = [TakeBack()] if restage else []
    if opening:
        first += [*melds, Open()]
    for step in (first, list(path), later if opening else melds):
        state = None if state is None else replay(state, step, plays)
    for _ in range(melding.laid_jokers):
        joker = None if state is None else joker_layoff(state, melding.discard)
        state = None if state is None or joker is None else replay(state, [joker], plays)
    if state is None:
        return None
    if melding.discard is not None and refusal(state, Discard(melding.discard)) is not None:
        return None
    return TurnPlan(tuple(plays), melding.discard, melding.left, melding.penalty, opening)


def _discard_only(turn: Turn, hand: tuple[Card, ...]) -> TurnPlan | None:
    """No plays: discard the card whose loss leaves the hand closest to melding."""
    rules = turn.view.rules
    state = turn.state if not turn.state.staged else apply(turn.state, TakeBack())
    legal = sorted({a.card for a in legal_actions(state) if isinstance(a, Discard)})
    if not legal:
        return None

    def potential(card: Card) -> tuple[int, int]:
        rest = without(hand, (card,))
        return best_partition(rest, rules).deadwood, -hand_value((card,), rules)

    card = min(legal, key=potential)
    left = without(hand, (card,))
    flat = rules.never_opened_penalty
    opened = turn.view.has_opened
    score = flat if flat is not None and not opened else hand_value(left, rules)
    plays: tuple[Action, ...] = (TakeBack(),) if turn.state.staged else ()
    return TurnPlan(plays, card, left, score, False)


def best_turn(view: PlayerView) -> TurnPlan | None:
    """The best plays for the rest of the turn of ``view``'s seat; None if it is not to play."""
    if not view.my_turn or view.phase is not Phase.PLAY:
        return None
    turn = Turn(view, stand_in(view))
    hand = tuple(sorted((*view.hand, *(c for m in view.staged for c in m.cards))))
    table = tuple(tm.meld for tm in view.table)
    opening = not view.has_opened
    plans: list[TurnPlan] = []
    ranked = _search(turn, hand, table, opening)
    plan = None if ranked is None else _assemble(turn, ranked, opening, bool(view.staged))
    if plan is not None:
        plans.append(plan)
    if opening or plan is None:
        fallback = _discard_only(turn, hand)
        if fallback is not None:
            plans.append(fallback)
    return min(plans, key=lambda p: (p.score, len(p.left), len(p.plays)), default=None)


def can_go_out(view: PlayerView) -> TurnPlan | None:
    """A plan that empties the hand this turn (see ``TurnPlan.discard``), or None."""
    plan = best_turn(view)
    return plan if plan is not None and plan.goes_out else None
