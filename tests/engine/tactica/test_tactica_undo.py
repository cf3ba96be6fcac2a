"""Undo and hidden information: whatever shows a player a hidden card is a reveal in the table.

Core undo (Match.can_undo, without take-backs) stops at a step that made a
card newly visible to the player who took it, or that drew on the RNG. These
tests play each TACTICA action that shows hidden information through a real
Match and check that undo stops there, and that an action showing nothing
can still be taken back (so the checks are not always false).
"""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.frames import Pass
from engine.core.match import Match
from engine.core.options import GameOptions
from engine.core.rng import Rng
from engine.games.tactica import queries
from engine.games.tactica.actions import (
    ChooseCard,
    EndPhase,
    Move,
    PlayTactic,
    Rescue,
    SpyStack,
    Train,
)
from engine.games.tactica.board import TROOP_FACES, invalidate
from engine.games.tactica.rules import TacticaGame
from engine.games.tactica.state import (
    Phase,
    TacticaState,
    barracks,
    hostages,
    searching,
    tactics_pile,
    trained,
    troop_pile,
)
from tests.engine.tactica.helpers import MOON, SUN, at, hand, scenario, set_phase, troop

HIDDEN = "a hidden card was shown to you; take-backs are off"
RANDOM = "dice were rolled or a pile shuffled; take-backs are off"


class Staged(TacticaGame):
    """TACTICA starting from a prepared scenario instead of a fresh set-up."""

    def __init__(self, prepared: TacticaState) -> None:
        self.prepared = prepared

    def setup(self, options: GameOptions, rng: Rng) -> TacticaState:
        return self.prepared.clone()


def staged(state: TacticaState) -> Match:
    return Match(Staged(state), state.options, seed=0)


def play(match: Match, action: Action) -> None:
    """Submit `action`; then pass for each seat asked by a window it can only pass, as the
    table does by default (the NEGATE window after a SPY, for a MOON without NEGATE)."""
    match.submit(action)
    while match.state.frames and match.legal_actions() == [Pass()]:
        match.submit(Pass())


def faces_of(match: Match, zone: str) -> list[str]:
    table = match.state.table
    return [table.faces[c] for c in table.zones[zone].cards or ()]


def test_a_move_shows_nothing_and_can_be_taken_back():
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    foot = troop(state, SUN, "foot", 4, 8)
    match = staged(state)
    match.submit(Move(foot, *at(4, 7)))
    assert match.can_undo() == (True, "")


def test_spy_in_movement_shows_the_piles_through_the_table_and_stops_undo():
    # Part 2, SPY in MOVEMENT: the player goes through their own troop and tactics piles.
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    card = hand(state, SUN, "spy")
    match = staged(state)
    piles = [list(match.state.table.zones[z].cards or ())
             for z in (troop_pile(SUN), tactics_pile(SUN))]
    play(match, PlayTactic(card))
    assert match.can_undo([SUN]) == (False, HIDDEN)
    looked = match.state.table.zones[searching(SUN)].cards
    assert list(looked) == piles[0] + piles[1]
    assert set(match.view(SUN).table.zones[searching(SUN)].cards) == set(looked)
    assert all(ref.startswith("?") for ref in match.view(MOON).table.zones[searching(SUN)].cards)
    offered = {a.troop_face for a in match.legal_actions() if isinstance(a, SpyStack)}
    in_view = {f for f in faces_of(match, searching(SUN)) if f in TROOP_FACES} - {"crown"}
    assert offered == {"", *in_view} and len(in_view) > 1
    match.submit(SpyStack("archer", "negate"))
    # Putting the cards back shows nothing new: that answer alone may be taken back.
    assert match.can_undo([SUN]) == (True, "")
    assert not match.state.table.zones[searching(SUN)].cards
    troops = match.state.table.zones[troop_pile(SUN)].cards
    tactics = match.state.table.zones[tactics_pile(SUN)].cards
    assert faces_of(match, troop_pile(SUN))[-1] == "archer"
    assert faces_of(match, tactics_pile(SUN))[-1] == "negate"
    # Apart from the card put on top, each pile keeps the order it had.
    assert [c for c in troops if c != troops[-1]] == [c for c in piles[0] if c != troops[-1]]
    assert [c for c in tactics if c != tactics[-1]] == [c for c in piles[1] if c != tactics[-1]]
    match.undo()
    assert match.can_undo([SUN]) == (False, HIDDEN)


