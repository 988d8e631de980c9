"""A match: rounds dealt in turn, dealer rotation, totals, elimination and the winners.

Round seat ``i`` is match seat ``active[i]``; players eliminated under the elimination rule
sit out the rounds that follow. A match format (:data:`MATCH_FORMATS`) is a named end of match
a table may choose instead of its preset's: the full match, a race to 201, or six rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rami.actions import Action
from rami.engine import apply, deal, legal_actions
from rami.errors import IllegalActionError, InvalidRulesError
from rami.rules import MatchEnd, RuleSet
from rami.shuffle import commitment, derive_seed, new_seed, table_binding
from rami.state import Phase, RoundState


@dataclass(frozen=True, slots=True)
class MatchFormat:
    """An end of match by name: ``match_end`` and ``match_limit`` (None: the preset's own)."""

    name: str
    match_end: MatchEnd | None = None
    match_limit: int | None = None

    def fits(self, rules: RuleSet) -> bool:
        """True when this format is a shorter match than ``rules``' own (or is it)."""
        if self.match_end is None:
            return True
        if self.match_end == "score_limit":
            assert self.match_limit is not None
            return rules.match_end == "score_limit" and self.match_limit < rules.match_limit
        return rules.match_end != "rounds"


MATCH_FORMATS: dict[str, MatchFormat] = {
    "full": MatchFormat("full"),
    "to201": MatchFormat("to201", "score_limit", 201),
    "rounds6": MatchFormat("rounds6", "rounds", 6),
}
"""The match formats: the preset's full match, first total to 201 (presets played to a higher
score), six rounds (presets that do not already count rounds)."""


def format_rules(rules: RuleSet, name: str) -> RuleSet:
    """``rules`` ended as format ``name`` says; :class:`InvalidRulesError` (``unknown_format``,
    ``format_not_for_rules``) for an unknown format or one these rules do not take."""
    found = MATCH_FORMATS.get(name)
    if found is None:
        known = ", ".join(MATCH_FORMATS)
        raise InvalidRulesError(f"unknown match format {name!r} (known: {known})", "unknown_format")
    if not found.fits(rules):
        raise InvalidRulesError(
            f"the {name} format is not a shorter match of these rules", "format_not_for_rules"
        )
    if found.match_end is None:
        return rules
    return rules.replace(match_end=found.match_end, match_limit=found.match_limit)


def formats_for(rules: RuleSet) -> tuple[str, ...]:
    """The names of the formats ``rules`` take, the full match first."""
    return tuple(name for name, found in MATCH_FORMATS.items() if found.fits(rules))


def format_of(rules: RuleSet, preset: RuleSet) -> str | None:
    """The format that turns ``preset`` into ``rules`` (None: other rules than any format's)."""
    for name in formats_for(preset):
        if format_rules(preset, name) == rules:
            return name
    return None


@dataclass(frozen=True, slots=True)
class PlayedRound:
    """A finished round and the match seats that played it (round seat i = ``seats[i]``)."""

    index: int
    seats: tuple[int, ...]
    dealer: int
    state: RoundState


@dataclass(frozen=True, slots=True)
class MatchState:
    """A whole match, hidden information included (the seed, the stock, every hand)."""

    rules: RuleSet
    names: tuple[str, ...]
    seed: str
    """The match seed ('' when only the rounds' own seeds are known, as in a replay)."""
    totals: tuple[int, ...]
    active: tuple[int, ...]
    dealer: int
    round_index: int
    round: RoundState
    finished_rounds: tuple[PlayedRound, ...] = ()
    winners: tuple[int, ...] = ()
    seed_commitment: str = ""
    """The public hash of the match seed (see :func:`rami.shuffle.commitment`)."""
    forfeited: tuple[int, ...] = ()
    """Match seats that forfeited (the match ended on their forfeit; see :func:`forfeit`)."""

    @property
    def finished(self) -> bool:
        """True once the match has ended."""
        return bool(self.winners)

    @property
    def binding(self) -> str:
        """What this match's seed commitments are tied to (its rules and players)."""
        return table_binding(self.rules.hash, self.names)

    @property
    def current_seat(self) -> int | None:
        """The match seat to act, or None between rounds and after the match."""
        if self.round.phase is Phase.OVER:
            return None
        return self.active[self.round.current]

    def round_seat(self, seat: int) -> int | None:
        """The round seat of match seat ``seat`` (None if it sits out)."""
        return self.active.index(seat) if seat in self.active else None


def new_match(
    rules: RuleSet,
    names: Sequence[str],
    seed: str | None = None,
    round_seed: str | None = None,
    seed_commitment: str | None = None,
) -> MatchState:
    """Start a match and deal its first round (the last seat deals, so seat 0 starts).

    A replay whose match seed is not revealed passes the first ``round_seed`` and the match
    seed's ``seed_commitment`` instead.
    """
    players = len(names)
    if not rules.min_players <= players <= rules.max_players:
        raise IllegalActionError(
            f"these rules are for {rules.min_players}-{rules.max_players} players, not {players}",
            "bad_player_count",
        )
    match_seed = new_seed() if seed is None else seed
    dealer = players - 1
    first = round_seed if round_seed is not None else derive_seed(match_seed, 1)
    return MatchState(
        rules=rules,
        names=tuple(names),
        seed=match_seed,
        totals=(0,) * players,
        active=tuple(range(players)),
        dealer=dealer,
        round_index=1,
        round=deal(rules, players, first, dealer),
        seed_commitment=seed_commitment
        or commitment(match_seed, table_binding(rules.hash, tuple(names))),
    )


def match_legal_actions(match: MatchState) -> list[Action]:
    """The legal actions of the seat to act (none between rounds)."""
    return legal_actions(match.round)


def match_apply(match: MatchState, action: Action) -> MatchState:
    """Apply the acting seat's action; a round that ends updates totals and maybe the match."""
    if match.finished:
        raise IllegalActionError("the match is over", "match_over")
    played = apply(match.round, action)
    match = replace(match, round=played)
    if played.phase is Phase.OVER:
        match = _close_round(match)
    return match


def _close_round(match: MatchState) -> MatchState:
    result = match.round.result
    assert result is not None
    totals = list(match.totals)
    for round_seat, score in enumerate(result.scores):
        totals[match.active[round_seat]] += score
    played = PlayedRound(match.round_index, match.active, match.dealer, match.round)
    match = replace(match, totals=tuple(totals), finished_rounds=(*match.finished_rounds, played))
    return replace(match, winners=_winners(match))


def _lowest(seats: Sequence[int], totals: Sequence[int]) -> tuple[int, ...]:
    low = min(totals[s] for s in seats)
    return tuple(s for s in seats if totals[s] == low)


def _winners(match: MatchState) -> tuple[int, ...]:
    rules, totals = match.rules, match.totals
    if rules.match_end == "score_limit":
        if max(totals[s] for s in match.active) >= rules.match_limit:
            return _lowest(match.active, totals)
        return ()
    if rules.match_end == "rounds":
        if match.round_index >= rules.match_limit:
            return _lowest(match.active, totals)
        return ()
    survivors = _survivors(match)
    if len(survivors) >= 2:
        return ()
    return survivors or _lowest(match.active, totals)


def _survivors(match: MatchState) -> tuple[int, ...]:
    return tuple(s for s in match.active if match.totals[s] < match.rules.match_limit)


def next_round(match: MatchState, round_seed: str | None = None) -> MatchState:
    """Deal the next round (the dealer moves one seat left)."""
    if match.finished:
        raise IllegalActionError("the match is over", "match_over")
    if match.round.phase is not Phase.OVER:
        raise IllegalActionError("the round is still being played", "round_in_progress")
    active = _survivors(match) if match.rules.match_end == "elimination" else match.active
    dealer = _next_seat(active, match.dealer)
    index = match.round_index + 1
    seed = round_seed if round_seed is not None else derive_seed(match.seed, index)
    return replace(
        match,
        active=active,
        dealer=dealer,
        round_index=index,
        round=deal(match.rules, len(active), seed, active.index(dealer)),
    )


def _next_seat(active: Sequence[int], after: int) -> int:
    later = [s for s in active if s > after]
    return later[0] if later else active[0]


def forfeit(match: MatchState, seat: int) -> MatchState:
    """End the match on ``seat``'s forfeit: the other active seats with the lowest totals win."""
    if match.finished:
        raise IllegalActionError("the match is over", "match_over")
    others = [s for s in match.active if s != seat]
    if seat not in match.active or not others:
        raise IllegalActionError("only a seat still playing forfeits", "not_playing")
    return replace(match, forfeited=(seat,), winners=_lowest(others, match.totals))
