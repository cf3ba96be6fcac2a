"""Modifiers: one content vocabulary for "+N to X while/when condition", for every game.

An item, a character, a skill, an upgrade or the weather says what it changes as a
list of modifiers in its content file, validated by pydantic like the rest of the
card. One modifier is one JSON object:

    {"to": "roll", "add": 1, "when": {"terrain": ["ice", "climb"]}}
        +1 to a roll when the terrain is ice or a climb (Nordguard's Ice Axe)
    {"to": "combat", "add": 2, "timing": "once-per-combat"}
        +2 to a combat total, once per combat (the Knife)
    {"to": "combat", "dice": 1, "timing": "on-use"}
        +1 die to a combat total each time it is used (a gun: a shot spends a use)
    {"to": "uses", "add": 2, "when": {"item": ["gun"], "holder": ["self"]}}
        +2 uses of every gun its holder carries (Pi's accuracy)
    {"to": "days-lost", "prevent": true, "when": {"hazard": ["injury"]}}
        an injury costs no days (McKay)
    {"to": "restock", "allow": true, "when": {"place": ["waypoint"]}}
        the team may restock at a Waypoint (Iyoto)
    {"to": "axes", "add": 1, "when": {"province": ["fjord"]}}
        +1 Axes while in a province with a fjord (an upgrade)
    {"to": "cc", "add": 2, "when": {"attacking-from": ["ship"]}}
        +2 CC when attacking from a ship (a skill)
    {"to": "movement", "add": -1, "when": {"weather": ["snow"]}}
        -1 movement in snow (weather)

Fields:

- `to` — the quantity changed. Each game names its quantities in its `Vocabulary`
  (Nordguard: roll, combat, uses, days, days-lost, theft, restock, scouts, surveys,
  rerolls), with what each may be changed by and the bounds of its numbers.
- exactly one of: `add` (+N; a negative N takes away), `dice` (+N dice of the game's
  die), `prevent` (true: X does not happen) or `allow` (true: X may be done).
- `when` — conditions, all of which must hold: each names a fact ("terrain",
  "hazard", "holder", "place", "province", "phase") and the words any one of which
  makes it hold. The vocabulary lists every condition, its words, and which conditions
  each quantity understands, so a modifier the rules would never consult is refused.
  A fact may hold several words at once (an event's hazards): any match will do.
- `timing` — when it counts: "while" (the default: whenever the card is in play, an
  item carried, and the conditions hold) or one of the game's own ("on-use",
  "once-per-combat", "once-a-day", "once-per-battle").

A mistake is refused at loading in one line naming the file, the card and the field,
like every content error: `items.json: cards[5] (Knife).modifiers[0].add: Value error,
+N to combat must be from 1 to 10`.

Reading them: `holds(modifier, facts)` says whether a modifier's conditions hold for
the facts of the moment (`{"terrain": "ice", "challenge": "roll"}`); `total`, `dice`,
`prevents` and `allows` fold a card's (or a team's) modifiers for one quantity. A game
asks these once per card where it can (its content's lookups) and at the moment where
the facts change (the terrain of this roll, the hazards of this event).

A game declares its vocabulary and subclasses `Modifier` with it:

    WORDS = Vocabulary("Nordguard", quantities=(Quantity("roll", "a challenge roll",
                       add=(1, 3), conditions=("terrain",)), ...),
                       conditions={"terrain": ("snow", "ice", ...)}, timings=(...))

    class NordguardModifier(Modifier):
        vocabulary = WORDS
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, ValidationInfo, field_validator, model_validator

Facts = Mapping[str, str | Collection[str]]  # condition -> the word (or words) holding now

WHILE = "while"  # the default timing: whenever the card is in play and its conditions hold


@dataclass(frozen=True, slots=True)
class Quantity:
    """Something a modifier may change, and how: `add` and `dice` give the bounds of +N
    (None: not by that), `prevent` and `allow` whether it may be stopped or permitted;
    `conditions` and `timings` are those it understands ("while" always)."""

    name: str
    meaning: str
    add: tuple[int, int] | None = None
    dice: tuple[int, int] | None = None
    prevent: bool = False
    allow: bool = False
    conditions: tuple[str, ...] = ()
    timings: tuple[str, ...] = (WHILE,)


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """A game's words for modifiers: its quantities, its conditions (each with the words
    it may name) and its timings."""

    game: str
    quantities: tuple[Quantity, ...]
    conditions: Mapping[str, tuple[str, ...]]
    timings: tuple[str, ...] = (WHILE,)
    by_name: Mapping[str, Quantity] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_name", {q.name: q for q in self.quantities})
        for q in self.quantities:
            unknown = [c for c in q.conditions if c not in self.conditions]
            unknown += [t for t in q.timings if t not in self.timings]
            if unknown:
                raise ValueError(f"{self.game}: {q.name} names unknown words {unknown}")


def _listed(words: Iterable[str]) -> str:
    return ", ".join(words) or "nothing"


class Modifier(BaseModel):
    """One "+N to X while/when condition"; a game subclasses it with its `vocabulary`."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    vocabulary: ClassVar[Vocabulary]

    to: str
    add: int | None = None
    dice: int | None = None
    prevent: bool = False
    allow: bool = False
    when: dict[str, list[str]] = {}
    timing: str = WHILE

    # -- validation (each in the vocabulary's words) -----------------------------------
    @field_validator("to")
    @classmethod
    def _known_quantity(cls, value: str) -> str:
        if value not in cls.vocabulary.by_name:
            raise ValueError(f"{value!r} is not something a {cls.vocabulary.game} modifier "
                             f"changes: one of {_listed(cls.vocabulary.by_name)}")
        return value

    @field_validator("add", "dice")
    @classmethod
    def _within_bounds(cls, value: int | None, info: ValidationInfo) -> int | None:
        quantity = cls.vocabulary.by_name.get(info.data.get("to", ""))
        if value is None or quantity is None:
            return value
        bounds = getattr(quantity, str(info.field_name))
        what = "+N" if info.field_name == "add" else "+N dice"
        if bounds is None:
            raise ValueError(f"{quantity.name} is not changed by {what}")
        low, high = bounds
        if not low <= value <= high:
            raise ValueError(f"{what} to {quantity.name} must be from {low} to {high}")
        return value

    @field_validator("when")
    @classmethod
    def _known_conditions(cls, value: dict[str, list[str]],
                          info: ValidationInfo) -> dict[str, list[str]]:
        words = cls.vocabulary.conditions
        quantity = cls.vocabulary.by_name.get(info.data.get("to", ""))
        for name, named in value.items():
            if name not in words:
                raise ValueError(f"{name!r} is not a {cls.vocabulary.game} condition: one of "
                                 f"{_listed(words)}")
            if quantity is not None and name not in quantity.conditions:
                raise ValueError(f"a modifier to {quantity.name} cannot depend on {name} "
                                 f"(it may on {_listed(quantity.conditions)})")
            if not named:
                raise ValueError(f"{name} names no word, so it would never hold")
            for word in named:
                if word not in words[name]:
                    raise ValueError(f"{name} {word!r} is not one of {_listed(words[name])}")
        return value

    @field_validator("timing")
    @classmethod
    def _known_timing(cls, value: str, info: ValidationInfo) -> str:
        quantity = cls.vocabulary.by_name.get(info.data.get("to", ""))
        allowed = quantity.timings if quantity is not None else cls.vocabulary.timings
        if value not in allowed:
            name = quantity.name if quantity is not None else "it"
            raise ValueError(f"{name} counts {_listed(allowed)}, not {value!r}")
        return value

    @model_validator(mode="after")
    def _one_change(self) -> Modifier:
        """Exactly one of add, dice, prevent, allow; and one the quantity takes."""
        ways = [w for w, on in (("add", self.add is not None), ("dice", self.dice is not None),
                                ("prevent", self.prevent), ("allow", self.allow)) if on]
        if len(ways) != 1:
            raise ValueError(f"a modifier to {self.to} says how it changes it with exactly "
                             f"one of add, dice, prevent or allow (it has {_listed(ways)})")
        quantity = self.vocabulary.by_name[self.to]
        if self.prevent and not quantity.prevent:
            raise ValueError(f"{self.to} cannot be prevented")
        if self.allow and not quantity.allow:
            raise ValueError(f"{self.to} is not something a modifier allows")
        return self

    # -- reading -------------------------------------------------------------------------
    def describe(self) -> str:
        """In words: '+1 to roll when terrain is ice or climb'."""
        if self.add is not None:
            head = f"{self.add:+d} to {self.to}"
        elif self.dice is not None:
            head = f"+{self.dice} {'die' if self.dice == 1 else 'dice'} to {self.to}"
        else:
            head = f"{'prevents' if self.prevent else 'allows'} {self.to}"
        conditions = " and ".join(f"{name} is {' or '.join(words)}"
                                  for name, words in self.when.items())
        tail = f" when {conditions}" if conditions else ""
        if self.timing != WHILE:
            tail += f", {self.timing.replace('-', ' ')}"
        return head + tail


