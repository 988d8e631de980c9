"""The handover of one table as a state machine: offered → paused → moved | resumed.

Pure values: :func:`step` takes a state and what happened and returns the next state with the
message to send, if any; the owner (:mod:`.serving`) and the relay (:mod:`.relaying`) do the
sending, the waiting and the table's moving. Both sides keep a state per table:

* the owner offers the table to the one process its connections all come from (``Offered``,
  it sends ``pause``); that process pauses them and says so (``Paused``); the owner then
  passes the table's ownership (``Moved``, it sends ``handover``) or, when something changed
  meanwhile or the ownership could not pass, lets the connections go on (``Resumed``, it
  sends ``resume``). An offer that is not answered in time lapses (``Resumed``, silently:
  the relay resumes on its own).
* the relay enters ``Paused`` when asked (it answers ``paused``) and leaves it by ``Moved``
  (the handover came) or ``Resumed`` (``resume`` came, or nothing did in time).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True, slots=True)
class Offered:
    """The owner asked ``relay`` to pause the table; the offer lapses at ``until``."""

    relay: str
    until: float


@dataclass(frozen=True, slots=True)
class HandoverPaused:
    """``relay`` paused the table's connections; nothing moves until ``until``."""

    relay: str
    until: float


@dataclass(frozen=True, slots=True)
class Moved:
    """The table is ``relay``'s now."""

    relay: str


@dataclass(frozen=True, slots=True)
class Resumed:
    """Nothing moved: the connections go on relayed to the owner (``why`` says why)."""

    relay: str
    why: Literal["lapsed", "changed", "not_passed", "other_relay", "resumed"]


State = Offered | HandoverPaused | Moved | Resumed


@dataclass(frozen=True, slots=True)
class RelayPaused:
    """The owner heard ``paused`` from process ``relay``."""

    relay: str


@dataclass(frozen=True, slots=True)
class Checked:
    """The owner looked again, under the table's lock: ``only_relay`` is the one process all
    the connections still come from (None: there is none any more, or the table changed)."""

    only_relay: str | None


@dataclass(frozen=True, slots=True)
class Passed:
    """The owner tried to pass the table's ownership: ``passed`` tells whether it did."""

    passed: bool


@dataclass(frozen=True, slots=True)
class ResumeHeard:
    """The relay heard ``resume``."""


@dataclass(frozen=True, slots=True)
class HandoverHeard:
    """The relay heard ``handover``."""


@dataclass(frozen=True, slots=True)
class Tick:
    """Time is ``now``: an offer or a pause past its ``until`` lapses."""

    now: float


Event = RelayPaused | Checked | Passed | ResumeHeard | HandoverHeard | Tick

Say = Literal["pause", "paused", "resume", "handover"]
"""What the side taking the step sends (``pause``/``resume``/``handover`` to the relay,
``paused`` to the owner)."""


@dataclass(frozen=True, slots=True)
class Step:
    """A transition: the state after it and what to send, if anything."""

    state: State
    say: Say | None = None
    to: str | None = None
    """The process the message goes to (the owner's side); None: the table's owner."""


def offer(relay: str, now: float, wait: float) -> Step:
    """The owner's first step: offer the table to ``relay``."""
    return Step(Offered(relay, now + wait), "pause", relay)


def pause(relay: str, now: float, wait: float) -> Step:
    """The relay's first step: pause the table's connections and tell the owner."""
    return Step(HandoverPaused(relay, now + wait), "paused")


def step(state: State, event: Event) -> Step:
    """The transition from ``state`` on ``event`` (an event that does not apply keeps it)."""
    match state, event:
        case Offered(relay, until), Tick(now) if now >= until:
            return Step(Resumed(relay, "lapsed"))
        case Offered(relay, until), RelayPaused(paused_by):
            if paused_by != relay:  # a stale pause: that process goes on relayed
                return Step(state, "resume", paused_by)
            return Step(HandoverPaused(relay, until))
        case HandoverPaused(relay, _), Checked(only_relay) if only_relay != relay:
            return Step(Resumed(relay, "changed"), "resume", relay)
        case HandoverPaused(relay, _), Passed(passed):
            if passed:
                return Step(Moved(relay), "handover", relay)
            return Step(Resumed(relay, "not_passed"), "resume", relay)
        case HandoverPaused(relay, _), HandoverHeard():
            return Step(Moved(relay))
        case HandoverPaused(relay, _), ResumeHeard():
            return Step(Resumed(relay, "resumed"))
        case HandoverPaused(relay, until), Tick(now) if now >= until:
            return Step(Resumed(relay, "lapsed"))
        case ((Moved() | Resumed()), RelayPaused(paused_by)):  # over: a late pause resumes
            return Step(state, "resume", paused_by)
    return Step(state)


def over(state: State) -> bool:
    """Whether the handover has ended (moved or resumed)."""
    return isinstance(state, Moved | Resumed)
