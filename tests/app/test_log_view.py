"""The Rules log drawn by hand (app.docks.log_view): the rows in view only, the list scrolled
by moving the pixels already drawn. What the player sees on screen is what a full
repaint draws; clicks and keys reach the row under them, after a width change too,
with the filter on too; the selection and the end of the list keep their places."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QAccessible, QImage, QWheelEvent
from PySide6.QtWidgets import QApplication

from app.docks.log import LogDock

Entry = tuple[int, str, bool]


def entries(n: int) -> list[Entry]:
    """Three entries a step, some long enough to wrap, every eleventh an override."""
    return [(i // 3 + 1, f"Player {i % 7 + 1} moves the sled east to Deep Drifts, "
             f"rolling against 8 ({i})" if i % 2 else f"Player {i % 7 + 1} passes ({i})",
             i % 11 == 0) for i in range(n)]


def shown_dock(qtbot, rows: int, width: int = 320, height: int = 460) -> LogDock:
    """A Rules log dock on screen holding `rows` entries, measured and painted."""
    dock = LogDock()
    qtbot.addWidget(dock)
    dock.resize(width, height)
    dock.show()
    qtbot.waitExposed(dock)
    dock.show_entries(entries(rows))
    settle(qtbot, dock)
    return dock


def settle(qtbot, dock: LogDock) -> None:
    """Until every row is measured at the list's width and the list is painted."""
    log = dock.list
    qtbot.waitUntil(lambda: not log._later.isActive(), timeout=5000)
    QApplication.processEvents()


def on_screen(dock: LogDock) -> QImage:
    """The list's viewport as the window shows it (what was painted and moved)."""
    viewport = dock.list.viewport()
    at = viewport.mapTo(dock, QPoint(0, 0))
    ratio = dock.devicePixelRatioF()  # the offscreen screen grabs in device pixels
    shot = dock.screen().grabWindow(dock.winId(), round(at.x() * ratio), round(at.y() * ratio),
                                    round(viewport.width() * ratio),
                                    round(viewport.height() * ratio))
    return shot.toImage().convertToFormat(QImage.Format.Format_RGB32)


def repainted(dock: LogDock) -> QImage:
    """The viewport painted afresh, every row in view."""
    return dock.list.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def looks_right(dock: LogDock) -> bool:
    QApplication.processEvents()
    return on_screen(dock) == repainted(dock)


def step_of(row: int) -> int:
    """The step of an entry of `entries`: three a step."""
    return row // 3 + 1


