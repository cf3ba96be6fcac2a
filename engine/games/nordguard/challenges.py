"""Challenges: what it takes to enter a location, and the odds of doing it.

A location's challenge list and every permanent event lying on it are each a
*source* of challenges (Rulebook, Key Terms: Challenge). A carried item the
source names as a bypass lets the team ignore that source entirely. The
pure functions here serve the rules, the odds display and the computer team
alike, so all three always agree on what a move takes.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.core.dice import DicePool, sum_of_dice
from engine.games.nordguard.content import Challenge, NordguardContent
from engine.games.nordguard.items import (
    derived,
    has_room,
    item_of,
    kind_of,
    name,
    reroller,
    restocks_at,
    team_powers,
)
from engine.games.nordguard.state import (
    DROPPED,
    FRONTIER,
    ITEM_DECK,
    MAP,
    NordguardState,
    cells_next_to,
)

MAX_GUN_DICE = 20  # the dice pool's limit; no team carries more gun uses in practice


@dataclass(frozen=True, slots=True)
class Source:
    """A card standing in the team's way: the location itself or a permanent event."""

    card: str
    label: str
    challenges: tuple[Challenge, ...]
    bypass: tuple[str, ...]


def sources(c: NordguardContent, s: NordguardState, cell: int) -> tuple[Source, ...]:
    """What stands in the way into `cell`: the location's challenges, then each permanent
    event lying on it; a source without challenges is left out."""
    location = s.location_at(cell)
    known = derived(s).sources
    own = known.get(location)
    if own is None:
        loc = c.locations[kind_of(s, location)]
        own = known[location] = (
            (Source(location, loc.name, tuple(loc.challenge), tuple(loc.bypass)),)
            if loc.challenge else ())
    if not s.placed:
        return own
    out = list(own)
    for ev in s.obstacles_on(location):
        card = c.events[kind_of(s, ev)]
        assert card.obstacle is not None
        out.append(Source(ev, card.name, (card.obstacle.challenge,),
                          tuple(card.obstacle.bypass)))
    return tuple(out)


def scout_key(card: str, index: int) -> str:
    return f"{card}/{index}"


def bypass_item(c: NordguardContent, s: NordguardState, src: Source,
                spend_limited: bool = True) -> str | None:
    """The carried item that lets the team ignore `src`: an unlimited one first."""
    best: str | None = None
    for _, card in s.team_items():
        if kind_of(s, card) not in src.bypass:
            continue
        if not item_of(c, s, card).limited:
            return card
        if spend_limited and best is None:
            best = card
    return best


# -- what the team adds to a roll or a fight --------------------------------------------

def roll_bonus(c: NordguardContent, s: NordguardState, terrain: str,
               items: list[str] | None = None) -> int:
    """What the team adds to a roll on this terrain: its items' modifiers (one of each kind
    counts) and its Characters'."""
    faces, powers = s.table.faces, c.powers
    kinds: set[str] = set()
    bonus = 0
    for card in items if items is not None else [i for _, i in s.team_items()]:
        face = faces[card]
        amount = powers[face].roll.get(terrain)
        if amount and face not in kinds:
            kinds.add(face)
            bonus += amount
    for _, p in team_powers(c, s):
        bonus += p.roll.get(terrain, 0)
    return bonus


def combat_base(c: NordguardContent, s: NordguardState, items: list[str] | None = None) -> int:
    """What every combat total starts from: the Characters' modifiers to every combat
    (Freki's brawn) and those of the items carried (or of `items`)."""
    faces, powers = s.table.faces, c.powers
    total = sum(p.combat for _, p in team_powers(c, s))
    for card in items if items is not None else [i for _, i in s.team_items()]:
        total += powers[faces[card]].combat
    return total


