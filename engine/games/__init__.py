"""The registry of games: name -> where its Game class lives.

Games are imported only when asked for, so starting the program or a test
does not pay for rules it does not use.
"""

from __future__ import annotations

from importlib import import_module

from engine.core.basegame import BaseGame
from engine.core.errors import excerpt

_GAMES: dict[str, str] = {
    "sandbox": "engine.games.sandbox.rules:SandboxGame",
    "tactica": "engine.games.tactica.rules:TacticaGame",
    "nordguard": "engine.games.nordguard.rules:NordguardGame",
}


def game_names() -> list[str]:
    return list(_GAMES)


def _game_class(name: str) -> type[BaseGame]:
    try:
        target = _GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {excerpt(name)} (known: {', '.join(_GAMES)})") from None
    module_name, _, class_name = target.partition(":")
    return getattr(import_module(module_name), class_name)


def game_title(name: str) -> str:
    """The game's title without setting the game up (no content is read)."""
    return _game_class(name).title


def get_game(name: str) -> BaseGame:
    return _game_class(name)()
