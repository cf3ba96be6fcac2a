"""Yggdrasil: clans drafting the gods' gifts, invading and pillaging the provinces around the
World Tree over three Ages, for 2–4 players (rules in rules.py, layout in state.py)."""

from engine.core.registry import GameEntry

ENTRY = GameEntry(
    name="yggdrasil",
    title="Yggdrasil",
    rules="engine.games.yggdrasil.rules:YggdrasilGame",
    table="app.games.yggdrasil.scene:build_table",
    hint="Two to four clans over three Ages: draft the gods' gifts, invade and march around "
         "the World Tree, pillage for Glory and die gloriously in Ragnarök. Give seats to "
         "the computer to play against it.",
)
