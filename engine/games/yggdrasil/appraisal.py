"""One clan's reading of its view, in Glory: what its figures where they stand are worth
this Age, what a stat step is worth, and how a pillage would go.

Everything here reads the seat's view only: the board, the clan sheets, the discard and
the revealed cards are public; the seat's own hand and quests are its own; the other
hands are known by their size alone (their odds come from `forecast`).

The worth of a placing of the seat's figures (`Look.worth`) adds up what the rest of the
Age is likely to pay for it: Glory for dying in this Age's Ragnarök, its quests' chances
(most STR in a region or in Yggdrasil), the pillages its figures make possible, and a
little for figures that stay on the board into the next Age. A move is worth the change
it makes; the policy weighs that against the Rage it costs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from math import exp

from engine.core.modifiers import total
from engine.games.yggdrasil import board
from engine.games.yggdrasil.content import Card, InValhalla, MostInProvince, MostInRegion
from engine.games.yggdrasil.forecast import CardOdds, Rival
from engine.games.yggdrasil.state import RESERVE, VALHALLA, YggdrasilState, hand, quests

YGGDRASIL = board.YGGDRASIL
RAGE_GLORY = 1.0  # what one Rage of a later Action phase is worth in Glory
WINS_PER_AGE = 1.5  # battles a clan wins in an Age, for what Axes are worth
FIGURE_GLORY = 1.0  # one more figure on the board for an Age, for what Horns are worth
QUEST_STEP = 3.0  # the stat step a fulfilled quest adds, before the seat chooses it
RAISES_PER_AGE = {1: 2.0, 2: 1.2, 3: 0.5}  # steps a stat may still climb, by Age
PROSPECT = 0.5  # a pillage not yet made: others may take it first, cards run short
CALLED = 0.5  # an enemy's figures beside a battle join it about this often
STAYS = 0.6  # a figure left on the board for the next Age (Rage it need not spend)
SURVIVES = 0.9  # a figure in the doomed province still there at Ragnarök
UNKNOWN_CARD = 3  # Heimdall's Sight: about what the strongest enemy card adds


class Look:
    """`seat`'s reading of its view `s` (never the true state)."""

    def __init__(self, s: YggdrasilState, seat: int) -> None:
        self.s, self.seat = s, seat
        self.age, self.phase = s.age, s.phase
        self.others = [o for o in range(s.players) if o != seat]
        self.standing = board.standing(s)
        self.places = {p: board.battle_places(s, p) for p in self.standing}
        doom = s.doom[s.age - 1]
        self.doom = doom if doom not in s.destroyed and s.phase not in ("release",) else ""
        self.hand = list(s.table.cards_in(hand(seat)))
        self.quests = [board.card(s, c) for c in s.table.cards_in(quests(seat))]
        self.upgrades = board.upgrades(s, seat)
        self.odds = CardOdds(_unseen_pool(s))
        self._str: dict[tuple[int, str, bool], int] = {}
        self._pair = {q: total([m for c in board.upgrades(s, q) for m in c.modifiers],
                               "warrior-pair", {}) for q in range(s.players)}
        self.figures = {f: (e.owner, e.kind, e.at) for f in s.figures
                        for e in (s.figures[f],)}
        self.on_board = {f: v for f, v in self.figures.items() if v[2] not in (RESERVE, VALHALLA)}
        by_place = {o: self.place_str(o, self.spots(o)) for o in self.others}
        self.enemy_str = {p: {o: self.clan_str(o, p, by_place[o]) for o in self.others}
                          for p in self.standing}
        self.enemy_most = {p: max(self.enemy_str[p].values(), default=0) for p in self.standing}
        self.reach = {p: {o: self._reach(o, p) for o in self.others} for p in self.standing}
        self.hands = {o: len(s.table.cards_in(hand(o))) for o in self.others}
        self.quest_twice = 2 if board.rule(s, seat, "double-quest-glory") else 1
        self.doom_twice = 2 if board.rule(s, seat, "double-ragnarok-glory") else 1
        self.dragons = sum(e.glory for c in board.gains(s, seat, "ship-destroyed")
                           for e in c.effects if getattr(e, "on", "") == "ship-destroyed")
        self.held_quests = [c for c in map(self.card, self.hand) if c.kind == "quest"]
        self._prospects: dict[tuple[str, int], float] = {}
        self._worths: dict[tuple[tuple[str, str], ...], float] = {}
        self._raises: dict[tuple[str, int], float] = {}
        self._mine_now: dict[str, int] | None = None
        self._mine_now = self.mine()

    # -- figures and STR ------------------------------------------------------------------------
    def figure_str(self, seat: int, kind: str, place: str) -> int:
        key = (seat, kind, place == YGGDRASIL)
        got = self._str.get(key)
        if got is None:
            got = board.base_str(self.s, seat, kind, place)
            self._str[key] = got
        return got

    def place_str(self, seat: int, spots: Iterable[tuple[str, str]]) -> Counter[str]:
        """STR per place (province or fjord) of `seat`'s figures at `spots` (kind, place),
        its Warrior pairs counted per place."""
        out: Counter[str] = Counter()
        warriors: Counter[str] = Counter()
        for kind, place in spots:
            out[place] += self.figure_str(seat, kind, place)
            warriors[place] += kind == "warrior"
        pair = self._pair[seat]
        if pair:
            for place, n in warriors.items():
                out[place] += pair * (n // 2)
        return out

    def spots(self, seat: int) -> list[tuple[str, str]]:
        return [(kind, at) for owner, kind, at in self.on_board.values() if owner == seat]

    def clan_str(self, seat: int, province: str, spots: Counter[str] | None = None) -> int:
        """`seat`'s STR in `province` and its fjords (a battle's or a quest's count)."""
        by_place = spots if spots is not None else self.place_str(seat, self.spots(seat))
        return sum(by_place[p] for p in self.places[province])

    def mine(self, spots: list[tuple[str, str]] | None = None) -> dict[str, int]:
        """The seat's STR in every standing province (its fjords counted)."""
        if spots is None and self._mine_now is not None:
            return self._mine_now
        by_place = self.place_str(self.seat, spots if spots is not None else self.spots(self.seat))
        return {p: sum(by_place[x] for x in self.places[p]) for p in self.standing}

    def _reach(self, seat: int, province: str) -> list[int]:
        """STR of `seat`'s figures that Call to Battle could bring into `province`, the
        strongest first, no more than its empty villages hold (facts 35)."""
        room = board.room(self.s, province)
        beside = board.adjacent(province)
        near = [self.figure_str(seat, kind, province) for owner, kind, at
                in self.on_board.values() if owner == seat and at in beside
                and not board.is_ship(kind)]
        return sorted(near, reverse=True)[:room]

    # -- stats ------------------------------------------------------------------------------
    def raise_worth(self, stat: str, seat: int | None = None) -> float:
        """What one step up `stat` is worth: the end-of-game bonus it brings nearer
        (facts 48) and what the higher value does in the Ages left."""
        seat = self.seat if seat is None else seat
        got = self._raises.get((stat, seat))
        if got is None:
            got = self._raises[stat, seat] = self._raise_worth(stat, seat)
        return got

    def _raise_worth(self, stat: str, seat: int) -> float:
        step = self.s.step(stat, seat)
        if step >= 6:
            return 0.0
        track = board.content().track(stat).steps
        more = track[step] - track[step - 1]
        ahead = self._ahead()
        if stat == "rage":
            use = more * RAGE_GLORY * 6 * ahead["action"]
        elif stat == "axes":
            use = more * WINS_PER_AGE * ahead["battles"]
        else:
            use = more * FIGURE_GLORY * ahead["battles"]
        return self._track_worth(step + 1) - self._track_worth(step) + use

    def _ahead(self) -> dict[str, float]:
        """Action phases still to begin (Rage counts from the next), and Ages whose
        battles and figures are still to come (this one while its Action phase lasts)."""
        early = self.phase == "gifts"
        now = 1.0 if early else 0.5 if self.phase == "action" else 0.0
        return {"action": (3 - self.age + early) / 6, "battles": 3 - self.age + now}

    def _track_worth(self, step: int) -> float:
        """Glory a stat standing on `step` is likely to bring at the end: its bonus now
        and the next bonus by how likely it still climbs there."""
        bonus = board.content().clan.end_glory
        now = bonus[step - 1]
        later = next((j for j in range(step + 1, 7) if bonus[j - 1] > now), None)
        if later is None:
            return float(now)
        need = later - step
        climbs = RAISES_PER_AGE[self.age] * (1.0 if self.phase in ("gifts", "action") else 0.6)
        return now + (bonus[later - 1] - now) * min(1.0, climbs / need) * 0.75 ** need

    def best_raise(self) -> float:
        return max((self.raise_worth(st) for st in board.raisable(self.s, self.seat)),
                   default=0.0)

    def reward_worth(self, province: str) -> float:
        kind = self.s.tokens[province]
        if kind == "glory":
            token = next(t for t in board.content().board.pillage_tokens if t.reward == "glory")
            return float(token.glory)
        if kind == "all-stats":
            return sum(self.raise_worth(st) for st in ("rage", "axes", "horns"))
        return self.raise_worth(kind)

    # -- cards ------------------------------------------------------------------------------
    def card(self, ident: str) -> Card:
        return board.card(self.s, ident)

    def battle_str(self, ident: str) -> int:
        """The +STR a card of the hand adds when laid (a quest with Tyr's Domain or
        Wrath counts, Heimdall's Sight about the strongest enemy card)."""
        c = self.card(ident)
        if c.kind == "quest":
            return max((m.add or 0 for u in self.upgrades for m in u.modifiers
                        if m.to == "quest-in-battle"), default=0)
        if c.kind != "battle":
            return 0
        if c.rule("copy-highest-card") is not None:
            return UNKNOWN_CARD
        return c.str or 0

    def best_card(self) -> int:
        return max((self.battle_str(c) for c in self.hand), default=0)

    # -- quests -------------------------------------------------------------------------------
    def quest_chance(self, goal: object, mine: dict[str, int] | None = None) -> float:
        """How likely a quest's goal is met at the Quest phase, as the board stands."""
        mine = self.mine() if mine is None else mine
        if isinstance(goal, InValhalla):
            dead = sum(1 for owner, _, at in self.figures.values()
                       if owner == self.seat and at == VALHALLA)
            return 1.0 if dead >= goal.figures else 0.15 * dead / goal.figures
        if isinstance(goal, MostInProvince):
            places = [goal.province] if goal.province in self.places else []
        else:
            assert isinstance(goal, MostInRegion)
            places = [p for p in self.standing if p != YGGDRASIL and
                      board.content().provinces[p].region == goal.region]
        return max((self._lead_chance(mine[p] - self.enemy_most[p]) for p in places
                    if mine[p] > 0), default=0.0)

    def _lead_chance(self, lead: int) -> float:
        """A lead now is less sure while the others still have Rage to move."""
        spread = 0.4 + sum(self.s.rage[o] for o in self.others) / (2.0 * len(self.others))
        return 1.0 / (1.0 + exp(-(lead - 0.5) / spread))

    def quest_worth(self, quest: Card) -> float:
        """A fulfilled quest's Glory (twice with Odin's Throne) and its stat step."""
        return (quest.glory or 0) * self.quest_twice + QUEST_STEP

    # -- pillage ------------------------------------------------------------------------------
    def rivals(self, province: str) -> list[Rival]:
        """The other clans a pillage of `province` would meet: those there, and those who
        could answer Call to Battle."""
        out = []
        for o in self.others:
            strength = self.enemy_str[province][o] + CALLED * sum(self.reach[province][o])
            if strength > 0:
                out.append(Rival(strength, self.hands[o]))
        return out

    def pillage_chance(self, province: str, strength: int, card: int) -> float:
        return self.odds.win_chance(strength + card, self.rivals(province))

    def battle_glory(self, province: str) -> float:
        """The Axes Glory a won pillage pays when somebody fights it."""
        axes = board.stat(self.s, "axes", self.seat)
        if any(self.enemy_str[province][o] for o in self.others):
            return float(axes)
        return axes * 0.5 if any(self.reach[province][o] for o in self.others) else 0.0

    def prospect(self, province: str, strength: int) -> float:
        """What `strength` in `province` is worth for a pillage still to make there."""
        if strength <= 0 or province in self.s.pillaged:
            return 0.0
        key = (province, strength)
        got = self._prospects.get(key)
        if got is None:
            chance = self.pillage_chance(province, strength, self.best_card())
            got = PROSPECT * chance * (self.reward_worth(province) + self.battle_glory(province))
            self._prospects[key] = got
        return got

    # -- the worth of a placing -------------------------------------------------------------
    def worth(self, spots: list[tuple[str, str]] | None = None) -> float:
        """What the seat's figures at `spots` (kind, place) are likely to bring this Age."""
        spots = self.spots(self.seat) if spots is None else spots
        key = tuple(sorted(spots))
        got = self._worths.get(key)
        if got is not None:
            return got
        mine = self.mine(spots)
        value = sum(self.prospect(p, mine[p]) for p in self.standing)
        value += sum(self.quest_chance(q.goal, mine) * self.quest_worth(q)
                     for q in self.quests)
        value += sum(0.85 * self.quest_chance(c.goal, mine) * self.quest_worth(c)
                     for c in self.held_quests)
        value += self.ragnarok_worth(spots)
        value += STAYS * sum(1 for _, at in spots if not self._doomed(at))
        self._worths[key] = value
        return value

    def _doomed(self, place: str) -> bool:
        return bool(self.doom) and place in self.places.get(self.doom, ())

    def ragnarok_worth(self, spots: list[tuple[str, str]]) -> float:
        """Glory for the seat's figures dying in this Age's Ragnarök (facts 45), twice with
        Odin's Inspiration, and the Dragons' for its ships (ruling 24)."""
        if not self.doom or self.phase not in ("gifts", "action", "discard", "quest"):
            return 0.0
        dying = [kind for kind, at in spots if self._doomed(at)]
        if not dying:
            return 0.0
        per = board.content().board.ragnarok.glory[self.age - 1]
        ships = sum(1 for kind in dying if board.is_ship(kind))
        return SURVIVES * (len(dying) * per * self.doom_twice + ships * self.dragons)


def _unseen_pool(s: YggdrasilState) -> list[int]:
    """The +STR of every card of this Age's deck the seat has not seen (a hidden hand is
    drawn from these)."""
    faces = Counter(c.key for c in board.content().deck(s.age, s.players))
    faces.subtract(Counter(s.table.faces.values()))
    cards = board.content().cards
    out: list[int] = []
    for face, n in faces.items():
        if n <= 0:
            continue
        c = cards[face]
        worth = UNKNOWN_CARD if c.rule("copy-highest-card") is not None else \
            (c.str or 0) if c.kind == "battle" else 0
        out += [worth] * n
    return out
