"""Shared behaviour of games built on the Table: views, outcome, card inventory."""

from __future__ import annotations

from typing import ClassVar

from engine.core.actions import Action
from engine.core.agent import Agent, RandomAgent
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import GameOptions, GameState, Outcome
from engine.core.rng import Rng, SealedRng


class BaseGame:
    """Defaults for the Game protocol; a game overrides what its rules add."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    options_model: ClassVar[type[GameOptions]] = GameOptions

    def setup(self, options: GameOptions, rng: Rng) -> GameState:
        raise NotImplementedError

    def legal_actions(self, state: GameState) -> list[Action]:
        return []

    def check(self, state: GameState, action: Action) -> None:
        raise IllegalAction(f"{self.title} has no action {action.kind!r}")

    def apply(self, state: GameState, action: Action) -> list[Event]:
        self.check(state, action)
        raise NotImplementedError

    def outcome(self, state: GameState) -> Outcome | None:
        return state.result

    def view(self, state: GameState, player: int | None) -> GameState:
        """What `player` may see (None: everything). The table hides what the zones
        hide; every declared field drops the ids of cards the seat cannot see (or
        follows its own view rule); the dice to come are sealed."""
        seen = state.clone()
        seen.table = state.table.view(player)
        if player is not None:
            seen.rng = SealedRng()
            state.view_fields(seen, player, state.table.hidden_from(player))
        return seen

    def all_cards(self, state: GameState) -> frozenset[str]:
        return frozenset(state.table.faces)

    def agent(self) -> Agent:
        """The computer player for this game; games with a policy return it here."""
        return RandomAgent()

    def card_name(self, face: str) -> str:
        """How the rules log names a card face; games map their content keys to names."""
        return face
