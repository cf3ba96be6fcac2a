"""Nordguard's cards, read from assets/nordguard/*.json and validated.

The published card lists are not public, so every card is designed
(`provenance`). Card effects are data in a small vocabulary (a roll
challenge, a combat total, a retreat, a steal, ...) that rules.py
interprets: adding a card never needs new Python, and a mistyped card
fails loading with its file, card and field named.

What Items and Characters do is one list of modifiers each, in the core's
vocabulary for "+N to X while/when condition" (engine.core.modifiers) with
Nordguard's words (`WORDS`): the Knife is `{"to": "combat", "add": 2, "timing":
"once-per-combat"}`, London `{"to": "roll", "add": 1, "when": {"terrain": ["snow",
"fog"]}}`. Each card's modifiers are read once into its `Powers`, the numbers the
rules ask for ("what does it add to a roll on ice?").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Annotated, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from engine.core.content import load_content
from engine.core.errors import ContentError
from engine.core.install import asset_dir
from engine.core.modifiers import (
    WHILE,
    Facts,
    Modifier,
    Quantity,
    Vocabulary,
    allows,
    dice,
    prevents,
    total,
)

ASSETS = asset_dir() / "nordguard"

Provenance = Literal["seed", "designed"]
Key = Annotated[str, Field(pattern=r"^[a-z0-9-]+$", max_length=40)]
# Every number and list on a card has a sane range, so a damaged file (a billion copies,
# negative uses) is refused with its file, card and field named instead of being played.
MAX_USES = 10  # printed uses of a limited item (Rifle: 6); accuracy adds at most 3
MAX_TEAM = 7  # Rulebook, Recommended Maps: teams of up to 7, one Character each
Name = Annotated[str, Field(min_length=1, max_length=40)]
Text = Annotated[str, Field(max_length=400)]
# The kinds of ground a roll challenge may be about; items and abilities add to some.
Terrain = Literal["snow", "ice", "climb", "water", "dark", "fog", "rock"]
# What a ward protects against: events carry these tags.
Hazard = Literal["storm", "injury", "cold", "beast", "thief"]


class _Model(BaseModel):
    # strict: a count is a whole JSON number, never "3", 3.0 or true
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


# -- challenges: what stands between the team and a location ---------------------------

class RollChallenge(_Model):
    """Roll `dice` d6 (plus what the team's items and abilities add); succeed on >= target."""

    kind: Literal["roll"]
    dice: int = Field(ge=1, le=4)
    target: int = Field(ge=2, le=30)
    terrain: Terrain


class CombatChallenge(_Model):
    """A combat check: the team's gun dice and set amounts must reach `total`."""

    kind: Literal["combat"]
    total: int = Field(ge=1, le=40)


class BlockedChallenge(_Model):
    """No roll gets through: only a bypass item does."""

    kind: Literal["blocked"]


class DaysChallenge(_Model):
    """Entering costs `days` from the countdown (paid on entering, never failed)."""

    kind: Literal["days"]
    days: int = Field(ge=1, le=5)


Challenge = Annotated[RollChallenge | CombatChallenge | BlockedChallenge | DaysChallenge,
                      Field(discriminator="kind")]


# -- modifiers: what Items and Characters do ---------------------------------------------

TERRAINS: tuple[str, ...] = get_args(Terrain)
HAZARDS: tuple[str, ...] = get_args(Hazard)
ON_USE, PER_COMBAT, PER_DAY = "on-use", "once-per-combat", "once-a-day"
GUN = "gun"  # an item a use of which, fired, adds dice to a combat total
# What an item is, read from its modifiers: a gun, and each quantity it changes. The
# `item` condition (Pi's guns) and a thief's `only` name items by these words.
ITEM_TAGS = (GUN, "roll", "combat", "days", "days-lost", "scouts", "surveys", "rerolls",
             "restock")

WORDS = Vocabulary(
    "Nordguard",
    quantities=(
        Quantity("roll", "a challenge roll's total", add=(1, 3), conditions=("terrain",)),
        Quantity("combat", "a combat check's total", add=(1, 10), dice=(1, 3),
                 timings=(WHILE, ON_USE, PER_COMBAT)),
        Quantity("uses", "the uses of a limited item in its carrier's hands", add=(1, 3),
                 conditions=("item", "holder")),
        Quantity("days", "the countdown", add=(1, 3), timings=(ON_USE,)),
        Quantity("days-lost", "the days an event takes from the countdown", prevent=True,
                 conditions=("hazard",)),
        Quantity("theft", "an item being stolen", prevent=True, conditions=("holder",)),
        Quantity("restock", "restocking from the Item deck", allow=True,
                 conditions=("place",)),
        Quantity("scouts", "scouting a location: it turns face up, its rolls made in "
                 "advance", add=(1, 1), conditions=("reach",), timings=(PER_DAY,)),
        Quantity("surveys", "scouting every neighbouring location at once, for a day of "
                 "the countdown", add=(1, 1), timings=(PER_DAY,)),
        Quantity("rerolls", "rolling a failed challenge roll again", add=(1, 1),
                 conditions=("challenge",), timings=(PER_DAY,)),
    ),
    conditions={
        "terrain": TERRAINS,  # the ground of the roll
        "challenge": ("roll", "combat", "blocked", "days"),  # the kind of challenge
        "hazard": HAZARDS,  # the event's hazards
        "item": ITEM_TAGS,  # what the item concerned is
        "holder": ("self", "team"),  # whose items: the card's own holder's, or anyone's
        "place": ("frontier", "waypoint"),  # where the team stands
        "reach": ("adjacent", "anywhere"),  # where the location scouted lies
    },
    timings=(WHILE, ON_USE, PER_COMBAT, PER_DAY),
)


class NordguardModifier(Modifier):
    """A modifier in Nordguard's words (engine.core.modifiers)."""

    vocabulary = WORDS


# What the rules read from each family of card: (quantity, timing, how, reach). A
# modifier outside it would never be consulted, so loading refuses it.
ITEM_READS = {
    ("roll", WHILE, "add", None): "+N to rolls while carried (one of each kind counts)",
    ("combat", WHILE, "add", None): "+N to every combat total while carried",
    ("combat", PER_COMBAT, "add", None): "+N added once per combat",
    ("combat", ON_USE, "dice", None): "a gun: dice each use fired adds",
    ("days", ON_USE, "add", None): "days gained when used",
    ("days-lost", WHILE, "prevent", None): "an event's lost days kept",
    ("restock", WHILE, "allow", None): "restocking allowed",
    ("scouts", PER_DAY, "add", "adjacent"): "a neighbour scouted once a day",
    ("surveys", PER_DAY, "add", None): "every neighbour scouted for a day",
    ("rerolls", PER_DAY, "add", None): "a failed roll rolled again once a day",
}
CHARACTER_READS = {
    ("roll", WHILE, "add", None): "+N to the team's rolls",
    ("combat", WHILE, "add", None): "+N to every combat total",
    ("uses", WHILE, "add", None): "extra uses of the items it carries",
    ("days-lost", WHILE, "prevent", None): "an event's lost days kept",
    ("theft", WHILE, "prevent", None): "items kept from thieves",
    ("restock", WHILE, "allow", None): "restocking allowed",
    ("scouts", PER_DAY, "add", "anywhere"): "any location scouted once a day",
    ("rerolls", PER_DAY, "add", None): "a failed roll rolled again once a day",
}


def _how(m: Modifier) -> str:
    return ("add" if m.add is not None else "dice" if m.dice is not None
            else "prevent" if m.prevent else "allow")


def _read_by_rules(modifiers: list[NordguardModifier], reads: dict, family: str) -> None:
    for i, m in enumerate(modifiers):
        reach = m.when.get("reach")
        key = (m.to, m.timing, _how(m), reach[0] if reach and len(reach) == 1 else None)
        if key not in reads:
            raise ValueError(f"modifiers[{i}] ({m.describe()}): the rules read no such "
                             f"modifier on {family}")


@dataclass(frozen=True, slots=True)
class Powers:
    """What a card's modifiers come to, read once through the vocabulary: the numbers and
    answers the rules ask for on every move. `modifiers` stay for what depends on the
    moment (the hazards of this event, whose items these are)."""

    modifiers: tuple[NordguardModifier, ...] = ()
    roll: Mapping[str, int] = field(default_factory=dict)  # +N to rolls on each terrain
    combat: int = 0  # +N to every combat total
    strike: int = 0  # +N once per combat, when the leader adds it
    gun: int = 0  # dice a use fired adds to a combat total (0: not a gun)
    days: int = 0  # days gained when used on its own (0: not used so)
    looks: bool = False  # scouts a neighbouring location once a day
    scouts: bool = False  # scouts any location once a day
    surveys: bool = False  # scouts every neighbour at once, for a day
    rerolls: bool = False  # rolls a failed challenge roll again, once a day
    restock: tuple[str, ...] = ()  # places where it allows restocking
    tags: frozenset[str] = frozenset()
    uses: tuple[NordguardModifier, ...] = ()  # its modifiers to other items' uses

    @classmethod
    def of(cls, modifiers: list[NordguardModifier]) -> Powers:
        mods = tuple(modifiers)

        def once(to: str, facts: Facts) -> bool:
            return total(mods, to, facts, PER_DAY) > 0

        gun = dice(mods, "combat", {}, ON_USE)
        return cls(
            modifiers=mods,
            roll={t: n for t in TERRAINS if (n := total(mods, "roll", {"terrain": t}, WHILE))},
            combat=total(mods, "combat", {}, WHILE),
            strike=total(mods, "combat", {}, PER_COMBAT),
            gun=gun,
            days=total(mods, "days", {}, ON_USE),
            looks=once("scouts", {"reach": "adjacent"}),
            scouts=once("scouts", {"reach": "anywhere"}),
            surveys=once("surveys", {}),
            rerolls=once("rerolls", {"challenge": "roll"}),
            restock=tuple(p for p in WORDS.conditions["place"]
                          if allows(mods, "restock", {"place": p})),
            tags=frozenset({m.to for m in mods} | ({GUN} if gun else set())),
            uses=tuple(m for m in mods if m.to == "uses"),
        )

    def keeps_days(self, hazards: list[str]) -> bool:
        """Whether it keeps the days an event of these hazards would take."""
        return prevents(self.modifiers, "days-lost", {"hazard": hazards})

    def guards(self, own: bool) -> bool:
        """Whether it keeps an item from thieves (`own`: an item its own holder carries)."""
        return prevents(self.modifiers, "theft", {"holder": "self" if own else "team"})

    def extra_uses(self, tags: frozenset[str], own: bool) -> int:
        """Uses it adds to an item of these tags (`own`: carried by its own holder)."""
        if not self.uses:
            return 0
        return total(self.uses, "uses", {"item": tags, "holder": "self" if own else "team"})


class Item(_Model):
    key: Key
    name: Name
    text: Text
    uses: int | Literal["unlimited"]
    stealable: bool = True
    copies: int = Field(ge=1, le=8)
    modifiers: list[NordguardModifier] = Field(default_factory=list, max_length=4)
    provenance: Provenance

    @field_validator("uses", mode="before")
    @classmethod
    def _uses_in_range(cls, value: object) -> object:
        """One message for every bad count (a union's errors would name its branches)."""
        if value == "unlimited" or (type(value) is int and 1 <= value <= MAX_USES):
            return value
        raise ValueError(f"uses must be a whole number from 1 to {MAX_USES}, or 'unlimited'")

    @model_validator(mode="after")
    def _uses_fit_the_modifiers(self) -> Item:
        _read_by_rules(self.modifiers, ITEM_READS, "an item")
        if self.uses == "unlimited" and any(m.timing == ON_USE for m in self.modifiers):
            raise ValueError("a gun or a day-giving item needs a number of uses")
        if self.limited and any(m.timing == PER_DAY or m.to == "roll"
                                for m in self.modifiers):
            raise ValueError("an item adding to rolls or scouting is never used up: make its "
                             "uses 'unlimited'")
        return self

    @cached_property
    def powers(self) -> Powers:
        return Powers.of(self.modifiers)

    @property
    def limited(self) -> bool:
        return self.uses != "unlimited"


# -- characters ------------------------------------------------------------------------

class Character(_Model):
    key: Key
    name: Name
    text: Text
    slots: int = Field(ge=1, le=6)
    start: list[Key] = Field(default_factory=list, max_length=6)
    modifiers: list[NordguardModifier] = Field(min_length=1, max_length=4)
    provenance: Provenance

    @model_validator(mode="after")
    def _start_fits(self) -> Character:
        _read_by_rules(self.modifiers, CHARACTER_READS, "a Character")
        if len(self.start) > self.slots:
            raise ValueError(f"{len(self.start)} starting items do not fit {self.slots} slots")
        return self

    @cached_property
    def powers(self) -> Powers:
        return Powers.of(self.modifiers)


# -- locations --------------------------------------------------------------------------

class Location(_Model):
    key: Key
    name: Name
    text: Text
    role: Literal["frontier", "destination", "location"] = "location"
    waypoint: bool = False
    challenge: list[Challenge] = Field(default_factory=list, max_length=3)
    bypass: list[Key] = Field(default_factory=list, max_length=6)
    events: int = Field(1, ge=0, le=3)
    copies: int = Field(1, ge=1, le=4)
    provenance: Provenance

    @model_validator(mode="after")
    def _blue_backs_are_plain(self) -> Location:
        if self.role != "location" and (self.challenge or self.copies != 1):
            raise ValueError(f"{self.role.capitalize()} has no challenge and one copy")
        combats = sum(1 for c in self.challenge if c.kind == "combat")
        if combats > 1:
            raise ValueError("a location holds at most one combat check")
        return self


# -- events -------------------------------------------------------------------------------

class DaysEffect(_Model):
    """The countdown gains (positive) or loses (negative) days."""

    kind: Literal["days"]
    amount: int = Field(ge=-4, le=4)


class RetreatEffect(_Model):
    kind: Literal["retreat"]
    to: Literal["previous", "waypoint", "frontier"]


class StealEffect(_Model):
    """Take `count` items: the team picks which, or a random item (unstealable: nothing)."""

    kind: Literal["steal"]
    count: int = Field(1, ge=1, le=3)
    choice: Literal["team", "random"]
    only: list[str] = Field(default_factory=list, max_length=6)  # item tags (ITEM_TAGS)
    to: Literal["item_deck", "here"] = "item_deck"


class FindEffect(_Model):
    """Random items from the item deck are found lying here (anyone may pick them up)."""

    kind: Literal["find"]
    count: int = Field(1, ge=1, le=3)


class RestockEffect(_Model):
    """The team may restock here, as at Frontier, until it leaves."""

    kind: Literal["restock"]


class ShuffleEffect(_Model):
    """Shuffle the map's locations (not Frontier, Destination or the team's own)."""

    kind: Literal["shuffle"]


class DriftEffect(_Model):
    """The team's row or column slides one place (wrapping); moved locations keep events."""

    kind: Literal["drift"]
    axis: Literal["row", "column"]


class DrawEffect(_Model):
    kind: Literal["draw"]
    count: int = Field(1, ge=1, le=2)


class BarterEffect(_Model):
    """A trader offers a random item from the item deck for one of the team's."""

    kind: Literal["barter"]


class RevealEffect(_Model):
    """Every location next to the team turns face up."""

    kind: Literal["reveal"]


PlainEffect = Annotated[DaysEffect | RetreatEffect | StealEffect | FindEffect | RestockEffect
                        | ShuffleEffect | DriftEffect | DrawEffect | BarterEffect | RevealEffect,
                        Field(discriminator="kind")]


class CombatEffect(_Model):
    """A combat check against `total`; when the team falls short, `fail` happens."""

    kind: Literal["combat"]
    total: int = Field(ge=1, le=40)
    fail: list[PlainEffect] = Field(min_length=1, max_length=4)


EventEffect = Annotated[PlainEffect | CombatEffect, Field(discriminator="kind")]


class Obstacle(_Model):
    """A permanent event stays on its location as one more challenge to enter it."""

    challenge: Challenge
    bypass: list[Key] = Field(default_factory=list, max_length=6)


class EventCard(_Model):
    key: Key
    name: Name
    text: Text
    hazard: list[Hazard] = Field(default_factory=list, max_length=5)
    effects: list[EventEffect] = Field(default_factory=list, max_length=6)
    obstacle: Obstacle | None = None
    copies: int = Field(1, ge=1, le=4)
    provenance: Provenance

    @model_validator(mode="after")
    def _retreat_is_last(self) -> EventCard:
        for effect in self.effects:
            if effect.kind == "steal" and set(effect.only) - set(ITEM_TAGS):
                raise ValueError(f"a thief is only after items by {', '.join(ITEM_TAGS)}")
        for effects in [self.effects, *(e.fail for e in self.effects if e.kind == "combat")]:
            for effect in effects[:-1]:
                if effect.kind == "retreat":
                    raise ValueError("a retreat ends the event: put it last")
        if self.obstacle and self.obstacle.challenge.kind == "days":
            raise ValueError("a permanent obstacle must be a roll, a combat or blocked")
        return self


# -- the files -----------------------------------------------------------------------------

class ItemsFile(_Model):
    cards: list[Item] = Field(min_length=1, max_length=100)


class CharactersFile(_Model):
    # A seat never waits for a Character that is not there: the largest team needs 7.
    cards: list[Character] = Field(min_length=MAX_TEAM, max_length=50)


class LocationsFile(_Model):
    cards: list[Location] = Field(min_length=3, max_length=200)


class EventsFile(_Model):
    cards: list[EventCard] = Field(min_length=1, max_length=200)


class NordguardContent:
    """All four card files, cross-checked, with lookups by key."""

    def __init__(self, items: ItemsFile, characters: CharactersFile, locations: LocationsFile,
                 events: EventsFile) -> None:
        self.item_list, self.character_list = items.cards, characters.cards
        self.location_list, self.event_list = locations.cards, events.cards
        self.items = {c.key: c for c in items.cards}
        self.characters = {c.key: c for c in characters.cards}
        self.locations = {c.key: c for c in locations.cards}
        self.events = {c.key: c for c in events.cards}
        self.item_stock = [(c.key, f"item:{c.key}", c.copies) for c in items.cards]
        self.slots_by_face = {f"char:{c.key}": c.slots for c in characters.cards}
        self.by_face: dict[str, Item | Character | Location | EventCard] = {}
        for family, cards in (("item", items.cards), ("char", characters.cards),
                              ("loc", locations.cards), ("event", events.cards)):
            for card in cards:
                self.by_face[f"{family}:{card.key}"] = card
        self.names = {face: card.name for face, card in self.by_face.items()}
        # The rules ask "is this a gun?" or "can anything stop us here?" on every move:
        # answers by face, worked out once, keep those questions cheap.
        self.powers: dict[str, Powers] = {f"item:{c.key}": c.powers for c in items.cards}
        self.powers.update({f"char:{c.key}": c.powers for c in characters.cards})
        self.always_open: set[str] = {
            f"loc:{c.key}" for c in locations.cards
            if all(ch.kind == "days" or (ch.kind == "roll" and 6 * ch.dice >= ch.target)
                   for ch in c.challenge)}
        self.has_roll: set[str] = {f"loc:{c.key}" for c in locations.cards
                                   if any(ch.kind == "roll" for ch in c.challenge)}
        # A scout learns something at a face-up location only from a roll not yet made.
        self.rolls_of: dict[str, tuple[int, ...]] = {
            f"loc:{c.key}": tuple(i for i, ch in enumerate(c.challenge) if ch.kind == "roll")
            for c in locations.cards}
        # Only a limited item can be kept back from a bypass (an Attempt that keeps it):
        # a team carrying none of those is never offered the choice.
        bypasses = {key for c in locations.cards for key in c.bypass}
        bypasses.update(key for c in events.cards if c.obstacle for key in c.obstacle.bypass)
        self.limited: frozenset[str] = frozenset(f"item:{c.key}" for c in items.cards
                                                 if c.limited)
        self.limited_bypass: frozenset[str] = frozenset(
            f"item:{c.key}" for c in items.cards if c.limited and c.key in bypasses)
        # What the day's actions ask of every carried item: does it scout a neighbour,
        # survey, get used on its own, bypass while limited (only items doing one are in).
        self.day_uses: dict[str, tuple[bool, bool, bool, bool]] = {
            face: (p.looks, p.surveys, p.days > 0, face in self.limited_bypass)
            for face, p in self.powers.items()
            if face.startswith("item:")
            and (p.looks or p.surveys or p.days or face in self.limited_bypass)}
        self.stock_by_key = sorted(self.item_stock)  # restocks are listed by kind
        self.frontier = next((c for c in locations.cards if c.role == "frontier"), None)
        self.destination = next((c for c in locations.cards if c.role == "destination"), None)

    @cached_property
    def set_size(self) -> int:
        """Plain locations in one set: what one set adds to a map."""
        return sum(c.copies for c in self.locations.values() if c.role == "location")

    def name_of(self, face: str) -> str:
        """A card face ('item:rope') as the rules log names it ('Rope')."""
        return self.names.get(face, face)


def _cross_check(content: NordguardContent, folder: Path) -> None:
    """References between files: every named item exists; Frontier and Destination once."""

    def fail(file: str, where: str, what: str) -> ContentError:
        return ContentError(f"{folder / file}: {where}: {what}")

    def items_known(file: str, where: str, keys: list[str]) -> None:
        for key in keys:
            if key not in content.items:
                raise fail(file, where, f"no item called {key!r} in items.json")

    for file, cards in (("items.json", content.item_list), ("characters.json",
                        content.character_list), ("locations.json", content.location_list),
                        ("events.json", content.event_list)):
        seen: set[str] = set()
        for i, card in enumerate(cards):
            if card.key in seen:
                raise fail(file, f"cards[{i}] ({card.name}).key", f"{card.key!r} is used twice")
            seen.add(card.key)
    for role in ("frontier", "destination"):
        found = [c for c in content.locations.values() if c.role == role]
        if len(found) != 1:
            raise fail("locations.json", "cards", f"needs exactly one {role}, found {len(found)}")
    for i, loc in enumerate(content.locations.values()):
        items_known("locations.json", f"cards[{i}] ({loc.name}).bypass", loc.bypass)
    for i, ev in enumerate(content.events.values()):
        if ev.obstacle:
            items_known("events.json", f"cards[{i}] ({ev.name}).obstacle.bypass",
                        ev.obstacle.bypass)
    needed: dict[str, int] = {}
    for i, ch in enumerate(content.characters.values()):
        items_known("characters.json", f"cards[{i}] ({ch.name}).start", ch.start)
        for key in ch.start:
            needed[key] = needed.get(key, 0) + 1
    item_index = {key: i for i, key in enumerate(content.items)}
    for key, count in needed.items():
        item = content.items[key]
        if item.copies < count:
            raise fail("items.json", f"cards[{item_index[key]}] ({item.name}).copies",
                       f"{count} characters start with it but there are {item.copies} copies")


def load(folder: Path = ASSETS) -> NordguardContent:
    content = NordguardContent(
        load_content(folder / "items.json", ItemsFile),
        load_content(folder / "characters.json", CharactersFile),
        load_content(folder / "locations.json", LocationsFile),
        load_content(folder / "events.json", EventsFile),
    )
    _cross_check(content, folder)
    return content


@cache
def shipped() -> NordguardContent:
    """The cards in assets/nordguard, read once."""
    return load()
