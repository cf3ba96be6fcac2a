"""Trades, drops and pick-ups while a question is open.

Rulebook, Key Terms: Trade — players in the same location may trade items "at any
point"; Drop — items may be dropped "at any time" and anyone there may pick them
up. So these three stay legal during a combat check, a thief's pick, a trader's
offer and between several events, and none of them answers or skips the question.
"""

from __future__ import annotations

from engine.games.nordguard.actions import (
    Attempt,
    Barter,
    Decline,
    Drop,
    EndDay,
    Fire,
    GiveUp,
    NextEvent,
    PickUp,
    Restock,
    StopFighting,
    Trade,
)
from engine.games.nordguard.combat import CombatCheck
from engine.games.nordguard.flow import MoreEvents, ThiefsPick, TraderOffer
from engine.games.nordguard.items import full_uses
from engine.games.nordguard.state import DROPPED, ITEM_DECK
from tests.engine.nordguard.helpers import (
    GAME,
    act,
    asked,
    day_one,
    dice,
    hand,
    lay,
    lying_here,
    plain_map,
    refused,
    stack_events,
    texts,
)


def fight(characters: tuple[str, ...]):
    """The team has entered a fight at the Wolf Den (east of Frontier)."""
    state = day_one(characters)
    lay(state, 1, "wolf-den")
    stack_events(state, "quiet-night")
    return state


def test_a_fresh_gun_handed_to_pi_mid_fight_holds_her_extra_uses() -> None:
    """Trade at any point + Combat Check accuracy: a never-fired gun traded to Pi during
    the check arrives with her extra uses, and the check stays open."""
    state = fight(("nickel", "pi"))
    (rifle,) = hand(state, 0, "rifle")
    printed = GAME.content.items["rifle"].uses
    act(state, Attempt("E"))
    assert isinstance(asked(state), CombatCheck)
    assert Trade(rifle, 1) in GAME.legal_actions(state)
    act(state, Trade(rifle, 1))
    assert isinstance(asked(state), CombatCheck)
    assert state.uses[rifle] == printed + 2 == full_uses(GAME.content, state, rifle, 1)
    dice(state, 5)
    act(state, Fire(rifle))
    assert state.combat is not None and state.combat.total == 5


def test_a_gun_fired_mid_fight_changes_hands_with_one_use_left() -> None:
    """Trade: an item with set uses that has been used arrives with one use left."""
    state = fight(("nickel", "pi"))
    (rifle,) = hand(state, 0, "rifle")
    act(state, Attempt("E"))
    dice(state, 1)
    act(state, Fire(rifle))
    act(state, Trade(rifle, 1))
    assert state.uses[rifle] == 1 and isinstance(asked(state), CombatCheck)


def test_dropping_a_gun_mid_fight_keeps_the_question_open() -> None:
    """Drop at any time: a dropped gun can no longer be fired, but the team may still
    stop (or pick it up again); nothing closes the check for it."""
    state = fight(("nickel",))
    (rifle,) = hand(state, 0, "rifle")
    act(state, Attempt("E"))
    act(state, Drop(rifle))
    assert isinstance(asked(state), CombatCheck)
    answers = [a for a in GAME.legal_actions(state) if not isinstance(a, PickUp)]
    assert answers == [StopFighting()]
    act(state, PickUp(rifle, 0))
    assert Fire(rifle) in GAME.legal_actions(state)


def test_the_day_s_other_business_waits_for_the_answer() -> None:
    """Only trades, drops and pick-ups join a question: restocking, ending the day and
    the like wait until it is answered (designed)."""
    state = fight(("nickel",))
    hand(state, 0, "rifle")
    act(state, Attempt("E"))
    assert "answer the question first" in refused(state, EndDay())
    assert "answer the question first" in refused(state, Restock("rope", 0))


def thief(characters: tuple[str, ...], *keys: str):
    state = day_one(characters)
    plain_map(state)
    cards = hand(state, 0, *keys)
    stack_events(state, "claim-jumpers")
    act(state, Attempt("E"))
    assert isinstance(asked(state), ThiefsPick)
    return state, cards


