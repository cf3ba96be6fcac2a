"""The rules log: every event of the match, filterable, each entry a moment to look at.

Each step is numbered once; the further events of the same step follow it,
indented. Clicking an entry, or moving through the list with the arrow keys,
shows the table after that step. The list grows by the new entries only,
because rebuilding ten thousand rows on every action cost a frame and more,
and each row's height is worked out once (LogView).
"""

from __future__ import annotations

from bisect import bisect_right

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDockWidget, QLineEdit, QVBoxLayout, QWidget

from app.docks.log_view import LogView, Row
from engine.core.events import Event
from engine.core.match import Match, shared_steps

INDENT = "      "

Entry = tuple[int, str, bool]  # step, text, is a referee override


def _looks(entries: list[Entry], index: int) -> Row:
    """How an entry is shown: its step's number on the step's first entry only."""
    step, text, override = entries[index]
    first = index == 0 or entries[index - 1][0] != step
    return (f"{step}. {text}" if first else INDENT + text), override


class LogDock(QDockWidget):
    moment_requested = Signal(int)  # show the table as it was after that step

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Rules log", parent)
        self.setObjectName("logDock")
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(6, 4, 6, 4)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter the log…")
        self.filter.setClearButtonEnabled(True)
        layout.addWidget(self.filter)
        self.list = LogView()
        self.filter.textChanged.connect(self.list.filter)  # new rows are filtered as they come
        self.list.setAccessibleName("Rules log")
        self.list.setToolTip("Click an entry, or use the arrow keys, to see the table after "
                             "that step")
        self.list.row_chosen.connect(self._chosen)
        layout.addWidget(self.list)
        self.setWidget(body)
        self._entries: list[Entry] = []
        self._shown_step: int | None = None
        # Rows are measured again, a batch at a time, when the width changes, so the
        # list may grow a moment later: while the newest entry should be in view, it
        # follows the growth.
        self._stick = True
        bar = self.list.verticalScrollBar()
        bar.rangeChanged.connect(self._follow)
        bar.actionTriggered.connect(self._scrolled_by_hand)

    # -- what is shown ----------------------------------------------------------------
    def show_entries(self, entries: list[Entry], shown_step: int | None = None) -> None:
        """Entries oldest first. `shown_step` is the past step the table shows (selected,
        the list left where it is); None is the present (the newest entry in view).

        Rows are kept: a row whose words changed (another seat reads the log, the end
        reveals what was hidden) is rewritten in place, new entries are added, rows
        beyond the new ones go."""
        old = self._entries
        keep = _common_prefix(old, entries)
        if keep == len(entries) == len(old) and shown_step == self._shown_step:
            return  # an unchanged log is not touched, nor repainted
        self._shown_step = shown_step
        at_bottom = self._scrolled_to_bottom()
        self.list.truncate(len(entries))
        shared = self.list.count()
        self.list.rewrite([(row, _looks(entries, row))
                           for row in _changed(old, entries, keep, shared)])
        self.list.add([_looks(entries, index) for index in range(shared, len(entries))])
        del old[keep:]  # kept as a copy (the feed's list grows in place), by its tail only
        old.extend(entries[keep:])
        self._select(shown_step)
        self._stick = shown_step is None and (at_bottom or keep < len(entries))
        if self._stick:
            self.list.scroll_to_bottom()

    def _select(self, step: int | None) -> None:
        """Mark the last entry of `step` (none for the present, nor for a step that logged
        nothing), scrolled into view."""
        last = -1 if step is None else bisect_right(self._entries, step,
                                                    key=lambda entry: entry[0]) - 1
        self.list.set_current(last if last >= 0 and self._entries[last][0] == step else None)

    def _follow(self, _minimum: int, maximum: int) -> None:
        if self._stick:
            self.list.verticalScrollBar().setValue(maximum)

    def _scrolled_by_hand(self, _action: int) -> None:
        """The player moved the list: it stays where they put it (unless at the end)."""
        bar = self.list.verticalScrollBar()
        self._stick = bar.sliderPosition() >= bar.maximum() - 2

    def _scrolled_to_bottom(self) -> bool:
        bar = self.list.verticalScrollBar()
        return bar.value() >= bar.maximum() - 2

    def texts(self) -> list[str]:
        """The rows the filter shows, as the player reads them."""
        return self.list.texts()

    def selected_step(self) -> int | None:
        row = self.list.current()
        return None if row is None else self._entries[row][0]

    # -- the player's choices -----------------------------------------------------------
    def _chosen(self, row: int) -> None:
        self.moment_requested.emit(self._entries[row][0])


class LogFeed:
    """The log's entries as one seat reads them, worked out for new steps only.

    Rebuilding every entry of a long match after each action took most of the
    time an action cost in the window; a step's entries never change unless the
    step is undone (then its entries go, and those of the steps before stay) or
    another seat reads the log (then only the lines that read differently to it
    are read anew: the end of a TACTICA war, read by everyone, took 50 ms reading
    a thousand steps again, and so did an undo).
    """

    def __init__(self) -> None:
        self._key: tuple[object, int] | None = None
        self._steps: list[object] = []
        self._ends: list[int] = []  # per step: how many entries up to its own
        self._events: list[Event] = []  # one per entry
        self._entries: list[Entry] = []

    def entries(self, match: Match, reader: int) -> list[Entry]:
        steps = match.steps
        if self._key is None or self._key[0] is not match:
            self._forget(0)
        else:
            self._forget(shared_steps(self._steps, steps))
            if self._key[1] != reader:
                self._reread(self._key[1], reader)
        self._key = (match, reader)
        for number, step in enumerate(steps[len(self._steps):], start=len(self._steps) + 1):
            self._events.extend(step.events)
            self._entries.extend((number, event.text_for(reader), event.override)
                                 for event in step.events)
            self._steps.append(step)
            self._ends.append(len(self._entries))
        return self._entries

    def _forget(self, keep: int) -> None:
        """Drop the entries of the steps from `keep` on (undone, or another match's)."""
        cut = self._ends[keep - 1] if keep else 0
        del self._steps[keep:], self._ends[keep:], self._events[cut:], self._entries[cut:]

    def _reread(self, was: int, reader: int) -> None:
        """The entries as `reader` reads them, from those `was` read. An event's line
        depends on its reader only through whether the reader sees its private facts
        (Event.text_for), so a line both see alike is kept as it is."""
        self._entries = [
            entry if event.sees(was) == event.sees(reader)
            else (entry[0], event.text_for(reader), entry[2])
            for entry, event in zip(self._entries, self._events, strict=True)]


def _changed(old: list[Entry], new: list[Entry], start: int, end: int) -> list[int]:
    """The rows from `start` to `end` whose looks differ: their entry changed, or the
    step of the entry before (which decides whether the row shows its step's number)."""
    return [row for row in range(start, end)
            if old[row] != new[row] or (row and old[row - 1][0] != new[row - 1][0])]


def _common_prefix(old: list[Entry], new: list[Entry]) -> int:
    """How many leading entries two logs share (a seat change rewrites its secrets)."""
    if new[:len(old)] == old:
        return len(old)
    if old[:len(new)] == new:  # an undo
        return len(new)
    count = 0
    for a, b in zip(old, new, strict=False):
        if a != b:
            break
        count += 1
    return count
