"""The end of a match: who won and why, a few facts, and charts over the whole match.

It opens by itself when a match ends and can be closed to look at the final
table; View → Match summary brings it back. The charts are pyqtgraph plots; a
plot costs 30-40 ms to build and first paint, so the dialog opens with its words
and each chart follows in a turn of the event loop of its own: the window never
stalls at the end of a match.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from app.games.base import Chart, Summary

# Okabe and Ito's colour-blind-safe palette, one colour per line of a chart; each line
# also has its own symbol, so no chart is read by colour alone.
LINE_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442")
LINE_SYMBOLS = ("o", "t", "s", "d", "+", "x", "star")
CHART_HEIGHT = 200  # px, at the least


MARKED_POINTS = 60  # at most this many markers on a line
LEGEND_ROW = 0.3  # the height of one legend row, as a share of the values' span
WHOLE_STEPS = 12  # a chart over at most this many whole x values is ticked at each


class SummaryDialog(QDialog):
    def __init__(self, summary: Summary, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("summaryDialog")
        self.setWindowTitle("Match summary")
        layout = QVBoxLayout(self)
        self.headline = QLabel(summary.headline)
        self.headline.setObjectName("summaryHeadline")
        self.headline.setWordWrap(True)
        font = QFont(self.headline.font())
        font.setPointSizeF(font.pointSizeF() * 1.5)
        font.setBold(True)
        self.headline.setFont(font)
        layout.addWidget(self.headline)
        facts = QFormLayout()
        for what, value in summary.facts:
            shown = QLabel(value)
            shown.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            facts.addRow(f"{what}:", shown)
        layout.addLayout(facts)
        self.plots: list[QWidget] = []  # the charts drawn so far
        self._charts = list(summary.charts)
        self._rooms: list[QWidget] = []  # where each chart goes, sized now: nothing jumps
        for _ in self._charts:
            room = QWidget()
            room.setMinimumHeight(CHART_HEIGHT)
            QVBoxLayout(room).setContentsMargins(0, 0, 0, 0)
            layout.addWidget(room, 1)
            self._rooms.append(room)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.button(QDialogButtonBox.StandardButton.Close).setText("Look at the table")
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        wanted = 300 + 260 * len(self._charts)
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        room = screen.height() - 80 if screen is not None else wanted  # title bar, edges
        self.resize(720, min(wanted, max(room, 360)))
        QTimer.singleShot(0, self, self._draw_next_chart)

    def charts_drawn(self) -> bool:
        return len(self.plots) == len(self._charts)

    def _draw_next_chart(self) -> None:
        if self.charts_drawn():
            return
        index = len(self.plots)
        plot = self._plot(self._charts[index])
        self._rooms[index].layout().addWidget(plot)
        self.plots.append(plot)
        QTimer.singleShot(0, self, self._draw_next_chart)

    def _plot(self, chart: Chart) -> QWidget:
        import pyqtgraph

        palette = self.palette()
        text = palette.color(QPalette.ColorRole.WindowText)
        plot = pyqtgraph.PlotWidget(background=palette.color(QPalette.ColorRole.Base))
        plot.setObjectName("summaryChart")
        plot.setMinimumHeight(CHART_HEIGHT)
        plot.setMenuEnabled(False)
        plot.setTitle(chart.title, color=text)
        # Top right, clear of where the lines start at the left.
        plot.addLegend(offset=(-8, 8), labelTextColor=text)
        for side, label in (("bottom", chart.x_label), ("left", chart.y_label)):
            axis = plot.getAxis(side)
            axis.setPen(text)
            axis.setTextPen(text)
            plot.setLabel(side, label)
        for i, series in enumerate(chart.series):
            colour = QColor(series.colour or LINE_COLOURS[i % len(LINE_COLOURS)])
            xs = [x for x, _ in series.points]
            ys = [y for _, y in series.points]
            symbol = LINE_SYMBOLS[i % len(LINE_SYMBOLS)]
            # A marker on every point reads on a war of a dozen turns; on two hundred turns
            # the markers run together into a thick band that hides the line's shape, so a
            # long line carries its marker every few points (each line keeps its symbol).
            every = max(1, -(-len(xs) // MARKED_POINTS))
            pen = pyqtgraph.mkPen(colour, width=2)
            if every == 1:
                plot.plot(xs, ys, name=series.name, pen=pen, symbol=symbol, symbolSize=7,
                          symbolBrush=colour)
                continue
            plot.plot(xs, ys, pen=pen)
            # The markers carry the name, so the legend shows the line's symbol
            plot.plot(xs[::every], ys[::every], name=series.name, pen=None, symbol=symbol,
                      symbolSize=7, symbolBrush=colour, symbolPen=colour)
        _leave_room_for_the_legend(plot, chart)
        _whole_steps(plot, chart)
        return plot

    def chart_titles(self) -> list[str]:
        return [plot.getPlotItem().titleLabel.text for plot in self.plots]


def _whole_steps(plot: QWidget, chart: Chart) -> None:
    """A chart over a few whole steps (Yggdrasil's three Ages) is ticked at each step
    only: 'Age 1.5' is no moment of the match."""
    xs = sorted({x for series in chart.series for x, _ in series.points})
    if xs and len(xs) <= WHOLE_STEPS and all(float(x).is_integer() for x in xs):
        plot.getAxis("bottom").setTicks([[(x, str(int(x))) for x in xs]])


def _leave_room_for_the_legend(plot: QWidget, chart: Chart) -> None:
    """Raise the top of the chart by a legend row per line, so the legend in the top right
    never lies over a line that runs high at the end (seen on long Wintergrim games)."""
    values = [y for series in chart.series for _, y in series.points]
    if not values:
        return
    low, high = min(values), max(values)
    span = (high - low) or 1
    plot.setYRange(low, high + span * LEGEND_ROW * len(chart.series), padding=0.05)
