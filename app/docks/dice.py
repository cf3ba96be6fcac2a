"""The dice dock: type a pool, see its exact odds, roll it through the referee.

The odds come from :mod:`engine.core.dice`, so the chart and the "P(total ≥ n)" line
agree to the last digit with what the rules and the AI compute. Rolling is a
:class:`~engine.core.referee.RollDice` action submitted through the controller, and the
history is read back from the match log, so undo, redo and loading a save keep the dock
right without it holding any game state of its own.

pyqtgraph costs about 370 ms to import, so the chart is built the first time the dock is
shown (or :meth:`DiceDock.ensure_chart` is called), never when the dock is constructed.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import prod
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QFont, QFontMetrics, QPalette, QShowEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.games.base import RollPreview
from app.match_controller import MatchController
from engine.core.dice import MAX_POOL_DICE, MAX_SIDES, MIN_SIDES, DicePool
from engine.core.match import shared_steps
from engine.core.referee import RollDice
from engine.core.table_events import Rolled

if TYPE_CHECKING:
    import pyqtgraph

CHART_DELAY_MS = 120
NOT_DRAWN = object()  # no roll's dice drawn yet, not even "No rolls yet"
MIN_HEIGHT = 120  # px: the dock scrolls below this, never pushing the window taller
DEFAULT_POOL = "2d6"
DEFAULT_PRESETS = ("2d6", "1d6", "3d6", "1d10", "4d6")
PRESET_COLUMNS = 5  # more presets wrap onto further rows instead of widening the dock
# The last roll's dice get big tiles while they fit one row of the dock's ~320 px, and
# smaller tiles over several rows beyond that.
FACES_WIDTH = 296
FACE_SPACING = 5
# Beyond this many outcomes "ways/outcomes" stops being readable; the reduced fraction is
# shown instead, and if even that is too long only the percentage (the tooltip is exact).
MAX_FRACTION_DIGITS = 7
ERROR_COLOUR = "#c62828"
POOL_HELP = (
    "Dice to add up, then any modifier: 2d6, d10+2, 2d6+d8-1.\n"
    f"NdS means N dice with S sides ({MIN_SIDES}–{MAX_SIDES} sides, "
    f"at most {MAX_POOL_DICE} dice in all).\n"
    "Press Enter to roll."
)


def _percent(p: Fraction) -> str:
    """"= 50%" or "≈ 41.7%", but never rounds a possible result to 0% or a risky one to 100%."""
    if 0 < p < Fraction(1, 2000):
        return "< 0.1%"
    if Fraction(1999, 2000) < p < 1:
        return "> 99.9%"
    relation = "=" if (p * 1000).denominator == 1 else "≈"
    return f"{relation} {float(p) * 100:.1f}%".replace(".0%", "%")


def _chance(p: Fraction, outcomes: int) -> str:
    """Count equally likely outcomes ("= 15/36 ≈ 41.7%", as a player would) while short."""
    if len(str(outcomes)) <= MAX_FRACTION_DIGITS:
        return f"= {p * outcomes}/{outcomes} {_percent(p)}"
    if len(str(p.denominator)) <= MAX_FRACTION_DIGITS and p not in (0, 1):
        return f"= {p} {_percent(p)}"
    return _percent(p)


def _number(value: Fraction) -> str:
    """Means of dice sums are whole or halves, so one decimal is exact."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.1f}"


def _clear(layout: QGridLayout) -> None:
    """Empty a layout of widgets about to be rebuilt, hiding them at once since
    deleteLater waits for the event loop to come round."""
    while (item := layout.takeAt(0)) is not None:
        if widget := item.widget():
            widget.hide()
            widget.deleteLater()


