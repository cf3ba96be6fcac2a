"""The table fits every screen (issue "A table that fits every screen", Layout and Hand dock).

The window is usable at 1280×720 and 1366×768, the board follows the window's
size until the player zooms or pans, docks never float off, and every card in
the Hand dock can be reached: rows wrap, panels scroll, and a carried card
scrolls them at the edge.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QDockWidget

from app.main_window import MainWindow
from engine.core.rng import Rng
from engine.games import game_names
from engine.simulate import default_mode

LAPTOPS = [(1280, 720), (1366, 768)]


def open_window(qtbot, game: str, size: tuple[int, int], players: int | None = None,
                actions: int = 0) -> MainWindow:
    """`game` at `size`, after `actions` of its computer policy (curtains lifted)."""
    window = MainWindow()
    qtbot.addWidget(window)
    window.controller.autosave_enabled = False
    window.resize(*size)
    options = {} if players is None else {"players": players}
    window.controller.new_match(game, options, 5, default_mode(game), take_backs=True)
    window.show()
    qtbot.waitExposed(window)
    match = window.controller.match
    agent, rng = match.game.agent(), Rng(2)
    for _ in range(actions):
        choices = [a for a in match.legal_actions() if a.kind != "declare"]
        if not choices:
            break
        window.controller.submit(agent.choose(match.view(match.to_move()), choices, rng))
        if window.curtain.isVisible():
            window.curtain.button.click()
    QApplication.processEvents()
    return window


@pytest.mark.parametrize("size", LAPTOPS, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", game_names())
def test_the_window_fits_a_laptop_screen_mid_match(qtbot, game, size):
    """Mid-match (Nordguard with rolls coming up) the window needs no more room than the
    screen has, keeps the size it was given, and the board keeps most of it."""
    window = open_window(qtbot, game, size, actions=40)
    hint = window.minimumSizeHint()
    assert hint.width() <= size[0] and hint.height() <= size[1] - 40, hint
    assert (window.width(), window.height()) == size
    board = window.view.size()
    assert board.width() * board.height() >= 0.4 * size[0] * size[1]


def test_docks_can_be_moved_and_closed_but_never_float_off(qtbot):
    window = open_window(qtbot, "sandbox", (1366, 768))
    for dock in window.findChildren(QDockWidget):
        features = dock.features()
        assert not features & QDockWidget.DockWidgetFeature.DockWidgetFloatable, dock
        assert features & QDockWidget.DockWidgetFeature.DockWidgetClosable


def test_the_right_hand_docks_share_one_column_as_tabs(qtbot):
    window = open_window(qtbot, "nordguard", (1366, 768))
    tabbed = set(window.tabifiedDockWidgets(window.log_dock))
    assert tabbed == {window.dice_dock, window.piles_dock}
    assert window.dockWidgetArea(window.hand_dock) == Qt.DockWidgetArea.BottomDockWidgetArea
    assert window.hand_dock.width() >= 1366 - 4  # the hand spans the whole window


def test_the_board_follows_the_window_until_the_player_zooms(qtbot):
    """Resizing re-fits the board; after a wheel zoom it stays where the player put it;
    View → Fit hands it back to the window."""
    window = open_window(qtbot, "tactica", (1366, 768))
    window.view.fit()
    small = window.view.zoom()
    window.resize(1920, 1080)
    QApplication.processEvents()
    assert window.view.zoom() > small * 1.1
    viewport = window.view.viewport()
    at = QPoint(viewport.width() // 2, viewport.height() // 2)
    QApplication.sendEvent(viewport, QWheelEvent(
        QPointF(at), QPointF(viewport.mapToGlobal(at)), QPoint(0, 0), QPoint(0, 120),
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
        False))
    zoomed = window.view.zoom()
    window.resize(1366, 768)
    QApplication.processEvents()
    assert window.view.zoom() == pytest.approx(zoomed)
    window.fit_action.trigger()
    window.resize(1920, 1080)
    QApplication.processEvents()
    assert window.view.zoom() != pytest.approx(zoomed)


def test_a_first_window_opens_maximized(qtbot):
    """No saved size: the window takes the screen, never more (it used to be resized to
    1600×1000 after restoring, cut off on a laptop and small on a large screen)."""
    window = MainWindow()
    qtbot.addWidget(window)
    window.layout_keeper.restore_window()
    screen = window.screen().availableGeometry()
    assert window.windowState() & Qt.WindowState.WindowMaximized
    assert window.width() <= screen.width() and window.height() <= screen.height()


def test_a_saved_window_size_is_kept(qtbot):
    first = MainWindow()
    qtbot.addWidget(first)
    first.resize(700, 500)
    first.show()
    first.close()
    second = MainWindow()
    qtbot.addWidget(second)
    second.layout_keeper.restore_window()
    assert (second.width(), second.height()) == (700, 500)


# -- the Hand dock -----------------------------------------------------------------------
def test_every_item_to_stock_from_is_within_reach_at_1366(qtbot):
    """Nordguard's pool of items wraps inside the dock: no card lies beyond its right
    edge (Tent, Furs, Kayak and Ladder could not be picked), and scrolling reaches
    the last row."""
    window = open_window(qtbot, "nordguard", (1366, 768), players=3, actions=3)
    assert window.controller.match.state.phase == "stock"
    strip = window.hand_dock.strip
    pool = next(p for p in window.hand_dock.panels if "stock from" in p.title.text())
    names = []
    for card in pool.cards:
        corner = card.mapTo(strip, card.rect().bottomRight())
        assert corner.x() <= strip.width(), card.ref
        assert corner.y() <= strip.height(), card.ref
        names.append(card.ref)
    assert any("ladder" in n for n in names) and any("kayak" in n for n in names)
    bar = window.hand_dock.scroll.verticalScrollBar()
    assert bar.maximum() >= 0


def test_seven_character_panels_are_all_within_reach(qtbot):
    window = open_window(qtbot, "nordguard", (1366, 768), players=7, actions=60)
    assert window.controller.match.state.phase == "day"
    strip = window.hand_dock.strip
    assert len(window.hand_dock.panels) >= 7

    def within_reach() -> bool:
        corners = [panel.mapTo(strip, panel.rect().bottomRight())
                   for panel in window.hand_dock.panels]
        return all(c.x() <= strip.width() and c.y() <= strip.height() for c in corners)

    # The scroll area grows the strip to the panels' new height a turn of the event
    # loop after they are laid out (a posted layout request), not at once.
    qtbot.waitUntil(within_reach)


def test_a_carried_card_scrolls_the_panels_at_the_edge(qtbot, drag_target):
    """A card held near the bottom edge of the panels scrolls them toward the panels
    below, so the slots of a character further down can be reached mid-drag."""
    window = open_window(qtbot, "nordguard", (1366, 768), players=7, actions=60)
    dock = window.hand_dock
    bar = dock.scroll.verticalScrollBar()
    assert bar.maximum() > 0, "seven panels should not all fit at 1366×768"
    bar.setValue(0)
    viewport = dock.scroll.viewport()
    target, edge = None, QPoint()
    for bottom in range(viewport.height() - 3, viewport.height() - 30, -1):
        for panel in dock.panels:  # a panel under the bottom edge of the dock
            top_left = panel.mapTo(viewport, QPoint(0, 0))
            if top_left.y() <= bottom < top_left.y() + panel.height():
                target, edge = panel, QPoint(top_left.x() + panel.width() // 2, bottom)
                break
        if target is not None:
            break
    assert target is not None
    card = dock.card_widgets()[0]
    drag_target.aim(target, target.mapFrom(viewport, edge))
    start = card.rect().center()
    qtbot.mousePress(card, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(card, start + QPoint(0, 30))
    qtbot.mouseRelease(card, Qt.MouseButton.LeftButton, pos=start + QPoint(0, 30))
    assert bar.value() > 0


def test_unchanged_panels_and_buttons_keep_their_widgets(qtbot):
    """Panels keep their widgets and only the panel whose cards changed changes its cards
    (seven rebuilt panels cost a frame); unchanged buttons stay the same widgets."""
    from app.board.cards import CardLook
    from app.docks.hand import HandDock
    from app.games.base import Panel

    dock = HandDock()
    qtbot.addWidget(dock)
    look = CardLook("Rope", body=("+1 climb",))
    first = [Panel(f"slots:{seat}", f"Player {seat + 1}", [(f"it-{seat}", look, "")], 3)
             for seat in range(7)]
    dock.show_panels("Team", first)
    dock.show_buttons([("End day", "Close the day", None, True)])
    widgets, button = list(dock.panels), dock.buttons[0]
    cards = [panel.cards[0] for panel in dock.panels]
    second = list(first)
    second[4] = Panel("slots:4", "Player 5", [], 3)
    dock.show_panels("Team", second)
    dock.show_buttons([("End day", "Close the day", None, True)])
    assert all(w is old for w, old in zip(dock.panels, widgets, strict=True))
    assert [p.cards[:1] == [card] for p, card in zip(dock.panels, cards, strict=True)] == [
        True, True, True, True, False, True, True]
    assert dock.buttons[0] is button
    assert list(dock.panels[4].cards) == []


def test_buttons_take_their_new_words_in_place(qtbot):
    """Buttons of the next moment reuse the widgets shown (a new button costs a polish and
    a layout pass) and press for their new action; Ctrl+E follows the End button."""
    from app.docks.hand import END_KEY, HandDock

    dock = HandDock()
    qtbot.addWidget(dock)
    dock.show()
    pressed = []
    dock.action_requested.connect(pressed.append)
    dock.show_buttons([("Pass", "No answer", "pass", True), ("End turn", "Done", "end", True)])
    first = dock.buttons[0]
    assert dock.buttons[1].shortcut() == END_KEY
    dock.show_buttons([("End MUSTER", "On to MOVEMENT", "muster", True)])
    assert dock.buttons == [first] and first.text() == "End MUSTER"
    assert first.shortcut() == END_KEY
    qtbot.mouseClick(first, Qt.MouseButton.LeftButton)
    dock.show_buttons([("Fire Rifle (3)", "Shoot", "fire", False), ("Stop", "", "stop", True)])
    assert dock.buttons[0] is first and first.shortcut().isEmpty() and not first.isEnabled()
    qtbot.mouseClick(dock.buttons[1], Qt.MouseButton.LeftButton)
    assert pressed == ["muster", "stop"]


def test_the_hand_panels_keep_their_height_with_or_without_buttons(qtbot):
    """On the computer's turn a seat has no buttons: the title bar stays as tall, so the
    panels under it are not resized (and all repainted) twice a turn."""
    window = open_window(qtbot, "tactica", (1366, 768))
    dock = window.hand_dock
    dock.show_buttons([("End MUSTER", "On to MOVEMENT", None, True)])
    qtbot.wait(50)  # laid out
    height = dock.scroll.height()
    dock.show_buttons([])
    qtbot.wait(50)
    assert dock.scroll.height() == height


def test_hand_cards_print_their_rules_at_8_pt_or_more_and_follow_the_system_font(qtbot):
    """Cards in the Hand dock draw their rules text at 8 pt at least (it was about 6 pt),
    and a larger system font gives larger cards."""
    from PySide6.QtGui import QFont

    from app.board.cards import BODY_SHARE, CARD_W
    from app.docks.hand import hand_scale

    app = QApplication.instance()
    dpi = app.primaryScreen().logicalDotsPerInchY()
    assert CARD_W * hand_scale() * BODY_SHARE * 72 / dpi >= 8.0 - 0.01
    normal = hand_scale()
    font = QFont(app.font())
    old = QFont(font)
    font.setPointSizeF(font.pointSizeF() * 1.5)
    app.setFont(font)
    try:
        assert hand_scale() > normal * 1.2
    finally:
        app.setFont(old)


def test_hand_cards_are_painted_once_per_look(qtbot, monkeypatch):
    """A card in the Hand dock repaints whenever its panel is laid out anew or a flying
    card passes over it: each look is painted once into a picture, then copied."""
    import app.docks.hand as hand
    from app.board import sprites
    from app.board.cards import CardLook
    from app.games.base import Panel

    sprites.forget()
    painted = []
    monkeypatch.setattr(hand, "paint_look", lambda _p, look, _r: painted.append(look.title))
    dock = hand.HandDock()
    qtbot.addWidget(dock)
    rope, rifle = CardLook("Rope", body=("+1 climb",)), CardLook("Rifle", body=("+2",))
    dock.show_panels("Team", [Panel("slots:0", "Player 1", [
        ("it-rope-1", rope, ""), ("it-rope-2", rope, ""), ("it-rifle-1", rifle, "")], 3)])
    dock.resize(600, 300)
    dock.show()
    dock.grab()
    assert sorted(painted) == ["Rifle", "Rope"]
    dock.grab()
    assert len(painted) == 2


def test_panels_that_change_places_keep_their_widgets(qtbot):
    """A panel is matched by its zone: when the day's leader moves to the front, every
    panel keeps its widgets (matching by place rebuilt all seven)."""
    from app.board.cards import CardLook
    from app.docks.hand import HandDock
    from app.games.base import Panel

    dock = HandDock()
    qtbot.addWidget(dock)
    look = CardLook("Rope", body=("+1 climb",))
    panels = [Panel(f"slots:{seat}", f"Player {seat + 1}", [(f"it-{seat}", look, "")], 3)
              for seat in range(7)]
    dock.show_panels("Team", panels)
    by_zone = {panel.zone: widget for panel, widget in zip(panels, dock.panels, strict=True)}
    moved = [panels[3], *panels[:3], *panels[4:]]
    dock.show_panels("Team", moved)
    assert all(widget is by_zone[panel.zone]
               for panel, widget in zip(moved, dock.panels, strict=True))


@pytest.mark.parametrize("game", ["tactica", "nordguard"])
def test_the_phase_bar_text_lies_inside_the_bar(qtbot, game):
    """The bar's words are laid out within it: a label left taller than its bar (a resize
    that came before the window showed) centred them below the bar's edge."""
    window = open_window(qtbot, game, (1366, 768), actions=30)
    bar = window.phase_bar
    assert bar.label.geometry().bottom() < bar.height()
    assert bar.label.height() >= bar.label.heightForWidth(bar.label.width())


