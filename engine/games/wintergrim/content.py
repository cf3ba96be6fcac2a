"""Wintergrim's cards and decks, read from assets/wintergrim/*.json and validated.

The first-edition card lists are not public (wintergrim-facts.md, "Could NOT
find"), so apart from the handful the rulebook names, every card is designed
(`provenance`). A card is its printed fields: realm and type line, cost, Req,
the values bar (CC, RC, A, H, P, L, R, F), a weapon, skills, and what its text
does. The text is data in a small vocabulary (`Power`) that the rules
interpret; stat changes (weather, curses, items) are modifiers in the core's
vocabulary (`WORDS`). A mistyped card fails loading with its file, card and
field named.

Decks follow the rulebook's deck rules ("Is it possible to make two copies of
the same deck": 50 cards, at most 4 of a name); `deck_problem` says which rule
a deck breaks, in a player's words, for loading and for the deck builder.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Annotated, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.content import load_content
from engine.core.errors import ContentError
from engine.core.install import asset_dir
from engine.core.modifiers import Modifier, Quantity, Vocabulary, total

ASSETS = asset_dir() / "wintergrim"

DECK_SIZE = 50  # General Questions: "The deck must be 50 cards"
MOST_OF_A_NAME = 4  # ... "a maximum of 4 cards with the same name"

Provenance = Literal["seed", "designed"]
Key = Annotated[str, Field(pattern=r"^[a-z0-9-]+$", max_length=40)]
Name = Annotated[str, Field(min_length=1, max_length=40)]
Text = Annotated[str, Field(max_length=400)]
Realm = Literal["asheim", "vanheim", "godheim", "helheim"]
Kind = Literal["unit", "structure", "weather", "tactic"]
Role = Literal["worker", "warrior", "elite", "leader"]
StructureKind = Literal["building", "dwelling", "object", "ship"]
TacticKind = Literal["path", "curse", "item", "sickness", "trap", "bribe", "plain"]
Stat = Literal["cc", "rc", "a", "h", "p", "l"]
# Skills: the rulebook's list, and those it names without defining (designed: rules.md).
Skill = Literal["assault", "berserk", "counter-attack", "crush", "fire-arrows", "flank",
                "intrude", "hidden", "luck-charm", "navigate", "patrol", "plunder",
                "protect", "shieldwall", "sneak", "survival", "tracking", "vanguard",
                "emerge", "exorcism", "steal", "heal", "spy", "honor", "loyal", "swim",
                "flying"]
SKILLS: tuple[str, ...] = get_args(Skill)
REALMS: tuple[str, ...] = get_args(Realm)
STATS: tuple[str, ...] = get_args(Stat)


class _Model(BaseModel):
    # strict: a number is a whole JSON number, never "3", 3.0 or true
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


# -- modifiers: what weather, curses, items and sicknesses change ---------------------------
WORDS = Vocabulary(
    "Wintergrim",
    quantities=(
        *(Quantity(stat, meaning, add=(-5, 5), dice=(1, 3) if stat in ("cc", "rc") else None,
                   conditions=("lacks-realm", "standing", "attack"))
          for stat, meaning in (("cc", "Close Combat"), ("rc", "Ranged Combat"),
                                ("a", "Armour"), ("h", "Health"), ("p", "Psyche"),
                                ("l", "Luck"))),
        Quantity("damage", "a weapon's damage", add=(-5, 5),
                 conditions=("lacks-realm", "standing", "attack")),
        Quantity("psyche-roll", "a Psyche roll before moving, attacking or defending (Rain)",
                 allow=True, conditions=("lacks-realm", "standing")),
    ),
    conditions={
        # the unit's player has no card of this realm in play (Rain spares Asheim)
        "lacks-realm": REALMS,
        # where the unit stands: outside, or inside a structure of a kind
        "standing": ("outside", "building", "dwelling", "object", "ship"),
        "attack": ("cc", "rc", "p"),  # the kind of combat
    },
)


class WintergrimModifier(Modifier):
    """A modifier in Wintergrim's words (engine.core.modifiers)."""

    vocabulary = WORDS


