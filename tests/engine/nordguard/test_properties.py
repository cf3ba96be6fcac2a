"""Property tests: along any legal path (random or the computer team's), cards are
conserved, refusals give a reason and change nothing, undo/redo meet every state, and a
save loads to the same state."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import invariants
from engine.core.actions import Action
from engine.core.match import Match
from engine.core.rng import Rng
from engine.games.nordguard.actions import Attempt, Fire, NextEvent, Restock, Trade
from engine.games.nordguard.build import NordguardOptions
from engine.games.nordguard.rules import NordguardGame

GAME = NordguardGame()
POLICY = GAME.agent()

# Actions that are illegal in most positions; whenever one is refused it must change nothing.
PROBES: list[Action] = [Attempt("SE"), Fire("it-rifle-1"), NextEvent(), Trade("no-card", 0),
                        Restock("no-kind", 0), invariants.bogus_action()]


def play(seed: int, picks: list[int], players: int, size: int) -> tuple[Match, list[str]]:
    """Each pick chooses the policy's move (even) or a random legal one (odd)."""
    match = Match(GAME, NordguardOptions(players=players, width=size, height=size), seed)
    stream = Rng(seed)
    hashes = [match.state_hash()]
    for pick in picks:
        actions = match.legal_actions()
        if not actions:
            break
        if pick % 2 == 0:
            action = POLICY.choose(match.state, actions, stream)
        else:
            action = actions[(pick // 2) % len(actions)]
        match.submit(action)
        hashes.append(match.state_hash())
        problem = invariants.after_action(match)
        assert problem is None, f"{action.key()}: {problem}"
        legal_now = match.legal_actions()
        for probe in PROBES:
            if probe in legal_now:
                continue
            problem = invariants.illegal_changes_nothing(match, probe)
            assert problem is None, problem
    return match, hashes


@settings(max_examples=40, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(1, 7), size=st.integers(2, 6),
       picks=st.lists(st.integers(0, 1000), min_size=10, max_size=120))
def test_any_path_keeps_the_invariants(seed: int, players: int, size: int,
                                       picks: list[int]) -> None:
    match, hashes = play(seed, picks, players, size)
    assert invariants.moves_until_end(match) is None
    assert invariants.save_round_trip(match) is None
    assert invariants.undo_redo_round_trip(match, hashes) is None


@settings(max_examples=15, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_the_computer_team_plays_to_the_end(seed: int) -> None:
    """The policy alone always finishes a game (no loop), every move legal."""
    match, _ = play(seed, [0] * 600, 2, 4)
    assert match.outcome() is not None

