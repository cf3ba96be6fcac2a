"""The Match (engine.core.match): submit/undo/redo, the undo policy, rule modes, who may act."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.game import RuleMode
from engine.core.match import Match, shared_steps
from engine.core.referee import (
    DeclareResult,
    FlipCard,
    MoveCard,
    PassSeat,
    RollDice,
    SetCounter,
    ShuffleZone,
)
from engine.core.rng import Rng
from engine.games import get_game
from tests.engine.toygame import Accept, EndTurn, Offer, ToyGame

DRAW = MoveCard("?deck#51", "hand:0")  # the top card of the sandbox deck into Player 1's hand
BOARD_MOVE = MoveCard("t-red-1", "discard")  # a face-up token from the table to the discard


def sandbox(seed: int = 7, take_backs: bool = False,
            mode: RuleMode = RuleMode.SANDBOX) -> Match:
    game = get_game("sandbox")
    return Match(game, game.options_model(), seed, mode, take_backs)


def toy(mode: RuleMode = RuleMode.ENFORCED) -> Match:
    game = ToyGame()
    return Match(game, game.options_model(), 1, mode)


def faces_of(events: list) -> list[int]:
    (event,) = [e for e in events if e.kind == "roll"]
    return list(event.faces)


# -- submit, undo, redo -------------------------------------------------------------
def test_submit_records_a_step_and_a_new_state() -> None:
    """submit applies the action to a new state and records action, actor and events."""
    m = sandbox()
    start = m.state
    start_hash = m.state_hash()
    events = m.submit(SetCounter("score", 3))
    assert m.state is not start and m.state.table.counters == {"score": 3}
    assert start.table.counters == {} and start.state_hash() == start_hash
    (step,) = m.steps
    assert step.action == SetCounter("score", 3) and step.actor == 0
    assert list(step.events) == events
    assert not step.random and step.revealed_to == frozenset()


def test_log_numbers_events_by_step() -> None:
    """log() yields every event with its 1-based step number."""
    m = sandbox()
    m.submit(SetCounter("a", 1))
    m.submit(SetCounter("b", 2))
    assert [(n, e.text) for n, e in m.log()] == [
        (1, "Player 1 sets a from 0 to 1"), (2, "Player 1 sets b from 0 to 2")]


def test_undo_restores_the_previous_state_and_redo_reapplies() -> None:
    """undo returns to the exact earlier state; redo reaches the exact later one."""
    m = sandbox(take_backs=True)
    h0 = m.state_hash()
    m.submit(BOARD_MOVE)
    h1 = m.state_hash()
    m.submit(SetCounter("score", 2))
    h2 = m.state_hash()
    step = m.undo()
    assert step.action == SetCounter("score", 2)
    assert m.state_hash() == h1 and len(m.steps) == 1
    m.undo()
    assert m.state_hash() == h0 and not m.steps
    assert m.redo_actions == [(SetCounter("score", 2), 0), (BOARD_MOVE, 0)]
    m.redo()
    assert m.state_hash() == h1
    m.redo()
    assert m.state_hash() == h2 and not m.can_redo()


def test_redo_after_undo_gives_the_same_dice() -> None:
    """Redo of a 3d6 roll shows the very same faces: the RNG is part of the record."""
    m = sandbox(take_backs=True)
    m.submit(DRAW)
    expect = Rng(m.state.rng.state)
    predicted = [expect.randint(1, 6) for _ in range(3)]
    first = faces_of(m.submit(RollDice("3d6")))
    assert first == predicted
    after_roll = m.state_hash()
    m.undo()
    again = faces_of(m.redo())
    assert again == first
    assert m.state_hash() == after_roll


def test_undo_is_never_a_reroll() -> None:
    """Undoing a roll and rolling again anew gives the same faces."""
    m = sandbox(take_backs=True)
    first = faces_of(m.submit(RollDice("3d6")))
    m.undo()
    m.submit(SetCounter("stalling", 1))  # no randomness between: the next roll is fixed
    assert faces_of(m.submit(RollDice("3d6"))) == first


def test_new_submit_clears_redo() -> None:
    """A new action after undo drops the undone ones: redo then has nothing to do."""
    m = sandbox(take_backs=True)
    m.submit(SetCounter("a", 1))
    m.undo()
    assert m.can_redo()
    m.submit(SetCounter("b", 1))
    assert not m.can_redo() and m.redo_actions == []
    with pytest.raises(IllegalAction, match="nothing to redo"):
        m.redo()


def test_nothing_to_undo_at_the_start() -> None:
    """Undo at the start is refused with a reason."""
    m = sandbox(take_backs=True)
    assert m.can_undo() == (False, "nothing to undo")
    with pytest.raises(IllegalAction, match="nothing to undo"):
        m.undo()


# -- the undo policy ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (RollDice("3d6"), "dice were rolled or a pile shuffled; take-backs are off"),
        (ShuffleZone("deck"), "dice were rolled or a pile shuffled; take-backs are off"),
        (DRAW, "a hidden card was shown to you; take-backs are off"),
        (FlipCard("?deck#51"), None),  # flipping inside the hidden deck shows nothing
    ],
    ids=["roll", "shuffle", "draw-to-own-hand", "flip-in-deck"],
)
def test_undo_refused_without_take_backs(action: MoveCard, reason: str | None) -> None:
    """With take-backs off, undo stops after a roll, a shuffle or a card shown to the undoer."""
    m = sandbox()
    m.submit(BOARD_MOVE)
    before = m.state_hash()
    m.submit(action)
    if reason is None:  # control case: nothing random, nothing shown
        assert m.can_undo() == (True, "")
        m.undo()
        assert m.state_hash() == before
        return
    after = m.state_hash()
    assert m.can_undo() == (False, reason)
    with pytest.raises(IllegalAction) as info:
        m.undo()
    assert info.value.reason == "cannot undo: " + reason
    assert m.state_hash() == after and len(m.steps) == 2 and not m.can_redo()


def test_undo_allowed_after_moving_a_face_up_board_card() -> None:
    """Moving a card everyone already sees is not random and reveals nothing: undo is fine."""
    m = sandbox()
    before = m.state_hash()
    m.submit(BOARD_MOVE)
    assert m.steps[-1].revealed_to == frozenset() and not m.steps[-1].random
    m.undo()
    assert m.state_hash() == before


def test_flipping_a_board_card_up_reveals_it() -> None:
    """Turning a face-down table card up shows it to everyone, so the flipper cannot undo."""
    m = sandbox(take_backs=True)
    m.submit(FlipCard("t-red-2"))  # face down
    m.take_backs = False
    m.submit(FlipCard("t-red-2"))  # face up again: shown to both seats
    assert m.steps[-1].revealed_to == frozenset({0, 1})
    assert not m.can_undo()[0]


@pytest.mark.parametrize("action", [RollDice("3d6"), ShuffleZone("deck"), DRAW],
                         ids=["roll", "shuffle", "draw"])
def test_take_backs_allow_every_undo(action: MoveCard) -> None:
    """With the take-backs option, undo is allowed after rolls, shuffles and reveals."""
    m = sandbox(take_backs=True)
    before = m.state_hash()
    m.submit(action)
    assert m.can_undo() == (True, "")
    m.undo()
    assert m.state_hash() == before


def test_undo_stops_at_the_last_roll_not_only_the_last_step() -> None:
    """A harmless move after a roll may be undone, but undo then stops at the roll."""
    m = sandbox()
    m.submit(RollDice("2d6"))
    m.submit(BOARD_MOVE)
    m.undo()
    assert len(m.steps) == 1
    with pytest.raises(IllegalAction, match="dice were rolled"):
        m.undo()


# -- rule modes ------------------------------------------------------------------------
def test_enforced_mode_refuses_referee_actions() -> None:
    """An enforced match refuses every referee action and offers none."""
    m = toy(RuleMode.ENFORCED)
    assert all(not a.referee for a in m.legal_actions())
    for action in (RollDice("2d6"), SetCounter("x", 1), PassSeat(1), DeclareResult((0,)),
                   MoveCard("a1", "hand:1")):
        with pytest.raises(IllegalAction, match="referee actions are off"):
            m.submit(action)
    assert not m.steps


def test_sandbox_mode_refuses_game_actions() -> None:
    """A free table refuses the game's own actions and offers only referee ones."""
    m = toy(RuleMode.SANDBOX)
    assert m.legal_actions() and all(a.referee for a in m.legal_actions())
    with pytest.raises(IllegalAction, match="free table"):
        m.submit(Offer("a1"))
    assert not m.steps