@dataclass(frozen=True, slots=True)
class Arsenal:
    """What the team could still put into a combat check."""

    gun_dice: int
    set_amount: int

    def pool(self, base: int) -> DicePool | None:
        if self.gun_dice == 0:
            return None
        return DicePool((6,) * min(self.gun_dice, MAX_GUN_DICE), base + self.set_amount)

    def best(self, base: int) -> int:
        return 6 * self.gun_dice + self.set_amount + base

    def chance(self, need: int, base: int = 0) -> Fraction:
        """Chance of reaching `need` firing every gun use (the best any plan can do)."""
        if self.gun_dice == 0:
            return Fraction(1 if self.set_amount + base >= need else 0)
        dice = min(self.gun_dice, MAX_GUN_DICE)
        return sum_of_dice(dice, 6, base + self.set_amount).p_at_least(need)


def arsenal(c: NordguardContent, s: NordguardState, items: list[str] | None = None,
            struck: tuple[str, ...] = ()) -> Arsenal:
    dice = amount = 0
    faces, powers = s.table.faces, c.powers
    for card in items if items is not None else [i for _, i in s.team_items()]:
        p = powers[faces[card]]
        if p.gun:
            item = item_of(c, s, card)
            left = s.uses.get(card, item.uses) if item.limited else 0
            dice += int(left) * p.gun
        if p.strike and card not in struck:
            amount += p.strike
    return Arsenal(dice, amount)


# -- can the team ever get in? ------------------------------------------------------------

def can_restock_here(c: NordguardContent, s: NordguardState) -> bool:
    if s.phase != "day":
        return False
    location = s.table.zones[MAP].cards[s.sled]  # s.location_at, asked on most moves
    if location == FRONTIER or s.restock_here:
        return True
    return (c.locations[kind_of(s, location)].waypoint
            and restocks_at(c, s, "waypoint"))


def restock_open(c: NordguardContent, s: NordguardState) -> bool:
    """Whether a restock may be made now: a place that allows it, no question waiting,
    and someone with a free slot."""
    return (not s.frames and s.result is None and can_restock_here(c, s)
            and any(has_room(c, s, seat) for seat in range(s.players)))


def within_reach(c: NordguardContent, s: NordguardState) -> list[str]:
    """Items the team has or could take up here: carried, lying here, and the Item deck
    where restocking is allowed."""
    out = [card for _, card in s.team_items()]
    out += s.table.cards_in(DROPPED)
    if can_restock_here(c, s):
        out += s.table.cards_in(ITEM_DECK)
    return out


def _meetable(c: NordguardContent, s: NordguardState, challenge: Challenge,
              reach: list[str]) -> bool:
    if challenge.kind == "blocked":
        return False
    if challenge.kind == "roll":
        return 6 * challenge.dice + roll_bonus(c, s, challenge.terrain, reach) >= challenge.target
    if challenge.kind == "combat":
        arms = arsenal(c, s, reach)
        return arms.best(combat_base(c, s, reach)) >= challenge.total
    return True


def impassable(c: NordguardContent, s: NordguardState, cell: int,
               reach: list[str] | None = None) -> str | None:
    """Why the team can never enter `cell` with what is within its reach, or None.

    "Never" is exact: no bypass item is within reach, and some challenge is blocked,
    or needs more than the highest total its dice and bonuses could make.
    """
    reach = within_reach(c, s) if reach is None else reach
    kinds = {kind_of(s, card) for card in reach}
    for src in sources(c, s, cell):
        if kinds.intersection(src.bypass):
            continue
        for challenge in src.challenges:
            if not _meetable(c, s, challenge, reach):
                return src.label
    return None


def stranded(c: NordguardContent, s: NordguardState) -> list[str] | None:
    """The blocking card of every neighbour when the team can move in NO direction.

    Judged on what the table shows (designed): a face-down neighbour may still be tried,
    and trying turns it face up, so the team is never lost to a card nobody has seen.
    """
    neighbours = cells_next_to(s.width, s.height)[s.sled]  # s.next_to, asked every move
    table = s.table
    face_up, faces, cards = table.face_up, table.faces, table.zones[MAP].cards
    assert cards is not None
    for cell in neighbours:  # asked after every action: the quick answers first
        location = cards[cell]
        if location not in face_up:
            return None
        if faces[location] in c.always_open and not (s.placed and s.obstacles_on(location)):
            return None  # dice alone can get the team in there
    reach = within_reach(c, s)
    reasons = []
    for cell in neighbours:
        why = impassable(c, s, cell, reach)
        if why is None:
            return None
        reasons.append(why)
    return reasons


