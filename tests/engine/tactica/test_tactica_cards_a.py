"""Tactics cards CROWN, DISENGAGE, ENGINEER, HORSE: every phase and RESOLUTION destination."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.frames import Pass
from engine.games.tactica.actions import Attack, Done, EndPhase, Move, Negate, PlayTactic
from engine.games.tactica.board import GEOM, board
from engine.games.tactica.combat import def_of, off_against
from engine.games.tactica.frames import CounterWindow, HorseGroupMove, NegateChain, RansomChoice
from engine.games.tactica.queries import reachable, terrain
from engine.games.tactica.state import (
    FIELD,
    PLAYED,
    Phase,
    barracks,
    hostages,
    lost,
    resupply,
)
from tests.engine.tactica.helpers import (
    GAME,
    MOON,
    SUN,
    act,
    at,
    hand,
    landmark,
    legal_actions,
    scenario,
    set_phase,
    texts,
    troop,
)


def end_turn(state) -> list:
    events = []
    while state.active == SUN and state.phase is not Phase.OVER:
        events += act(state, EndPhase())
    return events


# -- CROWN ---------------------------------------------------------------------------


def test_crown_replaces_a_melee_troop_and_keeps_its_training():
    # Part 2, CROWN: it replaces a melee card on the field and becomes a melee troop.
    state = scenario()
    foot = troop(state, SUN, "foot", 3, 10, level=1)
    crown = hand(state, SUN, "crown")
    hand(state, MOON, "negate")
    act(state, PlayTactic(crown, foot))
    assert state.frames == []  # not negatable in MUSTER
    assert board(state).pos[crown] == at(3, 10)
    assert state.table.where[foot] == barracks(SUN)
    assert state.training[crown][1] == 1  # designed: the training card stays under it


def test_the_crown_takes_over_the_mov_its_troop_spent_this_turn():
    """Part 2: CROWN replaces a melee card on the field and MOV is per turn. Designed: the
    CROWN takes over what the replaced troop did this turn, so a Foot that has walked its
    MOV cannot become a CROWN with a fresh MOV 2."""
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    foot = troop(state, SUN, "foot", 4, 9)
    act(state, Move(foot, *at(4, 7)))
    crown = hand(state, SUN, "crown")
    act(state, PlayTactic(crown, foot))
    assert board(state).pos[crown] == at(4, 7)
    assert reachable(state, crown) == {}


def test_crown_cannot_be_negated_in_movement_but_can_in_combat():
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    foot = troop(state, SUN, "foot", 3, 10)
    hand(state, MOON, "negate")
    GAME.apply(state, PlayTactic(hand(state, SUN, "crown"), foot))
    assert state.frames == []  # the rules let nobody answer: no window opens
    state = scenario()
    set_phase(state, Phase.COMBAT, SUN)
    foot = troop(state, SUN, "foot", 3, 10)
    crown = hand(state, SUN, "crown")
    negate = hand(state, MOON, "negate")
    act(state, PlayTactic(crown, foot))
    assert isinstance(state.frames[-1], NegateChain) and state.prompt.player == MOON
    act(state, Negate((negate,)))
    assert board(state).pos[foot] == at(3, 10)
    end_turn(state)
    assert state.table.where[crown] == resupply(SUN)
    assert state.table.where[negate] == resupply(MOON)


def test_crown_on_the_field_is_a_melee_troop_with_the_seed_stats():
    state = scenario()
    set_phase(state, Phase.COMBAT, SUN)
    crown = troop(state, SUN, "crown", 4, 7)
    foe = troop(state, MOON, "archer", 4, 6)
    b = board(state)
    assert off_against(state, b, crown, foe) == 3 and def_of(state, b, crown) == 2
    assert reachable(state, crown) == {}  # locked like any troop


def captured_crown(holder_hostages: int):
    """MOON holds SUN's CROWN; SUN holds `holder_hostages` MOON troops."""
    state = scenario()
    set_phase(state, Phase.COMBAT, MOON)
    crown = troop(state, SUN, "crown", 4, 7)
    a = troop(state, MOON, "champion", 4, 6)
    b = troop(state, MOON, "champion", 5, 6)
    held = []
    for _ in range(holder_hostages):
        card = troop(state, MOON, "foot", 8, 8)
        state.table.move(card, "hostages:0")
        held.append(card)
    act(state, Attack(a, crown))
    act(state, Attack(b, crown))
    events = act(state, EndPhase())
    assert "CROWN is a hostage" in texts(events)
    return state, crown, held


