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


def engine_alone(game: NordguardGame, games: int = 200) -> float:
    """Random self-play straight on the state: what the game's own rules cost, apart
    from Match's snapshots and records (engine.simulate measures both together)."""
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        state = game.setup(game.options_model(), Rng(seed))
        pick = Rng(seed ^ 0x5EED)
        while state.result is None and actions < 10_000_000:
            legal = game.legal_actions(state)
            if not legal:
                break
            game.apply(state, legal[pick.randint(0, len(legal) - 1)])
            actions += 1
    return actions / (time.perf_counter() - start)


def main() -> int:
    for checks in (False, True):
        args = ["--game", "nordguard", "--games", "200", "--seed", "1"]
        print(f"-- engine.simulate {' '.join(args)}{'' if checks else ' --no-checks'}")
        simulate.main(args + ([] if checks else ["--no-checks"]))
    game = NordguardGame()
    print(f"engine alone (legal_actions + checked apply, no Match record): "
          f"{engine_alone(game):,.0f} actions/s")
    match = Match(game, game.options_model(players=4), 1)
    agent = game.agent()
    stream = Rng(1)
    while match.outcome() is None and len(match.steps) < 60:
        match.submit(agent.choose(match.view(match.to_move()), match.legal_actions(), stream))
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
