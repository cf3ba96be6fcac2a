"""What a gesture on the Yggdrasil table may mean: legal actions keyed by what they touch.

Every glow is read from the engine's legal actions for the seat that must decide, so
the table never offers what the rules refuse nor hides what they allow. The engine
lists one figure for all alike in a place (and one card for all copies in a hand); the
figure or card carried stands in for it. A drop that no legal action names is still
turned into the action it looks like, so that the engine refuses it with the rule's
own reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.games.yggdrasil.matplan import KEEP, PICK, battle_spot
from engine.core.actions import Action
from engine.games.yggdrasil import board
from engine.games.yggdrasil.actions import (
    Choose,
    Go,
    Invade,
    Join,
    Keep,
    Lay,
    March,
    MarchAlong,
    Pick,
    Pillage,
    Quest,
    Upgrade,
)
from engine.games.yggdrasil.battle import (
    YggCall,
)
from engine.games.yggdrasil.frames import (
    YggLeaderMove,
    YggMarchOn,
    YggOffer,
)
from engine.games.yggdrasil.state import RESERVE, VALHALLA, YggdrasilState

TRAY = "tray:"
"""A kind of figure in a clan's reserve or Valhalla is ``tray:<seat>:<where>:<kind>``."""


def tray_spot(seat: int, where: str, kind: str) -> str:
    return f"{TRAY}{seat}:{where}:{kind}"


def read_tray(spot: str) -> tuple[int, str, str]:
    seat, where, kind = spot.removeprefix(TRAY).split(":", 2)
    return int(seat), where, kind


def sheet_spot(seat: int) -> str:
    return f"sheet:{seat}"


def quest_spot(seat: int) -> str:
    return f"quests:{seat}"


@dataclass(frozen=True)
class Target:
    """One way to finish a gesture: drop on `spot`. `action` None with `choices`: the drop
    asks which (an upgrade that may replace one of several); `stage`: the drop sets the
    card aside until its partner comes (two picks at a time)."""

    spot: str
    action: Action | None
    caption: str = ""
    choices: tuple[Action, ...] = ()
    stage: bool = False


def _alike(state: YggdrasilState, a: str, b: str) -> bool:
    """Two figures the rules treat alike: one clan's, one kind, one place."""
    if a not in state.figures or b not in state.figures:
        return False
    x, y = state.figures[a], state.figures[b]
    return (x.owner, x.kind, x.at) == (y.owner, y.kind, y.at)


def _rage(cost: int) -> str:
    return "free" if cost == 0 else f"{cost} Rage"


def for_figure(state: YggdrasilState, legal: list[Action], spot: str) -> list[Target]:
    """Where a figure picked up may go: invading from its tray, marching, following a
    march, answering Call to Battle, the Leader's move."""
    top = state.frames[-1] if state.frames else None
    out: list[Target] = []
    if spot.startswith(TRAY):
        seat, where, kind = read_tray(spot)
        for a in legal:
            if isinstance(a, Invade) and a.figure == kind and a.from_valhalla == \
                    (where == VALHALLA):
                out.append(Target(a.to, a, _rage(_invade_cost(state, seat, a, top))))
        return out
    for a in legal:
        if isinstance(a, March) and _alike(state, a.figure, spot):
            out.append(Target(a.to, March(spot, a.to), _rage(1)))
        elif isinstance(a, MarchAlong) and _alike(state, a.figure, spot) and \
                isinstance(top, YggMarchOn):
            out.append(Target(top.to, MarchAlong(spot), "follows"))
        elif isinstance(a, Join) and _alike(state, a.figure, spot):
            out.append(Target(state.fight, Join(spot), "to battle"))
        elif isinstance(a, Go) and isinstance(top, YggLeaderMove) and top.figure == spot:
            out.append(Target(a.to, a, "free"))
    return out


def _invade_cost(state: YggdrasilState, seat: int, a: Invade, top: object) -> int:
    if isinstance(top, YggOffer):
        return 0
    if a.from_valhalla:
        domain = board.rule(state, seat, "invade-from-valhalla")
        return domain.params["rage"] if domain is not None else 0
    return board.invade_cost(state, seat, a.figure)


