"""Decision frames: who must or may decide now, and what happens next.

The state holds a stack of frames (`state.frames`, top last). A frame is a
frozen dataclass naming the `seats` that may act on it now:

- a **decision** (one seat: a NEGATE to answer, a hostage to choose);
- a **window** (several seats, or one seat after another: counter-cards, tactics
  "at any time", reactions), where each may pass; it closes when all have;
- a **commit** (`Commit`): each seat owes one hidden choice; choices stay hidden
  until the last is in, then are revealed together;
- an **automatic step** (no seats): the rules' own continuation, "then do this",
  which the core runs as soon as it reaches the top — a queue of effects still to
  carry out is a run of these frames, not a structure a game keeps for itself;
- a **triggered ability** (`Triggered`): pushed by the core when an event
  matches a game's ability, ordered by the ability's priority class, then by
  seat from a named seat; one that says "may" asks its seat first.

The core runs the rules on until someone must decide (`settle`): state-based
checks first, then the top frame (run it if automatic, drop it if nobody has
an answer), then the game's own progress (`advance`: the next phase). A window
opens for every seat the rules allow to answer, whether or not it holds a card
that answers, so nothing leaks by whether a window opened; the window may pass
for a person by itself (the app's setting), never the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.actions import Action
from engine.core.events import Event
from engine.core.quick import is_twin, maker, quicken, replacer
from engine.core.table_events import Chosen

if TYPE_CHECKING:
    from engine.core.game import GameState

FRAME_TYPES: dict[str, type[Frame]] = {}


@dataclass(frozen=True, slots=True)
class Frame:
    """Base of every frame; games subclass it as frozen dataclasses."""

    seats: tuple[int, ...] = ()  # who may act on it now; empty: an automatic step

    passable: ClassVar[bool] = False  # the seats may pass (a window)
    question: ClassVar[str] = ""  # what the table asks, for the prompt line
    variants: ClassVar[dict[str, type[Frame]]] = FRAME_TYPES  # every kind, for saves

    def __init_subclass__(cls) -> None:
        # No super() call: slots=True rebuilds the class, breaking the zero-arg form.
        # The rebuilt class registers last, replacing the first registration. Saves name
        # frames by class name, so two games may not both have a frame of one name.
        if is_twin(cls):  # quick's own stand-in while a frame is made: never saved
            return
        quicken(cls)
        known = FRAME_TYPES.get(cls.__name__)
        if known is not None and (known.__module__, known.__qualname__) != (
                cls.__module__, cls.__qualname__):
            raise TypeError(f"a frame named {cls.__name__} exists already in "
                            f"{known.__module__}; frames need names of their own")
        FRAME_TYPES[cls.__name__] = cls

    # -- what a game gives its frames ------------------------------------------------
    def answers(self, state: GameState, seat: int) -> list[Action]:
        """The answers `seat` may give (the core adds Pass where the frame allows)."""
        return []

    def can_answer(self, state: GameState, seat: int) -> bool:
        """Whether `seat` has any answer (a frame no seat can answer is not waited for).
        Asked of every seat of a frame after every action: a frame whose answers are many
        (a draft's cards) may say so without listing them."""
        return bool(self.answers(state, seat))

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        """Carry out `action` (one of `answers`); the frame is already off the stack, so
        a frame that stays open pushes its successor."""
        raise NotImplementedError(f"{type(self).__name__} takes no answers")

    def run(self, state: GameState) -> list[Event]:
        """An automatic step: what the rules do now (the frame is already off the stack)."""
        raise NotImplementedError(f"{type(self).__name__} is not an automatic step")

    def passed(self, state: GameState, seat: int) -> list[Event]:
        """`seat` passes (the frame is off the stack): the others may still answer; once
        nobody is left the frame closes."""
        rest = without(self.seats, seat)
        if rest:
            state.frames.append(with_seats(self, rest))
            return []
        return self.close(state)

    def close(self, state: GameState) -> list[Event]:
        """The frame ends with nobody answering (all passed, or no answer was possible)."""
        return []

    def refusal(self, state: GameState, seat: int, action: Action) -> str | None:
        """Why `action` is not an answer `seat` may give now, in the rules' words; None
        when it is. The default reads `answers`; a frame whose answers come in many equal
        forms (any card of a kind, two troops named in either order) or whose refusals
        deserve the rule's own reason says so itself. Must not change the state."""
        if action in self.answers(state, seat):
            return None
        return f"that does not answer {self.prompt_text(state) or 'the open question'}"

    def prompt_text(self, state: GameState) -> str:
        return self.question


def _without(seats: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """`seats` but `seat`, the order kept: the seats a window or a draft still asks once
    `seat` has passed or chosen."""
    if seat not in seats:
        return seats
    at = seats.index(seat)
    return seats[:at] + seats[at + 1:]


# made once for each set of seats and seat, and handed out again: asked after every pick
# of a draft and every pass of a window (a table has a few dozen sets of seats at most)
without: Callable[[tuple[int, ...], int], tuple[int, ...]] = cache(_without)


def with_seats(frame: Frame, seats: tuple[int, ...]) -> Frame:
    """`frame` asking `seats` now, all else alike (on every pass and every choice of a
    window or a draft: see quick.replacer, here of that one fact)."""
    return replacer(type(frame), "seats")(frame, seats)  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Let a window go by (the core's answer, for every frame that allows passing)."""

    kind = "pass"

    def describe(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Commit(Frame):
    """Simultaneous hidden choices: each seat in `seats` owes one choice.

    A game subclasses it: `answers` lists a seat's choices, `keep` puts a choice
    away hidden (a card into an owner-only zone, face down), `reveal` shows them
    all together once the last is in. The core makes the log say only that a seat
    has chosen, to everyone but that seat.
    """

    order: tuple[int, ...] = ()  # every seat that chooses, in seat order (for the reveal)

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        secret = self.keep(state, seat, action)
        rest = without(self.seats, seat)
        events: list[Event] = [_CHOSEN.get((seat, secret)) or _chosen(seat, secret)]
        if rest:
            state.frames.append(self.asking(rest))
            return events
        return events + self.reveal(state)

    def asking(self, seats: tuple[int, ...]) -> Commit:
        """This choice still owed by `seats`, all else alike: a game whose choices have
        few facts may hand out frames made once (a draft asks again after every pick)."""
        return with_seats(self, seats)  # type: ignore[return-value]

    def keep(self, state: GameState, seat: int, action: Action) -> str:
        """Put `seat`'s choice away, hidden from the others; return how its own log
        line reads ("You choose Odin's Spear")."""
        raise NotImplementedError

    def reveal(self, state: GameState) -> list[Event]:
        """Every choice is in: show them together (one event)."""
        raise NotImplementedError


def _chosen(seat: int, secret: str) -> Chosen:
    """The event that `seat` has chosen, read `secret` by that seat alone: made once for
    each seat and choice and handed out again (events are values), as a draft has every
    seat choose after every pick and a new event with its own set of readers was a
    twentieth of a pick."""
    if len(_CHOSEN) >= CHOICES_KEPT:
        _CHOSEN.clear()
    made = _CHOSEN[seat, secret] = _make_chosen(seat, secret, seen_by=frozenset({seat}))
    return made


CHOICES_KEPT = 4096  # choices read as the cards they name: a bound, not a set
_make_chosen = maker(Chosen)  # a new choice after every few (quick.maker)
_CHOSEN: dict[tuple[int, str], Chosen] = {}


# -- triggered abilities -------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Ability:
    """A triggered ability: "when `on` happens, if `whose` names a seat, do `effect`".

    `whose(state, event)` is the seat the ability belongs to when it triggers on
    `event`, or None when it does not. `order` is the priority class (lower first);
    within a class abilities resolve by seat from the game's `trigger_start`.
    An ability that `may` be used asks its seat first.
    """

    name: str
    on: str  # the event kind
    whose: Callable[[Any, Event], int | None]
    effect: Callable[[Any, int, dict[str, Any]], list[Event]]
    order: int = 0
    may: bool = False
    prompt: str = ""
    # whether a triggered instance still stands when it comes to resolve (the card whose
    # text it is may have gone meanwhile); None: always. One that no longer stands is
    # dropped unasked.
    live: Callable[[Any, dict[str, Any]], bool] | None = None


@dataclass(frozen=True, slots=True)
class Triggered(Frame):
    """A triggered ability waiting to resolve: automatic, or its seat's yes/no."""

    ability: str = ""
    facts: tuple[tuple[str, str | int | bool], ...] = ()  # the triggering event's facts
    asks: str = ""  # the question an ability that "may" be used puts to its seat

    @property
    def passable(self) -> bool:  # type: ignore[override]
        return bool(self.seats)  # an optional ability may be declined by passing

    def prompt_text(self, state: GameState) -> str:
        return self.asks or f"{self.ability}: use it?"


@dataclass(frozen=True, slots=True)
class Use(Action):
    """Use a triggered ability that says "may" (Pass declines it)."""

    kind = "use-ability"
    ability: str

    def describe(self) -> str:
        return f"use {self.ability}"
