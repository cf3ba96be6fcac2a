"""The sandbox table's components, read from assets/sandbox/table.json."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core.content import load_content
from engine.core.install import asset_dir

ASSET = asset_dir() / "sandbox" / "table.json"


class Suit(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    key: str = Field(min_length=1, max_length=2)
    name: str
    symbol: str
    colour: Literal["red", "black"]


class Token(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    key: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    count: int = Field(ge=1, le=20)
    provenance: Literal["seed", "designed"]


class SandboxContent(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    provenance: Literal["seed", "designed"]
    suits: list[Suit] = Field(min_length=1)
    ranks: list[str] = Field(min_length=1)
    tokens: list[Token]
    dice: list[str]

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
