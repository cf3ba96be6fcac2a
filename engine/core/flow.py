"""The one loop that runs the rules on until someone must decide, for every game.

A game built on frames gives the core its turn actions (`turn_actions`,
`check_turn`, `perform`), its automatic progress (`advance`: the next phase,
the end of a battle), its rule-settling checks (`state_checks`: "food is
checked always"), its triggered abilities (`abilities`) and its frames. The
core decides who may act, offers a frame's answers (and Pass), carries the
answer out, pushes what triggered in the right order, and settles.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.frames import Ability, Frame, Pass, Triggered, Use, with_seats
from engine.core.prompts import Prompt

if TYPE_CHECKING:
    from engine.core.basegame import BaseGame
    from engine.core.game import GameState

SETTLE_LIMIT = 10_000  # steps of automatic play without a decision: a rules bug, said loudly


def not_yours(seats: tuple[int, ...]) -> str:
    """Why a seat outside `seats` may not act: who may, in the rules' words."""
    if not seats:
        return "no seat may act now"
    names = [f"Player {s + 1}" for s in seats]
    if len(names) == 1:
        return f"it is {names[0]} who must decide now"
    return ", ".join(names[:-1]) + " or " + names[-1] + " may answer now"


# Pass has no facts: every listing offers this one (settling asks for answers after every
# action, and making a Pass for each was a frozen dataclass's __init__ a time).
PASS = Pass()


def refusal(state: GameState, frame: Frame, seat: int, action: Action) -> str | None:
    """Why `action` does not answer `frame` for `seat` (None: it does). Pass and a
    triggered ability's Use are the core's own answers; the rest the frame checks."""
    if isinstance(action, Pass) and frame.passable:
        return None
    if isinstance(frame, Triggered) and action == Use(frame.ability):
        return None
    if isinstance(frame, Triggered) or isinstance(action, Pass):
        return f"that does not answer {frame.prompt_text(state) or 'the open question'}"
    return frame.refusal(state, seat, action)


def legal_actions(game: BaseGame, state: GameState, seat: int | None) -> list[Action]:
    if state.result is not None:
        return []
    if state.frames:
        # What `seat` may answer to the open frame, Pass last where the frame allows it.
        frame = state.frames[-1]
        seat = frame.seats[0] if seat is None else seat
        if seat not in frame.seats:
            return []
        if isinstance(frame, Triggered):
            out: list[Action] = [Use(frame.ability)]
        else:
            out = frame.answers(state, seat)
        if frame.passable:
            out.append(PASS)
        return out
    if seat is not None and seat != state.active:
        return []
    return game.turn_actions(state)


