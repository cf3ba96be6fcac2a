"""The ten tactics cards: when each may be played, on what, what it does, where it goes.

Uses and RESOLUTION destinations follow Part 2 card by card (the table is
assets/tactica/tactics.json). Designed where Part 2 is silent:

- playing a card costs no action, except HORSE (it is the first card move),
  PRESS in MUSTER (it is the training action) and RESCUE (the rescuer's card
  move or attack); a NEGATEd card costs only the card;
- ENGINEER in COMBAT removes a wall or landmark on or next to the troop it is
  played on, and the OFF it gave or took is taken out of the attacks already
  made (Part 2: its bonuses and penalties vanish at once); those attacks stand
  even if they needed the RNG it gave; CROWN replaces one of your own
  Champions or Foot, which goes back to your barracks while its training card
  stays under the CROWN;
- defensive counter-cards (DISENGAGE, SAVED, SHIELDWALL in COMBAT) answer an
  attack on your troops; DISENGAGE, SAVED and SHIELDWALL in MOVEMENT answer
  an enemy move that ends next to your troops; PRESS's uses all belong to the
  attacker, who may play it at any moment of the own turn, also right after
  the defender's counter-card (its +OFF then adds to the attack just made);
- SAVED in COMBAT names the defending troop it swaps with when played;
- MOV is per turn (Part 2): DISENGAGE's escape spends the troop's MOV like
  any move and its COMBAT fall-back needs that much MOV left this turn; a
  CROWN takes over the MOV its troop spent; swaps (SAVED, SHIELDWALL) are
  not moves and spend none.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.core.actions import Made
from engine.core.events import Event
from engine.games.tactica import cards as cardmoves
from engine.games.tactica import frames
from engine.games.tactica.actions import PlayTactic
from engine.games.tactica.board import CONTENT, GEOM, MELEE, Board, board, level
from engine.games.tactica.combat import off_against
from engine.games.tactica.events import (
    AttackRecounted,
    BarracksSeen,
    Charge,
    Climbing,
    CrownTakesPlace,
    Defended,
    Disengaged,
    DisengagedTo,
    Engineered,
    FallBackReady,
    FeatureRemoved,
    GroupMoves,
    MoreDamage,
    NoEffect,
    PilesSearched,
    Pressed,
    Rescued,
    ReturnDue,
    ShieldwallOpened,
    ShieldwallRaised,
    SwapDue,
    TacticPlayed,
)
from engine.games.tactica.field import Coord, distance
from engine.games.tactica.movement import locked, mov_left, reach, step_cost
from engine.games.tactica.state import (
    COMBAT,
    FIELD,
    MOVEMENT,
    MUSTER,
    PLAYED,
    TRAINING,
    Play,
    TacticaState,
    barracks,
    hostages,
    lost,
    owner_of,
    resupply,
    tactics_pile,
    trained,
    troop_pile,
)

PHASE_KEY = {MUSTER: "muster", MOVEMENT: "movement", COMBAT: "combat"}
TACTIC_FACES = frozenset(CONTENT.tactics)
CHAMPIONS = frozenset({"champion", "crown"})


def name(face: str) -> str:
    return CONTENT.tactics[face].name


def blocked(state: TacticaState, player: int) -> bool:
    """CROWN held and no hostage to ransom at the last RESOLUTION: no tactics cards."""
    return state.ransom_blocked[player] and not state.table.zones[hostages(player)].cards


def hand(state: TacticaState, player: int) -> dict[str, tuple[str, ...]]:
    """The tactics cards in a barracks by face, in barracks order (shared, so tuples).

    A zone's cards are a tuple replaced whenever they change, and most actions leave
    the barracks alone, so the answer is kept for the last few barracks seen, by the
    very tuple (held here, so no other can take its place)."""
    cards = state.table.zones[barracks(player)].cards or ()
    kept = _HANDS.get(id(cards))
    if kept is not None and kept[0] is cards:
        return kept[1]
    faces = state.table.faces
    by_face: dict[str, list[str]] = {}
    for card in cards:
        face = faces[card]
        if face in TACTIC_FACES:
            by_face.setdefault(face, []).append(card)
    found = {face: tuple(held) for face, held in by_face.items()}
    if len(_HANDS) > 256:
        _HANDS.clear()
    _HANDS[id(cards)] = (cards, found)
    return found


_HANDS: dict[int, tuple[tuple[str, ...], dict[str, tuple[str, ...]]]] = {}


def _melee_friends(state: TacticaState, b: Board, troop: str,
                   only_foot: bool = False) -> tuple[str, ...]:
    return b.friends(troop, state.table.faces)[1 if only_foot else 0]


def rescue_hexes(b: Board, rescuer: str, player: int) -> list[Coord]:
    """Free hexes next to both the rescuer and an enemy wall: where a rescued Champion appears."""
    out = []
    for n in GEOM.neighbours[b.pos[rescuer]]:
        if n in b.troop_at or n in b.landmark_at or n in b.wall_at:
            continue
        if b.next_to_enemy_wall(n, player):
            out.append(n)
    return out


def _rescues(state: TacticaState, b: Board, player: int, card: str, own: Sequence[str],
             spent: set[str] | tuple[()]) -> list[PlayTactic]:
    """RESCUE played by each of `player`'s troops not in `spent` next to an enemy wall, on
    each of its troops the enemy holds (the troops are looked at only once one is held)."""
    held_by_enemy = state.table.zones[hostages(1 - player)].cards
    if not held_by_enemy:
        return []
    held = [h for h in held_by_enemy if owner_of(h) == player]
    if not held:
        return []
    pos, wall_near = b.pos, b.features.next_enemy_wall[player]
    near = [t for t in own if pos[t] in wall_near and t not in spent]
    faces = state.table.faces
    out = []
    for t in near:
        spots = None
        for h in held:
            if faces[h] in CHAMPIONS:
                if spots is None:
                    spots = rescue_hexes(b, t, player)
                out.extend(PlayTactic(card, t, c[0], c[1], other=h) for c in spots)
                if not spots:
                    out.append(PlayTactic(card, t, other=h))
            else:
                out.append(PlayTactic(card, t, other=h))
    return out


# -- own-turn uses ---------------------------------------------------------------

def _plays_of(card: str) -> Made[str, PlayTactic]:
    return Made(lambda troop: PlayTactic(card, troop))


ON: Made[str, Made[str, PlayTactic]] = Made(_plays_of)
"""ON[card][troop]: the play of `card` on `troop`, offered on every troop most actions, so
built once."""


Gen = Callable[[TacticaState, Board, int, str, Sequence[str]], list[PlayTactic]]
"""A card's plays: given the state, the field, the player, the card and which of the player's
troops on the field to look at: all of them to list the plays, or to check a play the one
troop it names (none when it names no troop of the player's), since a play on a troop
comes only from looking at that troop."""


def _crown(state: TacticaState, b: Board, p: int, card: str,
           own: Sequence[str]) -> list[PlayTactic]:
    faces = state.table.faces
    on = ON[card]
    return [on[t] for t in own if faces[t] in ("champion", "foot")]


def _disengage_move(state: TacticaState, b: Board, p: int, card: str,
                    own: Sequence[str]) -> list[PlayTactic]:
    """On each troop locked in place (movement.locked)."""
    danger, pos, unlocked, on, bit = b.danger(p), b.pos, state.unlocked, ON[card], GEOM.bit
    return [on[t] for t in own if t not in unlocked and bit[pos[t]] & danger]


def _engineer_move(state: TacticaState, b: Board, p: int, card: str,
                   own: Sequence[str]) -> list[PlayTactic]:
    engineered, on = state.engineered, ON[card]
    return [on[t] for t in own if t not in engineered]


def _engineer_combat(state: TacticaState, b: Board, p: int, card: str,
                     own: Sequence[str]) -> list[PlayTactic]:
    out = []
    for t in own:
        c = b.pos[t]
        for spot in (c, *GEOM.neighbours[c]):
            feature = b.wall_at.get(spot) or b.landmark_at.get(spot)
            if feature is not None:
                out.append(PlayTactic(card, t, other=feature))
    return out


def _horse_move(state: TacticaState, b: Board, p: int, card: str,
                own: Sequence[str]) -> list[PlayTactic]:
    if state.moves_made or state.moves_left <= 0:
        return []
    on = ON[card]
    return [on[t] for t in own if not locked(state, b, t)]


def _horse_combat(state: TacticaState, b: Board, p: int, card: str,
                  own: Sequence[str]) -> list[PlayTactic]:
    faces = state.table.faces
    on = ON[card]
    return [on[t] for t in own
            if faces[t] in MELEE and t not in state.attacked and t not in state.off_bonus]


def _press_muster(state: TacticaState, b: Board, p: int, card: str,
                  own: Sequence[str]) -> list[PlayTactic]:
    if state.musters_left <= 0 or not state.table.zones[TRAINING].cards:
        return []
    on = ON[card]
    return [on[t] for t in own
            if t not in state.training and b.near_own_wall(b.pos[t], p)]


def _press_move(state: TacticaState, b: Board, p: int, card: str,
                own: Sequence[str]) -> list[PlayTactic]:
    climbers, on = state.climbers, ON[card]
    return [on[t] for t in own if t not in climbers]


def _press_combat(state: TacticaState, b: Board, p: int, card: str,
                  own: Sequence[str]) -> list[PlayTactic]:
    faces = state.table.faces
    out = []
    for t in own:
        if t in state.press or (not state.options.advanced_cards and faces[t] not in MELEE):
            continue
        victim = state.attack_of.get(t)
        if t not in state.attacked or (victim is not None and victim in b.pos
                                       and distance(b.pos[t], b.pos[victim]) == 1):
            out.append(ON[card][t])
    return out


def _rescue_move(state: TacticaState, b: Board, p: int, card: str,
                 own: Sequence[str]) -> list[PlayTactic]:
    if state.moves_left <= 0:
        return []
    return _rescues(state, b, p, card, own, ())


def _rescue_combat(state: TacticaState, b: Board, p: int, card: str,
                   own: Sequence[str]) -> list[PlayTactic]:
    return _rescues(state, b, p, card, own, state.attacked)


def _saved_move(state: TacticaState, b: Board, p: int, card: str,
                own: Sequence[str]) -> list[PlayTactic]:
    return [ON[card][""]] if b.paired(p, state.table.faces) else []


def _shieldwall_move(state: TacticaState, b: Board, p: int, card: str,
                     own: Sequence[str]) -> list[PlayTactic]:
    """On each of p's Foot with a melee troop of theirs beside them: to list them, all that
    Board.braced keeps; to check a play, the one Foot it names."""
    on, faces = ON[card], state.table.faces
    if len(own) <= 1:
        return [on[t] for t in own if faces[t] == "foot" and b.friends(t, faces)[0]]
    return [on[t] for t in b.braced(p, faces)]


def _spy(state: TacticaState, b: Board, p: int, card: str,
         own: Sequence[str]) -> list[PlayTactic]:
    return [ON[card][""]]


OWN: dict[tuple[str, str], Gen] = {
    ("crown", "muster"): _crown, ("crown", "movement"): _crown, ("crown", "combat"): _crown,
    ("disengage", "movement"): _disengage_move,
    ("engineer", "movement"): _engineer_move, ("engineer", "combat"): _engineer_combat,
    ("horse", "movement"): _horse_move, ("horse", "combat"): _horse_combat,
    ("press", "muster"): _press_muster, ("press", "movement"): _press_move,
    ("press", "combat"): _press_combat,
    ("rescue", "movement"): _rescue_move, ("rescue", "combat"): _rescue_combat,
    ("saved", "movement"): _saved_move,
    ("shieldwall", "movement"): _shieldwall_move,
    ("spy", "muster"): _spy, ("spy", "movement"): _spy, ("spy", "combat"): _spy,
}

# -- counter-card answers (the defender, during the other player's turn) ---------------


def _disengage_defend(state: TacticaState, b: Board, p: int, card: str,
                      own: Sequence[str]) -> list[PlayTactic]:
    """The fall-back hexes: free, next to no enemy, within the MOV the troop has left."""
    out = []
    faces = state.table.faces
    for t in own:
        if not state.damage.get(t) or t in state.disengage_to:
            continue
        c = b.pos[t]
        melee = faces[t] in MELEE
        mov = mov_left(state, t)
        for n in GEOM.neighbours[c]:
            if (step_cost(b, p, melee, c, n, False, False) <= mov
                    and not b.enemy_adjacent(n, p)):
                out.append(PlayTactic(card, t, n[0], n[1]))
    return out


def saved_defenders(state: TacticaState, b: Board, troop: str) -> list[str]:
    advanced_foot = state.options.advanced_cards and state.table.faces[troop] == "foot"
    return _melee_friends(state, b, troop, only_foot=advanced_foot)


def _saved_defend(state: TacticaState, b: Board, p: int, card: str,
                  own: Sequence[str]) -> list[PlayTactic]:
    faces = state.table.faces
    allowed = ("champion", "foot") if state.options.advanced_cards else MELEE
    out = []
    for t in own:
        if faces[t] not in allowed or not state.damage.get(t) or t in state.saved_by:
            continue
        out.extend(PlayTactic(card, t, other=d) for d in saved_defenders(state, b, t))
    return out


def _shieldwall_defend(state: TacticaState, b: Board, p: int, card: str,
                       own: Sequence[str]) -> list[PlayTactic]:
    faces = state.table.faces
    out = []
    for t in own:
        if faces[t] != "foot":
            continue
        if state.damage.get(t) or any(state.damage.get(f)
                                      for f in _melee_friends(state, b, t, only_foot=True)):
            out.append(ON[card][t])
    return out


def _disengage_escape(state: TacticaState, b: Board, p: int, card: str,
                      own: Sequence[str]) -> list[PlayTactic]:
    out = []
    for t in own:
        if b.enemy_adjacent(b.pos[t], p):
            dests = reach(state, b, t, mov_left(state, t), free=True)
            out.extend(PlayTactic(card, t, c[0], c[1]) for c in sorted(dests))
    return out


OWN_IN: dict[str, dict[str, Gen]] = {
    phase: {face: gen for (face, when), gen in OWN.items() if when == phase}
    for phase in PHASE_KEY.values()}
"""OWN by phase, then by face."""

COUNTER: dict[tuple[str, str], Gen] = {
    ("disengage", "attack"): _disengage_defend,
    ("saved", "attack"): _saved_defend,
    ("shieldwall", "attack"): _shieldwall_defend,
    ("disengage", "move"): _disengage_escape,
    ("saved", "move"): _saved_move,
    ("shieldwall", "move"): _shieldwall_move,
}


COUNTER_TO: dict[str, dict[str, Gen]] = {
    trigger: {face: gen for (face, what), gen in COUNTER.items() if what == trigger}
    for trigger in ("attack", "move")}
"""COUNTER by what it answers, then by face."""


def _uses(state: TacticaState, player: int, trigger: str | None) -> dict[str, Gen] | None:
    """The plays of each face `player` may make now, its own turn's (`trigger` None) or its
    answers to an enemy's "attack" or "move"; None when it may play no tactics card."""
    if blocked(state, player):
        return None
    phase = PHASE_KEY.get(state.phase)
    if phase is None:
        return None
    return OWN_IN[phase] if trigger is None else COUNTER_TO[trigger]


def plays(state: TacticaState, player: int, trigger: str | None) -> list[PlayTactic]:
    """Every legal tactics play of `player` now, one card per face: its own turn's uses
    (`trigger` None), or its answers to an enemy's "attack" or "move"."""
    uses = _uses(state, player, trigger)
    if uses is None:
        return []
    b = board(state)
    own = b.troops[player]
    out: list[PlayTactic] = []
    for face, held in hand(state, player).items():
        gen = uses.get(face)
        if gen is not None:
            out += gen(state, b, player, held[0], own)
    return out


def offered(state: TacticaState, player: int, action: PlayTactic, trigger: str | None) -> bool:
    """Whether `action` is one of the plays of its card now (plays). A load checks every
    recorded play: only the troop it names is looked at, as a play on a troop comes only
    from looking at that troop (Gen), and the card's plays on other targets are passed
    over by the target alone, not compared field by field."""
    card = action.card
    table = state.table
    if table.where.get(card) != barracks(player):
        return False
    uses = _uses(state, player, trigger)
    gen = None if uses is None else uses.get(table.faces[card])
    if gen is None:
        return False
    b = board(state)
    target = action.target
    own = (target,) if target in b.troops[player] else ()
    return action in [a for a in gen(state, b, player, card, own) if a.target == target]


def problem(state: TacticaState, player: int, action: PlayTactic, trigger: str | None) -> str:
    """Why a PlayTactic that is not legal now is refused, in the rulebook's words."""
    table = state.table
    if action.card not in table.where or table.where[action.card] != barracks(player):
        return "that card is not in your barracks"
    face = table.faces[action.card]
    if face not in TACTIC_FACES:
        return "only tactics cards are played this way"
    if blocked(state, player):
        return ("your CROWN is a hostage and you had no hostage to ransom: "
                "you cannot use tactics cards")
    if face == "negate":
        return "NEGATE is played only in answer to an opponent's tactics card"
    phase = PHASE_KEY.get(state.phase)
    if phase is None:
        return "tactics cards are played from the first turn on"
    if trigger is not None and not CONTENT.tactics[face].counter:
        return f"{name(face)} is not a counter-card"
    if trigger is None and (face, phase) not in OWN:
        return f"{name(face)} has no use in the {state.phase} phase on your own turn"
    if trigger is not None and (face, trigger) not in COUNTER:
        return f"{name(face)} cannot answer this"
    if face == "horse" and phase == "movement" and state.moves_made:
        return "HORSE must be played before any movement"
    return f"{name(face)} cannot be played on that target now"


# -- effects ------------------------------------------------------------------------


def begin(state: TacticaState, player: int, action: PlayTactic) -> tuple[Play, Event]:
    """Put the card into play: it waits in PLAYED until the other side may NEGATE it."""
    phase = PHASE_KEY[state.phase]
    cardmoves.put(state, action.card, PLAYED)
    hexc = None if action.q is None or action.r is None else (action.q, action.r)
    play = Play(action.card, player, phase, action.target, hexc, action.other)
    return play, TacticPlayed(seat=player, card=action.card, phase=phase, target=action.target)


def negatable(state: TacticaState, play: Play) -> bool:
    """CROWN cannot be negated in MUSTER or MOVEMENT; every other card can."""
    return not (state.table.faces[play.card] == "crown" and play.phase != "combat")


def route(state: TacticaState, card: str, destination: str) -> None:
    state.routes[card] = destination


def _dest(face: str, phase: str) -> str:
    return CONTENT.tactics[face].uses[phase]  # type: ignore[index]


def resolve(state: TacticaState, play: Play) -> list[Event]:
    """The card stands: carry out its effect and note its RESOLUTION destination."""
    face = state.table.faces[play.card]
    handler = EFFECTS[(face, play.phase)]
    return handler(state, play)


def _fizzle(state: TacticaState, play: Play, why: str) -> list[Event]:
    route(state, play.card, "barracks")
    return [NoEffect(card=play.card, reason=why)]


def _on_field(state: TacticaState, troop: str) -> bool:
    return troop in board(state).pos


def _e_crown(state: TacticaState, play: Play) -> list[Event]:
    b = board(state)
    if play.target not in b.pos:
        return _fizzle(state, play, "the troop it was to replace has left the field")
    c = b.pos[play.target]
    old = play.target
    cardmoves.put(state, old, barracks(play.player))
    cardmoves.place(state, play.card, c)
    if old in state.training:
        state.training[play.card] = state.training.pop(old)
    if old in state.attacked:
        state.attacked.add(play.card)
    if old in state.mov_spent:  # designed: the CROWN takes over what its troop did this turn
        state.mov_spent[play.card] = state.mov_spent.pop(old)
    state.damage.pop(old, None)
    return [CrownTakesPlace(card=play.card, replaced=old, at=c)]


def _e_disengage_move(state: TacticaState, play: Play) -> list[Event]:
    route(state, play.card, _dest("disengage", "movement"))
    if not _on_field(state, play.target):
        return []
    if play.hex is None:
        state.unlocked.add(play.target)
        return [Disengaged(troop=play.target)]
    b = board(state)
    cost = reach(state, b, play.target, mov_left(state, play.target), free=True)[play.hex]
    state.mov_spent[play.target] = state.mov_spent.get(play.target, 0) + cost
    cardmoves.place(state, play.target, play.hex)
    return [DisengagedTo(troop=play.target, to=play.hex)]


def _e_disengage_combat(state: TacticaState, play: Play) -> list[Event]:
    b = board(state)
    if play.target not in b.pos or play.hex is None:
        route(state, play.card, "resupply")
        return []
    melee = state.table.faces[play.target] in MELEE
    cost = step_cost(b, play.player, melee, b.pos[play.target], play.hex, False, False)
    route(state, play.card, "barracks" if cost <= 1 else "resupply")
    state.def_bonus[play.target] = state.def_bonus.get(play.target, 0) + 1
    state.disengage_to[play.target] = play.hex
    return [FallBackReady(troop=play.target, to=play.hex)]


def _e_engineer_move(state: TacticaState, play: Play) -> list[Event]:
    route(state, play.card, _dest("engineer", "movement"))
    state.engineered.add(play.target)
    return [Engineered(troop=play.target)]


def _e_engineer_combat(state: TacticaState, play: Play) -> list[Event]:
    route(state, play.card, _dest("engineer", "combat"))
    feature = play.other
    if state.table.where.get(feature) != FIELD:
        return []
    owner = owner_of(feature)
    assert owner is not None
    made = _attacks_made(state)
    before = [off_against(state, board(state), a, t) for a, t in made]
    cardmoves.put(state, feature, lost(owner))
    state.landmark_side.pop(feature, None)
    events: list[Event] = [FeatureRemoved(feature=feature, owner=owner)]
    # Part 2: its bonuses and penalties "immediately vanish with respect to combat
    # resolution", also for the attacks already made this phase (a melee attack on a troop
    # on that wall loses its -2, one from beside an own wall its +1). DEF is reckoned at
    # RESOLUTION, so its bonuses vanish by themselves.
    b = board(state)
    for (attacker, target), old in zip(made, before, strict=True):
        change = off_against(state, b, attacker, target) - old
        if not change:
            continue
        state.damage[target] += change
        events.append(AttackRecounted(feature=feature, attacker=attacker, target=target,
                                      change=change, damage=state.damage[target]))
    return events


def _attacks_made(state: TacticaState) -> list[tuple[str, str]]:
    """(attacker, target) of this phase's attacks whose two troops are still on the field."""
    pos = board(state).pos
    return [(a, t) for a, t in sorted(state.attack_of.items()) if a in pos and t in pos]


def _e_horse_move(state: TacticaState, play: Play) -> list[Event]:
    route(state, play.card, _dest("horse", "movement"))
    b = board(state)
    if play.target not in b.pos:
        return []
    prefix = play.target[:play.target.index("-") + 1]
    members = [play.target] + [b.troop_at[n] for n in GEOM.neighbours[b.pos[play.target]]
                               if n in b.troop_at and b.troop_at[n].startswith(prefix)]
    state.moves_left -= 1
    state.moves_made += 1
    state.frames.append(frames.HorseGroupMove(seats=(play.player,), anchor=play.target,
                                              members=tuple(members)))
    return [GroupMoves(troop=play.target, companions=len(members) - 1)]


def _e_horse_combat(state: TacticaState, play: Play) -> list[Event]:
    route(state, play.card, _dest("horse", "combat"))
    state.off_bonus[play.target] = state.off_bonus.get(play.target, 0) + 1
    return [Charge(troop=play.target)]


def _e_press_muster(state: TacticaState, play: Play) -> list[Event]:
    route(state, play.card, _dest("press", "muster"))
    if (not _on_field(state, play.target) or play.target in state.training
            or not state.table.zones[TRAINING].cards or state.musters_left <= 0):
        return []
    state.musters_left -= 1
    return [cardmoves.train(state, play.target, 2)]


def _e_press_move(state: TacticaState, play: Play) -> list[Event]:
    route(state, play.card, _dest("press", "movement"))
    state.climbers.add(play.target)
    return [Climbing(troop=play.target)]


def _e_press_combat(state: TacticaState, play: Play) -> list[Event]:
    route(state, play.card, _dest("press", "combat"))
    bonus = 1 + (level(state, play.target) if state.options.advanced_cards else 0)
    state.press[play.target] = bonus
    events: list[Event] = [Pressed(troop=play.target, bonus=bonus)]
    victim = state.attack_of.get(play.target)
    b = board(state)
    if (victim is not None and victim in b.pos and play.target in b.pos
            and distance(b.pos[victim], b.pos[play.target]) == 1):
        state.damage[victim] = state.damage.get(victim, 0) + bonus
        events.append(MoreDamage(troop=victim, more=bonus, damage=state.damage[victim]))
    return events


def rescue(state: TacticaState, player: int, rescuer: str, hostage: str,
           spot: Coord | None) -> list[Event]:
    """Free `hostage`: a Champion or CROWN appears at `spot`, any other troop goes to RESUPPLY."""
    owner = owner_of(hostage)
    assert owner == player
    face = state.table.faces[hostage]
    if face in CHAMPIONS and spot is not None:
        cardmoves.place(state, hostage, spot)
        if state.phase is COMBAT:
            state.attacked.add(hostage)  # rescued in COMBAT: it cannot fight this phase
    else:
        cardmoves.put(state, hostage, resupply(owner))
        spot = None
    if face == "crown":
        state.crown_held[owner] = False
        state.ransom_blocked[owner] = False
    return [Rescued(seat=player, hostage=hostage, at=spot)]


def _e_rescue(state: TacticaState, play: Play) -> list[Event]:
    route(state, play.card, _dest("rescue", play.phase))
    b = board(state)
    if (play.target not in b.pos
            or state.table.where.get(play.other) != hostages(1 - play.player)):
        return []
    if play.phase == "movement":
        state.moves_left -= 1
    else:
        state.attacked.add(play.target)
    spot = play.hex if play.hex is not None and play.hex not in b.troop_at else None
    return rescue(state, play.player, play.target, play.other, spot)


def _e_saved_move(state: TacticaState, play: Play) -> list[Event]:
    route(state, play.card, _dest("saved", "movement"))
    state.swaps_due.append(play.player)
    return [SwapDue(seat=play.player)]


def _e_saved_combat(state: TacticaState, play: Play) -> list[Event]:
    route(state, play.card, _dest("saved", "combat"))
    b = board(state)
    if play.target not in b.pos:
        return []
    defenders = saved_defenders(state, b, play.target)
    if state.options.advanced_cards and state.table.faces[play.target] == "foot":
        bonus = sum(level(state, d) for d in defenders)
    else:
        bonus = len(defenders)
    state.def_bonus[play.target] = state.def_bonus.get(play.target, 0) + bonus
    partner = play.other if play.other in defenders else (defenders[0] if defenders else "")
    state.saved_by[play.target] = (partner, *[d for d in defenders if d != partner])
    return [Defended(troop=play.target, bonus=bonus)]


def _e_shieldwall_move(state: TacticaState, play: Play) -> list[Event]:
    route(state, play.card, _dest("shieldwall", "movement"))
    b = board(state)
    if play.target not in b.pos:
        return []
    members = (play.target, *_melee_friends(state, b, play.target))
    state.frames.append(frames.ShieldwallRearrange(seats=(play.player,), members=members,
                                                   swaps_left=len(members) - 1))
    return [ShieldwallOpened(troop=play.target)]


def _e_shieldwall_combat(state: TacticaState, play: Play) -> list[Event]:
    route(state, play.card, _dest("shieldwall", "combat"))
    b = board(state)
    if play.target not in b.pos:
        return []
    wall = [play.target, *_melee_friends(state, b, play.target, only_foot=True)]
    for f in wall:
        state.def_bonus[f] = state.def_bonus.get(f, 0) + 2
    return [ShieldwallRaised(foot=len(wall))]


def _e_spy_muster(state: TacticaState, play: Play) -> list[Event]:
    route(state, play.card, _dest("spy", "muster"))
    enemy = 1 - play.player
    table = state.table
    shown = list(table.zones[barracks(enemy)].cards or ())
    for card in shown:
        table.set_face(card, True)
    # The levels are told again; with the honour rule the training cards turn face up
    # to the spy until RESOLUTION, so the table records what was shown.
    for card in table.zones[trained(enemy)].cards or ():
        table.set_face(card, True)
    levels = tuple((t, level(state, t)) for t in board(state).troops[enemy] if level(state, t))
    return [BarracksSeen(seat=play.player, enemy=enemy, cards=tuple(shown), training=levels)]


def _e_spy_move(state: TacticaState, play: Play) -> list[Event]:
    route(state, play.card, _dest("spy", "movement"))
    cardmoves.search_piles(state, play.player)
    state.frames.append(frames.SpyLook(seats=(play.player,)))
    return [PilesSearched(seat=play.player)]


def _e_spy_combat(state: TacticaState, play: Play) -> list[Event]:
    route(state, play.card, _dest("spy", "combat"))
    enemy = 1 - play.player
    if state.table.zones[barracks(enemy)].cards:
        state.frames.append(frames.SpyReturn(seats=(enemy,)))
        return [ReturnDue(seat=enemy)]
    return reshuffle(state, enemy)


def reshuffle(state: TacticaState, player: int) -> list[Event]:
    return [cardmoves.shuffle(state, troop_pile(player)),
            cardmoves.shuffle(state, tactics_pile(player))]


EFFECTS: dict[tuple[str, str], Callable[[TacticaState, Play], list[Event]]] = {
    ("crown", "muster"): _e_crown, ("crown", "movement"): _e_crown,
    ("crown", "combat"): _e_crown,
    ("disengage", "movement"): _e_disengage_move, ("disengage", "combat"): _e_disengage_combat,
    ("engineer", "movement"): _e_engineer_move, ("engineer", "combat"): _e_engineer_combat,
    ("horse", "movement"): _e_horse_move, ("horse", "combat"): _e_horse_combat,
    ("press", "muster"): _e_press_muster, ("press", "movement"): _e_press_move,
    ("press", "combat"): _e_press_combat,
    ("rescue", "movement"): _e_rescue, ("rescue", "combat"): _e_rescue,
    ("saved", "movement"): _e_saved_move, ("saved", "combat"): _e_saved_combat,
    ("shieldwall", "movement"): _e_shieldwall_move,
    ("shieldwall", "combat"): _e_shieldwall_combat,
    ("spy", "muster"): _e_spy_muster, ("spy", "movement"): _e_spy_move,
    ("spy", "combat"): _e_spy_combat,
}
