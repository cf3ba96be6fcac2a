"""The war: setting up each battle, the turn's RESOLUTION, winning battles and the war.

Part 2 fixes: walls 9, 7 and 5 hexes apart in battles 1-3; RESUPPLY comes
back at the next battle and LOST cards never do; a side with no walls left
loses the war at once; a battle that ends with a CROWN held hostage hands the
war to the captor; the winner of battle 3 wins the war; CROWN ransom each
RESOLUTION; the lost-battle wall bonuses.

Designed (assets/tactica/designed_rules.json, rules.md): the loser of a
battle starts the next one; landmarks are placed before each battle, the
second player first, alternately; troops are deployed alternately, the first
player first; points come from landmarks held at the end of your turn (the
seed's 1 point each) and from captures, and at the end of a round the leader
with at least the target wins; a side with no troop on the field loses; the
turn limit decides on points; everything but LOST cards goes back to its pile
between battles, hostages included.
"""

from __future__ import annotations

from functools import cache

from engine.core.events import Event
from engine.core.game import Outcome
from engine.core.options import GameOptions
from engine.core.rng import Rng
from engine.core.zones import Layout, Table, Visibility, Zone
from engine.games.tactica import cards as cardmoves
from engine.games.tactica import frames
from engine.games.tactica.board import CONTENT, GEOM, MELEE, TROOP_FACES, Board, board
from engine.games.tactica.combat import def_of
from engine.games.tactica.events import (
    BattleBegins,
    BattleWon,
    CardsCollected,
    FellBack,
    LandmarkPlaced,
    LandmarksHeld,
    PhaseBegins,
    RansomPaid,
    Routed,
    SavedSwapped,
    Survived,
    TurnBegins,
    WarWon,
)
from engine.games.tactica.field import RAVINE, RIDGE, Coord
from engine.games.tactica.state import (
    COMBAT,
    DEPLOYMENT,
    FIELD,
    LANDMARKS,
    MOVEMENT,
    MUSTER,
    OVER,
    PLAYED,
    RESOLUTION,
    SIDE_NAMES,
    TRAINING,
    TacticaState,
    barracks,
    features,
    hostages,
    lost,
    owner_of,
    resupply,
    searching,
    seat,
    tactics_pile,
    trained,
    troop_pile,
)

RULES = CONTENT.rules
GAPS = CONTENT.field.wall_gaps.value
BIG = 1_000


def new_match(options: GameOptions, rng: Rng, honour_rule: bool) -> TacticaState:
    """Every card in its pile, then battle 1 set up (walls down, barracks drawn)."""
    faces: dict[str, str] = {}
    piles: list[tuple[list[str], list[str], list[str]]] = []
    for deck in CONTENT.decks:
        troops = [_add(faces, f"{deck.key}-{k}-{i}", k)
                  for k, n in deck.troops.items() for i in range(1, n + 1)]
        tactics = [_add(faces, f"{deck.key}-{k}-{i}", k)
                   for k, n in deck.tactics.items() for i in range(1, n + 1)]
        feats = ([_add(faces, f"{deck.key}-wall-{i}", "wall")
                  for i in range(1, deck.walls.value + 1)]
                 + [_add(faces, f"{deck.key}-landmark-{i}", "landmark")
                    for i in range(1, deck.landmarks.value + 1)])
        piles.append((troops, tactics, feats))
    training = [_add(faces, f"training-{i:02d}", "training")
                for i in range(1, CONTENT.training_cards + 1)]
    table = Table(faces)
    trained_sight = Visibility.OWNER if honour_rule else Visibility.PUBLIC
    for p, (troops, tactics, feats) in enumerate(piles):
        side = SIDE_NAMES[p]
        table.add_zone(Zone(troop_pile(p), f"{side} troop pile", Visibility.HIDDEN,
                            Layout.STACK, p, troops))
        table.add_zone(Zone(tactics_pile(p), f"{side} tactics pile", Visibility.HIDDEN,
                            Layout.STACK, p, tactics))
        table.add_zone(Zone(barracks(p), f"{side} barracks", Visibility.OWNER, Layout.SPREAD, p))
        table.add_zone(Zone(resupply(p), f"{side} RESUPPLY", Visibility.PUBLIC, Layout.STACK, p))
        table.add_zone(Zone(lost(p), f"{side} LOST", Visibility.PUBLIC, Layout.STACK, p))
        table.add_zone(Zone(hostages(p), f"{side} hostages", Visibility.PUBLIC, Layout.SPREAD,
                            p))
        table.add_zone(Zone(features(p), f"{side} walls and landmarks", Visibility.PUBLIC,
                            Layout.SPREAD, p, feats))
        table.add_zone(Zone(trained(p), f"{side} training in use", trained_sight,
                            Layout.SPREAD, p))
        table.add_zone(Zone(searching(p), f"{side} piles being looked through (SPY)",
                            Visibility.OWNER, Layout.SPREAD, p))
        table.face_up.update(feats)
    table.add_zone(Zone(TRAINING, "Training pile", Visibility.PUBLIC, Layout.STACK, None,
                        training))
    table.face_up.update(training)
    table.add_zone(Zone(FIELD, "Field", Visibility.PUBLIC, Layout.FREE))
    table.add_zone(Zone(PLAYED, "Played tactics", Visibility.PUBLIC, Layout.SPREAD))
    state = TacticaState(options, table, rng)
    start_battle(state, 1, 0)
    return state


