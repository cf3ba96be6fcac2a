"""A refused card glides home: the picture of a card dragged out of a dock flies back
from where it was let go to where it came from, so the eye follows it back."""

from __future__ import annotations

from PySide6.QtCore import QEasingCurve, QPoint, QPropertyAnimation
from PySide6.QtWidgets import QLabel, QWidget

GLIDE_MS = 220


def glide_back(window: QWidget, card: QWidget, released_at: QPoint) -> QPropertyAnimation | None:
    """Animate a picture of `card` from `released_at` (global) back onto `card`."""
    if not card.isVisible():
        return None
    ghost = QLabel(window)
    ghost.setObjectName("glidingCard")
    ghost.setPixmap(card.grab())
    ghost.resize(card.size())
    centre = QPoint(card.width() // 2, card.height() // 2)
    start = window.mapFromGlobal(released_at) - centre
    end = card.mapTo(window, QPoint(0, 0))
    ghost.move(start)
    ghost.show()
    ghost.raise_()
    animation = QPropertyAnimation(ghost, b"pos", ghost)
    animation.setDuration(GLIDE_MS)
    animation.setStartValue(start)
    animation.setEndValue(end)
    animation.setEasingCurve(QEasingCurve.Type.OutCubic)
    animation.finished.connect(ghost.deleteLater)
    animation.start()
    return animation
