"""Tactics cards NEGATE, PRESS, RESCUE, SAVED, SHIELDWALL, SPY and the counter-card prompts."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.frames import Pass
from engine.games.tactica.actions import (
    Attack,
    ChooseCard,
    Done,
    EndPhase,
    Move,
    Negate,
    PlaceRescued,
    PlayTactic,
    Rescue,
    SpyStack,
    Swap,
    Train,
)
from engine.games.tactica.board import board
from engine.games.tactica.combat import def_of, off_against
from engine.games.tactica.frames import (
    CounterWindow,
    NegateChain,
    PlaceRescue,
    SavedSwap,
    ShieldwallRearrange,
    SpyLook,
    SpyReturn,
)
from engine.games.tactica.queries import reachable
from engine.games.tactica.state import (
    PLAYED,
    TRAINING,
    Phase,
    barracks,
    hostages,
    lost,
    resupply,
    tactics_pile,
    troop_pile,
)
from tests.engine.tactica.helpers import (
    GAME,
    MOON,
    SUN,
    act,
    at,
    hand,
    legal_actions,
    scenario,
    set_phase,
    texts,
    troop,
)


def end_turn(state) -> list:
    events = []
    player = state.active
    while state.active == player and state.result is None:
        events += act(state, EndPhase() if not state.frames else legal_actions(state)[-1])
    return events


# -- NEGATE ------------------------------------------------------------------------------


def test_negate_removes_the_card_and_both_go_to_resupply():
    # Part 2, NEGATE: the Negate and the target card go to their owners' RESUPPLY.
    state = scenario()
    spy = hand(state, SUN, "spy")
    negate = hand(state, MOON, "negate")
    act(state, PlayTactic(spy))
    assert isinstance(state.frames[-1], NegateChain) and state.prompt.player == MOON
    events = act(state, Negate((negate,)))
    assert "SPY is negated" in texts(events)
    end_turn(state)
    assert state.table.where[spy] == resupply(SUN)
    assert state.table.where[negate] == resupply(MOON)


def test_double_negate_sends_the_second_negate_and_the_target_to_lost():
    # Part 2, NEGATE: two together - one to RESUPPLY, the second and the target to LOST.
    state = scenario()
    spy = hand(state, SUN, "spy")
    first, second = hand(state, MOON, "negate"), hand(state, MOON, "negate")
    act(state, PlayTactic(spy))
    assert Negate((first, second)) in legal_actions(state)
    act(state, Negate((first, second)))
    end_turn(state)
    assert state.table.where[first] == resupply(MOON)
    assert state.table.where[second] == lost(MOON)
    assert state.table.where[spy] == lost(SUN)


def test_a_negate_can_itself_be_negated():
    state = scenario()
    spy = hand(state, SUN, "spy")
    mine = hand(state, SUN, "negate")
    theirs = hand(state, MOON, "negate")
    act(state, PlayTactic(spy))
    act(state, Negate((theirs,)))
    assert state.prompt.player == SUN
    events = act(state, Negate((mine,)))
    assert "sees Player 2's barracks" in texts(events)  # the SPY stands
    end_turn(state)
    assert state.table.where[theirs] == resupply(MOON)
    assert state.table.where[mine] == resupply(SUN)
    assert state.table.where[spy] == barracks(SUN)


def test_negate_is_never_played_on_its_own():
    state = scenario()
    negate = hand(state, SUN, "negate")
    with pytest.raises(IllegalAction, match="only in answer"):
        act(state, PlayTactic(negate))


def test_the_negate_window_opens_though_the_opponent_holds_no_negate():
    """Part 2, NEGATE: 'when an opponent plays a tactics card, you can counter'. The window
    opens whatever MOON holds (no leak: that it opened tells nothing); holding no NEGATE,
    MOON can only pass, the log says only that it passed, and the SPY stands."""
    state = scenario()
    spy = hand(state, SUN, "spy")
    hand(state, MOON, "foot")
    GAME.apply(state, PlayTactic(spy))
    assert isinstance(state.frames[-1], NegateChain) and state.deciding() == (MOON,)
    assert legal_actions(state) == [Pass()]
    events = GAME.apply(state, Pass())
    assert events[0].kind == "pass" and events[0].private == ()  # nothing in it is hidden
    assert {events[0].text_for(s) for s in (SUN, MOON)} == {"Player 2 passes"}
    assert "sees Player 2's barracks" in texts(events[1:])
    assert state.frames == [] and state.table.where[spy] == PLAYED


def test_a_negate_is_answerable_though_its_target_holds_no_negate():
    """A NEGATE may itself be negated: after MOON's NEGATE the window opens for SUN even
    with no NEGATE in its barracks; its pass lets the NEGATE stand."""
    state = scenario()
    spy = hand(state, SUN, "spy")
    theirs = hand(state, MOON, "negate")
    GAME.apply(state, PlayTactic(spy))
    GAME.apply(state, Negate((theirs,)))
    assert isinstance(state.frames[-1], NegateChain) and state.deciding() == (SUN,)
    assert legal_actions(state) == [Pass()]
    events = GAME.apply(state, Pass())
    assert "SPY is negated" in texts(events) and state.frames == []


def test_whether_a_window_opens_does_not_depend_on_what_the_seat_holds():
    """The same play with MOON holding a NEGATE or not: the same frames, the same log for
    SUN; only MOON's answers differ, and only MOON sees them."""
    seen = []
    for face in ("negate", "foot"):
        state = scenario()
        spy = hand(state, SUN, "spy")
        hand(state, MOON, face)
        events = GAME.apply(state, PlayTactic(spy))
        seen.append((list(state.frames), state.deciding(), [e.text_for(SUN) for e in events]))
        assert Pass() in legal_actions(state)
    assert seen[0] == seen[1]


