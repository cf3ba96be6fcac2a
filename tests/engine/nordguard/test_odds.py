"""The odds the dice dock shows before a move: exact, and what the rules will roll."""

from __future__ import annotations

from fractions import Fraction

from engine.core.dice import sum_of_dice
from engine.games.nordguard.actions import Attempt, Scout
from engine.games.nordguard.challenges import move_chance, pending_check
from tests.engine.nordguard.helpers import GAME, act, day_one, dice, hand, lay, stack_events


def test_a_roll_shows_the_pool_with_what_the_team_carries() -> None:
    """London adds 1 on snow: the Snowdrift is 2d6+1 against its target."""
    state = day_one(("london",))
    lay(state, 1, "snowdrift", face_up=True)
    target = GAME.content.locations["snowdrift"].challenge[0].target
    checks = pending_check(GAME.content, state)
    east = [c for c in checks if c.direction == "E"]
    assert [(c.kind, c.pool, c.target) for c in east] == [("roll", "2d6+1", target)]
    assert east[0].chance == sum_of_dice(2, 6, 1).p_at_least(target)
    south = [c for c in checks if c.direction == "S"]
    assert [c.kind for c in south] == ["unknown"] and move_chance(checks, "S") is None


def test_items_adding_to_rolls_are_counted() -> None:
    state = day_one()
    lay(state, 1, "snowdrift", face_up=True)
    hand(state, 0, "snowshoes")
    (check,) = [c for c in pending_check(GAME.content, state) if c.direction == "E"]
    assert check.pool == "2d6+1"


def test_a_fight_shows_every_gun_use_and_set_amount() -> None:
    state = day_one()
    lay(state, 1, "wolf-den", face_up=True)
    hand(state, 0, "rifle", "knife")
    need = GAME.content.locations["wolf-den"].challenge[0].total
    (check,) = [c for c in pending_check(GAME.content, state) if c.direction == "E"]
    uses = GAME.content.items["rifle"].uses
    assert check.kind == "combat" and check.pool == f"{uses}d6+2" and check.target == need
    assert check.chance == sum_of_dice(uses, 6, 2).p_at_least(need)


def test_a_bypass_is_certain_and_a_scouted_roll_is_known() -> None:
    state = day_one()
    lay(state, 1, "crevasse", face_up=True)
    lay(state, 4, "snowdrift")
    hand(state, 0, "rope")
    dice(state, 1, 1)
    act(state, Scout(4))
    checks = pending_check(GAME.content, state)
    assert move_chance(checks, "E") == 1
    (south,) = [c for c in checks if c.direction == "S"]
    assert south.fixed == 2 and south.chance == 0


def test_the_displayed_chance_is_what_happens() -> None:
    """The odds are those of the roll the rules then make: the same pool, the same target."""
    state = day_one()
    lay(state, 1, "blue-ice", face_up=True)
    (check,) = [c for c in pending_check(GAME.content, state) if c.direction == "E"]
    assert check.chance == Fraction(2, 6)
    stack_events(state, "quiet-night")
    dice(state, 5)
    act(state, Attempt("E"))
    assert state.sled == 1
