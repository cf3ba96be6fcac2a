"""TACTICA's Game: options, the turn's actions, checks with the rule's reason, views.

The core runs the flow (engine.core.flow): who decides, the frames that
interrupt a turn (engine.games.tactica.frames), and the loop that carries the
rules on until someone must decide. This module gives it the active seat's
actions (`turn_actions`), why one is refused (`check_turn`), what one does
(`perform`), the end of a turn once RESOLUTION has nothing left to ask
(`advance`) and the check made at all times, a side without walls losing the
war (`state_checks`).

Each action kind is checked against the same generator that lists it as
legal (restricted to the card or troop it names), so what turn_actions
offers and what check_turn accepts can never drift apart; a refusal then looks
for the first rule the action breaks to say why.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from engine.core import flow
from engine.core.actions import Action, Made
from engine.core.basegame import BaseGame
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.frames import Pass
from engine.core.game import GameState
from engine.core.options import GameOptions
from engine.core.rng import Rng
from engine.games.tactica import ENTRY, frames, tactics, war
from engine.games.tactica import cards as cardmoves
from engine.games.tactica.actions import (
    TACTICA_ACTIONS,
    Attack,
    Deploy,
    EndPhase,
    Move,
    Muster,
    PlaceLandmark,
    PlayTactic,
    Rescue,
    Train,
)
from engine.games.tactica.board import (
    CONTENT,
    GEOM,
    MELEE,
    TROOP_FACES,
    Board,
    board,
    level,
)
from engine.games.tactica.combat import attack_problem, def_of, off_against, side_attacks
from engine.games.tactica.events import Attacked, Deployed, Mustered, RescueDrawn
from engine.games.tactica.movement import locked, mov_left, move_cost, side_moves
from engine.games.tactica.state import (
    COMBAT,
    DEPLOYMENT,
    LANDMARKS,
    MOVEMENT,
    MUSTER,
    RESOLUTION,
    TRAINING,
    TacticaState,
    barracks,
    features,
    hostages,
    owner_of,
)

if TYPE_CHECKING:
    from engine.games.tactica.policy import TacticaPolicy


class TacticaOptions(GameOptions):
    players: int = Field(2, ge=2, le=2, description="TACTICA is for two players: SUN and MOON")
    match_length: Literal["full war", "single battle"] = Field(
        "full war", description="A war of three battles, or battle 1 alone")
    advanced_cards: bool = Field(
        False, description="Known advanced-game card changes: PRESS gives +1 plus the training "
                           "level (ranged troops too); SAVED on a Foot counts the training of "
                           "adjacent Foot")
    honour_rule: bool = Field(
        False, description="Honour rule: training is announced once, then hidden from the "
                           "opponent, who must remember it")


class TacticaGame(BaseGame):
    name = ENTRY.name
    title = ENTRY.title
    options_model = TacticaOptions

    def setup(self, options: GameOptions, rng: Rng) -> GameState:
        assert isinstance(options, TacticaOptions)
        state = war.new_match(options, rng, options.honour_rule)
        flow.settle(self, state, [])
        return state

    def turn_actions(self, state: GameState) -> list[Action]:
        assert isinstance(state, TacticaState)
        return turn_actions(state)

    def check_turn(self, state: GameState, action: Action) -> None:
        """why_not, its check found here (a load checks every recorded action: one call
        fewer each)."""
        assert isinstance(state, TacticaState)
        problem = TURN_PROBLEMS.get(type(action))
        reason = problem(state, state.active, action) if problem is not None \
            else why_not(state, action)
        if reason is not None:
            raise IllegalAction(reason)

    def perform(self, state: GameState, action: Action) -> list[Event]:
        """rules.perform, its doing found here (one call fewer for every action)."""
        assert isinstance(state, TacticaState)
        doing = DOINGS.get(type(action))
        if doing is None:
            return perform(state, action)
        return doing(state, state.active, action)

    def advance(self, state: GameState) -> list[Event] | None:
        """RESOLUTION ends the turn once nothing is left to ask (a ransom): points, the
        battle's end (and the next battle, or the war's), the draw, the next turn."""
        assert isinstance(state, TacticaState)
        if state.phase is RESOLUTION:
            return war.finish_turn(state)
        return None

    def state_checks(self, state: GameState) -> list[Event]:
        """Part 2: a side whose last wall card is gone loses the war at once."""
        assert isinstance(state, TacticaState)
        return war.walls_check(state)

    def card_name(self, face: str) -> str:
        return CONTENT.name(face)

    def agent(self) -> TacticaPolicy:
        """The computer opponent (the Agent protocol of engine.core.agent)."""
        from engine.games.tactica.policy import TacticaPolicy

        return TacticaPolicy()


# -- what may be done now --------------------------------------------------------------


def turn_actions(state: TacticaState) -> list[Action]:
    """The active seat's actions when no frame is open."""
    p = state.active
    phase = state.phase
    if phase is LANDMARKS:
        return landmark_actions(state, p)
    if phase is DEPLOYMENT:
        return [DEPLOYS[card, c] for card, c in muster_options(state, p)]
    if phase not in (MUSTER, MOVEMENT, COMBAT):
        return []  # RESOLUTION runs by itself; it waits only on a frame (a ransom)
    out: list[Action] = []
    b = board(state)
    if phase is MUSTER:
        if state.musters_left > 0:
            out.extend(MUSTERS[card, c] for card, c in muster_options(state, p))
            out.extend(_trains(state, b, p))
    elif phase is MOVEMENT:
        if state.moves_left > 0:
            out += side_moves(state, b, p)
            out.extend(_rescues(state, p))
    elif phase is COMBAT:
        out += side_attacks(state, b, p)
        out.extend(_rescues(state, p))
    out.extend(tactics.plays(state, p, None))
    out.append(END_PHASE)
    return out


