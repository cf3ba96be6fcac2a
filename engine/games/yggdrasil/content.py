"""Yggdrasil's board, clan sheet and the cards of the three Ages, read from
assets/yggdrasil/*.json and validated.

The base game's numbers come from ../shared/rules/yggdrasil-facts.md ("facts N") and the
27 rulings of yggdrasil-clarifications-pt.txt ("ruling N"), which win where they speak.
What no source settles is designed and written down in assets/yggdrasil/rules.md.

What a card does is data. Standing "+N to X" changes (Experts in Arms' Warriors, Frigga's
Charm's cheaper upgrades) are modifiers in the core's vocabulary (`WORDS`); what happens at
a moment is an `Effect`: a gain when something happens (`Gain`, its moments in
`TRIGGERS`), a theft from the battle's winner (`Take`), a figure's arrival destroying
others (`DestroyOnInvade`), and, for texts too particular for those, a `Rule` naming one
of `RULES`, the single list of what the rules engine implements card by card. A mistyped
card fails loading with its file, card and field named, and the decks are checked
against the rulebook's player-count split, so a card lost or mis-marked is found at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Annotated, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.content import load_content
from engine.core.errors import ContentError
from engine.core.install import asset_dir
from engine.core.modifiers import Modifier, Quantity, Vocabulary, total

ASSETS = asset_dir() / "yggdrasil"
PLAYERS = (2, 3, 4)  # the base game (facts 16, 17)

Provenance = Literal["seed", "designed"]
Key = Annotated[str, Field(pattern=r"^[a-z0-9-]+$", max_length=40)]
Name = Annotated[str, Field(min_length=1, max_length=40)]
Text = Annotated[str, Field(min_length=1, max_length=400)]
Stat = Literal["rage", "axes", "horns"]
Troop = Literal["leader", "warrior", "ship"]
Slot = Literal["leader", "warrior", "ship", "monster", "clan"]
Kind = Literal["battle", "troop", "monster", "clan", "quest"]
Mark = Literal["none", "3+", "4+"]  # the least player count a card is played with
STATS: tuple[str, ...] = get_args(Stat)
MARKS: tuple[str, ...] = get_args(Mark)
LEAST_PLAYERS = {"none": 2, "3+": 3, "4+": 4}


class _Model(BaseModel):
    # strict: a number is a whole JSON number, never "3", 3.0 or true
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


# -- the board ---------------------------------------------------------------------------
class Region(_Model):
    key: Key
    name: Name


class Province(_Model):
    """A province; Yggdrasil is the one without a region, villages or a figure limit
    (facts 10). Which pillage token lies on an outer province is dealt at set-up."""

    key: Key
    name: Name
    region: Key | None
    villages: int = Field(ge=0, le=5)
    adjacent: list[Key] = Field(min_length=1, max_length=8)
    uncertain: bool = False
    provenance: Provenance

    @model_validator(mode="after")
    def _villages_fit(self) -> Province:
        if self.region is None and self.villages:
            raise ValueError("villages: Yggdrasil (the province without a region) has no villages")
        if self.region is not None and not 3 <= self.villages <= 5:
            raise ValueError("villages: an outer province has 3 to 5 villages (facts 10)")
        return self


class Fjord(_Model):
    """A fjord between two outer provinces, supporting both (facts 11)."""

    key: Key
    name: Name
    supports: list[Key] = Field(min_length=2, max_length=2)
    uncertain: bool = False
    provenance: Provenance


Reward = Literal["rage", "axes", "horns", "all-stats", "glory"]


class PillageToken(_Model):
    """`count` tokens paying `reward` to a successful pillager: one step up that stat, a
    step up each of the three ("all-stats"), or `glory`. `place`: the province it always
    lies on (Yggdrasil's); the others are shuffled onto the outer provinces (facts 14)."""

    reward: Reward
    count: int = Field(ge=1, le=8)
    glory: int = Field(0, ge=0, le=10)
    place: Key | None = None
    provenance: Provenance

    @model_validator(mode="after")
    def _glory_only_for_glory(self) -> PillageToken:
        if (self.reward == "glory") != (self.glory > 0):
            raise ValueError("glory: a Glory token names its Glory, and only a Glory token does")
        return self


class Ragnarok(_Model):
    """Ragnarök tokens name the outer provinces (facts 15); `glory`: what each figure dying
    in Ragnarök earns in Ages 1, 2, 3 (facts 45); `destroyed_at_start`: provinces
    destroyed before Age 1 by player count (facts 16)."""

    tokens: list[Key] = Field(min_length=1, max_length=8)
    glory: list[Annotated[int, Field(ge=0, le=10)]] = Field(min_length=3, max_length=3)
    destroyed_at_start: dict[Literal["2", "3", "4"], Annotated[int, Field(ge=0, le=5)]]
    provenance: Provenance

    @model_validator(mode="after")
    def _every_count(self) -> Ragnarok:
        if set(self.destroyed_at_start) != {"2", "3", "4"}:
            raise ValueError("destroyed_at_start: it names 2, 3 and 4 players")
        return self


class BoardFile(_Model):
    regions: list[Region] = Field(min_length=1, max_length=5)
    provinces: list[Province] = Field(min_length=2, max_length=12)
    ring: list[Key] = Field(min_length=3, max_length=11)  # clockwise (facts 12)
    layout: list[list[Key]] = Field(min_length=1, max_length=5)  # rows, for the table
    fjords: list[Fjord] = Field(max_length=8)
    pillage_tokens: list[PillageToken] = Field(min_length=1, max_length=8)
    ragnarok: Ragnarok


# -- the clan sheet ----------------------------------------------------------------------
class Track(_Model):
    """A stat's value at each of its 6 steps (facts 5)."""

    stat: Stat
    name: Name
    steps: list[Annotated[int, Field(ge=0, le=20)]] = Field(min_length=6, max_length=6)

    @model_validator(mode="after")
    def _rises(self) -> Track:
        if any(b < a for a, b in zip(self.steps, self.steps[1:], strict=False)):
            raise ValueError("steps: a stat never falls from one step to the next")
        return self


class Figure(_Model):
    """A clan's own figures (facts 1, 3); `invade_cost` None: its STR (facts 28)."""

    figure: Troop
    str: int = Field(ge=1, le=5)
    count: int = Field(ge=1, le=8)
    invade_cost: int | None = Field(None, ge=0, le=5)


class ClanFile(_Model):
    tracks: list[Track] = Field(min_length=3, max_length=3)
    start_step: int = Field(ge=1, le=6)
    figures: list[Figure] = Field(min_length=3, max_length=3)
    slots: dict[Slot, Annotated[int, Field(ge=1, le=3)]]
    # Glory at game end for a stat standing on each step (facts 48)
    end_glory: list[Annotated[int, Field(ge=0, le=30)]] = Field(min_length=6, max_length=6)
    monsters: int = Field(ge=0, le=4)  # monsters a clan may hold at once (facts 32)
    provenance: Provenance

    @model_validator(mode="after")
    def _complete(self) -> ClanFile:
        if sorted(t.stat for t in self.tracks) != sorted(STATS):
            raise ValueError("tracks: one track for each of Rage, Axes and Horns")
        if sorted(f.figure for f in self.figures) != sorted(get_args(Troop)):
            raise ValueError("figures: one entry for each of Leader, Warrior and Ship")
        if set(self.slots) != set(get_args(Slot)):
            raise ValueError("slots: they name Leader, Warrior, Ship, Monster and Clan upgrades")
        if self.monsters != self.slots["monster"]:
            raise ValueError("monsters: a clan holds as many monsters as it has Monster slots")
        return self


# -- modifiers: what an upgrade changes while it is on the clan sheet ----------------------
WORDS = Vocabulary(
    "Yggdrasil",
    quantities=(
        Quantity("str", "a figure's STR", add=(1, 3), conditions=("figure", "province")),
        Quantity("warrior-pair", "STR added for each pair of your Warriors in one province",
                 add=(1, 3)),
        Quantity("invade-cost", "the Rage a figure costs to invade", add=(-4, -1),
                 conditions=("figure",)),
        Quantity("upgrade-cost", "the Rage an upgrade card costs to play", add=(-2, -1)),
        Quantity("quest-in-battle", "the +STR a quest card revealed in battle may count for",
                 add=(1, 6)),
    ),
    conditions={
        # which figure: a troop type, or the monster of the card itself
        "figure": ("leader", "warrior", "ship", "this-monster"),
        "province": ("yggdrasil", "outer"),  # where the figure stands
    },
)


class YggdrasilModifier(Modifier):
    """A modifier in Yggdrasil's words (engine.core.modifiers)."""

    vocabulary = WORDS


# -- effects: what happens at a moment -----------------------------------------------------
@dataclass(frozen=True, slots=True)
class Moment:
    meaning: str
    kinds: tuple[str, ...]  # the card kinds that may wait for it
    per_figure: bool = False  # the gain is paid once for each figure counted


# The moments a `Gain` waits for, each with its meaning.
TRIGGERS: Mapping[str, Moment] = {
    "win": Moment("you win the battle this card was played in", ("battle",)),
    "pillage": Moment("your pillage succeeds in the battle this card was played in",
                      ("battle",)),
    "pillage-with-leader": Moment("your pillage succeeds with your Leader in the province",
                                  ("troop",)),
    "ship-destroyed": Moment("each of your ships destroyed, anywhere, Ragnarök included",
                             ("troop",), per_figure=True),
    "released": Moment("each of your figures released from Valhalla", ("clan",),
                       per_figure=True),
    "enemy-destroyed-with-this": Moment("each enemy figure destroyed in a battle this "
                                        "monster takes part in", ("monster",), per_figure=True),
    "figure-destroyed": Moment("each figure of any clan destroyed in the battle this card "
                               "was played in", ("battle",), per_figure=True),
    "two-enemies-destroyed": Moment("two or more enemy figures destroyed in a battle your "
                                    "clan takes part in (paid once, ruling 10)", ("clan",)),
    "game-end-figure": Moment("each of your figures on the board when the game ends",
                              ("clan",), per_figure=True),
}


class Gain(_Model):
    """When `on` happens, gain `glory`, `rage` and stat steps: one stat of your choice
    ("any"), one other than the pillage reward's ("another", ruling 11), or all three."""

    kind: Literal["gain"]
    on: str
    glory: int = Field(0, ge=0, le=12)
    rage: int = Field(0, ge=0, le=3)
    stats: Literal["none", "any", "another", "all"] = "none"

    @model_validator(mode="after")
    def _gains_something(self) -> Gain:
        if self.on not in TRIGGERS:
            raise ValueError(f"on: {self.on!r} is not a moment a gain waits for: one of "
                             f"{', '.join(TRIGGERS)}")
        if not (self.glory or self.rage or self.stats != "none"):
            raise ValueError("glory, rage, stats: a gain gains Glory, Rage or a stat step")
        return self


class Take(_Model):
    """If you lose the battle this card was played in, take from the winner its `rage`,
    its `glory` (at most what it has), or the cards it revealed (`cards`)."""

    kind: Literal["take-from-winner"]
    rage: int = Field(0, ge=0, le=3)
    glory: int = Field(0, ge=0, le=5)
    cards: bool = False

    @model_validator(mode="after")
    def _takes_one_thing(self) -> Take:
        if sum((self.rage > 0, self.glory > 0, self.cards)) != 1:
            raise ValueError("rage, glory, cards: a card takes exactly one thing from the winner")
        return self


class DestroyOnInvade(_Model):
    """When this monster invades, every enemy figure of `figures` in that province dies
    (to Valhalla), and with `fjords` those in its supporting fjords too (ruling 22)."""

    kind: Literal["destroy-on-invade"]
    figures: list[Troop] = Field(min_length=1, max_length=3)
    fjords: bool


@dataclass(frozen=True, slots=True)
class RuleKey:
    meaning: str
    kinds: tuple[str, ...]  # the card kinds that may carry it
    params: Mapping[str, tuple[int, int]] = field(default_factory=dict)  # name: bounds
    order: int = 3  # its priority class among battle texts (rulings 3, 4, 23)


# Every effect the rules engine implements card by card: one line each.
RULES: Mapping[str, RuleKey] = {
    "as-ship": RuleKey("this monster is a ship in every respect (fjords only, never "
                       "marches) and still a monster (ruling 25)", ("monster",)),
    "invades-yggdrasil": RuleKey("this monster may invade Yggdrasil directly (ruling 6)",
                                 ("monster",)),
    "retreat-to-yggdrasil": RuleKey("when destroyed in an outer province this monster may go "
                                    "to Yggdrasil instead; in Yggdrasil it dies (ruling 26)",
                                    ("monster",)),
    "reward-twice": RuleKey("a pillage won in a battle this monster takes part in pays "
                            "its reward twice", ("monster",)),
    "leader-moves-after-pillage": RuleKey("after a successful pillage with your Leader in "
                                          "the province, it may move to an adjacent province",
                                          ("troop",)),
    "extra-warrior-on-invade": RuleKey("whenever you invade, one Warrior from your reserve "
                                       "may invade the same province free (ruling 13)",
                                       ("clan",)),
    "invade-after-loss": RuleKey("when you lose a battle, a Warrior from your reserve may "
                                 "invade that province free (ruling 6)", ("clan",)),
    "double-ragnarok-glory": RuleKey("your figures dying in Ragnarök earn the Age's Glory "
                                     "twice, and nothing else twice (ruling 24)", ("clan",)),
    "double-quest-glory": RuleKey("your fulfilled quests pay their Glory twice", ("clan",)),
    "pillage-again": RuleKey("as an action, pay `rage` to pillage a province already "
                             "pillaged this Age (ruling 16)", ("clan",), {"rage": (0, 5)}),
    "pillage-after-invade": RuleKey("after you invade a province you may pay `rage` to "
                                    "pillage it at once", ("clan",), {"rage": (0, 5)}),
    "save-figure": RuleKey("pay `rage` to keep one of your figures from being destroyed, as "
                           "often as you pay (ruling 14)", ("clan",), {"rage": (1, 5)}),
    "keep-cards-after-win": RuleKey("after winning a battle keep any of your revealed cards "
                                    "for `rage` each (ruling 18)", ("clan",),
                                    {"rage": (1, 5)}),
    "invade-from-valhalla": RuleKey("as an action, pay `rage` to invade with one of your "
                                    "figures from Valhalla (ruling 15)", ("clan",),
                                    {"rage": (1, 5)}),
    "sacrifice-for-stat": RuleKey("as an action, destroy `figures` of your own figures to "
                                  "raise one clan stat a step (ruling 16)", ("clan",),
                                  {"figures": (1, 4)}),
    "smite-warrior": RuleKey("before STR is compared, one Warrior of each opponent in the "
                             "battle is destroyed (ruling 10)", ("battle",)),
    "keep-one-figure": RuleKey("before STR is compared, every clan in the battle keeps one "
                               "figure of its choice there and the rest die (ruling 3)",
                               ("battle",)),
    "copy-highest-card": RuleKey("its +STR is the highest +STR an opponent revealed, cards "
                                 "added after the reveal included (ruling 19)", ("battle",)),
    "play-after-reveal": RuleKey("may also be added after the reveal, the pillager first, "
                                 "then clockwise until all pass (ruling 21)", ("battle",)),
    "cancel-texts": RuleKey("the texts of the opponents' cards revealed with it do nothing; "
                            "their +STR counts (ruling 23)", ("battle",), order=1),
    "discard-and-replay": RuleKey("every revealed card is discarded for good, you gain Glory "
                                  "equal to their +STR, and every clan with cards plays "
                                  "another (ruling 20)", ("battle",), order=2),
}


class Rule(_Model):
    """A text the vocabulary cannot say: one of `RULES`, with its parameters."""

    kind: Literal["rule"]
    key: str
    params: dict[str, int] = {}

    @model_validator(mode="after")
    def _known(self) -> Rule:
        rule = RULES.get(self.key)
        if rule is None:
            raise ValueError(f"key: {self.key!r} is not a Yggdrasil effect key: one of "
                             f"{', '.join(RULES)}")
        if set(self.params) != set(rule.params):
            wanted = ", ".join(rule.params) or "none"
            raise ValueError(f"params: {self.key} takes the parameters {wanted}")
        for name, (low, high) in rule.params.items():
            if not low <= self.params[name] <= high:
                raise ValueError(f"params.{name}: {self.key} takes {name} from {low} to "
                                 f"{high}")
        return self


Effect = Annotated[Gain | Take | DestroyOnInvade | Rule, Field(discriminator="kind")]


# -- quests ------------------------------------------------------------------------------
class MostInRegion(_Model):
    """Most STR (fjords included, a tie fails) in at least one surviving province of
    `region` (facts 44, section C)."""

    kind: Literal["most-str-region"]
    region: Key


class MostInProvince(_Model):
    kind: Literal["most-str-province"]
    province: Key


class InValhalla(_Model):
    """At least `figures` of yours in Valhalla when quests are revealed (before Ragnarök)."""

    kind: Literal["valhalla"]
    figures: int = Field(ge=1, le=10)


Goal = Annotated[MostInRegion | MostInProvince | InValhalla, Field(discriminator="kind")]


# -- cards -------------------------------------------------------------------------------
class Card(_Model):
    """One physical card of an Age deck. `str`: a battle card's +STR or a monster's STR;
    `cost`: the Rage an upgrade or monster costs to play (facts 30); `glory` and `goal`:
    a quest's."""

    key: Key
    name: Name
    age: int = Field(ge=1, le=3)
    kind: Kind
    troop: Troop | None = None
    mark: Mark
    str: int | None = Field(None, ge=0, le=6)
    cost: int | None = Field(None, ge=0, le=6)
    glory: int | None = Field(None, ge=1, le=15)
    goal: Goal | None = None
    effects: list[Effect] = Field(default_factory=list, max_length=3)
    modifiers: list[YggdrasilModifier] = Field(default_factory=list, max_length=3)
    text: Text
    uncertain: bool = False
    provenance: Provenance

    @model_validator(mode="after")
    def _fits_its_kind(self) -> Card:
        """The fields a kind of card prints, and only those."""
        kind = self.kind
        if (kind == "troop") != (self.troop is not None):
            raise ValueError("troop: a troop upgrade names its troop (leader, warrior, ship), and "
                             "only a troop upgrade does")
        if (kind in ("battle", "monster")) != (self.str is not None):
            raise ValueError("str: battle cards and monsters print a STR, other cards do not")
        if (kind in ("troop", "monster", "clan")) != (self.cost is not None):
            raise ValueError("cost: upgrades and monsters have a Rage cost, other cards do not")
        if (kind == "quest") != (self.glory is not None and self.goal is not None):
            raise ValueError("glory, goal: a quest has its Glory and its goal, and only a "
                             "quest does")
        if kind == "monster" and not self.str:
            raise ValueError("str: a monster has a STR of at least 1")
        if kind in ("battle", "quest") and self.modifiers:
            raise ValueError("modifiers: only upgrades and monsters carry modifiers")
        if kind == "quest" and self.effects:
            raise ValueError("effects: a quest does nothing but pay when its goal is met")
        for i, effect in enumerate(self.effects):
            allowed = (TRIGGERS[effect.on].kinds if isinstance(effect, Gain)
                       else RULES[effect.key].kinds if isinstance(effect, Rule)
                       else ("battle",) if isinstance(effect, Take) else ("monster",))
            if kind not in allowed:
                raise ValueError(f"effects[{i}] ({effect.kind}) belongs on "
                                 f"{' or '.join(allowed)} cards, not on a {kind} card")
        for i, m in enumerate(self.modifiers):
            if "this-monster" in m.when.get("figure", ()) and kind != "monster":
                raise ValueError(f"modifiers[{i}] names this-monster on a card that is not "
                                 "a monster")
        if kind == "monster" and (self.str or 0) + total(
                self.modifiers, "invade-cost", {"figure": "this-monster"}) < 0:
            raise ValueError("modifiers: a monster's invasion never costs less than 0 Rage")
        return self

    @property
    def slot(self) -> str | None:
        """The clan-sheet slot it takes as an upgrade (facts 7), or None."""
        return self.troop or {"monster": "monster", "clan": "clan"}.get(self.kind)

    def in_game(self, players: int) -> bool:
        """Whether the card is played with `players` (facts 17)."""
        return players >= LEAST_PLAYERS[self.mark]

    def rule(self, key: str) -> Rule | None:
        return next((e for e in self.effects if isinstance(e, Rule) and e.key == key), None)


class Draft(_Model):
    """Gods' Gifts (facts 20-23): `dealt` to each, `hand` picked, `picks` at a time by
    player count; `kept`: cards a clan may carry into the next Age (facts 43)."""

    dealt: int = Field(ge=1, le=12)
    hand: int = Field(ge=1, le=12)
    picks: dict[Literal["2", "3", "4"], Annotated[int, Field(ge=1, le=4)]]
    kept: int = Field(ge=0, le=3)

    @model_validator(mode="after")
    def _adds_up(self) -> Draft:
        if self.hand > self.dealt:
            raise ValueError("hand: a clan cannot pick more cards than it is dealt")
        if set(self.picks) != {"2", "3", "4"}:
            raise ValueError("picks: it names 2, 3 and 4 players")
        for players, picks in self.picks.items():
            if self.hand % picks:
                raise ValueError(f"picks: with {players} players a hand of {self.hand} is not made "
                                 f"of picks of {picks}")
        return self


class CardsFile(_Model):
    # each Age deck's cards by mark (facts 17)
    deck: dict[Mark, Annotated[int, Field(ge=0, le=40)]]
    draft: Draft
    quest_steps: int = Field(ge=0, le=3)  # stat steps a fulfilled quest adds (facts 44)
    cards: list[Card] = Field(min_length=1, max_length=150)


# -- the whole ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class YggdrasilContent:
    """The board, the clan sheet and the cards, checked against each other."""

    board: BoardFile
    clan: ClanFile
    decks: CardsFile
    provinces: Mapping[str, Province]
    cards: Mapping[str, Card]

    @property
    def yggdrasil(self) -> Province:
        return next(p for p in self.board.provinces if p.region is None)

    @property
    def outer(self) -> list[Province]:
        return [p for p in self.board.provinces if p.region is not None]

    def deck(self, age: int, players: int) -> list[Card]:
        """The Age deck for `players` (facts 17), in file order."""
        if players not in PLAYERS:
            raise ValueError(f"Yggdrasil is played by 2 to 4 players, not {players}")
        return [c for c in self.decks.cards if c.age == age and c.in_game(players)]

    def track(self, stat: str) -> Track:
        return next(t for t in self.clan.tracks if t.stat == stat)

    def figure(self, troop: str) -> Figure:
        return next(f for f in self.clan.figures if f.figure == troop)

    def fjords_of(self, province: str) -> list[Fjord]:
        """The fjords supporting `province` (facts 11)."""
        return [f for f in self.board.fjords if province in f.supports]

    def outer_tokens(self) -> list[PillageToken]:
        """The tokens shuffled onto the outer provinces, one entry per token (facts 14)."""
        return [t for t in self.board.pillage_tokens if t.place is None for _ in range(t.count)]


def _fail(folder: Path, file: str, where: str, what: str) -> ContentError:
    return ContentError(f"{folder / file}: {where}: {what}")


def _check_board(board: BoardFile, folder: Path) -> None:
    """Facts 8-16: one Yggdrasil beside every outer province, a ring whose neighbours are
    exactly the adjacent provinces, 32 villages, fjords on ring seams, a token per province."""
    file = "board.json"
    keys = [p.key for p in board.provinces]
    regions = {r.key for r in board.regions}
    seen: set[str] = set()
    for i, p in enumerate(board.provinces):
        where = f"provinces[{i}] ({p.name})"
        if p.key in seen:
            raise _fail(folder, file, f"{where}.key", f"{p.key!r} is used twice")
        seen.add(p.key)
        if p.region is not None and p.region not in regions:
            raise _fail(folder, file, f"{where}.region", f"no region {p.region!r}")
    centre = [p for p in board.provinces if p.region is None]
    if len(centre) != 1:
        raise _fail(folder, file, "provinces", "exactly one province (Yggdrasil) has no region")
    ygg = centre[0].key
    outer = [k for k in keys if k != ygg]
    if sorted(board.ring) != sorted(outer):
        raise _fail(folder, file, "ring", "the ring names every outer province once")
    ring_next = {a: {board.ring[i - 1], board.ring[(i + 1) % len(board.ring)], ygg}
                 for i, a in enumerate(board.ring)}
    by_key = {p.key: p for p in board.provinces}
    for i, p in enumerate(board.provinces):
        where = f"provinces[{i}] ({p.name}).adjacent"
        for other in p.adjacent:
            if other not in by_key or other == p.key:
                raise _fail(folder, file, where, f"{other!r} is not another province")
            if p.key not in by_key[other].adjacent:
                raise _fail(folder, file, where, f"{other!r} does not list {p.key!r} back "
                            "(adjacency is mutual)")
        wanted = set(outer) if p.key == ygg else ring_next[p.key]
        if set(p.adjacent) != wanted or len(p.adjacent) != len(wanted):
            raise _fail(folder, file, where, "an outer province borders its two ring "
                        "neighbours and Yggdrasil; Yggdrasil borders every outer province "
                        "(facts 9, 12)")
    villages = sum(p.villages for p in board.provinces)
    if villages != 32:
        raise _fail(folder, file, "provinces", f"the board has 32 villages, not {villages} "
                    "(facts 12)")
    placed = [k for row in board.layout for k in row]
    if sorted(placed) != sorted(keys):
        raise _fail(folder, file, "layout", "the layout places every province once")
    fjord_keys: set[str] = set()
    for i, f in enumerate(board.fjords):
        where = f"fjords[{i}] ({f.name})"
        if f.key in fjord_keys or f.key in by_key:
            raise _fail(folder, file, f"{where}.key", f"{f.key!r} is used twice")
        fjord_keys.add(f.key)
        a, b = f.supports
        if a not in outer or b not in outer or b not in ring_next[a]:
            raise _fail(folder, file, f"{where}.supports", "a fjord lies between two outer "
                        "provinces that are ring neighbours (facts 11, 12)")
    tokens = sum(t.count for t in board.pillage_tokens)
    if tokens != len(keys):
        raise _fail(folder, file, "pillage_tokens", f"one token per province: {len(keys)}, "
                    f"not {tokens} (facts 14)")
    for i, t in enumerate(board.pillage_tokens):
        if t.place is not None and (t.place not in by_key or t.count != 1):
            raise _fail(folder, file, f"pillage_tokens[{i}].place",
                        "a placed token is one token on a province")
    if [t.place for t in board.pillage_tokens if t.place] != [ygg]:
        raise _fail(folder, file, "pillage_tokens", "exactly one token lies on Yggdrasil, and "
                    "the rest are shuffled onto the outer provinces (facts 14)")
    rag = board.ragnarok
    if sorted(rag.tokens) != sorted(outer):
        raise _fail(folder, file, "ragnarok.tokens", "one Ragnarök token per outer province "
                    "(facts 15)")
    for players, destroyed in rag.destroyed_at_start.items():
        if 3 + destroyed > len(rag.tokens):
            raise _fail(folder, file, f"ragnarok.destroyed_at_start.{players}",
                        "three Age tokens and the destroyed provinces need more tokens than "
                        "there are")


def _check_cards(cards: CardsFile, board: BoardFile, folder: Path) -> None:
    """Unique keys, goals naming real regions and provinces, and each Age deck split by
    marks as the rulebook counts it (facts 17), with enough cards for every draft."""
    file = "cards.json"
    regions = {r.key for r in board.regions}
    provinces = {p.key for p in board.provinces}
    seen: set[str] = set()
    counts: Counter[tuple[int, str]] = Counter()
    for i, card in enumerate(cards.cards):
        where = f"cards[{i}] ({card.name})"
        if card.key in seen:
            raise _fail(folder, file, f"{where}.key", f"{card.key!r} is used twice")
        seen.add(card.key)
        goal = card.goal
        if isinstance(goal, MostInRegion) and goal.region not in regions:
            raise _fail(folder, file, f"{where}.goal.region", f"no region {goal.region!r}")
        if isinstance(goal, MostInProvince) and goal.province not in provinces:
            raise _fail(folder, file, f"{where}.goal.province",
                        f"no province {goal.province!r}")
        counts[card.age, card.mark] += 1
        wanted = cards.deck.get(card.mark, 0)
        if counts[card.age, card.mark] > wanted:
            raise _fail(folder, file, f"{where}.mark", f"Age {card.age} has more than "
                        f"{wanted} cards marked {card.mark} (facts 17)")
    for age in (1, 2, 3):
        for mark in MARKS:
            wanted = cards.deck.get(mark, 0)
            if counts[age, mark] != wanted:
                raise _fail(folder, file, "cards", f"Age {age} has {counts[age, mark]} cards "
                            f"marked {mark}, not {wanted} (facts 17)")
    for players in PLAYERS:
        size = sum(n for mark, n in cards.deck.items() if LEAST_PLAYERS[mark] <= players)
        if size < players * cards.draft.dealt:
            raise _fail(folder, file, "deck", f"{players} players are dealt "
                        f"{players * cards.draft.dealt} cards from a deck of {size}")


@cache
def load(folder: Path = ASSETS) -> YggdrasilContent:
    """The board, clan sheet and cards (read once per process)."""
    board = load_content(folder / "board.json", BoardFile)
    clan = load_content(folder / "clan.json", ClanFile)
    cards = load_content(folder / "cards.json", CardsFile)
    _check_board(board, folder)
    _check_cards(cards, board, folder)
    return YggdrasilContent(board, clan, cards, {p.key: p for p in board.provinces},
                            {c.key: c for c in cards.cards})