# -- what a card's text does ------------------------------------------------------------------
class Weapon(_Model):
    """"Sword (CC, 2 damage)": the weapon an attacker uses, never a defender."""

    name: Name
    kind: Literal["cc", "rc", "p"]  # p: a spirit's lure, ignoring Armour and Health
    damage: int = Field(ge=0, le=10)


class Req(_Model):
    """One thing that must be in play when the card is paid and placed (Explain the
    Cards, Req): a card of `realm` (any when None), of `kind`, with `role` (units) or
    `structure` kind, named `card` when given; `local`: in the area it is placed in."""

    kind: Kind | None = None
    realm: Realm | None = None
    role: Role | None = None
    structure: StructureKind | None = None
    card: Key | None = None
    local: bool = False

    def describe(self, name_of: Mapping[str, str]) -> str:
        words = [w for w in ("local" if self.local else "",
                             self.realm.capitalize() if self.realm else "",
                             name_of.get(self.card, self.card) if self.card else "",
                             self.role or self.structure or self.kind or "") if w]
        return " ".join(words) or "anything"


class Draw(_Model):
    """On your start phase: draw a card for each worker inside (the HQ)."""

    kind: Literal["draw-per-worker"]
    most: int = Field(ge=1, le=6)


class Houses(_Model):
    """"Pay and place Vanheim workers inside": the units this structure takes when paid
    and placed (every role when `roles` is empty)."""

    kind: Literal["houses"]
    realm: Realm
    roles: list[Role] = []


class Search(_Model):
    """Remove this unit as a move step: search your deck for a card of one of `finds`
    (card kinds or card keys), show it and put it in your hand (the Ranger)."""

    kind: Literal["search"]
    finds: list[str] = Field(min_length=1, max_length=4)


class Passage(_Model):
    """A path: players with a card of `realm` in play may move units between it and
    enemy areas (Overgrown Forest)."""

    kind: Literal["passage"]
    realm: Realm


class KeepRoll(_Model):
    """Weather: on its player's start phase roll `dice`; not rolled, or no 4+, and it is
    removed (Rain)."""

    kind: Literal["keep-roll"]
    dice: int = Field(ge=1, le=4)


class Reshuffle(_Model):
    """When built: mix your removed pile into your deck (temples and sacred trees)."""

    kind: Literal["reshuffle-removed"]


class Food(_Model):
    """+`amount` food while a worker is inside (a farm tended)."""

    kind: Literal["tended"]
    amount: int = Field(ge=1, le=6)


class Net(_Model):
    """A trap: an enemy unit that has just moved into one of your areas may not move or
    attack until the end of its player's next turn."""

    kind: Literal["net"]


class Strike(_Model):
    """Roll `dice`: each 4+ deals 1 damage to an enemy unit (Armour absorbs, as in an
    attack); `local`: in an area where you have a unit."""

    kind: Literal["strike"]
    dice: int = Field(ge=1, le=6)
    local: bool = True


class Mend(_Model):
    """Remove up to `amount` damage from one of your units or structures (a dwelling can't
    be repaired)."""

    kind: Literal["mend"]
    amount: int = Field(ge=1, le=10)


class DrawCards(_Model):
    kind: Literal["draw"]
    amount: int = Field(ge=1, le=4)


class Calm(_Model):
    """Remove the weather card."""

    kind: Literal["calm"]


class Attach(_Model):
    """A curse, item or sickness: it stays on a unit (yours when `own`), changing it by
    the card's modifiers."""

    kind: Literal["attach"]
    own: bool


class Bribe(_Model):
    """An enemy unit rolls P; with no 4+ it leaves its player (removed)."""

    kind: Literal["bribe"]


class Cancel(_Model):
    """Cancel a tactic played at the same time, before it has any effect."""

    kind: Literal["counter"]


Power = Annotated[Draw | Houses | Search | Passage | KeepRoll | Reshuffle | Food | Net |
                  Strike | Mend | DrawCards | Calm | Attach | Bribe | Cancel,
                  Field(discriminator="kind")]
TACTIC_EFFECTS = ("net", "strike", "mend", "draw", "calm", "attach", "bribe", "counter",
                  "passage")


