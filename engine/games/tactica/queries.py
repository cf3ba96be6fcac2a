"""Pure questions the table UI asks about a state; nothing here changes it.

The UI glows reachable hexes with their MOV cost while a troop is dragged,
shows damage so far against DEF on a target, draws the ridge cone of a
selected ranged troop, prints OFF/DEF/RNG/MOV as they stand now on each
troop card (``troop_stats``) and labels training as the viewer may know it.
The phase bar reads ``phase_summary``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.tactica import tactics, war
from engine.games.tactica.board import CONTENT, GEOM, MELEE, TROOPS, board
from engine.games.tactica.combat import (
    cone_hexes,
    def_of,
    off_against,
    off_of,
    rng_of,
    targets,
)
from engine.games.tactica.field import TERRAIN_NAMES, Coord
from engine.games.tactica.frames import TacticaFrame
from engine.games.tactica.movement import card_moves, mov_left
from engine.games.tactica.state import (
    COMBAT,
    DEPLOYMENT,
    LANDMARKS,
    MOVEMENT,
    MUSTER,
    TURN_PHASES,
    Phase,
    TacticaState,
    owner_of,
    seat,
)


def terrain(state: TacticaState, c: Coord) -> str:
    """'neutral', 'high' or 'low' (Part 2's four cases; a landmark's own hex its own kind)."""
    return TERRAIN_NAMES[board(state).terrain_of(c)]


def reachable(state: TacticaState, troop: str) -> dict[Coord, int]:
    """Hexes the troop may move to with the move the state allows now, with their MOV cost.

    During a HORSE group move this is the group move (the card's 2 MOV);
    otherwise an ordinary card move with the MOV the troop has left this turn
    (empty when it may not move: locked, its MOV spent, no card move left,
    not MOVEMENT, not your troop).
    """
    b = board(state)
    if troop not in b.pos:
        return {}
    frame = open_frame(state)
    if frame is not None:
        return frame.reachable(state, troop)
    if (state.phase is not MOVEMENT or state.moves_left <= 0
            or owner_of(troop) != state.active):
        return {}
    return dict(card_moves(state, b, troop))


def open_frame(state: TacticaState) -> TacticaFrame | None:
    """The frame the table waits on (engine.games.tactica.frames), if one is open."""
    if not state.frames:
        return None
    frame = state.frames[-1]
    assert isinstance(frame, TacticaFrame)
    return frame


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
    if (attacker not in b.pos or state.frames or state.phase is not COMBAT
            or owner_of(attacker) != state.active):
        return []
    return [TargetInfo(t, off_against(state, b, attacker, t), state.damage.get(t, 0),
                       def_of(state, b, t)) for t in targets(state, b, attacker)]


def damage_and_def(state: TacticaState, troop: str) -> tuple[int, int]:
    """(damage this turn, DEF now) of a troop on the field."""
    b = board(state)
    return state.damage.get(troop, 0), def_of(state, b, troop)


@dataclass(frozen=True, slots=True)
class TroopStats:
    """A troop's OFF, DEF, RNG and MOV as they stand now, and as printed on its card."""

    off: int
    defence: int
    rng: int
    mov: int
    printed: tuple[int, int, int, int]

    @property
    def now(self) -> tuple[int, int, int, int]:
        return (self.off, self.defence, self.rng, self.mov)


def troop_stats(state: TacticaState, troop: str) -> TroopStats:
    """What a troop card on the field should print: every modifier that holds now.

    OFF counts training (ranged 2x), the CROWN's aura, the two-lost-battles
    wall bonus, HORSE and a melee troop's PRESS (combat.off_of); the -1/-2
    against particular targets are shown on the target during an attack.
    DEF counts training, high ground, the lost-battle wall bonus and the
    turn's cards (SAVED, SHIELDWALL, DISENGAGE); RNG the wall and the
    ground. MOV is what the troop has left of this turn's MOV (Part 2: MOV
    is per turn); no card raises it (HORSE's group move spends the card's
    own 2 MOV). Computed from the state given: on a seat's view
    with the honour rule, enemy training the seat may not know is left out,
    so a card never shows what that rule hides.
    """
    b = board(state)
    printed = TROOPS[state.table.faces[troop]]
    return TroopStats(off_of(state, b, troop), def_of(state, b, troop),
                      rng_of(state, b, troop), mov_left(state, troop),
                      (printed.off, printed.def_, printed.rng, printed.mov))


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
    """A troop's training level as `viewer` may know it; None when it is theirs to remember.

    - ``viewer=None`` is the referee's eye (the rules, a replay, a watcher of a
      computer-only match): always the true level, 0 for an untrained troop.
    - A seat always knows the levels of its own troops, and every level when
      the honour rule is off (training cards lie face up under the troops).
    - With the honour rule, an enemy troop's level was announced once and the
      opponent must remember it, so it is None -- except while a SPY in MUSTER
      has shown it: the training card is then face up to them until RESOLUTION.
      An untrained enemy troop is None too, since whether a troop is trained is
      part of what the rule hides.
    """
    entry = state.training.get(troop)
    level = 0 if entry is None else entry[1]
    if viewer is None or not state.options.honour_rule or owner_of(troop) == viewer:
        return level
    if entry is not None and entry[0] in state.table.where and state.table.visible_to(
            entry[0], viewer):
        return level
    return None


def muster_hexes(state: TacticaState, card: str) -> list[Coord]:
    """Where a troop card in the active player's barracks may be mustered or deployed."""
    return war.muster_spots(state, board(state), state.active, state.table.faces[card])


def landmark_hexes(state: TacticaState) -> list[Coord]:
    return war.landmark_spots(state, state.active) if state.phase is LANDMARKS else []


def hex_at(col: int, row: int) -> Coord:
    """Axial (q, r) of the mat's offset (col, row), 0-based."""
    return GEOM.at(col, row)


@dataclass(frozen=True, slots=True)
class PhaseSummary:
    """What the phase bar shows, in parts, so the UI lays it out without parsing text."""

    battle: int
    turn: int  # the turn of this battle
    seat: int  # whose turn it is
    phase: Phase
    phases: tuple[Phase, ...]  # the steps the bar shows now; `phase` is one of them
    battles_won: tuple[int, int]
    points: tuple[int, int]  # this battle's points (landmarks held, captures)
    deciding: int | None  # who must decide now: a frame's seat, else `seat`; None when over
    prompt: bool  # a frame (NEGATE, counter-card, SPY...) waits for `deciding`
    left: str  # what is left of the phase, or who is asked what by the open frame
    hint: str  # what may be done, in the rules' words ("" while a frame is open)
    result: str  # "" while the war goes on; who won and why once it is over

    @property
    def todo(self) -> str:
        """The phase, what is left and the hint: 'MUSTER: 2 muster action(s) left (...)'."""
        if self.result or self.prompt:
            return self.result or self.left
        text = f"{self.phase}: {self.left}" if self.left else str(self.phase)
        return f"{text} ({self.hint})" if self.hint else text

    @property
    def line(self) -> str:
        """Everything on one line, e.g. for a log or a watcher with no phase bar."""
        if self.result:
            return self.result
        return f"Battle {self.battle}, turn {self.turn} - {seat(self.seat)} - {self.todo}"


SETUP_PHASES = (LANDMARKS, DEPLOYMENT)


def phase_summary(state: TacticaState) -> PhaseSummary:
    """The phase bar's facts: battle and turn, whose turn, the phase, what is left to do."""
    phases = SETUP_PHASES if state.phase in SETUP_PHASES else TURN_PHASES
    result = ""
    if state.result is not None:
        winners = ", ".join(seat(p) for p in state.result.winners)
        result = f"The war is over: {winners} won ({state.result.reason})"
    left, hint = _left_and_hint(state)
    return PhaseSummary(state.battle, state.battle_turn, state.active, state.phase, phases,
                        (state.battles_won[0], state.battles_won[1]),
                        (state.vp[0], state.vp[1]), state.to_move(), bool(state.frames), left,
                        hint, result)


def _left_and_hint(state: TacticaState) -> tuple[str, str]:
    frame = open_frame(state)
    if frame is not None:
        return frame.line(state), ""
    phase = state.phase
    p = state.active
    if phase is LANDMARKS:
        return "place a landmark", "RIDGE or RAVINE side up, on your half of the field"
    if phase is DEPLOYMENT:
        left = CONTENT.rules.deploy_troops.value - state.deployed[p]
        return f"{left} troop(s) left to deploy", "deploy a troop by your walls"
    if phase is MUSTER:
        return (f"{state.musters_left} muster action(s) left",
                "muster a troop or train one by your walls")
    if phase is MOVEMENT:
        moves = CONTENT.rules.card_moves.value
        hint = "HORSE still possible" if not state.moves_made else "move your troops"
        return f"{state.moves_left} of {moves} card moves left", hint
    if phase is COMBAT:
        b = board(state)
        ready = sum(1 for t in b.troops[p] if targets(state, b, t))
        return (f"{ready} troop(s) can still attack",
                "damage must exceed DEF this turn to capture")
    return "", ""


def blocked_from_tactics(state: TacticaState, player: int) -> bool:
    return tactics.blocked(state, player)
