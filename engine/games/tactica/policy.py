"""The computer opponent: a fast heuristic that plays TACTICA sensibly.

It scores the legal actions with a handful of rules a careful player uses:
muster and train by the walls, march on the landmarks (each one held scores
every turn) and on enemy troops, keep valuable troops out of reach of more
damage than they can take, spend attacks where together they exceed a
target's DEF, use HORSE and PRESS to finish a capture, ENGINEER enemy walls,
rescue hostages, keep a CROWN (played only to press a lead) out of reach,
NEGATE the enemy's cards that matter and answer attacks with the
counter-card that saves the troop, SPY in MUSTER when it would show something
new. A move is worth how much better the hex it ends on is, so troops spend
their MOV going somewhere rather than back and forth, and an action worth
nothing never beats ending the phase. No look-ahead and no cloning, so a
thousand battles simulate in a minute or two.

It reads only what its seat may see: the field, the public piles and its own
barracks (never the order of a pile or the opponent's barracks).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.actions import Action
from engine.core.frames import Pass
from engine.core.game import GameState
from engine.core.rng import Rng
from engine.games.tactica import war
from engine.games.tactica.actions import (
    Attack,
    ChooseCard,
    Deploy,
    Done,
    EndPhase,
    Move,
    Muster,
    Negate,
    PlaceLandmark,
    PlaceRescued,
    PlayTactic,
    Rescue,
    SpyStack,
    Swap,
    Train,
)
from engine.games.tactica.board import GEOM, MELEE, TROOPS, Board, board, level, side_of
from engine.games.tactica.combat import def_of, off_against, rng_of, targets
from engine.games.tactica.field import RIDGE, Coord
from engine.games.tactica.frames import (
    CounterWindow,
    HorseGroupMove,
    NegateChain,
    PlaceRescue,
    RansomChoice,
    SavedSwap,
    ShieldwallRearrange,
    SpyLook,
    SpyReturn,
)
from engine.games.tactica.movement import mov_left
from engine.games.tactica.state import (
    DEPLOYMENT,
    LANDMARKS,
    MOVEMENT,
    MUSTER,
    TacticaState,
    barracks,
    owner_of,
    trained,
)
from engine.games.tactica.tactics import plays

DANGER = 0.4  # how much the policy fears ending a move within reach of the enemy
VALUE = {"crown": 9.0, "champion": 4.0, "crossbow": 3.0, "archer": 2.5, "foot": 2.0}
SPY_LOOK = 0.3  # a look with SPY in MUSTER costs nothing (the card returns), if it shows news
WORTH_NEGATING = {"engineer", "crown", "rescue", "shieldwall", "saved", "press", "horse",
                  "disengage"}


def troop_value(state: TacticaState, troop: str) -> float:
    return VALUE[state.table.faces[troop]] + level(state, troop)


class TacticaPolicy:
    """engine.core.agent's Agent protocol: choose(state, actions, rng) -> one of the actions."""

    def choose(self, state: GameState, actions: list[Action], rng: Rng) -> Action:
        assert isinstance(state, TacticaState)
        if len(actions) == 1:
            return actions[0]
        if state.frames:  # a window passes when it holds nothing (one action: Pass)
            frame = state.frames[-1]
            return ANSWER[type(frame)](state, frame, actions, rng)
        phase = state.phase
        if phase is LANDMARKS:
            return _landmark(state, actions, rng)
        if phase is DEPLOYMENT:
            return _deploy(state, actions, rng)
        if phase is MUSTER:
            return _muster(state, actions, rng)
        if phase is MOVEMENT:
            return _movement(state, actions, rng)
        return _combat(state, actions)


# -- the field as the policy sees it -----------------------------------------------------


