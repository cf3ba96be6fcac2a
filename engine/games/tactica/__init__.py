"""TACTICA: the three-battle war on the hex field (rules in rules.py, layout in state.py)."""

from engine.core.registry import GameEntry

ENTRY = GameEntry(
    name="tactica",
    title="TACTICA",
    rules="engine.games.tactica.rules:TacticaGame",
    table="app.games.tactica.table:build",
    hint="Two players, a war of three battles on a hex field (or a single battle). Give "
         "seat 2 to the computer to play against it.",
)