# -- PRESS -------------------------------------------------------------------------------


def test_press_in_muster_trains_straight_to_2x_and_is_lost():
    # Part 2, PRESS: two levels of training in the same mustering action.
    state = scenario()
    foot = troop(state, SUN, "foot", 3, 10)
    card = hand(state, SUN, "press")
    act(state, PlayTactic(card, foot))
    assert state.training[foot][1] == 2 and state.musters_left == 1
    assert def_of(state, board(state), foot) == 3
    end_turn(state)
    assert state.table.where[card] == lost(SUN)


def test_press_in_movement_lets_a_troop_climb_an_enemy_wall():
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    foot = troop(state, SUN, "foot", 3, 2)
    card = hand(state, SUN, "press")
    act(state, PlayTactic(card, foot))
    assert reachable(state, foot)[at(3, 1)] == 2
    act(state, Move(foot, *at(3, 1)))
    end_turn(state)
    assert state.table.where[card] == resupply(SUN)


def test_press_climbs_with_the_troops_mov_for_the_turn():
    """Part 2, PRESS in MOVEMENT: a movement action moves a troop onto an enemy wall for
    2 MOV; MOV being per turn, a troop that has already walked a hex has only 1 left."""
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    foot = troop(state, SUN, "foot", 3, 3)
    act(state, PlayTactic(hand(state, SUN, "press"), foot))
    act(state, Move(foot, *at(3, 2)))
    assert at(3, 1) not in reachable(state, foot)
    with pytest.raises(IllegalAction, match="not enough MOV"):
        act(state, Move(foot, *at(3, 1)))


def test_press_in_combat_adds_one_off_against_an_adjacent_enemy():
    state = scenario()
    set_phase(state, Phase.COMBAT, SUN)
    foot = troop(state, SUN, "foot", 4, 7, level=2)
    foe = troop(state, MOON, "foot", 4, 6)
    card = hand(state, SUN, "press")
    act(state, PlayTactic(card, foot))
    assert off_against(state, board(state), foot, foe) == 2  # basic: flat +1
    act(state, Attack(foot, foe))
    end_turn(state)
    assert state.table.where[card] == barracks(SUN)


