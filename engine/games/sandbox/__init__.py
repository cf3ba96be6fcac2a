"""The sandbox table: a 52-card deck, tokens and dice, with nothing enforced."""

from engine.core.game import RuleMode
from engine.core.registry import GameEntry

ENTRY = GameEntry(
    name="sandbox",
    title="Sandbox table",
    rules="engine.games.sandbox.rules:SandboxGame",
    table="app.games.sandbox.table:build",
    hint="A free table: a 52-card deck, tokens and dice. Draw, drag, flip, shuffle and roll "
         "as you like; nothing is enforced.",
    mode=RuleMode.SANDBOX,
    take_backs=True,
    opens_at_start=True,
)
