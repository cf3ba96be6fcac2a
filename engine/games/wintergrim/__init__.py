"""Wintergrim: areas, structures and units, two decks at war (rules in rules.py, layout in
state.py)."""

from engine.core.registry import GameEntry

ENTRY = GameEntry(
    name="wintergrim",
    title="Wintergrim",
    rules="engine.games.wintergrim.rules:WintergrimGame",
    table="app.games.wintergrim.scene:build_table",
    hint="Two players, a deck each: build structures, house units, send them down paths "
         "and bring the enemy's HQ down. Give seat 2 to the computer to play against it.",
)
