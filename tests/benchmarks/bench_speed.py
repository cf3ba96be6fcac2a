"""The engine's speed figures against python-chess, in one run (issue "One engine for five
rulebooks", Speed).

Run: .venv/bin/python tests/benchmarks/bench_speed.py [--seconds S] [--games GAME ...]
     [--no-loads]

python-chess is the yardstick: random games through its board make a figure for
this machine, on this day, under this load, so the engine's figures are read as
ratios to it. It is not a dependency of Runetable: install it only where the
benchmark runs, e.g. `pip install --target /tmp/chesslib chess` and
`PYTHONPATH=/tmp/chesslib`; without it the ratios are left out.

Reported:
- self-play through `Match` with the garbage collector on, tamed as in the window
  (engine.core.heap), actions/s, and the ratio to python-chess plies/s (targets:
  Nordguard, Wintergrim and Yggdrasil >= 1.85x, TACTICA >= 0.93x), each game and
  python-chess run by turns a second at a time and timed by processor time;
- state clone and a seat's view, mid-game, microseconds (targets: <= 20 us, <= 50 us),
  and the view of each new state as the match goes on (the one the window waits for);
- a table of self-play speed, load time and record memory against match length (100,
  500, 2,000, 5,000 actions; targets: 500 in <= 20 ms, 5,000 in <= 100 ms, <= 2 KB per
  action). The targets' milliseconds were set where python-chess made 16k plies/s; each
  load is also given as a ratio, its time where python-chess makes 16k plies/s, from
  python-chess timed between the loads in the same process.
"""

from __future__ import annotations

import argparse
import gc
import subprocess
import sys
import tempfile
import time
import timeit
from collections.abc import Iterator
from itertools import count
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.core import heap, saves  # noqa: E402
from engine.core.game import Game  # noqa: E402
from engine.core.match import Match  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.games import get_game  # noqa: E402
from engine.simulate import default_mode  # noqa: E402

GAMES = {"nordguard": 1.85, "tactica": 0.93, "wintergrim": 1.85, "yggdrasil": 1.85}
# the ratio to python-chess each should reach (50k actions/s for Nordguard, Wintergrim and
# Yggdrasil, 25k for TACTICA)
LENGTHS = (100, 500, 2_000, 5_000)


def chess_games() -> Iterator[int] | None:
    """Random games through python-chess's Board (legal moves, push): the plies of each
    game in turn. None where python-chess is not installed."""
    try:
        import chess
    except ImportError:
        return None

    def games() -> Iterator[int]:
        rng = Rng(7)
        while True:
            board = chess.Board()
            while not board.is_game_over() and board.ply() < 300:
                moves = list(board.legal_moves)
                board.push(moves[rng.below(len(moves))])
            yield board.ply()
    return games()


def self_play(name: str) -> Iterator[int]:
    """Random legal play through Match, the actions of each match in turn, with the
    collector on and kept off the match's record as the window keeps it (engine.core.heap:
    every few steps what the match holds is frozen). The window's full collection when a
    new match begins is a cost of starting a match, not of its actions: here a new match
    only hands the last one's objects back to the collector, which frees them in its own
    time.

    The game's content is read and a first table set before the timing starts, as the
    window has done before anyone plays, and as python-chess is imported before its
    games are timed: reading Yggdrasil's cards took a fifth of a second, a fiftieth of
    a ten-second figure."""
    game = get_game(name)
    Match(game, game.options_model(), 0, default_mode(name))
    return _matches(game, name)


def _matches(game: Game, name: str) -> Iterator[int]:
    """The random matches of `self_play`, seed after seed."""
    for seed in count():
        match = Match(game, game.options_model(), seed, default_mode(name))
        gc.unfreeze()
        rng = Rng(seed ^ 0x5EED)
        while match.outcome() is None and len(match.steps) < 2_000:
            legal = match.legal_actions()
            match.submit(legal[rng.below(len(legal))])
            heap.after_step(len(match.steps))
        yield len(match.steps)


class Rate:
    """What a run of whole games or matches counted (plies, actions) and the processor
    time it took: a rate that the machine's other work does not lower, as it would a
    rate by the clock."""

    def __init__(self, games: Iterator[int]) -> None:
        self.games, self.done, self.seconds = games, 0, 0.0

    def run(self, seconds: float) -> None:
        """Play on for whole games until `seconds` of processor time have gone."""
        start = time.process_time()
        while time.process_time() - start < seconds:
            self.done += next(self.games)
        self.seconds += time.process_time() - start

    @property
    def per_second(self) -> float:
        return self.done / self.seconds


