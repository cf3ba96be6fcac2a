"""python -m engine.replay FILE: load a save, replay it through the rules, report.

A bad file exits 1 with one line saying what is wrong, never a traceback,
because players send us their saves and need a readable answer.
"""

from __future__ import annotations

import argparse
import sys

from engine.core import saves
from engine.core.errors import SaveError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.replay", description=__doc__)
    parser.add_argument("file")
    args = parser.parse_args(argv)
    try:
        match = saves.load(args.file)
    except SaveError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    result = match.outcome()
    if result is None:
        status = "in progress"
    else:
        winners = ", ".join(f"Player {p + 1}" for p in result.winners) or "nobody"
        status = f"over: won by {winners} ({result.reason})"
    print(f"game: {match.game.title}  seed: {match.seed}  mode: {match.mode}")
    print(f"actions: {len(match.steps)}  (redoable: {len(match.redo_actions)})")
    print(f"outcome: {status}")
    print(f"state hash: {match.state_hash()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
