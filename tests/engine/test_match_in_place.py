"""A match applies an action its rules listed to its own state in place, when nobody
else holds that state (issue "One engine for five rulebooks", Speed: a clone per action,
and freeing the state before it, were a tenth of every step). Nothing a player or a
reader can see may differ from a copy per action: the steps, the events, the hashes,
undo and redo, and a state once handed out never changes under its holder.
"""

from __future__ import annotations

import pytest

from engine.core import flow
from engine.core.match import CHECKPOINT, Match
from engine.core.registry import game_names
from engine.core.rng import Rng
from engine.games import get_game
from engine.simulate import default_mode

STEPS = 120


def fresh(name: str, seed: int = 5) -> Match:
    game = get_game(name)
    return Match(game, game.options_model(), seed, default_mode(name))


def played(name: str, hold: bool) -> tuple[list[str], list[str]]:
    """A random match of STEPS actions: each step's record and the hash after it. With
    `hold`, the state is read before every action (so each action gets a copy), and the
    state held must not change when the next action is applied. Undo is asked after each
    step: what a step applied in place showed whom is worked out only then, and must be
    what a copied step noted as it went."""
    match, rng = fresh(name), Rng(17)
    records, hashes = [], [match.state_hash()]
    while match.outcome() is None and len(match.steps) < STEPS:
        legal = match.legal_actions()
        held = match.state if hold else None
        before = held.state_hash() if held is not None else None
        events = match.submit(legal[rng.below(len(legal))])
        if held is not None:
            assert held.state_hash() == before, "a state handed out changed"
            assert match.state is not held
        undo = match.can_undo()
        records.append(repr((events, match.steps[-1], legal, undo)))
        hashes.append(match.state_hash())
    return records, hashes


@pytest.mark.parametrize("name", game_names())
def test_in_place_and_copied_steps_are_the_same(name: str) -> None:
    """The very same match, once changed in place and once copied per action."""
    assert played(name, hold=False) == played(name, hold=True)


@pytest.mark.parametrize("name", game_names())
def test_undo_and_redo_meet_every_state_played_in_place(name: str) -> None:
    """Undo back over in-place steps (across checkpoints) meets each earlier state, redo
    meets each later one, and play goes on in place from the middle as from the start."""
    _, hashes = played(name, hold=False)
    match, rng = fresh(name), Rng(17)
    while match.outcome() is None and len(match.steps) < len(hashes) - 1:
        legal = match.legal_actions()
        match.submit(legal[rng.below(len(legal))])
    match.take_backs = True
    for expected in reversed(hashes[:-1]):
        match.undo()
        assert match.state_hash() == expected
    for expected in hashes[1:]:
        match.redo()
        assert match.state_hash() == expected


def test_only_a_state_nobody_holds_is_changed_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """Steps between checkpoints copy nothing while nobody reads the state; a read, or a
    checkpoint, makes the next action work on a copy."""
    match, rng = fresh("nordguard"), Rng(2)
    kind = type(match.view(None))
    copies = []
    real = kind.clone
    monkeypatch.setattr(kind, "clone", lambda state: copies.append(1) or real(state))

    def step() -> None:
        legal = match.legal_actions()
        match.submit(legal[rng.below(len(legal))])

    step()  # the set-up is checkpoint 0: copied
    assert len(copies) == 1
    for _ in range(CHECKPOINT - 2):
        step()
    assert len(copies) == 1, "steps between checkpoints were copied"
    held = match.state
    step()
    assert len(copies) == 2 and match.state is not held


def test_a_listed_action_that_fails_half_way_leaves_the_state_as_it_was(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Should the rules fail while carrying out an action they listed, the state changed
    in place is rebuilt from its checkpoint: nothing of the half-done action stays."""
    match, rng = fresh("tactica"), Rng(4)
    for _ in range(CHECKPOINT + 5):
        legal = match.legal_actions()
        match.submit(legal[rng.below(len(legal))])
    before, steps = match.state_hash(), list(match.steps)
    real = flow.settle

    legal = match.legal_actions()
    failing = legal[0]

    failed: list[bool] = []

    def broken(game, state, fresh):  # type: ignore[no-untyped-def]
        events = real(game, state, fresh)
        if not failed:  # this action only (carried out and settled): the rebuild replays
            failed.append(True)
            raise RuntimeError("the rules failed half way")
        return events

    monkeypatch.setattr(flow, "settle", broken)
    with pytest.raises(RuntimeError):
        match.submit(failing)
    monkeypatch.undo()
    assert match.state_hash() == before and match.steps == steps
    legal = match.legal_actions()
    match.submit(legal[0])  # and play goes on
    assert len(match.steps) == len(steps) + 1
