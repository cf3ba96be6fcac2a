"""Nordguard: the co-operative run across the ice (rules in rules.py, layout in state.py)."""

from engine.core.registry import GameEntry

ENTRY = GameEntry(
    name="nordguard",
    title="Nordguard",
    rules="engine.games.nordguard.rules:NordguardGame",
    table="app.games.nordguard.scene:build_table",
    hint="Co-operative: 1 to 7 players cross a map of face-down locations before the "
         "countdown runs out. The map size follows the player count unless you set it.",
)
