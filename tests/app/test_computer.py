"""Computer seats play themselves, off the UI thread, and undo hands the table back."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from app.computer import ComputerPlayers
from app.match_controller import MatchController
from engine.core import registry
from engine.core.game import RuleMode
from tests.engine.toygame import TOY_ENTRY, EndTurn


@pytest.fixture
def toy_registered() -> Iterator[None]:
    with registry.registered(TOY_ENTRY):
        yield


def _controller(qtbot: QtBot, computer: list[int]) -> tuple[MatchController, ComputerPlayers]:
    controller = MatchController()
    controller.autosave_enabled = False
    players = ComputerPlayers(controller, delay_ms=1)
    controller.new_match("toy", {"players": 2, "computer_seats": computer}, 5,
                         RuleMode.ENFORCED, take_backs=True)
    return controller, players


def test_a_computer_seat_moves_when_its_turn_comes(qtbot: QtBot, toy_registered: None) -> None:
    controller, _players = _controller(qtbot, [1])
    assert controller.seat() == 0 and controller.computer_to_move() is None
    assert controller.submit(EndTurn())
    # Seat 2 is the computer: it decides within the event loop without anyone clicking.
    qtbot.waitUntil(lambda: len(controller.match.steps) >= 2, timeout=5000)
    assert controller.match.steps[1].actor == 1


def test_paused_computer_players_wait(qtbot: QtBot, toy_registered: None) -> None:
    controller, players = _controller(qtbot, [1])
    players.set_paused(True)
    controller.submit(EndTurn())
    qtbot.wait(50)
    assert len(controller.match.steps) == 1 and controller.computer_to_move() == 1
    players.set_paused(False)
    qtbot.waitUntil(lambda: len(controller.match.steps) >= 2, timeout=5000)


def test_undo_goes_back_past_the_computers_moves_to_a_person(qtbot: QtBot,
                                                             toy_registered: None) -> None:
    controller, players = _controller(qtbot, [1])
    controller.submit(EndTurn())
    qtbot.waitUntil(lambda: controller.seat() == 0 or controller.match.outcome() is not None,
                    timeout=5000)
    players.set_paused(True)
    steps = len(controller.match.steps)
    assert steps >= 2
    assert controller.undo()
    assert controller.seat() == 0 and controller.computer_to_move() is None
    assert len(controller.match.steps) < steps


def test_a_choice_for_a_table_that_changed_is_thrown_away(qtbot: QtBot,
                                                          toy_registered: None) -> None:
    controller, players = _controller(qtbot, [1])
    controller.submit(EndTurn())
    players.set_paused(True)  # forget whatever was being thought about
    stale = controller.match.state.clone()  # a table that is not the match's
    players._play(EndTurn(), stale)
    assert len(controller.match.steps) == 1


def test_a_person_with_only_pass_to_answer_is_passed_for(qtbot: QtBot) -> None:
    """"Stop for my answers: only when I can answer": a window in which the person could
    only pass goes by on its own; with "always", it waits for them."""
    from engine.core.frames import Pass
    from tests.engine.duel import DUEL_ENTRY, Answer, Lay

    with registry.registered(DUEL_ENTRY):
        for setting, waits in (("only when I can answer", False), ("always", True)):
            controller = MatchController()
            controller.autosave_enabled = False
            controller.new_match("duel", {"stop_for_answers": setting}, 4,
                                 RuleMode.ENFORCED, take_backs=False)
            match = controller.match
            for a, b in (("a4", "b1"), ("a3", "b2")):
                controller.submit(Lay(a), 0)
                controller.submit(Lay(b), 1)
                if isinstance(match.state.frames[-1], Answer) and \
                        match.legal_actions(1) != [Pass()]:
                    controller.submit(match.legal_actions(1)[0], 1)  # strike back
            qtbot.wait(20)
            at_answer = isinstance(match.state.frames[-1], Answer)
            assert at_answer == waits, setting