class Outlook:
    """Objectives and threats for one side, computed once per decision."""

    def __init__(self, state: TacticaState, player: int) -> None:
        self.state = state
        self.player = player
        self.b = b = board(state)
        self.enemies = b.troops[1 - player]
        self.controlled = set(war.controlled(state, b, player))
        self.goals = self._goals()
        self.to_goal = _distances(self.goals)
        self.to_enemy = _distances([b.pos[e] for e in self.enemies])
        self.threat = self._threat()
        faces = state.table.faces
        # the hexes whose troop alone holds a landmark (the landmarks we do not hold
        # are goals: their neighbours pull our troops in)
        self.sole: set[Coord] = set()
        for c, card in b.landmark_at.items():
            if card in self.controlled:
                holders = [n for n in GEOM.neighbours[c] if n in b.troop_at]
                if len(holders) == 1:
                    self.sole.add(holders[0])
        self.by_melee = {n for e in self.enemies if faces[e] in MELEE
                         for n in GEOM.neighbours[b.pos[e]]}
        self._reach: dict[str, int] = {}
        self._guard: dict[str, int] = {}

    def _goals(self) -> list[Coord]:
        """Hexes worth standing on: next to landmarks we do not hold, next to enemies."""
        b = self.b
        out: list[Coord] = []
        for c, card in b.landmark_at.items():
            if card in self.controlled:
                continue
            out.extend(n for n in GEOM.neighbours[c] if n not in b.landmark_at)
        for e in self.enemies:
            out.extend(GEOM.neighbours[b.pos[e]])
        return out

    def _threat(self) -> dict[Coord, int]:
        """Damage the enemy could bring to bear on each hex next turn (a rough upper bound)."""
        b, state = self.b, self.state
        out: dict[Coord, int] = {}
        for e in self.enemies:
            face = state.table.faces[e]
            off = TROOPS[face].off * (2 if face not in MELEE and level(state, e) == 2 else 1)
            radius = TROOPS[face].mov + rng_of(state, b, e)
            for c in GEOM.disk(b.pos[e], radius):
                out[c] = out.get(c, 0) + off
        return out

    def goal_distance(self, troop: str, c: Coord) -> int:
        """Steps from `c` to the nearest goal; ranged troops only need to get within RNG."""
        best = self.to_goal.get(c, 0)
        reach = self._reach.get(troop)
        if reach is None:
            ranged = self.state.table.faces[troop] not in MELEE and self.enemies
            reach = self._reach[troop] = rng_of(self.state, self.b, troop) if ranged else 0
        if reach:
            best = min(best, max(0, self.to_enemy.get(c, 0) - reach))
        return best

    def exposure(self, c: Coord) -> int:
        """How much enemy damage could reach hex `c` next turn."""
        return self.threat.get(c, 0)

    def danger(self, troop: str, c: Coord) -> float:
        """Expected loss if `troop` stands on `c` next turn."""
        guard = self._guard.get(troop)
        if guard is None:
            face = self.state.table.faces[troop]
            guard = TROOPS[face].def_
            if face in MELEE:
                guard *= 1 + level(self.state, troop)
            self._guard[troop] = guard
        if self.b.terrain.get(c) == 1:
            guard += 1
        return troop_value(self.state, troop) if self.threat.get(c, 0) > guard + 1 else 0.0


def _score_move(o: Outlook, troop: str, dest: Coord) -> float:
    """What moving `troop` to `dest` gains: how much better the hex it ends on is.

    A difference of one worth per hex (never a bonus for arriving), so a step
    back is worth exactly minus the step out: with every move needing to gain
    more than the movement phase's threshold, a troop does not walk back and
    forth (the worth of a hex changes only as the field does).
    """
    return _worth(o, troop, dest) - _worth(o, troop, o.b.pos[troop])


def _worth(o: Outlook, troop: str, c: Coord) -> float:
    """How good a hex is for `troop` to stand on at the end of the movement."""
    faces = o.state.table.faces
    if faces[troop] == "crown":
        # The CROWN stays out of reach: held at a battle's end, it loses the war.
        return -2.0 * o.exposure(c)
    worth = -o.goal_distance(troop, c) - DANGER * o.danger(troop, c)
    if c in o.sole:
        worth += 2.0  # the only troop holding a landmark stays
    if c in o.by_melee and faces[troop] not in MELEE:
        worth -= 1.5
    return worth


def _distances(sources: list[Coord]) -> dict[Coord, int]:
    """Steps from every hex to the nearest source (terrain and troops ignored)."""
    out = dict.fromkeys(sources, 0)
    frontier = list(out)
    step = 0
    while frontier:
        step += 1
        later = []
        for c in frontier:
            for n in GEOM.neighbours[c]:
                if n not in out:
                    out[n] = step
                    later.append(n)
        frontier = later
    return out


# -- set-up ------------------------------------------------------------------------------


