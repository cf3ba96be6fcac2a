"""The games this program ships: each package declares its registry entry.

Adding a game is adding its package (with an `ENTRY` in its `__init__.py`) and
its name to the import below; every list of games is read from the registry.
"""

from __future__ import annotations

from engine.core.registry import entry, game_names, get_game, register
from engine.games import nordguard, sandbox, tactica, wintergrim, yggdrasil

for _package in (sandbox, tactica, nordguard, wintergrim, yggdrasil):
    register(_package.ENTRY)

__all__ = ["game_names", "game_title", "get_game"]


def game_title(name: str) -> str:
    """The game's title without setting the game up (no content is read)."""
    return entry(name).title
