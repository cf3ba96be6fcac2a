"""The UI's pure helpers (phase bar, reach, targets, training as seen) and the policy."""

from __future__ import annotations

from engine.core.frames import Pass
from engine.core.rng import Rng
from engine.games.tactica.actions import Attack, EndPhase, Move, Negate, PlayTactic
from engine.games.tactica.board import board
from engine.games.tactica.policy import TacticaPolicy
from engine.games.tactica.queries import (
    landmark_hexes,
    muster_hexes,
    phase_summary,
    reachable,
    training_seen,
    troop_stats,
)
from engine.games.tactica.rules import TacticaGame, TacticaOptions
from engine.games.tactica.state import Phase, TacticaState
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
    troop,
)

POLICY = TacticaPolicy()


def test_phase_summary_says_what_is_left_in_each_phase():
    state = scenario()
    summary = phase_summary(state)
    assert (summary.phase, summary.left) == (Phase.MUSTER, "2 muster action(s) left")
    assert summary.phases == (Phase.MUSTER, Phase.MOVEMENT, Phase.COMBAT, Phase.RESOLUTION)
    assert (summary.battle, summary.turn, summary.seat, summary.deciding) == (1, 1, SUN, SUN)
    act(state, EndPhase())
    summary = phase_summary(state)
    assert summary.left == "3 of 3 card moves left" and "HORSE" in summary.hint
    foot = troop(state, SUN, "foot", 4, 9)
    act(state, Move(foot, *at(4, 8)))
    summary = phase_summary(state)
    assert summary.left == "2 of 3 card moves left" and "HORSE" not in summary.todo
    act(state, EndPhase())
    summary = phase_summary(state)
    assert summary.todo.startswith("COMBAT: 0 troop(s) can still attack")
    assert summary.line.startswith("Battle 1, turn 1 - Player 1 - COMBAT")
    assert not summary.prompt and not summary.result


def test_phase_summary_names_the_prompt_and_who_decides():
    state = scenario()
    hand(state, MOON, "negate")
    act(state, PlayTactic(hand(state, SUN, "spy")))
    summary = phase_summary(state)
    assert summary.prompt and summary.todo == "Player 2 may NEGATE SPY"
    assert (summary.seat, summary.deciding) == (SUN, MOON)
    fresh = TacticaGame().setup(TacticaOptions(), Rng(1))
    assert isinstance(fresh, TacticaState)
    summary = phase_summary(fresh)
    assert summary.phase is Phase.LANDMARKS and landmark_hexes(fresh)
    assert summary.phases == (Phase.LANDMARKS, Phase.DEPLOYMENT)


def test_troop_stats_print_the_values_as_they_stand_now():
    # Part 2: ranged +1 RNG on a wall; CROWN gives adjacent friends +1 OFF; melee training
    # doubles DEF; two lost battles give +1 DEF and +1 OFF on and next to your walls.
    state = scenario()
    bow = troop(state, SUN, "crossbow", 4, 11)  # on SUN's wall
    assert troop_stats(state, bow).now == (2, 1, 3, 2)
    assert troop_stats(state, bow).printed == (2, 1, 2, 2)
    crown = troop(state, SUN, "crown", 6, 6)
    foot = troop(state, SUN, "foot", 5, 6, level=1)
    assert troop_stats(state, foot).now == (2, 2, 1, 2)
    state.lost_battles[SUN] = 2
    assert troop_stats(state, bow).now == (3, 2, 3, 2)
    assert troop_stats(state, crown).now == (3, 2, 1, 2)  # far from its walls, no own aura


def test_troop_stats_on_an_honour_rule_view_leave_out_hidden_training():
    state = scenario(honour_rule=True)
    foot = troop(state, MOON, "foot", 4, 4, level=2)
    assert troop_stats(state, foot).defence == 3
    seen = TacticaGame().view(state, SUN)
    assert isinstance(seen, TacticaState)
    assert troop_stats(seen, foot).defence == 1
    assert training_seen(seen, foot, SUN) is None and training_seen(state, foot, None) == 2


