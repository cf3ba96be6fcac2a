"""A turn action is checked by itself (turn.offered) instead of by listing the whole turn:
the two must agree on every action listed and on probes that are not."""

from __future__ import annotations

import random

import pytest

from engine.core.rng import Rng
from engine.games.yggdrasil import board, turn
from engine.games.yggdrasil.actions import Invade, March, Pillage
from engine.games.yggdrasil.rules import YggdrasilGame
from engine.games.yggdrasil.state import YggdrasilOptions, YggdrasilState

KINDS = ("leader", "warrior", "ship", "dark-elf", "troll", "sea-serpent")


def _probes(state: YggdrasilState) -> list:
    places = [*board.content().provinces, *(f.key for f in board.content().board.fjords)]
    figures = list(state.figures.by_id)
    return [*(Invade(k, p, v) for k in KINDS for p in places for v in (False, True)),
            *(March(f, p) for f in figures for p in places),
            *(Pillage(p) for p in places)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_offered_agrees_with_the_listing(players: int) -> None:
    game = YggdrasilGame()
    for seed in range(3):
        state = game.setup(YggdrasilOptions(players=players), Rng(seed))
        rng = random.Random(seed)
        while state.result is None:
            seat = state.deciding()[0]
            actions = game.legal_actions(state, seat)
            assert isinstance(state, YggdrasilState)
            if not state.frames and state.phase == "action" and rng.random() < 0.3:
                listed = set(turn.actions(state, seat))
                for action in [*listed, *_probes(state)]:
                    assert turn.offered(state, seat, action) == (action in listed), action
            game.apply(state, rng.choice(actions), seat)


@pytest.mark.parametrize("players", [2, 4])
def test_open_land_is_every_standing_province_with_room(players: int) -> None:
    """board.open_land reads the villages once per set of standing provinces: it must still
    name, in the board's order, exactly the provinces `room` finds space in, Yggdrasil
    always, as figures come and go and provinces fall."""
    game = YggdrasilGame()
    for seed in range(3):
        state = game.setup(YggdrasilOptions(players=players), Rng(seed))
        rng = random.Random(seed)
        while state.result is None:
            assert isinstance(state, YggdrasilState)
            standing = board.standing_now(state)
            assert board.open_land(state, standing) == tuple(
                p for p in board.standing(state) if board.room(state, p) > 0)
            seat = state.deciding()[0]
            game.apply(state, rng.choice(game.legal_actions(state, seat)), seat)
