"""Nordguard figures: the engine (self-play actions/s, state clone, policy speed) and the
table under the mouse (sled drops, trades, scout clicks and redraws on a 7x7 map with 7
players, each timed from the gesture to the painted window).

Run: .venv/bin/python tests/benchmarks/bench_nordguard.py [--table-only] [--size WxH] [-n N]

`table_interactions(window, n)` is the table's part alone, for a shared interaction
benchmark: it opens its own match in the window it is given.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
import timeit
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine import simulate
from engine.core.match import Match
from engine.core.rng import Rng
from engine.games.nordguard.balance import play
from engine.games.nordguard.rules import NordguardGame

if TYPE_CHECKING:
    from app.main_window import MainWindow

TEAM = ("nickel", "pi", "london", "mckay", "oleg", "geri", "freki")  # Nickel scouts
TABLE_SEED = 5
TABLE_DAY = 4  # the policy team plays up to this day: a mid-game table


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


# -- the table under the mouse -----------------------------------------------------------

def _settle() -> None:
    """Run the event loop until nothing is pending: the window is repainted."""
    from PySide6.QtCore import QCoreApplication

    QCoreApplication.sendPostedEvents()
    QCoreApplication.processEvents()


def mid_game(window: MainWindow) -> None:
    """Open a 7x7 match with 7 people in `window` and let the policy team play to day 4,
    stopping where the day's leader has done nothing yet (take-backs on, so every
    gesture can be undone and made again)."""
    from engine.core.game import RuleMode
    from engine.games.nordguard.actions import ChooseCharacter

    if not window.isVisible():
        window.show()  # the gestures are mouse events on the shown board
    controller = window.controller
    controller.autosave_enabled = False
    controller.new_match("nordguard", {"players": 7, "width": 7, "height": 7}, TABLE_SEED,
                         RuleMode.ENFORCED, take_backs=True)
    match = controller.match_or_fail()
    for key in TEAM:
        match.submit(ChooseCharacter(f"ch-{key}"))
    agent = match.game.agent()
    stream = Rng(TABLE_SEED)
    while True:
        state = match.state
        if state.phase == "day" and state.turn >= TABLE_DAY and not state.frames \
                and not state.attempted and not state.scouted_today:
            break
        assert match.outcome() is None, "the bench match ended before mid-game"
        match.submit(agent.choose(match.view(match.to_move()), match.legal_actions(), stream))
    controller.changed.emit()
    window.view.fit()
    _settle()


def _gestures(window: MainWindow) -> dict[str, object]:
    """One callable per kind of interaction, each leaving the table as it found it."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from app.dragdrop import CardDrag
    from engine.games.nordguard.actions import Attempt, Look, Scout
    from engine.games.nordguard.state import NordguardState, slots

    controller, view = window.controller, window.view
    viewport = view.viewport()
    scene = window.scene
    state = controller.match_or_fail().state
    assert isinstance(state, NordguardState)
    left = Qt.MouseButton.LeftButton
    target = next(cell for _, cell in state.neighbours(state.sled)
                  if controller.check(scene.presenter.sled_action(state, cell)) is None)
    hidden = next(cell for cell, ref in enumerate(state.table.cards_in("map"))
                  if ref not in state.table.face_up
                  and controller.check(Scout(cell)) is None)
    giver = next(seat for seat in range(state.players) if state.carried(seat))
    taker = next(seat for seat in range(state.players)
                 if seat != giver and len(state.carried(seat)) < 3)
    item = state.carried(giver)[0]

    def undo() -> None:
        window.undo()

    def sled() -> None:
        a = view.mapFromScene(scene.sled.pos())
        b = view.mapFromScene(scene.cards[target].scenePos())
        QTest.mousePress(viewport, left, Qt.KeyboardModifier.NoModifier, a)
        for i in range(1, 6):
            QTest.mouseMove(viewport, a + (b - a) * i / 5)
        QTest.mouseRelease(viewport, left, Qt.KeyboardModifier.NoModifier, b)
        assert isinstance(controller.match_or_fail().steps[-1].action, Attempt)

    def scout() -> None:  # a neighbour: the Binoculars' look comes before Nickel's scouting
        at = view.mapFromScene(scene.cards[hidden].scenePos())
        QTest.mouseClick(viewport, left, Qt.KeyboardModifier.NoModifier, at)
        assert isinstance(controller.match_or_fail().steps[-1].action, (Scout, Look))

    def trade() -> None:
        # What the Hand dock's panel does with a card dropped on it (QDrag itself is Qt's).
        window.hand_dock.dropped.emit(CardDrag(item, slots(giver)), slots(taker))

    return {"sled drop": sled, "undo": undo, "scout click": scout, "trade drop": trade,
            "redraw": window.refresh}