def test_advanced_press_adds_one_plus_training_and_works_for_ranged():
    # Part 3 (known advanced change): OFF +1 + training level, ranged troops too.
    state = scenario(advanced_cards=True)
    set_phase(state, Phase.COMBAT, SUN)
    bow = troop(state, SUN, "crossbow", 4, 7, level=1)
    foe = troop(state, MOON, "foot", 4, 6)
    assert off_against(state, board(state), bow, foe) == 1
    act(state, PlayTactic(hand(state, SUN, "press"), bow))
    assert off_against(state, board(state), bow, foe) == 3
    basic = scenario()
    set_phase(basic, Phase.COMBAT, SUN)
    bow = troop(basic, SUN, "crossbow", 4, 7)
    with pytest.raises(IllegalAction):
        act(basic, PlayTactic(hand(basic, SUN, "press"), bow))


def test_press_answers_a_counter_card_by_adding_to_the_attack_made():
    # PRESS is a counter-card: after SHIELDWALL answers the attack, the attacker's PRESS
    # adds its OFF to the damage already dealt.
    state = scenario()
    set_phase(state, Phase.COMBAT, SUN)
    champ = troop(state, SUN, "champion", 4, 7)
    foe = troop(state, MOON, "foot", 4, 6)
    shield = hand(state, MOON, "shieldwall")
    press = hand(state, SUN, "press")
    act(state, Attack(champ, foe))
    GAME.apply(state, PlayTactic(shield, foe))
    assert isinstance(state.frames[-1], NegateChain) and state.deciding() == (SUN,)
    GAME.apply(state, Pass())  # SUN lets the SHIELDWALL stand
    # The window stays open after a counter-card, whatever MOON holds: nothing left, it
    # can only pass.
    assert isinstance(state.frames[-1], CounterWindow) and state.deciding() == (MOON,)
    assert legal_actions(state) == [Pass()]
    GAME.apply(state, Pass())
    assert state.frames == []
    assert def_of(state, board(state), foe) == 3 and state.damage[foe] == 2
    act(state, PlayTactic(press, champ))
    assert state.damage[foe] == 3
    act(state, EndPhase())
    assert state.table.where[foe] == "field"  # 3 does not exceed 3


# -- RESCUE ------------------------------------------------------------------------------


def rescue_setup(face: str = "champion"):
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    rescuer = troop(state, SUN, "foot", 3, 2)  # next to MOON's walls
    prisoner = troop(state, SUN, face, 8, 8)
    state.table.move(prisoner, hostages(MOON))
    from engine.games.tactica.board import invalidate

    invalidate(state)
    return state, rescuer, prisoner


def test_rescue_card_chooses_the_hostage_and_a_champion_appears_by_the_enemy_wall():
    # Part 2, RESCUE: Champions appear next to the rescuer and an opponent's wall.
    state, rescuer, prisoner = rescue_setup()
    card = hand(state, SUN, "rescue")
    spots = {(a.q, a.r) for a in legal_actions(state)
             if isinstance(a, PlayTactic) and a.card == card}
    assert spots == {at(2, 2), at(4, 2)}
    act(state, PlayTactic(card, rescuer, *at(2, 2), other=prisoner))
    assert board(state).pos[prisoner] == at(2, 2)
    assert state.moves_left == 2
    end_turn(state)
    assert state.table.where[card] == resupply(SUN)


def test_rescued_foot_goes_to_its_owners_resupply():
    state, rescuer, prisoner = rescue_setup("foot")
    act(state, PlayTactic(hand(state, SUN, "rescue"), rescuer, other=prisoner))
    assert state.table.where[prisoner] == resupply(SUN)