def test_reachable_only_for_the_mover_in_movement():
    state = scenario()
    foot = troop(state, SUN, "foot", 4, 9)
    assert reachable(state, foot) == {}
    set_phase(state, Phase.MOVEMENT, SUN)
    assert reachable(state, foot)[at(4, 8)] == 1
    foe = troop(state, MOON, "foot", 7, 3)
    assert reachable(state, foe) == {}


def test_muster_hexes_for_a_card_in_the_barracks():
    state = scenario()
    bow = hand(state, SUN, "archer")
    foot = hand(state, SUN, "foot")
    assert at(3, 11) in muster_hexes(state, bow) and at(3, 11) not in muster_hexes(state, foot)
    assert at(3, 10) in muster_hexes(state, foot)


def test_training_as_each_viewer_knows_it():
    state = scenario(honour_rule=True)
    foot = troop(state, SUN, "foot", 3, 10, level=1)
    assert training_seen(state, foot, SUN) == 1
    assert training_seen(state, foot, MOON) is None
    assert training_seen(state, foot, None) == 1
    assert training_seen(scenario(), troop(scenario(), SUN, "foot", 3, 10), MOON) == 0


def test_the_game_offers_its_policy_as_the_agent():
    assert isinstance(TacticaGame().agent(), TacticaPolicy)


def test_policy_captures_what_it_can():
    state = scenario()
    set_phase(state, Phase.COMBAT, SUN)
    a = troop(state, SUN, "foot", 4, 7)
    b = troop(state, SUN, "foot", 3, 6)
    foe = troop(state, MOON, "foot", 4, 6)
    first = POLICY.choose(state, legal_actions(state), Rng(1))
    assert isinstance(first, Attack) and first.target == foe
    act(state, first)
    second = POLICY.choose(state, legal_actions(state), Rng(1))
    assert isinstance(second, Attack) and second.target == foe and second.attacker in (a, b)


def test_policy_uses_horse_to_finish_a_capture():
    state = scenario()
    set_phase(state, Phase.COMBAT, SUN)
    foot = troop(state, SUN, "foot", 4, 7)
    troop(state, MOON, "foot", 4, 6)
    horse = hand(state, SUN, "horse")
    choice = POLICY.choose(state, legal_actions(state), Rng(1))
    assert choice == PlayTactic(horse, foot)


def test_policy_negates_an_engineer_aimed_at_its_wall():
    state = scenario()
    set_phase(state, Phase.COMBAT, SUN)
    foot = troop(state, SUN, "foot", 3, 2)
    wall = next(c for c in state.table.zones["field"].cards
                if c.startswith("moon-wall") and state.table.pos[c] == at(3, 1))
    negate = hand(state, MOON, "negate")
    act(state, PlayTactic(hand(state, SUN, "engineer"), foot, other=wall))
    choice = POLICY.choose(state, legal_actions(state), Rng(1))
    assert choice == Negate((negate,))


def test_policy_answers_an_attack_with_the_card_that_saves_the_troop():
    state = scenario()
    set_phase(state, Phase.COMBAT, MOON)
    target = troop(state, SUN, "foot", 4, 7)
    foe = troop(state, MOON, "champion", 4, 6)
    shield = hand(state, SUN, "shieldwall")
    act(state, Attack(foe, target))
    assert POLICY.choose(state, legal_actions(state), Rng(1)) == PlayTactic(shield, target)
    calm = scenario()
    set_phase(calm, Phase.COMBAT, MOON)
    target = troop(calm, SUN, "foot", 4, 7)
    foe = troop(calm, MOON, "foot", 4, 6)
    hand(calm, SUN, "shieldwall")
    act(calm, Attack(foe, target))  # 1 damage against DEF 1: nothing to save
    assert POLICY.choose(calm, legal_actions(calm), Rng(1)) == Pass()