def _landmark(state: TacticaState, actions: list[Action], rng: Rng) -> Action:
    own_row = GEOM.wall_rows(war.GAPS[state.battle - 1])[state.active]
    middle = GEOM.width // 2

    def score(a: Action) -> float:
        assert isinstance(a, PlaceLandmark)
        col = GEOM.offset[(a.q, a.r)][0]
        ridge = 1.0 if a.side == RIDGE else 0.0
        return ridge - 0.5 * abs(a.r - own_row) - 0.3 * abs(col - middle) + 0.01 * rng.below(10)

    return max(actions, key=score)


def _jitter(rng: Rng) -> float:
    """A tie-breaker far below any real difference in score.

    Without it, ties go to whichever action is listed first, and the listing
    order follows the field's geometry, which favours one side.
    """
    return rng.below(1024) * 1e-6


def _deploy(state: TacticaState, actions: list[Action], rng: Rng) -> Action:
    enemy_row = GEOM.wall_rows(war.GAPS[state.battle - 1])[1 - state.active]

    def score(a: Action) -> float:
        assert isinstance(a, Deploy)
        face = state.table.faces[a.card]
        forward = -abs(a.r - enemy_row) if face in MELEE else 0.0
        on_wall = 1.0 if face not in MELEE and (a.q, a.r) in board(state).wall_at else 0.0
        return VALUE[face] + 0.3 * forward + on_wall + _jitter(rng)

    return max(actions, key=score)


# -- muster ----------------------------------------------------------------------------


def _muster(state: TacticaState, actions: list[Action], rng: Rng) -> Action:
    o = Outlook(state, state.active)
    best: Action = next(a for a in actions if isinstance(a, EndPhase))
    best_score = 0.0
    for a in actions:
        s = 0.0
        if isinstance(a, Muster):
            face = state.table.faces[a.card]
            s = 2.0 + VALUE[face] - 0.2 * _dist_goals(o, (a.q, a.r))
        elif isinstance(a, Train):
            s = _train_gain(state, a.troop)
        elif isinstance(a, PlayTactic) and state.table.faces[a.card] == "press":
            s = 1.5 * _train_gain(state, a.target) if state.table.faces[a.target] in (
                "champion", "foot") else 0.0
        elif isinstance(a, PlayTactic) and state.table.faces[a.card] == "crown":
            s = _crown_score(o, a.target)
        elif isinstance(a, PlayTactic) and state.table.faces[a.card] == "spy":
            s = SPY_LOOK if _spy_would_show(state, state.active) else 0.0
        if s <= 0:
            continue  # worth nothing: ending the phase is better than a tie-break
        s += _jitter(rng)
        if s > best_score:
            best, best_score = a, s
    return best


def _spy_would_show(state: TacticaState, player: int) -> bool:
    """Whether SPY in MUSTER would show `player` something not in sight already: a card of
    the enemy barracks, or (honour rule) the training of an enemy troop."""
    table = state.table
    enemy = 1 - player
    return any(not table.visible_to(card, player)
               for zone in (barracks(enemy), trained(enemy))
               for card in table.zones[zone].cards or ())


def _crown_score(o: Outlook, target: str) -> float:
    """CROWN is a gamble: held when a battle ends, it loses the war. Play it only to press
    a clear lead, on a rear Foot no enemy can reach next turn."""
    vp = o.state.vp
    if vp[o.player] - vp[1 - o.player] < 6:
        return 0.0
    if o.state.table.faces[target] != "foot" or level(o.state, target):
        return 0.0
    if len(o.b.troops[o.player]) < len(o.enemies) + 2:
        return 0.0
    spot = o.b.pos[target]
    if not o.b.near_own_wall(spot, o.player) or any(
            o.threat.get(c, 0) for c in (spot, *GEOM.neighbours[spot])):
        return 0.0
    return 2.5


def _dist_goals(o: Outlook, c: Coord) -> int:
    return o.to_goal.get(c, 0)


def _train_gain(state: TacticaState, troop: str) -> float:
    face = state.table.faces[troop]
    lvl = level(state, troop)
    if face in MELEE:
        return 1.2 * TROOPS[face].def_
    return 1.5 * TROOPS[face].off if lvl == 1 else 0.4


# -- movement --------------------------------------------------------------------------


