"""Answers the rules keep between moves (speed) are always the answers made afresh.

The Item deck by kind is kept on the state with the zones out of view it was read from
(items.stock): that is exact only if every zone is either in view or out of view, and it
must never reach a seat's view, which would then hold the decks in order.
"""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.games.nordguard.items import (
    OUT_OF_VIEW,
    _in_view,
    _outside,
    _stock_by_view,
    stock,
)
from engine.games.nordguard.state import NordguardState
from tests.engine.nordguard.helpers import GAME, C, act, new_state


@pytest.mark.parametrize("players", range(1, 8))
def test_every_zone_is_in_view_or_out_of_view(players: int) -> None:
    state = new_state(players=players, width=7, height=7)
    shown, hidden = set(_in_view(players)), set(OUT_OF_VIEW)
    assert shown.isdisjoint(hidden)
    assert set(state.table.zones) == shown | hidden
    assert _outside(state) == tuple(state.table.zones[zone].cards for zone in OUT_OF_VIEW)


@pytest.mark.parametrize("seed", range(6))
def test_the_deck_as_kept_is_the_deck_read_afresh_and_no_view_holds_it(seed: int) -> None:
    """Along random games: the kept answer is the one read from the cards in view, and a
    seat's view starts without it."""
    state = new_state(players=1 + seed % 3, seed=seed)
    rng = Rng(seed)
    kept = 0
    while state.result is None and kept < 300:
        if state.phase == "day":
            assert stock(C, state).kinds == _stock_by_view(C, state).kinds
            kept += state.stock_read is not None
            for seat in range(state.players):
                seen = GAME.view(state, seat)
                assert isinstance(seen, NordguardState)
                assert seen.stock_read is None
        actions = GAME.legal_actions(state)
        act(state, actions[rng.below(len(actions))])
    assert kept
