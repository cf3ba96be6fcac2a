"""Engine figures for the sandbox: actions/s, state clone, save and load, long matches.

Run: .venv/bin/python tests/benchmarks/bench_engine.py
"""

from __future__ import annotations

import statistics
import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine import simulate
from engine.core import saves
from engine.core.dice import DicePool
from engine.core.game import RuleMode
from engine.core.match import Match
from engine.core.rng import Rng
from engine.games import get_game


def long_match(actions: int) -> Match:
    """A sandbox match of `actions` random table actions that never declares an end."""
    game = get_game("sandbox")
    match = Match(game, game.options_model(players=2), 1, RuleMode.SANDBOX, take_backs=True)
    agent = Rng(99)
    while len(match.steps) < actions:
        choices = [a for a in match.legal_actions() if a.kind != "declare"]
        match.submit(agent.choice(choices))
    return match


def main() -> int:
    for checks in (False, True):
        args = ["--game", "sandbox", "--games", "200", "--seed", "1"]
        print(f"-- engine.simulate {' '.join(args)}{'' if checks else ' --no-checks'}")
        simulate.main(args + ([] if checks else ["--no-checks"]))
    match = long_match(500)
    state = match.state
    n = 20000
    clone_us = timeit.timeit(state.clone, number=n) / n * 1e6
    print(f"state clone: {clone_us:.1f} us (target <= 20 us)")
    path = Path("/tmp/runetable-bench.runetable")
    save_ms = statistics.median(_time(lambda: saves.save(match, path)) for _ in range(20))
    load_ms = statistics.median(_time(lambda: saves.load(path)) for _ in range(20))
    print(f"save of a 500-action match: {save_ms:.1f} ms (target <= 10 ms)")
    print(f"load (replaying all 500 actions): {load_ms:.1f} ms (target <= 20 ms)")
    path.unlink(missing_ok=True)
    for dice, plus in (((6,) * 20, 7), ((100,) * 20, 3)):  # fresh modifiers: not cached
        pool = DicePool(dice, plus)
        print(f"exact odds of {len(dice)}d{dice[0]}+{plus}: "
              f"{_time(pool.distribution):.1f} ms (the dice dock asks for them)")
    long_matches()
    return 0


def long_matches(lengths: tuple[int, ...] = (500, 5_000, 20_000, 100_000)) -> None:
    """Load time and memory of the match record against its length, each in a fresh
    process so one load's memory does not hide another's."""
    import subprocess
    import tempfile

    print("actions    load s   record MB   kept states")
    folder = Path(tempfile.mkdtemp(prefix="runetable-long-"))
    for length in lengths:
        path = folder / f"long-{length}.runetable"
        saves.save(long_match(length), path)
        probe = ("import gc, sys, time; from engine.core import saves; "
                 "base = int(open('/proc/self/statm').read().split()[1]); "
                 "t = time.perf_counter(); m = saves.load(sys.argv[1]); "
                 "s = time.perf_counter() - t; gc.collect(); "
                 "now = int(open('/proc/self/statm').read().split()[1]); "
                 "print(s, (now - base) * 4096 / 2**20, m.kept_states)")
        out = subprocess.run([sys.executable, "-c", probe, str(path)], capture_output=True,
                             text=True, check=True, cwd=Path(__file__).resolve().parents[2])
        seconds, megabytes, kept = out.stdout.split()
        print(f"{length:>7}  {float(seconds):7.2f}  {float(megabytes):10.1f}  {kept:>12}")
        path.unlink()
    folder.rmdir()


def _time(fn) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


if __name__ == "__main__":
    sys.exit(main())