def test_crown_ransom_starts_the_next_turn_and_returns_a_hostage():
    # Part 2, CROWN: the owner returns one hostage to its owner's RESUPPLY each RESOLUTION.
    state, _crown, held = captured_crown(1)
    assert state.table.where[held[0]] == "hostages:0"  # not in the capture's own turn
    events = end_turn(state)
    assert "pays a ransom" in texts(events)
    assert state.table.where[held[0]] == resupply(MOON)


def test_crown_ransom_with_two_hostages_is_the_owners_choice():
    state, _crown, held = captured_crown(2)
    act(state, EndPhase())
    act(state, EndPhase())
    act(state, EndPhase())
    assert state.prompt is not None and isinstance(state.frames[-1], RansomChoice)
    assert state.prompt.player == SUN
    act(state, legal_actions(state)[1])
    assert state.table.where[held[1]] == resupply(MOON)
    assert state.active == MOON


def test_no_hostage_to_ransom_means_no_tactics_cards():
    state, _crown, _held = captured_crown(0)
    hand(state, SUN, "spy")
    negate = hand(state, SUN, "negate")
    events = end_turn(state)
    assert "cannot use tactics cards" in texts(events)
    set_phase(state, Phase.MUSTER, SUN)
    assert not [a for a in legal_actions(state) if isinstance(a, PlayTactic)]
    with pytest.raises(IllegalAction, match="CROWN is a hostage"):
        act(state, PlayTactic(negate))
    set_phase(state, Phase.MUSTER, MOON)
    foot = troop(state, MOON, "foot", 3, 2)
    GAME.apply(state, PlayTactic(hand(state, MOON, "crown"), foot))
    assert state.frames == []
    GAME.apply(state, PlayTactic(hand(state, MOON, "spy")))
    assert state.frames == []  # SUN may not even NEGATE: no window opens for it
    set_phase(state, Phase.COMBAT, MOON)
    foe = troop(state, MOON, "champion", 6, 6)
    GAME.apply(state, Attack(foe, troop(state, SUN, "foot", 6, 7)))
    assert state.frames == []  # nor answer an attack with a counter-card


def test_a_battle_ending_with_the_crown_held_gives_the_captor_the_war():
    state, _crown, _held = captured_crown(0)
    state.vp = [0, 40]
    while state.result is None:
        act(state, EndPhase())
    assert state.result.winners == (MOON,)
    assert "CROWN" in state.result.reason


# -- DISENGAGE ---------------------------------------------------------------------------


def test_disengage_in_movement_frees_a_locked_troop():
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    foot = troop(state, SUN, "foot", 4, 7)
    troop(state, MOON, "foot", 4, 6)
    card = hand(state, SUN, "disengage")
    assert reachable(state, foot) == {}
    act(state, PlayTactic(card, foot))
    act(state, Move(foot, *at(5, 8)))
    end_turn(state)
    assert state.table.where[card] == resupply(SUN)


def test_disengage_frees_only_the_mov_the_troop_has_left():
    """Part 2, DISENGAGE in MOVEMENT: it 'allows a troop card to use movement points' when
    enemies hold it; MOV being per turn, a troop that walked its MOV up to the enemy has
    none left to use."""
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    foot = troop(state, SUN, "foot", 4, 9)
    troop(state, MOON, "foot", 4, 6)
    act(state, Move(foot, *at(4, 7)))  # 2 MOV, and it stops next to the enemy
    act(state, PlayTactic(hand(state, SUN, "disengage"), foot))
    assert foot in state.unlocked and reachable(state, foot) == {}
    with pytest.raises(IllegalAction, match="spent its MOV"):
        act(state, Move(foot, *at(4, 9)))