def _movement(state: TacticaState, actions: list[Action], rng: Rng) -> Action:
    o = Outlook(state, state.active)
    end = next(a for a in actions if isinstance(a, EndPhase))
    best: Action = end
    best_score = 0.5
    for a in actions:
        if isinstance(a, Move):
            s = _score_move(o, a.troop, (a.q, a.r))
        elif isinstance(a, Rescue):
            s = 4.0
        elif isinstance(a, PlayTactic):
            s = _tactic_move_score(o, a)
        else:
            continue
        s += _jitter(rng)
        if s > best_score:
            best, best_score = a, s
    return best


def _tactic_move_score(o: Outlook, a: PlayTactic) -> float:
    face = o.state.table.faces[a.card]
    if face == "rescue":
        return 6.0 if o.state.table.faces[a.other] in ("champion", "crown") else 4.5
    if (face == "disengage" and a.target in o.b.pos and o.state.moves_left > 0
            and mov_left(o.state, a.target) > 0):
        # freed, it can only use the MOV it has left this turn, with a card move left
        return 0.6 * o.danger(a.target, o.b.pos[a.target])
    return 0.0


# -- combat ----------------------------------------------------------------------------


def _combat(state: TacticaState, actions: list[Action]) -> Action:
    p = state.active
    b = board(state)
    for a in actions:  # rescues and walls first: they cost nothing the attacks need
        if isinstance(a, PlayTactic):
            face = state.table.faces[a.card]
            if face == "rescue" or (face == "engineer" and owner_of(a.other) == 1 - p
                                    and state.table.faces[a.other] == "wall"):
                return a
    plan = _capture_plan(state, b, p)
    if plan is not None:
        attacker, target, boost = plan
        if boost is not None:
            return boost
        return Attack(attacker, target)
    for a in actions:
        if isinstance(a, Rescue):
            return a
    return next(a for a in actions if isinstance(a, EndPhase))


def _capture_plan(state: TacticaState, b: Board,
                  p: int) -> tuple[str, str, Action | None] | None:
    """The most valuable capture the free attackers (plus HORSE or PRESS) can still make."""
    ready = [t for t in b.troops[p] if t not in state.attacked]
    reach: dict[str, list[tuple[int, str]]] = {}
    for a in ready:
        for t in targets(state, b, a):
            reach.setdefault(t, []).append((off_against(state, b, a, t), a))
    boosts = _boosts(state, b, p)
    best: tuple[float, str, str, Action | None] | None = None
    for t, hitters in reach.items():
        need = def_of(state, b, t) + 1 - state.damage.get(t, 0)
        hitters.sort(reverse=True)
        total = 0
        used = 0
        for off, _ in hitters:
            if total >= need:
                break
            total += off
            used += 1
        boost = None
        if total < need:
            extra = [(bonus, card, who) for bonus, card, who in boosts
                     if any(who == h for _, h in hitters)]
            if not extra or total + extra[0][0] < need:
                continue
            boost = PlayTactic(extra[0][1], extra[0][2])
        value = troop_value(state, t) - 0.3 * used
        if best is None or value > best[0]:
            best = (value, hitters[0][1], t, boost)
    if best is None:
        return None
    return best[1], best[2], best[3]


def _boosts(state: TacticaState, b: Board, p: int) -> list[tuple[int, str, str]]:
    """(bonus, card, troop) for HORSE and PRESS plays that add OFF before an attack."""
    out = []
    for a in plays(state, p, None):
        face = state.table.faces[a.card]
        if face in ("horse", "press") and a.target and a.target not in state.attacked:
            bonus = 1 + (level(state, a.target) if face == "press"
                         and state.options.advanced_cards else 0)
            out.append((bonus, a.card, a.target))
    out.sort(reverse=True)
    return out


# -- prompts ---------------------------------------------------------------------------


def _negate(state: TacticaState, frame: object, actions: list[Action], rng: Rng) -> Action:
    assert isinstance(frame, NegateChain)
    me = frame.seats[0]
    mine = owner_of(frame.target) == me
    pass_ = next(a for a in actions if isinstance(a, Pass))
    single = next((a for a in actions if isinstance(a, Negate) and len(a.cards) == 1), None)
    if single is None:
        return pass_
    if mine:  # they negated our card: fight back for the cards that matter
        face = state.table.faces[frame.play.card]
        return single if owner_of(frame.play.card) == me and face in WORTH_NEGATING else pass_
    face = state.table.faces[frame.play.card] if not frame.links else "negate"
    if face == "negate":
        return pass_
    if face == "engineer" and frame.play.phase == "movement":
        return pass_
    if face in WORTH_NEGATING and frame.play.phase != "muster":
        return single
    return pass_