def test_assisted_mode_offers_both_and_marks_overrides() -> None:
    """Assisted mode allows game and referee actions; referee events say 'Referee: '."""
    m = toy(RuleMode.ASSISTED)
    kinds = {a.referee for a in m.legal_actions()}
    assert kinds == {True, False}
    (game_event,) = m.submit(Offer("a1"))
    assert not game_event.override and not game_event.text.startswith("Referee")
    (event,) = m.submit(SetCounter("score", 4))
    assert event.override
    assert event.text == "Referee: Player 2 sets score from 0 to 4"


def test_assisted_mode_prefixes_secrets_too() -> None:
    """An override's secret text carries the 'Referee: ' prefix as well."""
    m = sandbox(mode=RuleMode.ASSISTED)
    top = m.state.table.cards_in("deck")[-1]
    (event,) = m.submit(DRAW)
    assert event.override
    assert event.text == "Referee: Player 1 moves a card from Deck to Player 1's hand"
    name = get_game("sandbox").card_name(m.state.table.faces[top])
    assert event.text_for(0) == f"Referee: Player 1 moves {name} from Deck to Player 1's hand"
    assert event.seen_by == frozenset({0})


def test_sandbox_game_in_enforced_mode_has_nothing_to_do() -> None:
    """The sandbox has no rules of its own: enforced, it offers no action at all."""
    m = sandbox(mode=RuleMode.ENFORCED)
    assert m.legal_actions() == []


