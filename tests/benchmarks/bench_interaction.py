"""Every drop, click and redraw under the mouse, timed in the real window, late in a match.

Run: .venv/bin/python tests/benchmarks/bench_interaction.py [--game tactica] [--count 500]

For each game in GAMES the real MainWindow (1366x768, offscreen, autosave on
into a temporary folder, the GC on as in the real program) opens a match
played policy against policy up to a late step and is left idle for a moment,
as a player takes the table in before the first move (the window uses it to
import its chart library), then 500 interactions are
made through it: troops dragged with real mouse events on the viewport
(drops that apply an action, and drops the rules refuse), clicks (select a
piece, finish a move by clicking its glowing hex, press a dock button), the
redraw after the opponent's action, and full repaints of the board. Each is
timed from its first event until the events it caused, the paint included,
have been processed. Animation frames that follow (a troop gliding) are
timed one by one. A bare QGraphicsView of the same size with as many plain
items gets the same drags, clicks and repaints, as the floor Qt itself sets.

The figures (median, p90, max per kind and overall; pauses over 50 ms)
come with a breakdown of where the interactions' time went: the engine,
the game's table (its scene, items and presenter), the shared window
(autosave, log, hand dock, piles) and the rest (Qt's own event handling and
painting). Targets (the issue "A table that fits every screen"): p90 <= 16 ms
and no pause over 50 ms. The same interactions are also given in the main thread's CPU
time: on a machine whose cores are busy with other work, wall time also counts the
waits for a core, which the CPU time leaves out (compare runs by it there).

A game joins the benchmark with a Driver in GAMES: how to open its late
match and which interaction comes next.
"""

from __future__ import annotations

import argparse
import functools
import gc
import os
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

WINDOW = (1366, 768)
BUDGET_MS, PAUSE_MS = 16.0, 50.0
SHARED = "shared window"  # the parts another engineer owns: autosave, log, docks
LATER = "frame after an interaction (glide, late repaint)"
SETTLE_MS = 400  # animations started by an interaction finish within this
TAKE_IN_MS = 1500  # the window idles this long after it opens, before the first move
QUIET_MS = 40  # no frame painted for this long: the animations are over


@dataclass(frozen=True)
class Interaction:
    """One thing a player does: `kind` names it in the report; `run` does it."""

    kind: str
    run: Callable[[], object]


class Driver:
    """What the benchmark needs of a game: a late match and interactions on it."""

    name = ""

    def open(self, window: object) -> None:
        """Open the match at the late step (untimed); called again when it ends."""
        raise NotImplementedError

    def interactions(self, window: object) -> Iterator[Interaction]:
        """The interactions to time, in order; the match may end at any of them."""
        raise NotImplementedError


# -- timing --------------------------------------------------------------------------


@dataclass
class Parts:
    """Exclusive time per part of the program, collected by wrapping its methods."""

    spent: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    _stack: list[list[float]] = field(default_factory=list)

    def wrap(self, owner: object, name: str, part: str) -> None:
        original = getattr(owner, name)
        if getattr(original, "_bench_part", None):
            return

        @functools.wraps(original)
        def timed(*args: object, **kwargs: object) -> object:
            self._stack.append([0.0])
            start = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                elapsed = time.perf_counter() - start
                children = self._stack.pop()[0]
                self.spent[part] += elapsed - children
                if self._stack:
                    self._stack[-1][0] += elapsed

        timed._bench_part = part  # type: ignore[attr-defined]
        setattr(owner, name, timed)


ITEM_HOOKS = ("paint", "mousePressEvent", "mouseMoveEvent", "mouseReleaseEvent")
SCENE_HOOKS = ("render_state", "mousePressEvent", "mouseReleaseEvent", "hover", "drop")
PRESENTER_HOOKS = ("hand_panels", "buttons", "status", "look", "tooltip", "card_text",
                   "seat_name", "describe", "ending", "pending_rolls")