class Card(_Model):
    """One card as printed: the upper column, the middle column, the values bar."""

    key: Key
    name: Name
    realm: Realm
    kind: Kind
    roles: list[Role] = []
    structure: StructureKind | None = None
    tactic: TacticKind | None = None
    hq: bool = False
    area: bool = False  # the card makes an area of its own
    cost: int = Field(0, ge=0, le=10)
    req: list[Req] = Field(default_factory=list, max_length=3)
    cc: int = Field(0, ge=0, le=10)
    rc: int = Field(0, ge=0, le=10)
    a: int = Field(0, ge=0, le=10)
    h: int = Field(0, ge=0, le=20)
    p: int = Field(0, ge=0, le=10)
    l: int = Field(0, ge=0, le=10)  # noqa: E741 - the rulebook's letter for Luck
    room: int = Field(0, ge=-6, le=12)  # + a structure offers, - a unit needs
    food: int = Field(0, ge=-6, le=12)  # + supplies, - eats
    weapon: Weapon | None = None
    skills: list[Skill] = []
    powers: list[Power] = Field(default_factory=list, max_length=4)
    modifiers: list[WintergrimModifier] = Field(default_factory=list, max_length=4)
    one_shot: bool = False  # "Remove this card when it's played" (Vanguard answers it)
    text: Text = ""
    provenance: Provenance = "designed"

    @model_validator(mode="after")
    def _fits_its_type(self) -> Card:
        """A card's type line and its fields agree (a unit has roles and no structure kind,
        a structure a kind, a tactic a subtype, a path is an area)."""
        if self.kind == "unit" and (not self.roles or self.structure or self.tactic):
            raise ValueError("a unit has at least one role and no structure or tactic kind")
        if self.kind == "structure" and (self.structure is None or self.roles or
                                         self.tactic):
            raise ValueError("a structure has a structure kind and no roles")
        if self.kind == "tactic" and (self.tactic is None or self.roles or self.structure):
            raise ValueError("a tactic has a tactic kind and no roles")
        if self.kind == "weather" and (self.roles or self.structure or self.tactic):
            raise ValueError("weather has no roles, structure or tactic kind")
        if self.tactic == "path" and not self.area:
            raise ValueError("a path is an area")
        if self.kind == "unit" and self.h < 1:
            raise ValueError("a unit has at least 1 Health")
        if self.kind == "unit" and self.room > 0:
            raise ValueError("a unit needs room (R is 0 or less)")
        if self.hq and not (self.kind == "structure" and self.area):
            raise ValueError("an HQ is a structure that is also an area")
        if self.kind == "tactic":
            effects = [p.kind for p in self.powers if p.kind in TACTIC_EFFECTS]
            if len(effects) != 1:
                raise ValueError("a tactic does exactly one thing (one of "
                                 f"{', '.join(TACTIC_EFFECTS)})")
        if self.weapon is not None and self.weapon.kind in ("cc", "rc") \
                and getattr(self, self.weapon.kind) == 0:
            raise ValueError(f"a {self.weapon.kind.upper()} weapon needs a "
                             f"{self.weapon.kind.upper()} value above 0")
        return self

    # -- reading ---------------------------------------------------------------------------
    @cached_property
    def powers_by_kind(self) -> dict[str, Power]:
        return {p.kind: p for p in self.powers}

    def power(self, kind: str) -> Power | None:
        """What the card's text of this kind says (None: it has none); read at every step."""
        return self.powers_by_kind.get(kind)

    def is_(self, role: str) -> bool:
        return role in self.roles

    @property
    def type_line(self) -> str:
        """"Vanheim Unit – Worker/Leader", as the description field reads."""
        realm = self.realm.capitalize()
        if self.kind == "unit":
            detail = "/".join(r.capitalize() for r in self.roles)
        elif self.kind == "structure":
            detail = str(self.structure).capitalize()
        elif self.kind == "tactic":
            detail = "" if self.tactic == "plain" else str(self.tactic).capitalize()
        else:
            detail = ""
        extra = [w for w in (detail, "HQ" if self.hq else "",
                             "Area" if self.area and self.tactic != "path" else "") if w]
        return f"{realm} {self.kind.capitalize()}" + (f" – {', '.join(extra)}" if extra else "")

    def stat(self, name: str) -> int:
        return int(getattr(self, name))


