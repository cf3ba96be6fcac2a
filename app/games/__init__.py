"""Per-game presentation: which scene a game uses and what its gestures mean."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QGraphicsScene

from app.games.base import GamePresenter
from app.match_controller import MatchController


def scene_for(controller: MatchController) -> tuple[QGraphicsScene, GamePresenter]:
    """Build the scene and presenter for the open match's game."""
    match = controller.match_or_fail()
    builder = _BUILDERS.get(match.game.name)
    if builder is None:
        raise KeyError(f"no table is drawn for {match.game.title} yet")
    return builder(controller)


def _sandbox(controller: MatchController) -> tuple[QGraphicsScene, GamePresenter]:
    from app.board.table_scene import TableScene
    from app.games.sandbox.presenter import SandboxPresenter

    game = controller.match_or_fail().game
    presenter = SandboxPresenter(game.content, controller.seat)  # type: ignore[attr-defined]
    return TableScene(controller, presenter), presenter


def _nordguard(controller: MatchController) -> tuple[QGraphicsScene, GamePresenter]:
    from app.games.nordguard.scene import build_table

    return build_table(controller)


def _tactica(controller: MatchController) -> tuple[QGraphicsScene, GamePresenter]:
    from app.games.tactica.presenter import TacticaPresenter
    from app.games.tactica.scene import TacticaScene

    presenter = TacticaPresenter(controller)
    return TacticaScene(controller, presenter), presenter


_BUILDERS: dict[str, Callable[[MatchController], tuple[QGraphicsScene, GamePresenter]]] = {
    "sandbox": _sandbox,
    "nordguard": _nordguard,
    "tactica": _tactica,
}
