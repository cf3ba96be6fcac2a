"""Gods' Gifts (facts 20-23): the kept card set aside, 8 cards dealt to each clan, picks
made at once and hidden, packets passing left, two at a time with two players, the last
cards put away unseen; and what the other seats see of it."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.games.yggdrasil.actions import Keep, Pick
from engine.games.yggdrasil.frames import YggDraft, YggKeep
from engine.games.yggdrasil.state import hand, kept, packet
from tests.engine.yggdrasil.helpers import GAME, act, give, new, refusal, settle, table, top


def pick_first(state, seat: int):
    cards = state.table.cards_in(packet(seat))
    frame = top(state)
    assert isinstance(frame, YggDraft)
    return act(state, Pick(tuple(cards[:frame.take])), seat)


def draft_round(state) -> list:
    events = []
    for seat in list(top(state).seats):
        events += pick_first(state, seat)
    return events


@pytest.mark.parametrize(("players", "boxed"), [(2, 4), (3, 2), (4, 2)])
def test_eight_cards_dealt_each_and_the_rest_put_away_unseen(players: int, boxed: int) -> None:
    """facts 21: 8 cards per clan from the Age deck; the leftovers (4 with two players, 2
    with three or four) are discarded unseen."""
    state = new(players)
    for seat in range(players):
        assert len(state.table.cards_in(packet(seat))) == 8
    assert len(state.table.cards_in("box")) == boxed
    for seat in range(players):
        seen = GAME.view(state, seat).table
        assert not any(c in seen.faces for c in state.table.cards_in("box"))


@pytest.mark.parametrize("players", [3, 4])
def test_one_pick_at_a_time_the_packets_pass_left(players: int) -> None:
    """facts 22: each picks 1 at once and passes the rest to the left (the next seat)."""
    state = new(players)
    frame = top(state)
    assert isinstance(frame, YggDraft) and frame.take == 1
    assert set(frame.seats) == set(range(players))
    before = {s: state.table.cards_in(packet(s)) for s in range(players)}
    picked = {s: before[s][0] for s in range(players)}
    draft_round(state)
    for seat in range(players):
        assert state.table.cards_in(hand(seat)) == (picked[seat],)
        left = (seat + 1) % players
        assert set(state.table.cards_in(packet(left))) == set(before[seat]) - {picked[seat]}


def test_two_players_pick_two_at_a_time() -> None:
    """facts 23: with two players each picks 2 and passes the rest to the other."""
    state = new(2)
    frame = top(state)
    assert isinstance(frame, YggDraft) and frame.take == 2
    cards = state.table.cards_in(packet(0))
    assert "2 cards" in refusal(state, Pick((cards[0],)), 0)
    assert "2 cards" in refusal(state, Pick((cards[0], cards[0])), 0)
    draft_round(state)
    assert len(state.table.cards_in(hand(0))) == 2
    assert len(state.table.cards_in(packet(1))) == 6


@pytest.mark.parametrize("players", [2, 3, 4])
def test_six_cards_each_and_the_last_two_of_each_packet_put_away(players: int) -> None:
    """facts 22, 23: until each has 6; the last 2 cards of each packet are discarded
    unseen; the Action phase follows."""
    state = new(players)
    boxed = len(state.table.cards_in("box"))
    rounds = 0
    while isinstance(top(state), YggDraft):
        draft_round(state)
        rounds += 1
    assert rounds == (3 if players == 2 else 6)
    for seat in range(players):
        assert len(state.table.cards_in(hand(seat))) == 6
        assert not state.table.cards_in(packet(seat))
    assert len(state.table.cards_in("box")) == boxed + 2 * players
    assert state.phase == "action"


def test_a_pick_comes_from_your_own_packet() -> None:
    """facts 22: a clan picks from the packet in front of it."""
    state = new(4)
    other = state.table.cards_in(packet(1))[0]
    assert "packet in front of you" in refusal(state, Pick((other,)), 0)


def test_picks_are_hidden_until_the_packets_pass() -> None:
    """facts 22: picks are made at the same time and hands are secret: before the packets
    pass the other seats' views hold neither the card picked nor its name, and their log
    line says only that a pick was made."""
    state = new(4)
    mine = state.table.cards_in(packet(0))[0]
    name = GAME.card_name(state.table.faces[mine])
    events = act(state, Pick((mine,)), 0)
    assert any(name in e.text_for(0) for e in events)
    for seat in (1, 2, 3):
        seen = GAME.view(state, seat).table
        assert mine not in seen.faces and mine not in seen.where
        assert all(name not in e.text_for(seat) for e in events)
    # a second seat may still pick while the first waits; then the packets pass
    for seat in (1, 2, 3):
        events = pick_first(state, seat)
        for other in range(4):
            if other != seat:
                assert all("You pick" not in e.text_for(other) for e in events)
    for seat in (1, 2, 3):
        assert mine not in GAME.view(state, seat).table.faces


def test_a_pick_cannot_be_changed_once_made() -> None:
    """facts 22: a pick is made once; the seat is not asked again before the others."""
    state = new(4)
    pick_first(state, 0)
    assert 0 not in top(state).seats
    card = state.table.cards_in(packet(0))[0]
    with pytest.raises(IllegalAction):
        GAME.check(state, Pick((card,)), 0)


def test_the_kept_card_is_set_aside_during_the_draft_and_joins_the_hand() -> None:
    """facts 20, 22: from Age 2 the card kept from the last Age is set aside face down,
    not mixed into the draft; after it the hand is 6 picks plus the kept card."""
    state = table(4)
    kept_card = give(state, 0, "a1-tyrs-smite")[0]
    state.rage = [0, 0, 0, 0]
    settle(state)  # the Action phase ends: Discard asks who keeps what
    assert isinstance(top(state), YggKeep)
    act(state, Keep(kept_card), 0)
    while state.phase != "gifts":
        settle(state)
        if top(state) is not None and not isinstance(top(state), YggDraft):
            act(state, state.frames[-1].answers(state, state.deciding()[0])[0])
    assert state.age == 2
    assert state.table.where[kept_card] == kept(0)
    for seat in range(4):
        assert kept_card not in state.table.cards_in(packet(seat))
        if seat:
            assert kept_card not in GAME.view(state, seat).table.faces
    while isinstance(top(state), YggDraft):
        draft_round(state)
    assert kept_card in state.table.cards_in(hand(0))
    assert len(state.table.cards_in(hand(0))) == 7
