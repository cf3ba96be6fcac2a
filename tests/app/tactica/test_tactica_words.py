"""TACTICA in words: the end of a war summed up (points after each turn, battles won,
captures, walls lost), the ending announced, the action palette's lines."""

from __future__ import annotations

import math
import re

import pytest
from PySide6.QtWidgets import QDialog

from app.dialogs import palette
from app.games.base import SUMMARY_SLICE, finish
from app.games.tactica.presenter import TacticaPresenter
from app.games.tactica.war_summary import walk
from app.games.tactica.wording import describe
from app.main_window import MainWindow
from engine.core import saves
from engine.core.game import RuleMode
from engine.core.match import Match
from engine.core.rng import Rng
from engine.games.tactica.actions import EndPhase, Move, Muster, PlayTactic
from engine.games.tactica.events import BattleWon, Captured, FeatureRemoved
from engine.games.tactica.policy import TacticaPolicy
from engine.games.tactica.rules import TacticaGame, TacticaOptions


def _played_out(length: str, seed: int) -> Match:
    """A match the computer policy plays to its end for both sides."""
    match = Match(TacticaGame(), TacticaOptions(match_length=length, computer_seats=[1]), seed)
    agent, rng = TacticaPolicy(), Rng(99)
    while match.outcome() is None:
        match.submit(agent.choose(match.view(match.to_move()), match.legal_actions(), rng))
    return match


@pytest.fixture(scope="module")
def war() -> Match:
    return _played_out("full war", 1)


def _open(qtbot, match: Match, tmp_path) -> MainWindow:
    path = tmp_path / "ended.runetable"
    saves.save(match, path)
    win = MainWindow()
    qtbot.addWidget(win)
    win.resize(1366, 768)
    win.show()
    win.controller.load(path)
    qtbot.waitUntil(lambda: win.summary is not None and win.summary.isVisible()
                    and win.summary.charts_drawn(), timeout=5000)
    return win


def test_a_single_battle_ends_on_its_points_chart(qtbot, tmp_path):
    """The summary of a single battle: who won and by how many points, and each side's
    points after every turn ending on the battle's final score."""
    match = _played_out("single battle", 2)
    state = match.state
    win = _open(qtbot, match, tmp_path)
    dialog = win.summary
    winner = state.result.winners[0]
    assert dialog.headline.text().endswith(
        f"wins the battle, {state.vp[winner]} points to {state.vp[1 - winner]}")
    assert dialog.chart_titles() == ["Points after each turn"]
    lines = {item.name(): item.getData() for item in dialog.plots[0].getPlotItem()
             .listDataItems()}
    assert list(lines) == ["☀\u00a0SUN (Player 1)", "☾\u00a0MOON (Player 2)"]
    sun, moon = lines.values()
    colours = [item.opts["pen"].color().name() for item in dialog.plots[0].getPlotItem()
               .listDataItems()]
    assert colours == ["#e69f00", "#0072b2"]  # each side in its colour on the table
    assert (sun[1][-1], moon[1][-1]) == (state.vp[0], state.vp[1])
    assert list(sun[0]) == list(range(1, state.battle_turn + 1))
    assert "won (won" not in win.phase_bar.text()
    assert win.phase_bar.text() == f"<b>{dialog.headline.text()}</b>"


def test_a_war_summary_counts_every_battle_capture_and_wall(war):
    """Three battles one after the other, the line broken between them; each battle's
    closing score is the one its log gives; captures and walls lost as logged."""
    tally = finish(walk(war))
    assert [b.number for b in tally.battles] == [1, 2, 3]
    log = [e for step in war.steps for e in step.events]
    for battle, won in zip(tally.battles, [e for e in log if isinstance(e, BattleWon)],
                           strict=True):
        assert battle.winner == won.winner
        closing = battle.points[won.turns]
        lead = re.search(r"leads (\d+) to (\d+) points", won.text)
        if lead:
            assert sorted(closing, reverse=True) == [int(lead[1]), int(lead[2])]
        assert sorted(battle.points) == list(range(1, won.turns + 1))
    assert tally.battles[-1].points[max(tally.battles[-1].points)] == tuple(war.state.vp)
    captures = [e.capturer for e in log if isinstance(e, Captured)]
    assert tally.captures == [captures.count(0), captures.count(1)]
    walls = [e.feature for e in log if isinstance(e, FeatureRemoved) and "-wall-" in e.feature]
    assert sum(tally.walls_lost) == len(walls)


