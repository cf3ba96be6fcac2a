"""Wintergrim's own invariants under random legal play (the conformance suite checks the
engine contract: conservation, refusals, views, undo and saves)."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.rng import Rng
from engine.games.wintergrim import world
from engine.games.wintergrim.frames import Starving
from engine.games.wintergrim.state import PHASES, WintergrimOptions, WintergrimState, play
from tests.engine.wintergrim.helpers import GAME


def broken(state: WintergrimState) -> str | None:
    """The first invariant the state breaks, or None."""
    for structure in world.structures(state):
        if world.room_left(state, structure) < 0:
            return f"{structure} holds more than its room"
    starving = bool(state.frames) and isinstance(state.frames[-1], Starving)
    for seat in range(state.players):
        if world.food(state, seat) < 0 and world.units(state, seat) and not starving:
            return f"Player {seat + 1}'s food is negative with nobody asked to remove units"
    attached = {c for e in state.pieces.by_id.values() for c in e.attached}
    for seat in range(state.players):
        for card in state.table.cards_in(play(seat)):
            if card not in state.pieces and card not in attached:
                return f"{card} lies in play with no place on the board"
    for ident, entity in state.pieces.by_id.items():
        if state.table.where[ident] != play(int(ident[1])):
            return f"{ident} stands on the board but lies in {state.table.where[ident]}"
        if entity.inside and state.pieces[entity.inside].at != entity.at:
            return f"{ident} is inside a structure in another area"
    return state.pieces.check(frozenset(state.table.faces))


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 2, 3, 4]),
       mode=st.sampled_from(["destroy", "assassinate", "conquer", "enslave"]))
def test_random_play_keeps_wintergrims_invariants(seed: int, players: int, mode: str) -> None:
    state = GAME.setup(WintergrimOptions(players=players, mode=mode), Rng(seed))
    assert isinstance(state, WintergrimState)
    pick = random.Random(seed)
    for _ in range(400):
        if state.result is not None:
            break
        seat = state.deciding()[0]
        actions = GAME.legal_actions(state, seat)
        assert actions, "a match that is not over always offers an action"
        turn, phase = state.turn, state.phase
        GAME.apply(state, pick.choice(actions), seat)
        problem = broken(state)
        assert problem is None, problem
        if state.turn == turn and phase != "found":
            assert PHASES.index(state.phase) >= PHASES.index(phase), "a phase went back"


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_a_turn_action_is_accepted_exactly_when_it_is_listed(seed: int) -> None:
    """The check of one action (worked out for it alone) agrees with the whole listing:
    every listed action passes, and so does nothing else among the moves, attacks and
    cards of both seats tried against each state."""
    from engine.core.errors import IllegalAction
    from engine.games.wintergrim.actions import Attack, Move, Place, PlayTactic
    from engine.games.wintergrim.state import hand
    state = GAME.setup(WintergrimOptions(), Rng(seed))
    assert isinstance(state, WintergrimState)
    pick = random.Random(seed)
    for _ in range(300):
        if state.result is not None:
            break
        seat = state.deciding()[0]
        actions = GAME.legal_actions(state, seat)
        if not state.frames and state.phase != "found":
            listed = set(actions)
            tries = set(listed)
            units = world.units(state)
            areas = world.areas(state)
            structures = world.structures(state)
            for unit in units:
                tries.update(Move(unit, a, "") for a in areas)
                tries.update(Move(unit, state.pieces[s].at, s) for s in structures)
                tries.update(Attack(unit, t, k) for t in units + structures for k in ("cc", "rc"))
            for other in range(state.players):
                for card in state.table.cards_in(hand(other)):
                    tries.add(PlayTactic(card, ""))
                    tries.update(Place(card, state.pieces[s].at, s) for s in structures)
                    tries.update(Place(card, a, "") for a in areas)
            for action in tries:
                try:
                    GAME.check(state, action, seat)
                    accepted = True
                except IllegalAction:
                    accepted = False
                canonical = action
                if isinstance(action, Place | PlayTactic) and \
                        action.card in state.table.cards_in(hand(seat)):
                    face = state.table.faces[action.card]
                    first = next(c for c in state.table.cards_in(hand(seat))
                                 if state.table.faces[c] == face)
                    canonical = dataclasses.replace(action, card=first)
                assert accepted == (canonical in listed), action
        GAME.apply(state, pick.choice(actions), seat)