def _add(faces: dict[str, str], card: str, face: str) -> str:
    faces[card] = face
    return card


# -- battle set-up ----------------------------------------------------------------


def start_battle(state: TacticaState, number: int, first: int) -> list[Event]:
    state.battle = number
    state.first = first
    state.battle_turn = 1
    state.vp = [0, 0]
    gap = GAPS[number - 1]
    events: list[Event] = [BattleBegins(number=number, gap=gap, first=first)]
    table = state.table
    for p in (0, 1):
        walls = [c for c in table.zones[features(p)].cards or () if table.faces[c] == "wall"]
        for card, spot in zip(walls, GEOM.wall_line(gap, p, len(walls)), strict=True):
            cardmoves.place(state, card, spot)
    for p in (0, 1):
        for pile in (troop_pile(p), tactics_pile(p)):
            events.append(cardmoves.shuffle(state, pile))
        events += cardmoves.draw(state, p, troop_pile(p), RULES.opening_troops.value, BIG)
        events += cardmoves.draw(state, p, tactics_pile(p), RULES.opening_tactics.value, BIG)
    state.phase = LANDMARKS
    state.active = 1 - first
    if not _landmarks_left(state, state.active):
        state.active = first
        if not _landmarks_left(state, first):
            events += begin_deployment(state)
    return events


def _landmarks_left(state: TacticaState, player: int) -> list[str]:
    table = state.table
    return [c for c in table.zones[features(player)].cards or ()
            if table.faces[c] == "landmark"]


def own_half(state: TacticaState, c: Coord, player: int) -> bool:
    rows = GEOM.wall_rows(GAPS[state.battle - 1])
    return abs(c[1] - rows[player]) <= abs(c[1] - rows[1 - player])


def landmark_spots(state: TacticaState, player: int) -> list[Coord]:
    """Where `player` may put a landmark (designed): the middle rows, their own half.

    A landmark goes on an empty hex at least `landmark_min_wall_distance` rows
    from both wall lines, on the player's half of the field (the middle row
    belongs to both), and not next to another landmark.
    """
    b = board(state)
    spacing = CONTENT.field.landmark_min_spacing.value
    crowded: set[Coord] = set()  # nearer than `spacing` to a landmark
    for m in b.landmark_at:
        crowded.update(GEOM.disk_set(m, spacing - 1))
    return [c for c in _landmark_rows(GAPS[state.battle - 1], player)
            if c not in b.wall_at and c not in b.landmark_at and c not in b.troop_at
            and c not in crowded]


