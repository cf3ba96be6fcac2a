"""The Rules log read by another seat (the curtain falls, the war ends and everyone reads
everything): only the lines that read differently to it are read anew and rewritten,
and every line reads exactly as that seat may read it (issue "A table that fits every
screen", Under the mouse: the war-ending click re-read a thousand steps)."""

from __future__ import annotations

import pytest

from app.docks import log
from app.docks.log import LogDock, LogFeed
from app.docks.log_view import LogView, Row
from app.docks.row_lines import RowLines
from engine.core.events import Event
from engine.core.match import Match
from engine.core.rng import Rng
from engine.games.tactica.policy import TacticaPolicy
from engine.games.tactica.rules import TacticaGame, TacticaOptions

PUBLIC = -1  # a seat outside every private fact (the window's spectator)


@pytest.fixture(scope="module")
def match() -> Match:
    """A TACTICA war some way in: seats have drawn cards only they may read."""
    played = Match(TacticaGame(), TacticaOptions(computer_seats=[1]), 3)
    agent, rng = TacticaPolicy(), Rng(5)
    while played.outcome() is None and len(played.steps) < 120:
        played.submit(agent.choose(played.view(played.to_move()), played.legal_actions(), rng))
    return played


def events(match: Match) -> list[Event]:
    return [event for step in match.steps for event in step.events]


def counting_reads(monkeypatch) -> list[int]:
    """Every line read from then on, by the reader it was read for."""
    reads: list[int] = []
    text_for = Event.text_for

    def counted(event: Event, player: int | None) -> str:
        reads.append(player)
        return text_for(event, player)

    monkeypatch.setattr(Event, "text_for", counted)
    return reads


@pytest.mark.parametrize(("first", "then"), [(0, PUBLIC), (PUBLIC, 0), (0, 1)])
def test_another_reader_reads_anew_only_the_lines_that_differ(monkeypatch, match, first,
                                                              then):
    feed = LogFeed()
    feed.entries(match, first)
    differ = [e for e in events(match) if e.sees(first) != e.sees(then)]
    assert differ  # the war has private lines for these readers
    reads = counting_reads(monkeypatch)
    entries = feed.entries(match, then)
    assert len(reads) == len(differ)
    monkeypatch.undo()
    assert entries == LogFeed().entries(match, then)  # as if read afresh: nothing leaks


def test_a_log_read_by_another_seat_touches_only_its_changed_rows(monkeypatch, qtbot,
                                                                  match):
    """Rows are compared by their entries, not read back from the list a row at a time:
    only the rows that change are rewritten (then measured)."""
    dock = LogDock()
    qtbot.addWidget(dock)
    feed = LogFeed()
    dock.show_entries(list(feed.entries(match, 0)))
    public = feed.entries(match, PUBLIC)
    written: list[str] = []
    fetched: list[int] = []
    rewrite = LogView.rewrite

    def counted(view: LogView, rows: list[tuple[int, Row]]) -> None:
        fetched.extend(row for row, _ in rows)
        written.extend(text for _, (text, _override) in rows)
        rewrite(view, rows)

    monkeypatch.setattr(LogView, "rewrite", counted)
    measured: list[str] = []
    lines = RowLines.lines
    monkeypatch.setattr(RowLines, "lines", lambda rows, text, width: (
        measured.append(text), lines(rows, text, width))[1])
    dock.show_entries(list(public))
    changed = {i for i, (a, b) in enumerate(zip(LogFeed().entries(match, 0), public,
                                                 strict=True)) if a != b}
    assert set(fetched) == changed
    assert written and len(written) == len(changed)
    assert set(measured) <= set(written)  # no other row is laid out again
    assert dock.texts() == [log._looks(public, i)[0] for i in range(len(public))]


def test_an_undo_reads_no_line_again(monkeypatch):
    """A step taken back drops its own lines only; the next step adds its own."""
    played = Match(TacticaGame(), TacticaOptions(computer_seats=[1]), 3, take_backs=True)
    agent, rng = TacticaPolicy(), Rng(5)
    while len(played.steps) < 40:
        played.submit(agent.choose(played.view(played.to_move()), played.legal_actions(), rng))
    feed = LogFeed()
    feed.entries(played, 0)
    reads = counting_reads(monkeypatch)
    played.undo()
    after_undo = list(feed.entries(played, 0))
    assert reads == []
    played.redo()
    feed.entries(played, 0)
    assert len(reads) == len(played.steps[-1].events)
    monkeypatch.undo()
    fresh = LogFeed().entries(played, 0)
    assert after_undo == fresh[:len(after_undo)] and feed.entries(played, 0) == fresh
