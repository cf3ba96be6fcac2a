"""The engine answers a view as it answers the state (DESIGN: the UI and the AI use views).

A view hides the Item and Event decks and the face-down locations; what the team may
do never depends on them, so legal_actions must be the same list on both, and the
Item deck's kinds must be readable without turning a card over.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import replace

import pytest

from engine.core.match import Match
from engine.core.rng import Rng
from engine.games.nordguard.actions import Attempt, Drop, EndDay, GiveUp, Look, Restock
from engine.games.nordguard.build import NordguardOptions
from engine.games.nordguard.flow import ThiefsPick
from engine.games.nordguard.items import restock_kinds
from engine.games.nordguard.state import ITEM_DECK, NordguardState
from tests.engine.nordguard.helpers import (
    GAME,
    act,
    asked,
    day_one,
    hand,
    lay,
    new_state,
    place_team,
    plain_map,
    stack_events,
)


def decider(state: NordguardState) -> int:
    mover = state.to_move()
    assert mover is not None
    return mover


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


def named_but_unseen(state: NordguardState, seat: int) -> set[str]:
    """Ids of cards `seat` may not see that its view names anywhere (any field, any depth).

    Ids name kinds ('it-rifle-2', 's1-crevasse'), so naming one tells what the card is.
    """
    seen = GAME.view(state, seat)
    words = set(re.findall(r"[\w-]+", json.dumps(seen.to_json())))
    table = state.table
    return {card for card in table.where if card in words and not table.visible_to(card, seat)}


@pytest.mark.parametrize("seed", range(40))
def test_no_view_names_a_card_its_seat_cannot_see(seed: int) -> None:
    """Hidden information (the Item and Event decks, face-down locations): at every step of
    games played half by the computer team (on its view) and half at random (ending the
    day only when the computer does, so that games run long), no seat's view names a
    hidden card in any field (starting items, uses, scouted rolls, obstacles, the frames of
    the attempt and the event, the questions, the looks of the day, the location the team
    came from)."""
    players = 1 + seed % 4
    size = 3 + seed % 4
    match = Match(GAME, NordguardOptions(players=players, width=size, height=size), seed)
    policy = GAME.agent()
    rng = Rng(seed + 1000)
    steps = 0
    while match.outcome() is None and steps < 600:
        actions = match.legal_actions()
        if rng.below(2):
            action = policy.choose(match.view(match.to_move()), actions, rng)
        else:
            action = rng.choice([a for a in actions if not isinstance(a, EndDay)] or actions)
        match.submit(action)
        steps += 1
        state = match.state
        assert isinstance(state, NordguardState)
        for seat in range(players):
            leaked = named_but_unseen(state, seat)
            assert not leaked, f"step {steps} ({action.key()}): Player {seat + 1} sees {leaked}"


def test_a_lost_starting_item_is_not_named_in_the_views() -> None:
    """Key Terms (Steal, Starting Items): Freki's starting Knife, stolen back into the face-down
    Item deck as the team leaves, is no longer named as his starting item in the view."""
    state = day_one(("freki",))
    plain_map(state)
    (knife,) = state.carried(0)
    stack_events(state, "ravens")
    act(state, Attempt("E"))
    assert state.table.where[knife] == ITEM_DECK
    assert named_but_unseen(state, 0) == set()


def test_binoculars_stolen_after_looking_are_not_named() -> None:
    """Key Terms (Scout, Steal): the pair that looked today, stolen into the Item deck, is
    not named by the day's record of looks in the view."""
    state = day_one()
    plain_map(state)
    (pair,) = hand(state, 0, "binoculars")
    act(state, Look(1))
    stack_events(state, "ravens")
    act(state, Attempt("E"))
    assert state.table.where[pair] == ITEM_DECK and pair in state.looked
    assert named_but_unseen(state, 0) == set()


def test_the_location_left_behind_is_not_named_once_shuffled_face_down() -> None:
    """Key Terms (Shuffle): the location the team came from is dealt face down elsewhere;
    the view does not say which card it is (nor where it went)."""
    state = day_one()
    plain_map(state)
    lay(state, 6, "haunted-camp", face_up=True)
    place_team(state, 5, previous=4)
    came_from = state.location_at(5)
    stack_events(state, "earthquake", "quiet-night")
    act(state, Attempt("E"))
    assert state.previous == came_from and came_from not in state.table.face_up
    assert named_but_unseen(state, 0) == set()


def test_an_item_given_to_a_thief_is_not_named_by_its_question() -> None:
    """Key Terms (Steal, Drop): an item dropped while a thief chooses, then given up, goes to
    the face-down Item deck; the thief's next question does not name it."""
    state = day_one()
    plain_map(state)
    rope, knife, lantern = hand(state, 0, "rope", "knife", "lantern")
    stack_events(state, "claim-jumpers")
    act(state, Attempt("E"))
    pick = asked(state)
    assert isinstance(pick, ThiefsPick)
    state.frames[-1] = replace(pick, left=2)  # a thief that takes two of the team's choice
    act(state, Drop(rope))
    act(state, GiveUp(rope))
    assert state.table.where[rope] == ITEM_DECK
    assert isinstance(asked(state), ThiefsPick)
    assert named_but_unseen(state, 0) == set()
    assert {a for a in GAME.legal_actions(state) if isinstance(a, GiveUp)} == \
        {GiveUp(knife), GiveUp(lantern)}
