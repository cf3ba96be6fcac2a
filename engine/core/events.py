"""Typed events: what happened, as facts; each seat's log line is rendered from them.

An event class names its facts as fields and says how the log reads them
(`say`). Facts a seat may not know (the card another player drew) are listed in
`private` and read only by the seats in `seen_by`; for everyone else the event
is rendered from a copy whose private facts are `UNSEEN`, a value that refuses
to be printed, so a rendering that would leak a hidden card fails loudly in the
tests instead of quietly in a player's log.

Triggers, docks and summaries read the facts (`event.winner`, `facts()`), never
the text, so wording can change without changing what the rules do.

    @event("draw")
    class Drew(Event):
        seat: int
        card: str
        private = ("card",)

        def say(self, full: bool) -> str:
            return f"{seat_name(self.seat)} draws {self.card if full else 'a card'}"
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from engine.core.quick import quicken


class _Unseen:
    """A private fact, masked: it may be carried but never printed or compared."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNSEEN"

    def __format__(self, spec: str) -> str:
        raise LeakError("a seat's log line tried to print a fact it may not see")

    __str__ = __repr__  # repr is harmless; formatting into a log line is the leak


UNSEEN: Any = _Unseen()


class LeakError(AssertionError):
    """An event rendered a private fact for a seat outside `seen_by` (a rules bug)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """One line of the rules log, as the facts it reports.

    `seen_by` are the seats that read the `private` facts (the owner of a drawn
    card), None when every seat does (a card moved face up); `override` marks a
    referee action in assisted mode, which every seat reads as such.
    """

    kind: ClassVar[str] = "event"
    private: ClassVar[tuple[str, ...]] = ()
    seen_by: frozenset[int] | None = frozenset()
    override: bool = False

    def __init_subclass__(cls) -> None:
        # No super() call: slots=True rebuilds the class, breaking the zero-arg form.
        quicken(cls)

    def say(self, full: bool) -> str:
        """The log line; `full` is False for a seat that may not read the private facts
        (they are UNSEEN then)."""
        raise NotImplementedError(type(self).__name__)

    def sees(self, player: int | None) -> bool:
        """Whether `player` (None: the referee, and the finished table) reads every fact."""
        seen_by = self.seen_by
        return not self.private or seen_by is None or player is None or player in seen_by

    def for_seat(self, player: int | None) -> Event:
        """The event as `player` may know it: private facts masked unless it sees them."""
        if self.sees(player):
            return self
        return dataclasses.replace(self, **dict.fromkeys(self.private, UNSEEN))

    def text_for(self, player: int | None) -> str:
        full = self.sees(player)
        text = self.for_seat(player).say(full)
        return f"Referee: {text}" if self.override else text

    @property
    def text(self) -> str:
        """What a seat outside `seen_by` reads (the public line)."""
        return self.text_for(-1)

    def facts(self) -> dict[str, Any]:
        """Every fact by name (private ones too: for the rules, never for a seat's eyes).
        The names are read once per kind: a triggered ability reads its event's facts,
        and walking the dataclass's fields each time cost more than the rest."""
        names = _FACT_NAMES.get(type(self))
        if names is None:
            names = _FACT_NAMES[type(self)] = tuple(
                f.name for f in dataclasses.fields(self) if f.name not in ("seen_by", "override"))
        return {name: getattr(self, name) for name in names}


_FACT_NAMES: dict[type[Event], tuple[str, ...]] = {}  # each event class's facts, by name


E = TypeVar("E", bound=type[Event])


def event(kind: str) -> Callable[[E], E]:
    """Make `cls` a typed event of `kind`: a frozen dataclass of its facts."""
    def make(cls: E) -> E:
        cls.kind = kind
        made = dataclass(frozen=True, slots=True)(cls)
        unknown = set(made.private) - {f.name for f in dataclasses.fields(made)}
        if unknown:
            raise TypeError(f"{cls.__name__}: private names no fact: {sorted(unknown)}")
        return made
    return make
