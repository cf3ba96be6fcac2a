"""The Action phase for a computer clan: every action it may take is valued in Glory (what
it changes in `Look.worth`, what a pillage is likely to win, what an upgrade does) less
the Rage it costs, and the best one worth doing is taken; with nothing worth its Rage the
clan passes.

Rage left when the phase ends is lost, and a clan at 0 Rage may take no action, not even
a free one (ruling 5): before spending its last Rage, and once the phase may end with
the last province pillaged, a clan makes the pillages and commits the quests still worth
it.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import Action
from engine.games.yggdrasil import board
from engine.games.yggdrasil.actions import (
    Invade,
    March,
    MarchAlong,
    Pillage,
    Quest,
    Rest,
    Sacrifice,
    Upgrade,
)
from engine.games.yggdrasil.appraisal import CALLED, RAGE_GLORY, Look
from engine.games.yggdrasil.content import DestroyOnInvade
from engine.games.yggdrasil.gifts import card_worth, upgrade_worth

RAGE_PRICE = 0.45 * RAGE_GLORY  # a Rage of this phase: cheap, it is lost if unspent
HOPELESS = 0.35  # a pillage less likely than this is not tried
SURE = 0.75  # a pillage this likely is made at once rather than strengthened first
TEMPO = 0.3  # a pillage made now cannot be taken by another clan first
QUEST_NOW = 0.25  # a quest this likely is committed as soon as nothing better is to do
ENDING = 3  # provinces left to pillage when the phase may end before the Rage does
LAST_QUEST = 0.02  # a quest this likely is still committed at the end (failing costs nothing)
CRUSHED = 1.5  # an enemy figure the Troll or the Fire Giant destroys as it invades

Spot = tuple[str, str]  # (kind, place) of one of the seat's figures


@dataclass(frozen=True, slots=True)
class Scored:
    action: Action
    value: float
    rage: int  # what it costs


def choose_turn(look: Look, actions: list[Action]) -> Action:
    """The action of this turn (never None: passing is always among `actions`)."""
    now = look.worth()
    scored = [Scored(a, value(look, a, now), cost(look, a)) for a in actions]
    sure = [x for x in scored if isinstance(x.action, Pillage) and x.value > 0 and
            pillage_forecast(look, x.action.province, now)[0] >= SURE]
    if sure:  # free, and it takes nothing away: before the figures move on
        return max(sure, key=lambda x: x.value).action
    best = max(scored, key=lambda x: x.value)
    if best.rage >= look.s.rage[look.seat] or isinstance(best.action, Rest) or \
            best.value <= 0 or _ending(look):
        free = [x for x in scored if x.rage == 0 and isinstance(x.action, Pillage | Quest)]
        last = [x for x in free if _last_chance(look, x) > 0]
        if last:
            return max(last, key=lambda x: _last_chance(look, x)).action
    if best.value <= 0:
        return next(a for a in actions if isinstance(a, Rest))
    return best.action


def _ending(look: Look) -> bool:
    """The phase ends the moment every standing province is pillaged (facts 27), Rage
    left or not: with few left, a quest not yet committed may never be."""
    return sum(1 for p in look.standing if p not in look.s.pillaged) <= ENDING


def _last_chance(look: Look, x: Scored) -> float:
    """A free action worth taking before the Rage runs out."""
    if isinstance(x.action, Quest):
        card = look.card(x.action.card)
        chance = look.quest_chance(card.goal)
        return chance * look.quest_worth(card) if chance >= LAST_QUEST else 0.0
    return x.value + TEMPO


def cost(look: Look, action: Action) -> int:
    s, seat = look.s, look.seat
    if isinstance(action, Invade):
        if action.from_valhalla:
            rule = board.rule(s, seat, "invade-from-valhalla")
            return rule.params["rage"] if rule is not None else 0
        return board.invade_cost(s, seat, action.figure)
    if isinstance(action, March):
        return 1
    if isinstance(action, Upgrade):
        return board.upgrade_cost(s, seat, look.card(action.card))
    if isinstance(action, Pillage):
        return 0 if action.province not in s.pillaged else _again(look)
    return 0


def _again(look: Look) -> int:
    rule = board.rule(look.s, look.seat, "pillage-again")
    return rule.params["rage"] if rule is not None else 0


def value(look: Look, action: Action, now: float) -> float:
    if isinstance(action, Invade):
        return invade_value(look, action.figure, action.to, now) - \
            RAGE_PRICE * cost(look, action)
    if isinstance(action, March):
        return march_value(look, action.figure, action.to, now) - RAGE_PRICE
    if isinstance(action, Upgrade):
        return upgrade_value(look, action, now) - RAGE_PRICE * cost(look, action)
    if isinstance(action, Quest):
        card = look.card(action.card)
        chance = look.quest_chance(card.goal)
        return 0.25 * chance * look.quest_worth(card) if chance >= QUEST_NOW else -1.0
    if isinstance(action, Pillage):
        return pillage_value(look, action.province, now) - RAGE_PRICE * cost(look, action)
    if isinstance(action, Sacrifice):
        return sacrifice_value(look, action.stat, now)
    return 0.0  # passing


# -- moves --------------------------------------------------------------------------------
def invade_value(look: Look, kind: str, to: str, now: float) -> float:
    """What a figure of `kind` arriving at `to` adds (the Troll's and Fire Giant's
    victims counted)."""
    gain = look.worth([*look.spots(look.seat), (kind, to)]) - now
    m = board.monster(kind)
    crush = next((e for e in m.effects if isinstance(e, DestroyOnInvade)), None) \
        if m is not None else None
    if crush is not None:
        places = look.places.get(to, [to]) if crush.fjords else [to]
        victims = sum(1 for owner, k, at in look.on_board.values()
                      if owner != look.seat and at in places and k in crush.figures)
        gain += CRUSHED * victims
    return gain


def best_invasion(look: Look, kind: str, now: float) -> float:
    """The most a free figure of `kind` may add, wherever it invades."""
    places = board.destinations(look.s, look.seat, kind)
    return max((invade_value(look, kind, p, now) for p in places), default=0.0)


def march_value(look: Look, figure: str, to: str, now: float) -> float:
    """A march of `figure` and those worth taking along (MarchOn follows the same sums)."""
    source = look.figures[figure][2]
    spots = look.spots(look.seat)
    moved = _move(spots, look.figures[figure][1], source, to)
    best = look.worth(moved) - now
    room = board.room(look.s, to) - 1
    while room > 0:
        step = follow(look, moved, source, to)
        if step is None:
            break
        moved, gain = step
        best += gain
        room -= 1
    return best


def follow(look: Look, spots: list[Spot], source: str, to: str) -> tuple[list[Spot], float] | None:
    """The next figure worth marching along from `source` to `to`, and its gain."""
    base = look.worth(spots)
    options = []
    for kind in {k for k, at in spots if at == source and not board.is_ship(k)}:
        moved = _move(spots, kind, source, to)
        options.append((look.worth(moved) - base, moved))
    if not options:
        return None
    gain, moved = max(options, key=lambda x: x[0])
    return (moved, gain) if gain > 0 else None


def march_along(look: Look, actions: list[Action], source: str, to: str) -> Action | None:
    """The figure worth following the march (YggMarchOn), or None to stop."""
    base = look.worth()
    spots = look.spots(look.seat)
    best: Action | None = None
    best_gain = 0.0
    for a in actions:
        if isinstance(a, MarchAlong):
            gain = look.worth(_move(spots, look.figures[a.figure][1], source, to)) - base
            if gain > best_gain:
                best, best_gain = a, gain
    return best


def _move(spots: list[Spot], kind: str, source: str, to: str) -> list[Spot]:
    out = list(spots)
    out.remove((kind, source))
    out.append((kind, to))
    return out


def without(look: Look, figures: list[str]) -> list[Spot]:
    """The seat's spots once `figures` have left the board."""
    spots = look.spots(look.seat)
    for f in figures:
        _, kind, at = look.figures[f]
        spots.remove((kind, at))
    return spots