def test_the_war_summary_dialog_names_battles_and_sides(qtbot, tmp_path, war):
    win = _open(qtbot, war, tmp_path)
    facts = dict(win.presenter.summary(war).facts)
    won = war.state.battles_won
    assert facts["Battles won"] == f"☀\u00a0SUN {won[0]} – {won[1]} ☾\u00a0MOON"
    assert {"Battle 1", "Battle 2", "Battle 3", "Captures", "Walls lost", "Turns"} <= set(facts)
    chart = win.presenter.summary(war).charts[0]
    assert "battle 2: turns" in chart.x_label
    ys = [y for _, y in chart.series[0].points]
    assert sum(math.isnan(y) for y in ys) == 2  # a gap between the battles
    assert "wins the war by winning battle 3" in win.summary.headline.text()


def test_the_end_of_a_war_is_summed_up_a_slice_at_a_time(qtbot, tmp_path, war, monkeypatch):
    """Reading a war of a thousand steps for its summary takes ~80 ms: the window reads it
    a slice of steps at a time, answering in between, and a summary whose match was
    replaced meanwhile never opens."""
    slices: list[int] = []
    summarize = TacticaPresenter.summarize

    def counted(presenter, match):
        work = summarize(presenter, match)
        while True:
            try:
                next(work)
            except StopIteration as done:
                return done.value
            slices.append(len(slices))
            yield

    monkeypatch.setattr(TacticaPresenter, "summarize", counted)
    win = _open(qtbot, war, tmp_path)
    assert len(slices) >= len(war.steps) // SUMMARY_SLICE
    assert "wins the war" in win.summary.headline.text()
    win.summary.close()
    win.summary = None
    path = tmp_path / "again.runetable"
    saves.save(war, path)
    slices.clear()
    win.controller.load(path)
    qtbot.waitUntil(lambda: len(slices) >= 2, timeout=2000)  # under way
    win.controller.new_match("sandbox", {"players": 2}, 3, RuleMode.SANDBOX, True)
    qtbot.wait(300)
    assert win.summary is None


def test_the_action_palette_speaks_the_rules_log(table, monkeypatch):
    """Ctrl+K lists the seat's moves with the log's card names and hex numbers."""
    shown: list[str] = []

    def look(dialog: QDialog) -> int:
        shown.extend(dialog.visible_texts())
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(palette.ActionPalette, "exec", look)
    table.to_first_turn()
    table.win.palette_action.trigger()
    assert "End MUSTER" in shown
    assert any(re.fullmatch(r"Muster SUN (Foot|Champion|Archer|Crossbow) \d+ at hex \d+-\d+",
                            text) for text in shown), shown
    assert not any(re.search(r"\(-?\d+, -?\d+\)", text) for text in shown)  # no axial (q, r)


def test_a_move_says_where_and_what_it_costs(table):
    table.to_first_turn()
    assert table.win.controller.submit(EndPhase())
    state = table.win.controller.match.view(0)
    move = next(a for a in table.win.controller.match.legal_actions() if isinstance(a, Move))
    assert re.fullmatch(r"Move SUN \w+ \d+ to hex \d+-\d+ \(\d MOV\)", describe(state, move))


def test_a_card_the_seat_cannot_see_is_never_named():
    """From SUN's view a MOON card in MOON's barracks is 'a face-down card' and a MOON
    tactics card is only 'tactics card': the palette never names what is hidden."""
    game = TacticaGame()
    match = Match(game, TacticaOptions(), 4)
    view = match.view(0)
    hidden = next(c for c in match.state.table.cards_in("barracks:1")
                  if match.state.table.faces[c] in ("foot", "champion", "archer", "crossbow"))
    text = describe(view, Muster(hidden, 0, 0))
    assert "face-down" in text and "MOON" not in text
    tactic = next(c for c in match.state.table.cards_in("barracks:1")
                  if match.state.table.faces[c] not in ("foot", "champion", "archer",
                                                        "crossbow"))
    named = describe(view, PlayTactic(tactic))
    assert named == "tactics card"
