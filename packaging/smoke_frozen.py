"""Run a frozen Runetable the way the hosted CI does on Linux, Windows and macOS:
--version, --list-games, and every game's --screenshot judged as a picture.

    python packaging/smoke_frozen.py EXECUTABLE [OUT_DIR]

EXECUTABLE is dist/runetable/runetable, dist\\runetable\\runetable.exe or
dist/Runetable.app/Contents/MacOS/runetable. Pictures go to OUT_DIR (default
build/smoke). Saves and settings go to a temporary folder, never the runner's own.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import png_check
from project_meta import ROOT, TITLE, version

SHOT_SIZE = (1600, 1000)
TRACEBACK = "Traceback (most recent call last)"  # an error raised inside a Qt slot


def main(argv: list[str]) -> int:
    if not 1 <= len(argv) <= 2:
        print(__doc__, file=sys.stderr)
        return 2
    program = Path(argv[0]).resolve()
    out = Path(argv[1]) if len(argv) == 2 else ROOT / "build" / "smoke"
    out.mkdir(parents=True, exist_ok=True)
    failures = 0
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, RUNETABLE_DATA_DIR=f"{home}/data",
                   RUNETABLE_CONFIG_DIR=f"{home}/config")

        def run(*args: str) -> subprocess.CompletedProcess[str]:
            return subprocess.run([str(program), *args], env=env, text=True,
                                  capture_output=True, timeout=180)

        def report(ok: bool, what: str, detail: str) -> None:
            nonlocal failures
            failures += not ok
            print(f"[{'ok' if ok else 'FAIL'}] {what}: {detail}", flush=True)

        result = run("--version")
        report(result.stdout.strip() == f"{TITLE} {version()}", "--version",
               result.stdout.strip() or result.stderr.strip())
        result = run("--list-games")
        games = result.stdout.split()
        report(result.returncode == 0 and bool(games), "--list-games",
               " ".join(games) or result.stderr.strip())
        for game in games:
            shot = out / f"{game}.png"
            result = run("--game", game, "--seed", "1", "--screenshot", str(shot))
            if result.returncode or TRACEBACK in result.stderr:
                problem = f"exit {result.returncode}: {result.stderr.strip()[-800:]}"
            else:
                problem = png_check.picture_problem(shot, SHOT_SIZE)
            report(problem is None, f"--game {game} --screenshot", problem or str(shot))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
