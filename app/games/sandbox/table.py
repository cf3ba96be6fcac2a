"""The sandbox's table: the free table scene with the sandbox presenter."""

from __future__ import annotations

from PySide6.QtWidgets import QGraphicsScene

from app.board.table_scene import TableScene
from app.games.base import GamePresenter
from app.games.sandbox.presenter import SandboxPresenter
from app.match_controller import MatchController


def build(controller: MatchController) -> tuple[QGraphicsScene, GamePresenter]:
    game = controller.match_or_fail().game
    presenter = SandboxPresenter(game.content, controller.seat)  # type: ignore[attr-defined]
    return TableScene(controller, presenter), presenter