@cache
def _landmark_rows(gap: int, player: int) -> tuple[Coord, ...]:
    """The hexes, in field order, of the rows where `player` may put a landmark when the
    wall lines are `gap` rows apart: what landmark_spots then checks for what stands
    there."""
    far = CONTENT.field.landmark_min_wall_distance.value
    rows = GEOM.wall_rows(gap)
    return tuple(c for c in GEOM.hexes
                 if abs(c[1] - rows[0]) >= far and abs(c[1] - rows[1]) >= far
                 and abs(c[1] - rows[player]) <= abs(c[1] - rows[1 - player]))


def place_landmark(state: TacticaState, player: int, card: str, c: Coord,
                   side: str) -> list[Event]:
    state.landmark_side[card] = side
    cardmoves.place(state, card, c)
    events: list[Event] = [LandmarkPlaced(seat=player, card=card, side=side, at=c)]
    other = 1 - player
    if _landmarks_left(state, other):
        state.active = other
    elif not _landmarks_left(state, player):
        events += begin_deployment(state)
    return events


SIDE_CHOICES = (RIDGE, RAVINE)


def muster_spots(state: TacticaState, b: Board, player: int, face: str) -> list[Coord]:
    """Part 2: melee troops muster next to a friendly wall; ranged also on top of one."""
    melee = face in MELEE
    return [c for c in b.features.muster_order[player] if may_muster(b, player, melee, c)]


def may_muster(b: Board, player: int, melee: bool, c: Coord) -> bool:
    """Whether one of `player`'s troops may muster on hex `c` (muster_spots: a load checks
    each recorded muster on its own hex)."""
    if c in b.troop_at or c in b.landmark_at:
        return False
    wall = b.wall_at.get(c)
    if wall is not None:
        return not melee and owner_of(wall) == player
    return c in b.features.by_wall[player]


def begin_deployment(state: TacticaState) -> list[Event]:
    state.phase = DEPLOYMENT
    state.deployed = [0, 0]
    state.active = state.first
    if not can_deploy(state, state.first):
        state.active = 1 - state.first
        if not can_deploy(state, state.active):
            return begin_turn(state, state.first)
    return [PhaseBegins(phase=DEPLOYMENT, troops=RULES.deploy_troops.value)]


def deployable(state: TacticaState, player: int) -> list[str]:
    table = state.table
    return [c for c in table.zones[barracks(player)].cards or ()
            if table.faces[c] in TROOP_FACES and table.faces[c] != "crown"]


def can_deploy(state: TacticaState, player: int) -> bool:
    if state.deployed[player] >= RULES.deploy_troops.value:
        return False
    b = board(state)
    return any(muster_spots(state, b, player, state.table.faces[c])
               for c in deployable(state, player))


def after_deploy(state: TacticaState, player: int) -> list[Event]:
    state.deployed[player] += 1
    if can_deploy(state, 1 - player):
        state.active = 1 - player
    elif not can_deploy(state, player):
        return begin_turn(state, state.first)
    return []


# -- turns ------------------------------------------------------------------------


def begin_turn(state: TacticaState, player: int) -> list[Event]:
    state.active = player
    state.phase = MUSTER
    extra = RULES.second_player_first_turn_musters.value if state.battle_turn == 2 else 0
    state.musters_left = RULES.muster_actions.value + extra
    state.moves_left = RULES.card_moves.value
    state.moves_made = 0
    return [TurnBegins(battle=state.battle, turn=state.battle_turn, seat=player)]


BEGINS = {phase: PhaseBegins(phase=phase) for phase in (MOVEMENT, COMBAT, RESOLUTION)}
"""The beginnings of the phases every turn passes through, made once and handed out again:
events are immutable facts, a turn begins three phases, and a frozen dataclass's fields
are set one slow call at a time."""


