"""The registry of games: name -> where its Game class lives.

Games are imported only when asked for, so starting the program or a test
does not pay for rules it does not use.
"""

from __future__ import annotations

from importlib import import_module

from engine.core.basegame import BaseGame

_GAMES: dict[str, str] = {
    "sandbox": "engine.games.sandbox.rules:SandboxGame",
}


def game_names() -> list[str]:
    return list(_GAMES)


def get_game(name: str) -> BaseGame:
    try:
        target = _GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r} (known: {', '.join(_GAMES)})") from None
    module_name, _, class_name = target.partition(":")
    return getattr(import_module(module_name), class_name)()
