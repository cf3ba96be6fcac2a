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
    """Moves or fades one piece over GLIDE_MS; a new glide replaces the one under way."""

    def __init__(self, item: QGraphicsItem) -> None:
        self.item = item
        self.animation: QVariantAnimation | None = None

    def stop(self) -> None:
        if self.animation is not None:
            self.animation.stop()
            self.animation = None

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

        def finished() -> None:
            if self.animation is animation:
                self.animation = None
            if done is not None:
                done()

        animation.finished.connect(finished)
        self.animation = animation
        animation.start()

    def glide(self, to: QPointF) -> None:
        self._start(self.item.pos(), to, self.item.setPos)

    def fade(self, start: float, end: float, done: Callable[[], None] | None = None) -> None:
        self.item.setOpacity(start)
        self._start(float(start), float(end), self.item.setOpacity, done)