def end_phase(state: TacticaState) -> list[Event]:
    """Close MUSTER, MOVEMENT or COMBAT; closing COMBAT runs RESOLUTION."""
    if state.phase is MUSTER:
        state.phase = MOVEMENT
        return [BEGINS[MOVEMENT]]
    if state.phase is MOVEMENT:
        state.phase = COMBAT
        # SAVED in MOVEMENT swaps "after all cards have completed movement".
        for p in state.swaps_due:
            state.frames.append(frames.SavedSwap(seats=(p,)))
        state.swaps_due.clear()
        return [BEGINS[COMBAT]]
    state.phase = RESOLUTION
    events: list[Event] = [BEGINS[RESOLUTION]]
    events += resolve_combat(state)
    events += route_played(state)
    state.clear_turn()
    hide_training_again(state)
    # Then the ransoms owed for a held CROWN (Player 1's first); the turn ends when
    # nothing is left to do (TacticaGame.advance).
    for p in (1, 0):
        if state.crown_held[p] and state.turn >= state.ransom_from[p]:
            state.frames.append(frames.RansomDue(payer=p))
    return events


def resolve_combat(state: TacticaState) -> list[Event]:
    """Captures: damage exceeding DEF. SAVED and DISENGAGE act on the survivors."""
    b = board(state)
    doomed = [t for t, dmg in sorted(state.damage.items())
              if t in b.pos and dmg > def_of(state, b, t)]
    extra: list[str] = []
    for t in doomed:
        for d in state.saved_by.get(t, ()):
            if d and d in b.pos and d in state.training and d not in doomed and d not in extra:
                extra.append(d)  # SAVED: one trained defender falls with the troop
                break
    events: list[Event] = []
    for t in doomed + extra:
        owner = owner_of(t)
        assert owner is not None
        events += cardmoves.capture(state, t, 1 - owner)
    for t, dmg in sorted(state.damage.items()):
        events.append(Survived(troop=t, damage=dmg))
    b = board(state)
    for t, defenders in sorted(state.saved_by.items()):
        partner = defenders[0] if defenders else ""
        if t in b.pos and partner in b.pos:
            cardmoves.swap(state, t, partner)
            b = board(state)
            events.append(SavedSwapped(troop=t, partner=partner))
    for t, spot in sorted(state.disengage_to.items()):
        if t in b.pos and spot not in b.troop_at:
            cardmoves.place(state, t, spot)
            b = board(state)
            events.append(FellBack(troop=t, to=spot))
    return events


def hide_training_again(state: TacticaState) -> None:
    """Honour rule: what a SPY showed of the training is to be remembered, not kept in view."""
    table = state.table
    for p in (0, 1):
        zone = table.zones[trained(p)]
        if zone.visibility is Visibility.OWNER:
            for card in zone.cards or ():
                table.set_face(card, False)


def route_played(state: TacticaState) -> list[Event]:
    """Send each played tactics card where its use says (Part 2's RESOLUTION symbols)."""
    table = state.table
    events = []
    for card in list(table.zones[PLAYED].cards or ()):
        owner = owner_of(card)
        assert owner is not None
        dest = state.routes.get(card, "resupply")
        zone = {"barracks": barracks(owner), "resupply": resupply(owner),
                "lost": lost(owner)}[dest]
        cardmoves.put(state, card, zone)
        events.append(Routed(card=card, to=table.zones[zone].label))
    state.routes.clear()
    return events


def pay_ransom(state: TacticaState, player: int, hostage: str) -> list[Event]:
    owner = owner_of(hostage)
    assert owner is not None
    cardmoves.put(state, hostage, resupply(owner))
    state.ransom_blocked[player] = False
    return [RansomPaid(seat=player, hostage=hostage, owner=owner)]


def controlled(state: TacticaState, b: Board, player: int) -> list[str]:
    """Landmarks with a friendly troop next to them and no enemy troop (Part 2). The hexes
    next to a side's troops are the other side's danger hexes (Board.danger), kept as bits
    and mostly known already: each landmark is then two `&`, not a look at six hexes."""
    bit = GEOM.bit
    mine, theirs = b.danger(1 - player), b.danger(player)
    return [card for c, card in b.landmark_at.items() if bit[c] & mine and not bit[c] & theirs]