END_PHASE = EndPhase()  # listed on every turn action: one shared value
MUSTERS: Made[tuple[str, tuple[int, int]], Muster] = Made(
    lambda key: Muster(key[0], key[1][0], key[1][1]))  # by card and hex
DEPLOYS: Made[tuple[str, tuple[int, int]], Deploy] = Made(
    lambda key: Deploy(key[0], key[1][0], key[1][1]))  # by card and hex
PLACINGS: Made[tuple[str, tuple[int, int], str], PlaceLandmark] = Made(
    lambda key: PlaceLandmark(key[0], key[1][0], key[1][1], key[2]))  # by card, hex, side up
TRAINS: Made[str, Train] = Made(Train)
RESCUES: Made[str, Rescue] = Made(Rescue)  # by the rescuer


def _trains(state: TacticaState, b: Board, p: int) -> list[Action]:
    """Train on each of p's troops train_problem allows: on or next to a friendly wall,
    below 2x, with a training card to take if it has none."""
    near = b.features.near_wall[p]
    pile = bool(state.table.zones[TRAINING].cards)
    training = state.training
    out: list[Action] = []
    for t in b.troops[p]:
        if b.pos[t] in near:
            entry = training.get(t)
            if pile if entry is None else entry[1] < 2:
                out.append(TRAINS[t])
    return out


def _rescues(state: TacticaState, p: int) -> list[Action]:
    """Rescues without the card (rescue_problem's rules): by a troop next to an enemy wall
    that has a card move or its attack left, while the enemy holds one of p's troops."""
    if not held_by_enemy(state, p):
        return []
    if state.phase is MOVEMENT and state.moves_left <= 0:
        return []
    b = board(state)
    near = b.features.next_enemy_wall[p]
    spent = state.attacked if state.phase is COMBAT else ()
    pos = b.pos
    return [RESCUES[t] for t in b.troops[p] if pos[t] in near and t not in spent]