def clicks(state: YggdrasilState, legal: list[Action], spot: str) -> list[Action]:
    """What a click on a figure or a province answers: a figure chosen (to die, to be
    saved, to stay), a figure following a march, a province pillaged."""
    out: list[Action] = []
    for a in legal:
        if isinstance(a, Choose | MarchAlong) and _alike(state, a.figure, spot):
            out.append(Choose(spot, a.how) if isinstance(a, Choose) else MarchAlong(spot))
        elif isinstance(a, Pillage) and a.province == spot:
            out.append(a)
    return out


def for_card(state: YggdrasilState, legal: list[Action], ref: str, viewer: int,
             staged: tuple[str, ...] = ()) -> list[Target]:
    """Where a card carried may go: onto your hand (a draft pick), the kept card's place,
    your place in the battle, your clan sheet (an upgrade), your quest slot."""
    faces = state.table.faces
    face = faces.get(ref)
    out: list[Target] = []
    picks = [a for a in legal if isinstance(a, Pick)]
    if any(ref in a.cards for a in picks):
        if picks[0].cards and len(picks[0].cards) == 2:
            pair = next((a for a in picks if staged and set(a.cards) == {staged[0], ref}), None)
            out.append(Target(PICK, pair, "pick") if pair is not None
                       else Target(PICK, None, "pick", stage=True))
        else:
            out.append(Target(PICK, Pick((ref,)), "pick"))
    upgrades: list[Action] = []
    for a in legal:
        if isinstance(a, Keep) and a.card == ref:
            out.append(Target(KEEP, a, "keep"))
        elif isinstance(a, Lay) and a.card == ref:
            out.append(Target(battle_spot(viewer), a, "lay"))
        elif isinstance(a, Quest) and faces.get(a.card) == face:
            out.append(Target(quest_spot(viewer), Quest(ref), "commit"))
        elif isinstance(a, Upgrade) and faces.get(a.card) == face:
            upgrades.append(Upgrade(ref, a.replace))
    if len(upgrades) == 1:
        out.append(Target(sheet_spot(viewer), upgrades[0], _upgrade_caption(state, viewer, ref)))
    elif upgrades:
        out.append(Target(sheet_spot(viewer), None, _upgrade_caption(state, viewer, ref),
                          tuple(upgrades)))
    return out


def _upgrade_caption(state: YggdrasilState, seat: int, ref: str) -> str:
    return _rage(board.upgrade_cost(state, seat, board.card(state, ref)))


def at(targets: list[Target], under: list[str]) -> Target | None:
    """The target a drop means: the first of the things under the pointer (most particular
    first) that a target names."""
    for spot in under:
        for t in targets:
            if t.spot == spot:
                return t
    return None


# -- what a refused drop looked like --------------------------------------------------------
def figure_intent(state: YggdrasilState, spot: str, under: list[str]) -> Action | None:
    """The action a figure dropped on `under` looks like, so the engine can say why not."""
    place = next((s for s in under if s in board.content().provinces or board.is_fjord(s)), None)
    if place is None:
        return None
    top = state.frames[-1] if state.frames else None
    if spot.startswith(TRAY):
        _, where, kind = read_tray(spot)
        return Invade(kind, place, where == VALHALLA)
    if spot not in state.figures or state.figures[spot].at in (RESERVE, VALHALLA):
        return None
    if isinstance(top, YggCall):
        return Join(spot)
    if isinstance(top, YggMarchOn):
        return MarchAlong(spot)
    if isinstance(top, YggLeaderMove):
        return Go(place)
    return March(spot, place)


def card_intent(state: YggdrasilState, ref: str, under: list[str], viewer: int) -> Action | None:
    """The action a card dropped on `under` looks like (see figure_intent)."""
    for spot in under:
        if spot == PICK:
            return Pick((ref,))
        if spot == KEEP:
            return Keep(ref)
        if spot == battle_spot(viewer):
            return Lay(ref)
        if spot == quest_spot(viewer):
            return Quest(ref)
        if spot == sheet_spot(viewer):
            return Upgrade(ref)
    return None
