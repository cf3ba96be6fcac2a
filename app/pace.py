"""View → Computer speed: how long a computer seat waits before its move shows.

A person at the table must be able to follow what the computer did; some
want to watch each move, others want it over with. The choice is kept in the
settings.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from app.computer import ComputerPlayers

PACES: tuple[tuple[str, int], ...] = (
    ("&Slow — 1.5 s a move", 1500),
    ("&Normal — 0.5 s a move", 450),
    ("&Fast — 0.1 s a move", 100),
    ("&Instant", 0),
)
DEFAULT_MS = 450
KEY = "computer/delay_ms"


def build_menu(menu: QMenu, computer: ComputerPlayers,
               settings: Callable[[], QSettings | None]) -> QActionGroup:
    """Fill `menu` with one checkable entry per pace and apply the saved one."""
    group = QActionGroup(menu)
    group.setExclusive(True)
    saved = settings()
    try:
        chosen = int(saved.value(KEY, DEFAULT_MS)) if saved is not None else DEFAULT_MS
    except (TypeError, ValueError):
        chosen = DEFAULT_MS
    if chosen not in {ms for _, ms in PACES}:
        chosen = DEFAULT_MS
    computer.delay_ms = chosen
    for text, ms in PACES:
        action = QAction(text, menu)
        action.setCheckable(True)
        action.setChecked(ms == chosen)
        action.setData(ms)
        action.triggered.connect(lambda _c=False, m=ms: _choose(computer, settings, m))
        group.addAction(action)
        menu.addAction(action)
    return group


def _choose(computer: ComputerPlayers, settings: Callable[[], QSettings | None],
            ms: int) -> None:
    computer.delay_ms = ms
    store = settings()
    if store is not None:
        store.setValue(KEY, ms)
