"""TACTICA's cards, decks, field and designed rules, read from assets/tactica/*.json.

The JSON files are the single place where numbers live, each tagged with its
provenance ("seed" when Part 2 gives it, "designed" when we chose it), so the
rules reference and the balance tuning both read the same values the engine
plays with. Loading validates everything with pydantic; a bad file fails with
the file, the item and the field named.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.content import load_content
from engine.core.install import asset_dir

ASSETS = asset_dir() / "tactica"

Provenance = Literal["seed", "designed"]
PhaseKey = Literal["muster", "movement", "combat"]
Destination = Literal["field", "barracks", "resupply", "lost", "barracks-or-resupply"]

TROOP_KEYS = ("champion", "foot", "crossbow", "archer")
TACTIC_KEYS = ("crown", "disengage", "engineer", "horse", "negate", "press", "rescue",
               "saved", "shieldwall", "spy")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Counted(_Strict):
    value: int = Field(ge=0)
    provenance: Provenance


class Troop(_Strict):
    key: str
    name: str
    kind: Literal["melee", "ranged"]
    off: int = Field(ge=0)
    def_: int = Field(alias="def", ge=0)
    rng: int = Field(ge=1)
    mov: int = Field(ge=1)
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
    troops: dict[str, int]
    tactics: dict[str, int]
    walls: Counted
    landmarks: Counted

    @model_validator(mode="after")
    def _known_cards(self) -> Deck:
        for key, count in self.troops.items():
            if key not in TROOP_KEYS or count < 0:
                raise ValueError(f"troops: unknown troop {key!r} or negative count")
        for key, count in self.tactics.items():
            if key not in TACTIC_KEYS or count < 0:
                raise ValueError(f"tactics: unknown tactics card {key!r} or negative count")
        if self.tactics.get("crown", 0) > 1:
            raise ValueError("tactics: CROWN is unique, a deck holds at most one")
        if self.walls.value < 1:
            raise ValueError("walls: a side needs at least one wall card")
        return self


class DeckFile(_Strict):
    provenance: Provenance
    note: str
    training_cards: Counted
    decks: list[Deck] = Field(min_length=2, max_length=2)


class IntList(_Strict):
    value: list[int]
    provenance: Provenance


class FieldFile(_Strict):
    provenance: Provenance
    note: str
    width: Counted
    height: Counted
    orientation: Literal["pointy"]
    wall_gaps: IntList
    landmark_min_wall_distance: Counted
    landmark_min_spacing: Counted

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


class Rule(_Strict):
    value: int
    provenance: Provenance
    note: str


class Rules(_Strict):
    muster_actions: Rule
    card_moves: Rule
    opening_troops: Rule
    opening_tactics: Rule
    deploy_troops: Rule
    draw_troops: Rule
    draw_tactics: Rule
    barracks_limit: Rule
    turn_limit: Rule
    victory_points: Rule
    second_player_first_turn_musters: Rule


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
    return Content(
        load_content(folder / "troops.json", TroopFile),
        load_content(folder / "tactics.json", TacticFile),
        load_content(folder / "decks.json", DeckFile),
        load_content(folder / "field.json", FieldFile),
        load_content(folder / "designed_rules.json", RulesFile),
    )
