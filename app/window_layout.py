"""Where the docks sit and how big the window is, per game, remembered between sessions.

The board comes first: the Hand dock spans the whole width below it (a
co-operative game shows a panel per character there), and the Rules log,
Dice and Piles share one column on the right as tabs. Each game remembers
its own arrangement, so closing the Dice dock in TACTICA (which has no dice)
does not take it away from Nordguard. Docks are never torn off into loose
windows: a press just below a splitter used to float one by accident.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow, QTabWidget

# Version 1 had Piles on the left, Dice above the log, and floatable docks.
LAYOUT_VERSION = 2
RIGHT_COLUMN = 330  # px: wide enough for the Dice dock's presets and a log line
HAND_HEIGHT = 230  # px: one row of cards with a panel title and the buttons


class WindowLayout:
    def __init__(self, window: QMainWindow, hand: QDockWidget, tabs: list[QDockWidget],
                 settings: Callable[[], QSettings | None]) -> None:
        """`tabs` share the right-hand column, first tab first."""
        self._window, self._hand, self._tabs = window, hand, tabs
        self._settings = settings
        self.game: str | None = None
        window.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.BottomDockWidgetArea)
        window.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.BottomDockWidgetArea)
        window.setTabPosition(Qt.DockWidgetArea.RightDockWidgetArea, QTabWidget.TabPosition.North)
        for dock in (hand, *tabs):
            dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetClosable
                             | QDockWidget.DockWidgetFeature.DockWidgetMovable)
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, hand)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, tabs[0])
        for dock in tabs[1:]:
            window.tabifyDockWidget(tabs[0], dock)
        tabs[0].raise_()
        window.resizeDocks([tabs[0]], [RIGHT_COLUMN], Qt.Orientation.Horizontal)
        window.resizeDocks([hand], [HAND_HEIGHT], Qt.Orientation.Vertical)
        self._default = window.saveState(LAYOUT_VERSION)

    # -- the window ---------------------------------------------------------------
    def restore_window(self) -> None:
        """The player's last window size and place, or one that fits this screen."""
        settings = self._settings()
        geometry = settings.value("window/geometry") if settings is not None else None
        if isinstance(geometry, QByteArray) and self._window.restoreGeometry(geometry):
            return
        # A first window takes the whole screen, whatever its size: the board is the
        # point, and a player who wants a smaller window has the window's own controls.
        screen = self._window.screen().availableGeometry()
        self._window.setGeometry(screen)
        self._window.setWindowState(Qt.WindowState.WindowMaximized)

    # -- the docks ----------------------------------------------------------------
    def open_game(self, game: str, shown: dict[QDockWidget, bool], front: QDockWidget) -> None:
        """Arrange the docks for `game`: its remembered layout, or the default with only
        the docks it uses (`shown`) and `front` as the raised tab."""
        if game == self.game:
            return
        if self.game is not None:
            self._store(self.game)
        self.game = game
        settings = self._settings()
        state = settings.value(f"layout/{game}") if settings is not None else None
        if isinstance(state, QByteArray) and self._window.restoreState(state, LAYOUT_VERSION):
            return
        self.reset(shown, front)

    def reset(self, shown: dict[QDockWidget, bool], front: QDockWidget) -> None:
        self._window.restoreState(self._default, LAYOUT_VERSION)
        for dock, visible in shown.items():
            dock.setVisible(visible)
        if front.isVisible():
            front.raise_()

    def save(self) -> None:
        settings = self._settings()
        if settings is None:
            return
        settings.setValue("window/geometry", self._window.saveGeometry())
        if self.game is not None:
            self._store(self.game, settings)
        settings.sync()

    def _store(self, game: str, settings: QSettings | None = None) -> None:
        settings = settings or self._settings()
        if settings is not None:
            settings.setValue(f"layout/{game}", self._window.saveState(LAYOUT_VERSION))
