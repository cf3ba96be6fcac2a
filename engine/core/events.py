"""Events: what the rules log shows after an action, with secrets kept per player."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the rules log.

    `text` is what every seat may read; `secret` replaces it for the players
    in `secret_for` (the owner of a drawn card reads its name, the others
    read "draws a card"). `data` carries structured facts (dice faces, card
    ids) for docks such as the dice history.
    """

    kind: str
    text: str
    secret: str | None = None
    secret_for: frozenset[int] = frozenset()
    data: dict[str, Any] = field(default_factory=dict)
    override: bool = False  # a referee action in assisted mode

    def text_for(self, player: int | None) -> str:
        if self.secret is not None and (player is None or player in self.secret_for):
            return self.secret
        return self.text
