"""The one glide every game uses (app/glide.py): a piece glides, a replaced glide stops,
and a glide outliving its piece (the window closed under it) touches nothing."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsScene

from app.glide import Glider
from tests.app.waits import MOTION_MS


def piece() -> tuple[QGraphicsScene, QGraphicsRectItem, Glider]:
    """A piece on a scene of its own (the scene returned keeps it alive) and its glider."""
    scene = QGraphicsScene()
    item = QGraphicsRectItem(0, 0, 10, 10)
    scene.addItem(item)
    return scene, item, Glider(item)


def test_a_glide_arrives_and_lets_go(qtbot):
    _scene, item, glider = piece()
    glider.glide(QPointF(100, 50))
    assert glider.running() and glider.heading() == QPointF(100, 50)
    assert item.pos() == QPointF(0, 0)  # setting off, not there
    qtbot.waitUntil(lambda: item.pos() == QPointF(100, 50), timeout=MOTION_MS)
    qtbot.waitUntil(lambda: not glider.running(), timeout=MOTION_MS)
    assert glider.heading() is None


def test_a_new_glide_replaces_the_one_under_way(qtbot):
    _scene, item, glider = piece()
    glider.glide(QPointF(100, 0))
    first = glider.animation
    glider.glide(QPointF(0, 100), start=QPointF(50, 50))
    assert glider.animation is not first and item.pos() == QPointF(50, 50)
    qtbot.waitUntil(lambda: not glider.running(), timeout=MOTION_MS)
    assert item.pos() == QPointF(0, 100)


def test_a_glide_outliving_its_piece_touches_nothing(qtbot):
    """Qt deletes the piece with its scene; the animation runs out without calling it
    (pytest-qt fails the test on an exception raised in the event loop)."""
    scene, item, glider = piece()
    faded = []
    glider.fade(1.0, 0.0, done=lambda: faded.append(item.opacity()))
    scene.deleteLater()
    del scene
    qtbot.waitUntil(lambda: not glider.running(), timeout=MOTION_MS)
    assert faded == []
