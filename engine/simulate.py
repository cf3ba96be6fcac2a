"""python -m engine.simulate: legal self-play with every invariant checked.

The random agent (the default) wanders into every corner of the rules; the
game's own policy (`--agent policy`) plays the way the computer players do,
which is what win rates and battle lengths are measured with. Prints games,
actions, speed and outcomes; exits 1 naming the seed and the action at the
first broken invariant, so the failure can be replayed.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections import Counter
from pathlib import Path

from engine.core import invariants, registry, saves
from engine.core.agent import Agent, RandomAgent
from engine.core.errors import ContentError
from engine.core.game import RuleMode
from engine.core.match import Match
from engine.core.rng import Rng
from engine.games import game_names, get_game

AGENT_SALT = 0x5EED_A6E7  # the agent's choices come from their own seeded stream


class InvariantBroken(Exception):
    pass


def default_mode(game_name: str) -> RuleMode:
    return registry.entry(game_name).mode


AGENTS = ("random", "policy")


def play_one(game_name: str, seed: int, max_actions: int, checks: bool,
             players: int | None = None, agent_kind: str = "random") -> Match:
    """Play one game; raise InvariantBroken with seed and action on a violation."""
    game = get_game(game_name)
    options = game.options_model() if players is None else game.options_model(players=players)
    match = Match(game, options, seed, default_mode(game_name))
    agent: Agent = game.agent() if agent_kind == "policy" else RandomAgent()
    stream = Rng(seed ^ AGENT_SALT)
    hashes = [match.state_hash()]

    def fail(problem: str, where: str) -> InvariantBroken:
        return InvariantBroken(f"{game_name} seed {seed}, {where}: {problem}")

    for number in range(1, max_actions + 1):
        actions = match.legal_actions()
        if not actions:
            break
        # A policy decides from the deciding seat's view; the random agent reads nothing
        # but the list, so it is spared the cost of a view per action (and the match,
        # handing out no state, may change its own in place).
        if isinstance(agent, RandomAgent):
            action = RandomAgent.pick(actions, stream)
        else:
            action = agent.choose(match.view(match.to_move()), actions, stream)
        match.submit(action)
        if checks:
            hashes.append(match.state_hash())
            where = f"action {number} ({action.key()})"
            problem = invariants.after_action(match)
            if problem is None and number % 25 == 0:
                problem = invariants.illegal_changes_nothing(match, invariants.bogus_action())
            if problem:
                raise fail(problem, where)
    if checks:
        problem = (invariants.moves_until_end(match)
                   or invariants.undo_redo_round_trip(match, hashes)
                   or invariants.save_round_trip(match))
        if problem:
            raise fail(problem, f"after {len(match.steps)} actions")
    return match


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.simulate", description=__doc__)
    parser.add_argument("--game", required=True, choices=game_names())
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--max-actions", type=int, default=1000,
                        help="stop a game unfinished after this many actions")
    parser.add_argument("--agent", choices=AGENTS, default="random",
                        help="random legal moves, or the game's computer-player policy")
    parser.add_argument("--save-dir", type=Path, default=None)
    parser.add_argument("--no-checks", action="store_true",
                        help="skip the invariant checks, to measure raw engine speed")
    args = parser.parse_args(argv)

    outcomes: Counter[str] = Counter()
    total_actions = 0
    start = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        # A match keeps a snapshot per action; the cyclic collector would rescan them all
        # again and again (nearly half the run), so it runs between games instead.
        gc.disable()
        try:
            match = play_one(args.game, seed, args.max_actions, not args.no_checks, args.players,
                             args.agent)
        except InvariantBroken as exc:
            print(f"INVARIANT BROKEN: {exc}", file=sys.stderr)
            return 1
        except ContentError as exc:  # a damaged installation: say which file, not a traceback
            print(f"error: {exc}", file=sys.stderr)
            return 1
        finally:
            gc.enable()
        total_actions += len(match.steps)
        result = match.outcome()
        if result is None:
            outcomes["unfinished"] += 1
        else:
            winners = ", ".join(f"Player {p + 1}" for p in result.winners) or "nobody"
            outcomes[f"won by {winners}"] += 1
        if args.save_dir is not None:
            saves.save(match, args.save_dir / f"{args.game}-{seed}{saves.EXTENSION}")
    elapsed = max(time.perf_counter() - start, 1e-9)
    print(f"game: {args.game}  agent: {args.agent}  checks: {'off' if args.no_checks else 'on'}")
    print(f"games: {args.games}  actions: {total_actions}")
    print(f"games/s: {args.games / elapsed:.1f}  actions/s: {total_actions / elapsed:.0f}")
    for outcome, count in sorted(outcomes.items()):
        print(f"  {outcome}: {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