def test_the_phase_bar_keeps_its_height_whatever_its_text(qtbot):
    """One line or two, the bar is as tall: the board under it does not jump."""
    window = open_window(qtbot, "sandbox", (1366, 768))
    bar = window.phase_bar
    bar.show()
    bar.setText("short")
    QApplication.processEvents()
    one = bar.height()
    bar.setText("a much longer text " * 6)
    QApplication.processEvents()
    assert bar.height() == one


def test_new_words_in_the_bars_lay_nothing_out_again(qtbot):
    """The phase bar and the seat's line in the status bar change after most actions: a
    new text that fits repaints the label alone, and the window's layout (every dock)
    does not run again. Text too long for the bar still gets its lines."""
    from PySide6.QtCore import QEvent, QObject

    window = open_window(qtbot, "tactica", (1366, 768))
    QApplication.processEvents()

    class Requests(QObject):
        count = 0

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.LayoutRequest and watched is window:
                Requests.count += 1
            return False

    spy = Requests()
    window.installEventFilter(spy)
    window.phase_bar.setText("MOVEMENT: drag a troop")
    window.seat_label.setText(window.seat_label.text()[:-1])
    QApplication.processEvents()
    window.phase_bar.setText("COMBAT: drag a troop onto an enemy")
    window.seat_label.setText(window.seat_label.text() + "0")
    QApplication.processEvents()
    assert Requests.count == 0
    two = window.phase_bar.height()
    window.phase_bar.setText("a much longer text than the bar can hold " * 12)
    QApplication.processEvents()
    label = window.phase_bar.label
    assert window.phase_bar.height() > two
    assert label.height() >= label.heightForWidth(label.width())


def test_a_flow_measures_again_when_its_items_change(qtbot):
    """The flow keeps its height for a width between layout passes, and answers anew once
    an item comes or changes size."""
    from PySide6.QtWidgets import QWidget

    from app.docks.flow import FlowLayout

    holder = QWidget()
    qtbot.addWidget(holder)
    flow = FlowLayout(holder, spacing=0)
    flow.setContentsMargins(0, 0, 0, 0)
    cards = []
    for _ in range(3):
        card = QWidget()
        card.setFixedSize(100, 50)
        flow.addWidget(card)
        cards.append(card)
    assert flow.heightForWidth(250) == 100  # two rows
    more = QWidget()
    more.setFixedSize(100, 50)
    flow.addWidget(more)
    assert flow.heightForWidth(250) == 100
    assert flow.heightForWidth(150) == 200
    cards[0].setFixedSize(100, 80)
    assert flow.heightForWidth(150) == 230