def timed_interactions(window: MainWindow, n: int) -> list[tuple[str, float, float]]:
    """(kind, wall-clock ms, CPU ms of this process) for `n` interactions on a mid-game
    7x7 table with 7 players, each from the gesture to the repainted window: a sled
    carried onto a neighbour, a scout click, an item dropped on another Character's
    panel, a redraw of the unchanged table, each undone again (the undo is timed too:
    a redraw after a state change)."""
    mid_game(window)
    gestures = _gestures(window)
    cycle = ["sled drop", "undo", "scout click", "undo", "trade drop", "undo", "redraw"]
    out: list[tuple[str, float, float]] = []
    for i in range(n):
        kind = cycle[i % len(cycle)]
        start, cpu = time.perf_counter(), time.process_time()
        gestures[kind]()  # type: ignore[operator]
        _settle()
        out.append((kind, (time.perf_counter() - start) * 1000,
                    (time.process_time() - cpu) * 1000))
    return out


def table_interactions(window: MainWindow, n: int) -> list[float]:
    """Wall-clock milliseconds per interaction (see timed_interactions), for a shared
    benchmark."""
    return [ms for _, ms, _ in timed_interactions(window, n)]


def _percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def table_main(size: tuple[int, int], n: int) -> None:
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import tempfile

    for folder in ("RUNETABLE_DATA_DIR", "RUNETABLE_CONFIG_DIR"):
        os.environ.setdefault(folder, tempfile.mkdtemp(prefix="bench-nordguard-"))
    from PySide6.QtWidgets import QApplication

    from app.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = MainWindow()
    window.resize(*size)
    window.show()
    _settle()
    timed_interactions(window, 14)  # warm-up: first paints, caches, imports
    gc.collect()
    timed = timed_interactions(window, n)
    print(f"-- table, 7x7 with 7 players, {size[0]}x{size[1]} window, {n} interactions "
          f"({os.environ.get('QT_QPA_PLATFORM', 'display')}); wall clock | CPU time")
    for kind in ("all", *dict.fromkeys(kind for kind, _, _ in timed)):
        rows = [(wall, cpu) for k, wall, cpu in timed if kind in ("all", k)]
        line = []
        for values in ([w for w, _ in rows], [c for _, c in rows]):
            line.append(f"median {statistics.median(values):5.1f}  p90 "
                        f"{_percentile(values, 90):5.1f}  max {max(values):5.1f}")
        over = sum(w > 50 for w, _ in rows)
        print(f"   {kind:<12} {line[0]} | {line[1]} ms   over 50 ms: {over}")
    window.close()
    app.processEvents()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--table-only", action="store_true", help="skip the engine figures")
    parser.add_argument("--size", default="1366x768", help="window size for the table")
    parser.add_argument("-n", type=int, default=500, help="table interactions to time")
    args = parser.parse_args(argv)
    if not args.table_only:
        engine_main()
    width, height = (int(v) for v in args.size.split("x"))
    table_main((width, height), args.n)
    return 0


def engine_main() -> None:
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


if __name__ == "__main__":
    sys.exit(main())