def check(game: BaseGame, state: GameState, action: Action, seat: int | None) -> int:
    """Raise IllegalAction with the reason unless `seat` may take `action` now; the seat."""
    if state.result is not None:
        raise IllegalAction("the match is over")
    if state.frames:
        frame = state.frames[-1]
        seat = frame.seats[0] if seat is None else seat
        if seat not in frame.seats:
            raise IllegalAction(not_yours(frame.seats))
        reason = refusal(state, frame, seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        return seat
    seat = state.active if seat is None else seat
    if seat != state.active:
        raise IllegalAction(not_yours((state.active,)))
    game.check_turn(state, action)
    return seat


def apply(game: BaseGame, state: GameState, action: Action, seat: int | None,
          checked: bool = True) -> list[Event]:
    """Check, carry out, and settle; the state is unchanged when the action is refused.

    `checked=False` is the fast path of search and simulation: `action` is one that
    `legal_actions` listed for this very state and seat, so it is not checked again."""
    if checked:
        seat = check(game, state, action, seat)
    elif seat is None:
        seat = state.frames[-1].seats[0] if state.frames else state.active
    if state.frames:
        frame = state.frames.pop()
        if isinstance(action, Pass):
            events = frame.passed(state, seat)
        elif isinstance(frame, Triggered):
            events = _resolve(game, state, frame)
        else:
            events = frame.answer(state, seat, action)
    else:
        events = game.perform(state, action)
    return events + settle(game, state, events)


def settle(game: BaseGame, state: GameState, fresh: list[Event]) -> list[Event]:
    """Run the rules on until someone must decide or the match ends."""
    out: list[Event] = []
    # the abilities by the event they wait for, looked up once: settling pushes what
    # triggered after every action of a game that has any (the last game's, at hand)
    abilities, last = game.abilities, _LAST[0]
    on = None if not abilities else last.by_event if last.of is abilities \
        else _index(abilities).by_event
    checks = game.checks_always
    for _ in range(SETTLE_LIMIT):
        if fresh and on is not None:
            for event in fresh:  # most events trigger nothing: the pushing is asked then
                if event.kind in on:
                    _push_triggers(game, state, fresh, on)
                    break
        if state.result is not None:
            state.frames.clear()
            break
        if checks:
            fresh = game.state_checks(state)
            if fresh:
                out += fresh
                continue
        if state.frames:
            top = state.frames[-1]
            if isinstance(top, Triggered) and not _stands(game, state, top):
                state.frames.pop()
                fresh = []
                continue
            if not top.seats:
                state.frames.pop()
                fresh = _resolve(game, state, top) if isinstance(top, Triggered) \
                    else top.run(state)
            elif top.passable:
                break  # every seat of a window has an answer: Pass
            else:
                # Nobody waits for a seat that has no answer at all; the first seat asked
                # is one that can act.
                seats = top.seats
                able: list[int] = []  # a loop, not a comprehension (a function of its own in 3.11)
                for seat in seats:
                    if top.can_answer(state, seat):
                        able.append(seat)
                if able:
                    if len(able) != len(seats):
                        state.frames[-1] = with_seats(top, tuple(able))
                    break
                state.frames.pop()
                fresh = top.close(state)
        else:
            produced = game.advance(state)
            if produced is None:
                break
            fresh = produced
        out += fresh
    else:
        raise RuntimeError(f"{game.title}: the rules ran {SETTLE_LIMIT} steps without a "
                           "decision (a rules bug)")
    state.prompt = _prompt(state)
    return out


def _prompt(state: GameState) -> Prompt | None:
    """The line the table shows for the open frame (the UI's mirror of the stack). Prompts
    are values, made once for each seat, frame kind and question and handed out again: a
    draft asks the next seat after every pick, and a frozen dataclass of five fields
    made anew each time was a fiftieth of a draft's step."""
    if state.result is not None or not state.frames:
        return None
    frame = state.frames[-1]
    key = (frame.seats[0], type(frame), frame.prompt_text(state), frame.passable)
    known = _PROMPTS.get(key)
    if known is None:
        if len(_PROMPTS) >= PROMPTS_KEPT:
            _PROMPTS.clear()
        seat, kind, text, passable = key
        known = _PROMPTS[key] = Prompt(seat, kind.__name__.lower(), text, passable)
    return known


PROMPTS_KEPT = 4096  # questions differ by the cards and names they read: a bound, not a set
_PROMPTS: dict[tuple[int, type[Frame], str, bool], Prompt] = {}


# -- triggered abilities -------------------------------------------------------------------
def _push_triggers(game: BaseGame, state: GameState, events: list[Event],
                   on: dict[str, tuple[Ability, ...]]) -> None:
    """Push what these events trigger (`on`: the game's abilities by the event they wait
    for), so the first to resolve is on top: by priority class, then by seat from the
    game's starting seat, then by event order. Settling asks only with events in hand, of
    a game that has abilities."""
    found: list[tuple[tuple[int, int, int], Ability, int, Event]] = []
    start = None  # asked of the game only once something triggered
    for number, event in enumerate(events):
        for ability in on.get(event.kind, ()):
            seat = ability.whose(state, event)
            if seat is None:
                continue
            if start is None:
                start = game.trigger_start(state)
            key = (ability.order, (seat - start) % state.players, number)
            found.append((key, ability, seat, event))
    if not found:
        return
    found.sort(key=itemgetter(0))  # the ordering key alone: abilities do not compare
    for _, ability, seat, event in reversed(found):
        state.frames.append(Triggered(seats=(seat,) if ability.may else (),
                                      ability=ability.name, facts=_facts(event, seat),
                                      asks=ability.prompt if ability.may else ""))


class _Abilities(NamedTuple):
    """A game's abilities looked up: by the event kind they wait for, in the game's order
    (an event asks only its own; a game with dozens of card texts is asked after every
    event), and by name (a triggered frame names its ability)."""

    of: tuple[Ability, ...]  # the tuple indexed, kept so its id is never reused meanwhile
    by_event: dict[str, tuple[Ability, ...]]
    by_name: dict[str, Ability]


_INDEXED: dict[int, _Abilities] = {}


def _index(abilities: tuple[Ability, ...]) -> _Abilities:
    """The lookups for a game's abilities, kept by the tuple's identity: hashing dozens of
    abilities would cost more than it saves."""
    known = _INDEXED.get(id(abilities))
    if known is None or known.of is not abilities:
        out: dict[str, list[Ability]] = {}
        names: dict[str, Ability] = {}
        for ability in abilities:
            out.setdefault(ability.on, []).append(ability)
            names.setdefault(ability.name, ability)  # the first of a name, as a search finds
        known = _INDEXED[id(abilities)] = _Abilities(
            abilities, {kind: tuple(found) for kind, found in out.items()}, names)
    _LAST[0] = known
    return known


# the lookups settling used last: a process plays one game at a time, mostly
_LAST: list[_Abilities] = [_Abilities((), {}, {})]


def _facts(event: Event, owner: int) -> tuple[tuple[str, Any], ...]:
    """The triggering event's kind and atomic public facts, and the seat the ability is
    of. The frame lies on the stack every seat's view carries: a private fact (the card
    a seat drew) would reach the others there, so an ability reads the state for it."""
    private = event.private
    atoms = {k: v for k, v in event.facts().items()
             if k not in private and isinstance(v, str | int | bool)}
    return tuple(sorted({**atoms, "event": event.kind, "owner": owner}.items()))


def _ability(game: BaseGame, frame: Triggered) -> Ability:
    return _index(game.abilities).by_name[frame.ability]


def _stands(game: BaseGame, state: GameState, frame: Triggered) -> bool:
    """Whether a triggered ability still stands as it comes to resolve (Ability.live)."""
    live = _ability(game, frame).live
    return live is None or live(state, dict(frame.facts))


def _resolve(game: BaseGame, state: GameState, frame: Triggered) -> list[Event]:
    ability = _ability(game, frame)
    facts = dict(frame.facts)
    return ability.effect(state, int(facts["owner"]), facts)