# -- who may act -----------------------------------------------------------------------
def test_a_seat_that_is_not_to_move_is_refused() -> None:
    """A game action by a seat other than the one to move is refused, naming who must act."""
    m = toy()
    assert m.to_move() == 0
    before = m.state_hash()
    with pytest.raises(IllegalAction) as info:
        m.submit(EndTurn(), player=1)
    assert info.value.reason == "it is Player 1 who must decide now"
    assert m.state_hash() == before and not m.steps


def test_referee_actions_may_come_from_any_seat() -> None:
    """A referee action by a seat not to move is accepted and recorded with that actor."""
    m = sandbox()
    m.submit(SetCounter("x", 1), player=1)
    assert m.steps[-1].actor == 1 and m.to_move() == 0


@pytest.mark.parametrize("seat", [-1, 2, 9])
def test_a_seat_not_at_the_table_is_refused(seat: int) -> None:
    """An actor outside 0..players-1 may not act."""
    m = sandbox()
    with pytest.raises(IllegalAction, match="no seat may act now"):
        m.submit(SetCounter("x", 1), player=seat)


def test_match_over_refuses_everything() -> None:
    """After the result, nothing may be submitted, nothing is legal and nobody is to move."""
    m = sandbox()
    m.submit(DeclareResult((1,)))
    assert m.outcome() is not None and m.outcome().winners == (1,)
    assert m.to_move() is None and m.legal_actions() == []
    before = m.state_hash()
    for seat in (None, 0, 1):
        with pytest.raises(IllegalAction, match="the match is over"):
            m.submit(SetCounter("x", 1), player=seat)
    assert m.state_hash() == before and len(m.steps) == 1


def test_undo_reopens_a_declared_match_with_take_backs() -> None:
    """With take-backs, undoing the declared result brings the match back in progress."""
    m = sandbox(take_backs=True)
    m.submit(DeclareResult((0,)))
    m.undo()
    assert m.outcome() is None and m.to_move() == 0


