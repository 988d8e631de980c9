"""The hint key: the solver's suggested play, said in the player's language.

:func:`rami.solver.hint.hint` plans the rest of the turn from the player's view; its actions
are worded here through the translator. Without that module (or without a plan) the plain
advice of :mod:`rami.tui.advice` is given instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rami.actions import Action, Discard, DrawDiscard, LayOff, MeldAction, Open, Swap, TakeBack
from rami.i18n import translator
from rami.melds import make_meld
from rami.narration import cards_words
from rami.state import Phase
from rami.tui.advice import Hint, plain_advice
from rami.tui.render import face
from rami.views import PlayerView

SolverHint = Callable[[PlayerView], Any]


def solver_hint() -> SolverHint | None:
    """The solver's hint function, when the solver has one."""
    try:
        from rami.solver.hint import hint  # type: ignore[import-not-found,unused-ignore]
    except ImportError:  # pragma: no cover - the solver's hints ship with the package
        return None
    return hint


def hint_for(view: PlayerView, lang: str, solver: SolverHint | None = None) -> Hint:
    """The suggested play for the player of ``view``, with a one-line reason (``solver``
    defaults to :func:`rami.solver.hint.hint`)."""
    solver = solver or solver_hint()
    if not view.my_turn or solver is None:
        return plain_advice(view, lang)
    try:
        found = solver(view)
    except Exception:  # a failing hint must never end the game: fall back to plain advice
        return plain_advice(view, lang)
    actions: tuple[Action, ...] = tuple(getattr(found, "actions", ()) or ())
    if not actions:
        return plain_advice(view, lang)
    if view.phase is Phase.DRAW:
        return _draw_words(view, lang, actions[0], getattr(found, "plan", None))
    return _play_words(view, lang, actions, getattr(found, "plan", None))


def _draw_words(view: PlayerView, lang: str, action: Action, plan: Any) -> Hint:
    tr = translator(lang)
    if not isinstance(action, DrawDiscard) or not view.discard_pile:
        return Hint(tr.gettext("Draw from the stock."))
    card = face(view.discard_pile[-1], lang)
    if plan is not None and getattr(plan, "goes_out", False):
        return Hint(
            tr.gettext("Take {card} from the discard pile: you can go out with it.", card=card)
        )
    if plan is not None and getattr(plan, "opens", False):
        return Hint(tr.gettext("Take {card} from the discard pile: it lets you open.", card=card))
    if plan is not None:
        return Hint(tr.gettext("Take {card} from the discard pile: you can play it.", card=card))
    return Hint(
        tr.gettext("Take {card} from the discard pile: it joins a meld in your hand.", card=card)
    )


def _play_words(view: PlayerView, lang: str, actions: Sequence[Action], plan: Any) -> Hint:
    tr = translator(lang)
    steps = [_step(view, lang, action) for action in actions if not isinstance(action, Open)]
    said = ", ".join(step for step in steps if step)
    score = getattr(plan, "score", None)
    if plan is not None and getattr(plan, "goes_out", False):
        text = tr.gettext("Go out: {steps}.", steps=said)
    elif any(isinstance(a, Open) for a in actions):
        melds = [a for a in actions if isinstance(a, MeldAction)]
        points = _points(view, melds)
        text = tr.gettext("Open with {points} points: {steps}.", points=points, steps=said)
    elif not view.has_opened:
        text = tr.gettext("Keep building your opening: {steps}.", steps=said)
    else:
        text = tr.gettext("Suggested: {steps}.", steps=said)
    if score is not None and not getattr(plan, "goes_out", False):
        text += " " + tr.gettext("({points} left in hand)", points=score)
    first = actions[0]
    cards: tuple[int, ...] = ()
    target = None
    if isinstance(first, MeldAction):
        cards = first.cards
    elif isinstance(first, (LayOff, Swap)):
        cards, target = (first.card,), first.target
    elif isinstance(first, Discard):
        cards = (first.card,)
    return Hint(text, cards, target)


def _step(view: PlayerView, lang: str, action: Action) -> str:
    tr = translator(lang)
    if isinstance(action, MeldAction):
        return tr.gettext("meld {cards}", cards=cards_words(action.cards, lang, face))
    if isinstance(action, LayOff):
        return tr.gettext(
            "lay off {card} on meld {number}",
            card=face(action.card, lang),
            number=action.target + 1,
        )
    if isinstance(action, Swap):
        return tr.gettext(
            "give {card} for the joker of meld {number}",
            card=face(action.card, lang),
            number=action.target + 1,
        )
    if isinstance(action, Discard):
        return tr.gettext("then discard {card}", card=face(action.card, lang))
    if isinstance(action, TakeBack):
        return tr.gettext("take back the staged melds")
    return ""


def _points(view: PlayerView, melds: Sequence[MeldAction]) -> int:
    rules = view.rules
    built = [make_meld(m.cards, rules.jokers_per_meld, m.jokers_as or None) for m in melds]
    return sum(meld.points(rules.jokers_count_in_opening) for meld in built)
