"""The sandbox table: a 52-card deck, tokens and dice with no rules enforced.

Everything happens through referee actions, so the sandbox exercises the
machinery every game shares (zones, views, undo, saves) with nothing else
in the way.
"""

from __future__ import annotations

from pydantic import Field

from engine.core.basegame import BaseGame
from engine.core.game import GameState
from engine.core.options import GameOptions
from engine.core.rng import Rng
from engine.games.sandbox import ENTRY, content
from engine.games.sandbox.state import new_table


class SandboxOptions(GameOptions):
    players: int = Field(2, ge=1, le=4, description="Number of seats at the table")


class SandboxGame(BaseGame):
    name = ENTRY.name
    title = ENTRY.title
    options_model = SandboxOptions

    def __init__(self) -> None:
        self.content = content.load()
        # Every move names its card in the log; the names are fixed by the content.
        self._names: dict[str, str] = {}

    def setup(self, options: GameOptions, rng: Rng) -> GameState:
        return new_table(self.content, options.players, rng)

    def card_name(self, face: str) -> str:
        name = self._names.get(face)
        if name is None:
            name = self._names[face] = self.content.face_name(face)
        return name
