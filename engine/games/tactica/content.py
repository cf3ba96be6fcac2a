"""TACTICA's cards, decks, field and designed rules, read from assets/tactica/*.json.

The JSON files are the single place where numbers live, each tagged with its
provenance ("seed" when Part 2 gives it, "designed" when we chose it), so the
rules reference and the balance tuning both read the same values the engine
plays with. Loading validates everything with pydantic; every number is held
to a range a table could use, and a bad file fails with the file, the item and
the field named on one line.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Generic, Literal, TypeVar, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.content import load_content
from engine.core.errors import ContentError
from engine.core.install import asset_dir

ASSETS = asset_dir() / "tactica"

Provenance = Literal["seed", "designed"]
PhaseKey = Literal["muster", "movement", "combat"]
Destination = Literal["field", "barracks", "resupply", "lost", "barracks-or-resupply"]

TroopKey = Literal["champion", "foot", "crossbow", "archer"]
TacticKey = Literal["crown", "disengage", "engineer", "horse", "negate", "press", "rescue",
                    "saved", "shieldwall", "spy"]
TROOP_KEYS: tuple[str, ...] = get_args(TroopKey)
TACTIC_KEYS: tuple[str, ...] = get_args(TacticKey)

# Every number a content file holds is bounded to a range a table could use, so a
# slip of the keyboard (a billion SHIELDWALLs, a negative DEF) is refused when the file
# is read, naming the file, the item and the field, instead of hanging or misplaying.
Stat = Annotated[int, Field(ge=0, le=12)]
Range = Annotated[int, Field(ge=1, le=6)]
Mov = Annotated[int, Field(ge=1, le=4)]
"""MOV: movement is searched over every way to walk, which grows fivefold per MOV."""
TroopCopies = Annotated[int, Field(ge=0, le=20)]
TacticCopies = Annotated[int, Field(ge=0, le=10)]
TrainingCards = Annotated[int, Field(ge=0, le=30)]
Walls = Annotated[int, Field(ge=1, le=9)]
Landmarks = Annotated[int, Field(ge=0, le=4)]
FieldWidth = Annotated[int, Field(ge=5, le=21)]
FieldHeight = Annotated[int, Field(ge=7, le=31)]
Gap = Annotated[int, Field(ge=1, le=27)]
Rows = Annotated[int, Field(ge=1, le=10)]
PerTurn = Annotated[int, Field(ge=1, le=6)]
Extra = Annotated[int, Field(ge=0, le=5)]
Draw = Annotated[int, Field(ge=0, le=5)]
Opening = Annotated[int, Field(ge=1, le=15)]
OpeningTactics = Annotated[int, Field(ge=0, le=15)]
Deploy = Annotated[int, Field(ge=1, le=10)]
BarracksLimit = Annotated[int, Field(ge=1, le=30)]
TurnLimit = Annotated[int, Field(ge=2, le=200)]
Points = Annotated[int, Field(ge=1, le=200)]

N = TypeVar("N")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Counted(_Strict, Generic[N]):
    value: N
    provenance: Provenance


class Troop(_Strict):
    key: str
    name: str
    kind: Literal["melee", "ranged"]
    off: Stat
    def_: Stat = Field(alias="def")
    rng: Range
    mov: Mov
    provenance: Provenance
    stat_provenance: dict[Literal["off", "def", "rng", "mov"], Provenance]

    @property
    def melee(self) -> bool:
        return self.kind == "melee"


class TroopFile(_Strict):
    provenance: Provenance
    note: str
    troops: list[Troop]

    @model_validator(mode="after")
    def _all_troops(self) -> TroopFile:
        keys = [t.key for t in self.troops]
        if sorted(keys) != sorted((*TROOP_KEYS, "crown")):
            raise ValueError(f"troops must be exactly {(*TROOP_KEYS, 'crown')}, got {keys}")
        return self


class Tactic(_Strict):
    key: str
    name: str
    counter: bool
    provenance: Provenance
    uses: dict[PhaseKey, Destination]


class TacticFile(_Strict):
    provenance: Provenance
    note: str
    tactics: list[Tactic]

    @model_validator(mode="after")
    def _all_tactics(self) -> TacticFile:
        keys = [t.key for t in self.tactics]
        if sorted(keys) != sorted(TACTIC_KEYS):
            raise ValueError(f"tactics must be exactly {TACTIC_KEYS}, got {keys}")
        return self


class Deck(_Strict):
    key: Literal["sun", "moon"]
    name: str
    provenance: Provenance
    troops: dict[TroopKey, TroopCopies]
    tactics: dict[TacticKey, TacticCopies]
    walls: Counted[Walls]
    landmarks: Counted[Landmarks]

    @model_validator(mode="after")
    def _one_crown(self) -> Deck:
        if self.tactics.get("crown", 0) > 1:
            raise ValueError("tactics: CROWN is unique, a deck holds at most one")
        return self


class DeckFile(_Strict):
    provenance: Provenance
    note: str
    training_cards: Counted[TrainingCards]
    decks: list[Deck] = Field(min_length=2, max_length=2)


class IntList(_Strict):
    value: list[Gap]
    provenance: Provenance


class FieldFile(_Strict):
    provenance: Provenance
    note: str
    width: Counted[FieldWidth]
    height: Counted[FieldHeight]
    orientation: Literal["pointy"]
    wall_gaps: IntList
    landmark_min_wall_distance: Counted[Rows]
    landmark_min_spacing: Counted[Rows]

    @model_validator(mode="after")
    def _gaps_fit(self) -> FieldFile:
        if len(self.wall_gaps.value) != 3:
            raise ValueError("wall_gaps: one gap per battle, three battles")
        for gap in self.wall_gaps.value:
            spare = self.height.value - gap - 2
            if spare < 2 or spare % 2:
                raise ValueError(f"wall_gaps: a gap of {gap} does not centre on "
                                 f"{self.height.value} rows with a row behind each wall")
        return self


class Rule(_Strict, Generic[N]):
    value: N
    provenance: Provenance
    note: str


class Rules(_Strict):
    muster_actions: Rule[PerTurn]
    card_moves: Rule[PerTurn]
    opening_troops: Rule[Opening]
    opening_tactics: Rule[OpeningTactics]
    deploy_troops: Rule[Deploy]
    draw_troops: Rule[Draw]
    draw_tactics: Rule[Draw]
    barracks_limit: Rule[BarracksLimit]
    turn_limit: Rule[TurnLimit]
    victory_points: Rule[Points]
    second_player_first_turn_musters: Rule[Extra]


class RulesFile(_Strict):
    provenance: Provenance
    note: str
    rules: Rules


class Content:
    """Everything the engine reads from assets/tactica, validated and indexed."""

    def __init__(self, troops: TroopFile, tactics: TacticFile, decks: DeckFile,
                 field: FieldFile, rules: RulesFile) -> None:
        self.troops = {t.key: t for t in troops.troops}
        self.tactics = {t.key: t for t in tactics.tactics}
        self.decks = decks.decks
        self.training_cards = decks.training_cards.value
        self.field = field
        self.rules = rules.rules

    def name(self, face: str) -> str:
        """The card's name for the rules log."""
        if face in self.troops:
            return self.troops[face].name
        if face in self.tactics:
            return self.tactics[face].name
        return {"wall": "Wall", "landmark": "Landmark", "training": "Training"}.get(face, face)


@cache
def load(folder: Path = ASSETS) -> Content:
    """The content in `folder` (the game's assets unless a test points elsewhere)."""
    decks = load_content(folder / "decks.json", DeckFile)
    field = load_content(folder / "field.json", FieldFile)
    width = field.width.value
    for i, deck in enumerate(decks.decks):
        if deck.walls.value > width:
            raise ContentError(f"{folder / 'decks.json'}: decks[{i}] ({deck.name}).walls.value: "
                               f"{deck.walls.value} walls do not fit in one row of the field, "
                               f"which is {width} hexes wide (field.json)")
    return Content(
        load_content(folder / "troops.json", TroopFile),
        load_content(folder / "tactics.json", TacticFile),
        decks,
        field,
        load_content(folder / "designed_rules.json", RulesFile),
    )