def instrument(window: object, parts: Parts) -> None:
    """Wrap the parts of the window whose time the report splits up (idempotent)."""
    scene, presenter, controller = window.scene, window.presenter, window.controller
    table = "game table (scene, items, presenter)"
    for name in SCENE_HOOKS:
        if hasattr(type(scene), name):
            parts.wrap(type(scene), name, table)
    for item_type in {type(item) for item in scene.items()}:
        for name in ITEM_HOOKS:
            if _python_method(item_type, name):
                parts.wrap(item_type, name, table)
    for name in PRESENTER_HOOKS:
        parts.wrap(type(presenter), name, table)
    parts.wrap(controller, "autosave", "shared window: autosave")
    for dock, name, part in ((window.log_dock, "show_entries", "shared window: rules log"),
                             (window.hand_dock, "show_panels", "shared window: hand dock"),
                             (window.hand_dock, "show_buttons", "shared window: hand dock"),
                             (window.piles_dock, "show_piles", "shared window: piles dock")):
        parts.wrap(dock, name, part)
    match = controller.match
    for name in ("submit", "legal_actions", "check", "view", "can_undo"):
        parts.wrap(match, name, "engine (apply, legal actions, views)")


def _python_method(cls: type, name: str) -> bool:
    """Whether `name` is defined in Python somewhere in `cls`'s bases (not by Qt)."""
    for base in cls.__mro__:
        if name in base.__dict__:
            return not base.__module__.startswith(("PySide6", "shiboken"))
    return False


class Clock:
    """Times interactions and the frames that follow them."""

    def __init__(self, app: object, parts: Parts | None = None) -> None:
        from PySide6.QtCore import QEvent, QObject

        self.app = app
        self.parts = parts
        self.times: dict[str, list[float]] = defaultdict(list)
        self.cpu: dict[str, list[float]] = defaultdict(list)  # the main thread's CPU time
        self.unshared: dict[str, list[float]] = defaultdict(list)  # less the shared window
        self.painted = False

        clock = self

        class PaintSpy(QObject):
            def eventFilter(self, watched: object, event: QEvent) -> bool:
                if event.type() == QEvent.Type.Paint:
                    clock.painted = True
                return False

        self._spy = PaintSpy()  # on the whole application, so only while settling
        self.collections: list[tuple[int, float]] = []  # (generation, ms) of each GC run
        self._gc_start = 0.0
        gc.callbacks.append(self._collected)

    def _collected(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_start = time.perf_counter()
        else:
            self.collections.append((info["generation"],
                                     (time.perf_counter() - self._gc_start) * 1000))

    def close(self) -> None:
        gc.callbacks.remove(self._collected)

    def flush(self) -> None:
        """Process what the interaction posted: the redraw a timer defers, the paint, and
        the widgets it let go (the real event loop deletes them; processEvents does not)."""
        from PySide6.QtCore import QCoreApplication, QEvent

        for _ in range(2):
            self.app.processEvents()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)

    def time(self, interaction: Interaction) -> float:
        shared_before = self._shared()
        start, cpu = time.perf_counter(), time.thread_time()
        interaction.run()
        self.flush()
        elapsed = (time.perf_counter() - start) * 1000
        self.times[interaction.kind].append(elapsed)
        self.cpu[interaction.kind].append((time.thread_time() - cpu) * 1000)
        if self.parts is not None:
            shared = (self._shared() - shared_before) * 1000
            self.unshared[interaction.kind].append(elapsed - shared)
        self.settle()
        return elapsed

    def _shared(self) -> float:
        if self.parts is None:
            return 0.0
        return sum(t for part, t in self.parts.spent.items() if part.startswith(SHARED))

    def settle(self) -> None:
        """Let animations and late repaints run to their end, timing each frame that
        painted something: it is over once nothing has painted for QUIET_MS (or after
        SETTLE_MS), so no interaction pays for the one before it."""
        self.app.installEventFilter(self._spy)
        try:
            self._settle()
        finally:
            self.app.removeEventFilter(self._spy)

    def _settle(self) -> None:
        now = time.perf_counter()
        end, quiet_since = now + SETTLE_MS / 1000, now
        while now < end and now - quiet_since < QUIET_MS / 1000:
            self.painted = False
            start = time.perf_counter()
            self.app.processEvents()
            now = time.perf_counter()
            if self.painted:
                self.times[LATER].append((now - start) * 1000)
                quiet_since = now
            time.sleep(0.003)


