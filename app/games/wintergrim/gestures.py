"""What a gesture on the Wintergrim table may mean: legal actions keyed by what they touch.

Every glow is read from the engine's legal actions for the seat that must
decide, so the table never offers what the rules refuse nor hides what they
allow. A drop is read from what lies under the pointer (a unit, then the
structure it stands on, then the area), most particular first: the first of
those a legal action names is the one meant. A drop no legal action names
is still turned into the action it looks like, so that the engine refuses it
with the rule's own reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import Action
from engine.games.wintergrim import world
from engine.games.wintergrim.actions import (
    Attack,
    Move,
    PayWith,
    Place,
    PlayTactic,
    Step,
)
from engine.games.wintergrim.state import SKY, WintergrimState, removed

ANYWHERE = "*"
"""A target that any drop on the table reaches (weather, a tactic with no target)."""
GROUND = "ground:"
"""An area's open ground is ``ground:<area>``: an HQ is an area and a structure under one
id, and a drop on its card (inside) is not a drop beside it (outside)."""


def ground(area: str) -> str:
    return f"{GROUND}{area}"


@dataclass(frozen=True)
class Target:
    """One way to finish a gesture: drop on `spot` (an entity id, a pile, the sky, or
    ANYWHERE)."""

    spot: str
    action: Action
    attack: bool = False  # glows as a threat


def for_unit(state: WintergrimState, legal: list[Action], unit: str) -> list[Target]:
    """Where a unit picked up on the table may be dropped: move steps, attacks, Heal and
    Exorcism onto the unit they help, and onto its player's removed pile when it may be
    removed to search the deck (the Ranger)."""
    out: list[Target] = []
    for a in legal:
        if isinstance(a, Step) and a.unit == unit and a.power == "search":
            out.append(Target(removed(state.pieces[unit].owner or 0), a))
        elif isinstance(a, Move) and a.unit == unit:
            out.append(Target(a.into or ground(a.area), a))
        elif isinstance(a, Attack) and a.unit == unit:
            out.append(Target(a.target, a, attack=True))
        elif isinstance(a, Step) and a.unit == unit and a.target:
            out.append(Target(a.target, a))
    return out


def for_card(state: WintergrimState, legal: list[Action], ref: str) -> list[Target]:
    """Where a card dragged out of the hand may go. The engine lists one card of each name;
    another card of that name is the same card to the rules, so it stands in for it."""
    faces = state.table.faces
    face = faces.get(ref)
    if face is None:
        return []
    out: list[Target] = []
    for a in legal:
        if isinstance(a, PayWith) and faces.get(a.card) == face:
            out.append(Target(removed(_hand_seat(state, ref)), PayWith(ref)))
        elif isinstance(a, Place) and faces.get(a.card) == face:
            kind = world.content().cards[face].kind
            spot = ANYWHERE if kind == "weather" else a.into or ground(a.area)
            out.append(Target(spot, a))
        elif isinstance(a, PlayTactic) and faces.get(a.card) == face:
            out.append(Target(a.target or ANYWHERE, a, attack=_hurts(state, a)))
    return out


def _hand_seat(state: WintergrimState, ref: str) -> int:
    zone = state.table.zones.get(state.table.where.get(ref, ""))
    return zone.owner if zone is not None and zone.owner is not None else 0


def _hurts(state: WintergrimState, a: PlayTactic) -> bool:
    """A tactic aimed at an enemy glows as a threat."""
    entity = state.pieces.by_id.get(a.target)
    return entity is not None and entity.owner != _hand_seat(state, a.card)


def at(targets: list[Target], under: list[str]) -> Action | None:
    """The action a drop means: the first of the things under the pointer (most particular
    first) that a target names, else a target reached from anywhere."""
    for spot in under:
        for t in targets:
            if t.spot == spot:
                return t.action
    if under:
        return next((t.action for t in targets if t.spot == ANYWHERE), None)
    return None


def spots(targets: list[Target]) -> dict[str, bool]:
    """What glows: each spot a target names, and whether it glows as a threat."""
    out: dict[str, bool] = {}
    for t in targets:
        spot = SKY if t.spot == ANYWHERE else t.spot
        out[spot] = out.get(spot, False) or t.attack
    return out


# -- what a refused drop looked like ---------------------------------------------------------
def unit_intent(state: WintergrimState, unit: str, under: list[str]) -> Action | None:
    """The action a unit dropped on `under` looks like, so the engine can say why not:
    onto an enemy, an attack; onto a structure (or a unit inside it), a move in; onto an
    area, a move outside there."""
    mine = state.pieces[unit].owner
    printed = world.card_of(state, unit)
    for spot in under:
        if spot.startswith(GROUND):
            return Move(unit, spot.removeprefix(GROUND), "")
        entity = state.pieces.by_id.get(spot)
        if entity is None or spot == unit:
            continue
        kind = world.card_of(state, spot).kind
        if entity.owner != mine and kind in ("unit", "structure"):
            combat = printed.weapon.kind if printed.weapon is not None else "cc"
            return Attack(unit, spot, combat)
        if kind == "unit":
            return Move(unit, entity.at, entity.inside)
        if kind == "structure":
            return Move(unit, entity.at, spot)
    return None


def card_intent(state: WintergrimState, ref: str, under: list[str]) -> Action | None:
    """The action a hand card dropped on `under` looks like (see unit_intent)."""
    printed = world.content().cards.get(state.table.faces.get(ref, ""))
    if printed is None:
        return None
    if printed.kind == "tactic":
        target = next((s for s in under if s in state.pieces), "")
        return PlayTactic(ref, target)
    if printed.kind == "weather":
        return Place(ref)
    for spot in under:
        if spot.startswith(GROUND):
            return Place(ref, spot.removeprefix(GROUND))
        entity = state.pieces.by_id.get(spot)
        if entity is None:
            continue
        kind = world.card_of(state, spot).kind
        if printed.kind == "unit" and kind == "unit" and entity.inside:
            return Place(ref, entity.at, entity.inside)
        if printed.kind == "unit" and kind == "structure":
            return Place(ref, entity.at, spot)
        if kind in ("unit", "structure"):
            return Place(ref, entity.at)
    return None
