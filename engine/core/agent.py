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
        return self.pick(actions, rng)

    @staticmethod
    def pick(actions: list[Action], rng: Rng) -> Action:
        """The choice without a state: it reads none, and a match that hands out no state
        may change its own in place."""
        if not actions:
            raise ValueError("no legal action to choose from")
        return rng.choice(actions)


class GuardedPolicy:
    """A game's policy that never stops the table: a mistake of its own (an exception, an
    answer that is not among the legal actions) falls back to the game's `safe` answer.

    `strict`: raise instead (the tests use it, so the mistake is seen where it is made).
    Games give `decide` (None: no opinion, take the safe answer) and `safe`."""

    def __init__(self, strict: bool = False) -> None:
        self.strict = strict

    def choose(self, state: GameState, actions: list[Action], rng: Rng) -> Action:
        if not actions:
            raise ValueError("no legal action to choose from")
        if len(actions) == 1:
            return actions[0]
        try:
            choice = self.decide(state, actions, rng)
        except Exception:
            if self.strict:
                raise
            choice = None
        if choice is None or choice not in actions:
            if self.strict and choice is not None:
                raise AssertionError(f"the policy chose {choice!r}, not a legal action")
            return self.safe(actions)
        return choice

    def decide(self, state: GameState, actions: list[Action], rng: Rng) -> Action | None:
        raise NotImplementedError

    def safe(self, actions: list[Action]) -> Action:
        """An answer that never hurts (a pass where one is offered); the first listed."""
        return actions[0]
