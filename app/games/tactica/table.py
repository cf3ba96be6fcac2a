"""TACTICA's table: the hex field scene with its presenter."""

from __future__ import annotations

from PySide6.QtWidgets import QGraphicsScene

from app.games.base import GamePresenter
from app.games.tactica.presenter import TacticaPresenter
from app.games.tactica.scene import TacticaScene
from app.match_controller import MatchController


def build(controller: MatchController) -> tuple[QGraphicsScene, GamePresenter]:
    presenter = TacticaPresenter(controller)
    return TacticaScene(controller, presenter), presenter
