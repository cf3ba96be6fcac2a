"""The sandbox table's components, read from assets/sandbox/table.json."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core.content import load_content
from engine.core.install import asset_dir

ASSET = asset_dir() / "sandbox" / "table.json"


class Suit(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    key: str = Field(min_length=1, max_length=2)
    name: str = Field(min_length=1, max_length=40)
    symbol: str = Field(min_length=1, max_length=2)
    colour: Literal["red", "black"]


class Token(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    key: str = Field(pattern=r"^[a-z0-9-]+$", max_length=30)
    name: str = Field(min_length=1, max_length=40)
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    count: int = Field(ge=1, le=20)
    provenance: Literal["seed", "designed"]


class SandboxContent(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    provenance: Literal["seed", "designed"]
    # Bounded so a damaged file cannot build a table of millions of cards.
    suits: list[Suit] = Field(min_length=1, max_length=8)
    ranks: list[Annotated[str, Field(min_length=1, max_length=3)]] = Field(min_length=1,
                                                                           max_length=20)
    tokens: list[Token] = Field(max_length=20)
    dice: list[Annotated[str, Field(min_length=3, max_length=20)]] = Field(max_length=12)

    def card_faces(self) -> list[str]:
        """Face keys like '10H', in suit-then-rank order."""
        return [rank + suit.key for suit in self.suits for rank in self.ranks]

    def face_name(self, face: str) -> str:
        if face.startswith("token:"):
            key = face.removeprefix("token:")
            return next(t.name for t in self.tokens if t.key == key)
        for suit in self.suits:
            if face.endswith(suit.key):
                return face.removesuffix(suit.key) + suit.symbol
        return face


def load(path: Path = ASSET) -> SandboxContent:
    return load_content(path, SandboxContent)
