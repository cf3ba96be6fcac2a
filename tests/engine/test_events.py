"""Typed events: facts as fields, each seat's line rendered from what it may know."""

from __future__ import annotations

import pytest

from engine.core.events import UNSEEN, Event, LeakError, event
from engine.core.table_events import seat_name


@event("draw")
class Drew(Event):
    seat: int
    card: str
    private = ("card",)

    def say(self, full: bool) -> str:
        return f"{seat_name(self.seat)} draws {self.card if full else 'a card'}"


@event("draw")
class LeakyDrew(Drew):
    def say(self, full: bool) -> str:
        return f"{seat_name(self.seat)} draws {self.card}"  # ignores `full`: a leak


def test_the_drawer_reads_the_card_and_the_others_read_a_card() -> None:
    drew = Drew(seat=0, card="Odin's Spear", seen_by=frozenset({0}))
    assert drew.text_for(0) == "Player 1 draws Odin's Spear"
    assert drew.text_for(1) == "Player 1 draws a card" == drew.text
    assert drew.text_for(None) == "Player 1 draws Odin's Spear"  # the referee sees all


def test_a_seat_outside_seen_by_gets_the_private_facts_masked() -> None:
    drew = Drew(seat=0, card="Odin's Spear", seen_by=frozenset({0}))
    assert drew.for_seat(1).facts() == {"seat": 0, "card": UNSEEN}
    assert drew.for_seat(0) is drew
    assert drew.facts() == {"seat": 0, "card": "Odin's Spear"}  # the rules read every fact


def test_a_rendering_that_prints_a_private_fact_fails_loudly() -> None:
    leaky = LeakyDrew(seat=0, card="Odin's Spear", seen_by=frozenset({0}))
    assert leaky.text_for(0) == "Player 1 draws Odin's Spear"
    with pytest.raises(LeakError):
        leaky.text_for(1)


def test_seen_by_none_means_every_seat_reads_everything() -> None:
    drew = Drew(seat=1, card="Horn", seen_by=None)
    assert drew.text_for(0) == drew.text == "Player 2 draws Horn"


def test_a_referee_override_says_so_to_every_seat() -> None:
    drew = Drew(seat=0, card="Horn", seen_by=frozenset({0}), override=True)
    assert drew.text_for(0) == "Referee: Player 1 draws Horn"
    assert drew.text_for(1) == "Referee: Player 1 draws a card"


def test_private_must_name_facts() -> None:
    with pytest.raises(TypeError, match="private names no fact"):
        @event("oops")
        class Oops(Event):
            seat: int
            private = ("card",)


def test_events_are_values_compared_by_their_facts() -> None:
    assert Drew(seat=0, card="a") == Drew(seat=0, card="a") != Drew(seat=0, card="b")
    assert Drew.kind == "draw"