def landmark_actions(state: TacticaState, p: int) -> list[Action]:
    table = state.table
    cards = [c for c in table.zones[features(p)].cards or () if table.faces[c] == "landmark"]
    if not cards:
        return []
    return [PLACINGS[cards[0], c, side]
            for c in war.landmark_spots(state, p) for side in war.SIDE_CHOICES]


def muster_options(state: TacticaState, p: int) -> list[tuple[str, tuple[int, int]]]:
    """(card, hex) for one troop card of each face in the barracks. Where a troop may
    muster depends only on whether it is a melee troop (war.muster_spots), so the hexes
    are found once for each kind."""
    b = board(state)
    faces = state.table.faces
    seen: set[str] = set()
    spots: dict[bool, list[tuple[int, int]]] = {}
    out = []
    for card in war.deployable(state, p):
        face = faces[card]
        if face in seen:
            continue
        seen.add(face)
        melee = face in MELEE
        where = spots.get(melee)
        if where is None:
            where = spots[melee] = war.muster_spots(state, b, p, face)
        out.extend((card, c) for c in where)
    return out


def train_problem(state: TacticaState, troop: str, p: int) -> str | None:
    b = board(state)
    if troop not in b.pos or owner_of(troop) != p:
        return "train one of your own troops on the field"
    if not b.near_own_wall(b.pos[troop], p):
        return "training is done only on or next to a friendly wall"
    current = level(state, troop)
    if current >= 2:
        return "this troop is already trained 2x"
    if current == 0 and not state.table.zones[TRAINING].cards:
        return "the training pile is empty"
    return None


def held_by_enemy(state: TacticaState, p: int) -> list[str]:
    return [h for h in state.table.zones[hostages(1 - p)].cards or () if owner_of(h) == p]


def rescue_problem(state: TacticaState, troop: str, p: int) -> str | None:
    b = board(state)
    if troop not in b.pos or owner_of(troop) != p:
        return "a rescue is made by one of your troops on the field"
    if state.phase is MOVEMENT and state.moves_left <= 0:
        return "a rescue uses a card move and none is left"
    if state.phase is COMBAT and troop in state.attacked:
        return "a rescue uses the troop's attack, already spent"
    if not b.next_to_enemy_wall(b.pos[troop], p):
        return "a rescue needs a troop next to an enemy wall"
    if not held_by_enemy(state, p):
        return "the enemy holds none of your troops"
    return None


# -- checking ------------------------------------------------------------------------


def why_not(state: TacticaState, action: Action) -> str | None:
    """None when the active seat may take `action` now (no frame is open); otherwise the
    rule it breaks. The check is found by the action's class in one look-up: a load
    checks every recorded action."""
    problem = TURN_PROBLEMS.get(type(action))
    if problem is not None:
        return problem(state, state.active, action)
    if isinstance(action, (Pass, *TACTICA_ACTIONS)):
        return "there is nothing to answer now"
    return f"TACTICA has no action {action.kind!r}"


def train_check(state: TacticaState, p: int, action: Train) -> str | None:
    if state.phase is not MUSTER:
        return "training is a muster action"
    if state.musters_left <= 0:
        return "no muster actions are left this phase"
    return train_problem(state, action.troop, p)


def rescue_check(state: TacticaState, p: int, action: Rescue) -> str | None:
    if state.phase not in (MOVEMENT, COMBAT):
        return "a rescue is made in the MOVEMENT or COMBAT phase"
    return rescue_problem(state, action.troop, p)


def play_problem(state: TacticaState, p: int, action: PlayTactic) -> str | None:
    if tactics.offered(state, p, action, None):
        return None
    return tactics.problem(state, p, action, None)


def end_phase_problem(state: TacticaState, p: int, action: EndPhase) -> str | None:
    if state.phase not in (MUSTER, MOVEMENT, COMBAT):
        return f"the {state.phase} phase ends by itself when every placement is made"
    return None


