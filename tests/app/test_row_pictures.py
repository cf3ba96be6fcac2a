"""The Rules log draws its rows from pictures (app.docks.row_pictures): what the player
sees is what the list's own painting shows, in every state a row is seen in."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QStyledItemDelegate

from app.docks.log import LogDock
from app.docks.row_pictures import RowPictures


def entries(n: int) -> list[tuple[int, str, bool]]:
    return [(i // 3 + 1, f"Player {i % 7 + 1} moves the sled east to Deep Drifts, "
             f"rolling against 8 ({i})", i % 11 == 0) for i in range(n)]


def pictures(dock: LogDock) -> tuple[object, object]:
    """The list in view as drawn from pictures, and as the plain delegate draws it."""
    viewport, bar = dock.list.viewport(), dock.list.verticalScrollBar()
    assert isinstance(dock.list.itemDelegate(), RowPictures)
    drawn, at = viewport.grab().toImage(), bar.value()
    plain = QStyledItemDelegate(dock.list)
    cached = dock.list.itemDelegate()
    dock.list.setItemDelegate(plain)  # which lays the rows out anew: the list scrolls
    try:
        QApplication.processEvents()
        bar.setValue(at)
        return drawn, viewport.grab().toImage()
    finally:
        dock.list.setItemDelegate(cached)
        QApplication.processEvents()
        bar.setValue(at)


def alike(drawn, plain) -> bool:
    """The same picture, to within a level of a colour channel (the selection's gradient
    rounds one way or the other when drawn into a row's picture first)."""
    if drawn.size() != plain.size() or drawn.format() != plain.format():
        return False
    a, b = bytes(drawn.constBits()), bytes(plain.constBits())
    return a == b or max(abs(x - y) for x, y in zip(a, b, strict=True)) <= 1


def shown_dock(qtbot, rows: int) -> LogDock:
    """A Rules log dock on screen holding `rows` entries, painted."""
    dock = LogDock()
    qtbot.addWidget(dock)
    dock.resize(320, 460)
    dock.show()
    qtbot.waitExposed(dock)
    dock.show_entries(entries(rows))
    QApplication.processEvents()
    return dock


def test_rows_drawn_from_pictures_look_as_the_list_draws_them(qtbot):
    dock = shown_dock(qtbot, 60)
    drawn, plain = pictures(dock)
    assert alike(drawn, plain)
    dock.show_entries(entries(61))  # one more: the rows move up, the pictures stay right
    QApplication.processEvents()
    drawn, plain = pictures(dock)
    assert alike(drawn, plain)


def test_a_row_clicked_and_a_row_rewritten_show_anew(qtbot):
    """A click selects a row (its picture is the selected look); words changed in place
    (the end of a match reveals them) show the new words."""
    dock = shown_dock(qtbot, 40)
    row = dock.list.item(dock.list.count() - 2)
    at = dock.list.visualItemRect(row).center()
    qtbot.mouseClick(dock.list.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert dock.list.currentItem() is row
    drawn, plain = pictures(dock)
    assert alike(drawn, plain)
    changed = entries(40)
    changed[-2] = (changed[-2][0], "Nickel finds the Rope", False)
    dock.show_entries(changed)
    QApplication.processEvents()
    drawn, plain = pictures(dock)
    assert alike(drawn, plain)
