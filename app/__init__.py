"""Runetable's desktop application (PySide6).

Qt splits every large fill and picture copy across a pool of threads and waits for
them. For windows of a desktop's size that costs more than it saves: waking the
threads and waiting on them made a full repaint of the window 1.7 to 2 times
slower (3.4-5.6 ms against 1.7-2.9 ms, offscreen and on X11, two cores), and every
action's frame paid it. So the pool is off: Qt reads the variable when it first
paints, after this package is imported by every entry (the program, its tests and
the benchmarks), and any value of it turns the pool off.
"""

import os

os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")

__version__ = "0.1.0"