def test_the_end_of_a_match_cannot_be_undone_without_take_backs() -> None:
    """The finished table shows every hidden card to everyone, so the step that ended
    the match counts as a reveal to every seat: without take-backs it stays."""
    m = sandbox()
    m.submit(MoveCard("?deck#51", "hand:0"))
    m.submit(DeclareResult((0,)))
    assert m.steps[-1].ended and m.steps[-1].revealed_to == frozenset({0, 1})
    allowed, reason = m.can_undo([0, 1])
    assert not allowed and reason.startswith("the match is over")
    with pytest.raises(IllegalAction, match="the match is over"):
        m.undo()
    assert m.outcome() is not None and len(m.steps) == 2


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (MoveCard("no-such-card", "discard"), "no card 'no-such-card' on the table"),
        (MoveCard("c01", "nowhere"), "there is no zone called 'nowhere'"),
        (MoveCard("c01", "board"), "a card put on Table needs a position"),
        (MoveCard("?deck#52", "discard"), "no card at '?deck#52'"),
        (ShuffleZone("discard"), "Discard has fewer than two cards: nothing to shuffle"),
        (RollDice("banana"), None),
        (SetCounter("", 1), "a counter needs a name"),
        (PassSeat(2), "there is no Player 3 at this table"),
        (DeclareResult((0, 0)), "a winner is named twice"),
        (DeclareResult((5,)), "a winner named is not at this table"),
    ],
)
def test_illegal_action_changes_nothing(action: MoveCard, reason: str | None) -> None:
    """A refused action raises IllegalAction with a reason; hash, steps and redo stay."""
    m = sandbox(take_backs=True)
    m.submit(SetCounter("a", 1))
    m.submit(SetCounter("b", 1))
    m.undo()
    before = (m.state_hash(), len(m.steps), m.redo_actions, m.state)
    with pytest.raises(IllegalAction) as info:
        m.check(action)
    with pytest.raises(IllegalAction) as info:
        m.submit(action)
    assert info.value.reason
    if reason is not None:
        assert info.value.reason == reason
    assert (m.state_hash(), len(m.steps), m.redo_actions, m.state) == before


def test_check_changes_nothing_on_success() -> None:
    """check() of a legal action raises nothing and records nothing."""
    m = sandbox()
    before = m.state_hash()
    m.check(RollDice("3d6"))
    m.check(DRAW)
    assert m.state_hash() == before and not m.steps


def test_toy_turns_pass_between_seats() -> None:
    """EndTurn hands the move to the other seat and back."""
    m = toy()
    m.submit(EndTurn())
    assert m.to_move() == 1 and m.state.turn == 2
    m.submit(EndTurn())
    assert m.to_move() == 0


def test_toy_game_can_be_won() -> None:
    """Giving away every card ends the toy match with the giver as winner."""
    m = toy()
    for card in ("a1", "a2", "p1"):
        m.submit(Offer(card))
        m.submit(Accept())
    assert m.outcome() is not None and m.outcome().winners == (0,)
    assert list(m.state.table.cards_in("hand:1")) == ["b1", "a1", "a2", "p1"]
    assert m.legal_actions() == []


def test_undo_respects_every_person_who_saw_a_hidden_card() -> None:
    # An offer turns a card from seat 1's hand face up: seat 2 sees it for the first time.
    match = Match(ToyGame(), ToyGame.options_model(), seed=1)
    match.submit(Offer("a1"))
    assert match.steps[-1].revealed_to == frozenset({1})
    assert match.can_undo() == (True, "")  # the offering seat saw nothing new
    assert match.can_undo(by=[0]) == (True, "")
    allowed, reason = match.can_undo(by=[0, 1])  # both people share this computer
    assert not allowed and "hidden card" in reason
    with pytest.raises(IllegalAction):
        match.undo(by=[1])


def test_only_the_very_actions_match_listed_skip_the_second_check(monkeypatch) -> None:
    """An action taken from `legal_actions` for this state and seat is not checked again
    (the rules just generated it); an equal action built elsewhere, or one listed for an
    earlier state, is checked as any other."""
    import dataclasses

    from engine.core import flow

    game = get_game("nordguard")
    m = Match(game, game.options_model(), 5)
    checked: list[object] = []
    real = flow.check
    monkeypatch.setattr(flow, "check", lambda *a: checked.append(a[2]) or real(*a))
    listed = m.legal_actions()
    m.submit(listed[0])
    assert checked == []
    copy = dataclasses.replace(m.legal_actions()[0])
    m.submit(copy)
    assert checked == [copy]
    with pytest.raises(IllegalAction):
        m.submit(listed[0])  # a character already chosen, listed two states ago
    assert checked == [copy, listed[0]]


def test_a_record_read_earlier_shares_the_steps_before_an_undo() -> None:
    """Readers that keep what they read (log, dice history, save lines) ask how much of
    it still stands: everything before the first step taken back."""
    a, b, c, d = (object() for _ in range(4))
    assert shared_steps([a, b, c], [a, b, c, d]) == 3  # steps added
    assert shared_steps([a, b, c], [a, b]) == 2  # one undone
    assert shared_steps([a, b, c], [a, b, d]) == 2  # undone, another played
    assert shared_steps([a], []) == 0
