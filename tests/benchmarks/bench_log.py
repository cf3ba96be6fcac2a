"""The Rules log's cost per action: a log of 8,000 rows takes one action's entries at a time.

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python tests/benchmarks/bench_log.py [--rows 8000]
     [--actions 400] [--per-action 3]

A main window (1366x768, offscreen) holds a central widget and the LogDock docked at
its side, as in the program, so that whatever the log's updates make Qt repaint
around it (its scroll bar, the dock, the window beneath) is counted. The log is
filled with `--rows` wrapped entries and painted; then each action appends
`--per-action` entries through LogDock.show_entries, and the events it posted are
processed (the layout and the repaint that follow). Each action is timed in the main
thread's CPU time (time.thread_time, which leaves out waits for a busy core) and in
wall time; the figures are the median and p90 over the actions, and in CPU time
by kind as well: every eighth action is a step undone, as players do, and the
next one takes it again (redone).

The figures to compare are those of the same run on the same machine: other programs
on the machine make both wall and CPU time noisy. The issue (every action within 16 ms
at p90) wants the log well under 0.5 ms of an action.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

WINDOW = (1366, 768)
WORDS = ("moves the sled east to Deep Drifts, rolling against 8",
         "trades the Rope for the Lantern",
         "scouts north and finds a frozen lake beyond the ridge, where nothing grows",
         "passes")

Entry = tuple[int, str, bool]


def entry(index: int, step: int) -> Entry:
    """A line of the kind the games log, long enough that some of them wrap."""
    return step, f"Player {index % 7 + 1} {WORDS[index % len(WORDS)]} ({index})", index % 13 == 0


def action(entries: list[Entry], per_action: int) -> list[Entry]:
    step = entries[-1][0] + 1 if entries else 1
    start = len(entries)
    return entries + [entry(start + i, step) for i in range(per_action)]


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=8000, help="rows in the log at first")
    parser.add_argument("--actions", type=int, default=400, help="actions timed")
    parser.add_argument("--per-action", type=int, default=3, help="entries per action")
    args = parser.parse_args(argv)

    from PySide6.QtCore import QCoreApplication, QEvent, Qt
    from PySide6.QtWidgets import QApplication, QMainWindow, QPlainTextEdit

    from app.docks.log import LogDock

    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = QMainWindow()
    window.setCentralWidget(QPlainTextEdit("the table"))
    dock = LogDock(window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    window.resize(*WINDOW)
    window.show()

    def flush() -> None:
        for _ in range(2):
            app.processEvents()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)

    entries: list[Entry] = []
    while len(entries) < args.rows:
        entries = action(entries, args.per_action)
    dock.show_entries(entries)
    settle = time.perf_counter() + 2.0
    while time.perf_counter() < settle:  # the rows' heights are measured a batch a turn
        app.processEvents()
        time.sleep(0.005)

    cpu: dict[str, list[float]] = {"every action": [], "a new step": [], "undo": [],
                                   "redo": []}
    wall: list[float] = []
    undone: list[Entry] | None = None
    for n in range(args.actions):
        if n % 8 == 7:
            kind, undone, entries = "undo", entries, entries[:-args.per_action]
        elif undone is not None:
            kind, entries, undone = "redo", undone, None
        else:
            kind, entries = "a new step", action(entries, args.per_action)
        start, start_cpu = time.perf_counter(), time.thread_time()
        dock.show_entries(entries)
        flush()
        spent = (time.thread_time() - start_cpu) * 1000
        cpu["every action"].append(spent)
        cpu[kind].append(spent)
        wall.append((time.perf_counter() - start) * 1000)
        time.sleep(0.002)
    print(f"Rules log of {args.rows} rows, {args.actions} actions of {args.per_action} entries "
          f"(in a {WINDOW[0]}x{WINDOW[1]} window, dock {dock.width()}x{dock.height()}):")
    for name, times in [*((f"CPU, {kind}", cpu[kind]) for kind in cpu), ("wall", wall)]:
        print(f"  {name:<18} n={len(times):4d}  median {statistics.median(times):6.3f} ms  "
              f"p90 {percentile(times, 0.9):6.3f} ms  max {max(times):6.3f} ms")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