# -- upgrades, pillage, sacrifice ---------------------------------------------------------
def upgrade_value(look: Look, action: Upgrade, now: float) -> float:
    card = look.card(action.card)
    gain = upgrade_worth(look, card)
    if action.replace:
        gain -= upgrade_worth(look, look.card(action.replace))
    if card.kind == "monster":
        gain += max(0.0, best_invasion(look, card.key, now))
    elif card.kind == "troop" and card.troop is not None:
        kinds = [k for k in board.reserve_kinds(look.s, look.seat)
                 if (board.is_ship(k) if card.troop == "ship" else k == card.troop)]
        gain += max((best_invasion(look, k, now) for k in kinds), default=0.0)
    return gain


def pillage_value(look: Look, province: str, now: float) -> float:
    return pillage_forecast(look, province, now)[1]


def pillage_forecast(look: Look, province: str, now: float) -> tuple[float, float]:
    """The chance a pillage now wins, and its likely gain: the reward and the Axes if it
    wins, figures lost if not. A pillage not sure yet is weighed against waiting (more
    figures first); a sure one is made before the figures move on."""
    mine = look.mine()[province]
    helpers = CALLED * sum(sorted(_own_reach(look, province), reverse=True)
                           [:board.room(look.s, province)])
    card = look.best_card()
    chance = look.pillage_chance(province, int(mine + helpers), card)
    if chance < HOPELESS:
        return chance, -1.0
    win = look.reward_worth(province) + look.battle_glory(province)
    fighting = bool(look.rivals(province))
    card_cost = 0.5 * card if fighting else 0.0
    here = [f for f, (owner, _, at) in look.on_board.items()
            if owner == look.seat and at in look.places[province]]
    lose = now - look.worth(without(look, here))
    waited = look.prospect(province, mine) if chance < SURE else 0.0
    return chance, chance * (win - card_cost) * (1 + TEMPO) - (1 - chance) * lose - waited


def _own_reach(look: Look, province: str) -> list[int]:
    return [look.figure_str(look.seat, kind, province) for owner, kind, at
            in look.on_board.values() if owner == look.seat and
            at in board.adjacent(province) and not board.is_ship(kind)]


def sacrifice_value(look: Look, stat: str, now: float) -> float:
    """Frigga's Sacrifice: the stat step against the two figures that cost least."""
    rule = board.rule(look.s, look.seat, "sacrifice-for-stat")
    count = rule.params["figures"] if rule is not None else 2
    cheapest = cheapest_figures(look, count, now)
    return look.raise_worth(stat) - (now - look.worth(without(look, cheapest))) - 0.5


def cheapest_figures(look: Look, count: int, now: float) -> list[str]:
    mine = [f for f, (owner, _, _) in look.on_board.items() if owner == look.seat]
    loss = {f: now - look.worth(without(look, [f])) for f in mine}
    return sorted(mine, key=lambda f: loss[f])[:count]


def keep_worth(look: Look, ident: str) -> float:
    """What a card in hand is worth kept for later this Age (a quest still to commit, an
    upgrade still to play, a battle card for the next battle)."""
    return max(0.0, card_worth(look, look.card(ident)))
