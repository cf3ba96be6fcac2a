"""The core's decision frames, simultaneous choices and triggers (issue "One engine for five
rulebooks", items 1-4), played through Duel, the smallest game built on them."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from engine.core import flow, invariants, registry, saves
from engine.core.errors import IllegalAction
from engine.core.frames import FRAME_TYPES, Pass, Triggered, Use, with_seats
from engine.core.game import RuleMode
from engine.core.match import Match
from engine.core.rng import Rng
from engine.simulate import play_one
from tests.engine.duel import DUEL_ENTRY, Answer, Bid, Duel, Lay, StrikeBack, laid
from tests.engine.test_events import Drew


@pytest.fixture(autouse=True)
def duel_registered() -> Iterator[None]:
    with registry.registered(DUEL_ENTRY):
        yield


def duel(take_backs: bool = False) -> Match:
    game = Duel()
    return Match(game, game.options_model(), 4, RuleMode.ENFORCED, take_backs)


def test_a_commit_frame_takes_both_seats_in_any_order() -> None:
    """Both seats decide now: either may act first; a seat outside the frame may not."""
    m = duel()
    assert m.state.deciding() == (0, 1)
    assert isinstance(m.state.frames[-1], Bid)
    m.submit(Lay("b2"), player=1)
    assert m.state.deciding() == (0,)
    with pytest.raises(IllegalAction, match="it is Player 1 who must decide now"):
        m.submit(Lay("b3"), player=1)


def test_a_committed_choice_stays_hidden_until_the_reveal() -> None:
    """Views, the log and undo labels show only that a seat has chosen."""
    m = duel()
    m.submit(Lay("a4"), player=0)
    other = m.view(1)
    assert "a4" not in other.table.where and "a4" not in other.table.faces
    assert "a4" not in str(other.to_json())
    (event,) = m.steps[-1].events
    assert event.text_for(1) == "Player 1 has chosen"
    assert "4" in event.text_for(0)
    assert invariants.hidden_stays_hidden(m) is None


def test_the_reveal_shows_all_choices_together_and_cannot_be_undone() -> None:
    """Once both are in, one event reveals them; undo may not take a choice back after
    the other was seen (without take-backs)."""
    m = duel()
    m.submit(Lay("a4"), player=0)
    assert m.can_undo()[0]  # nothing seen yet: a seat may still change its mind
    m.submit(Lay("b1"), player=1)
    kinds = [e.kind for e in m.steps[-1].events]
    assert kinds.count("reveal") == 1 and kinds[:2] == ["commit", "reveal"]
    assert m.view(1).table.faces["a4"] == "4"
    allowed, reason = m.can_undo([0, 1])
    assert not allowed and "shown" in reason


def test_a_window_opens_for_every_seat_the_rules_allow_even_without_an_answer() -> None:
    """The loser is asked whether or not it still has STRIKE BACK: a window that opened
    only for a seat able to answer would tell the table what that seat holds."""
    m = duel()
    m.submit(Lay("a4"), player=0)
    m.submit(Lay("b1"), player=1)
    assert isinstance(m.state.frames[-1], Answer) and m.state.deciding() == (1,)
    assert m.legal_actions() == [StrikeBack(), Pass()]
    m.submit(StrikeBack(), player=1)
    m.submit(Lay("a3"), player=0)
    m.submit(Lay("b2"), player=1)
    assert isinstance(m.state.frames[-1], Answer)  # asked again, with nothing to play
    assert m.legal_actions() == [Pass()]
    m.submit(Pass(), player=1)
    assert isinstance(m.state.frames[-1], Bid)


def test_the_prompt_is_kept_while_it_reads_the_same_and_made_anew_when_not() -> None:
    """Settling keeps the state's prompt while the open frame asks the same of the same
    seat (one was made after every action), and makes a new one when anything differs."""
    m = duel()
    m.submit(Lay("a4"), player=0)
    state = m.state.clone()
    kept = state.prompt
    assert kept is not None and kept.player == 1
    assert flow._prompt(state) is kept
    state.frames[-1] = dataclasses.replace(state.frames[-1], seats=(0,))
    made = flow._prompt(state)
    assert made is not kept and made is not None and made.player == 0
    assert (made.kind, made.question, made.can_pass) == (kept.kind, kept.question,
                                                         kept.can_pass)


def test_a_refused_answer_names_the_question_and_changes_nothing() -> None:
    m = duel()
    before = m.state_hash()
    with pytest.raises(IllegalAction, match="that does not answer Lay a card face down"):
        m.submit(StrikeBack(), player=0)
    assert m.state_hash() == before


def test_a_frame_gives_its_own_reason_for_a_refused_answer() -> None:
    """A frame may say why in the rule's words (Duel: STRIKE BACK once a match); Pass is
    refused where the frame is no window; nothing changes either way."""
    m = duel()
    m.submit(Lay("a4"), player=0)
    m.submit(Lay("b1"), player=1)
    m.submit(StrikeBack(), player=1)
    m.submit(Lay("a3"), player=0)
    m.submit(Lay("b2"), player=1)
    assert isinstance(m.state.frames[-1], Answer)
    before = m.state_hash()
    with pytest.raises(IllegalAction, match="STRIKE BACK is used once a match"):
        m.submit(StrikeBack(), player=1)
    assert m.state_hash() == before and len(m.steps) == 5
    m.submit(Pass(), player=1)
    before = m.state_hash()
    with pytest.raises(IllegalAction, match="that does not answer Lay a card face down"):
        m.submit(Pass(), player=0)
    assert m.state_hash() == before and len(m.steps) == 6


def test_the_fast_path_applies_a_listed_action_as_the_checked_path_does() -> None:
    """Search and simulation may skip the second check of an action legal_actions listed:
    the same events and the same state as the checked apply."""
    game = Duel()
    for seed in range(4):
        fast = game.setup(game.options_model(), Rng(seed))
        slow = fast.clone()
        pick = Rng(seed)
        while fast.result is None:
            actions = game.legal_actions(fast)
            assert actions == game.legal_actions(slow)
            action = pick.choice(actions)
            events = game.apply(fast, action, checked=False)
            assert [e.text for e in events] == [e.text for e in game.apply(slow, action)]
            assert fast.state_hash() == slow.state_hash()


def test_triggers_resolve_in_priority_then_seat_order_and_automatic_steps_run() -> None:
    """Reaching 2 points triggers RALLY for the other seat: it takes its card back
    before anyone is asked anything; the sweep of laid cards then runs by itself."""
    m = duel()
    for a, b in (("a4", "b1"), ("a3", "b2")):
        m.submit(Lay(a), player=0)
        m.submit(Lay(b), player=1)
        if m.state.deciding() == (1,):
            m.submit(Pass(), player=1)
    log = [e.kind for _, e in m.log()]
    assert log.count("rally") == 1
    assert log.index("rally") > log.index("point")
    assert "b2" in m.state.table.cards_in("hand:1")
    assert not m.state.table.cards_in(laid(0)) and not m.state.table.cards_in(laid(1))
    assert not any(isinstance(f, Triggered) for f in m.state.frames)


def test_frames_survive_save_load_and_replay_the_same() -> None:
    m = duel(take_backs=True)
    m.submit(Lay("a2"), player=0)
    text = saves.dumps(m)
    again = saves.loads(text, "duel")
    assert again.state_hash() == m.state_hash()
    assert again.state.frames == m.state.frames


@pytest.mark.parametrize("seed", range(6))
def test_random_play_keeps_every_invariant(seed: int) -> None:
    """The conformance checks hold on a game built on frames, to its end."""
    match = play_one("duel", seed, 200, checks=True)
    assert match.outcome() is not None


def test_an_agent_sees_only_its_seats_view_during_a_commit() -> None:
    m = duel()
    m.submit(Lay("a1"), player=0)
    seen = m.view(1)
    assert m.game.legal_actions(seen, 1) == m.legal_actions(1)
    assert seen.rng.state == 0


def test_a_may_ability_asks_its_seat_in_seat_order() -> None:
    """A tie triggers TAUNT for both seats: each is asked in turn (Player 1 first, as the
    game orders them), may use it or pass, and the round goes on after both."""
    m = duel()
    m.submit(Lay("a2"), player=0)
    m.submit(Lay("b2"), player=1)
    assert m.state.deciding() == (0,)
    assert m.legal_actions() == [Use("TAUNT"), Pass()]
    m.submit(Use("TAUNT"), player=0)
    assert m.state.deciding() == (1,)
    m.submit(Pass(), player=1)
    assert isinstance(m.state.frames[-1], Bid)
    assert [e.text for _, e in m.log() if e.kind == "taunt"] == ["Player 1 taunts"]


def test_two_frames_of_one_name_are_refused() -> None:
    """Saves name frames by class name: a second game's frame may not take a name in use."""
    from dataclasses import dataclass

    from engine.core.frames import Frame

    with pytest.raises(TypeError, match="a frame named Answer exists already"):
        @dataclass(frozen=True, slots=True)
        class Answer(Frame):  # Duel has one
            pass


def test_a_triggered_frame_carries_no_private_fact_of_its_event() -> None:
    """A frame lies on the stack every seat's view carries; the card a seat drew is a
    private fact of the draw, so an ability it triggers must not carry it there."""
    facts = dict(flow._facts(Drew(seat=1, card="c7", seen_by=frozenset({1})), owner=1))

    assert "card" not in facts
    assert facts == {"event": "draw", "owner": 1, "seat": 1}


def test_a_frame_asking_other_seats_is_the_same_frame_otherwise() -> None:
    """with_seats (a window's pass, a draft's choice) gives what dataclasses.replace
    gives, for frames of every game: none keeps a __post_init__ it would skip."""
    for name in registry.game_names():
        registry.get_game(name)  # its frames register as its rules are read
    for kind in set(FRAME_TYPES.values()):
        assert "__post_init__" not in vars(kind), kind
    frame = Triggered(seats=(1,), ability="Heimdall's Watch", facts=(("owner", 1),),
                      asks="use it?")
    assert with_seats(frame, (2, 0)) == dataclasses.replace(frame, seats=(2, 0))
    assert type(with_seats(frame, ())) is Triggered and frame.seats == (1,)
