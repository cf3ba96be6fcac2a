"""What the computer player sees in a position: what each unit and structure is worth,
the danger an enemy stands for, the exact odds of an attack (in floats: it is asked
thousands of times a game; a test holds it to engine.games.wintergrim.odds), the way to
the enemy, and what each card in hand is good for. The choices are policy.py's.

It reads only the seat's view it is given.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from engine.core.dice import pool_contest, pool_outcomes, pool_successes
from engine.games.wintergrim import combat, moving, world
from engine.games.wintergrim.content import TACTIC_EFFECTS, Card
from engine.games.wintergrim.state import PLAYED, SKY, WintergrimState, deck, hand

HQ_VALUE = 60.0  # destroying the enemy's last HQ wins the game (Destroy)
DRAW_WORKER = 4.0  # a worker drawing a card every turn
PATH_KEEP = 3.0  # a path in hand while none is in play: the way to the enemy
HAND = 6  # beyond this many cards in hand, each is worth less as pay


@lru_cache(maxsize=4096)
def pool_odds(pools: combat.Pools) -> tuple[float, float, float]:
    """(P(more successes), P(more with a 6 among them), P(the defender gets more)) for the
    dice of an attack as `combat.pools` reads them: the weather's Psyche rolls and a
    Hidden target's Luck roll first (as engine.games.wintergrim.odds, in floats)."""
    reach = any_success(pools.attacker_psyche) if pools.attacker_psyche is not None else 1.0
    if pools.hidden is not None:
        mine, theirs = pools.hidden
        reach *= 1.0 - float(pool_contest(theirs, mine).win)
    steady = any_success(pools.defender_psyche) if pools.defender_psyche is not None else 1.0
    hit = perfect = lose = 0.0
    attack = pool_outcomes(pools.attack, pools.attack_need)
    for defend, chance in ((pools.defend, steady), (0, 1.0 - steady)):
        if not chance:
            continue
        against = pool_successes(defend, pools.defend_need)
        for (wins, sixes), p in attack.items():
            beaten = float(p * against.p_at_most(wins - 1))
            hit += chance * beaten
            if sixes:
                perfect += chance * beaten
            lose += chance * float(p * (1 - against.p_at_most(wins)))
    return reach * hit, reach * perfect, reach * lose


@lru_cache(maxsize=256)
def any_success(dice: int) -> float:
    """P(at least one 4+ among `dice` d6): a Psyche or Flank roll, a keep roll."""
    return 1.0 - 0.5 ** max(0, dice)


@lru_cache(maxsize=256)
def strike_kills(dice: int, armour: int, health: int) -> tuple[float, float]:
    """A Strike tactic: (P(it brings the unit to H 0), expected Health lost)."""
    kill = hurt = 0.0
    for wins, p in pool_successes(dice).items():
        lost = max(0, wins - armour)
        hurt += float(p) * min(lost, health)
        if lost >= health:
            kill += float(p)
    return kill, hurt


def threat(card: Card) -> float:
    """How dangerous a unit is in an attack: its dice times what a win does."""
    weapon = card.weapon
    if weapon is None:
        return 0.0
    dice = card.stat(weapon.kind)
    if weapon.kind == "p":
        hit = 3.0  # a lure defeats outright
    elif "fire-arrows" in card.skills:
        hit = 3.5
    else:
        hit = weapon.damage + (1.0 if "crush" in card.skills else 0.0) \
            + (1.0 if "berserk" in card.skills else 0.0)
    reach = 1.0 + 0.4 * ("navigate" in card.skills or "flank" in card.skills) \
        + 0.3 * ("assault" in card.skills)
    return dice * hit * 0.5 * reach


def toughness(card: Card) -> float:
    return 0.5 * card.h + 0.7 * card.a + 0.2 * card.stat("cc")


def worth(card: Card) -> float:
    """What a unit in play is worth to its player (what losing it costs)."""
    return 1.0 + 0.5 * card.cost + threat(card) + 0.3 * toughness(card) + \
        (0.5 if card.is_("leader") else 0.0)


def is_fighter(card: Card) -> bool:
    return card.weapon is not None and not card.is_("worker")


