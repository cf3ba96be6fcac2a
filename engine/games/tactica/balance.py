"""python -m engine.games.tactica.balance --battles 1000: policy-vs-policy battle statistics.

Plays single battles (battle 1 of the war, SUN moving first) between two
copies of the computer policy and prints the win rate of each seat, the mean
and median number of turns per battle (a turn is one player's turn), how the
battles ended and how long the run took. ``--wars`` plays whole wars instead.
The designed rules in assets/tactica/designed_rules.json were tuned with it
until neither seat wins more than 55% and battles last 20-40 turns.

Battles run on the core's fast path (actions taken from legal_actions need
no second check; a lone answer, a window's Pass, is taken without a view) and
spread over ``--jobs`` processes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from engine.core.rng import Rng
from engine.games.tactica.events import BattleWon
from engine.games.tactica.policy import TacticaPolicy
from engine.games.tactica.rules import TacticaGame, TacticaOptions

SALT = 0xBA1A_9CE5
ACTION_CAP = 50_000  # a battle is never this long; reaching it means the rules got stuck


@dataclass(frozen=True, slots=True)
class BattleResult:
    winner: int | None
    turns: list[int]  # turns of each battle played
    hows: list[str]  # how each battle ended
    war_reason: str
    actions: int


def play(seed: int, war: bool) -> BattleResult:
    game = TacticaGame()
    options = TacticaOptions(match_length="full war" if war else "single battle")
    state = game.setup(options, Rng(seed))
    agent = TacticaPolicy()
    stream = Rng(seed ^ SALT)
    turns: list[int] = []
    hows: list[str] = []
    actions = 0
    while state.result is None and actions < ACTION_CAP:
        choices = game.legal_actions(state)
        if len(choices) == 1:  # a window with only Pass: nothing to look at, nothing to weigh
            action = choices[0]
        else:
            action = agent.choose(game.view(state, state.to_move()), choices, stream)
        for event in game.apply(state, action, checked=False):
            if isinstance(event, BattleWon):
                turns.append(event.turns)
                hows.append(event.how)
        actions += 1
    if state.result is None:
        return BattleResult(None, turns, hows, "stuck", actions)
    return BattleResult(state.result.winners[0], turns, hows, state.result.reason, actions)


def _play_many(args: tuple[list[int], bool]) -> list[BattleResult]:
    seeds, war = args
    return [play(s, war) for s in seeds]


def run(count: int, war: bool, seed: int, jobs: int) -> list[BattleResult]:
    seeds = list(range(seed, seed + count))
    if jobs <= 1:
        return _play_many((seeds, war))
    chunks = [(seeds[i::jobs], war) for i in range(jobs)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return [r for part in pool.map(_play_many, chunks) for r in part]


def report(results: list[BattleResult], war: bool, elapsed: float) -> str:
    n = len(results)
    wins = Counter(r.winner for r in results)
    turns = [t for r in results for t in r.turns]
    hows = Counter(h for r in results for h in r.hows)
    actions = sum(r.actions for r in results)
    kind = "wars" if war else "battles"
    lines = [f"{n} {kind} (policy vs policy), {elapsed:.1f} s, {actions} actions "
             f"({actions / max(elapsed, 1e-9):.0f} actions/s)"]
    for seat in (0, 1):
        lines.append(f"  seat {seat} ({'SUN' if seat == 0 else 'MOON'}) wins: {wins[seat]} "
                     f"({100 * wins[seat] / n:.1f}%)")
    if wins[None]:
        lines.append(f"  unfinished (stuck): {wins[None]}")
    if turns:
        lines.append(f"  turns per battle: mean {statistics.mean(turns):.1f}, "
                     f"median {statistics.median(turns):.1f}, min {min(turns)}, "
                     f"max {max(turns)}")
    for how, count in hows.most_common():
        lines.append(f"  battles ended by {how}: {count} ({100 * count / len(turns):.1f}%)")
    if war:
        for reason, count in Counter(r.war_reason for r in results).most_common():
            lines.append(f"  wars ended: {reason}: {count}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.games.tactica.balance",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--battles", type=int, default=1000, help="single battles to play")
    parser.add_argument("--wars", type=int, default=0, help="play this many whole wars instead")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    args = parser.parse_args(argv)
    war = args.wars > 0
    count = args.wars if war else args.battles
    start = time.perf_counter()
    results = run(count, war, args.seed, args.jobs)
    print(report(results, war, time.perf_counter() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
