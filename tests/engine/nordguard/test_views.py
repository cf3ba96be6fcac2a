"""The engine answers a view as it answers the state (DESIGN: the UI and the AI use views).

A view hides the Item and Event decks and the face-down locations; what the team may
do never depends on them, so legal_actions must be the same list on both, and the
Item deck's kinds must be readable without turning a card over.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.rng import Rng
from engine.games.nordguard.actions import Restock
from engine.games.nordguard.items import restock_kinds
from engine.games.nordguard.state import ITEM_DECK, NordguardState
from tests.engine.nordguard.helpers import GAME, act, day_one, hand, new_state


def decider(state: NordguardState) -> int:
    return state.prompt.player if state.prompt is not None else state.active


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (2, 5), (3, 11), (4, 2)])
def test_legal_actions_are_the_same_on_a_view(players: int, seed: int) -> None:
    """Every decision of a computer-played run, prompts included."""
    state = new_state(players=players, width=4 + players // 2, height=4, seed=seed)
    policy = GAME.agent()
    rng = Rng(seed + 100)
    decisions = 0
    while state.result is None and decisions < 400:
        actions = GAME.legal_actions(state)
        seen = GAME.view(state, decider(state))
        assert isinstance(seen, NordguardState)
        assert GAME.legal_actions(seen) == actions, f"decision {decisions}"
        for action in actions[:3]:
            GAME.check(seen, action)  # the table judges gestures against a view
        act(state, policy.choose(state, actions, rng))
        decisions += 1
    assert decisions > 20


def test_the_item_deck_by_kind_is_read_from_public_facts() -> None:
    """Restock names a kind: the view counts the deck's kinds exactly, cards unseen."""
    state = day_one(("nickel", "pi"))
    hand(state, 0, "rope")
    truth = Counter(state.table.faces[card][5:] for card in state.table.cards_in(ITEM_DECK))
    seen = GAME.view(state, 0)
    assert isinstance(seen, NordguardState)
    assert not any(card in seen.table.faces for card in seen.table.cards_in(ITEM_DECK))
    assert restock_kinds(GAME.content, seen) == truth == restock_kinds(GAME.content, state)
    assert Restock("rope", 1) in GAME.legal_actions(seen)