def test_disengage_answers_an_engaging_move():
    state = scenario()
    set_phase(state, Phase.MOVEMENT, MOON)
    mine = troop(state, SUN, "foot", 4, 7)
    foe = troop(state, MOON, "foot", 4, 4)
    card = hand(state, SUN, "disengage")
    act(state, Move(foe, *at(4, 6)))
    assert state.prompt is not None and isinstance(state.frames[-1], CounterWindow)
    assert state.prompt.player == SUN
    act(state, PlayTactic(card, mine, *at(4, 9)))
    assert board(state).pos[mine] == at(4, 9)
    assert state.prompt is None and state.active == MOON


def _escaped(state) -> tuple[str, str]:
    """MOON engages SUN's Foot, which DISENGAGEs 2 hexes back: its MOV for this turn is spent."""
    set_phase(state, Phase.MOVEMENT, MOON)
    mine = troop(state, SUN, "foot", 4, 7)
    foe = troop(state, MOON, "foot", 4, 4)
    first = hand(state, SUN, "disengage")
    act(state, Move(foe, *at(4, 6)))
    act(state, PlayTactic(first, mine, *at(4, 9)))
    assert board(state).pos[mine] == at(4, 9) and state.prompt is None
    return mine, hand(state, SUN, "disengage")


def test_a_troop_that_disengaged_has_no_mov_left_for_a_second_escape():
    """Part 2: MOV is a troop's movement points for a single turn, and DISENGAGE lets it
    use them; an escape on the enemy's turn spends them, so another enemy move next to it
    that turn finds it with none left to escape again."""
    state = scenario()
    mine, _ = _escaped(state)
    other = troop(state, MOON, "foot", 7, 9)
    GAME.apply(state, Move(other, *at(5, 9)))  # next to SUN's Foot again
    assert isinstance(state.frames[-1], CounterWindow) and state.deciding() == (SUN,)
    assert legal_actions(state) == [Pass()]  # the window opens, with no escape to offer
    act(state, Pass())
    assert board(state).pos[mine] == at(4, 9)


def test_disengage_in_combat_falls_back_only_with_mov_left_this_turn():
    """Part 2, DISENGAGE in COMBAT: the troop 'must move' to a free hex away from enemies,
    a move priced in MOV (1 or 2). Designed: with MOV per turn, that move needs MOV the
    troop still has this turn; one that escaped earlier in the turn cannot fall back."""
    state = scenario()
    mine, second = _escaped(state)
    bow = troop(state, MOON, "crossbow", 4, 7)
    act(state, EndPhase())
    GAME.apply(state, Attack(bow, mine))  # 2 damage against DEF 1
    assert state.damage[mine] == 2
    assert isinstance(state.frames[-1], CounterWindow) and state.deciding() == (SUN,)
    assert not any(isinstance(a, PlayTactic) and a.card == second
                   for a in legal_actions(state))
    assert legal_actions(state) == [Pass()]


def test_disengage_in_combat_adds_one_def_and_falls_back():
    state = scenario()
    set_phase(state, Phase.COMBAT, MOON)
    mine = troop(state, SUN, "foot", 4, 7)
    foe = troop(state, MOON, "champion", 4, 6)
    card = hand(state, SUN, "disengage")
    act(state, Attack(foe, mine))  # 2 damage against DEF 1
    (use,) = [a for a in legal_actions(state)
              if isinstance(a, PlayTactic) and (a.q, a.r) == at(4, 8)]
    act(state, use)
    assert def_of(state, board(state), mine) == 2
    act(state, EndPhase())
    assert board(state).pos[mine] == at(4, 8)
    assert state.table.where[card] == barracks(SUN)  # 1 MOV: back to the barracks


def test_disengage_in_combat_costing_two_mov_goes_to_resupply():
    state = scenario()
    set_phase(state, Phase.COMBAT, MOON)
    landmark(state, SUN, 6, 8, "ridge")
    mine = troop(state, SUN, "foot", 5, 8)  # high ground next to the ridge...
    foe = troop(state, MOON, "champion", 5, 7)
    card = hand(state, SUN, "disengage")
    act(state, Attack(foe, mine))
    assert terrain(state, at(4, 9)) == "neutral"
    act(state, PlayTactic(card, mine, *at(4, 9)))  # ...down to neutral: 2 MOV
    act(state, EndPhase())
    assert state.table.where[card] == resupply(SUN)


