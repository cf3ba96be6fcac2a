"""Nordguard in words (issue "A table that fits every screen", Feedback and endings): the
end of a run says what the team did, the action palette lists moves in the rulebook's
words from the seat's view, and the summary charts days left against the way to go."""

from __future__ import annotations

from app.games.nordguard import wording
from engine.core.game import Outcome
from engine.core.rng import Rng
from engine.games.nordguard.actions import Attempt, EndDay, Trade, UseItem
from engine.games.nordguard.balance import AGENT_SALT
from engine.games.nordguard.events import DaysChanged, EntryCost, EventDrawn, SurveyCost
from engine.games.nordguard.state import NordguardState
from tests.engine.nordguard import helpers


def test_the_end_says_what_the_team_did():
    c = helpers.C
    state = helpers.day_one(("nickel",))
    state.turn = 7
    assert wording.ending(c, state, Outcome((0,), "the team reached Destination in time")) \
        == "The team reached Tartok Mine on day 7"
    assert wording.ending(c, state, Outcome((), "the countdown ran out")) \
        == "The team lost: time ran out"
    stranded = Outcome((), "the team cannot move in any direction (Ice Jam: blocked)")
    assert wording.ending(c, state, stranded) == ("The team lost: it could not move in any "
                                                  "direction (Ice Jam: blocked)")


def test_the_action_palette_lists_moves_in_the_rules_words(table):
    """What Ctrl+K lists, built as the window builds it: the deciding seat's view."""
    win = table.day_one(("nickel", "pi"))
    table.lay(1, "powder-valley")
    table.lay(table.state.width, "snowdrift", face_up=False)
    match = win.controller.match
    view = match.view(win.viewer())
    assert isinstance(view, NordguardState)
    listed = {action: win.presenter.describe(view, action) for action in match.legal_actions()}
    texts = set(listed.values())
    assert "Attempt to move East into Powder Valley (d6 ≥ 4 snow)" in texts
    assert ("Attempt to move South into the face-down location at row 2, column 1"
            in texts)
    assert ("Nickel scouts the face-down location at row 2, column 1: its rolls are made "
            "in advance") in texts
    revolver = table.state.carried(1)[0]
    assert listed[Trade(revolver, 0)] == "Pi trades the Lawman's Revolver to Nickel"
    assert listed[EndDay()] == ("End day 1: a day comes off the countdown and the next "
                                "player leads")
    assert not any("Snowdrift" in text for text in texts), "a face-down card was named"
    [rations] = table.hand(0, "rations")
    view = match.view(win.viewer())
    assert win.presenter.describe(view, UseItem(rations)) == ("Nickel uses the Rations: "
                                                               "the countdown gains 1 day")
    assert all(text != action.describe() for action, text in listed.items())


def play_out(table, seed: int):
    """A whole 4x4 run by the computer team's policy, through the window."""
    win = table.open(players=1, seed=seed, width=4, height=4)
    match = win.controller.match
    agent, stream = match.game.agent(), Rng(seed ^ AGENT_SALT)
    while match.outcome() is None:
        table.submit(agent.choose(match.view(match.to_move()), match.legal_actions(), stream))
    return win, match


def test_the_summary_charts_days_left_against_the_way_to_go(qtbot, table):
    """A run the team wins: the summary opens by itself, names the result, counts what
    the log says happened, and its chart ends with no step left to go."""
    win, match = play_out(table, 7)
    qtbot.waitUntil(lambda: win.summary is not None and win.summary.isVisible(), timeout=2000)
    state = match.state
    assert state.result.winners
    headline = f"The team reached Tartok Mine on day {state.turn}"
    assert win.summary.headline.text() == headline
    summary = win.presenter.summary(match)
    facts = dict(summary.facts)
    events = [event for _, event in match.log()]
    attempts = sum(isinstance(step.action, Attempt) for step in match.steps)
    assert facts["Move attempts"].startswith(f"{attempts}, ")
    drawn = sum(isinstance(e, EventDrawn) for e in events)
    assert facts["Events drawn"] == str(drawn)
    lost = sum(1 if isinstance(e, SurveyCost) else e.days if isinstance(e, EntryCost)
               else -e.amount if isinstance(e, DaysChanged) and e.amount < 0 else 0
               for e in events)
    assert facts["Days lost to events, entry costs and surveys"] == str(lost)
    assert facts["Closest to Tartok Mine"] == "reached it"
    chart = summary.charts[0]
    assert chart.title == "Days left against the way to Tartok Mine"
    days_left, to_go = chart.series
    assert days_left.points[0] == (1.0, 8.0) and to_go.points[0] == (1.0, 6.0)
    assert to_go.points[-1] == (state.turn + 1.0, 0.0)
    assert [x for x, _ in days_left.points] == [float(d) for d in range(1, state.turn + 2)]
    qtbot.waitUntil(win.summary.charts_drawn, timeout=2000)
    assert win.summary.chart_titles() == [c.title for c in summary.charts]


def test_the_summary_of_a_lost_run(table):
    win, match = play_out(table, 1)
    summary = win.presenter.summary(match)
    assert summary.headline == "The team lost: time ran out"
    days_left = summary.charts[0].series[0].points
    assert days_left[-1][1] == 0.0
    facts = dict(summary.facts)
    assert facts["Days"].endswith("the countdown went from 8 to 0")
