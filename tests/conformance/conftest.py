"""Shared settings of the conformance suite: which games it checks, and how hard."""

from __future__ import annotations

import pytest

from engine.games import game_names

# Every game the engine ships must pass the conformance suite: the list is the registry's.
GAMES = game_names()

SEEDS = list(range(8))  # random games per game
MAX_ACTIONS = 300  # actions per random game (the sandbox never ends on its own)
ILLEGAL_EVERY = 5  # try the illegal probes after every this many actions


@pytest.fixture(params=GAMES, scope="session")
def game_name(request: pytest.FixtureRequest) -> str:
    """The registry name of a game under test."""
    return request.param


@pytest.fixture(params=SEEDS, ids=lambda s: f"seed{s}")
def seed(request: pytest.FixtureRequest) -> int:
    """A seed for one random game."""
    return request.param
