"""python -m engine.games.nordguard.balance: the computer team's win rate by map and team.

The content is tuned until the policy team wins the recommended map for its
size roughly 30-60% of the time; this prints the table that tuning reads.
"""

from __future__ import annotations

import argparse
import sys

from engine.core.match import Match
from engine.core.rng import Rng
from engine.games.nordguard.build import NordguardOptions
from engine.games.nordguard.events import LOSSES, RunLost
from engine.games.nordguard.rules import NordguardGame

TABLE = ((4, 1), (4, 2), (5, 3), (6, 4), (7, 5), (7, 7))
AGENT_SALT = 0xBA1A_2CE5
MAX_ACTIONS = 3000


def play(game: NordguardGame, size: int, players: int, seed: int) -> tuple[bool, str]:
    """One game by the policy team, each decision made on the deciding seat's view (as at
    the table); (won, why it ended: the outcome's reason for a win, what lost the run
    for a loss, read from its RunLost event)."""
    match = Match(game, NordguardOptions(players=players, width=size, height=size), seed)
    agent = game.agent()
    stream = Rng(seed ^ AGENT_SALT)
    for _ in range(MAX_ACTIONS):
        actions = match.legal_actions()
        if not actions:
            break
        match.submit(agent.choose(match.view(match.to_move()), actions, stream))
    outcome = match.outcome()
    if outcome is None:
        return False, "unfinished"
    if outcome.winners:
        return True, outcome.reason
    lost = next(e for e in match.steps[-1].events if isinstance(e, RunLost))
    return False, LOSSES[lost.cause]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.games.nordguard.balance",
                                     description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per row")
    parser.add_argument("--seed", type=int, default=1,
                        help="the first game's seed; row games use seeds SEED .. SEED+GAMES-1")
    parser.add_argument("--reasons", action="store_true", help="also count why runs failed")
    args = parser.parse_args(argv)
    game = NordguardGame()
    print("map   players  win rate")
    for size, players in TABLE:
        wins = 0
        reasons: dict[str, int] = {}
        for i in range(args.games):
            won, why = play(game, size, players, args.seed + i)
            wins += won
            if not won:
                reasons[why] = reasons.get(why, 0) + 1
        print(f"{size}x{size}   {players}        {wins / args.games:6.1%}")
        if args.reasons:
            for why, count in sorted(reasons.items(), key=lambda kv: -kv[1]):
                print(f"          {count:4d}  {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