def test_disengage_needs_a_free_hex_away_from_every_enemy():
    state = scenario()
    set_phase(state, Phase.COMBAT, MOON)
    mine = troop(state, SUN, "foot", 4, 7)
    foe = troop(state, MOON, "champion", 4, 6)
    troop(state, MOON, "foot", 4, 9)
    hand(state, SUN, "disengage")
    act(state, Attack(foe, mine))
    spots = {(a.q, a.r) for a in legal_actions(state) if isinstance(a, PlayTactic)}
    assert at(4, 8) not in spots  # next to the Foot on (4, 9)
    assert spots == {at(5, 7)}


# -- ENGINEER ---------------------------------------------------------------------------


def test_engineer_in_movement_goes_back_to_barracks():
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    landmark(state, MOON, 5, 5, "ridge")
    foot = troop(state, SUN, "foot", 4, 7)
    card = hand(state, SUN, "engineer")
    act(state, PlayTactic(card, foot))
    assert reachable(state, foot)[at(5, 6)] == 1
    end_turn(state)
    assert state.table.where[card] == barracks(SUN)


def test_engineer_in_combat_removes_a_landmark_for_the_war():
    # Part 2, ENGINEER: the feature goes to its owner's LOST and its effects vanish at once.
    state = scenario()
    set_phase(state, Phase.COMBAT, SUN)
    ridge = landmark(state, MOON, 5, 5, "ridge")
    foot = troop(state, SUN, "foot", 5, 6)
    card = hand(state, SUN, "engineer")
    assert terrain(state, at(5, 6)) == "high"
    act(state, PlayTactic(card, foot, other=ridge))
    assert state.table.where[ridge] == lost(MOON)
    assert terrain(state, at(5, 6)) == "neutral"
    end_turn(state)
    assert state.table.where[card] == resupply(SUN)


def _wall_at(state, col: int, row: int) -> str:
    return next(c for c in state.table.zones[FIELD].cards
                if state.table.faces[c] == "wall" and state.table.pos[c] == at(col, row))


def test_engineer_lifts_the_wall_penalty_from_an_attack_already_made():
    """Part 2, ENGINEER in COMBAT: once the feature is removed its bonuses and penalties
    'immediately vanish with respect to combat resolution', so the -2 OFF of a melee
    attack already made on a troop standing on that wall no longer counts."""
    state = scenario()
    set_phase(state, Phase.COMBAT, SUN)
    champion = troop(state, SUN, "champion", 3, 2)
    foe = troop(state, MOON, "foot", 3, 1)  # on MOON's wall: DEF 1
    wall = _wall_at(state, 3, 1)
    act(state, PlayTactic(hand(state, SUN, "horse"), champion))
    act(state, Attack(champion, foe))  # OFF 2 +1 HORSE -2 wall = 1, not above DEF 1
    assert state.damage[foe] == 1
    events = act(state, PlayTactic(hand(state, SUN, "engineer"), champion, other=wall))
    assert state.damage[foe] == 3 and "counts +2" in texts(events)
    events = end_turn(state)
    assert "captures MOON Foot" in texts(events)
    assert state.table.where[foe] == hostages(SUN)


def test_engineer_takes_the_lost_battle_wall_bonus_from_an_attack_already_made():
    """Part 2, WALL CARD and ENGINEER: after two lost battles a side's troops by its walls
    get +1 OFF; remove the wall and that +1 vanishes from the attack already made."""
    state = scenario()
    state.lost_battles[SUN] = 2
    set_phase(state, Phase.COMBAT, SUN)
    foot = troop(state, SUN, "foot", 3, 10)  # next to SUN's wall at (3, 11) only
    foe = troop(state, MOON, "foot", 3, 9)
    act(state, Attack(foot, foe))  # OFF 1 +1 = 2, above DEF 1
    assert state.damage[foe] == 2
    walls = [n for n in GEOM.neighbours[at(3, 10)] if n in board(state).wall_at]
    for spot in walls:
        act(state, PlayTactic(hand(state, SUN, "engineer"), foot,
                              other=board(state).wall_at[spot]))
    assert state.damage[foe] == 1
    events = end_turn(state)
    assert "captures MOON Foot" not in texts(events)


