"""Pieces that glide and fade: a troop to its new hex, a mustered one in, a captured one out.

The animations show a change the table has already made; whatever reads the
state (tests, the rules, the next gesture) never waits for them, and a troop
picked up while it glides simply stops where it is.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEasingCurve, QPointF, QVariantAnimation
from PySide6.QtWidgets import QGraphicsItem

GLIDE_MS = 200  # a troop's glide to its new hex, and the fade of one mustered or captured


class Glider:
    """Moves or fades one piece over GLIDE_MS; a new glide replaces the one under way.

    An animation's connections are cut when it ends or is stopped: a slot that
    holds its own animation would otherwise keep it, and the piece it moves,
    alive for ever (Qt holds the slot, so Python's collector never sees the loop).
    """

    def __init__(self, item: QGraphicsItem) -> None:
        self.item = item
        self.animation: QVariantAnimation | None = None

    def stop(self) -> None:
        animation, self.animation = self.animation, None
        if animation is not None:
            animation.stop()
            _cut(animation)

    def running(self) -> bool:
        return self.animation is not None

    def _start(self, start: object, end: object, step: Callable[[object], None],
               done: Callable[[], None] | None = None) -> None:
        self.stop()
        animation = QVariantAnimation()
        animation.setStartValue(start)
        animation.setEndValue(end)
        animation.setDuration(GLIDE_MS)
        animation.setEasingCurve(QEasingCurve.Type.OutCubic)
        animation.valueChanged.connect(step)
        animation.finished.connect(lambda: self._finished(animation, done))
        self.animation = animation
        animation.start()

    def _finished(self, animation: QVariantAnimation,
                  done: Callable[[], None] | None) -> None:
        if self.animation is animation:
            self.animation = None
        _cut(animation)
        if done is not None:
            done()

    def glide(self, to: QPointF) -> None:
        self._start(self.item.pos(), to, self.item.setPos)

    def fade(self, start: float, end: float, done: Callable[[], None] | None = None) -> None:
        self.item.setOpacity(start)
        self._start(float(start), float(end), self.item.setOpacity, done)


def _cut(animation: QVariantAnimation) -> None:
    animation.valueChanged.disconnect()
    animation.finished.disconnect()