def _counter(state: TacticaState, frame: object, actions: list[Action], rng: Rng) -> Action:
    assert isinstance(frame, CounterWindow)
    pass_ = next(a for a in actions if isinstance(a, Pass))
    if frame.trigger != "attack":
        return pass_
    b = board(state)
    best: Action = pass_
    best_value = 0.0
    for a in actions:
        if not isinstance(a, PlayTactic) or a.target not in b.pos:
            continue
        face = state.table.faces[a.card]
        saved = _saved_by(state, b, face, a)
        value = sum(troop_value(state, t) for t in saved)
        if value > best_value:
            best, best_value = a, value
    return best


def _saved_by(state: TacticaState, b: Board, face: str, a: PlayTactic) -> list[str]:
    """Troops that would be captured now and survive if this counter-card stands."""
    def doomed(t: str, extra: int) -> bool:
        dmg = state.damage.get(t, 0)
        d = def_of(state, b, t)
        return dmg > d and dmg <= d + extra

    if face == "disengage":
        return [a.target] if doomed(a.target, 1) else []
    if face == "shieldwall":
        group = [a.target] + [b.troop_at[n] for n in GEOM.neighbours[b.pos[a.target]]
                              if n in b.troop_at and state.table.faces[b.troop_at[n]] == "foot"
                              and side_of(b.troop_at[n]) == side_of(a.target)]
        return [t for t in group if doomed(t, 2)]
    if face == "saved":
        friends = [b.troop_at[n] for n in GEOM.neighbours[b.pos[a.target]]
                   if n in b.troop_at and side_of(b.troop_at[n]) == side_of(a.target)
                   and state.table.faces[b.troop_at[n]] in MELEE]
        return [a.target] if doomed(a.target, len(friends)) else []
    return []


def _group(state: TacticaState, frame: object, actions: list[Action], rng: Rng) -> Action:
    """The best step of the group; stop once the anchor has moved and nothing gains, if the
    group is together (Done is offered only then)."""
    assert isinstance(frame, HorseGroupMove)
    o = Outlook(state, frame.seats[0])
    done = next((a for a in actions if isinstance(a, Done)), None)
    moves = [a for a in actions if isinstance(a, Move)]
    if not moves:
        assert done is not None
        return done
    best = max(moves, key=lambda a: _score_move(o, a.troop, (a.q, a.r)) + _jitter(rng))
    if (done is not None and frame.anchor in frame.moved
            and _score_move(o, best.troop, (best.q, best.r)) <= 0):
        return done
    return best


def _done(state: TacticaState, frame: object, actions: list[Action], rng: Rng) -> Action:
    """SHIELDWALL's rearrangement: the troops stand as they are."""
    return next(a for a in actions if isinstance(a, Done))


def _cheapest(state: TacticaState, frame: object, actions: list[Action], rng: Rng) -> Action:
    """A barracks card back to its pile (SPY), a hostage back as ransom: the least worth."""
    faces = state.table.faces
    cards = [a for a in actions if isinstance(a, ChooseCard)]
    return min(cards, key=lambda a: VALUE.get(faces[a.card], 1.0))


def _stack(state: TacticaState, frame: object, actions: list[Action], rng: Rng) -> Action:
    """SPY in MOVEMENT: the most valuable troop on top, and a NEGATE."""
    stacks = [a for a in actions if isinstance(a, SpyStack)]
    return max(stacks, key=lambda a: (VALUE.get(a.troop_face, 0.0), a.tactic_face == "negate"))


def _first_place(state: TacticaState, frame: object, actions: list[Action], rng: Rng) -> Action:
    return next(a for a in actions if isinstance(a, PlaceRescued))


def _saved_swap(state: TacticaState, frame: object, actions: list[Action], rng: Rng) -> Action:
    return next((a for a in actions if isinstance(a, Done)),
                next(a for a in actions if isinstance(a, Swap)))


Answer = Callable[[TacticaState, object, list[Action], Rng], Action]
ANSWER: dict[type, Answer] = {
    NegateChain: _negate, CounterWindow: _counter, HorseGroupMove: _group,
    ShieldwallRearrange: _done, SavedSwap: _saved_swap, SpyLook: _stack,
    SpyReturn: _cheapest, RansomChoice: _cheapest, PlaceRescue: _first_place,
}
"""How the policy answers each kind of frame."""