def test_engineer_needs_the_feature_next_to_the_troop():
    state = scenario()
    set_phase(state, Phase.COMBAT, SUN)
    ridge = landmark(state, MOON, 5, 5, "ridge")
    foot = troop(state, SUN, "foot", 2, 8)
    card = hand(state, SUN, "engineer")
    with pytest.raises(IllegalAction, match="cannot be played on that target"):
        act(state, PlayTactic(card, foot, other=ridge))


def test_the_last_wall_engineered_away_loses_the_war_at_once():
    # Part 2, WALL CARD: a player who loses all their wall cards loses the war.
    state = scenario()
    set_phase(state, Phase.COMBAT, SUN)
    walls = [c for c in state.table.zones[FIELD].cards if state.table.faces[c] == "wall"
             and c.startswith("moon-")]
    for wall in walls[1:]:
        state.table.move(wall, lost(MOON))
    last = walls[0]
    spot = state.table.pos[last]
    from engine.games.tactica.board import GEOM, invalidate

    invalidate(state)
    col, row = GEOM.offset[spot]
    foot = troop(state, SUN, "foot", col, row + 1)
    act(state, PlayTactic(hand(state, SUN, "engineer"), foot, other=last))
    assert state.result is not None and state.result.winners == (SUN,)
    assert "lost every wall" in state.result.reason


# -- HORSE -----------------------------------------------------------------------------


def test_horse_moves_the_troop_and_its_neighbours_as_the_first_card_move():
    # Part 2, HORSE: the group gains 2 MOV, must end next to the targeted card, and the
    # group move is the first of the three card moves.
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    lead = troop(state, SUN, "foot", 4, 9)
    friend = troop(state, SUN, "foot", 5, 9)
    card = hand(state, SUN, "horse")
    act(state, PlayTactic(card, lead))
    frame = state.frames[-1]
    assert isinstance(frame, HorseGroupMove) and set(frame.members) == {lead, friend}
    assert state.moves_left == 2
    moves = [a for a in legal_actions(state) if isinstance(a, Move)]
    assert {a.troop for a in moves} == {lead}  # the targeted troop moves first
    act(state, Move(lead, *at(4, 7)))
    spots = {(a.q, a.r) for a in legal_actions(state) if isinstance(a, Move)}
    from engine.games.tactica.board import GEOM

    assert spots and all(c in GEOM.neighbours[at(4, 7)] for c in spots)
    act(state, Move(friend, *at(5, 7)))
    assert state.frames == []
    act(state, Move(lead, *at(4, 5)))  # the same card may make the 2nd card move
    assert state.moves_left == 1
    end_turn(state)
    assert state.table.where[card] == barracks(SUN)


def test_horse_mov_comes_on_top_of_the_troops_own_mov_and_no_more():
    """Part 2, HORSE: its 2 MOV are a bonus and the troops 'can still gain their allowed
    2 MOV' (Example 1: 2 hexes with HORSE, 2 more as the 2nd card move); the troop card's
    note says HORSE extends movement by up to +2 MOV, so a third move is refused."""
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    lead = troop(state, SUN, "foot", 4, 9)
    act(state, PlayTactic(hand(state, SUN, "horse"), lead))
    act(state, Move(lead, *at(4, 7)))
    assert state.frames == []  # a troop alone: the group move ends with its move
    assert reachable(state, lead)[at(4, 5)] == 2
    act(state, Move(lead, *at(4, 5)))
    assert state.moves_left == 1 and reachable(state, lead) == {}
    with pytest.raises(IllegalAction, match="spent its MOV"):
        act(state, Move(lead, *at(4, 3)))


def test_horse_only_before_any_movement():
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    foot = troop(state, SUN, "foot", 4, 9)
    card = hand(state, SUN, "horse")
    act(state, Move(foot, *at(4, 8)))
    with pytest.raises(IllegalAction, match="before any movement"):
        act(state, PlayTactic(card, foot))


def test_horse_group_move_can_end_early_with_the_group_together():
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    lead = troop(state, SUN, "foot", 4, 9)
    troop(state, SUN, "foot", 5, 9)
    act(state, PlayTactic(hand(state, SUN, "horse"), lead))
    act(state, Move(lead, *at(5, 8)))  # still next to its companion, which may stay
    act(state, Done())
    assert state.frames == [] and state.moves_left == 2


