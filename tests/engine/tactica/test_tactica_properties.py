"""Properties over random play: legal means accepted, illegal is refused without change,
cards are conserved, saves and undo round-trip, and the game never gets stuck."""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import invariants
from engine.core.errors import IllegalAction
from engine.core.match import Match
from engine.core.rng import Rng
from engine.games.tactica import board as board_module
from engine.games.tactica import tactics
from engine.games.tactica.actions import (
    Attack,
    Deploy,
    EndPhase,
    Move,
    Muster,
    PlayTactic,
    Rescue,
    Train,
)
from engine.games.tactica.board import GEOM, board
from engine.games.tactica.combat import targets
from engine.games.tactica.movement import card_moves
from engine.games.tactica.policy import TacticaPolicy
from engine.games.tactica.rules import TacticaGame, TacticaOptions
from engine.games.tactica.state import TacticaState
from tests.engine.tactica.helpers import legal_actions, why_not

GAME = TacticaGame()
PROPERTY = settings(max_examples=25, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


def walk(seed: int, picks: list[int], **options: object) -> TacticaState:
    state = GAME.setup(TacticaOptions(**options), Rng(seed))
    assert isinstance(state, TacticaState)
    for pick in picks:
        actions = legal_actions(state)
        if not actions:
            break
        GAME.apply(state, actions[pick % len(actions)])
    return state


def candidates(state: TacticaState, rng: Rng) -> list[object]:
    """Actions of every kind aimed at random cards and hexes, most of them illegal."""
    cards = sorted(state.table.where)
    hexes = list(GEOM.hexes)
    out: list[object] = [EndPhase()]
    for _ in range(12):
        card, other = rng.choice(cards), rng.choice(cards)
        q, r = rng.choice(hexes)
        out += [Move(card, q, r), Attack(card, other), Train(card), Rescue(card),
                Muster(card, q, r), Deploy(card, q, r), PlayTactic(card, other, q, r),
                PlayTactic(card, other)]
    return out


@PROPERTY
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 500), max_size=120))
def test_every_legal_action_is_accepted_and_others_are_refused_with_a_reason(seed, picks):
    state = walk(seed, picks)
    legal = legal_actions(state)
    for action in legal:
        assert why_not(state, action) is None, action
    exact = (Move, Attack, Train, Rescue, EndPhase)
    rng = Rng(seed)
    for action in candidates(state, rng):
        reason = why_not(state, action)
        if isinstance(action, exact):
            assert (reason is None) == (action in legal), (action, reason)
        if reason is None:
            continue
        before = state.state_hash()
        try:
            GAME.apply(state, action)
        except IllegalAction as exc:
            assert exc.reason == reason and exc.reason
        else:
            raise AssertionError(f"{action} should be refused")
        assert state.state_hash() == before


@PROPERTY
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 500), max_size=150))
def test_cards_are_conserved_and_the_board_agrees_with_the_table(seed, picks):
    state = GAME.setup(TacticaOptions(), Rng(seed))
    assert isinstance(state, TacticaState)
    everything = GAME.all_cards(state)
    for pick in picks:
        actions = legal_actions(state)
        if not actions:
            break
        GAME.apply(state, actions[pick % len(actions)])
        assert state.table.check_conservation(everything) is None
        b = board(state)
        assert set(b.pos) == {c for c in state.table.zones["field"].cards
                              if state.table.faces[c] not in ("wall", "landmark")}
        assert len(b.troop_at) == len(b.pos)  # one troop a hex
        for troop in state.training:
            assert troop in b.pos, "training stays only under troops on the field"


def test_what_the_field_snapshot_remembers_agrees_with_a_fresh_look():
    """The card moves, friends and danger hexes a snapshot keeps from action to action (and
    the ways to walk kept from one layout to the next) are what a snapshot built afresh from
    the table finds: the same actions, in the same order, for each side."""
    for seed, advanced in ((3, False), (4, True)):
        match = Match(GAME, TacticaOptions(advanced_cards=advanced), seed)
        rng = Rng(seed)
        while match.outcome() is None and len(match.steps) < 700:
            actions = match.legal_actions()
            match.submit(actions[rng.below(len(actions))])
            state = match.state
            assert isinstance(state, TacticaState)
            fresh = state.clone()
            fresh._board = None
            board_module._FEATURES.clear()  # nor the layout,
            board_module.WALKS.clear()  # nor the walks kept from one layout to the next
            assert GAME.legal_actions(fresh) == GAME.legal_actions(state)
            b, f = board(state), board(fresh)
            for troop in b.pos:
                assert list(card_moves(state, b, troop).items()) == list(
                    card_moves(fresh, f, troop).items())
                assert targets(state, b, troop) == targets(fresh, f, troop)
            for p in (0, 1):
                assert tactics.plays(state, p, None) == tactics.plays(fresh, p, None)