def test_rescue_in_combat_returns_to_barracks_and_the_champion_cannot_fight():
    state, rescuer, prisoner = rescue_setup()
    set_phase(state, Phase.COMBAT, SUN)
    troop(state, MOON, "foot", 1, 2)
    card = hand(state, SUN, "rescue")
    act(state, PlayTactic(card, rescuer, *at(2, 2), other=prisoner))
    assert prisoner in state.attacked and rescuer in state.attacked
    end_turn(state)
    assert state.table.where[card] == barracks(SUN)


def test_rescue_without_the_card_picks_a_random_hostage():
    # Part 2, RESCUE: no card needed, but then the hostage rescued is random.
    state, rescuer, prisoner = rescue_setup("foot")
    other = troop(state, SUN, "archer", 8, 9)
    state.table.move(other, hostages(MOON))
    from engine.games.tactica.board import invalidate

    invalidate(state)
    events = act(state, Rescue(rescuer))
    assert "chosen at random" in texts(events)
    freed = [c for c in (prisoner, other) if state.table.where[c] == resupply(SUN)]
    assert len(freed) == 1 and state.moves_left == 2


def test_a_random_champion_rescue_asks_where_it_appears():
    state, rescuer, prisoner = rescue_setup()
    act(state, Rescue(rescuer))
    assert state.prompt is not None and isinstance(state.frames[-1], PlaceRescue)
    act(state, PlaceRescued(*at(4, 2)))
    assert board(state).pos[prisoner] == at(4, 2)


def test_rescue_needs_a_troop_next_to_an_enemy_wall():
    state, _rescuer, _prisoner = rescue_setup()
    far = troop(state, SUN, "foot", 4, 6)
    with pytest.raises(IllegalAction, match="next to an enemy wall"):
        act(state, Rescue(far))


# -- SAVED -------------------------------------------------------------------------------


def test_saved_in_combat_adds_def_per_adjacent_melee_and_swaps_on_survival():
    # Part 2, SAVED: +1 DEF for each adjacent melee troop; if it survives it swaps
    # places with a defender.
    state = scenario()
    set_phase(state, Phase.COMBAT, MOON)
    target = troop(state, SUN, "foot", 4, 7)
    left = troop(state, SUN, "foot", 3, 7)
    troop(state, SUN, "champion", 5, 7)
    foe = troop(state, MOON, "champion", 4, 6)
    card = hand(state, SUN, "saved")
    act(state, Attack(foe, target))  # 2 against DEF 1
    act(state, PlayTactic(card, target, other=left))
    assert def_of(state, board(state), target) == 3
    act(state, EndPhase())
    assert board(state).pos[target] == at(3, 7) and board(state).pos[left] == at(4, 7)
    assert state.table.where[card] == resupply(SUN)


def test_saved_troop_captured_takes_a_trained_defender_with_it():
    state = scenario()
    set_phase(state, Phase.COMBAT, MOON)
    target = troop(state, SUN, "foot", 4, 7)
    trained = troop(state, SUN, "foot", 3, 7, level=1)
    a = troop(state, MOON, "champion", 4, 6)
    b = troop(state, MOON, "champion", 5, 6)
    card = hand(state, SUN, "saved")
    act(state, Attack(a, target))
    act(state, PlayTactic(card, target, other=trained))
    act(state, Attack(b, target))  # 4 against DEF 2
    events = act(state, EndPhase())
    assert state.table.where[target] == hostages(MOON)
    assert state.table.where[trained] == hostages(MOON)
    assert texts(events).count("captures") == 2


def test_advanced_saved_on_a_foot_counts_training_of_adjacent_foot():
    state = scenario(advanced_cards=True)
    set_phase(state, Phase.COMBAT, MOON)
    target = troop(state, SUN, "foot", 4, 7)
    troop(state, SUN, "foot", 3, 7, level=2)
    troop(state, SUN, "foot", 5, 7)
    troop(state, SUN, "champion", 4, 8, level=1)
    foe = troop(state, MOON, "champion", 4, 6)
    card = hand(state, SUN, "saved")
    act(state, Attack(foe, target))
    plays = [a for a in legal_actions(state) if isinstance(a, PlayTactic)]
    assert plays and all(a.other != "" for a in plays)
    act(state, plays[0])
    assert def_of(state, board(state), target) == 1 + 2  # only the 2x Foot counts
    assert card


