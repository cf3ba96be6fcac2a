"""Cold start of Runetable against a bare PySide6 window with the same docks, in one run.

Each program is started as a fresh process, alternately, several times; the
times are from spawning it to its first shown (and painted) window, and for
Runetable also to its board drawn in that window (the match is set up once the
window is up). The ratios of the medians are the figures DESIGN.md sets targets
for: the first window <= 2.5x the bare one, the board <= 4x.

Run: .venv/bin/python tests/benchmarks/bench_startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

BARE = """
import sys
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (QApplication, QDockWidget, QGraphicsScene, QGraphicsView,
                               QLabel, QMainWindow)
app = QApplication(sys.argv[:1])
window = QMainWindow()
scene = QGraphicsScene()
window.setCentralWidget(QGraphicsView(scene))
for title, area in (("Hand", Qt.BottomDockWidgetArea), ("Piles", Qt.LeftDockWidgetArea),
                    ("Dice", Qt.RightDockWidgetArea), ("Rules log", Qt.RightDockWidgetArea)):
    dock = QDockWidget(title, window)
    dock.setWidget(QLabel(title))
    window.addDockWidget(area, dock)
window.resize(1600, 1000)
window.show()
QTimer.singleShot(0, lambda: (print("shown", flush=True), app.quit()))
app.exec()
"""


def time_to_shown(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds to the "window" line (the first window is up; the bare one prints none,
    its window is all it shows) and to the "shown" line (the board drawn too)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    assert process.stdout is not None
    window = None
    for line in process.stdout:
        if line.strip() == "window":
            window = time.perf_counter() - start
        elif line.strip() == "shown":
            elapsed = time.perf_counter() - start
            break
    else:
        raise RuntimeError(f"{command} never showed a window")
    process.wait(timeout=30)
    return (elapsed if window is None else window), elapsed


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        # As a player's install runs: with bytecode (the installers ship it, pip writes it).
        # Here it goes to a folder of its own, so the tree stays clean and a machine that
        # sets PYTHONDONTWRITEBYTECODE does not time the compiler instead of the program.
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"),
                   RUNETABLE_DATA_DIR=f"{home}/data", RUNETABLE_CONFIG_DIR=f"{home}/config",
                   PYTHONPYCACHEPREFIX=f"{home}/bytecode")
        bare_cmd = [sys.executable, "-c", BARE]
        app_cmd = [sys.executable, "-m", "app", "--game", "sandbox", "--seed", "1",
                   "--quit-when-shown"]
        time_to_shown(bare_cmd, env)  # warm the disk cache and write the bytecode for both,
        time_to_shown(app_cmd, env)  # so the runs compare
        bare, ours = [], []
        for _ in range(args.runs):
            bare.append(time_to_shown(bare_cmd, env))
            ours.append(time_to_shown(app_cmd, env))
    b = statistics.median(t for t, _ in bare)
    first = statistics.median(t for t, _ in ours)
    board = statistics.median(t for _, t in ours)
    print(f"bare PySide6 window, same docks:  median {b * 1000:.0f} ms over {args.runs} runs")
    print(f"Runetable first window shown:     median {first * 1000:.0f} ms = {first / b:.2f}x "
          "(target <= 2.5x)")
    print(f"Runetable sandbox board drawn:    median {board * 1000:.0f} ms = {board / b:.2f}x "
          "(target <= 4x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
