"""Pure questions the table UI asks about a state; nothing here changes it.

The UI glows reachable hexes with their MOV cost while a troop is dragged,
shows damage so far against DEF on a target, draws the ridge cone of a
selected ranged troop and labels training as the viewer may know it. The
phase bar reads ``phase_summary``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.tactica import tactics, war
from engine.games.tactica.board import CONTENT, GEOM, MELEE, board
from engine.games.tactica.combat import cone_hexes, def_of, off_against, rng_of, targets
from engine.games.tactica.field import TERRAIN_NAMES, Coord
from engine.games.tactica.movement import card_moves, group_moves
from engine.games.tactica.state import (
    Choice,
    CounterWindow,
    GroupMove,
    NegateChain,
    Phase,
    Rearrange,
    TacticaState,
    owner_of,
    seat,
)


def terrain(state: TacticaState, c: Coord) -> str:
    """'neutral', 'high' or 'low' (Part 2's four cases; a landmark's own hex its own kind)."""
    return TERRAIN_NAMES[board(state).terrain_of(c)]


def reachable(state: TacticaState, troop: str) -> dict[Coord, int]:
    """Hexes the troop may move to with the move the state allows now, with their MOV cost.

    During a HORSE group move this is the group move; otherwise an ordinary
    card move (empty when it may not move: locked, no card move left, not
    MOVEMENT, not your troop).
    """
    b = board(state)
    if troop not in b.pos:
        return {}
    frame = state.pending[-1] if state.pending else None
    if isinstance(frame, GroupMove):
        if troop not in frame.members or troop in frame.moved:
            return {}
        return group_moves(state, b, troop, frame.anchor, frame.anchor in frame.moved)
    if (frame is not None or state.phase is not Phase.MOVEMENT or state.moves_left <= 0
            or owner_of(troop) != state.active):
        return {}
    return card_moves(state, b, troop)


@dataclass(frozen=True, slots=True)
class TargetInfo:
    target: str
    off: int  # what this attack would add
    damage: int  # damage already on the target this turn
    defence: int  # damage must exceed this to capture

    @property
    def captures(self) -> bool:
        return self.damage + self.off > self.defence


def attack_targets(state: TacticaState, attacker: str) -> list[TargetInfo]:
    """Enemies `attacker` may attack now, each with OFF, damage so far and DEF."""
    b = board(state)
    if (attacker not in b.pos or state.pending or state.phase is not Phase.COMBAT
            or owner_of(attacker) != state.active):
        return []
    return [TargetInfo(t, off_against(state, b, attacker, t), state.damage.get(t, 0),
                       def_of(state, b, t)) for t in targets(state, b, attacker)]


def damage_and_def(state: TacticaState, troop: str) -> tuple[int, int]:
    """(damage this turn, DEF now) of a troop on the field."""
    b = board(state)
    return state.damage.get(troop, 0), def_of(state, b, troop)


def troop_range(state: TacticaState, troop: str) -> int:
    return rng_of(state, board(state), troop)


def ridge_cone(state: TacticaState, troop: str) -> frozenset[Coord]:
    """The hexes a ranged troop cannot shoot into because of ridges next to it."""
    b = board(state)
    if troop not in b.pos or state.table.faces[troop] in MELEE:
        return frozenset()
    return cone_hexes(b, b.pos[troop])


def covered_from(state: TacticaState, troop: str) -> frozenset[Coord]:
    """The hexes from which ranged attacks cannot reach `troop` (ridges next to it)."""
    b = board(state)
    if troop not in b.pos:
        return frozenset()
    return cone_hexes(b, b.pos[troop])


def training_seen(state: TacticaState, troop: str, viewer: int | None) -> int | None:
    """A troop's training level as `viewer` may know it: None when the honour rule hides it.

    With the honour rule the opponent was told the level once, when it was
    announced, and must remember it; the owner always sees their own.
    """
    owner = owner_of(troop)
    if state.options.honour_rule and viewer is not None and viewer != owner:
        return None
    entry = state.training.get(troop)
    return 0 if entry is None else entry[1]


def muster_hexes(state: TacticaState, card: str) -> list[Coord]:
    """Where a troop card in the active player's barracks may be mustered or deployed."""
    return war.muster_spots(state, board(state), state.active, state.table.faces[card])


def landmark_hexes(state: TacticaState) -> list[Coord]:
    return war.landmark_spots(state, state.active) if state.phase is Phase.LANDMARKS else []


def hex_at(col: int, row: int) -> Coord:
    """Axial (q, r) of the mat's offset (col, row), 0-based."""
    return GEOM.at(col, row)


def phase_summary(state: TacticaState) -> str:
    """One line for the phase bar: the phase, whose it is and what is left to do."""
    if state.result is not None:
        winners = ", ".join(seat(p) for p in state.result.winners)
        return f"The war is over: {winners} won ({state.result.reason})"
    head = f"Battle {state.battle}, turn {state.battle_turn} - {seat(state.active)} - "
    frame = state.pending[-1] if state.pending else None
    if frame is not None:
        return head + _frame_line(state, frame)
    phase = state.phase
    if phase is Phase.LANDMARKS:
        return head + "LANDMARKS: place a landmark, RIDGE or RAVINE side up"
    if phase is Phase.DEPLOYMENT:
        done = state.deployed[state.active]
        left = CONTENT.rules.deploy_troops.value - done
        return head + f"DEPLOYMENT: deploy a troop by your walls ({left} left)"
    if phase is Phase.MUSTER:
        return head + (f"MUSTER: {state.musters_left} muster action(s) left "
                       "(muster a troop or train one by your walls)")
    if phase is Phase.MOVEMENT:
        horse = " - HORSE still possible" if not state.moves_made else ""
        return head + f"MOVEMENT: {state.moves_left} of 3 card moves left{horse}"
    if phase is Phase.COMBAT:
        b = board(state)
        ready = sum(1 for t in b.troops[state.active] if targets(state, b, t))
        return head + f"COMBAT: {ready} troop(s) can still attack"
    return head + str(phase)


def _frame_line(state: TacticaState, frame: object) -> str:
    if isinstance(frame, NegateChain):
        target = frame.links[-1][1][0] if frame.links else frame.play.card
        name = CONTENT.name(state.table.faces[target])
        return f"{seat(frame.player)} may NEGATE {name}"
    if isinstance(frame, CounterWindow):
        what = "the attack" if frame.trigger == "attack" else "the move"
        return f"{seat(frame.player)} may answer {what} with a counter-card"
    if isinstance(frame, GroupMove):
        return f"HORSE group move: {len(frame.members) - len(frame.moved)} troop(s) may move"
    if isinstance(frame, Rearrange):
        return f"SHIELDWALL: up to {frame.swaps_left} swap(s) left"
    assert isinstance(frame, Choice)
    text = {"spy-return": "must return a barracks card (SPY)",
            "spy-stack": "chooses the top cards of their piles (SPY)",
            "ransom": "must send back a hostage as ransom",
            "place-rescued": "places the rescued troop",
            "saved-swap": "may swap two adjacent melee troops (SAVED)"}[frame.kind]
    return f"{seat(frame.player)} {text}"


def blocked_from_tactics(state: TacticaState, player: int) -> bool:
    return tactics.blocked(state, player)