def test_policy_battles_finish_with_a_winner():
    game = TacticaGame()
    for seed in (1, 2):
        state = game.setup(TacticaOptions(match_length="single battle"), Rng(seed))
        assert isinstance(state, TacticaState)
        rng = Rng(seed)
        steps = 0
        while state.result is None:
            actions = legal_actions(state)
            choice = POLICY.choose(state, actions, rng)
            assert choice in actions
            GAME.apply(state, choice)
            steps += 1
            assert steps < 5_000
        assert state.battles_won[state.result.winners[0]] == 1


def test_policy_spies_once_a_muster_and_only_for_news():
    """Part 2, SPY in MUSTER: see the opponent's barracks and the training of their troops.
    A second SPY in the same MUSTER would show the same cards again, so the policy plays
    one (the enemy drew cards it has not seen) and then ends the phase."""
    state = scenario()
    state.musters_left = 0
    hand(state, MOON, "foot")
    spies = [hand(state, SUN, "spy"), hand(state, SUN, "spy")]
    choice = POLICY.choose(state, legal_actions(state), Rng(1))
    assert isinstance(choice, PlayTactic) and choice.card in spies
    act(state, choice)
    assert POLICY.choose(state, legal_actions(state), Rng(1)) == EndPhase()


def test_policy_keeps_the_crown_without_a_clear_lead():
    """Part 2, CROWN: a captured CROWN held at a battle's end loses the war. The policy
    plays it only to press a lead; with nothing to gain it ends MUSTER instead."""
    state = scenario()
    state.musters_left = 0
    troop(state, SUN, "foot", 3, 10)
    hand(state, SUN, "crown")
    for seed in range(20):
        assert POLICY.choose(state, legal_actions(state), Rng(seed)) == EndPhase()


def test_policy_never_walks_a_troop_back_in_the_same_turn():
    """Part 2: MOV is a troop's movement points for a single turn. The policy spends them
    going somewhere: no troop ends a card move on a hex it already stood on this turn."""
    game = TacticaGame()
    for seed in (1, 3, 8, 13):
        state = game.setup(TacticaOptions(match_length="single battle"), Rng(seed))
        assert isinstance(state, TacticaState)
        rng = Rng(seed)
        turn = None
        stood: dict[str, set[tuple[int, int]]] = {}
        while state.result is None:
            choice = POLICY.choose(state, legal_actions(state), rng)
            if (state.battle, state.battle_turn) != turn:
                turn, stood = (state.battle, state.battle_turn), {}
            if isinstance(choice, Move):
                been = stood.setdefault(choice.troop, {board(state).pos[choice.troop]})
                assert (choice.q, choice.r) not in been, (seed, turn, choice)
                been.add((choice.q, choice.r))
            GAME.apply(state, choice)


def test_policy_frees_with_disengage_only_a_troop_with_mov_left():
    """Part 2, DISENGAGE in MOVEMENT lets a held troop use its movement points; MOV being
    per turn, a troop that walked its MOV up to the enemy would gain nothing, so the
    policy keeps the card."""
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    champion = troop(state, SUN, "champion", 4, 9)
    troop(state, MOON, "champion", 4, 6)
    troop(state, MOON, "champion", 5, 5)
    card = hand(state, SUN, "disengage")
    act(state, Move(champion, *at(4, 7)))  # 2 MOV, next to the enemy
    assert PlayTactic(card, champion) in legal_actions(state)
    assert POLICY.choose(state, legal_actions(state), Rng(1)) != PlayTactic(card, champion)
    fresh = scenario()
    set_phase(fresh, Phase.MOVEMENT, SUN)
    held = troop(fresh, SUN, "champion", 4, 7)
    troop(fresh, MOON, "champion", 4, 6)
    troop(fresh, MOON, "champion", 5, 5)
    card = hand(fresh, SUN, "disengage")
    assert POLICY.choose(fresh, legal_actions(fresh), Rng(1)) == PlayTactic(card, held)