def landmark_problem(state: TacticaState, p: int, action: PlaceLandmark) -> str | None:
    if state.phase is not LANDMARKS:
        return "landmarks are placed before the battle's first turn"
    table = state.table
    if table.where.get(action.card) != features(p) or table.faces[action.card] != "landmark":
        return "place one of your own landmark cards"
    if action.side not in war.SIDE_CHOICES:
        return "a landmark is placed RIDGE or RAVINE side up"
    if (action.q, action.r) not in war.landmark_spots(state, p):
        return ("a landmark goes on your half of the field, on an empty hex at least "
                f"{CONTENT.field.landmark_min_wall_distance.value} rows from both wall lines "
                "and not next to another landmark")
    return None


def muster_problem(state: TacticaState, p: int, action: Deploy | Muster) -> str | None:
    wanted = DEPLOYMENT if isinstance(action, Deploy) else MUSTER
    if state.phase is not wanted:
        return f"that is done in the {wanted} phase"
    if isinstance(action, Muster) and state.musters_left <= 0:
        return "no muster actions are left this phase"
    table = state.table
    if table.where.get(action.card) != barracks(p):
        return "that card is not in your barracks"
    face = table.faces[action.card]
    if face not in TROOP_FACES or face == "crown":
        return "only troop cards are mustered"
    if not war.may_muster(board(state), p, face in MELEE, (action.q, action.r)):
        if face in ("crossbow", "archer"):
            return "ranged troops muster next to, or on top of, a friendly wall, on a free hex"
        return "melee troops muster next to a friendly wall, on a free hex"
    return None


def move_problem(state: TacticaState, p: int, action: Move) -> str | None:
    if state.phase is not MOVEMENT:
        return "troops move in the MOVEMENT phase"
    if state.moves_left <= 0:
        return "all three card moves of this phase are used"
    b = board(state)
    if action.troop not in b.pos or owner_of(action.troop) != p:
        return "move one of your own troops on the field"
    if move_cost(state, b, action.troop, (action.q, action.r)) is not None:
        return None  # none for a troop that is locked or has spent its MOV
    if locked(state, b, action.troop):
        return "a troop next to an enemy troop cannot move without DISENGAGE"
    if mov_left(state, action.troop) <= 0:
        return "this troop has spent its MOV for this turn"
    return destination_problem(state, p, action)


def destination_problem(state: TacticaState, p: int, action: Move) -> str:
    b = board(state)
    c = (action.q, action.r)
    if c not in GEOM.on:
        return "that hex is off the field"
    if c in b.troop_at:
        return "a hex holds only one troop"
    if c in b.landmark_at and state.table.faces[action.troop] in ("champion", "foot", "crown"):
        return "landmarks are impassable to melee troops"
    wall = b.wall_at.get(c)
    if wall is not None and owner_of(wall) != p and action.troop not in state.climbers:
        return "troops cannot move onto an enemy wall without PRESS"
    return (f"not enough MOV to get there ({mov_left(state, action.troop)} MOV left this turn; "
            "1 a hex, 1 more to change terrain, 2 onto or off a wall; a troop stops when it "
            "comes next to an enemy)")


def attack_check(state: TacticaState, p: int, action: Attack) -> str | None:
    if state.phase is not COMBAT:
        return "attacks are made in the COMBAT phase"
    b = board(state)
    if action.attacker not in b.pos or owner_of(action.attacker) != p:
        return "attack with one of your own troops on the field"
    if action.target not in b.pos or owner_of(action.target) != 1 - p:
        return "attack an enemy troop on the field"
    return attack_problem(state, b, action.attacker, action.target)


TURN_PROBLEMS: dict[type[Action], Callable[[TacticaState, int, Any], str | None]] = {
    PlaceLandmark: landmark_problem, Deploy: muster_problem, Muster: muster_problem,
    Train: train_check, Move: move_problem, Attack: attack_check, Rescue: rescue_check,
    PlayTactic: play_problem, EndPhase: end_phase_problem,
}
"""The check of each action of a turn, by its class (why_not)."""


# -- doing ---------------------------------------------------------------------------


