"""Killing the program mid-autosave (issue "Play-test fixes", item 4).

A writer process replaces the autosave again and again, keeping `.prev`, and
is killed with SIGKILL at seeded random moments. After every kill both files
hold one complete save or do not exist, and the temp files a kill leaves are
removed by the clean-up that runs at start.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from engine.core import saves
from engine.core.rng import Rng

ROOT = Path(__file__).resolve().parents[2]
KILLS = 30

WRITER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from engine.core.saves import write_atomic
    path = Path(sys.argv[1])
    texts = [Path(sys.argv[2]).read_text(), Path(sys.argv[3]).read_text()]
    print("ready", flush=True)
    n = 0
    while True:
        write_atomic(path, texts[n % 2], keep_previous=True)
        n += 1
""")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_kill_at_any_moment_leaves_whole_files_and_no_lasting_temps(tmp_path: Path) -> None:
    """30 kills at random moments: the autosave and `.prev` are each a whole save (never
    empty or cut), and every temp file left behind is removed at the next start."""
    texts = [tmp_path / "a.txt", tmp_path / "b.txt"]
    texts[0].write_text('{"save": "A"}\n' + "a" * 2_000_000)
    texts[1].write_text('{"save": "B"}\n' + "b" * 3_000_000)
    whole = {t.read_bytes() for t in texts}
    folder = tmp_path / "data"
    folder.mkdir()
    target = folder / "autosave.runetable"
    rng = Rng(2024)
    left_behind = 0
    for _ in range(KILLS):
        writer = subprocess.Popen([sys.executable, "-c", WRITER, str(target), *map(str, texts)],
                                  cwd=ROOT, stdout=subprocess.PIPE, text=True)
        assert writer.stdout is not None and writer.stdout.readline() == "ready\n"
        time.sleep(rng.below(40) / 1000)
        writer.send_signal(signal.SIGKILL)
        writer.wait(timeout=30)
        writer.stdout.close()
        for path in (target, target.with_name(target.name + ".prev")):
            if path.exists():
                assert path.read_bytes() in whole, f"{path.name} is not a whole save"
        temps = list(folder.glob("autosave.runetable.*.tmp"))
        left_behind += len(temps)
        for temp in temps:  # as if the next start came a while later
            os.utime(temp, (time.time() - 3600, time.time() - 3600))
        assert sorted(saves.remove_stale_temps(target)) == sorted(temps)
        assert sorted(p.name for p in folder.iterdir()) in (
            ["autosave.runetable"], ["autosave.runetable", "autosave.runetable.prev"])
    assert target.exists() and target.with_name(target.name + ".prev").exists()
    assert left_behind > 0, "no kill landed inside a write: the test proves nothing"


def test_young_temp_files_are_kept_for_the_write_that_owns_them(tmp_path: Path) -> None:
    """A temp file younger than a minute may be another window's write in progress."""
    target = tmp_path / "autosave.runetable"
    young = tmp_path / "autosave.runetable.abc123.tmp"
    old = tmp_path / "autosave.runetable.def456.tmp"
    other = tmp_path / "notes.runetable.ghi789.tmp"
    for path in (young, old, other):
        path.write_text("x")
    os.utime(old, (time.time() - 600, time.time() - 600))
    os.utime(other, (time.time() - 600, time.time() - 600))
    assert saves.remove_stale_temps(target) == [old]
    assert young.exists() and other.exists() and not old.exists()


def test_prev_is_the_file_that_was_replaced(tmp_path: Path) -> None:
    """keep_previous makes `.prev` the earlier autosave, byte for byte."""
    target = tmp_path / "autosave.runetable"
    saves.write_atomic(target, "first\n", keep_previous=True)
    assert not target.with_name(target.name + ".prev").exists()
    saves.write_atomic(target, "second\n", keep_previous=True)
    saves.write_atomic(target, "third\n", keep_previous=True)
    assert target.read_text() == "third\n"
    assert target.with_name(target.name + ".prev").read_text() == "second\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "autosave.runetable", "autosave.runetable.prev"]
