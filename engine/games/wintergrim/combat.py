"""Attacks (How to Play, 3: Attack; Card types; Skills) and what a defeat takes with it.

An attack is declared, the defender may have a Patrol or Protect unit take it,
every other player gets a tactics window (tactics may be played "any turn except
when dices are rolling"), and only then do the dice roll, all in one automatic
step so no window ever opens while they do.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from operator import attrgetter

from engine.core.events import Event
from engine.games.wintergrim import world
from engine.games.wintergrim.doing import draw, leave, roll, to_removed
from engine.games.wintergrim.events import BattleEnds, Defeated, StepFailed
from engine.games.wintergrim.state import WintergrimState, captured

RAIN = "rain"  # Skills, Fire Arrows: "Remove Fire Arrows if it rains"


# -- who may attack what ---------------------------------------------------------------------
def can_attack(state: WintergrimState, unit: str) -> bool:
    """Attack phase: an outside unit (or one inside a ship, with RC) that has a weapon, has
    not attacked, has not moved unless it has Assault, and no Net holds it."""
    entity = state.pieces.by_id[unit]
    card = world.card_of(state, unit)
    if card.weapon is None or "attacked" in entity.tokens:
        return False
    if "moved" in entity.tokens and "assault" not in card.skills:
        return False
    if world.netted(entity):
        return False
    if entity.inside:
        return world.standing(state, unit) == "ship" and card.weapon.kind == "rc"
    return True


@cache
def armed() -> dict[str, str]:
    """Per card key of a unit with a weapon, the weapon's kind ("cc", "rc", "p"): a
    listing asks of every unit whether it may attack, and most have no weapon."""
    return {key: card.weapon.kind for key, card in world.content().cards.items()
            if card.kind == "unit" and card.weapon is not None}


def targets(state: WintergrimState, unit: str) -> list[str]:
    """What `unit` may attack: enemy units and structures in its area (local), as the
    Card types section limits them (ships, Flying, a spirit's lure only on units)."""
    entity = state.pieces[unit]
    card = world.card_of(state, unit)
    assert card.weapon is not None
    combat = card.weapon.kind
    out: list[str] = []
    for other in state.pieces.ids_at(entity.at):
        target = state.pieces[other]
        if target.owner == entity.owner or other == unit:
            continue
        kind = world.card_of(state, other)
        if kind.kind == "structure":
            if combat == "p" or kind.h == 0:
                continue
            if kind.structure == "ship" and combat == "cc" and not _reaches_ships(state, unit):
                continue
        elif kind.kind == "unit":
            if "flying" in kind.skills and combat == "cc" and "flying" not in card.skills:
                continue
            if world.standing(state, other) == "ship" and combat == "cc" \
                    and not _reaches_ships(state, unit):
                continue
        else:
            continue
        out.append(other)
    return out


def _reaches_ships(state: WintergrimState, unit: str) -> bool:
    """Card types, Ship: not attacked in CC "except by units on a Ship or with
    Flying/Swim"."""
    skills = world.card_of(state, unit).skills
    return "flying" in skills or "swim" in skills or world.standing(state, unit) == "ship"


def guards(state: WintergrimState, target: str, attacker: str) -> list[str]:
    """Units that may take an attack aimed at `target` (Skills): Patrol, instead of a local
    structure or inside unit; Protect, an outside unit instead of another outside one."""
    aimed = state.pieces[target]
    kind = world.card_of(state, target)
    inner = kind.kind == "structure" or bool(aimed.inside)
    out: list[str] = []
    for other in world.local(state, aimed.at):
        entity = state.pieces[other]
        if other == target or entity.owner != aimed.owner or entity.inside:
            continue
        card = world.card_of(state, other)
        if card.kind != "unit":
            continue
        if (inner and "patrol" in card.skills) or (not inner and "protect" in card.skills):
            out.append(other)
    return out


# -- the roll --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Pools:
    """The dice of an attack as things stand: each side's pool and the face that succeeds
    (6 against Sneak), the Psyche rolls the weather asks first (None: none), and the Luck
    pools of a Hidden target's roll (attacker's, target's; None: it cannot hide)."""

    attack: int
    attack_need: int
    defend: int
    defend_need: int
    attacker_psyche: int | None
    defender_psyche: int | None
    hidden: tuple[int, int] | None


def pools(state: WintergrimState, unit: str, target: str, kind: str) -> Pools:
    tracking = world.has(state, unit, "tracking")
    defend = _defence_dice(state, target, kind)
    return Pools(
        attack=_combat_dice(state, unit, kind),
        attack_need=6 if world.has(state, target, "sneak") and not tracking else 4,
        defend=defend,
        defend_need=6 if world.has(state, unit, "sneak") and
        not world.has(state, target, "tracking") else 4,
        attacker_psyche=world.value(state, unit, "p")
        if world.must_roll_psyche(state, unit) else None,
        defender_psyche=world.value(state, target, "p")
        if defend and world.must_roll_psyche(state, target) else None,
        hidden=(_luck_dice(state, unit), _luck_dice(state, target))
        if world.has(state, target, "hidden") and not tracking else None)


def resolve(state: WintergrimState, unit: str, target: str, kind: str) -> list[Event]:
    """Roll the attack and carry out what comes of it; returns the events and leaves a
    defeated enemy unit's fate (capture or removal) to `fate`."""
    if unit not in state.pieces:
        return []
    seat = state.pieces[unit].owner
    assert seat is not None
    if target not in state.pieces or state.pieces[target].at != state.pieces[unit].at:
        state.pieces.mark(unit, "attacked")
        return [StepFailed(seat=seat, unit_name=world.name(state, unit),
                           why="its target is gone, so the attack fails")]
    state.pieces.mark(unit, "attacked")
    events: list[Event] = []
    name, target_name = world.name(state, unit), world.name(state, target)
    dseat = state.pieces[target].owner
    assert dseat is not None
    if world.must_roll_psyche(state, unit):
        _, wins, rolled = roll(state, seat, world.value(state, unit, "p"),
                               f"P for {name} (weather)")  # before anything else
        events.append(rolled)
        if not wins:
            return [*events, StepFailed(seat=seat, unit_name=name,
                                        why="it has no heart to attack in this weather")]
    p = pools(state, unit, target, kind)
    if p.hidden is not None:
        _, mine, rolled = roll(state, seat, p.hidden[0], f"L for {name}")
        _, theirs, hidden = roll(state, dseat, p.hidden[1], f"L for {target_name} (Hidden)")
        events += [rolled, hidden]
        if theirs > mine:
            return [*events, BattleEnds(
                seat=seat, unit_name=name, target_name=target_name, attacker=mine,
                defender=theirs, outcome="the target stays hidden; the attack is lost")]
    faces, mine, rolled = roll(state, seat, p.attack, f"{kind.upper()} for {name}",
                               p.attack_need)
    events.append(rolled)
    defend_dice = p.defend
    if p.defender_psyche is not None:
        _, wins, steady = roll(state, dseat, p.defender_psyche,
                               f"P for {target_name} to defend (weather)")
        events.append(steady)
        if not wins:
            defend_dice = 0
    dfaces, theirs, drolled = roll(state, dseat, defend_dice,
                                   f"{kind.upper()} for {target_name} to defend", p.defend_need)
    events.append(drolled)
    if mine > theirs:
        events += _hit(state, unit, target, kind, 6 in faces, mine, theirs)
    elif theirs > mine and world.has(state, target, "counter-attack") and \
            world.card_of(state, target).weapon is not None:
        events += _counter(state, target, unit, 6 in dfaces, mine, theirs)
    else:
        events.append(BattleEnds(seat=seat, unit_name=name, target_name=target_name,
                                 attacker=mine, defender=theirs,
                                 outcome="the defender holds (defenders deal no damage)"))
    return events


def _luck_dice(state: WintergrimState, ident: str) -> int:
    luck = world.value(state, ident, "l")
    return luck * 2 if world.has(state, ident, "luck-charm") else luck


def _combat_dice(state: WintergrimState, unit: str, combat: str) -> int:
    dice = world.value(state, unit, combat) + world.extra_dice(state, unit, combat) \
        if combat != "p" else world.value(state, unit, "p")
    if world.has(state, unit, "luck-charm"):
        dice += world.value(state, unit, "l")  # Skills: "add L many dices when making a roll"
    return dice


def _defence_dice(state: WintergrimState, target: str, combat: str) -> int:
    """The defender rolls the same kind (How to Play, 3), even with no weapon; Shieldwall
    lends +1 to another outside unit."""
    card = world.card_of(state, target)
    if card.kind == "structure":
        return card.stat(combat) if combat != "p" else 0
    dice = world.value(state, target, combat) + world.extra_dice(state, target, combat) \
        if combat != "p" else world.value(state, target, "p")
    entity = state.pieces[target]
    if combat in ("cc", "rc") and not entity.inside and any(
            world.has(state, other, "shieldwall") and not state.pieces[other].inside
            and state.pieces[other].owner == entity.owner
            for other in world.local(state, entity.at) if other != target
            and world.card_of(state, other).kind == "unit"):
        dice += 1
    if world.has(state, target, "luck-charm"):
        dice += world.value(state, target, "l")
    return dice


def _hit(state: WintergrimState, unit: str, target: str, combat: str, perfect: bool,
         mine: int, theirs: int) -> list[Event]:
    seat = state.pieces[unit].owner
    assert seat is not None
    card = world.card_of(state, unit)
    assert card.weapon is not None
    name, target_name = card.name, world.name(state, target)
    if combat == "p":
        outcome, falls = "lured away (a Psyche attack ignores Armour and Health)", True
    elif combat == "rc" and world.has(state, unit, "fire-arrows") and not _raining(state):
        outcome, falls = "fire arrows: a defeat", True
    else:
        damage, armour, hurt = harm(state, unit, target, combat, perfect)
        total = state.pieces[target].counter("damage") + hurt
        if hurt:
            state.pieces.count(target, "damage", total)
        falls = total >= world.value(state, target, "h")
        ignored = world.value(state, target, "a") and not armour
        why = ("perfect hit, Armour ignored: " if perfect else "Crush: ") if ignored else ""
        outcome = f"{why}{damage} damage, {hurt} to Health" if damage else "no damage"
        if hurt and combat == "cc" and world.has(state, unit, "berserk"):
            state.pieces.mark(unit, "attacked", on=False)  # Berserk: a new attack step
            outcome += "; Berserk: it may attack again"
    events: list[Event] = [BattleEnds(seat=seat, unit_name=name, target_name=target_name,
                                      attacker=mine, defender=theirs, outcome=outcome)]
    if world.has(state, unit, "steal"):
        events += _steal(state, unit, target)
    if falls:
        events += defeated(state, target, by=seat)
        if world.has(state, unit, "plunder") and unit in state.pieces:
            events.append(draw(state, seat, 2, f"Plunder of {name}"))
    return events


def harm(state: WintergrimState, unit: str, target: str, kind: str,
         perfect: bool) -> tuple[int, int, int]:
    """A hit's weapon damage, the Armour that counts against it (none for a perfect hit or
    Crush) and what gets through to Health."""
    weapon = world.card_of(state, unit).weapon
    assert weapon is not None
    damage = weapon.damage + world.value(state, unit, "damage", kind)
    armour = 0 if perfect or world.has(state, unit, "crush") else world.value(state, target, "a")
    return damage, armour, max(0, damage - armour)


def lethal(state: WintergrimState, unit: str, target: str, kind: str, perfect: bool) -> bool:
    """Whether a hit would defeat the target: a lure, fire arrows, or Health run out."""
    if kind == "p" or (kind == "rc" and world.has(state, unit, "fire-arrows")
                       and not _raining(state)):
        return True
    hurt = harm(state, unit, target, kind, perfect)[2]
    return state.pieces[target].counter("damage") + hurt >= world.value(state, target, "h")


def _steal(state: WintergrimState, unit: str, target: str) -> list[Event]:
    """Card types, Item: "can be stolen by units with Steal" (designed: a Steal unit that
    wins an attack takes every item on its target)."""
    items = [c for c in state.pieces[target].attached
             if world.content().cards[state.table.faces[c]].tactic == "item"]
    for item in items:
        state.pieces.detach(target, item)
        state.pieces.attach(unit, item)
    return [Defeated(seat=state.pieces[target].owner or 0, card=item,
                     card_name=world.name(state, item),
                     fate=f"stolen by {world.name(state, unit)}") for item in items]


def _counter(state: WintergrimState, target: str, unit: str, perfect: bool, mine: int,
             theirs: int) -> list[Event]:
    """Skills, Counter-attack: the defender deals its weapon's damage when it wins."""
    dseat = state.pieces[target].owner
    weapon = world.card_of(state, target).weapon
    assert dseat is not None and weapon is not None
    armour = 0 if perfect else world.value(state, unit, "a")
    hurt = max(0, weapon.damage - armour)
    total = state.pieces[unit].counter("damage") + hurt
    if hurt:
        state.pieces.count(unit, "damage", total)
    events: list[Event] = [BattleEnds(
        seat=dseat, unit_name=world.name(state, target), target_name=world.name(state, unit),
        attacker=theirs, defender=mine, outcome=f"Counter-attack: {hurt} to Health")]
    if total >= world.value(state, unit, "h"):
        events += defeated(state, unit, by=dseat)
    return events


def _raining(state: WintergrimState) -> bool:
    return any(state.table.faces[w] == RAIN for w in world.weather(state))


# -- defeat ----------------------------------------------------------------------------------
def defeated(state: WintergrimState, ident: str, by: int | None) -> list[Event]:
    """A card at H 0 (or lured, or burnt): a unit is marked for its attacker to capture or
    remove (the `fallen` token; `CaptureChoice` asks); a structure goes with what its
    kind takes along (Card types); an area card takes its player's structures there."""
    card = world.card_of(state, ident)
    owner = state.pieces[ident].owner
    assert owner is not None
    if card.kind == "unit":
        if by is not None and by != owner:
            state.pieces.mark(ident, "fallen")
            state.pieces.count(ident, "fallen-to", by + 1)
            return []
        return remove_unit(state, ident, "defeated and removed")
    return _structure_falls(state, ident)


def remove_unit(state: WintergrimState, ident: str, fate: str,
                capture_by: int | None = None) -> list[Event]:
    """A unit out of play, to its player's removed pile or a captor's captured pile."""
    owner = state.pieces[ident].owner
    assert owner is not None
    event = Defeated(seat=owner, card=ident, card_name=world.name(state, ident), fate=fate)
    if capture_by is not None:
        leave(state, ident, captured(capture_by))
    else:
        to_removed(state, ident)
    return [event]


def _structure_falls(state: WintergrimState, ident: str) -> list[Event]:
    card = world.card_of(state, ident)
    owner = state.pieces[ident].owner
    assert owner is not None
    events: list[Event] = []
    for unit in world.inside(state, ident):
        if card.structure in world.SHELTERS or (card.structure == "ship" and not (
                world.has(state, unit, "swim") or world.has(state, unit, "flying"))):
            events += remove_unit(state, unit, f"lost with {card.name}")
        else:
            state.pieces.change(unit, inside="")
            events.append(Defeated(seat=state.pieces[unit].owner or 0, card=unit,
                                   card_name=world.name(state, unit),
                                   fate=f"left outside the fallen {card.name}"))
    if card.area:
        events += area_falls(state, ident, owner)
    events.append(Defeated(seat=owner, card=ident, card_name=card.name, fate="destroyed"))
    to_removed(state, ident)
    return events


def area_falls(state: WintergrimState, area: str, owner: int) -> list[Event]:
    """Card types, Area: the player's structures and inside units there are removed; the
    rest are placed by their owners outside an area they own (designed: a structure
    keeps its inside units as it goes), or removed when they own none."""
    events: list[Event] = []
    for ident in [i for i in world.local(state, area) if i != area]:
        if ident not in state.pieces or state.pieces[ident].inside:
            continue  # inside units go with their structure
        entity = state.pieces[ident]
        card = world.card_of(state, ident)
        refuge = None if entity.owner == owner and card.kind == "structure" \
            else _refuge(state, entity.owner, area)
        if refuge is None:
            for unit in world.inside(state, ident):
                events += remove_unit(state, unit, f"lost with {world.name(state, area)}")
            if card.kind == "unit":
                events += remove_unit(state, ident, f"lost with {world.name(state, area)}")
            else:
                events.append(Defeated(seat=entity.owner or 0, card=ident,
                                       card_name=card.name, fate="lost with its area"))
                to_removed(state, ident)
            continue
        state.pieces.move(ident, refuge)
        events.append(Defeated(seat=entity.owner or 0, card=ident, card_name=card.name,
                               fate=f"moved to {world.name(state, refuge)}"))
    return events


def _refuge(state: WintergrimState, seat: int | None, lost: str) -> str | None:
    if seat is None:
        return None
    return next((a for a in world.owned_areas(state, seat) if a != lost), None)


def fallen(state: WintergrimState) -> list[str]:
    """Units at H 0 waiting for their attacker's choice: capture or remove. Asked after
    every step, and mostly no piece carries the token: the tokens of all are joined in
    one call before any piece is looked at."""
    by_id = state.pieces.by_id
    if "fallen" not in _NO_TOKENS.union(*map(_TOKENS, by_id.values())):
        return []
    return [i for i, e in by_id.items() if "fallen" in e.tokens]


_NO_TOKENS: frozenset[str] = frozenset()
_TOKENS = attrgetter("tokens")


def captor(state: WintergrimState, unit: str) -> int:
    return state.pieces[unit].counter("fallen-to") - 1


