"""Rulebook, The Team & Items and Key Terms: trade, drop, steal, restock, uses, starting items."""

from __future__ import annotations

from engine.games.nordguard.actions import (
    Attempt,
    Drop,
    EndDay,
    Fire,
    GiveUp,
    PickUp,
    Restock,
    StopFighting,
    Trade,
    UseItem,
)
from engine.games.nordguard.combat import CombatCheck
from engine.games.nordguard.flow import ThiefsPick
from engine.games.nordguard.items import kind_of
from engine.games.nordguard.state import ITEM_DECK, SPENT
from tests.engine.nordguard.helpers import (
    GAME,
    act,
    asked,
    day_one,
    dice,
    hand,
    lay,
    lying_here,
    place_team,
    plain_map,
    refused,
    stack_events,
    texts,
)


def test_trade_among_the_team_at_any_time() -> None:
    """Key Terms (Trade): players in the same location may trade items among themselves."""
    state = day_one(("nickel", "geri"))
    (rope,) = hand(state, 0, "rope")
    assert Trade(rope, 1) in GAME.legal_actions(state)
    act(state, Trade(rope, 1))
    assert state.holder(rope) == 1


def test_a_used_limited_item_arrives_with_one_use_left() -> None:
    """Key Terms (Trade): unless never used, a traded item with set uses has one use left,
    even if the receiver would get extra uses (Pi's accuracy)."""
    state = day_one(("nickel", "pi"))
    lay(state, 1, "wolf-den")
    stack_events(state, "quiet-night")
    (rifle,) = hand(state, 0, "rifle")
    act(state, Attempt("E"))
    dice(state, 1)
    act(state, Fire(rifle))
    act(state, StopFighting())
    assert state.uses[rifle] == GAME.content.items["rifle"].uses - 1
    act(state, Trade(rifle, 1))
    assert state.uses[rifle] == 1
    events = act(state, Trade(rifle, 0))
    assert state.uses[rifle] == 1 and "(1 use left)" in texts(events)


def test_an_unused_item_arrives_fresh_with_the_receivers_accuracy() -> None:
    """Key Terms (Trade): a never-used item keeps its printed uses (plus accuracy for Pi)."""
    state = day_one(("nickel", "pi"))
    (rifle,) = hand(state, 0, "rifle")
    act(state, Trade(rifle, 1))
    printed = GAME.content.items["rifle"].uses
    assert state.uses[rifle] == printed + GAME.content.characters["pi"].modifiers[0].add
    act(state, Trade(rifle, 0))
    assert state.uses[rifle] == printed


def test_slots_cannot_be_exceeded_by_a_trade() -> None:
    """Rulebook, The Team & Items: nobody may exceed their item slots."""
    state = day_one(("nickel", "geri"))
    (rope,) = hand(state, 0, "rope")
    hand(state, 1, *["knife"] * GAME.content.characters["geri"].slots)
    assert Trade(rope, 1) not in GAME.legal_actions(state)
    assert "slots are full" in refused(state, Trade(rope, 1))


def test_limited_items_are_discarded_only_when_their_uses_run_out() -> None:
    """Ruling (designer Q&A): an item is discarded only after its printed uses."""
    state = day_one()
    lay(state, 1, "ice-jam")  # blocked; Dynamite blasts through
    lay(state, 4, "ice-jam")
    stack_events(state, "quiet-night", "quiet-night")
    (dynamite,) = hand(state, 0, "dynamite")
    act(state, Attempt("E"))
    assert state.sled == 1 and state.holder(dynamite) == 0
    assert state.uses[dynamite] == GAME.content.items["dynamite"].uses - 1
    act(state, EndDay())
    place_team(state, 0, previous=1)
    act(state, Attempt("S"))
    assert state.sled == 4 and state.table.where[dynamite] == SPENT


def test_unlimited_items_are_never_used_up() -> None:
    """Ruling (designer Q&A): most items have no limit; a bypass does not consume them."""
    state = day_one()
    for cell in (1, 2, 3):
        lay(state, cell, "crevasse")  # blocked; a Rope gets the team across
    stack_events(state, "quiet-night", "quiet-night", "clear-skies")
    (rope,) = hand(state, 0, "rope")
    for step in range(3):
        act(state, Attempt("E"))
        assert state.sled == step + 1
        act(state, EndDay())
    assert state.holder(rope) == 0 and rope not in state.uses


def test_limited_bypass_may_be_kept() -> None:
    """Key Terms (Challenge): a bypass *may* be used; keeping a limited item means rolling."""
    state = day_one()
    lay(state, 1, "pressure-ridge", face_up=True)  # roll on ice + a day; Dynamite bypasses
    stack_events(state, "quiet-night")
    (dynamite,) = hand(state, 0, "dynamite")
    assert Attempt("E", spend=False) in GAME.legal_actions(state)
    dice(state, 6, 6)
    act(state, Attempt("E", spend=False))
    assert state.sled == 1 and state.uses[dynamite] == GAME.content.items["dynamite"].uses