def figures(times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (f"n={len(times):4d}  median {statistics.median(times):6.1f}  p90 {p90:6.1f}  "
            f"max {max(times):6.1f} ms")


def report(title: str, times: dict[str, list[float]]) -> list[float]:
    print(f"  {title}")
    every = [t for kind, ts in times.items() if kind != LATER for t in ts]
    for kind in sorted(times):
        print(f"    {kind:<34} {figures(times[kind])}")
    print(f"    {'all interactions':<34} {figures(every)}")
    return every


# -- the bare view -----------------------------------------------------------------


def bare_view(size: tuple[int, int], pieces: int,
              tiles: int) -> tuple[object, object, list[object]]:
    """A plain QGraphicsView with hexagons and movable rectangles, nothing of ours."""
    import math

    from PySide6.QtCore import QPointF, QRectF
    from PySide6.QtGui import QColor, QPolygonF
    from PySide6.QtWidgets import (
        QGraphicsItem,
        QGraphicsPolygonItem,
        QGraphicsRectItem,
        QGraphicsScene,
        QGraphicsView,
    )

    scene = QGraphicsScene()
    hexagon = QPolygonF([QPointF(40 * math.cos(math.radians(60 * i)),
                                 40 * math.sin(math.radians(60 * i))) for i in range(6)])
    columns = max(1, int(math.sqrt(tiles * 1.4)))
    for i in range(tiles):
        tile = QGraphicsPolygonItem(hexagon)
        tile.setBrush(QColor("#e3e4c6"))
        tile.setPos(70 * (i % columns), 80 * (i // columns) + 40 * (i % columns % 2))
        scene.addItem(tile)
    movers = []
    for i in range(pieces):
        piece = QGraphicsRectItem(QRectF(-30, -30, 60, 60))
        piece.setBrush(QColor("#0072b2" if i % 2 else "#e69f00"))
        piece.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable)
        piece.setPos(70 * (i % columns), 80 * (i // columns) + 40 * (i % columns % 2))
        piece.setZValue(1)
        scene.addItem(piece)
        movers.append(piece)
    scene.setSceneRect(scene.itemsBoundingRect().adjusted(-40, -40, 40, 40))
    view = QGraphicsView(scene)
    view.resize(*size)
    view.show()
    view.fitInView(scene.sceneRect())
    return view, scene, movers


def bare_interactions(view: object, movers: list[object], count: int) -> Iterator[Interaction]:
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest

    viewport = view.viewport()
    left = Qt.MouseButton.LeftButton
    for i in range(count):
        piece = movers[i % len(movers)]
        start = view.mapFromScene(piece.scenePos())
        end = start + QPoint(35 if i % 2 else -35, 20)
        if i % 10 == 9:
            yield Interaction("redraw (full repaint)", viewport.repaint)
        elif i % 3 == 2:
            yield Interaction("click", functools.partial(QTest.mouseClick, viewport, left,
                                                         Qt.KeyboardModifier.NoModifier, start))
        else:
            yield Interaction("drag", functools.partial(drag, viewport, start, end))


def drag(viewport: object, start: object, end: object, steps: int = 6) -> None:
    """A real mouse drag: press, moves with the button held, release."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    none = Qt.KeyboardModifier.NoModifier
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, none, start)
    for i in range(1, steps + 1):
        QTest.mouseMove(viewport, start + (end - start) * i / steps)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, none, end)


def click(viewport: object, at: object) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)


# -- TACTICA ---------------------------------------------------------------------


class TacticaDriver(Driver):
    """A war played by the policy for both sides up to step 800; the benchmark then
    plays SUN through the window (drags, clicks, buttons) and MOON as the computer."""

    name = "tactica"
    STEP = 800
    SEED, STREAM = 3, 99  # a war still in its third battle at step 800

    def __init__(self, folder: Path) -> None:
        self.save = folder / "tactica-800.runetable"
        self._made = False

    def _make(self) -> None:
        from engine.core import saves
        from engine.core.match import Match
        from engine.core.rng import Rng
        from engine.games.tactica.policy import TacticaPolicy
        from engine.games.tactica.rules import TacticaGame, TacticaOptions

        options = TacticaOptions(match_length="full war", computer_seats=[1])
        match = Match(TacticaGame(), options, self.SEED)
        agent, rng = TacticaPolicy(), Rng(self.STREAM)
        while match.outcome() is None and len(match.steps) < self.STEP:
            match.submit(agent.choose(match.view(match.to_move()), match.legal_actions(), rng))
        assert match.outcome() is None, "the war ended before the step measured"
        saves.save(match, self.save)
        self._made = True

    def open(self, window: object) -> None:
        if not self._made:
            self._make()
        window.controller.load(self.save, remember_path=False)
        window.computer.set_paused(True)  # the benchmark plays MOON itself, as a worker would

    def interactions(self, window: object) -> Iterator[Interaction]:
        from engine.boards.hexgrid import Hex
        from engine.core.rng import Rng
        from engine.games.tactica.actions import Attack, Move
        from engine.games.tactica.board import GEOM, board
        from engine.games.tactica.policy import TacticaPolicy

        agent, rng = TacticaPolicy(), Rng(11)
        controller = window.controller
        viewport = window.view.viewport()
        turn = 0

        def point(c: tuple[int, int]) -> object:
            return window.view.mapFromScene(window.scene.center_of(Hex(*c)))

        while True:
            match = controller.match
            if match is None or match.outcome() is not None:
                return
            seat = match.to_move()
            action = agent.choose(match.view(seat), match.legal_actions(), rng)
            turn += 1
            if turn % 10 == 0:
                yield Interaction("redraw (full repaint)", viewport.repaint)
            if seat == 1:
                yield Interaction("opponent's action redrawn",
                                  functools.partial(controller.submit, action))
                continue
            b = board(match.state)
            steps = len(match.steps)
            if isinstance(action, Move | Attack):
                troop = action.troop if isinstance(action, Move) else action.attacker
                start = b.pos[troop]
                end = (action.q, action.r) if isinstance(action, Move) else b.pos[action.target]
                if turn % 7 == 0:
                    far = max(GEOM.hexes, key=lambda c: abs(c[1] - start[1]) + abs(c[0] - start[0]))
                    yield Interaction("drag refused (springs back)",
                                      functools.partial(drag, viewport, point(start), point(far)))
                if turn % 3 == 0:
                    yield Interaction("click: select a troop",
                                      functools.partial(click, viewport, point(start)))
                    yield Interaction("click: finish on a glowing hex",
                                      functools.partial(click, viewport, point(end)))
                else:
                    yield Interaction("drag: drop applies an action",
                                      functools.partial(drag, viewport, point(start), point(end)))
            else:
                button = _button_for(window, action)
                if button is not None:
                    yield Interaction("click: dock button applies an action",
                                      functools.partial(click, button, button.rect().center()))
                else:
                    yield Interaction("card from the dock applies an action",
                                      functools.partial(controller.submit, action))
            if controller.match is match and len(match.steps) == steps:
                controller.submit(action)  # a gesture that did not land: keep the war going


def _button_for(window: object, action: object) -> object | None:
    """The hand dock's enabled button that submits `action`, if it shows one."""
    seat = window.controller.seat()
    offered = window.presenter.buttons(window.controller.view(seat), seat)
    label = next((b.label for b in offered if b.action == action), None)
    return next((b for b in window.hand_dock.buttons
                 if b.text() == label and b.isEnabled()), None)


class NordguardDriver(Driver):
    """A 7x7 map with 7 players on day 4 (bench_nordguard's table): the sled carried onto
    a neighbour, a scout click, an item dropped on another panel, a redraw, each undone."""

    name = "nordguard"
    CYCLE = ("sled drop", "undo", "scout click", "undo", "trade drop", "undo", "redraw")

    def __init__(self, folder: Path) -> None:
        self._gestures: dict[str, object] = {}

    def open(self, window: object) -> None:
        from tests.benchmarks.bench_nordguard import _gestures, mid_game

        mid_game(window)
        self._gestures = _gestures(window)

    def interactions(self, window: object) -> Iterator[Interaction]:
        while True:  # every gesture is undone, so the table never runs out
            for kind in self.CYCLE:
                yield Interaction(kind, self._gestures[kind])


GAMES: dict[str, Callable[[Path], Driver]] = {
    "tactica": TacticaDriver,
    "nordguard": NordguardDriver,
}
"""Games measured, by name; another game adds its Driver here."""


# -- the run -------------------------------------------------------------------------


@dataclass
class Run:
    times: dict[str, list[float]]
    cpu: dict[str, list[float]]  # the same interactions in the main thread's CPU time
    unshared: dict[str, list[float]]  # each interaction less the shared window's own work
    parts: Parts
    viewport: tuple[int, int]  # the board's size on screen
    items: int  # items in the scene at the end, for a bare view of the same weight
    collections: list[tuple[int, float]]  # the garbage collector's runs: generation, ms


def run_game(name: str, count: int, folder: Path) -> Run:
    from PySide6.QtWidgets import QApplication

    from app.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = MainWindow()
    window.resize(*WINDOW)
    window.show()
    driver = GAMES[name](folder)
    driver.open(window)
    idle_until = time.perf_counter() + TAKE_IN_MS / 1000
    while time.perf_counter() < idle_until:
        app.processEvents()
        time.sleep(0.01)
    window.view.fit()
    parts = Parts()
    clock = Clock(app, parts)
    done = 0
    while done < count:
        instrument(window, parts)
        for interaction in driver.interactions(window):
            clock.time(interaction)
            instrument(window, parts)  # new kinds of items may have appeared
            done += 1
            if done >= count:
                break
        else:
            driver.open(window)  # the match ended: back to the late step (untimed)
            clock.flush()
    size = window.view.viewport().size()
    clock.close()
    run = Run(clock.times, clock.cpu, clock.unshared, parts, (size.width(), size.height()),
              len(window.scene.items()), clock.collections)
    window.close()
    return run


def run_bare(count: int, pieces: int, tiles: int, size: tuple[int, int]) -> dict[str, list[float]]:
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    view, scene, movers = bare_view(size, pieces, tiles)  # the scene kept: it owns the items
    clock = Clock(app)
    for interaction in bare_interactions(view, movers, count):
        clock.time(interaction)
    view.close()
    del scene
    return clock.times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES),
                        help="game(s) to measure (default: all)")
    parser.add_argument("--count", type=int, default=500, help="interactions per game")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as home:
        os.environ["RUNETABLE_DATA_DIR"] = f"{home}/data"
        os.environ["RUNETABLE_CONFIG_DIR"] = f"{home}/config"
        for name in args.game or sorted(GAMES):
            run = run_game(name, args.count, Path(home))
            times, parts = run.times, run.parts
            print(f"-- {name}: {args.count} interactions in a {WINDOW[0]}x{WINDOW[1]} window "
                  f"(board {run.viewport[0]}x{run.viewport[1]}, {run.items} scene items)")
            every = report("the real window", times)
            pauses = sum(t > PAUSE_MS for ts in times.values() for t in ts)
            total = sum(every)
            print(f"    pauses over {PAUSE_MS:.0f} ms: {pauses}")
            cpu = report("the same interactions in the main thread's CPU time", run.cpu)
            print(f"    pauses over {PAUSE_MS:.0f} ms: {sum(t > PAUSE_MS for t in cpu)}")
            for generation in (0, 1, 2):
                runs = [ms for g, ms in run.collections if g == generation]
                if runs:
                    print(f"    garbage collections of generation {generation}: {len(runs)}, "
                          f"median {statistics.median(runs):.1f} ms, max {max(runs):.1f} ms")
            print(f"  where the interactions' {total:.0f} ms went (exclusive time):")
            for part, spent in sorted(parts.spent.items(), key=lambda kv: -kv[1]):
                share = spent * 1000
                print(f"    {part:<44} {share:8.0f} ms  {100 * share / total:5.1f}%")
            rest = total - 1000 * sum(parts.spent.values())
            print(f"    {'the rest (Qt events, painting, layout)':<44} {rest:8.0f} ms  "
                  f"{100 * rest / total:5.1f}%")
            pieces = max(1, run.items // 3)
            report("the same interactions less the shared window's own work (its part of "
                   "Qt's layout and painting stays in)", run.unshared)
            bare = run_bare(args.count, pieces, run.items - pieces, run.viewport)
            report(f"bare QGraphicsView of the same size and {run.items} plain items, same "
                   "drags, clicks and repaints", bare)
    return 0


if __name__ == "__main__":
    sys.exit(main())
