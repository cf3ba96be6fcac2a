"""Computer players' plumbing: agents, computer seats in the options, --agent in simulate."""

from __future__ import annotations

import pytest

from engine import simulate
from engine.core.agent import RandomAgent
from engine.core.match import Match
from engine.core.options import GameOptions, make_options
from engine.core.rng import Rng
from engine.games import get_game
from tests.engine.toygame import ToyGame


def test_random_agent_picks_only_legal_actions_and_follows_its_own_stream() -> None:
    match = Match(ToyGame(), ToyGame.options_model(), seed=3)
    actions = match.legal_actions()
    picks = [RandomAgent().choose(match.state, actions, Rng(9)) for _ in range(5)]
    assert all(p in actions for p in picks)
    assert picks == [RandomAgent().choose(match.state, actions, Rng(9)) for _ in range(5)]
    before = match.state.rng.state
    RandomAgent().choose(match.state, actions, Rng(1))
    assert match.state.rng.state == before  # thinking never moves the table's dice


def test_random_agent_refuses_an_empty_choice() -> None:
    with pytest.raises(ValueError, match="no legal action"):
        RandomAgent().choose(Match(ToyGame(), ToyGame.options_model(), 1).state, [], Rng(1))


def test_games_without_a_policy_fall_back_to_the_random_agent() -> None:
    assert isinstance(get_game("sandbox").agent(), RandomAgent)


def test_computer_seats_must_be_seats_at_the_table_named_once() -> None:
    assert GameOptions(players=3, computer_seats=[2, 0]).computer_seats == [2, 0]
    with pytest.raises(ValueError, match="computer seat 4 is not at a table of 3"):
        GameOptions(players=3, computer_seats=[3])
    with pytest.raises(ValueError, match="twice"):
        GameOptions(players=3, computer_seats=[1, 1])


def test_make_options_names_the_option_in_one_line() -> None:
    with pytest.raises(ValueError) as caught:
        make_options(GameOptions, {"players": 0})
    message = str(caught.value)
    assert message.startswith("option 'players':") and "\n" not in message
    assert make_options(GameOptions, {"players": 4}).players == 4


def test_simulate_accepts_the_policy_agent(capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate.main(["--game", "sandbox", "--games", "2", "--max-actions", "20",
                          "--agent", "policy"]) == 0
    assert "agent: policy" in capsys.readouterr().out
