"""python -m engine.games.wintergrim.balance --games 1000: policy-vs-policy statistics.

Plays Destroy games between two copies of the computer policy, Spirits of Summer
("vanheim") against Wolves of Winter ("asheim"), and prints the win rate of each
deck, of each seat and of the player who goes first, how often a deck wins when it
goes first, how the games ended, how many stopped unfinished at the action cap, and
how long they lasted (actions, and turns: a turn is one player's turn).

Games come in pairs on one seed with the decks swapped between the seats: the roll
for who goes first comes from the seed alone (each deck's shuffle draws the same
count), so within a pair the same seat goes first with the other deck, and each deck
goes first in exactly half the games. The content in assets/wintergrim was tuned
with it until neither deck wins more than 55%.

Each decision is made on the deciding seat's view (as at the table), by its own
agent stream; a lone choice (a window's Pass) is taken without one. Games spread
over ``--jobs`` processes.
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
from engine.games.wintergrim.policy import WintergrimPolicy
from engine.games.wintergrim.rules import WintergrimGame
from engine.games.wintergrim.state import WintergrimOptions, WintergrimState

SALT = 0x3E57_B1A5
DECKS = ("vanheim", "asheim")
ACTION_CAP = 20_000  # a game is never this long; reaching it means nobody could finish
TURN_CAP = 400  # nor this many turns (most end within 60): both sides have run out of means


@dataclass(frozen=True, slots=True)
class GameResult:
    seed: int
    decks: tuple[str, str]  # the deck of seat 0, seat 1
    first: int  # the seat that went first
    winner: int | None  # None: unfinished (the action cap) or nobody left
    reason: str
    actions: int
    turns: int

    @property
    def winning_deck(self) -> str | None:
        return None if self.winner is None else self.decks[self.winner]

    @property
    def first_deck(self) -> str:
        return self.decks[self.first]


def play(seed: int, decks: tuple[str, str] = DECKS, game: WintergrimGame | None = None,
         cap: int = ACTION_CAP, turns: int = TURN_CAP) -> GameResult:
    """One policy-vs-policy game of Destroy on `seed`, seat 0 playing `decks[0]`."""
    game = game or WintergrimGame()
    state = game.setup(WintergrimOptions(decks=list(decks)), Rng(seed))
    assert isinstance(state, WintergrimState)
    agents = [WintergrimPolicy(), WintergrimPolicy()]
    streams = [Rng(seed ^ SALT), Rng((seed ^ SALT) + 1)]
    actions = 0
    while state.result is None and actions < cap and state.turn <= turns:
        choices = game.legal_actions(state)
        if not choices:
            break
        seat = state.to_move()
        assert seat is not None
        if len(choices) == 1:
            action = choices[0]
        else:
            action = agents[seat].choose(game.view(state, seat), choices, streams[seat])
        game.apply(state, action, checked=False)
        actions += 1
    result = state.result
    winner = result.winners[0] if result is not None and result.winners else None
    reason = result.reason if result is not None else "unfinished"
    return GameResult(seed, decks, state.first, winner, reason, actions, state.turn)


def _play_many(games: list[tuple[int, tuple[str, str]]]) -> list[GameResult]:
    game = WintergrimGame()
    return [play(seed, decks, game) for seed, decks in games]


def schedule(count: int, seed: int) -> list[tuple[int, tuple[str, str]]]:
    """Game i: seed SEED + i // 2, the decks swapped between the seats on odd i."""
    swapped = (DECKS[1], DECKS[0])
    return [(seed + i // 2, DECKS if i % 2 == 0 else swapped) for i in range(count)]


def run(count: int, seed: int = 1, jobs: int = 1) -> list[GameResult]:
    games = schedule(count, seed)
    if jobs <= 1:
        return _play_many(games)
    chunks = [games[i::jobs] for i in range(jobs)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        parts = list(pool.map(_play_many, chunks))
    out: list[GameResult] = []
    for i in range(count):  # back in schedule order
        out.append(parts[i % jobs][i // jobs])
    return out


def _share(part: int, whole: int) -> str:
    return f"{part} ({100 * part / whole:.1f}%)" if whole else f"{part}"


def report(results: list[GameResult], elapsed: float | None = None) -> str:
    n = len(results)
    decided = [r for r in results if r.winner is not None]
    actions = sum(r.actions for r in results)
    head = f"{n} games (policy vs policy, Destroy)"
    if elapsed is not None:
        head += f", {elapsed:.1f} s, {actions} actions ({actions / max(elapsed, 1e-9):.0f}/s)"
    lines = [head]
    by_deck = Counter(r.winning_deck for r in decided)
    for deck in DECKS:
        lines.append(f"  {deck} wins: {_share(by_deck[deck], n)}"
                     f"  (of decided games: {100 * by_deck[deck] / max(1, len(decided)):.1f}%)")
    lines.append(f"  unfinished or drawn: {_share(n - len(decided), n)}")
    firsts = sum(1 for r in decided if r.winner == r.first)
    lines.append(f"  first player wins: {_share(firsts, n)}"
                 f"  (of decided games: {100 * firsts / max(1, len(decided)):.1f}%)")
    for seat in (0, 1):
        wins = sum(1 for r in decided if r.winner == seat)
        lines.append(f"  seat {seat} wins: {_share(wins, n)}")
    for deck in DECKS:
        going = [r for r in results if r.first_deck == deck]
        wins = sum(1 for r in going if r.winning_deck == deck)
        lines.append(f"  {deck} going first ({len(going)} games) wins: {_share(wins, len(going))}")
    if results:
        acts = [r.actions for r in results]
        turns = [r.turns for r in results]
        lines.append(f"  actions per game: mean {statistics.mean(acts):.0f}, median "
                     f"{statistics.median(acts):.0f}, min {min(acts)}, max {max(acts)}")
        lines.append(f"  turns per game: mean {statistics.mean(turns):.1f}, median "
                     f"{statistics.median(turns):.0f}, min {min(turns)}, max {max(turns)}")
    for reason, count in Counter(r.reason for r in results).most_common():
        lines.append(f"  ended: {reason}: {count}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.games.wintergrim.balance",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games to play (even: pairs)")
    parser.add_argument("--seed", type=int, default=1, help="the first pair's seed")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    results = run(args.games, args.seed, args.jobs)
    print(report(results, time.perf_counter() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
