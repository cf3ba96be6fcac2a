"""Arranged Nordguard tables for rules tests: chosen locations, events on top, fixed dice.

Tests name cards by their content keys; the helpers put those cards where the
test wants them and replace the dice with a script, so a rule can be checked
against an exact position instead of a lucky seed.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.frames import Frame
from engine.core.rng import Rng, ScriptedRng
from engine.games.nordguard.actions import ChooseCharacter, DoneStocking, SetOut
from engine.games.nordguard.build import NordguardOptions
from engine.games.nordguard.items import content_of, full_uses
from engine.games.nordguard.rules import NordguardGame
from engine.games.nordguard.state import (
    DROPPED,
    EVENT_DECK,
    ITEM_DECK,
    MAP,
    POOL,
    NordguardState,
    slots,
)

GAME = NordguardGame()
C = GAME.content


def new_state(players: int = 1, width: int = 4, height: int = 4, seed: int = 7,
              **options: int) -> NordguardState:
    state = GAME.setup(NordguardOptions(players=players, width=width, height=height,
                                        **options), Rng(seed))
    assert isinstance(state, NordguardState)
    return state


def act(state: NordguardState, action: Action) -> list[Event]:
    return GAME.apply(state, action)


def refused(state: NordguardState, action: Action) -> str:
    """The reason an action is refused; fails if it is accepted or changes the state."""
    before = state.state_hash()
    try:
        GAME.apply(state, action)
    except IllegalAction as exc:
        assert state.state_hash() == before, "a refused action changed the state"
        return exc.reason
    raise AssertionError(f"{action.describe()} should have been refused")


def day_one(characters: Iterable[str] = ("nickel",), width: int = 4, height: int = 4,
            seed: int = 7) -> NordguardState:
    """A team of these Characters (starting items only) on day 1 at Frontier."""
    chosen = list(characters)
    state = new_state(players=len(chosen), width=width, height=height, seed=seed)
    for key in chosen:
        act(state, ChooseCharacter(f"ch-{key}"))
    while state.phase == "stock":
        act(state, DoneStocking())
    act(state, SetOut())
    assert state.phase == "day"
    return state


def card_of(state: NordguardState, key: str, zones: Iterable[str]) -> str:
    for zone in zones:
        for card in state.table.cards_in(zone):
            if state.table.faces[card].partition(":")[2] == key:
                return card
    raise LookupError(f"no {key} in {list(zones)}")


def hand(state: NordguardState, seat: int, *keys: str) -> list[str]:
    """Put items of these kinds into `seat`'s slots, fresh, from the deck (or pool)."""
    out = []
    for key in keys:
        card = card_of(state, key, (ITEM_DECK, POOL))
        state.table.move(card, slots(seat))
        state.table.set_face(card, True)
        c = content_of(state)
        if c.items[key].limited:
            state.uses[card] = full_uses(c, state, card, seat)
        out.append(card)
    return out


def lay(state: NordguardState, cell: int, key: str, face_up: bool = False) -> str:
    """Put a location card of kind `key` on `cell` (a new card replacing the one there)."""
    table = state.table
    cards = list(table.cards_in(MAP))
    old = cards[cell]
    new = f"t-{key}-{cell}"
    faces = dict(table.faces)
    del faces[old]
    faces[new] = f"loc:{key}"
    table.faces = faces
    cards[cell] = new
    table.zones[MAP] = table.zones[MAP].holding(tuple(cards))  # a new card: not a move
    if state.previous == old:
        state.previous = new
    del table.where[old]
    table.where[new] = MAP
    table.face_up.discard(old)
    table.face_up.discard(new)
    if face_up:
        table.face_up.add(new)
    return new


def stack_events(state: NordguardState, *keys: str) -> list[str]:
    """Put events of these kinds on top of the event deck, the first one drawn first."""
    deck = state.table.cards_in(EVENT_DECK)
    chosen: list[str] = []
    for key in keys:
        card = next(c for c in deck if state.table.faces[c] == f"event:{key}" and c not in chosen)
        chosen.append(card)
    rest = [c for c in deck if c not in chosen]
    state.table.arrange(EVENT_DECK, [*rest, *reversed(chosen)])
    return chosen


def dice(state: NordguardState, *faces: int) -> None:
    state.rng = ScriptedRng(state.rng.state, faces)


def lying_here(state: NordguardState) -> list[str]:
    return list(state.table.cards_in(DROPPED))


def asked(state: NordguardState) -> Frame | None:
    """The question open on top of the frames (a combat check, a thief's pick, ...), or
    None when nothing waits for an answer."""
    frames = state.frames
    return frames[-1] if frames and frames[-1].seats else None


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def plain_map(state: NordguardState, key: str = "tundra") -> None:
    """Every location but Frontier and Destination becomes `key`, face down."""
    for cell in range(1, state.width * state.height - 1):
        lay(state, cell, key)


def place_team(state: NordguardState, cell: int, previous: int | None = None) -> None:
    """The sled on `cell` (face up), as if the team had travelled there from the location
    lying on cell `previous`."""
    state.sled = cell
    state.previous = None if previous is None else state.location_at(previous)
    state.departed = True
    state.table.set_face(state.location_at(cell), True)