class CardList(_Model):
    cards: list[Card] = Field(min_length=1, max_length=400)

    @model_validator(mode="after")
    def _unique_keys(self) -> CardList:
        seen: set[str] = set()
        for card in self.cards:
            if card.key in seen:
                raise ValueError(f"card key {card.key!r} is used twice")
            seen.add(card.key)
        return self


class DeckList(_Model):
    """A deck: its name, its realm (for the table's colours) and how many of each card."""

    key: Key
    name: Name
    realm: Realm
    cards: dict[Key, Annotated[int, Field(ge=1, le=50)]]
    provenance: Provenance = "designed"


class Decks(_Model):
    decks: list[DeckList] = Field(min_length=1, max_length=40)


@dataclass(frozen=True, slots=True)
class WintergrimContent:
    """Every card by key, and the shipped decks, checked against each other."""

    cards: Mapping[str, Card]
    decks: Mapping[str, DeckList]

    def card(self, key: str) -> Card:
        try:
            return self.cards[key]
        except KeyError:
            raise KeyError(f"no Wintergrim card {key!r}") from None

    def name_of(self, key: str) -> str:
        card = self.cards.get(key)
        return card.name if card is not None else key

    @property
    def names(self) -> dict[str, str]:
        return {key: card.name for key, card in self.cards.items()}

    def deck_problem(self, deck: DeckList) -> str | None:
        """The deck rule `deck` breaks, in a player's words, or None when it may be played."""
        return deck_problem(self.cards, deck.cards)


def deck_problem(cards: Mapping[str, Card], counts: Mapping[str, int]) -> str | None:
    """Why a deck of `counts` may not be played (General Questions; How to Play, Setting
    up the game), or None: 50 cards, at most 4 of a name, every card known, an HQ and two
    workers of its realm to start with."""
    unknown = [key for key in counts if key not in cards]
    if unknown:
        return f"the deck names a card that does not exist: {unknown[0]!r}"
    size = sum(counts.values())
    if size != DECK_SIZE:
        return f"a deck has exactly {DECK_SIZE} cards (this one has {size})"
    by_name: Counter[str] = Counter()
    for key, count in counts.items():
        by_name[cards[key].name] += count
    name, most = by_name.most_common(1)[0]
    if most > MOST_OF_A_NAME:
        return f"a deck has at most {MOST_OF_A_NAME} cards of a name ({most} × {name})"
    hqs = [key for key in counts if cards[key].hq]
    if not hqs:
        return "a deck needs an HQ card to start the game with"
    for hq in hqs:
        realm = cards[hq].realm
        workers = sum(count for key, count in counts.items()
                      if cards[key].is_("worker") and cards[key].realm == realm)
        if workers >= 2:
            return None
    return "a deck needs two workers of its HQ's realm to start the game with"


def _checked(cards: CardList, decks: Decks, where: Path) -> WintergrimContent:
    by_key = {card.key: card for card in cards.cards}
    for card in cards.cards:
        for i, req in enumerate(card.req):
            if req.card is not None and req.card not in by_key:
                raise ContentError(f"{where / 'cards.json'}: {card.key}.req[{i}]: no card "
                                   f"{req.card!r}")
        search = card.power("search")
        if search is not None:
            for word in search.finds:  # type: ignore[union-attr]
                if word not in by_key and word not in get_args(Kind):
                    raise ContentError(f"{where / 'cards.json'}: {card.key}.powers: search "
                                       f"finds {word!r}, neither a card nor a card kind")
    shipped: dict[str, DeckList] = {}
    for deck in decks.decks:
        problem = deck_problem(by_key, deck.cards)
        if problem is not None:
            raise ContentError(f"{where / 'decks.json'}: deck {deck.name}: {problem}")
        shipped[deck.key] = deck
    return WintergrimContent(by_key, shipped)


@cache
def load(folder: Path = ASSETS) -> WintergrimContent:
    """The shipped cards and decks (read once per process)."""
    cards = load_content(folder / "cards.json", CardList)
    decks = load_content(folder / "decks.json", Decks)
    return _checked(cards, decks, folder)


def modifier_total(modifiers: list[WintergrimModifier], stat: str,
                   facts: Mapping[str, str | tuple[str, ...]]) -> int:
    """+N to `stat` from a card's modifiers under the facts of the moment."""
    return total(modifiers, stat, facts)