def test_saved_in_movement_swaps_two_melee_troops_after_movement():
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    a = troop(state, SUN, "foot", 4, 7)
    b = troop(state, SUN, "champion", 5, 7)
    card = hand(state, SUN, "saved")
    act(state, PlayTactic(card))
    act(state, EndPhase())
    assert state.prompt is not None and isinstance(state.frames[-1], SavedSwap)
    for seat in (SUN, MOON):
        GAME.view(state, seat)  # what each seat saw before the swap
    act(state, Swap(a, b))
    assert board(state).pos[a] == at(5, 7)
    for seat in (SUN, MOON):  # each sees the troops where they now stand
        seen = GAME.view(state, seat).table.pos
        assert (seen[a], seen[b]) == (at(5, 7), at(4, 7))
    end_turn(state)
    assert state.table.where[card] == barracks(SUN)


# -- SHIELDWALL -------------------------------------------------------------------------


def test_shieldwall_in_combat_gives_the_foot_and_adjacent_foot_two_def():
    # Part 2, SHIELDWALL: +2 DEF to the Foot and every adjacent Foot, Foot only.
    state = scenario()
    set_phase(state, Phase.COMBAT, MOON)
    target = troop(state, SUN, "foot", 4, 7)
    friend = troop(state, SUN, "foot", 3, 7)
    champ = troop(state, SUN, "champion", 5, 7)
    foe = troop(state, MOON, "champion", 4, 6)
    card = hand(state, SUN, "shieldwall")
    act(state, Attack(foe, target))
    act(state, PlayTactic(card, target))
    b = board(state)
    assert def_of(state, b, target) == 3 and def_of(state, b, friend) == 3
    assert def_of(state, b, champ) == 2
    act(state, EndPhase())
    assert state.table.where[target] == "field"
    assert state.table.where[card] == resupply(SUN)


def test_shieldwall_in_movement_lets_the_group_switch_places():
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    foot = troop(state, SUN, "foot", 4, 7)
    champ = troop(state, SUN, "champion", 3, 7)
    card = hand(state, SUN, "shieldwall")
    act(state, PlayTactic(card, foot))
    assert isinstance(state.frames[-1], ShieldwallRearrange)
    act(state, Swap(foot, champ))
    assert state.frames == []  # one swap is all two troops need
    assert board(state).pos[champ] == at(4, 7)
    end_turn(state)
    assert state.table.where[card] == barracks(SUN)


def test_shieldwall_is_played_on_a_foot_only():
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    troop(state, SUN, "foot", 4, 7)
    champ = troop(state, SUN, "champion", 3, 7)
    with pytest.raises(IllegalAction):
        act(state, PlayTactic(hand(state, SUN, "shieldwall"), champ))


def test_counter_window_closes_on_pass_and_reopens_on_the_next_attack():
    state = scenario()
    set_phase(state, Phase.COMBAT, MOON)
    target = troop(state, SUN, "foot", 4, 7)
    a = troop(state, MOON, "foot", 4, 6)
    b = troop(state, MOON, "foot", 5, 6)
    hand(state, SUN, "shieldwall")
    act(state, Attack(a, target))
    assert isinstance(state.frames[-1], CounterWindow) and Pass() in legal_actions(state)
    act(state, Pass())
    assert state.prompt is None
    act(state, Attack(b, target))
    assert isinstance(state.frames[-1], CounterWindow)
    assert Done() not in legal_actions(state)