def finish_turn(state: TacticaState) -> list[Event]:
    """Score the landmarks, check how the battle stands, draw, and pass the turn."""
    p = state.active
    b = board(state)
    held = controlled(state, b, p)
    events: list[Event] = []
    if held:
        state.vp[p] += len(held)
        events.append(LandmarksHeld(seat=p, landmarks=len(held), points=state.vp[p]))
    for q in (1 - p, p):
        if not b.troops[q]:
            return events + end_battle(state, 1 - q, f"{seat(q)} has no troops on the field",
                                       "wipe-out")
    target = RULES.victory_points.value
    if p != state.first and max(state.vp) >= target and state.vp[0] != state.vp[1]:
        leader = 0 if state.vp[0] > state.vp[1] else 1
        return events + end_battle(state, leader, f"{seat(leader)} leads "
                                                  f"{state.vp[leader]} to "
                                                  f"{state.vp[1 - leader]} points", "points")
    if state.battle_turn >= RULES.turn_limit.value:
        return events + end_battle(state, points_leader(state), "the turn limit is reached",
                                   "turn limit")
    limit = RULES.barracks_limit.value
    events += cardmoves.draw(state, p, troop_pile(p), RULES.draw_troops.value, limit)
    events += cardmoves.draw(state, p, tactics_pile(p), RULES.draw_tactics.value, limit)
    state.battle_turn += 1
    state.turn += 1
    return events + begin_turn(state, 1 - p)


def points_leader(state: TacticaState) -> int:
    """At the turn limit: more points, then more hostages, then the player who went second."""
    held = [len(state.table.zones[hostages(p)].cards or ()) for p in (0, 1)]
    for a, b in ((state.vp[0], state.vp[1]), (held[0], held[1])):
        if a != b:
            return 0 if a > b else 1
    return 1 - state.first


def end_battle(state: TacticaState, winner: int, reason: str, how: str) -> list[Event]:
    """`how` names the way it was won for the balance statistics."""
    loser = 1 - winner
    state.battles_won[winner] += 1
    state.lost_battles[loser] += 1
    events: list[Event] = [BattleWon(winner=winner, battle=state.battle, reason=reason, how=how,
                                     turns=state.battle_turn)]
    for p in (0, 1):
        for card in state.table.zones[hostages(p)].cards or ():
            if state.table.faces[card] == "crown":
                return events + end_war(state, p, f"the battle ended with {seat(1 - p)}'s "
                                                  "CROWN held hostage")
    if state.options.match_length == "single battle" or state.battle == 3:
        return events + end_war(state, winner, f"won battle {state.battle}")
    events += collect(state)
    return events + start_battle(state, state.battle + 1, loser)


def end_war(state: TacticaState, winner: int, reason: str) -> list[Event]:
    state.phase = OVER
    state.result = Outcome((winner,), reason,
                           {0: state.battles_won[0], 1: state.battles_won[1]})
    return [WarWon(winner=winner, reason=reason)]


def walls_check(state: TacticaState) -> list[Event]:
    """Part 2: a side whose last wall card is gone loses the war at once. Asked each time
    the rules settle, several times an action, and both sides nearly always hold walls:
    one test says so."""
    if state.result is not None or state.phase is LANDMARKS:
        return []
    walls = board(state).features.walls
    if walls[0] and walls[1]:
        return []
    p = 1 if walls[0] else 0
    return end_war(state, 1 - p, f"{seat(p)} has lost every wall")


def collect(state: TacticaState) -> list[Event]:
    """Between battles every card but the LOST ones goes home: piles, training, features."""
    table = state.table
    sweep = [FIELD, PLAYED]
    for p in (0, 1):
        sweep += [barracks(p), resupply(p), hostages(p), trained(p)]
    for zone in sweep:
        for card in list(table.zones[zone].cards or ()):
            face = table.faces[card]
            owner = owner_of(card)
            if owner is None:
                cardmoves.put(state, card, TRAINING)
            elif face in ("wall", "landmark"):
                cardmoves.put(state, card, features(owner))
            else:
                cardmoves.put(state, card, cardmoves.home_pile(card, face), face_up=False)
    state.training.clear()
    state.landmark_side.clear()
    state.clear_turn()
    state.routes.clear()
    state.crown_held = [False, False]
    state.ransom_blocked = [False, False]
    state.swaps_due = []
    counts = [len(table.zones[lost(p)].cards or ()) for p in (0, 1)]
    return [CardsCollected(lost=(counts[0], counts[1]))]