def alternating(game: Rate, yardstick: Rate | None, seconds: float) -> None:
    """Run `game` and `yardstick` by turns, a second at a time, `seconds` each in all: the
    two share every drift of the machine's speed (its clock, its caches, its other work)
    instead of one being measured before the other. Timed one after the other, the same
    code moved by up to a fifth between runs."""
    for _ in range(max(1, round(seconds))):
        game.run(seconds / max(1, round(seconds)))
        if yardstick is not None:
            yardstick.run(seconds / max(1, round(seconds)))


def played(name: str, steps: int) -> Match:
    """A match the computer plays on every seat (seed 3), up to `steps` steps or its end."""
    game = get_game(name)
    match = Match(game, game.options_model(), 3, default_mode(name))
    agent, rng = game.agent(), Rng(3)
    while match.outcome() is None and len(match.steps) < steps:
        match.submit(agent.choose(match.view(match.to_move()), match.legal_actions(), rng))
    return match


def mid_game(name: str, cap: int = 600) -> Match:
    """The same match stopped half-way through its length (a Nordguard match lasts some
    dozens of steps, a TACTICA one hundreds)."""
    return played(name, max(1, len(played(name, cap).steps) // 2))


def clone_and_view_us(match: Match) -> tuple[float, float]:
    state, seat = match.state, match.to_move() or 0
    clone = min(timeit.repeat(state.clone, number=2000, repeat=5)) / 2000 * 1e6
    view = min(timeit.repeat(lambda: match.game.view(state, seat), number=500,
                             repeat=5)) / 500 * 1e6
    return clone, view


def new_state_view_us(match: Match, steps: int = 200) -> float:
    """The view the seat to move gets of each new state as the match goes on from
    `match` (the first view of that state, as the window asks for it after an action),
    mean microseconds: the state is new, the seat's view of an earlier one is not."""
    game, agent, rng = match.game, match.game.agent(), Rng(4)
    times: list[float] = []
    while match.outcome() is None and len(times) < steps:
        seat = match.to_move()
        if seat is not None:
            state = match.state
            start = time.perf_counter()
            game.view(state, seat)
            times.append(time.perf_counter() - start)
        match.submit(agent.choose(match.view(seat), match.legal_actions(), rng))
    return sum(times) / max(1, len(times)) * 1e6


def record_of(name: str, length: int, tries: int = 12) -> tuple[Path, float] | None:
    """A save of the first `length` random legal actions of a match (a sandbox table never
    ends; a game's random matches are tried seed after seed until one lasts that long),
    and the speed those actions were played at through Match, actions/s (the collector
    on, tamed as in the window)."""
    game = get_game(name)
    for seed in range(1, tries + 1):
        match = Match(game, game.options_model(), seed, default_mode(name), take_backs=True)
        gc.unfreeze()
        rng = Rng(99 + seed)
        start = time.perf_counter()
        while len(match.steps) < length and match.outcome() is None:
            legal = [a for a in match.legal_actions() if a.kind != "declare"]
            match.submit(legal[rng.below(len(legal))])
            heap.after_step(len(match.steps))
        rate = len(match.steps) / (time.perf_counter() - start)
        if len(match.steps) == length:
            folder = Path(tempfile.mkdtemp(prefix="runetable-speed-"))
            path = folder / f"{name}-{length}{saves.EXTENSION}"
            saves.save(match, path)
            return path, rate
    return None


# The time is the best of five loads in a row (the machine's other work only ever adds),
# followed by two seconds of python-chess in the same process, so that the load is also
# read as a ratio, as the issue asks of every figure: the milliseconds it would take where
# python-chess makes REFERENCE_PLIES a second (the machines the targets were set on). The
# ratio takes both by processor time, as the self-play figures do: a load timed by the
# clock counts the moments another process had the processor, python-chess does not.
# (Chess between the loads made each load start cold, three times slower for 100
# actions: no window loads a save just after a game of something else.) The
# memory is what the loaded match holds: the bytes still allocated after a load
# (tracemalloc, in a load of its own, after a first load imported the game), and the
# process's resident size, which also keeps the arenas of what the replay made and freed.
REFERENCE_PLIES = 16_000  # python-chess plies/s on the machines of the targets (issue 10)
PROBE = ("import gc, sys, time, tracemalloc; from engine.core import saves\n"
         "sys.path.insert(0, 'tests/benchmarks'); import bench_speed\n"
         "chess = bench_speed.chess_games()\n"
         "yardstick = None if chess is None else bench_speed.Rate(chess)\n"
         "times, cpu = [], []\n"
         "for _ in range(5):\n"
         "    t, c = time.perf_counter(), time.process_time(); saves.load(sys.argv[1]); "
         "times.append(time.perf_counter() - t); cpu.append(time.process_time() - c)\n"
         "if yardstick is not None: yardstick.run(2.0)\n"
         "gc.collect(); base = int(open('/proc/self/statm').read().split()[1])\n"
         "tracemalloc.start(); m = saves.load(sys.argv[1]); gc.collect()\n"
         "held = tracemalloc.get_traced_memory()[0]; tracemalloc.stop()\n"
         "rss = (int(open('/proc/self/statm').read().split()[1]) - base) * 4096\n"
         "print(min(times), held, rss, min(cpu),\n"
         "      0 if yardstick is None else yardstick.per_second)")


def load_table() -> None:
    """Self-play speed, load time and memory per match length; growth is what each further
    action adds to the match held in memory (between this length and the one before): the
    2 KB target. The speed is that of the random match the save was made from, up to
    that length (filtered of declared results, as the sandbox would end on one)."""
    print(f"  game        actions   self-play actions/s   load ms   (at {REFERENCE_PLIES // 1000}k "
          "plies/s)   held MB   growth KB/action   (resident MB)")
    for name in ("sandbox", *GAMES):
        before: tuple[int, int] | None = None
        for length in LENGTHS:
            made = record_of(name, length)
            if made is None:
                print(f"  {name:<10}  {length:>7}   (no random match lasts this long)")
                continue
            path, rate = made
            out = subprocess.run([sys.executable, "-c", PROBE, str(path)], capture_output=True,
                                 text=True, check=True, cwd=ROOT).stdout.split()
            seconds, held, rss = float(out[0]), int(out[1]), int(out[2])
            cpu, plies = float(out[3]), float(out[4])
            # the load as a ratio: its time where python-chess makes REFERENCE_PLIES a second
            reference = "" if not plies else f"{cpu * plies / REFERENCE_PLIES * 1000:.1f}"
            growth = " " * 16 if before is None else \
                f"{(held - before[1]) / (length - before[0]) / 1024:16.2f}"
            print(f"  {name:<10}  {length:>7}  {rate:20,.0f}  {seconds * 1000:8.1f}  "
                  f"{reference:>16}  {held / 2**20:8.1f}  {growth}   ({rss / 2**20:.1f})")
            before = (length, held)
            path.unlink()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per self-play figure")
    parser.add_argument("--games", nargs="+", choices=sorted(GAMES), default=list(GAMES),
                        metavar="GAME", help="the self-play figures to take (default: all)")
    parser.add_argument("--no-loads", action="store_true",
                        help="leave out the table of loads against match length")
    args = parser.parse_args(argv)
    chess = chess_games()
    if chess is None:
        print("python-chess is not installed here: ratios left out (see the docstring)")
    for name in args.games:
        target = GAMES[name]
        rate, yardstick = Rate(self_play(name)), None if chess is None else Rate(chess)
        alternating(rate, yardstick, args.seconds)
        ratio = "" if yardstick is None else \
            f"  = {rate.per_second / yardstick.per_second:.2f}x python-chess, " \
            f"{yardstick.per_second:,.0f} plies/s in the rounds between (target >= {target}x)"
        print(f"{name} self-play through Match, collector on (tamed as in the window): "
              f"{rate.per_second:,.0f} actions/s{ratio}")
        match = mid_game(name)
        clone, view = clone_and_view_us(match)
        print(f"  mid-game (step {len(match.steps)}): clone {clone:.1f} us (target <= 20), "
              f"view {view:.1f} us (target <= 50); view of each new state after an "
              f"action {new_state_view_us(match):.1f} us")
    if not args.no_loads:
        print("self-play, load and record memory against match length (targets: 500 in "
              "<= 20 ms, 5,000 in <= 100 ms, <= 2 KB per action)")
        load_table()
    return 0


if __name__ == "__main__":
    sys.exit(main())