def test_a_bypass_ignores_all_the_text_of_the_card() -> None:
    """Key Terms (Challenge): bypassing ignores every requirement on the location."""
    state = day_one()
    lay(state, 1, "pressure-ridge")  # roll and lose a day
    stack_events(state, "quiet-night")
    hand(state, 0, "dynamite")
    countdown = state.countdown
    act(state, Attempt("E"))
    assert state.sled == 1 and state.countdown == countdown


def test_starting_items_must_be_carried_out_of_frontier() -> None:
    """Key Terms (Starting Items): carried by their Character when the team first leaves."""
    state = day_one(("pi", "nickel"))
    plain_map(state)
    (revolver,) = state.carried(0)
    act(state, Trade(revolver, 1))
    assert not any(isinstance(a, Attempt) for a in GAME.legal_actions(state))
    assert "Starting Items" in refused(state, Attempt("E"))
    act(state, Trade(revolver, 0))
    stack_events(state, "quiet-night")
    act(state, Attempt("E"))
    assert state.sled == 1


def test_starting_items_may_be_dropped_after_the_first_departure() -> None:
    """Rulebook, The Team & Items: after leaving, starting items may be lost or dropped."""
    state = day_one(("pi",))
    plain_map(state)
    stack_events(state, "thin-ice-breaks")
    act(state, Attempt("E"))  # out and straight back to Frontier
    assert state.sled == 0
    act(state, EndDay())
    (revolver,) = state.carried(0)
    act(state, Drop(revolver))
    assert any(isinstance(a, Attempt) for a in GAME.legal_actions(state))


def spent(state, card: str) -> None:
    """An item whose uses ran out: face up on the spent pile, as the game leaves it."""
    state.table.move(card, SPENT)
    state.table.set_face(card, True)


def test_restock_at_frontier_from_what_remains_in_the_deck() -> None:
    """Rulebook, The Team & Items: at Frontier the team may restock from the Item deck."""
    state = day_one()
    kinds = {kind_of(state, c) for c in state.table.cards_in(ITEM_DECK)}
    offered = {a.item_kind for a in GAME.legal_actions(state) if isinstance(a, Restock)}
    assert offered == kinds
    act(state, Restock("rope", 0))
    assert [kind_of(state, c) for c in state.carried(0)] == ["rope"]
    for card in [c for c in state.table.cards_in(ITEM_DECK) if kind_of(state, c) == "kayak"]:
        spent(state, card)
    assert "no item of that kind" in refused(state, Restock("kayak", 0))


def test_no_restock_away_from_frontier() -> None:
    """Rulebook, The Team & Items: restocking happens when the team is at Frontier."""
    state = day_one()
    plain_map(state)
    place_team(state, 5, previous=1)
    assert not any(isinstance(a, Restock) for a in GAME.legal_actions(state))
    assert "only at Frontier" in refused(state, Restock("rope", 0))


def test_a_restock_event_allows_it_until_the_team_leaves() -> None:
    """Key Terms (Restock): told to restock, the team picks items from the Item deck."""
    state = day_one()
    plain_map(state)
    place_team(state, 5, previous=1)
    stack_events(state, "supply-cache", "quiet-night")
    act(state, Attempt("E"))
    act(state, Restock("rope", 0))
    act(state, EndDay())
    act(state, Attempt("E"))
    assert "only at Frontier" in refused(state, Restock("shovel", 0))


def test_iyoto_restocks_at_waypoints() -> None:
    """Designed ability: with Iyoto the team restocks at any Waypoint."""
    state = day_one(("iyoto",))
    plain_map(state)
    lay(state, 5, "trading-post")
    place_team(state, 5, previous=1)
    assert Restock("rope", 0) in GAME.legal_actions(state)


def test_no_restock_when_the_item_deck_is_empty() -> None:
    """Rulebook, The Team & Items: with no item cards left no restocking is possible."""
    state = day_one()
    for card in list(state.table.cards_in(ITEM_DECK)):
        spent(state, card)
    assert not any(isinstance(a, Restock) for a in GAME.legal_actions(state))


def test_steal_returns_the_item_to_the_deck() -> None:
    """Key Terms (Steal): stolen items go back to the Item deck unless the card says not."""
    state = day_one()
    lay(state, 1, "tundra")
    (rope,) = hand(state, 0, "rope")
    stack_events(state, "ravens")  # a random item
    act(state, Attempt("E"))
    assert state.table.where[rope] == ITEM_DECK


def test_an_item_that_cannot_be_stolen_stays() -> None:
    """Key Terms (Steal): if the thief goes for an unstealable item, nothing is stolen."""
    state = day_one(("pi",))
    plain_map(state)
    stack_events(state, "ravens")
    (revolver,) = state.carried(0)
    events = act(state, Attempt("E"))
    assert state.holder(revolver) == 0
    assert "nothing is stolen" in texts(events)


def test_oleg_guards_what_he_carries() -> None:
    """Designed ability: nothing Oleg carries can be stolen."""
    state = day_one(("oleg",))
    plain_map(state)
    stack_events(state, "ravens")
    (rifle,) = state.carried(0)
    act(state, Attempt("E"))
    assert state.holder(rifle) == 0


