"""Per-game presentation: which scene a game uses and what its gestures mean.

Each game's registry entry names the function that builds its table, so the
window learns of a new game from the registry, not from a list kept here.
"""

from __future__ import annotations

from PySide6.QtWidgets import QGraphicsScene

from app.games.base import GamePresenter
from app.match_controller import MatchController
from engine.core import registry


def scene_for(controller: MatchController) -> tuple[QGraphicsScene, GamePresenter]:
    """Build the scene and presenter for the open match's game."""
    match = controller.match_or_fail()
    return registry.load(registry.entry(match.game.name).table)(controller)
