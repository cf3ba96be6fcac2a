"""What a screen reader finds in the Rules log: a list with an item for each row shown.

The log is drawn by hand (app.docks.log_view), so Qt knows of no items in it, and a
reader would find one blank widget. This interface names them: the rows the filter
shows, in order, each with its words, its place on screen and whether it is the moment
looked at. The view says when rows come and go and when the current row moves, so a
reader follows the log as the old item list let it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPoint, QRect
from PySide6.QtGui import QAccessible, QAccessibleEvent, QAccessibleInterface
from PySide6.QtWidgets import QAccessibleWidget
from shiboken6 import isValid

if TYPE_CHECKING:
    from app.docks.log_view import LogView


class RowAccess(QAccessibleInterface):
    """One row of the log as a list item. Made once per row a reader asks for and handed
    to Qt's registry, which owns it from then on; it stays valid while its row exists."""

    def __init__(self, view: LogView, row: int) -> None:
        super().__init__()
        self.view = view
        self.row = row

    def isValid(self) -> bool:
        return isValid(self.view) and self.row < self.view.count()

    def object(self) -> QObject | None:
        return None

    def parent(self) -> QAccessibleInterface | None:
        return QAccessible.queryAccessibleInterface(self.view) if isValid(self.view) else None

    def child(self, index: int) -> QAccessibleInterface | None:
        return None

    def childCount(self) -> int:
        return 0

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        return -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:
        return None

    def focusChild(self) -> QAccessibleInterface | None:
        return None

    def relations(self, match: object = None) -> list[object]:
        return []

    def text(self, kind: QAccessible.Text) -> str:
        if kind == QAccessible.Text.Name and self.isValid():
            return self.view.text(self.row).strip()
        return ""

    def setText(self, kind: QAccessible.Text, text: str) -> None:
        """The log's words are the rules': a reader may not change them."""

    def rect(self) -> QRect:
        if not self.isValid():
            return QRect()
        place = self.view.row_rect(self.row)
        viewport = self.view.viewport()
        return QRect(viewport.mapToGlobal(place.topLeft()), place.size())

    def role(self) -> QAccessible.Role:
        return QAccessible.Role.ListItem

    def state(self) -> QAccessible.State:
        state = QAccessible.State()
        state.selectable = state.focusable = True
        if self.isValid():
            current = self.view.current() == self.row
            state.selected = state.focused = current
            state.invisible = state.offscreen = self.view.row_rect(self.row).isEmpty()
        else:
            state.invalid = True
        return state


class LogAccess(QAccessibleWidget):
    """The Rules log as a list whose items are the rows the filter shows."""

    def __init__(self, view: LogView) -> None:
        super().__init__(view, QAccessible.Role.List)
        self._rows: dict[int, RowAccess] = {}

    def _view(self) -> LogView:
        return self.widget()  # type: ignore[return-value]

    def childCount(self) -> int:
        return len(self._view().shown_rows())

    def _item(self, row: int | None) -> QAccessibleInterface | None:
        place = self._view().place(row)
        return None if place is None else self.child(place)

    def child(self, index: int) -> QAccessibleInterface | None:
        shown = self._view().shown_rows()
        if not 0 <= index < len(shown):
            return None
        row = shown[index]
        found = self._rows.get(row)
        if found is None:
            found = self._rows[row] = RowAccess(self._view(), row)
            QAccessible.registerAccessibleInterface(found)  # Qt's registry owns it
        return found

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        place = self._view().place(getattr(child, "row", None))
        return -1 if place is None else place

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:
        view = self._view()
        return self._item(view.row_at(view.viewport().mapFromGlobal(QPoint(x, y))))

    def focusChild(self) -> QAccessibleInterface | None:
        return self._item(self._view().current())


def _interface(key: str, target: QObject) -> QAccessibleInterface | None:
    from app.docks.log_view import LogView

    return LogAccess(target) if isinstance(target, LogView) else None


_installed = False


def install() -> None:
    """Let Qt ask this module for the log's interface (once per program)."""
    global _installed
    if not _installed:
        QAccessible.installFactory(_interface)
        _installed = True


def tell(view: LogView, what: QAccessible.Event, row: int | None = None) -> None:
    """Tell a reader, if one listens, that the log changed (`row`: which row's item)."""
    if not QAccessible.isActive():
        return  # nobody reads: the log's appends stay as cheap as drawing them
    event = QAccessibleEvent(view, what)
    if row is not None:
        place = view.place(row)
        if place is None:
            return  # the filter hides it: no item to name
        event.setChild(place)
    QAccessible.updateAccessibility(event)