def test_horse_group_move_cannot_end_with_a_companion_left_behind():
    """Part 2, HORSE: the group move 'must end with all cards still adjacent to the
    originally targeted card'; Done is refused while a companion is away from it."""
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    lead = troop(state, SUN, "foot", 4, 9)
    friend = troop(state, SUN, "foot", 5, 9)
    act(state, PlayTactic(hand(state, SUN, "horse"), lead))
    act(state, Move(lead, *at(4, 7)))
    assert Done() not in legal_actions(state)
    with pytest.raises(IllegalAction, match="must end with every troop of the group next to"):
        act(state, Done())
    with pytest.raises(IllegalAction, match="must end next to the troop HORSE was played on"):
        act(state, Move(friend, *at(6, 8)))
    act(state, Move(friend, *at(5, 7)))
    assert state.frames == []
    assert at(5, 7) in GEOM.neighbours[board(state).pos[lead]]


def test_horse_anchor_goes_only_where_its_whole_group_can_follow():
    """Part 2, HORSE: every card of the group must end next to the targeted card, so the
    targeted troop (which moves first, designed) may only go where each companion can still
    join it: here a companion held by an enemy cannot move, so the anchor stays beside it."""
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    lead = troop(state, SUN, "foot", 4, 9)
    held = troop(state, SUN, "foot", 5, 9)
    troop(state, MOON, "foot", 6, 9)  # next to the companion, not to the anchor
    act(state, PlayTactic(hand(state, SUN, "horse"), lead))
    dests = reachable(state, lead)
    assert dests and set(dests) <= set(GEOM.neighbours[at(5, 9)])
    assert at(4, 7) not in dests
    with pytest.raises(IllegalAction, match="must still be able to get there"):
        act(state, Move(lead, *at(4, 7)))
    assert board(state).pos[held] == at(5, 9)


def test_horse_group_move_is_one_card_move_answered_once_it_ends():
    """Part 2, HORSE: the group move counts as one card move. Designed timing: the enemy's
    counter window for a move that ends next to its troops opens when the whole group move
    has ended, not between its steps."""
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    lead = troop(state, SUN, "foot", 4, 9)
    friend = troop(state, SUN, "foot", 3, 9)
    troop(state, MOON, "foot", 4, 6)
    hand(state, MOON, "disengage")
    act(state, PlayTactic(hand(state, SUN, "horse"), lead))
    act(state, Move(lead, *at(4, 7)))  # next to the MOON Foot, but the group is not done
    assert isinstance(state.frames[-1], HorseGroupMove) and state.prompt.player == SUN
    act(state, Move(friend, *at(3, 7)))
    assert isinstance(state.frames[-1], CounterWindow)
    assert isinstance(state.frames[-1], CounterWindow) and state.prompt.player == MOON


def test_horse_in_combat_gives_a_melee_troop_one_off_and_is_lost():
    state = scenario()
    set_phase(state, Phase.COMBAT, SUN)
    foot = troop(state, SUN, "foot", 4, 7)
    foe = troop(state, MOON, "foot", 4, 6)
    bow = troop(state, SUN, "crossbow", 4, 8)
    card = hand(state, SUN, "horse")
    with pytest.raises(IllegalAction):
        act(state, PlayTactic(card, bow))  # melee cards only
    act(state, PlayTactic(card, foot))
    assert off_against(state, board(state), foot, foe) == 2
    act(state, Attack(foot, foe))
    events = end_turn(state)
    assert "captures MOON Foot" in texts(events)
    assert state.table.where[card] == lost(SUN)


def test_a_negated_horse_costs_no_card_move():
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    foot = troop(state, SUN, "foot", 4, 9)
    negate = hand(state, MOON, "negate")
    horse = hand(state, SUN, "horse")
    act(state, PlayTactic(horse, foot))
    act(state, Negate((negate,)))
    assert state.moves_left == 3 and state.frames == [] and state.prompt is None
    assert state.table.where[horse] == PLAYED and state.routes[horse] == "resupply"


def test_pass_on_a_negate_prompt_lets_the_card_stand():
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    foot = troop(state, SUN, "foot", 4, 9)
    hand(state, MOON, "negate")
    act(state, PlayTactic(hand(state, SUN, "horse"), foot))
    act(state, Pass())
    assert isinstance(state.frames[-1], HorseGroupMove)