def test_an_item_dropped_while_a_thief_chooses_is_still_within_its_reach() -> None:
    """Drop at any time, Steal (designed): dropping is allowed while the thief waits, but
    it hides nothing — the dropped item may still be the one handed over."""
    state, (rope, knife) = thief(("nickel",), "rope", "knife")
    act(state, Drop(rope))
    act(state, Drop(knife))
    assert isinstance(asked(state), ThiefsPick)
    gives = {a for a in GAME.legal_actions(state) if isinstance(a, GiveUp)}
    assert gives == {GiveUp(rope), GiveUp(knife)}
    events = act(state, GiveUp(rope))
    assert state.table.where[rope] == ITEM_DECK and not state.frames
    assert "dropped Rope is stolen" in texts(events)
    assert lying_here(state) == [knife]


def test_an_item_lying_before_the_thief_came_is_not_its_pick() -> None:
    """Steal takes from the players: a found item merely lying here is not theirs to
    hand over (designed: only what is dropped during the question counts)."""
    state = day_one(("nickel",))
    plain_map(state)
    rope, knife = hand(state, 0, "rope", "knife")
    act(state, Drop(rope))  # before the move: it goes back to the deck on leaving
    (shovel,) = hand(state, 0, "shovel")
    stack_events(state, "abandoned-sled", "claim-jumpers")
    lay(state, 1, "haunted-camp")
    act(state, Attempt("E"))
    assert isinstance(asked(state), MoreEvents)
    [found] = lying_here(state)
    act(state, NextEvent())
    gives = {a.item for a in GAME.legal_actions(state) if isinstance(a, GiveUp)}
    assert gives == {knife, shovel} and found not in gives
    assert state.table.where[rope] == ITEM_DECK  # left behind at Frontier


def test_handing_everything_to_oleg_leaves_the_thief_nothing() -> None:
    """Trade at any point; Steal: an item that cannot be stolen is safe — when all the
    thief could take goes to Oleg (nothing he carries can be stolen), nothing is stolen
    and the event goes on."""
    state, (rope, knife) = thief(("nickel", "oleg"), "rope", "knife")
    act(state, Trade(rope, 1))
    assert isinstance(asked(state), ThiefsPick)
    assert {a for a in GAME.legal_actions(state) if isinstance(a, GiveUp)} == {GiveUp(knife)}
    events = act(state, Trade(knife, 1))
    assert not state.frames
    assert "nothing is stolen" in texts(events)
    assert state.holder(rope) == state.holder(knife) == 1


def test_a_trader_waits_while_the_team_rearranges() -> None:
    """Trade at any point: the team may trade among itself before answering a trader."""
    state = day_one(("nickel", "pi"))
    plain_map(state)
    (rope,) = hand(state, 0, "rope")
    stack_events(state, "trader")
    act(state, Attempt("E"))
    assert isinstance(asked(state), TraderOffer)
    act(state, Trade(rope, 1))
    assert isinstance(asked(state), TraderOffer)
    assert Barter(rope) in GAME.legal_actions(state)
    act(state, Decline())
    assert state.holder(rope) == 1


def test_a_find_is_picked_up_before_the_next_event() -> None:
    """Drop: anyone at the location may pick a lying item up — also while the next of
    several events waits to be drawn (The Events: one at a time)."""
    state = day_one(("nickel",))
    plain_map(state)
    lay(state, 1, "haunted-camp")
    stack_events(state, "abandoned-sled", "quiet-night")
    act(state, Attempt("E"))
    assert isinstance(asked(state), MoreEvents)
    [found] = lying_here(state)
    act(state, PickUp(found, 0))
    assert state.holder(found) == 0 and state.table.where.get(found) != DROPPED
    assert isinstance(asked(state), MoreEvents)
    act(state, NextEvent())
    assert not state.frames and state.holder(found) == 0
