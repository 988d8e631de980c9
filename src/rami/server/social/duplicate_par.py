"""Par: a bot's own result on a Daily Duplicate deal, played as a person would play it.

The par bot sits in the person's seat against the same ``hard`` opponents, seeded as the
table's driver seeds them (``{bot_seed}-{seat}``), so par is the deal as a strong player
would have met it. It is computed once per deal, off the request path.
"""

from __future__ import annotations

from rami.bots import make_bot
from rami.duplicate import EditionKind, deal_rules, person_seat
from rami.match import MatchState, match_apply, new_match
from rami.state import Phase
from rami.views import view_for

OPPONENT = "hard"
"""The level every person meets in every seat but their own."""

PAR_LEVEL = "expert"

MAX_ACTIONS = 5000


def par_penalty(kind: EditionKind, number: int, seed: str, bot_seed: str, level: str) -> int:
    """The penalty ``level`` scores on deal ``number`` (seed ``seed``) from the person's seat."""
    names = [f"p{seat}" for seat in range(kind.players)]
    match: MatchState = new_match(deal_rules(kind), names, seed)
    seat_of_par = person_seat(number, kind)
    bots = [
        make_bot(level if seat == seat_of_par else OPPONENT, f"{bot_seed}-{seat}")
        for seat in range(kind.players)
    ]
    for _ in range(MAX_ACTIONS):
        if match.round.phase is Phase.OVER or match.finished_rounds:
            break
        seat = match.round.current
        view = view_for(match, seat)
        action = bots[seat].choose(view)
        if action not in view.legal:
            action = view.legal[-1]
        match = match_apply(match, action)
    played = match.finished_rounds[0]
    result = played.state.result
    assert result is not None
    return int(result.scores[seat_of_par])