def test_the_team_chooses_what_a_thief_takes() -> None:
    """Key Terms (Steal) with a card that lets the team choose: only stealable items."""
    state = day_one(("pi",))
    plain_map(state)
    rope, knife = hand(state, 0, "rope", "knife")
    stack_events(state, "claim-jumpers")
    act(state, Attempt("E"))
    assert isinstance(asked(state), ThiefsPick)
    assert {a for a in GAME.legal_actions(state) if isinstance(a, GiveUp)} == \
        {GiveUp(rope), GiveUp(knife)}
    assert "stealable" in refused(state, GiveUp(state.carried(0)[0]))
    act(state, GiveUp(knife))
    assert state.table.where[knife] == ITEM_DECK and not state.frames


def test_a_thief_leaving_the_item_here() -> None:
    """Key Terms (Steal): "unless otherwise stated" — the Wolverine leaves it lying here."""
    state = day_one()
    plain_map(state)
    (rope,) = hand(state, 0, "rope")
    stack_events(state, "wolverine")
    act(state, Attempt("E"))
    assert lying_here(state) == [rope]
    act(state, PickUp(rope, 0))
    assert state.holder(rope) == 0


def test_rations_buy_a_day_and_are_spent() -> None:
    """Designed item: Rations add a day to the countdown; one use, then discarded."""
    state = day_one()
    (rations,) = hand(state, 0, "rations")
    countdown = state.countdown
    act(state, UseItem(rations))
    assert state.countdown == countdown + 1 and state.table.where[rations] == SPENT
    (rope,) = hand(state, 0, "rope")
    assert "not used on its own" in refused(state, UseItem(rope))


def test_wards_keep_the_days_a_hazard_would_cost() -> None:
    """Designed: McKay's care keeps the days an injury would cost; a Tent spends a use."""
    state = day_one(("mckay",))
    plain_map(state)
    stack_events(state, "sprained-paw")
    countdown = state.countdown
    act(state, Attempt("E"))
    assert state.countdown == countdown
    state = day_one()
    plain_map(state)
    (tent,) = hand(state, 0, "tent")
    stack_events(state, "snowstorm")
    countdown = state.countdown
    act(state, Attempt("E"))
    assert state.countdown == countdown and state.table.where[tent] == SPENT


def test_a_failed_first_attempt_is_not_yet_leaving_frontier() -> None:
    """Key Terms (Starting Items): the check is on the team's first actual departure."""
    state = day_one(("pi",))
    lay(state, 1, "blue-ice")
    dice(state, 1)
    act(state, Attempt("E"))
    assert state.sled == 0 and not state.departed
    act(state, EndDay())
    (revolver,) = state.carried(0)
    act(state, Drop(revolver))
    assert "Starting Items" in refused(state, Attempt("E"))


def test_starting_items_stay_in_hand_while_the_team_first_leaves() -> None:
    """Key Terms (Starting Items): carried by their Character when the team first leaves
    Frontier. A fight at the first location is part of leaving: Pi may not hand her
    starting Revolver on or drop it then, though other items still change hands."""
    state = day_one(("pi", "nickel"))
    lay(state, 1, "wolf-den", face_up=True)  # a combat check to get in
    (revolver,) = state.carried(0)
    (knife,) = hand(state, 0, "knife")
    act(state, Attempt("E"))
    assert isinstance(asked(state), CombatCheck)
    legal = GAME.legal_actions(state)
    assert Trade(revolver, 1) not in legal and Drop(revolver) not in legal
    assert Trade(knife, 1) in legal and Drop(knife) in legal
    for action in (Trade(revolver, 1), Drop(revolver)):
        reason = refused(state, action)
        assert "Pi must carry the starting Lawman's Revolver" in reason
        assert "(Rulebook, Starting Items)" in reason
    act(state, Trade(knife, 1))
    stack_events(state, "quiet-night")
    dice(state, 6, 6)
    act(state, Fire(revolver))
    act(state, Fire(revolver))
    assert state.sled == 1 and state.departed and state.holder(revolver) == 0


def test_a_starting_gun_fired_away_at_frontier_no_longer_holds_the_team() -> None:
    """Key Terms (Starting Items) with the designer's ruling on uses (designed): a starting
    item whose uses ran out before the team left is discarded, out of the game; it cannot
    be carried, so it is no longer required and the team may still set off (no soft lock)."""
    state = day_one(("oleg",))
    lay(state, 1, "bear-cave", face_up=True)  # combat total 13
    lay(state, 4, "tundra", face_up=True)
    (rifle,) = state.carried(0)
    act(state, Attempt("E"))
    dice(state, *[1] * GAME.content.items["rifle"].uses)
    while asked(state) is not None:
        act(state, Fire(rifle))
    assert state.sled == 0 and state.table.where[rifle] == SPENT
    act(state, EndDay())
    assert Attempt("S") in GAME.legal_actions(state)
    stack_events(state, "quiet-night")
    act(state, Attempt("S"))
    assert state.sled == 4 and state.departed
