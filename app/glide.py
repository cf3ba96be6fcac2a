"""Moves glide instead of jumping, so the eye can follow what the rules just did.

One timing and one way of animating for every game: a piece on the board (a
scene item) glides or fades through its Glider; a card in a dock, which a
layout holds in its place, cannot move itself, so a picture of it flies over
the window onto it (fly). An animation only shows a change already made: the
state, the items' places and whatever reads them never wait for one.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QEasingCurve,
    QMetaObject,
    QObject,
    QPoint,
    QPointF,
    Qt,
    QVariantAnimation,
)
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QGraphicsItem, QGraphicsOpacityEffect, QLabel, QWidget
from shiboken6 import isValid

GLIDE_MS = 200
"""A piece or card moving to its new place: long enough for the eye to follow, short
enough that nobody waits for it."""


class Motion:
    """One animation of one thing at a time; a new one replaces the one under way.

    `owner` is what the animation shows (a piece, a card): once Qt has deleted it
    (its scene closed) the animation goes on to its end touching nothing. An
    animation's connections are cut when it ends or is stopped: a slot that holds
    its own animation would otherwise keep it, and what it moves, alive for ever
    (Qt holds the slot, so Python's collector never sees the loop).
    """

    def __init__(self, owner: object) -> None:
        self.owner = owner
        self.animation: QVariantAnimation | None = None
        self._wires: list[QMetaObject.Connection] = []

    def run(self, start: object, end: object, step: Callable[[object], None],
            ms: int = GLIDE_MS, curve: QEasingCurve.Type = QEasingCurve.Type.OutCubic,
            done: Callable[[], None] | None = None) -> None:
        """Call `step` with the values from `start` to `end` over `ms`, then `done`."""
        self.stop()
        animation = QVariantAnimation()
        animation.setStartValue(start)
        animation.setEndValue(end)
        animation.setDuration(ms)
        animation.setEasingCurve(curve)
        self._wires = [
            animation.valueChanged.connect(lambda value: self._step(step, value)),
            animation.finished.connect(lambda: self._finished(animation, done)),
        ]
        self.animation = animation
        animation.start()

    def stop(self) -> None:
        animation, self.animation = self.animation, None
        if animation is not None:
            self._cut()
            animation.stop()

    def running(self) -> bool:
        return self.animation is not None

    def heading(self) -> object | None:
        """Where the animation under way ends; None when there is none."""
        return None if self.animation is None else self.animation.endValue()

    def _step(self, step: Callable[[object], None], value: object) -> None:
        if isValid(self.owner):
            step(value)

    def _finished(self, animation: QVariantAnimation,
                  done: Callable[[], None] | None) -> None:
        if self.animation is not animation:
            return
        self.animation = None
        self._cut()
        if done is not None and isValid(self.owner):
            done()

    def _cut(self) -> None:
        for wire in self._wires:
            QObject.disconnect(wire)
        self._wires = []


class Glider(Motion):
    """Glides or fades one piece on the board; a piece picked up while it glides simply
    stops where it is (the caller stops it)."""

    def __init__(self, item: QGraphicsItem) -> None:
        super().__init__(item)
        self.item = item

    def glide(self, to: QPointF, start: QPointF | None = None, ms: int = GLIDE_MS) -> None:
        """Glide to `to` from where the piece is shown now, or from `start`."""
        if start is not None:
            self.item.setPos(start)
        self.run(self.item.pos(), QPointF(to), self.item.setPos, ms)

    def stand(self, centre: QPointF, home: QPointF | None, glide: bool) -> QPointF:
        """Stand the piece on `centre` (its new home, returned): glide there from where it
        is shown now, or jump; nothing moves when it already stands or glides there."""
        item = self.item
        if centre == home and (glide or item.pos() == centre):
            return QPointF(centre)
        if glide and item.scene() is not None and item.pos() != centre:
            self.glide(centre)
        else:
            self.stop()
            item.setPos(centre)
        return QPointF(centre)

    def fade(self, start: float, end: float, done: Callable[[], None] | None = None) -> None:
        self.item.setOpacity(start)
        self.run(float(start), float(end), self.item.setOpacity, done=done)


def nearest_inside(area: QWidget, point: QPoint) -> QPoint:
    """The point of `area` nearest to `point` (both global): `point` itself when inside."""
    at, inside = area.mapFromGlobal(point), area.rect()
    return area.mapToGlobal(QPoint(min(max(at.x(), inside.left()), inside.right()),
                                   min(max(at.y(), inside.top()), inside.bottom())))


def fly(card: QWidget, picture: QPixmap, start: QPoint, arriving: bool = False,
        seen_through: QWidget | None = None) -> QVariantAnimation:
    """`picture` of `card` flies over its window from `start` (global: where the picture's
    middle sets off) onto the card, following it should a layout still move it.

    `arriving`: the card is the one arriving (a card that changed hands), so it stays
    blank until its picture lands on it; otherwise the card never left (a refused drop
    going home). `seen_through`: the card shows only within this area (a scrolled
    view): a card scrolled out of sight is flown to the area's nearest edge, not over
    whatever lies where the card would be. The picture and its animation are deleted
    when it lands, or at once when the card goes first (deleted, or taken off the
    window by a newer redraw).
    """
    window = card.window()
    ghost = QLabel(window)
    ghost.setObjectName("glidingCard")
    ghost.setPixmap(picture)
    ghost.resize(card.size())
    ghost.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
    setting_off = window.mapFromGlobal(start) - QPoint(card.width() // 2, card.height() // 2)
    ghost.move(setting_off)
    ghost.show()
    ghost.raise_()
    if arriving:
        blank = QGraphicsOpacityEffect(card)
        blank.setOpacity(0.0)
        card.setGraphicsEffect(blank)

    def gone() -> None:
        ghost.hide()  # at once: deleteLater waits for the event loop
        ghost.deleteLater()

    def step(value: object) -> None:
        if not isValid(card) or card.window() is not window:
            gone()
            return
        to = card.mapTo(window, QPoint(0, 0))
        if seen_through is not None and isValid(seen_through):
            middle = card.mapToGlobal(card.rect().center())
            to += nearest_inside(seen_through, middle) - middle
        share = float(value) if isinstance(value, float) else 1.0
        ghost.move(setting_off + (to - setting_off) * share)

    def landed() -> None:
        if isValid(card) and arriving:
            card.setGraphicsEffect(None)  # type: ignore[arg-type]
        gone()

    animation = QVariantAnimation(ghost)  # goes with the picture
    animation.setStartValue(0.0)
    animation.setEndValue(1.0)
    animation.setDuration(GLIDE_MS)
    animation.setEasingCurve(QEasingCurve.Type.OutCubic)
    animation.valueChanged.connect(step)
    animation.finished.connect(landed)
    animation.start()
    return animation
