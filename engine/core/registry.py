"""The registry of games: one entry per game says where its pieces live and how it starts.

A game package declares its `GameEntry` in its `__init__.py`: its name and
title, where its rules class is, where the window finds its table (scene and
presenter), the line the New match dialog shows, and the rule mode a new
match starts in. Everything that lists games — the New match dialog, the
conformance suite, the benchmarks, the installers, loading a save — reads
this registry, so adding a game is adding its package and one line in
`engine.games`. Pieces are named by import path and imported only when
asked for, so the core knows of no game and starting the program pays for
no rules it does not use.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

from engine.core.errors import excerpt
from engine.core.game import RuleMode

if TYPE_CHECKING:
    from engine.core.basegame import BaseGame


@dataclass(frozen=True, slots=True)
class GameEntry:
    name: str  # the registry key, as saves and the command line name the game
    title: str  # as players read it
    rules: str  # "module:Class" of the game's BaseGame
    table: str  # "module:function" building (scene, presenter) for a controller
    hint: str  # one or two sentences for the New match dialog
    mode: RuleMode = RuleMode.ENFORCED  # how a new match of it starts
    take_backs: bool = False  # whether a new match allows take-backs by default
    opens_at_start: bool = False  # the table the program opens when nothing else is asked


_ENTRIES: dict[str, GameEntry] = {}


def register(entry: GameEntry) -> None:
    if entry.name in _ENTRIES and _ENTRIES[entry.name] != entry:
        raise ValueError(f"game {entry.name!r} is registered twice")
    _ENTRIES[entry.name] = entry


@contextmanager
def registered(entry: GameEntry) -> Iterator[GameEntry]:
    """Register `entry` for the duration (tests register games the program does not ship)."""
    register(entry)
    try:
        yield entry
    finally:
        _ENTRIES.pop(entry.name, None)


def entries() -> list[GameEntry]:
    return list(_ENTRIES.values())


def entry(name: str) -> GameEntry:
    try:
        return _ENTRIES[name]
    except KeyError:
        known = ", ".join(_ENTRIES) or "none registered"
        raise KeyError(f"unknown game {excerpt(name)} (known: {known})") from None


def game_names() -> list[str]:
    return list(_ENTRIES)


def start_game() -> GameEntry:
    """The game whose table opens when the program starts with nothing else to show."""
    return next((e for e in _ENTRIES.values() if e.opens_at_start), entries()[0])


def load(target: str) -> Any:
    """The object a "module:name" path names (a rules class, a table builder)."""
    module_name, _, attribute = target.partition(":")
    return getattr(import_module(module_name), attribute)


def get_game(name: str) -> BaseGame:
    """A fresh instance of the game's rules; ContentError if its content is damaged."""
    return load(entry(name).rules)()