def perform(state: TacticaState, action: Action) -> list[Event]:
    """Carry out a checked turn action; the frames it opens go on `state.frames`. The
    doing is found by the action's class in one look-up (DOINGS), as its check is: a
    match statement tried the classes one by one, nine for the commonest, EndPhase."""
    doing = DOINGS.get(type(action))
    if doing is None:
        raise AssertionError(action)
    return doing(state, state.active, action)


def _place_landmark(state: TacticaState, p: int, action: PlaceLandmark) -> list[Event]:
    return war.place_landmark(state, p, action.card, (action.q, action.r), action.side)


def _deploy(state: TacticaState, p: int, action: Deploy) -> list[Event]:
    cardmoves.place(state, action.card, (action.q, action.r))
    event = Deployed(seat=p, troop=action.card, at=(action.q, action.r))
    return [event, *war.after_deploy(state, p)]


def _muster(state: TacticaState, p: int, action: Muster) -> list[Event]:
    cardmoves.place(state, action.card, (action.q, action.r))
    state.musters_left -= 1
    return [Mustered(seat=p, troop=action.card, at=(action.q, action.r))]


def _train(state: TacticaState, p: int, action: Train) -> list[Event]:
    state.musters_left -= 1
    return [cardmoves.train(state, action.troop, level(state, action.troop) + 1)]


def _card_move(state: TacticaState, p: int, action: Move) -> list[Event]:
    cost = move_cost(state, board(state), action.troop, (action.q, action.r))
    assert cost is not None  # checked, or listed by side_moves
    state.mov_spent[action.troop] = state.mov_spent.get(action.troop, 0) + cost
    state.moves_left -= 1
    state.moves_made += 1
    return _move(state, p, action)


def _play(state: TacticaState, p: int, action: PlayTactic) -> list[Event]:
    return frames.play_card(state, p, action)


def _end_phase(state: TacticaState, p: int, action: EndPhase) -> list[Event]:
    return war.end_phase(state)


def _move(state: TacticaState, p: int, action: Move) -> list[Event]:
    """A card move; one that ends next to an enemy lets the defender answer."""
    events = frames.step(state, p, action)
    if frames.engaged(state, action.troop):
        frames.open_window(state, 1 - p, "move")
    return events


def _attack(state: TacticaState, p: int, action: Attack) -> list[Event]:
    b = board(state)
    off = off_against(state, b, action.attacker, action.target)
    total = state.damage.get(action.target, 0) + off
    state.damage[action.target] = total
    state.attacked.add(action.attacker)
    state.attack_of[action.attacker] = action.target
    event = Attacked(attacker=action.attacker, target=action.target, off=off, damage=total,
                     defence=def_of(state, b, action.target))
    frames.open_window(state, 1 - p, "attack")
    return [event]


def _rescue(state: TacticaState, p: int, action: Rescue) -> list[Event]:
    troop = action.troop
    if state.phase is MOVEMENT:
        state.moves_left -= 1
    else:
        state.attacked.add(troop)
    held = held_by_enemy(state, p)
    pick = held[state.rng.below(len(held))]
    events: list[Event] = [RescueDrawn(seat=p, hostage=pick, among=len(held))]
    if state.table.faces[pick] in tactics.CHAMPIONS:
        spots = tactics.rescue_hexes(board(state), troop, p)
        if len(spots) > 1:
            state.frames.append(frames.PlaceRescue(seats=(p,), subject=pick, anchor=troop))
            return events
        return events + tactics.rescue(state, p, troop, pick, spots[0] if spots else None)
    return events + tactics.rescue(state, p, troop, pick, None)


DOINGS: dict[type[Action], Callable[[TacticaState, int, Any], list[Event]]] = {
    PlaceLandmark: _place_landmark, Deploy: _deploy, Muster: _muster, Train: _train,
    Move: _card_move, Attack: _attack, Rescue: _rescue, PlayTactic: _play,
    EndPhase: _end_phase,
}
"""What each action of a turn does, by its class (perform)."""
