"""Engine figures for Nordguard: random self-play actions/s, state clone, policy speed.

Run: .venv/bin/python tests/benchmarks/bench_nordguard.py
"""

from __future__ import annotations

import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine import simulate
from engine.core.match import Match
from engine.core.rng import Rng
from engine.games.nordguard.balance import play
from engine.games.nordguard.rules import NordguardGame


def main() -> int:
    for checks in (False, True):
        args = ["--game", "nordguard", "--games", "200", "--seed", "1"]
        print(f"-- engine.simulate {' '.join(args)}{'' if checks else ' --no-checks'}")
        simulate.main(args + ([] if checks else ["--no-checks"]))
    game = NordguardGame()
    match = Match(game, game.options_model(players=4), 1)
    agent = game.agent()
    stream = Rng(1)
    while match.outcome() is None and len(match.steps) < 60:
        match.submit(agent.choose(match.state, match.legal_actions(), stream))
    n = 20000
    clone_us = timeit.timeit(match.state.clone, number=n) / n * 1e6
    print(f"state clone (6x6, 4 players, mid-game): {clone_us:.1f} us (target <= 20 us)")
    start = time.perf_counter()
    games = 20
    for seed in range(games):
        play(game, 7, 7, seed)
    print(f"policy team, 7x7 with 7 players: {games / (time.perf_counter() - start):.1f} games/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
