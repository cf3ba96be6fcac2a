"""Autosave off the UI thread: the window hands each new save to a writer thread and
goes on; the writer replaces the autosave atomically (temp file, fsync, rename, the
previous one kept as `.prev`), as before, but the window never waits for the disk.

Only the newest save matters: if actions come faster than the disk, the writer
skips to the latest. The window takes the save (`saves.pending`: the lines kept
between saves and the current state, which no later action changes) in
microseconds; the writer makes its text, the state's hash included, and writes it.

The writer is handed the save a moment later (IDLE_MS), once the window has drawn
the change: a thread that wakes while the window redraws takes turns with it at
Python's lock, which cost the frame after every action about two milliseconds. The
save itself is taken at once, so what reaches the disk is the match as it was.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from engine.core import saves
from engine.core.match import Match

IDLE_MS = 30  # from an action to the writer's start: the window has drawn the change by then


class _Writer:
    """The thread and its queue of one: plain Python, so it can outlive the QObject."""

    def __init__(self, report: Callable[[str], None]) -> None:
        self.report = report
        self.pending: tuple[Path, saves.Pending] | None = None
        self.writing = False
        self.closed = False
        self.wake = threading.Condition()
        threading.Thread(target=self.run, name="autosave", daemon=True).start()

    def put(self, path: Path, save: saves.Pending) -> None:
        with self.wake:
            self.pending = (path, save)
            self.wake.notify()

    def flush(self, timeout: float) -> bool:
        with self.wake:
            return self.wake.wait_for(lambda: self.pending is None and not self.writing,
                                      timeout)

    def stop(self) -> None:
        with self.wake:
            self.closed = True
            self.wake.notify_all()

    def run(self) -> None:
        while True:
            with self.wake:
                self.wake.wait_for(lambda: self.pending is not None or self.closed)
                if self.pending is None:
                    return
                path, save = self.pending
                self.pending, self.writing = None, True
            try:
                saves.write_atomic(path, save.text(), keep_previous=True)
            except OSError as exc:
                with suppress(RuntimeError):  # the window closed meanwhile: no one to tell
                    self.report(f"Autosave failed: {exc.strerror or exc}. Save by hand.")
            finally:
                with self.wake:
                    self.writing = False
                    self.wake.notify_all()


class Autosaver(QObject):
    failed = Signal(str)  # why a write failed, for the status bar (queued to the UI thread)

    def __init__(self, where: Callable[[], Path], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._where = where
        self._rows = saves.Rows()
        writer = self._writer = _Writer(self.failed.emit)
        self._held: tuple[Path, saves.Pending] | None = None  # taken, not yet handed over
        self._handing = QTimer(self)
        self._handing.setSingleShot(True)
        self._handing.setInterval(IDLE_MS)
        self._handing.timeout.connect(self._hand_over)
        # The thread ends with its window; a queued write still finishes first.
        self.destroyed.connect(lambda *_: writer.stop())

    def save(self, match: Match) -> None:
        """Take the match's current save and queue it; raises StorageError when there is
        no folder. Saves taken in quick succession reach the writer as the newest one,
        no later than IDLE_MS after the first."""
        self._held = (self._where(), saves.pending(match, self._rows))
        if not self._handing.isActive():
            self._handing.start()

    def _hand_over(self) -> None:
        if self._held is not None:
            self._writer.put(*self._held)
            self._held = None

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every queued save is on disk (closing the window, tests)."""
        self._handing.stop()
        self._hand_over()
        return self._writer.flush(timeout)

    def close(self) -> None:
        self.flush()
        self._writer.stop()