def holds(modifier: Modifier, facts: Facts) -> bool:
    """Whether every condition of `modifier` holds for `facts`: the fact names one of the
    condition's words (or, holding several words, any of them). A fact not given does
    not hold."""
    for name, words in modifier.when.items():
        fact = facts.get(name)
        if fact is None:
            return False
        if isinstance(fact, str):
            if fact not in words:
                return False
        elif not any(word in words for word in fact):
            return False
    return True


def matching(modifiers: Iterable[Modifier], to: str, facts: Facts,
             timing: str | None = None) -> list[Modifier]:
    """The modifiers to `to` whose conditions hold (of this timing, if one is named)."""
    return [m for m in modifiers
            if m.to == to and (timing is None or m.timing == timing) and holds(m, facts)]


def total(modifiers: Iterable[Modifier], to: str, facts: Facts,
          timing: str | None = None) -> int:
    """The sum of +N to `to` that holds now."""
    return sum(m.add for m in matching(modifiers, to, facts, timing) if m.add is not None)


def dice(modifiers: Iterable[Modifier], to: str, facts: Facts,
         timing: str | None = None) -> int:
    """The number of dice added to `to` that holds now."""
    return sum(m.dice for m in matching(modifiers, to, facts, timing) if m.dice is not None)


def prevents(modifiers: Iterable[Modifier], to: str, facts: Facts) -> bool:
    return any(m.prevent for m in matching(modifiers, to, facts))


def allows(modifiers: Iterable[Modifier], to: str, facts: Facts) -> bool:
    return any(m.allow for m in matching(modifiers, to, facts))


def words_of(modifiers: Iterable[Modifier], condition: str) -> list[str]:
    """Every word the modifiers' `condition` names, in order, once each (what a ward
    guards against, which terrains a tool helps on)."""
    out: list[str] = []
    for m in modifiers:
        for word in m.when.get(condition, ()):
            if word not in out:
                out.append(word)
    return out

