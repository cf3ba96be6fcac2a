"""Rulebook, Key Terms (Combat Check): guns, set amounts once per combat, stopping early."""

from __future__ import annotations

from engine.games.nordguard.actions import Attempt, Drop, EndDay, Fire, StopFighting, Strike
from engine.games.nordguard.combat import CombatCheck
from engine.games.nordguard.events import GunFired
from tests.engine.nordguard.helpers import (
    GAME,
    act,
    asked,
    day_one,
    dice,
    hand,
    lay,
    refused,
    stack_events,
    texts,
)


def fight_at_wolf_den(characters: tuple[str, ...] = ("nickel",)):
    """The team attempts the Wolf Den (a combat check at the location)."""
    state = day_one(characters)
    lay(state, 1, "wolf-den")
    stack_events(state, "quiet-night")
    return state


def test_each_gun_use_adds_one_die() -> None:
    """Combat Check: each gun use counts as one die roll added to the total."""
    state = fight_at_wolf_den()
    (rifle,) = hand(state, 0, "rifle")
    need = next(ch.total for ch in GAME.content.locations["wolf-den"].challenge)
    act(state, Attempt("E"))
    assert isinstance(asked(state), CombatCheck)
    dice(state, 4)
    events = act(state, Fire(rifle))
    assert state.combat is not None and state.combat.total == 4
    assert isinstance(events[0], GunFired)
    assert events[0].faces == (4,) and events[0].pool == "d6"
    assert state.uses[rifle] == GAME.content.items["rifle"].uses - 1
    dice(state, 6, 6)
    act(state, Fire(rifle))
    assert state.combat is None, "the total reached the card's total: the check is met"
    assert need <= 4 + 6 and state.sled == 1


def test_reaching_the_total_exactly_is_enough() -> None:
    """Combat Check (designed): the team succeeds when its total reaches the card's."""
    state = fight_at_wolf_den()
    (rifle,) = hand(state, 0, "rifle")
    need = GAME.content.locations["wolf-den"].challenge[0].total
    act(state, Attempt("E"))
    dice(state, 6, need - 6)
    act(state, Fire(rifle))
    act(state, Fire(rifle))
    assert state.sled == 1


def test_stop_early_fails_the_check_and_keeps_the_team_out() -> None:
    """Combat Check: the team may stop early; a location's check failed keeps it out."""
    state = fight_at_wolf_den()
    (rifle,) = hand(state, 0, "rifle")
    act(state, Attempt("E"))
    assert StopFighting() in GAME.legal_actions(state)
    dice(state, 1)
    act(state, Fire(rifle))
    events = act(state, StopFighting())
    assert state.sled == 0 and state.combat is None and not state.frames
    assert "falls short" in texts(events)


def test_knife_adds_its_amount_once_per_combat() -> None:
    """Combat Check: items adding a set amount, like the Knife, only once per combat."""
    state = fight_at_wolf_den()
    knife, rifle = hand(state, 0, "knife", "rifle")
    act(state, Attempt("E"))
    act(state, Strike(knife))
    amount = GAME.content.items["knife"].modifiers[0].add
    assert state.combat is not None and state.combat.total == amount
    assert Strike(knife) not in GAME.legal_actions(state)
    assert "once per combat" in refused(state, Strike(knife))
    assert Fire(rifle) in GAME.legal_actions(state)


def test_knife_is_usable_again_in_the_next_combat() -> None:
    """Combat Check: once per combat, not once per game (the Knife has no use limit)."""
    state = fight_at_wolf_den()
    (knife,) = hand(state, 0, "knife")
    act(state, Attempt("E"))
    act(state, Strike(knife))  # nothing more to add: the check fails at once
    assert state.combat is None and state.sled == 0
    act(state, EndDay())
    act(state, Attempt("E"))
    assert Strike(knife) in GAME.legal_actions(state)


def test_accuracy_gives_extra_gun_uses() -> None:
    """Combat Check: some Characters get extra gun uses thanks to accuracy (Pi)."""
    state = day_one(("pi",))
    (revolver,) = state.carried(0)
    printed = GAME.content.items["lawmans-revolver"].uses
    bonus = GAME.content.characters["pi"].modifiers[0].add
    assert state.uses[revolver] == printed + bonus


def test_the_fight_ends_when_nothing_is_left_to_add() -> None:
    """Combat Check: the team rolls until it runs out of uses."""
    state = fight_at_wolf_den()
    (flare,) = hand(state, 0, "flare-pistol")  # one use
    act(state, Attempt("E"))
    dice(state, 2)
    events = act(state, Fire(flare))
    assert state.combat is None and state.sled == 0
    assert "no uses left" in texts(events)


def test_a_team_with_nothing_to_fight_with_fails_at_once() -> None:
    """Combat Check: with no gun and no set amount there is nothing to add."""
    state = fight_at_wolf_den()
    act(state, Attempt("E"))
    assert not state.frames and state.sled == 0


def test_freki_adds_to_every_combat() -> None:
    """Designed ability: Freki adds a set amount to every combat total."""
    state = fight_at_wolf_den(("freki",))
    act(state, Attempt("E"))
    assert state.combat is not None
    assert state.combat.total == GAME.content.characters["freki"].modifiers[0].add


def test_an_event_combat_failure_does_what_the_card_says() -> None:
    """Combat Check prompted by an event: falling short brings the card's penalty."""
    state = day_one()
    lay(state, 1, "tundra")
    (rifle,) = hand(state, 0, "rifle")
    stack_events(state, "wolf-pack")  # fall short: lose a day
    countdown = state.countdown
    act(state, Attempt("E"))
    dice(state, 1)
    act(state, Fire(rifle))
    act(state, StopFighting())
    assert state.countdown == countdown - 1 and state.sled == 1


def test_a_fight_takes_its_answers_and_free_item_moves_only() -> None:
    """A combat check is a question: its answers, plus the drops the rulebook allows at any
    time (Drop); the day's other business waits."""
    state = fight_at_wolf_den()
    knife, rifle = hand(state, 0, "knife", "rifle")
    act(state, Attempt("E"))
    assert set(GAME.legal_actions(state)) == {Fire(rifle), Strike(knife), StopFighting(),
                                              Drop(knife), Drop(rifle)}
    assert "answer the question first" in refused(state, EndDay())
