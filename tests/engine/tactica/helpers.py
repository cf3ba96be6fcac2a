"""Fixed-position scenarios for the TACTICA rule tests.

`scenario()` starts a real match (walls of battle 1 down: SUN on row 11,
MOON on row 1, columns 2-6) and then clears the field of troops and
landmarks and both barracks, so each test places exactly the cards it talks
about. One "sentry" Foot per side stands in a far corner (SUN at (0, 12),
MOON at (8, 0)) so that a capture never wipes a side off the field by
accident. Hexes are named by the mat's 0-based (column, row); `at` converts.
"""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.frames import Pass
from engine.core.rng import Rng
from engine.games.tactica.actions import EndPhase
from engine.games.tactica.board import GEOM, board, invalidate
from engine.games.tactica.cards import train
from engine.games.tactica.field import Coord
from engine.games.tactica.rules import TacticaGame, TacticaOptions
from engine.games.tactica.state import (
    FIELD,
    Phase,
    TacticaState,
    barracks,
    features,
    tactics_pile,
    troop_pile,
)

GAME = TacticaGame()
SUN, MOON = 0, 1


def at(col: int, row: int) -> Coord:
    return GEOM.at(col, row)


def scenario(seed: int = 7, sentries: bool = True, **options: object) -> TacticaState:
    state = GAME.setup(TacticaOptions(**options), Rng(seed))
    assert isinstance(state, TacticaState)
    table = state.table
    for card in list(table.zones[FIELD].cards or ()):
        face = table.faces[card]
        if face == "landmark":
            table.move(card, features(_side(card)))
        elif face != "wall":
            _home(state, card)
    for p in (0, 1):
        for card in list(table.zones[barracks(p)].cards or ()):
            _home(state, card)
    state.landmark_side.clear()
    set_phase(state, Phase.MUSTER, SUN)
    if sentries:
        troop(state, SUN, "foot", 0, 12)
        troop(state, MOON, "foot", 8, 0)
    return state


def _side(card: str) -> int:
    return 0 if card.startswith("sun-") else 1


def _home(state: TacticaState, card: str) -> None:
    face = state.table.faces[card]
    troop = face in ("champion", "foot", "crossbow", "archer")
    state.table.move(card, troop_pile(_side(card)) if troop else tactics_pile(_side(card)))
    state.table.set_face(card, False)


def set_phase(state: TacticaState, phase: Phase, active: int) -> None:
    state.phase = phase
    state.active = active
    state.frames.clear()
    state.prompt = None
    state.musters_left = 2
    state.moves_left = 3
    state.moves_made = 0
    invalidate(state)


def spare(state: TacticaState, side: int, face: str) -> str:
    """A card of `face` from `side`'s deck that is not on the field or in a barracks."""
    table = state.table
    for zone in (troop_pile(side), tactics_pile(side)):
        for card in table.zones[zone].cards or ():
            if table.faces[card] == face:
                return card
    raise AssertionError(f"no spare {face} for side {side}")


def troop(state: TacticaState, side: int, face: str, col: int, row: int,
          level: int = 0) -> str:
    """Put a troop of `side` on the field at (col, row), trained to `level`."""
    card = spare(state, side, face)
    state.table.move(card, FIELD, pos=at(col, row))
    state.table.set_face(card, True)
    if level:
        train(state, card, level)
    invalidate(state)
    return card


def landmark(state: TacticaState, side: int, col: int, row: int, kind: str) -> str:
    table = state.table
    card = next(c for c in table.zones[features(side)].cards or ()
                if table.faces[c] == "landmark")
    table.move(card, FIELD, pos=at(col, row))
    table.set_face(card, True)
    state.landmark_side[card] = kind
    invalidate(state)
    return card


def hand(state: TacticaState, side: int, face: str) -> str:
    """Put a card of `face` into `side`'s barracks."""
    card = spare(state, side, face)
    state.table.move(card, barracks(side))
    invalidate(state)
    return card


def act(state: TacticaState, action: object) -> list[Event]:
    """`action` by the seat deciding now; then, as the table does by default ("Stop for
    my answers: only when I can answer"), every window in which the seat asked could
    only pass goes by. Tests of the windows themselves use GAME.apply."""
    events = GAME.apply(state, action)  # type: ignore[arg-type]
    return events + pass_empty_windows(state)


def pass_empty_windows(state: TacticaState) -> list[Event]:
    """Pass for each seat asked by a window it can only pass (a NEGATE chain without a
    NEGATE to play, a counter window without a counter-card)."""
    events: list[Event] = []
    while (state.result is None and state.frames and state.frames[-1].passable
           and GAME.legal_actions(state) == [Pass()]):
        events += GAME.apply(state, Pass())
    return events


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def end_phase(state: TacticaState) -> list[Event]:
    return act(state, EndPhase())


def place(state: TacticaState, card: str, col: int, row: int) -> None:
    state.table.place(card, at(col, row))
    invalidate(state)


def legal_actions(state: TacticaState) -> list[Action]:
    """What the deciding seat may do now (the core's flow over TACTICA's rules)."""
    return GAME.legal_actions(state)


def why_not(state: TacticaState, action: Action) -> str | None:
    """None when the deciding seat may take `action` now; else the reason it is refused."""
    try:
        GAME.check(state, action)
    except IllegalAction as exc:
        return exc.reason
    return None


def legal(state: TacticaState) -> list[object]:
    return list(legal_actions(state))


def where_is(state: TacticaState, card: str) -> str:
    return state.table.where[card]


def pos_of(state: TacticaState, card: str) -> tuple[int, int]:
    return GEOM.offset[board(state).pos[card]]