def test_spy_in_muster_on_unseen_barracks_cards_stops_undo():
    # Part 2, SPY in MUSTER: the opponent's barracks is shown.
    state = scenario()
    hand(state, MOON, "champion")
    card = hand(state, SUN, "spy")
    match = staged(state)
    play(match, PlayTactic(card))
    assert match.can_undo([SUN]) == (False, HIDDEN)


def test_spy_in_muster_that_shows_nothing_hidden_can_be_taken_back():
    # Without the honour rule training is public and the barracks here is empty.
    state = scenario()
    troop(state, MOON, "foot", 3, 2, level=1)
    card = hand(state, SUN, "spy")
    match = staged(state)
    play(match, PlayTactic(card))
    assert match.can_undo([SUN]) == (True, "")


def test_spy_in_muster_shows_honour_rule_training_until_resolution():
    # Part 2, SPY in MUSTER: an accurate count of the opposing training levels; with the
    # honour rule those are hidden, so showing them is a reveal.
    state = scenario(honour_rule=True)
    foot = troop(state, MOON, "foot", 3, 2, level=1)
    card = hand(state, SUN, "spy")
    match = staged(state)
    assert queries.training_seen(match.view(SUN), foot, SUN) is None
    assert foot not in match.view(SUN).training
    play(match, PlayTactic(card))
    assert match.can_undo([SUN]) == (False, HIDDEN)
    assert queries.training_seen(match.state, foot, SUN) == 1
    assert match.view(SUN).training[foot][1] == 1
    for _ in range(3):
        match.submit(EndPhase())
    assert queries.training_seen(match.state, foot, SUN) is None
    assert foot not in match.view(SUN).training
    assert match.state.table.zones[trained(MOON)].cards


def test_honour_rule_training_shows_nothing_hidden_and_can_be_taken_back():
    # Part 1's honour rule: training is announced once, then the opponent must remember it.
    state = scenario(honour_rule=True)
    foot = troop(state, SUN, "foot", 3, 10)
    match = staged(state)
    match.submit(Train(foot))
    assert match.can_undo() == (True, "")
    assert queries.training_seen(match.state, foot, MOON) is None
    assert queries.training_seen(match.state, foot, SUN) == 1
    assert queries.training_seen(match.state, foot, None) == 1
    assert foot not in match.view(MOON).training


def test_spy_in_combat_return_shuffles_and_stops_undo():
    # Part 2, SPY in COMBAT: the opponent returns a card and shuffles both piles.
    state = scenario()
    set_phase(state, Phase.COMBAT, SUN)
    given = hand(state, MOON, "foot")
    card = hand(state, SUN, "spy")
    match = staged(state)
    play(match, PlayTactic(card))
    match.submit(ChooseCard(given))
    assert match.can_undo([SUN]) == (False, RANDOM)


def test_the_end_of_turn_draw_stops_undo():
    state = scenario()
    match = staged(state)
    before = len(match.state.table.zones[barracks(SUN)].cards or ())
    match.submit(EndPhase())
    match.submit(EndPhase())
    assert match.can_undo() == (True, "")
    match.submit(EndPhase())  # RESOLUTION ends the turn with the draws
    assert len(match.state.table.zones[barracks(SUN)].cards or ()) == before + 2
    assert match.can_undo() == (False, HIDDEN)


def test_a_rescue_without_the_card_is_random_and_stops_undo():
    # Part 2, RESCUE: without the card the hostage rescued is chosen at random.
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    rescuer = troop(state, SUN, "foot", 3, 2)
    for face in ("foot", "archer"):
        prisoner = troop(state, SUN, face, 8, 8)
        state.table.move(prisoner, hostages(MOON))
    invalidate(state)
    match = staged(state)
    match.submit(Rescue(rescuer))
    assert match.can_undo() == (False, RANDOM)


def test_a_seat_view_carries_no_snapshot_holding_the_whole_table():
    """A clone shares its state's field snapshot, which holds the state's own table; a
    seat's view must not, or the seat could read the other side's troop pile in order."""
    game = TacticaGame()
    match = Match(game, game.options_model(), 3)
    rng = Rng(3)
    while len(match.steps) < 60 and match.outcome() is None:
        legal = match.legal_actions()
        match.submit(legal[rng.below(len(legal))])
    assert match.state._board is not None  # the rules read the field this step
    for seat in (SUN, MOON):
        seen = match.view(seat)
        assert seen._board is None
        other = seen.table.zones[troop_pile(1 - seat)].cards or ()
        assert not set(other) & set(match.state.table.zones[troop_pile(1 - seat)].cards or ())
        assert game.legal_actions(seen, seat) == game.legal_actions(match.state, seat)