class Look:
    """What the deciding seat sees, read once per decision."""

    def __init__(self, s: WintergrimState, seat: int) -> None:
        self.s = s
        self.seat = seat
        self.hand = list(s.table.cards_in(hand(seat)))
        self.food = world.food(s, seat)
        self.mine: list[str] = []
        self.foes: list[str] = []
        self.my_structures: list[str] = []
        for ident, entity, card in world.pieces(s):
            if entity.at in (PLAYED, SKY):
                continue
            if card.kind == "unit":
                (self.mine if entity.owner == seat else self.foes).append(ident)
            elif card.kind == "structure" and entity.owner == seat:
                self.my_structures.append(ident)
        self.areas = world.areas(s)
        self.my_areas = [a for a in self.areas if s.pieces[a].owner == seat]
        self.home = [a for a in self.my_areas if not world.is_path(s, a)]
        self.my_hq = [a for a in self.my_areas if world.card_of(s, a).hq]
        self.foe_hq = [a for a in self.areas
                       if s.pieces[a].owner != seat and world.card_of(s, a).hq]
        # where fighters march: the enemy HQ, or in Conquer the starting paths not yet
        # held by this seat alone
        self.goals = self.foe_hq
        if s.mode == "conquer":
            self.goals = [p for p in s.goals if p in s.pieces and not self.holds(p)] \
                or self.foe_hq
        self.leaders = [u for u in self.mine if world.card_of(s, u).is_("leader")]
        self.weather = world.weather(s)
        self.deck_left = len(s.table.cards_in(deck(seat)))  # a count: the faces are hidden
        self._dist: dict[tuple[str, str, int], int] = {}
        self.ground = world.Ground(s)
        self._memos: dict[tuple, object] = {}

    # -- what things are worth -------------------------------------------------------------
    def unit_worth(self, unit: str) -> float:
        s = self.s
        card = world.card_of(s, unit)
        value = worth(card)
        holder = s.pieces[unit].inside
        if card.is_("worker") and holder:
            kind = world.card_of(s, holder)
            if kind.power("draw-per-worker") is not None:
                value += DRAW_WORKER
            elif kind.power("tended") is not None:
                value += 1.5
        if s.mode == "assassinate" and unit in s.marked:
            value += HQ_VALUE
        if s.mode == "enslave":
            value += 4.0
        return value

    def structure_worth(self, ident: str) -> float:
        card = world.card_of(self.s, ident)
        if card.hq and self.s.mode == "destroy":
            hqs = [a for a in self.areas if self.s.pieces[a].owner == self.s.pieces[ident].owner
                   and world.card_of(self.s, a).hq]
            if len(hqs) <= 1:
                return HQ_VALUE
        inside = sum(self.unit_worth(u) for u in world.inside(self.s, ident))
        return 2.0 + card.cost + max(0, card.food) + (5.0 if card.hq else 0.0) + inside

    def target_worth(self, ident: str) -> float:
        if world.card_of(self.s, ident).kind == "structure":
            return self.structure_worth(ident)
        return self.unit_worth(ident) + self.danger(ident)

    def danger(self, unit: str) -> float:
        """What an enemy unit threatens to do to the seat: its best attack on what the
        seat has where it stands, or (halved) on the seat's HQ if one step away."""
        s = self.s
        if s.pieces[unit].owner == self.seat:
            return 0.0
        return self._memo(("danger", unit), lambda: self._danger(unit))  # type: ignore[return-value]

    def _danger(self, unit: str) -> float:
        s = self.s
        card = world.card_of(s, unit)
        entity = s.pieces[unit]
        if card.weapon is None or entity.inside:
            return 0.0
        kind = card.weapon.kind
        here = entity.at
        if here in self.my_areas:
            targets = [t for t in combat.targets(s, unit) if s.pieces[t].owner == self.seat]
            return max((self._attack_score(unit, t, kind, danger=False) for t in targets),
                       default=0.0)
        near = [hq for hq in self.my_hq if self.distance(unit, here, hq) == 1
                or "flank" in card.skills]
        if not near or kind == "p":
            return 0.0
        return 0.4 * max(self._attack_score(unit, hq, kind, danger=False) for hq in near)

    # -- attacks -----------------------------------------------------------------------------
    def _memo(self, key: tuple, work) -> object:
        try:
            return self._memos[key]
        except KeyError:
            self._memos[key] = value = work()
            return value

    def value(self, ident: str, stat: str, attack: str = "") -> int:
        return self._memo(("value", ident, stat, attack),  # type: ignore[return-value]
                          lambda: world.value(self.s, ident, stat, attack))

    def attack_odds(self, unit: str, target: str, kind: str) -> tuple[float, float, float]:
        """(P(the attack defeats the target), expected share of its Health taken, P(the
        defender gets more successes)), from the pools and the damage rule the rules use."""
        return self._memo(("odds", unit, target, kind),  # type: ignore[return-value]
                          lambda: self._attack_odds(unit, target, kind))

    def _attack_odds(self, unit: str, target: str, kind: str) -> tuple[float, float, float]:
        s = self.s
        hit, perfect, lose = pool_odds(combat.pools(s, unit, target, kind))
        plain = hit - perfect
        if combat.lethal(s, unit, target, kind, perfect=False):
            return hit, hit, lose
        sure = combat.lethal(s, unit, target, kind, perfect=True)
        left = max(1, self.value(target, "h") - s.pieces[target].counter("damage"))
        hurt_plain = combat.harm(s, unit, target, kind, perfect=False)[2]
        hurt_perfect = combat.harm(s, unit, target, kind, perfect=True)[2]
        kill = perfect * sure
        share = (perfect * min(hurt_perfect, left) + plain * min(hurt_plain, left)) / left
        return kill, share, lose

    def attack_score(self, unit: str, target: str, kind: str) -> float:
        return self._memo(("score", unit, target, kind),  # type: ignore[return-value]
                          lambda: self._attack_score(unit, target, kind))

    def _attack_score(self, unit: str, target: str, kind: str, danger: bool = True) -> float:
        kill, share, lose = self.attack_odds(unit, target, kind)
        value = self.target_worth(target) if danger else (
            self.structure_worth(target) if world.card_of(self.s, target).kind == "structure"
            else self.unit_worth(target))
        score = kill * value + 0.5 * (share - kill) * value
        s = self.s
        if kill and world.has(s, unit, "plunder"):
            score += kill * 1.5
        weapon = world.card_of(s, target).weapon
        if lose and weapon is not None and world.has(s, target, "counter-attack") \
                and weapon.damage:
            # Counter-attack: a defender that wins deals its weapon's damage back
            hurt = max(0, weapon.damage - self.value(unit, "a"))
            left = max(1, self.value(unit, "h") - s.pieces[unit].counter("damage"))
            score -= lose * min(1.0, hurt / left) * self.unit_worth(unit)
        return score

    def best_attack(self, unit: str) -> float:
        """The best attack `unit` could make from where it stands, were it free to."""
        s = self.s
        card = world.card_of(s, unit)
        entity = s.pieces[unit]
        if card.weapon is None or entity.counter("netted"):
            return 0.0
        if entity.inside and not (world.standing(s, unit) == "ship"
                                  and card.weapon.kind == "rc"):
            return 0.0
        return max((self.attack_score(unit, t, card.weapon.kind)
                    for t in combat.targets(s, unit)), default=0.0)

    # -- the way to the enemy ------------------------------------------------------------------
    def distance(self, unit: str, here: str, goal: str) -> int:
        """Move steps for `unit` from outside in `here` to `goal` (4: out of reach)."""
        if here == goal:
            return 0
        s = self.s
        seat = s.pieces[unit].owner
        assert seat is not None
        if world.has(s, unit, "navigate"):
            return 1
        key = (here, goal, seat)
        if key in self._dist:
            return self._dist[key]
        g = self.ground
        if moving._passable(g, seat, here, goal):
            d = 1
        elif any(moving._passable(g, seat, here, mid) and moving._passable(g, seat, mid, goal)
                 for mid in g.areas if mid not in (here, goal)):
            d = 2
        else:
            d = 4
        self._dist[key] = d
        return d

    def passable(self, unit: str, here: str, there: str) -> bool:
        s = self.s
        seat = s.pieces[unit].owner
        assert seat is not None
        return world.has(s, unit, "navigate") or moving._passable(self.ground, seat, here, there)

    def holds(self, area: str) -> bool:
        """Conquer (designed control): units of this seat there, and nobody else's."""
        owners = {e.owner for i, e in self.s.pieces.by_id.items()
                  if e.at == area and i != area and world.card_of(self.s, i).kind == "unit"}
        return owners == {self.seat}

    def steps_to_enemy(self, unit: str, area: str, inside: bool) -> int:
        """Move steps to the nearest goal (4: out of reach)."""
        if not self.goals:
            return 4
        best = min(self.distance(unit, area, goal) for goal in self.goals)
        return min(4, best + (1 if inside and best else 0))

    def threatened(self, area: str) -> float:
        """What the enemy units standing in `area` threaten."""
        return sum(0.5 + self.danger(u) for u in self.foes if self.s.pieces[u].at == area)

    def way_open(self) -> bool:
        """Whether this seat's fighters may reach the enemy HQ by some way now."""
        return any(self.steps_to_enemy(u, self.s.pieces[u].at, False) < 4
                   or world.has(self.s, u, "flank") for u in self.mine)

    # -- cards in hand ---------------------------------------------------------------------------
    def keep_value(self, card: str, others: Counter[str] | None = None) -> float:
        """How much a card in hand is worth keeping (the cheapest pay for the rest)."""
        s = self.s
        kind = world.card_of(s, card)
        value = self.card_use(kind)
        if kind.req and any(not world.meets(s, self.seat, r, "") for r in kind.req
                            if not r.local):
            value *= 0.6
        if kind.cost + 1 > len(self.hand) + 2:
            value *= 0.6
        if others is not None:
            seen = others[kind.key]
            value *= 0.7 ** seen
        return value

    def card_use(self, kind: Card) -> float:
        """What a card could do if played now or soon."""
        if kind.kind == "unit":
            if kind.is_("leader") and not self.leaders:
                return 3.0  # cards that require a leader wait for one
            if kind.is_("worker"):
                need = self.draw_slots() > 0 or kind.food > 0
                return 1.6 if need else 0.5 + 0.3 * max(0, kind.food)
            return 0.8 + 0.35 * threat(kind) + 0.1 * toughness(kind)
        if kind.kind == "structure":
            if kind.power("houses") is not None and kind.power("houses").roles and \
                    "worker" in kind.power("houses").roles and kind.power("tended") is None:
                return 0.6
            if kind.power("tended") is not None:
                return 1.2 if self.food <= 2 else 0.6
            return 1.8 if not self.housing_room() else 0.7
        if kind.kind == "weather":
            return 1.6 if not self.weather else 0.5
        effect = next((p.kind for p in kind.powers if p.kind in TACTIC_EFFECTS), "")
        if effect == "passage":
            return 0.5 if self.my_path() else PATH_KEEP
        return {"net": 1.4, "strike": 1.2, "counter": 1.1, "mend": 0.8, "calm": 1.0,
                "bribe": 1.0, "attach": 0.9, "draw": 1.2}.get(effect, 0.6)

    def pay_cost(self, card: str, cost: int) -> float:
        """What paying `cost` for `card` takes from the hand: its least useful cards."""
        if cost <= 0:
            return 0.0
        counts: Counter[str] = Counter()
        values = []
        for other in self.hand:
            if other == card:
                continue
            face = self.s.table.faces[other]
            values.append(self.keep_value(other, counts))
            counts[face] += 1
        values.sort()
        if len(values) < cost:
            return 1e9
        plenty = min(1.0, HAND / max(1, len(self.hand)))  # a big hand spares cards easily
        return plenty * sum(values[:cost])

    def draw_slots(self) -> int:
        """Draws still free: workers a draw structure could still take and count."""
        s = self.s
        free = 0
        for ident in self.my_structures:
            power = world.card_of(s, ident).power("draw-per-worker")
            if power is None:
                continue
            workers = sum(1 for u in world.inside(s, ident) if world.card_of(s, u).is_("worker"))
            free += max(0, min(power.most, workers + world.room_left(s, ident)) - workers)  # type: ignore[union-attr]
        return free

    def housing_room(self) -> int:
        """Room in structures that take fighters when paid and placed."""
        s = self.s
        room = 0
        for ident in self.my_structures:
            power = world.card_of(s, ident).power("houses")
            if power is not None and (not power.roles or {"warrior", "elite"} &  # type: ignore[union-attr]
                                      set(power.roles)):  # type: ignore[union-attr]
                room += max(0, world.room_left(s, ident))
        return room

    def my_path(self) -> bool:
        return any(world.is_path(self.s, a) for a in self.my_areas) or any(
            world.card_of(self.s, c).tactic == "path"
            for c in world.waiting_tactics(self.s) if self.s.pieces[c].owner == self.seat)

    def fighters(self) -> list[str]:
        return [u for u in self.mine if self.job(u) == "fight"]

    def job(self, unit: str) -> str:
        """"draw" (a worker counted by its structure's draw), "tend" (the worker that feeds
        a farm), "fight" (anything else with a weapon) or "idle"."""
        s = self.s
        card = world.card_of(s, unit)
        holder = s.pieces[unit].inside
        if card.is_("worker") and holder:
            kind = world.card_of(s, holder)
            workers = [u for u in world.inside(s, holder) if world.card_of(s, u).is_("worker")]
            draws = kind.power("draw-per-worker")
            if draws is not None and workers.index(unit) < draws.most \
                    and self.deck_left:  # type: ignore[union-attr]
                return "draw"
            if kind.power("tended") is not None and workers.index(unit) == 0:
                return "tend"
        return "fight" if card.weapon is not None else "idle"