def test_what_is_on_screen_is_what_a_full_repaint_draws(qtbot):
    """Rows added at the end (the list follows them, moving what it drew), a step undone
    and taken again, a row rewritten, a click, the filter: after each, the pixels on
    screen are those of the list painted afresh."""
    dock = shown_dock(qtbot, 6)  # the list does not fill the view yet
    log = entries(200)
    for end in (7, 10, 7, 12, 24, 40, 41, 44, 47, 80, 83):  # 10 to 7: a step undone
        dock.show_entries(log[:end])
        assert looks_right(dock), end
    assert dock.list.verticalScrollBar().value() == dock.list.verticalScrollBar().maximum()
    dock.show_entries(log[:80])  # undone
    assert looks_right(dock)
    dock.show_entries(log[:83])  # taken again
    assert looks_right(dock)
    revealed = log[:83]
    revealed[81] = (revealed[81][0], "Nickel finds the Rope, the Lantern and the Knife, all "
                                     "three lying under the snow", False)
    dock.show_entries(revealed)
    settle(qtbot, dock)
    assert looks_right(dock)
    viewport = dock.list.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=dock.list.row_rect(78).center())
    assert dock.list.current() == 78
    assert looks_right(dock)
    dock.filter.setText("sled")
    assert looks_right(dock)
    dock.filter.clear()
    dock.list.verticalScrollBar().setValue(dock.list.verticalScrollBar().maximum() // 2)
    assert looks_right(dock)


def test_a_click_after_the_log_narrows_reaches_the_row_under_the_mouse(qtbot):
    dock = shown_dock(qtbot, 300, width=700)
    log = dock.list
    wide = [log.row_rect(row).height() for row in range(log.count())]
    dock.resize(230, 460)
    settle(qtbot, dock)
    assert [log.row_rect(row).height() for row in range(log.count())] != wide
    for row in range(log.count() - 1):  # the rows tile the list, each row where it is
        rect = log.row_rect(row)
        assert rect.bottom() + 1 == log.row_rect(row + 1).top()
        assert log.row_at(rect.topLeft()) == row == log.row_at(rect.bottomRight())
    chosen: list[int] = []
    dock.moment_requested.connect(chosen.append)
    viewport = log.viewport()
    for y in (2, viewport.height() // 3, viewport.height() - 3):
        row = log.row_at(QPoint(10, y))
        qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=QPoint(10, y))
        assert chosen[-1] == step_of(row) == dock.selected_step()
        assert log.current() == row


def test_the_selection_follows_the_shown_step_through_an_undo(qtbot):
    """The step shown stays selected when later steps are undone; a step undone is
    selected no more; a click afterwards selects the row clicked."""
    dock = shown_dock(qtbot, 90)
    log = entries(90)
    dock.show_entries(log, 20)
    assert dock.selected_step() == 20 and dock.list.current() == 59  # its last entry
    dock.show_entries(log[:75], 20)
    assert dock.selected_step() == 20 and dock.list.current() == 59
    assert dock.list.viewport().rect().intersects(dock.list.row_rect(59))
    dock.show_entries(log[:75], 25)
    dock.show_entries(log[:72], None)  # step 25 undone: the table shows the present
    assert dock.selected_step() is None and dock.list.count() == 72
    chosen: list[int] = []
    dock.moment_requested.connect(chosen.append)
    row = dock.list.row_at(dock.list.viewport().rect().center())
    qtbot.mouseClick(dock.list.viewport(), Qt.MouseButton.LeftButton,
                     pos=dock.list.row_rect(row).center())
    assert chosen == [step_of(row)] and dock.list.current() == row
    assert looks_right(dock)
    assert dock.list.accessibleName() == "Rules log"  # a screen reader names the list
    assert dock.list.accessibleDescription() == dock.list.text(row).strip()  # and reads


def test_the_keys_move_through_the_rows_the_filter_shows(qtbot):
    dock = shown_dock(qtbot, 150)
    chosen: list[int] = []
    dock.moment_requested.connect(chosen.append)
    log = dock.list
    qtbot.keyClick(log, Qt.Key.Key_Up)  # from the present: the newest entry
    assert log.current() == 149 and chosen == [step_of(149)]
    dock.filter.setText("SLED")
    shown = [row for row in range(log.count()) if "sled" in log.text(row)]
    assert dock.texts() == [log.text(row) for row in shown]
    qtbot.keyClick(log, Qt.Key.Key_Home)
    assert log.current() == shown[0] and chosen[-1] == step_of(shown[0])
    for place in range(1, 4):
        qtbot.keyClick(log, Qt.Key.Key_Down)
        assert log.current() == shown[place] and chosen[-1] == step_of(shown[place])
    qtbot.keyClick(log, Qt.Key.Key_Up)
    assert log.current() == shown[2]
    qtbot.keyClick(log, Qt.Key.Key_PageDown)
    paged = shown.index(log.current())
    assert paged > 4  # a page of rows, each of them shown
    assert log.viewport().rect().contains(log.row_rect(log.current()))
    qtbot.keyClick(log, Qt.Key.Key_PageUp)
    assert shown.index(log.current()) < paged
    qtbot.keyClick(log, Qt.Key.Key_End)
    assert log.current() == shown[-1] and chosen[-1] == step_of(shown[-1])
    told = len(chosen)
    qtbot.keyClick(log, Qt.Key.Key_Down)  # at the end already: nothing more
    assert log.current() == shown[-1] and len(chosen) == told


def wheel(widget, notches: int) -> None:
    """A turn of the mouse wheel over `widget` (positive: up, away from the player)."""
    at = QPointF(widget.rect().center())
    event = QWheelEvent(at, QPointF(widget.mapToGlobal(at.toPoint())), QPoint(0, 0),
                        QPoint(0, 120 * notches), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


def test_the_list_follows_its_newest_entry_unless_scrolled_away(qtbot):
    dock = shown_dock(qtbot, 200)
    log, bar = dock.list, dock.list.verticalScrollBar()
    for end in (203, 206, 207):
        dock.show_entries(entries(end))
        assert bar.value() == bar.maximum()
        assert log.viewport().rect().contains(log.row_rect(end - 1))
    wheel(log.viewport(), 3)
    assert 0 < bar.value() < bar.maximum()
    top = log.row_at(QPoint(0, 0))
    shift = log.row_rect(top).top()
    dock.resize(260, 460)  # every row measured again, a batch at a time
    settle(qtbot, dock)
    assert bar.value() < bar.maximum()  # the list stays where the player put it
    assert log.row_at(QPoint(0, 0)) == top and log.row_rect(top).top() == shift
    dock.show_entries(entries(210))  # a new step is shown as it comes
    assert bar.value() == bar.maximum()
    wheel(log.viewport(), -30)  # back to the end by hand: it follows again
    dock.resize(320, 460)
    settle(qtbot, dock)
    assert bar.value() == bar.maximum()
    assert looks_right(dock)



def test_rows_measured_later_above_the_view_leave_no_stale_rows(qtbot):
    """A long log read in one go (a save opened): the newest rows are measured at once,
    the older a batch at a time while the window already shows the end. Each batch moves
    the end by the height its rows gained, and with it what the list had drawn; what is
    on screen stays the list painted afresh (it showed rows twice)."""
    dock = LogDock()
    qtbot.addWidget(dock)
    dock.resize(320, 700)
    dock.show()
    qtbot.waitExposed(dock)
    log = [(i // 3 + 1, "Player 2 moves MOON Crossbow 4 to hex 9-7, past the ridge and the "
            "wall" if i % 15 == 0 else f"Player 1 passes ({i})", False) for i in range(900)]
    dock.show_entries(log)
    while dock.list._later.isActive():  # the window paints between the batches
        qtbot.wait(1)
    assert looks_right(dock)
    bar = dock.list.verticalScrollBar()
    assert bar.value() == bar.maximum()


def test_a_screen_reader_finds_an_item_for_each_row_shown(qtbot):
    """The list drawn by hand still gives a screen reader what the old item list did: an
    item per row the filter shows, with its words and place, the current one focused;
    rows undone are items no more."""
    dock = shown_dock(qtbot, 60)
    log = dock.list
    face = QAccessible.queryAccessibleInterface(log)
    assert face.role() == QAccessible.Role.List and face.childCount() == 60
    item = face.child(7)
    assert item.role() == QAccessible.Role.ListItem and face.indexOfChild(item) == 7
    assert item.text(QAccessible.Text.Name) == log.text(7).strip()
    assert item.parent().object() is log
    row = log.row_at(log.viewport().rect().center())
    place = log.row_rect(row)
    on_screen = face.child(row).rect()
    assert on_screen.topLeft() == log.viewport().mapToGlobal(place.topLeft())
    assert face.childAt(on_screen.center().x(), on_screen.center().y()).row == row
    assert face.focusChild() is None  # the table shows the present
    qtbot.mouseClick(log.viewport(), Qt.MouseButton.LeftButton, pos=place.center())
    assert face.focusChild().text(QAccessible.Text.Name) == log.text(row).strip()
    assert face.child(row).state().focused and not face.child(row - 1).state().focused
    dock.filter.setText("sled")  # the odd rows: the items are the rows shown
    assert face.childCount() == 30
    assert face.child(0).text(QAccessible.Text.Name) == log.text(1).strip()
    dock.filter.clear()
    late = face.child(50)
    assert late.isValid() and not late.state().invalid
    dock.show_entries(entries(60)[:40])  # the last steps undone
    assert face.childCount() == 40 and face.child(40) is None
    assert not late.isValid() and late.state().invalid and late.text(QAccessible.Text.Name) == ""
    assert item.isValid()