# -- the odds display -----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Check:
    """One thing a move would take, as the dice dock shows it before the roll.

    kind: "roll" (pool vs target; `fixed` is a scouted total already rolled),
    "combat" (every gun use fired, set amounts added, vs target), "blocked",
    "days" (target = days it costs), "bypass" (an item lets the team ignore it),
    "unknown" (the location is face down). `reroll`: the chance counts Geri's re-roll.
    """

    direction: str
    cell: int
    label: str
    kind: str
    pool: str | None
    target: int
    fixed: int | None
    chance: Fraction | None
    reroll: bool = False


def reroll_ready(c: NordguardContent, s: NordguardState) -> bool:
    return not s.rerolled and reroller(c, s) is not None


def roll_chance(pool: DicePool, target: int, reroll: bool) -> Fraction:
    p = pool.distribution().p_at_least(target)
    return p + (1 - p) * p if reroll else p


def pending_check(c: NordguardContent, s: NordguardState) -> list[Check]:
    """For every possible move, what the team would face with what it carries now."""
    out: list[Check] = []
    if s.phase != "day":
        return out
    for direction, cell in s.neighbours(s.sled):
        d = direction.name
        location = s.location_at(cell)
        if location not in s.table.face_up:
            out.append(Check(d, cell, "a face-down location", "unknown", None, 0, None, None))
            continue
        srcs = sources(c, s, cell)
        if not srcs:
            out.append(Check(d, cell, name(c, s, location), "days", None, 0, None, Fraction(1)))
        for src in srcs:
            out.extend(_source_checks(c, s, d, cell, src))
    return out


def _source_checks(c: NordguardContent, s: NordguardState, d: str, cell: int,
                   src: Source) -> list[Check]:
    by = bypass_item(c, s, src)
    if by is not None:
        return [Check(d, cell, f"{src.label}: bypassed with {name(c, s, by)}", "bypass", None,
                      0, None, Fraction(1))]
    out = []
    for i, ch in enumerate(src.challenges):
        if ch.kind == "roll":
            pool = DicePool((6,) * ch.dice, roll_bonus(c, s, ch.terrain))
            faces = s.scouted.get(scout_key(src.card, i))
            if faces is not None:
                fixed = sum(faces) + pool.modifier
                out.append(Check(d, cell, f"{src.label} (scouted)", "roll", str(pool),
                                 ch.target, fixed, Fraction(int(fixed >= ch.target))))
            else:
                again = reroll_ready(c, s)
                out.append(Check(d, cell, f"{src.label} ({ch.terrain})", "roll", str(pool),
                                 ch.target, None, roll_chance(pool, ch.target, again),
                                 again))
        elif ch.kind == "combat":
            arms = arsenal(c, s)
            base = combat_base(c, s)
            pool = arms.pool(base)
            out.append(Check(d, cell, f"{src.label} (combat)", "combat",
                             str(pool) if pool else None, ch.total, None,
                             arms.chance(ch.total, base)))
        elif ch.kind == "blocked":
            out.append(Check(d, cell, f"{src.label} (blocked)", "blocked", None, 0, None,
                             Fraction(0)))
        else:
            out.append(Check(d, cell, f"{src.label} (costs days)", "days", None, ch.days, None,
                             Fraction(1)))
    return out


def move_chance(checks: list[Check], direction: str) -> Fraction | None:
    """The chance every check of a move is met (None when the location is face down)."""
    p = Fraction(1)
    for check in checks:
        if check.direction != direction:
            continue
        if check.chance is None:
            return None
        p *= check.chance
    return p



def spends_limited_item(c: NordguardContent, s: NordguardState, cell: int) -> str | None:
    """The limited item (Dynamite) entering face-up `cell` would spend, if any.

    The team may then choose to keep it and meet the challenge instead.
    """
    if s.location_at(cell) not in s.table.face_up:
        return None
    for src in sources(c, s, cell):
        item = bypass_item(c, s, src)
        if item is not None and item_of(c, s, item).limited:
            return item
    return None
