"""Conformance: every game keeps the engine contract (DESIGN.md) under random legal play.

For each game in conftest.GAMES and each seed: cards are conserved after every
action, a match that is not over always offers an action, refused actions give
a reason and change nothing, no seat's view, legal actions or log text name a
card that seat cannot see, undo to the start meets every earlier state and redo
meets them again (same dice), and save -> load -> save is byte-identical.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import invariants, saves
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import GameState, RuleMode
from engine.core.match import Match
from engine.core.referee import DeclareResult, SetCounter
from engine.core.rng import Rng
from engine.core.zones import HIDDEN_PREFIX
from engine.games import get_game
from engine.simulate import default_mode
from tests.conformance.conftest import ILLEGAL_EVERY, MAX_ACTIONS

AGENT_SALT = 0xC0F0_4A11


@dataclass(frozen=True, slots=True)
class Stranger(Action):
    """An action no game defines: every game must refuse it with IllegalAction."""

    kind = "conformance-stranger"


def new_match(game_name: str, seed: int) -> Match:
    game = get_game(game_name)
    return Match(game, game.options_model(), seed, default_mode(game_name))


def named_hidden_card(match: Match, action: Action) -> str | None:
    """A card id in `action` that the seat to move may not see, if any."""
    table = match.state.table
    seat = match.to_move()
    for value in action.to_json().values():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, str) and item in table.where and not table.visible_to(item, seat):
                return item
    return None


def check_now(match: Match, where: str) -> None:
    """The invariants that must hold at every decision point."""
    problem = invariants.after_action(match)
    assert problem is None, f"{where}: {problem}"
    for action in match.legal_actions():
        hidden = named_hidden_card(match, action)
        assert hidden is None, f"{where}: legal action {action.key()} names hidden {hidden}"
    for seat in range(match.players):
        seen = match.view(seat).table
        assert all(ref.startswith(HIDDEN_PREFIX) or match.state.table.visible_to(ref, seat)
                   for ref in seen.where), f"{where}: Player {seat + 1}'s view leaks an id"


def check_events(match: Match, before: GameState, events: list[Event], where: str) -> None:
    """No seat reads the name of a card it could see neither before nor after the action."""
    after = match.state.table
    for event in events:
        lines = [event.text_for(seat) for seat in range(match.players)]  # UNSEEN refuses
        for card in event.facts().values():
            if not isinstance(card, str) or card not in after.where:
                continue
            name = match.game.card_name(after.faces[card])
            for seat in range(match.players):
                if before.table.visible_to(card, seat) or after.visible_to(card, seat):
                    continue
                assert name not in lines[seat], (
                    f"{where}: Player {seat + 1} reads {name!r} in {lines[seat]!r}")


def check_refusals(match: Match, where: str) -> None:
    """Actions that must be refused are refused with a reason, changing nothing."""
    probes: list[Action] = [invariants.bogus_action(), Stranger()]
    if match.mode is RuleMode.ENFORCED:
        probes.append(SetCounter("conformance", 1))  # referee actions are off
    for probe in probes:
        problem = invariants.illegal_changes_nothing(match, probe)
        assert problem is None, f"{where}: {problem}"
    problem = invariants.only_deciding_seats_act(match)
    assert problem is None, f"{where}: {problem}"
    problem = invariants.moves_listed_only_for_deciding_seats(match)
    assert problem is None, f"{where}: {problem}"


def play(game_name: str, seed: int, max_actions: int = MAX_ACTIONS) -> tuple[Match, list[str]]:
    """A random legal game with every per-action check; returns the match and its hashes.

    Declaring the result is avoided until the last action, so the games are long.
    """
    match = new_match(game_name, seed)
    agent = Rng(seed ^ AGENT_SALT)
    hashes = [match.state_hash()]
    check_now(match, f"{game_name} seed {seed}, at the start")
    check_refusals(match, f"{game_name} seed {seed}, at the start")
    for number in range(1, max_actions + 1):
        actions = match.legal_actions()
        if not actions:
            break
        last = number == max_actions
        choices = actions if last else [a for a in actions if not isinstance(a, DeclareResult)]
        action = agent.choice(choices or actions)
        where = f"{game_name} seed {seed}, action {number} ({action.key()})"
        before = match.state
        events = match.submit(action)
        assert isinstance(events, list)
        hashes.append(match.state_hash())
        check_now(match, where)
        check_events(match, before, events, where)
        step = match.steps[-1]
        if not step.ended:  # the reveals noted as cards moved are the ones a full scan finds
            scanned = match.state.table.revealed_since(before.table, range(match.players))
            assert step.revealed_to == scanned, f"{where}: reveals {step.revealed_to} != {scanned}"
        if number % ILLEGAL_EVERY == 0 or match.outcome() is not None:
            check_refusals(match, where)
    return match, hashes


def test_random_play_keeps_every_invariant(game_name: str, seed: int) -> None:
    """Conservation, moves until the end, hidden stays hidden, refusals change nothing."""
    match, hashes = play(game_name, seed)
    assert len(match.steps) == len(hashes) - 1 > 0
    if match.outcome() is None:
        assert match.legal_actions(), "a match that is not over must offer an action"
    else:
        assert match.legal_actions() == [] and match.to_move() is None


def test_undo_to_the_start_meets_every_earlier_state(game_name: str, seed: int) -> None:
    """Undo all the way back meets every earlier state hash; redo meets the later ones."""
    match, hashes = play(game_name, seed)
    problem = invariants.undo_redo_round_trip(match, hashes)
    assert problem is None, f"{game_name} seed {seed}: {problem}"
    assert match.state_hash() == hashes[-1] and len(match.steps) == len(hashes) - 1


def test_redo_replays_the_same_events(game_name: str, seed: int) -> None:
    """Every event redone after undoing the whole match is the event first logged."""
    match, _ = play(game_name, seed, max_actions=60)
    first = list(match.log())
    match.take_backs = True
    while match.steps:
        match.undo()
    while match.can_redo():
        match.redo()
    assert list(match.log()) == first


def test_save_load_save_is_byte_identical(game_name: str, seed: int) -> None:
    """save -> load -> save gives the same bytes and the same state, redo list included."""
    match, _ = play(game_name, seed, max_actions=120)
    problem = invariants.save_round_trip(match)
    assert problem is None, f"{game_name} seed {seed}: {problem}"
    match.take_backs = True
    for _ in range(min(3, len(match.steps))):
        match.undo()
    text = saves.dumps(match)
    again = saves.loads(text, "conformance")
    assert saves.dumps(again) == text
    assert again.redo_actions == match.redo_actions


def test_undo_policy_without_take_backs(game_name: str, seed: int) -> None:
    """Without take-backs, undo is refused exactly after randomness or a reveal to the actor."""
    match, _ = play(game_name, seed, max_actions=80)
    match.take_backs = False
    while match.steps:
        step = match.steps[-1]
        allowed, reason = match.can_undo()
        assert allowed == (not step.random and step.actor not in step.revealed_to), step
        if not allowed:
            before = match.state_hash()
            try:
                match.undo()
            except IllegalAction as exc:
                assert exc.reason == f"cannot undo: {reason}"
            else:
                raise AssertionError("undo should have been refused")
            assert match.state_hash() == before
            break
        match.undo()


@settings(max_examples=50, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32),
       picks=st.lists(st.integers(min_value=0, max_value=10_000), max_size=40))
def test_property_any_legal_path_keeps_the_invariants(game_name: str, seed: int,
                                                       picks: list[int]) -> None:
    """Hypothesis picks indices into legal_actions: every invariant holds along any path."""
    match = new_match(game_name, seed)
    hashes = [match.state_hash()]
    for number, pick in enumerate(picks, start=1):
        actions = match.legal_actions()
        if not actions:
            break
        action = actions[pick % len(actions)]
        where = f"action {number} ({action.key()})"
        before = match.state
        events = match.submit(action)
        hashes.append(match.state_hash())
        check_now(match, where)
        check_events(match, before, events, where)
        step = match.steps[-1]
        if not step.ended:  # the reveals noted as cards moved are the ones a full scan finds
            scanned = match.state.table.revealed_since(before.table, range(match.players))
            assert step.revealed_to == scanned, f"{where}: reveals {step.revealed_to} != {scanned}"
        check_refusals(match, where)
    assert invariants.moves_until_end(match) is None
    assert invariants.undo_redo_round_trip(match, hashes) is None
    assert invariants.save_round_trip(match) is None
