"""Fixtures for tests that drive the real window with mouse events."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QDrag, QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QWidget


@dataclass
class DragTarget:
    """Where the next QDrag lands; `drops` records what each drag delivered.

    Enter, move and drop follow Qt's rules: no move without an accepted enter, no
    drop without an accepted move.
    """

    widget: QWidget | None = None
    pos: QPoint = field(default_factory=QPoint)
    drops: list[Qt.DropAction] = field(default_factory=list)

    def aim(self, widget: QWidget, pos: QPoint) -> None:
        self.widget, self.pos = widget, pos


@pytest.fixture
def drag_target(monkeypatch) -> DragTarget:
    target = DragTarget()

    def deliver(drag: QDrag, *args, **kwargs) -> Qt.DropAction:
        widget = target.widget
        if widget is None:
            target.drops.append(Qt.DropAction.IgnoreAction)
            return Qt.DropAction.IgnoreAction
        mime, pos = drag.mimeData(), QPointF(target.pos)
        buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
        move_action = Qt.DropAction.MoveAction
        enter = QDragEnterEvent(target.pos, move_action, mime, buttons, mods)
        enter.ignore()
        QApplication.sendEvent(widget, enter)
        result = Qt.DropAction.IgnoreAction
        if enter.isAccepted():
            hover = QDragMoveEvent(target.pos, move_action, mime, buttons, mods)
            hover.accept()  # as Qt does: a move starts with the enter's answer
            QApplication.sendEvent(widget, hover)
            if not hover.isAccepted():
                # Real drags deliver no drop where the last move was ignored; a drop sent
                # anyway once hid a refusal that players never saw.
                target.drops.append(result)
                return result
            drop = QDropEvent(pos, move_action, mime, buttons, mods)
            drop.ignore()
            QApplication.sendEvent(widget, drop)
            if drop.isAccepted():
                result = move_action
        target.drops.append(result)
        return result

    monkeypatch.setattr(QDrag, "exec", deliver)
    return target
