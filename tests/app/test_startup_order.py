"""What a player waits for at start-up (issue "A table that fits every screen", Under the
mouse: cold start <= 2.5x a bare window): the window comes up before pydantic is read
(it costs more to import than Qt's widgets) and before the match is set up; the table is
then set and drawn before the chart library (pyqtgraph, ~0.4 s) is read."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent("""
    import builtins, sys
    from PySide6.QtWidgets import QApplication

    seen = {}
    say = builtins.print

    def spy(*words, **how):
        if words and words[0] in ("window", "shown"):
            window = next(w for w in QApplication.topLevelWidgets()
                          if type(w).__name__ == "MainWindow")
            seen[words[0]] = ("pydantic" in sys.modules, "pyqtgraph" in sys.modules,
                              window.isVisible(), window.controller.match is not None)
        say(*words, **how)

    builtins.print = spy
    from app.main import main
    code = main(["--game", "sandbox", "--seed", "1", "--quit-when-shown"])
    say(repr(seen), code)
""")


def test_the_window_comes_up_first_and_the_table_before_the_chart(tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT),
           "RUNETABLE_DATA_DIR": str(tmp_path / "data"),
           "RUNETABLE_CONFIG_DIR": str(tmp_path / "config")}
    result = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    seen, code = result.stdout.strip().splitlines()[-1].rsplit(" ", 1)
    assert code == "0"
    # (pydantic read, pyqtgraph read, window visible, match set)
    assert ast.literal_eval(seen) == {"window": (False, False, True, False),
                          "shown": (True, False, True, True)}