# How a die of a pool of successes shows: a 6 is a perfect hit (it ignores Armour)
DIE_STYLES = {
    "plain": "border: 2px solid palette(mid); border-radius: 6px; background: palette(base);",
    "miss": "border: 2px solid palette(mid); border-radius: 6px; background: palette(base);"
            "color: palette(mid);",
    "success": "border: 3px solid palette(highlight); border-radius: 6px;"
               "background: palette(base);",
    "perfect": "border: 3px solid palette(highlight); border-radius: 6px;"
               "background: palette(highlight); color: palette(highlighted-text);",
}
DIE_WORDS = {"miss": "no success", "success": "a success", "perfect": "a perfect hit"}


class DiceDock(QDockWidget):
    """Free dice for any table: exact odds before the roll, the match's rolls after it."""

    def __init__(self, controller: MatchController, parent: QWidget | None = None) -> None:
        super().__init__("Dice", parent)
        self.setObjectName("diceDock")
        self._controller = controller
        self._pool: DicePool | None = None
        # The opposed roll shown in place of a pool (a coming attack), or None.
        self._contest: RollPreview | None = None
        self._plot: pyqtgraph.PlotWidget | None = None
        self._bars: pyqtgraph.BarGraphItem | None = None

        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(6)

        self._coming_title = QLabel("<b>Coming up</b> — the rolls the rules will call for")
        self._coming_title.setWordWrap(True)
        self._coming = QListWidget()
        self._coming.setObjectName("comingRolls")
        self._coming.setToolTip("Click a roll to see its exact odds below")
        self._coming.setMaximumHeight(130)
        self._coming.setWordWrap(True)
        self._coming.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._coming.currentRowChanged.connect(self._pending_chosen)
        layout.addWidget(self._coming_title)
        layout.addWidget(self._coming)
        self._coming_title.hide()
        self._coming.hide()
        self._pending: list[RollPreview] = []
        # The roll history as far as it has been read (see _refresh_history).
        self._history_of: object = None
        self._steps_read: list[object] = []
        self._rolls: list[tuple[int, dict[str, Any]]] = []  # (step index, facts), in order
        self._last_roll: dict[str, Any] | None = None
        # The roll whose dice are drawn: tiles are rebuilt only for another roll.
        self._faces_of: object = NOT_DRAWN
        self._tiles: list[QLabel] = []  # one a die of the last roll

        self._quiet = QLabel("No roll is coming up.")
        self._quiet.setObjectName("noRollComing")
        self._quiet.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        layout.addWidget(self._quiet)
        self._quiet.hide()

        # The free roller: any pool, rolled as a table action (free tables and referees).
        self._roller = QWidget()
        roller = QVBoxLayout(self._roller)
        roller.setContentsMargins(0, 0, 0, 0)
        roller.setSpacing(6)
        self._entry = QLineEdit(DEFAULT_POOL)
        self._entry.setPlaceholderText("e.g. 2d6+1")
        self._entry.setToolTip(POOL_HELP)
        self._entry.setClearButtonEnabled(True)
        self.roll_button = QPushButton("Roll")
        entry_row = QHBoxLayout()
        entry_row.addWidget(self._entry, 1)
        entry_row.addWidget(self.roll_button)
        roller.addLayout(entry_row)

        self._error = QLabel()
        self._error.setObjectName("diceError")
        self._error.setWordWrap(True)
        self._error.setStyleSheet(f"color: {ERROR_COLOUR};")
        self._error.hide()
        roller.addWidget(self._error)

        self._presets = QGridLayout()
        self._presets.setSpacing(4)
        roller.addLayout(self._presets)
        layout.addWidget(self._roller)
        self._free = True

        self._target = QSpinBox()
        self._target.setRange(-9999, 9999)
        self._target.setToolTip("The roll succeeds when its total is at least this number.")
        target_label = self._target_label = QLabel("Succeeds at ≥")
        target_label.setBuddy(self._target)
        # The odds of the pool in the entry: a free roll, or the coming roll chosen above.
        self._odds_box = QWidget()
        odds_layout = QVBoxLayout(self._odds_box)
        odds_layout.setContentsMargins(0, 0, 0, 0)
        target_row = QHBoxLayout()
        target_row.addWidget(target_label)
        target_row.addWidget(self._target)
        target_row.addStretch(1)
        odds_layout.addLayout(target_row)

        self._odds = QLabel()
        self._odds.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        odds_layout.addWidget(self._odds)

        # Holds the pyqtgraph chart once it is built; sized now so the layout does not jump.
        self._chart_box = QVBoxLayout()
        self._chart_box.setContentsMargins(0, 0, 0, 0)
        chart_holder = QWidget()
        chart_holder.setMinimumHeight(170)
        chart_holder.setLayout(self._chart_box)
        odds_layout.addWidget(chart_holder, 3)
        layout.addWidget(self._odds_box, 3)

        layout.addWidget(self._rule())
        self._last_caption = QLabel()
        self._last_caption.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self._last_total = QLabel()
        total_font = QFont(self._last_total.font())
        total_font.setPointSizeF(total_font.pointSizeF() * 1.6)
        total_font.setBold(True)
        self._last_total.setFont(total_font)
        last_row = QHBoxLayout()
        last_row.addWidget(self._last_caption, 1)
        last_row.addWidget(self._last_total)
        layout.addLayout(last_row)
        self._faces = QGridLayout()
        self._faces.setSpacing(FACE_SPACING)
        self._faces.setAlignment(Qt.AlignmentFlag.AlignLeft)
        layout.addLayout(self._faces)

        self._history = QListWidget()
        self._history.setWordWrap(True)
        self._history.setAlternatingRowColors(True)
        self._history.setMinimumHeight(90)
        self._history.setToolTip("Rolls of this match, most recent first")
        layout.addWidget(self._history, 2)

        # Scrolls rather than growing: the dock must never make the window taller than a
        # laptop screen, however many rolls are coming up.
        scroll = QScrollArea()
        scroll.setWidget(body)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMinimumHeight(MIN_HEIGHT)
        self.setWidget(scroll)
        self.set_presets(list(DEFAULT_PRESETS))

        self._entry.textChanged.connect(self._pool_changed)
        self._entry.returnPressed.connect(self._roll)
        self.roll_button.clicked.connect(self._roll)
        self._target.valueChanged.connect(self._update_odds)
        controller.changed.connect(self._match_changed)
        controller.replaced.connect(self._match_changed)

        self._pool_changed()
        if self._pool is not None:
            # Start just above the average, the threshold where odds are most telling.
            self._target.setValue(int(self._pool.distribution().mean()) + 1)
        self._match_changed()

    # -- public helpers ----------------------------------------------------------------
    def pool_text(self) -> str:
        return self._entry.text()

    def set_pool(self, text: str) -> None:
        self._entry.setText(text)

    def set_target(self, n: int) -> None:
        self._target.setValue(n)

    def odds_text(self) -> str:
        return self._odds.text()

    def set_presets(self, pools: Sequence[str]) -> None:
        """Each game offers the pools its rules roll most; a click puts one in the entry."""
        _clear(self._presets)
        for i, text in enumerate(pools):
            button = QPushButton(text)
            # Styles pad push buttons to ~80 px; five short pools must fit the dock's width.
            button.setMinimumWidth(button.fontMetrics().horizontalAdvance(text) + 16)
            button.setToolTip(f"Use {text}")
            button.clicked.connect(lambda _checked=False, t=text: self.set_pool(t))
            self._presets.addWidget(button, i // PRESET_COLUMNS, i % PRESET_COLUMNS)

    def set_free_rolls(self, allowed: bool) -> None:
        """Whether the free roller shows: on free tables and for referees. Where the rules
        call every roll, the odds shown are those of the coming roll, or none."""
        self._free = allowed
        self._roller.setVisible(allowed)
        self._show_odds_for_what_matters()

    def _show_odds_for_what_matters(self) -> None:
        coming = any(roll.pool or roll.contest is not None for roll in self._pending)
        self._odds_box.setVisible(self._free or coming)
        self._quiet.setVisible(not self._free and not coming)

    def show_pending(self, rolls: Sequence[RollPreview]) -> None:
        """List the rolls the game is about to call for, each with its exact chance;
        the first goes into the chart, so the odds are up before anyone rolls."""
        rolls = list(rolls)
        if rolls == self._pending:
            return
        self._pending = rolls
        self._coming.blockSignals(True)
        self._coming.clear()
        for roll in rolls:
            item = QListWidgetItem(self._pending_text(roll))
            item.setToolTip(item.text())
            self._coming.addItem(item)
        self._coming.blockSignals(False)
        self._coming_title.setVisible(bool(rolls))
        self._coming.setVisible(bool(rolls))
        self._show_odds_for_what_matters()
        first = next((i for i, roll in enumerate(rolls)
                      if roll.pool or roll.contest is not None), None)
        if first is not None:
            self._coming.setCurrentRow(first)
            self._pending_chosen(first)  # the same row again after a new list

    def pending_texts(self) -> list[str]:
        return [self._coming.item(i).text() for i in range(self._coming.count())]

    @staticmethod
    def _pending_text(roll: RollPreview) -> str:
        if not roll.pool:  # no dice: a certain, blocked or unknown outcome, said in words
            return roll.caption
        if roll.target is None:
            return f"{roll.caption}: {roll.pool}"
        try:
            pool = DicePool.parse(roll.pool)
        except ValueError:
            return f"{roll.caption}: {roll.pool} ≥ {roll.target}"
        p = pool.distribution().p_at_least(roll.target)
        return f"{roll.caption}: {roll.pool} ≥ {roll.target} — {_percent(p).removeprefix('= ')}"

    def _pending_chosen(self, row: int) -> None:
        if not 0 <= row < len(self._pending):
            return
        roll = self._pending[row]
        if roll.contest is not None:
            self._show_contest(roll)
        elif roll.pool:
            self._show_contest(None)
            self.set_pool(roll.pool)
            if roll.target is not None:
                self.set_target(roll.target)

    def _show_contest(self, roll: RollPreview | None) -> None:
        """Chart an opposed roll (or go back to the pool in the entry): its margins, the
        winning ones highlighted; a target makes no sense there, so it is hidden."""
        self._contest = roll
        for widget in (self._target_label, self._target):
            widget.setVisible(roll is None)
        if roll is None or roll.contest is None:
            self._update_odds()
            return
        wins = roll.contest.p_at_least(1)
        self._odds.setText(f"P(more successes than the defender) {_percent(wins)}\n"
                           "Bars: the attacker's successes less the defender's")
        self._odds.setToolTip(f"Exactly {wins}")
        self._update_chart()

    def chart_bars(self) -> list[tuple[int, float]]:
        """(total, P(total)) for every bar on the chart, building the chart if needed."""
        bars = self.ensure_chart()
        return [(int(x), float(h)) for x, h in zip(bars.opts["x"], bars.opts["height"],
                                                   strict=True)]

    def last_dice(self) -> list[tuple[str, str]]:
        """The last roll's dice as shown: (face, look), the look being "plain", or for a
        pool of successes "miss", "success" or "perfect"."""
        return [(tile.text(), str(tile.property("die"))) for tile in self._tiles]

    def history_texts(self) -> list[str]:
        return [self._history.item(i).text() for i in range(self._history.count())]

    def ensure_chart(self) -> pyqtgraph.BarGraphItem:
        """Build the odds chart on first need; this is where pyqtgraph gets imported."""
        if self._bars is None:
            import pyqtgraph

            palette = self.palette()
            text = palette.color(QPalette.ColorRole.WindowText)
            plot = pyqtgraph.PlotWidget(background=palette.color(QPalette.ColorRole.Base))
            plot.setMenuEnabled(False)
            plot.setMouseEnabled(x=False, y=False)
            plot.hideButtons()
            for side, label in (("bottom", "total"), ("left", "probability")):
                axis = plot.getAxis(side)
                axis.setPen(text)
                axis.setTextPen(text)
                axis.enableAutoSIPrefix(False)  # "probability (x0.001)" reads as a bug
                plot.setLabel(side, label)
            self._bars = pyqtgraph.BarGraphItem(x=[], height=[], width=0.8, pen=None)
            plot.addItem(self._bars)
            self._chart_box.addWidget(plot)
            self._plot = plot
            self._update_chart()
        return self._bars

    # -- reacting ----------------------------------------------------------------------
    def showEvent(self, event: QShowEvent) -> None:
        """Build the chart just after the window appears: pyqtgraph's import costs ~0.4 s,
        which a player should not wait for before seeing the table."""
        super().showEvent(event)
        if self._bars is None:
            QTimer.singleShot(CHART_DELAY_MS, self.ensure_chart)

    def _pool_changed(self) -> None:
        if self._contest is not None:
            self._show_contest(None)  # a pool typed in: its odds, not the attack's
        try:
            self._pool = DicePool.parse(self._entry.text())
        except ValueError as exc:
            self._pool = None
            self._error.setText(str(exc))
            self._error.show()
        else:
            self._error.hide()
        self._update_odds()
        self._update_roll_button()

    def _update_odds(self) -> None:
        if self._pool is None:
            self._odds.setText("")
            self._odds.setToolTip("")
        else:
            dist = self._pool.distribution()
            target = self._target.value()
            p = dist.p_at_least(target)
            self._odds.setText(f"P(total ≥ {target}) {_chance(p, prod(self._pool.dice))}\n"
                               f"Mean total: {_number(dist.mean())}")
            self._odds.setToolTip(f"Exactly {p}")
        self._update_chart()

    def _update_chart(self) -> None:
        if self._bars is None or self._plot is None:
            return
        contest = self._contest.contest if self._contest is not None else None
        if contest is not None:
            floats, target = contest.as_floats(), 1
        else:
            floats = self._pool.distribution().as_floats() if self._pool is not None else {}
            target = self._target.value()
        self._plot.setLabel("bottom", "successes: attacker − defender" if contest is not None
                            else "total")
        palette = self.palette()
        hit = palette.color(QPalette.ColorRole.Highlight)
        miss = palette.color(QPalette.ColorRole.Mid)
        self._bars.setOpts(x=list(floats), height=list(floats.values()),
                           brushes=[hit if k >= target else miss for k in floats])
        # Label every total while they fit; wide pools fall back to pyqtgraph's ticks.
        ticks = [[(k, str(k)) for k in floats]] if 1 < len(floats) <= 13 else None
        self._plot.getAxis("bottom").setTicks(ticks)
        if floats:
            # Twenty d100 span 20..2000, but all but a sliver of the odds sit in the middle.
            peak = max(floats.values())
            shown = [k for k, p in floats.items() if p >= peak / 1000]
            self._plot.setXRange(shown[0] - 0.5, shown[-1] + 0.5)
        # Empty axes under a parse error would look like odds of nothing; the error says enough.
        self._plot.setVisible(self._pool is not None or contest is not None)

    def _match_changed(self) -> None:
        self._update_roll_button()
        self._refresh_history()

    def _action(self) -> RollDice | None:
        return RollDice(str(self._pool)) if self._pool is not None else None

    def _update_roll_button(self) -> None:
        action = self._action()
        reason = self._error.text() if action is None else self._controller.check(action)
        self.roll_button.setEnabled(reason is None)
        self.roll_button.setToolTip(reason or f"Roll {action} (Enter)")

    def _roll(self) -> None:
        action = self._action()
        if action is not None and self.roll_button.isEnabled():
            self._controller.submit(action)

    # -- history -----------------------------------------------------------------------
    def _refresh_history(self) -> None:
        """The match's rolls, newest first. Only the steps added since the last look are
        read, and an undo takes off only the rolls of the steps it took back: walking the
        whole log after every action (or every undo) cost a frame in a long match."""
        match = self._controller.match
        steps = match.steps if match is not None else []
        if match is not self._history_of:
            self._history.clear()
            self._history_of, self._steps_read, self._rolls = match, [], []
        kept = shared_steps(self._steps_read, steps)
        while self._rolls and self._rolls[-1][0] >= kept:
            self._rolls.pop()
            self._history.takeItem(0)
        for index in range(kept, len(steps)):
            for event in steps[index].events:
                if isinstance(event, Rolled):  # a game's own roll subclasses it
                    item = QListWidgetItem(event.text)
                    item.setToolTip(f"Step {index + 1}")
                    self._history.insertItem(0, item)
                    self._rolls.append((index, event.facts()))
        self._steps_read = list(steps)
        self._last_roll = self._rolls[-1][1] if self._rolls else None
        if self._last_roll is not self._faces_of:
            self._faces_of = self._last_roll
            self._show_faces(self._last_roll)

    def _show_faces(self, data: dict[str, Any] | None) -> None:
        """The last roll drawn large, one tile per die, so it reads at a glance.

        The pool text in the caption already shows any modifier, and the total sits
        beside it, so the grid holds only equal-sized dice and stays even. The tiles
        shown are kept and given the new faces: a styled tile made anew costs a polish.
        """
        faces: list[tuple[int, int]] = []
        if data is None:
            self._last_caption.setText("No rolls yet")
            self._last_total.clear()
        elif not data["faces"]:  # a pool of no dice (a defender with nothing to roll)
            self._last_caption.setText("Last roll: no dice")
            self._last_total.clear()
        else:
            pool = DicePool.parse(data["pool"])
            self._last_caption.setText(f"Last roll: {pool}")
            wins = data.get("successes")
            # A pool of successes (each die at `need` or more counts) reads by its count,
            # not a total nobody adds up
            self._last_total.setText(f"= {data['total']}" if wins is None else
                                     f"{wins} success{'' if wins == 1 else 'es'}")
            faces = list(zip(data["faces"], pool.dice, strict=True))
        while self._faces.takeAt(0) is not None:
            pass
        while len(self._tiles) > len(faces):
            tile = self._tiles.pop()
            tile.hide()  # at once: deleteLater waits for the event loop
            tile.deleteLater()
        if not faces:
            return
        digits = len(str(max(sides for _, sides in faces)))
        font, size = self._die_look(digits, big=True)
        if len(faces) * (size.width() + FACE_SPACING) - FACE_SPACING > FACES_WIDTH:
            font, size = self._die_look(digits, big=False)
        columns = max(1, (FACES_WIDTH + FACE_SPACING) // (size.width() + FACE_SPACING))
        need = data.get("need") if data is not None else None
        for i, (face, sides) in enumerate(faces):
            if i == len(self._tiles):
                tile = QLabel()
                tile.setAlignment(Qt.AlignmentFlag.AlignCenter)
                self._tiles.append(tile)
            tile = self._tiles[i]
            tile.setText(str(face))
            look = "plain" if need is None else \
                "perfect" if face == sides else "success" if face >= need else "miss"
            if tile.property("die") != look:
                tile.setProperty("die", look)
                tile.setStyleSheet(DIE_STYLES[look])
            tile.setToolTip(f"d{sides}" if need is None else
                            f"d{sides}: {DIE_WORDS[look]} (succeeds on {need}+)")
            if tile.font() != font:
                tile.setFont(font)
            tile.setFixedSize(size)
            self._faces.addWidget(tile, i // columns, i % columns)

    def _die_look(self, digits: int, *, big: bool) -> tuple[QFont, QSize]:
        """Font and size of a die tile fitting the pool's widest face, so all tiles match."""
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * (1.6 if big else 1.1))
        font.setBold(True)
        side = 38 if big else 28
        width = max(side, QFontMetrics(font).horizontalAdvance("8" * digits) + 12)
        return font, QSize(width, side)

    @staticmethod
    def _rule() -> QFrame:
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        line.setFrameShadow(QFrame.Shadow.Sunken)
        return line
