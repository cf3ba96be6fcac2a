"""The computer team: sensible, legal choices using only what the table shows.

Everything is measured in expected days, because days are what the team runs
out of. A location costs about 1/p days to get into (p, its exact chance from
engine.core.dice, with what the team carries); a face-down location costs the
average over the location cards the team has not seen; the way to Destination
is the cheapest path over those costs. Items are worth the days they save on
that average location, plus what they do in fights and against hazards.
The policy never looks at face-down cards or the order of a deck.

Variety comes from the agent's own random stream (never the match's): each seat picks
among the best Characters still free, and among the items worth nearly the most.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from heapq import heappop, heappush

from engine.core.actions import Action
from engine.core.dice import sum_of_dice
from engine.core.game import GameState
from engine.core.rng import Rng
from engine.games.nordguard.actions import (
    Attempt,
    ChooseCharacter,
    Decline,
    DoneStocking,
    EndDay,
    Fire,
    GiveUp,
    Look,
    NextEvent,
    PickUp,
    Restock,
    Scout,
    SetOut,
    StopFighting,
    Strike,
    TakeItem,
    Trade,
    UseItem,
)
from engine.games.nordguard.challenges import MAX_GUN_DICE, scout_key, sources
from engine.games.nordguard.content import HAZARDS, Challenge, Location, NordguardContent, Powers
from engine.games.nordguard.items import extra_uses, item_of, kind_of, scout_seat, team_powers
from engine.games.nordguard.state import NordguardState

NEXT_EVENT, DECLINE = NextEvent(), Decline()
STUCK = 4.0  # days a location the team cannot enter costs: the way round it
# Abilities by how much they help, as measured with balance.py (a Character alone on a
# 4x4 map); more slots first among equals (Oleg also carries four items and a Rifle).
# A Character is ranked by what its modifiers change: scouting, theft, rerolls, uses (Pi's
# accuracy), lost days (wards), restocking, rolls, combat.
CHARACTER_ORDER = ("scouts", "theft", "rerolls", "uses", "days-lost", "restock", "roll",
                   "combat")
# A seat picks at random among the best Characters still free, this many per seat of the
# team: a lone Character between the two strongest; a bigger team, which covers for a
# weaker pick, from a wider choice.
CHARACTER_CHOICES = 2
_ORDER = {kind: rank for rank, kind in enumerate(CHARACTER_ORDER)}
ITEM_SLACK = 0.1  # items worth within this many days of the best are picked among at random
HELD_DAY = 1.3  # a day banked in Rations is never lost to a roll: worth more than its face
LAST_DAYS = 2  # Rations are eaten once the countdown is down to this many days
GIVE_UP_ODDS = 0.2  # below this chance of winning a fight, keep the ammunition


@lru_cache(maxsize=4096)
def p_roll(dice: int, need: int) -> float:
    """Chance `dice` d6 reach `need` (need already net of bonuses)."""
    if need <= dice:
        return 1.0
    if need > 6 * dice:
        return 0.0
    return float(sum_of_dice(dice, 6).p_at_least(need))


@lru_cache(maxsize=4096)
def p_fight(gun_dice: int, need: int) -> float:
    if need <= 0:
        return 1.0
    if gun_dice == 0:
        return 0.0
    return float(sum_of_dice(min(gun_dice, MAX_GUN_DICE), 6).p_at_least(need))


class Kit:
    """What the team brings to a challenge: item kinds, gun dice, set amounts, abilities."""

    __slots__ = ("amount", "bonus", "guns", "kinds", "reroll", "unlimited")

    def __init__(self, c: NordguardContent, kinds: Counter[str], guns: int,
                 abilities: list[Powers]) -> None:
        self.kinds = kinds
        self.guns = guns
        self.unlimited = {k for k in kinds if not c.items[k].limited}
        self.bonus: dict[str, int] = {}
        self.amount = 0
        self.reroll = False
        for key in kinds:
            powers = c.items[key].powers
            for terrain, amount in powers.roll.items():  # one of each kind counts
                self.bonus[terrain] = self.bonus.get(terrain, 0) + amount
            self.amount += (powers.strike + powers.combat) * kinds[key]
        for powers in abilities:
            for terrain, amount in powers.roll.items():
                self.bonus[terrain] = self.bonus.get(terrain, 0) + amount
            self.amount += powers.combat
            self.reroll = self.reroll or powers.rerolls

    def chance(self, challenges: tuple[Challenge, ...] | list[Challenge]) -> tuple[float, int]:
        """(chance of meeting every challenge, days they cost)."""
        p, days = 1.0, 0
        for ch in challenges:
            if ch.kind == "roll":
                q = p_roll(ch.dice, ch.target - self.bonus.get(ch.terrain, 0))
                p *= q + (1 - q) * q if self.reroll else q
            elif ch.kind == "combat":
                p *= p_fight(self.guns, ch.total - self.amount)
            elif ch.kind == "blocked":
                return 0.0, 0
            else:
                days += ch.days
        return p, days

    def cost(self, challenges, bypass) -> float:
        """Expected days to get through, bypass first."""
        if self.kinds.keys() & set(bypass):
            return 1.0
        p, days = self.chance(challenges)
        return STUCK if p <= 0 else min(1.0 / p, STUCK) + days


class NordguardPolicy:
    """The computer team's choices; see the module docstring."""

    def __init__(self, content: NordguardContent) -> None:
        self.c = content
        self.plain: list[Location] = [loc for loc in content.location_list
                                      if loc.role == "location"]
        self.copies = sum(loc.copies for loc in self.plain)

    # -- the team's kit --------------------------------------------------------------------
    def kit(self, s: NordguardState, extra: str | None = None) -> Kit:
        kinds: Counter[str] = Counter()
        guns = 0
        for _, card in s.team_items():
            key = kind_of(s, card)
            kinds[key] += 1
            gun = self.c.items[key].powers.gun
            if gun:
                guns += s.uses.get(card, 0) * gun
        if extra is not None:
            kinds[extra] += 1
            item = self.c.items[extra]
            if item.powers.gun and isinstance(item.uses, int):
                guns += item.uses * item.powers.gun
        abilities = [p for _, p in team_powers(self.c, s)]
        return Kit(self.c, kinds, guns, abilities)

    def unknown_cost(self, kit: Kit) -> float:
        """The average location's cost: what a face-down card is expected to take."""
        total = sum(kit.cost(loc.challenge, loc.bypass) * loc.copies for loc in self.plain)
        return total / self.copies

    def value(self, s: NordguardState, key: str) -> float:
        """Days an extra item of this kind is expected to save over the run."""
        item = self.c.items[key]
        before, after = self.kit(s), self.kit(s, extra=key)
        steps = s.width + s.height - 2
        worth = steps * (self.unknown_cost(before) - self.unknown_cost(after))
        for m in item.modifiers:
            if m.to == "days" and m.add is not None:
                worth += HELD_DAY * m.add
            elif m.to == "combat":
                worth += 0.6 * (p_fight(after.guns, 9 - after.amount)
                                - p_fight(before.guns, 9 - before.amount)) * steps / 3
            elif m.to == "days-lost" and key not in before.kinds:
                worth += 0.08 * steps * len(m.when.get("hazard", HAZARDS))
            elif m.to == "scouts" and key not in before.kinds:
                worth += 0.5 if scout_seat(self.c, s) is not None else 1.0
        return worth

    # -- the way to Destination ----------------------------------------------------------------
    def enter_cost(self, s: NordguardState, kit: Kit, cell: int, unknown: float,
                   now: bool) -> float:
        """Expected days to get into `cell`; `now` counts scouted rolls lying on it."""
        location = s.location_at(cell)
        if location not in s.table.face_up:
            return unknown
        p, days = 1.0, 0
        for src in sources(self.c, s, cell):
            if kit.kinds.keys() & set(src.bypass):
                continue
            for i, ch in enumerate(src.challenges):
                faces = s.scouted.get(scout_key(src.card, i)) if now else None
                if faces is not None and ch.kind == "roll":
                    met = sum(faces) + kit.bonus.get(ch.terrain, 0) >= ch.target
                    if not met:
                        # A known failure: spend a day on it, then it is fresh again.
                        return 1.0 + self.enter_cost(s, kit, cell, unknown, now=False)
                    continue
                q, d = kit.chance((ch,))
                p *= q
                days += d
        if p <= 0:
            return STUCK * 3
        return min(1.0 / p + days, STUCK * 3)

    def distances(self, s: NordguardState, kit: Kit, unknown: float) -> list[float]:
        """Days from each cell to Destination (Dijkstra over entering costs)."""
        size = s.width * s.height
        dist = [float("inf")] * size
        goal = s.destination_cell
        dist[goal] = 0.0
        heap = [(0.0, goal)]
        costs = [self.enter_cost(s, kit, cell, unknown, now=False) for cell in range(size)]
        while heap:
            d, cell = heappop(heap)
            if d > dist[cell]:
                continue
            for _, n in s.neighbours(cell):
                nd = d + costs[cell]
                if nd < dist[n]:
                    dist[n] = nd
                    heappush(heap, (nd, n))
        return dist

    def plan(self, s: NordguardState) -> list[tuple[float, str, int]]:
        """Every move from here with its expected days to Destination, best first."""
        kit = self.kit(s)
        unknown = self.unknown_cost(kit)
        dist = self.distances(s, kit, unknown)
        out = []
        for direction, cell in s.neighbours(s.sled):
            total = self.enter_cost(s, kit, cell, unknown, now=True) + dist[cell]
            out.append((total, direction.name, cell))
        out.sort()
        return out

    # -- choosing ----------------------------------------------------------------------------
    def choose(self, state: GameState, actions: list[Action], rng: Rng) -> Action:
        s = state
        assert isinstance(s, NordguardState)
        if s.frames:
            return self._answer(s, actions)
        if s.phase == "characters":
            return self._character(s, actions, rng)
        if s.phase == "stock":
            return self._stock(s, actions, rng)
        if s.phase == "study":
            return next(a for a in actions if isinstance(a, SetOut))
        return self._day(s, actions)

    def _character(self, s: NordguardState, actions: list[Action], rng: Rng) -> Action:
        """One of the best Characters still free, by the order their abilities help."""
        def rank(action: Action) -> tuple[int, int]:
            assert isinstance(action, ChooseCharacter)
            character = self.c.characters[kind_of(s, action.character)]
            ability = min((_ORDER.get(m.to, len(_ORDER)) for m in character.modifiers),
                          default=len(_ORDER))  # a kind the order does not know: last
            return ability, -character.slots
        choices = CHARACTER_CHOICES * s.players
        return rng.choice(sorted(actions, key=rank)[:choices])

    def _stock(self, s: NordguardState, actions: list[Action], rng: Rng) -> Action:
        """An item worth nearly as many days as the best one; done when nothing helps."""
        worth = {a: self.value(s, kind_of(s, a.item)) for a in actions
                 if isinstance(a, TakeItem)}
        best = max(worth.values(), default=0.0)
        if best <= 0.05:
            return next(a for a in actions if isinstance(a, DoneStocking))
        return rng.choice([a for a, w in worth.items() if w >= best - ITEM_SLACK])

    def _answer(self, s: NordguardState, actions: list[Action]) -> Action:
        """A question is open: its answers tell which (each question has its own kinds)."""
        if NEXT_EVENT in actions:
            return NEXT_EVENT
        gives = [a for a in actions if isinstance(a, GiveUp)]
        if gives:
            return min(gives, key=lambda a: self.value(s, kind_of(s, a.item)))
        if DECLINE in actions:
            return DECLINE
        return self._arm_marksman(s, actions) or self._fight(s, actions)

    def _arm_marksman(self, s: NordguardState, actions: list[Action]) -> Action | None:
        """Hand a never-fired gun to a Character with accuracy before firing it: in those
        hands it holds extra uses (Rulebook, Trade and Combat Check)."""
        for action in actions:
            if not isinstance(action, Trade) or action.item in s.worn:
                continue
            if not self.c.items[kind_of(s, action.item)].powers.gun:
                continue
            here = extra_uses(self.c, s, action.item, s.carrier(action.item))
            if extra_uses(self.c, s, action.item, action.to) > here:
                return action
        return None

    def _fight(self, s: NordguardState, actions: list[Action]) -> Action:
        """Free set amounts first, then guns while the fight can still be won."""
        combat = s.combat
        assert combat is not None
        need = combat.need - combat.total
        strikes = [a for a in actions if isinstance(a, Strike)]
        free = [a for a in strikes if not item_of(self.c, s, a.item).limited]
        if free:
            return free[0]
        fires = [a for a in actions if isinstance(a, Fire)]
        limited_amount = sum(item_of(self.c, s, a.item).powers.strike for a in strikes)
        guns = sum(s.uses.get(a.item, 0) for a in fires)
        if p_fight(guns, need - limited_amount) < GIVE_UP_ODDS and (guns or need >
                                                                    limited_amount):
            return next(a for a in actions if isinstance(a, StopFighting))
        if fires:
            return max(fires, key=lambda a: s.uses.get(a.item, 0))
        return strikes[0]

    def _day(self, s: NordguardState, actions: list[Action]) -> Action:
        if s.sled == s.destination_cell:
            return next(a for a in actions if isinstance(a, EndDay))
        if s.countdown <= LAST_DAYS:
            for action in actions:
                if isinstance(action, UseItem):
                    return action  # Rations are kept for the last days, not eaten at once
        gain = self._gear_up(s, actions)
        if gain is not None:
            return gain
        attempts = [a for a in actions if isinstance(a, Attempt) and a.spend]
        if attempts:
            plan = self.plan(s)
            scout = self._scout(s, actions, plan)
            if scout is not None:
                return scout
            for _, direction, _ in plan:
                for action in attempts:
                    if action.direction == direction:
                        return action
        return next(a for a in actions if isinstance(a, EndDay))

    def _gear_up(self, s: NordguardState, actions: list[Action]) -> Action | None:
        """Pick up or restock the most useful item while a slot is free."""
        best: tuple[float, Action] | None = None
        for action in actions:
            if isinstance(action, PickUp):
                key = kind_of(s, action.item)
            elif isinstance(action, Restock):
                key = action.item_kind
            else:
                continue
            worth = self.value(s, key)
            if worth > 0.05 and (best is None or worth > best[0]):
                best = (worth, action)
        return None if best is None else best[1]

    def _scout(self, s: NordguardState, actions: list[Action],
               plan: list[tuple[float, str, int]]) -> Action | None:
        """Scout the most promising neighbour that is still face down.

        Never a face-up one the team means to try: the rolls made in advance ARE the next
        attempt's, so scouting it changes no odds, only turns a failure known (which the
        team then had to spend a day trying, day after day) and loses Geri's re-roll.
        """
        wanted = {a.cell: a for a in actions if isinstance(a, Scout | Look)}
        for _, _, cell in plan[:2]:
            if cell in wanted and s.location_at(cell) not in s.table.face_up:
                return wanted[cell]
        return None

