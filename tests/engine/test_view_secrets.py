"""A seat's view determines nothing it may not see (issue "Play-test fixes", item 11).

Views used to carry the true random-number state: with it and the rules, a
TACTICA view of the set-up rebuilt the opponent's barracks and every deck
order in a tenth of a second. Views now carry a sealed generator, and the
`hidden_stays_hidden` invariant catches any view that changes with the
random-number state or names a hidden card's id in any field.
"""

from __future__ import annotations

import pytest

from engine.core import invariants
from engine.core.game import GameState
from engine.core.match import Match
from engine.core.rng import Rng, SealedRng
from engine.games import game_names, get_game
from engine.simulate import default_mode


def new_match(name: str, seed: int = 5) -> Match:
    game = get_game(name)
    return Match(game, game.options_model(), seed, default_mode(name))


@pytest.mark.parametrize("name", game_names())
def test_views_carry_no_usable_random_number_state(name: str) -> None:
    """Neither the game's view nor the match's holds the true generator; rolling with
    a view's generator is refused."""
    match = new_match(name)
    for seat in range(match.players):
        for seen in (match.view(seat), match.game.view(match.state, seat)):
            assert isinstance(seen.rng, SealedRng)
            assert seen.rng.state != match.state.rng.state
            with pytest.raises(RuntimeError, match="a seat's view has no dice"):
                seen.rng.below(6)
    assert match.state.rng.state != 0  # the true state keeps its dice


def test_a_tactica_view_cannot_replay_the_set_up() -> None:
    """The attack that worked: rebuild the set-up from the view's generator. A view's
    generator now gives nothing to replay from."""
    match = new_match("tactica")
    seen = match.view(0)
    truth = match.state.table
    hidden = [c for c in truth.where if not truth.visible_to(c, 0)]
    assert hidden, "the opponent's barracks and the decks are hidden at the set-up"
    assert seen.rng.state == SealedRng().state == 0


class LeakyView:
    """Wraps a game so its view keeps what the sandbox view hides: a probe for the
    invariant, which must catch each kind of leak."""

    def __init__(self, game, leak: str) -> None:
        self._game, self._leak = game, leak

    def __getattr__(self, name: str):
        return getattr(self._game, name)

    def view(self, state: GameState, player: int | None) -> GameState:
        seen = self._game.view(state, player)
        if self._leak == "rng":
            seen.rng = Rng(state.rng.state)
        else:
            deck = state.table.cards_in("deck")
            seen.table.counters = {**seen.table.counters, f"{deck[-1]}/seen": 1}
        return seen


@pytest.mark.parametrize(("leak", "message"), [
    ("rng", "changes with the random-number state"),
    ("id", "names hidden card"),
])
def test_the_invariant_catches_each_kind_of_leak(leak: str, message: str) -> None:
    match = new_match("sandbox")
    assert invariants.hidden_stays_hidden(match) is None
    match.game = LeakyView(match.game, leak)
    problem = invariants.hidden_stays_hidden(match)
    assert problem is not None and message in problem
