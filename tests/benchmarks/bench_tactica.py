"""TACTICA engine figures: random self-play actions/s, where an action's time goes, the policy.

Run: .venv/bin/python tests/benchmarks/bench_tactica.py

Times are CPU seconds of this process (time.process_time), which other work
on a shared machine disturbs less than the wall clock.
"""

from __future__ import annotations

import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine import simulate
from engine.core.match import Match
from engine.core.rng import Rng
from engine.games.tactica.balance import play
from engine.games.tactica.rules import TacticaGame, TacticaOptions

GAME = TacticaGame()


def _recorded(games: int) -> list[tuple[object, object]]:
    """(state, action) pairs from random wars, to time the parts of one step on."""
    pairs = []
    for seed in range(1, games + 1):
        match = Match(GAME, TacticaOptions(), seed)
        rng = Rng(seed)
        while match.outcome() is None and len(match.steps) < 3000:
            action = rng.choice(match.legal_actions())
            pairs.append((match.state, action))
            match.submit(action)
    return pairs


def _per_call(label: str, fn, items: list) -> None:
    gc.disable()
    start = time.process_time()
    for item in items:
        fn(item)
    spent = time.process_time() - start
    gc.enable()
    print(f"  {label:<28} {spent / len(items) * 1e6:7.1f} us")


def main() -> int:
    args = ["--game", "tactica", "--games", "50", "--seed", "1", "--max-actions", "5000",
            "--no-checks"]
    print(f"-- engine.simulate {' '.join(args)}")
    start = time.process_time()
    simulate.main(args)
    print(f"   (CPU time {time.process_time() - start:.1f} s)")
    pairs = _recorded(5)
    states = [s for s, _ in pairs]
    print(f"-- one step, averaged over {len(pairs)} recorded states (GC off)")
    _per_call("state clone", lambda s: s.clone(), states)
    clones = [s.clone() for s in states]
    _per_call("legal_actions", GAME.legal_actions, clones)
    clones = [s.clone() for s in states]
    _per_call("check + apply", lambda p: GAME.apply(p[0], p[1]),
              list(zip(clones, [a for _, a in pairs], strict=True)))
    clones = [s.clone() for s in states]
    _per_call("apply without check", lambda p: GAME.apply(p[0], p[1], checked=False),
              list(zip(clones, [a for _, a in pairs], strict=True)))
    start = time.process_time()
    results = [play(seed, False) for seed in range(1, 41)]
    spent = time.process_time() - start
    actions = sum(r.actions for r in results)
    print(f"-- policy vs policy: 40 battles in {spent:.1f} s CPU "
          f"({spent / 40 * 1000:.0f} ms a battle, {actions / spent:.0f} actions/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