def test_a_counter_window_opens_after_an_attack_though_the_defender_holds_no_answer():
    """Designed timing: the defender may answer an attack on its troop with counter-cards.
    The window opens whatever it holds (no leak); holding none, it can only pass, MOON
    waits for it, and the log says only that it passed."""
    state = scenario()
    set_phase(state, Phase.COMBAT, MOON)
    target = troop(state, SUN, "foot", 4, 7)
    foe = troop(state, MOON, "foot", 4, 6)
    hand(state, SUN, "spy")  # a tactics card, but no counter-card
    GAME.apply(state, Attack(foe, target))
    assert isinstance(state.frames[-1], CounterWindow) and state.deciding() == (SUN,)
    assert legal_actions(state) == [Pass()]
    with pytest.raises(IllegalAction, match="it is Player 1 who must decide now"):
        GAME.apply(state, EndPhase(), MOON)
    events = GAME.apply(state, Pass())
    assert [(e.kind, e.text, e.private) for e in events] == [("pass", "Player 1 passes", ())]
    assert state.frames == [] and state.deciding() == (MOON,)


def test_a_counter_window_opens_after_an_engaging_move_whatever_the_defender_holds():
    """An enemy card move that ends next to your troop may be answered: the window opens
    with nothing in the barracks at all; a move that engages nobody opens none."""
    state = scenario()
    set_phase(state, Phase.MOVEMENT, MOON)
    troop(state, SUN, "foot", 4, 7)
    foe = troop(state, MOON, "foot", 4, 4)
    far = troop(state, MOON, "foot", 1, 3)
    GAME.apply(state, Move(far, *at(1, 4)))
    assert state.frames == []
    GAME.apply(state, Move(foe, *at(4, 6)))
    window = state.frames[-1]
    assert isinstance(window, CounterWindow) and window.trigger == "move"
    assert state.deciding() == (SUN,) and legal_actions(state) == [Pass()]


# -- SPY ---------------------------------------------------------------------------------


def test_spy_in_muster_shows_the_opponents_barracks_and_training():
    state = scenario()
    secret = hand(state, MOON, "champion")
    troop(state, MOON, "foot", 3, 2, level=1)
    card = hand(state, SUN, "spy")
    assert GAME.view(state, SUN).table.zones[barracks(MOON)].cards[0].startswith("?")
    events = act(state, PlayTactic(card))
    assert "MOON Champion" in texts(events) and "1x" in texts(events)
    assert secret in GAME.view(state, SUN).table.zones[barracks(MOON)].cards
    end_turn(state)
    assert state.table.where[card] == barracks(SUN)


def test_spy_in_movement_stacks_the_chosen_cards_on_top_and_is_lost():
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    card = hand(state, SUN, "spy")
    act(state, PlayTactic(card))
    assert isinstance(state.frames[-1], SpyLook)
    act(state, SpyStack("champion", "negate"))
    table = state.table
    assert table.faces[table.zones[troop_pile(SUN)].cards[-1]] == "champion"
    assert table.faces[table.zones[tactics_pile(SUN)].cards[-1]] == "negate"
    end_turn(state)
    assert state.table.where[card] == lost(SUN)


def test_spy_in_combat_makes_the_opponent_return_a_card_and_shuffle():
    state = scenario()
    set_phase(state, Phase.COMBAT, SUN)
    given = hand(state, MOON, "foot")
    card = hand(state, SUN, "spy")
    act(state, PlayTactic(card))
    assert state.prompt.player == MOON and isinstance(state.frames[-1], SpyReturn)
    events = act(state, ChooseCard(given))
    assert state.table.where[given] == troop_pile(MOON)
    assert [e.kind for e in events].count("shuffle") == 2
    end_turn(state)
    assert state.table.where[card] == resupply(SUN)


def test_played_cards_wait_in_play_until_resolution():
    state = scenario()
    card = hand(state, SUN, "spy")
    act(state, PlayTactic(card))
    assert state.table.where[card] == PLAYED
    act(state, Train(troop(state, SUN, "foot", 3, 10)))
    assert len(state.table.zones[TRAINING].cards) == 9
