"""TACTICA's rules log as typed events: facts as fields, each seat's line rendered from them."""

from __future__ import annotations

from engine.core.events import UNSEEN
from engine.core.match import Match
from engine.core.rng import Rng
from engine.games.tactica import events
from engine.games.tactica.events import Drawn, Moved, label, where
from engine.games.tactica.rules import TacticaGame, TacticaOptions
from tests.engine.tactica.helpers import MOON, SUN, at

GAME = TacticaGame()


def _war(seed: int) -> Match:
    match = Match(GAME, TacticaOptions(), seed)
    rng = Rng(seed)
    while match.outcome() is None and len(match.steps) < 600:
        legal = match.legal_actions()
        match.submit(legal[rng.below(len(legal))])
    return match


def test_every_line_of_a_war_is_a_typed_event_each_seat_can_read():
    """Every event is one of TACTICA's own, and renders for both seats and the referee
    (a line that printed a fact its reader may not know would raise LeakError)."""
    for seed in (1, 2):
        for _, event in _war(seed).log():
            assert type(event).__module__ == events.__name__
            for reader in (SUN, MOON, None):
                assert event.text_for(reader)


def test_what_a_draw_brought_is_private_to_its_owner():
    """Hidden cards are named only to their owner: the other seat reads how many."""
    draw = Drawn(seat=SUN, pile="tactics", count=2, cards=("sun-negate-1", "sun-spy-2"),
                 seen_by=frozenset({SUN}))
    assert draw.text_for(SUN) == "Player 1 draws NEGATE, SPY"
    assert draw.text_for(MOON) == "Player 1 draws 2 tactics cards"
    assert draw.for_seat(MOON).cards is UNSEEN and draw.for_seat(MOON).count == 2
    assert draw.facts()["cards"] == ("sun-negate-1", "sun-spy-2")  # the rules read them


def test_lines_name_cards_and_hexes_as_the_mat_does():
    move = Moved(seat=MOON, troop="moon-foot-3", to=at(3, 8))
    assert move.text == f"Player 2 moves MOON Foot 3 to {where(at(3, 8))}"
    assert where(at(3, 8)) == "hex 4-9"
    assert label("training-07") == "Training 07"
    assert move.facts() == {"seat": MOON, "troop": "moon-foot-3", "to": at(3, 8)}