def test_a_play_is_offered_exactly_when_the_listing_holds_it():
    """offered() checks a play by looking only at the troop it names; in every state of
    random wars (turns and counter windows, with and without the advanced cards) it
    accepts each listed play and, of plays aimed at other troops, just those the listing
    holds (which lists each face with its first card: any card of that face may play)."""
    for seed, advanced in ((6, False), (7, True), (8, False)):
        match = Match(GAME, TacticaOptions(advanced_cards=advanced), seed)
        rng = Rng(seed)
        while match.outcome() is None and len(match.steps) < 900:
            state = match.state
            assert isinstance(state, TacticaState)
            top = state.frames[-1] if state.frames else None
            trigger = getattr(top, "trigger", None) if top is not None else None
            if top is None or trigger is not None:
                p = state.active if top is None else top.seats[0]
                listed = tactics.plays(state, p, trigger)
                names = ["", *sorted(board(state).pos)]
                hand = tactics.hand(state, p)  # a face is listed with its first card
                cards = sorted(card for held in hand.values() for card in held)
                tried = list(listed)
                for _ in range(12):
                    if listed:
                        a = listed[rng.below(len(listed))]
                        tried.append(dataclasses.replace(a, target=names[rng.below(len(names))]))
                    if cards:
                        tried.append(PlayTactic(cards[rng.below(len(cards))],
                                                names[rng.below(len(names))]))
                for a in tried:
                    held = hand.get(state.table.faces[a.card], ())
                    listed_as = dataclasses.replace(a, card=held[0]) if held else None
                    assert tactics.offered(state, p, a, trigger) == (listed_as in listed), a
            actions = match.legal_actions()
            match.submit(actions[rng.below(len(actions))])


@settings(max_examples=10, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 500), max_size=80),
       honour=st.booleans())
def test_undo_redo_and_save_load_round_trip(seed, picks, honour):
    match = Match(GAME, TacticaOptions(honour_rule=honour), seed)
    hashes = [match.state_hash()]
    for pick in picks:
        actions = match.legal_actions()
        if not actions:
            break
        match.submit(actions[pick % len(actions)])
        hashes.append(match.state_hash())
        assert invariants.after_action(match) is None
    assert invariants.undo_redo_round_trip(match, hashes) is None
    assert invariants.save_round_trip(match) is None


@PROPERTY
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 500), max_size=150),
       advanced=st.booleans())
def test_the_policy_always_picks_a_legal_action(seed, picks, advanced):
    state = walk(seed, picks, advanced_cards=advanced)
    actions = legal_actions(state)
    if actions:
        assert TacticaPolicy().choose(state, actions, Rng(seed)) in actions


def test_random_play_always_finishes_the_war():
    # The game never gets stuck: every state before the end offers an action, and a
    # random war ends (on points or the designed turn limit at the latest).
    for seed in (11, 12):
        state = GAME.setup(TacticaOptions(), Rng(seed))
        assert isinstance(state, TacticaState)
        rng = Rng(seed + 100)
        steps = 0
        while state.result is None:
            actions = legal_actions(state)
            assert actions, f"seed {seed}: stuck at step {steps} in {state.phase}"
            GAME.apply(state, rng.choice(actions))
            steps += 1
            assert steps < 20_000
        assert state.result.winners in ((0,), (1,))
        assert legal_actions(state) == []


def test_the_honour_rule_hides_the_opponents_training_cards_too():
    state = walk(3, [7] * 60, honour_rule=True)
    seen = GAME.view(state, 1)
    suns = [(t, card) for t, (card, _) in state.training.items() if t.startswith("sun-")]
    assert suns
    for troop, card in suns:
        assert troop not in seen.training and card not in seen.table.where
        assert troop in GAME.view(state, 0).training


def test_a_swap_is_accepted_exactly_when_its_pair_is_listed_in_either_order():
    """SAVED and SHIELDWALL check a swap on its own pair (a load checks every recorded one):
    it must be accepted exactly when the frame lists that pair, in either order."""
    from engine.games.tactica.actions import Swap
    from engine.games.tactica.frames import SavedSwap, ShieldwallRearrange

    seen = 0
    for seed in range(3):
        match = Match(GAME, TacticaOptions(), seed)
        rng = Rng(seed)
        while match.outcome() is None and len(match.steps) < 1000:
            state = match.state
            assert isinstance(state, TacticaState)
            top = state.frames[-1] if state.frames else None
            if isinstance(top, (SavedSwap, ShieldwallRearrange)):
                seen += 1
                p = top.seats[0]
                listed = top.answers(state, p)
                troops = sorted(board(state).pos)
                for a in troops:
                    for b in troops:
                        swap = Swap(a, b)
                        wanted = swap in listed or Swap(b, a) in listed
                        assert (top.refusal(state, p, swap) is None) == wanted, (top, swap)
            actions = match.legal_actions()
            match.submit(actions[rng.below(len(actions))])
    assert seen > 5
