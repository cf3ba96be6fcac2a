"""Windows at the TACTICA table: a person asked whether to answer though holding nothing.

The rules open a counter window after every attack on a troop and a NEGATE
window after every tactics card, whatever the other side holds, so nothing
leaks by whether a window opened. The match setting "Stop for my answers"
decides what the table does for a person whose only answer is Pass: by
default ("only when I can answer") it passes for them at once, so the window
never shows, the seat never changes and no curtain drops; with "always" the
window waits for them, with its Pass button and the phase bar saying who is
asked. Undo and redo step over the windows the table passed by itself.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.games.tactica.presenter import ONLY_PASS_HINT
from engine.core.frames import Pass
from engine.games.tactica.actions import Attack, PlayTactic
from engine.games.tactica.frames import CounterWindow, NegateChain
from engine.games.tactica.state import Phase
from tests.app.tactica.tactica_table import Table, free_pair, offset


def moon_attacks(table: Table) -> None:
    """MOON's COMBAT: its Champion next to a SUN Foot; SUN holds no counter-card."""
    table.to_first_turn()
    ours, theirs = free_pair(table)
    away = [c for c in table.state.table.cards_in("barracks:0")
            if table.state.table.faces[c] in ("disengage", "saved", "shieldwall")]
    table.arrange({"sun-foot-1": offset(ours), "moon-champion-1": offset(theirs)},
                  phase=Phase.COMBAT, active=1, away=away)
    if table.win.curtain.isVisible():
        table.qtbot.mouseClick(table.win.curtain.button, Qt.MouseButton.LeftButton)
    assert table.win.controller.submit(Attack("moon-champion-1", "sun-foot-1"), 1)


def test_a_person_with_only_pass_is_passed_for_by_default(make_table):
    """Default "only when I can answer": SUN (a person) holds no counter-card, so its
    window goes by at once; the log says only that it passed."""
    table = make_table(computer=(1,))
    moon_attacks(table)
    match = table.win.controller.match
    assert match.state.frames == [] and match.state.to_move() == 1
    pass_step = match.steps[-1]
    assert pass_step.action == Pass() and pass_step.actor == 0
    assert [e.text for e in pass_step.events] == ["Player 1 passes"]
    assert table.win.log_dock.texts()[-1].endswith("Player 1 passes")


def test_a_person_with_only_pass_is_asked_under_always(make_table):
    """"Always": the same window waits for SUN with its Pass button, and the phase bar says
    who is asked and what; pressing Pass lets MOON go on."""
    table = make_table(computer=(1,), stop_for_answers="always")
    moon_attacks(table)
    table.qtbot.wait(20)
    state = table.state
    assert isinstance(state.frames[-1], CounterWindow) and state.deciding() == (0,)
    assert table.win.controller.match.legal_actions() == [Pass()]
    bar = table.win.phase_bar.text()
    assert "Player 1 may answer the attack with a counter-card" in bar
    assert ONLY_PASS_HINT in bar
    button = table.win.hand_dock.button("Pass")
    assert button.isEnabled()
    table.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert table.state.frames == [] and table.state.to_move() == 1


def sun_spies(table: Table) -> None:
    """SUN's first MUSTER (seed 5: SUN holds a SPY, MOON no NEGATE): SUN plays SPY, which
    MOON may NEGATE; holding none, MOON can only pass."""
    table.to_first_turn()
    spy = next(c for c in table.state.table.cards_in("barracks:0")
               if table.state.table.faces[c] == "spy")
    assert not any(table.state.table.faces[c] == "negate"
                   for c in table.state.table.cards_in("barracks:1"))
    assert table.win.controller.submit(PlayTactic(spy))


def test_hot_seat_passes_by_without_dropping_the_curtain(make_table):
    """Between two people, a window passed for the person asked never hands them the
    computer: the seat does not change, so no curtain drops, and SUN plays on."""
    table = make_table(computer=())
    sun_spies(table)
    match = table.win.controller.match
    assert match.steps[-1].action == Pass() and match.steps[-1].actor == 1
    assert match.state.to_move() == 0 and match.state.frames == []
    assert not table.win.curtain.isVisible()
    assert "SUN barracks" in table.win.hand_dock.title.text()


def test_hot_seat_under_always_hands_the_window_to_its_seat(make_table):
    """With "always", MOON is asked: the curtain drops so SUN's barracks stay hidden."""
    table = make_table(computer=(), stop_for_answers="always")
    sun_spies(table)
    assert isinstance(table.state.frames[-1], NegateChain) and table.state.deciding() == (1,)
    assert table.win.curtain.isVisible()


def test_undo_steps_over_a_window_the_table_passed(make_table):
    """Undo after a window the table passed takes back the card that opened it too
    (stopping at the window would only pass it again and lose the redo); redo brings both
    back."""
    table = make_table(computer=())
    sun_spies(table)
    controller = table.win.controller
    match = controller.match
    steps = len(match.steps)
    assert controller.undo()
    assert len(match.steps) == steps - 2
    assert match.state.frames == [] and match.state.to_move() == 0
    assert not match.state.table.cards_in("played") and match.can_redo()
    assert controller.redo()
    assert len(match.steps) == steps and not match.can_redo()
    assert match.steps[-1].action == Pass() and match.state.frames == []


def test_a_window_for_the_computer_waits_for_its_answer(make_table):
    """The computer seat is asked too, whatever it holds, and answers by itself (holding
    no counter-card, it passes); the person's turn then goes on."""
    table = make_table(computer=(1,))
    table.to_first_turn()
    ours, theirs = free_pair(table)
    away = [c for c in table.state.table.cards_in("barracks:1")
            if table.state.table.faces[c] in ("disengage", "saved", "shieldwall")]
    table.arrange({"sun-champion-1": offset(ours), "moon-foot-1": offset(theirs)},
                  phase=Phase.COMBAT, active=0, away=away)
    assert table.win.controller.submit(Attack("sun-champion-1", "moon-foot-1"))
    assert isinstance(table.state.frames[-1], CounterWindow) and table.state.deciding() == (1,)
    assert "waiting for" in table.win.phase_bar.text()
    table.win.computer.set_paused(False)
    table.qtbot.waitUntil(lambda: not table.state.frames, timeout=5000)
    step = table.win.controller.match.steps[-1]
    assert step.action == Pass() and step.actor == 1 and table.state.to_move() == 0
