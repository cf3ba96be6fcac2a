"""Prompts: a decision that interrupts the turn and belongs to a named player.

Counter-cards, reactions and battle reveals are prompts, so "who decides
now" is always `prompt.player` when one is open, and the legal actions are
that player's answers (including passing where the rules let them pass).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.quick import quicken


@quicken  # made after most actions (engine.core.quick)
@dataclass(frozen=True, slots=True)
class Prompt:
    player: int
    kind: str
    question: str
    can_pass: bool = True
    context: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "kind": self.kind, "question": self.question,
                "can_pass": self.can_pass, "context": list(self.context)}
