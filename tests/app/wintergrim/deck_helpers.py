"""What the Wintergrim deck tests share: deck files written by hand, and a registry
entry for Wintergrim's rules under a name of the tests' own, so the New match
dialog offers the game whether or not the program registers it yet."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from app.games.wintergrim.user_decks import folder
from engine.core.registry import GameEntry
from engine.games.wintergrim.content import load

ENTRY = GameEntry(name="wintergrim-decks-test", title="Wintergrim",
                  rules="engine.games.wintergrim.rules:WintergrimGame",
                  table="app.games.sandbox.table:build",  # never built: no match starts
                  hint="Two to four seats, a deck each.")


def shipped(key: str) -> dict[str, int]:
    """A copy of the card counts of a deck that comes with the game."""
    return dict(load().decks[key].cards)


def one_short(key: str) -> dict[str, int]:
    """A shipped deck less one card of its last kind: 49 cards."""
    counts = shipped(key)
    last = list(counts)[-1]
    counts[last] -= 1
    if not counts[last]:
        del counts[last]
    return counts


def write_deck(key: str, name: str, counts: Mapping[str, int], realm: str = "asheim",
               file: str | None = None) -> Path:
    """A deck file as the builder writes it (or as a player edits it: any key, any file)."""
    path = folder() / (file or f"{key}.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"key": key, "name": name, "realm": realm,
                                "cards": dict(counts)}), encoding="utf-8")
    return path


def write_text(file: str, text: str) -> Path:
    path = folder() / file
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
