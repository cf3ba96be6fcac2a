"""What a gesture on the TACTICA table may mean: legal actions keyed by the hex they touch.

Every glow and every drop is read from the engine's legal actions for the
seat that must decide, so the table can never offer what the rules refuse
nor hide what they allow. A card dragged from the barracks, or a troop
picked up on the field, is matched against those actions; each match is
tied to the hexes a player would drop it on (the troop it targets, the hex
it goes to, the wall or landmark it names). A drop that still fits several
actions becomes a pick: the player finishes it with a click or a button.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from app.games.tactica.looks import LANDMARK_SEP
from engine.core.actions import Action
from engine.games.tactica import queries
from engine.games.tactica.actions import (
    Attack,
    Deploy,
    Move,
    Muster,
    Negate,
    PlaceLandmark,
    PlaceRescued,
    PlayTactic,
    Rescue,
    Swap,
    Train,
)
from engine.games.tactica.board import GEOM, board, level
from engine.games.tactica.field import Coord
from engine.games.tactica.state import TacticaState, owner_of


@dataclass(frozen=True)
class Target:
    """One way to finish a gesture: drop on `hex` (None: anywhere on the field)."""

    hex: Coord | None
    action: Action
    caption: str = ""  # shown on the glowing hex: a MOV cost, damage against DEF


def _pos(state: TacticaState, card: str) -> Coord | None:
    c = state.table.pos.get(card) if state.table.where.get(card) == "field" else None
    return None if c is None else (c[0], c[1])


def for_card(state: TacticaState, legal: list[Action], ref: str) -> list[Target]:
    """Where a card dragged out of the dock may go, and what each drop does."""
    if LANDMARK_SEP in ref:
        card, side = ref.split(LANDMARK_SEP, 1)
        return [Target((a.q, a.r), replace(a, card=card)) for a in legal
                if isinstance(a, PlaceLandmark) and a.side == side]
    faces = state.table.faces
    face = faces.get(ref)
    if face is None:
        return []
    out: list[Target] = []
    for a in legal:
        if isinstance(a, Deploy | Muster) and faces.get(a.card) == face:
            out.append(Target((a.q, a.r), replace(a, card=ref)))
        elif isinstance(a, Train) and face == "training":
            spot = _pos(state, a.troop)
            if spot is not None:
                out.append(Target(spot, a, f"{level(state, a.troop) + 1}x"))
        elif isinstance(a, Negate) and face == "negate" and len(a.cards) == 1:
            out.append(Target(None, Negate((ref,))))
        elif isinstance(a, PlayTactic) and faces.get(a.card) == face:
            play = replace(a, card=ref)
            spots = {s for s in (_pos(state, a.target) if a.target else None,
                                 (a.q, a.r) if a.q is not None and a.r is not None else None,
                                 _pos(state, a.other) if a.other else None) if s is not None}
            out.extend(Target(s, play) for s in sorted(spots))
            if not spots:
                out.append(Target(None, play))
    return out


def for_troop(state: TacticaState, legal: list[Action], troop: str) -> list[Target]:
    """Where a troop picked up on the field may be dropped: move, attack, swap or rescue."""
    out: list[Target] = []
    cost = queries.reachable(state, troop)
    hits = {t.target: t for t in queries.attack_targets(state, troop)}
    b = board(state)
    for a in legal:
        if isinstance(a, Move) and a.troop == troop:
            mov = cost.get((a.q, a.r))
            out.append(Target((a.q, a.r), a, "" if mov is None else f"{mov} MOV"))
        elif isinstance(a, Attack) and a.attacker == troop and a.target in b.pos:
            info = hits.get(a.target)
            caption = "" if info is None else damage_caption(info)
            out.append(Target(b.pos[a.target], a, caption))
        elif isinstance(a, Swap) and troop in (a.a, a.b):
            other = a.b if a.a == troop else a.a
            if other in b.pos:
                out.append(Target(b.pos[other], a, "swap"))
        elif isinstance(a, Rescue) and a.troop == troop and troop in b.pos:
            for n in GEOM.neighbours[b.pos[troop]]:
                wall = b.wall_at.get(n)
                if wall is not None and owner_of(wall) != owner_of(troop):
                    out.append(Target(n, a, "rescue"))
    return out


def damage_caption(info: queries.TargetInfo) -> str:
    """Damage so far plus this attack, against the DEF it must exceed for a capture."""
    hit = f"{info.damage}+{info.off}" if info.damage else f"{info.off}"
    return f"{hit} > DEF {info.defence}" if info.captures else f"{hit} of DEF {info.defence}"


def loose_targets(legal: list[Action]) -> list[Target]:
    """Answers that are a hex alone, offered on the field without dragging anything."""
    return [Target((a.q, a.r), a) for a in legal if isinstance(a, PlaceRescued)]


def at(targets: list[Target], c: Coord | None) -> list[Action]:
    """The distinct actions a drop on hex `c` may mean (anywhere-drops included)."""
    found: list[Action] = []
    for t in targets:
        if (t.hex is None or t.hex == c) and c is not None and t.action not in found:
            found.append(t.action)
    return found


def narrowing(state: TacticaState, actions: list[Action], dropped: Coord) -> list[Target]:
    """The hexes that tell apart several actions a single drop could mean.

    DISENGAGE dropped on a troop still needs its destination; ENGINEER the
    wall or landmark it removes. Each action is tied to the first hex it
    names other than the one already dropped on.
    """
    out = []
    for a in actions:
        spots: list[Coord | None] = []
        if isinstance(a, PlayTactic):
            spots = [(a.q, a.r) if a.q is not None and a.r is not None else None,
                     _pos(state, a.other) if a.other else None,
                     _pos(state, a.target) if a.target else None]
        found = next((s for s in spots if s is not None and s != dropped), None)
        if found is not None:
            out.append(Target(found, a))
    return out
