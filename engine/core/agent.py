"""Computer players: anything that picks one of the legal actions.

An agent gets the deciding seat's view (never the true state: hidden cards and
the dice to come stay hidden), the legal actions and its own random stream
(never the match's, so thinking never changes the dice the table will roll). Games
offer a sensible policy through `Game.agent()`; the random agent is the
fallback and the driver of the invariant checks in `engine.simulate`.
"""

from __future__ import annotations

from typing import Protocol

from engine.core.actions import Action
from engine.core.game import GameState
from engine.core.rng import Rng


class Agent(Protocol):
    def choose(self, state: GameState, actions: list[Action], rng: Rng) -> Action:
        """One of `actions`, decided from `state`, the deciding seat's view."""
        ...


class RandomAgent:
    """Uniform over the legal actions: explores every corner of the rules."""

    def choose(self, state: GameState, actions: list[Action], rng: Rng) -> Action:
        if not actions:
            raise ValueError("no legal action to choose from")
        return rng.choice(actions)
