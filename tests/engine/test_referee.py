"""Referee actions (engine.core.referee): each action's checks, effects and log events."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import referee
from engine.core.errors import IllegalAction
from engine.core.game import GameState, RuleMode
from engine.core.match import Match
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

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_name(face: str) -> str:
    """The sandbox's card names, written out independently: '10H' -> '10♥'."""
    return face[:-1] + SUITS[face[-1]]


def sandbox(seed: int = 3, players: int = 2) -> Match:
    game = get_game("sandbox")
    return Match(game, game.options_model(players=players), seed, RuleMode.SANDBOX)


def test_sandbox_card_names() -> None:
    """The sandbox names cards rank + suit symbol and tokens by their content name."""
    game = get_game("sandbox")
    assert game.card_name("10H") == "10♥" == card_name("10H")
    assert game.card_name("QS") == "Q♠"
    assert game.card_name("token:gold") == "gold coin"


# -- moving cards ------------------------------------------------------------------------
def test_draw_from_hidden_deck_tells_only_the_owner_the_card() -> None:
    """A hidden card into a hand: the table reads 'a card', the owner reads its name."""
    m = sandbox()
    table = m.state.table
    top = table.cards_in("deck")[-1]
    name = card_name(table.faces[top])
    (event,) = m.submit(MoveCard("?deck#51", "hand:0"))
    assert m.state.table.where[top] == "hand:0"
    assert m.state.table.cards_in("deck")[-1] != top and len(m.state.table.cards_in("deck")) == 51
    assert event.kind == "move"
    assert event.text == "Player 1 moves a card from Deck to Player 1's hand"
    assert event.text_for(0) == f"Player 1 moves {name} from Deck to Player 1's hand"
    assert event.seen_by == frozenset({0})
    assert event.text_for(1) == event.text and name not in event.text_for(1)
    assert event.text_for(None) == event.text_for(0)  # the all-seeing referee view


def test_dealing_to_another_seat_is_secret_for_that_seat_only() -> None:
    """Player 1 dealing to Player 2's hand: only Player 2 reads the card's name."""
    m = sandbox()
    top = m.state.table.cards_in("deck")[-1]
    (event,) = m.submit(MoveCard("?deck#51", "hand:1"))
    assert event.seen_by == frozenset({1})
    assert event.text == "Player 1 moves a card from Deck to Player 2's hand"
    assert card_name(m.state.table.faces[top]) in event.text_for(1)


def test_moving_a_card_face_up_names_it_to_everyone() -> None:
    """A card put face up on a public pile is seen by all: one public text, no secret."""
    m = sandbox()
    top = m.state.table.cards_in("deck")[-1]
    (event,) = m.submit(MoveCard("?deck#51", "discard", face_up=True))
    assert event.seen_by is None
    name = card_name(m.state.table.faces[top])
    assert event.text == f"Player 1 moves {name} from Deck to Discard"
    assert top in m.state.table.face_up


def test_moving_a_hand_card_back_to_the_deck_is_secret_for_its_old_owner() -> None:
    """Who saw the card before the move keeps reading its name; the others do not."""
    m = sandbox()
    top = m.state.table.cards_in("deck")[-1]
    m.submit(MoveCard("?deck#51", "hand:1"))
    (event,) = m.submit(MoveCard(top, "deck", index=0))
    assert m.state.table.cards_in("deck")[0] == top
    assert event.seen_by == frozenset({1})
    assert event.text == "Player 1 moves a card from Player 2's hand to Deck"


def test_move_on_a_free_zone_needs_and_keeps_a_position() -> None:
    """Putting a card on the table needs x and y inside the limit; the spot is recorded."""
    m = sandbox()
    with pytest.raises(IllegalAction, match="needs a position"):
        m.submit(MoveCard("t-red-1", "board", x=3))
    with pytest.raises(IllegalAction, match="off the table"):
        m.submit(MoveCard("t-red-1", "board", x=referee.FREE_LIMIT + 1, y=0))
    (event,) = m.submit(MoveCard("t-red-1", "board", x=-referee.FREE_LIMIT, y=7))
    assert m.state.table.pos["t-red-1"] == (-referee.FREE_LIMIT, 7)
    assert event.text == "Player 1 moves red token to another place on Table"


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (MoveCard("c99", "discard"), "no card 'c99' on the table"),
        (MoveCard("?deck#60", "discard"), "no card at '?deck#60'"),
        (MoveCard("?discard#0", "hand:0"), "no card at '?discard#0'"),
        (MoveCard("c01", "hand:7"), "there is no zone called 'hand:7'"),
        (MoveCard("c01", "discard", index=-1), "a pile position cannot be negative"),
        (FlipCard("nothing"), "no card 'nothing' on the table"),
        (ShuffleZone("attic"), "there is no zone called 'attic'"),
        (ShuffleZone("hand:0"), "Player 1's hand has fewer than two cards: nothing to shuffle"),
        (SetCounter("", 3), "a counter needs a name"),
        (PassSeat(-1), "there is no Player 0 at this table"),
        (PassSeat(2), "there is no Player 3 at this table"),
        (DeclareResult((2,)), "a winner named is not at this table"),
        (DeclareResult((1, 1)), "a winner is named twice"),
    ],
)
def test_referee_checks(action: MoveCard, reason: str) -> None:
    """Each referee action refuses what does not exist, with the reason in words."""
    m = sandbox()
    before = m.state_hash()
    with pytest.raises(IllegalAction) as info:
        m.submit(action)
    assert info.value.reason == reason
    assert m.state_hash() == before


def test_non_referee_action_is_refused_by_the_referee_module() -> None:
    """referee.check refuses an action it does not know."""
    from tests.engine.toygame import EndTurn

    state = sandbox().state
    with pytest.raises(IllegalAction, match="'toy-end-turn' is not a referee action"):
        referee.check(state, EndTurn())


def test_referee_apply_changes_nothing_when_refused() -> None:
    """referee.apply checks before changing anything."""
    state: GameState = sandbox().state.clone()
    before = state.state_hash()
    with pytest.raises(IllegalAction):
        referee.apply(state, MoveCard("c01", "board"), 0, card_name)
    assert state.state_hash() == before


# -- flipping ------------------------------------------------------------------------------
def test_flip_turns_a_table_card_over_and_back() -> None:
    """Flip toggles the face; a face-down table card drops out of everyone's view."""
    m = sandbox()
    (down,) = m.submit(FlipCard("t-blue-2"))
    assert "t-blue-2" not in m.state.table.face_up
    assert down.text == "Player 1 turns blue token face down on Table" and down.seen_by is None
    assert "t-blue-2" not in m.view(0).table.where
    (up,) = m.submit(FlipCard("?board#4"))  # face down now, so named by its place
    assert up.text == "Player 1 turns blue token face up on Table"
    assert "t-blue-2" in m.state.table.face_up and "t-blue-2" in m.view(1).table.where


def test_flipping_inside_the_hidden_deck_names_nothing() -> None:
    """A flip nobody can see (inside the deck) does not name the card to any seat."""
    m = sandbox()
    top = m.state.table.cards_in("deck")[-1]
    name = card_name(m.state.table.faces[top])
    (event,) = m.submit(FlipCard("?deck#51"))
    for seat in (0, 1):
        assert name not in event.text_for(seat)
    assert event.text_for(0) == "Player 1 turns a card face up on Deck"


def test_revealing_a_hand_card_names_it_to_everyone() -> None:
    """Turning a hand card face up shows it to all seats, so the log names it to all."""
    m = sandbox()
    top = m.state.table.cards_in("deck")[-1]
    m.submit(MoveCard("?deck#51", "hand:1"))
    (event,) = m.submit(FlipCard(top), player=1)
    assert event.seen_by is None
    assert event.text == (f"Player 2 turns {card_name(m.state.table.faces[top])} face up "
                          "on Player 2's hand")
    assert top in m.view(0).table.where


# -- shuffling and dice --------------------------------------------------------------------
def test_shuffle_changes_the_order_and_keeps_the_cards() -> None:
    """Shuffling a pile keeps exactly its cards in a new order and advances the RNG."""
    m = sandbox()
    before = list(m.state.table.cards_in("deck"))
    rng_before = m.state.rng.state
    (event,) = m.submit(ShuffleZone("deck"))
    after = m.state.table.cards_in("deck")
    assert sorted(after) == sorted(before) and after != before
    assert m.state.rng.state != rng_before
    assert event.text == "Player 1 shuffles Deck (52 cards)"
    assert event.zone == "deck" and event.count == 52
    assert m.state.table.check_conservation(m.game.all_cards(m.state)) is None


def test_shuffle_order_follows_the_match_rng() -> None:
    """The shuffled order is the Fisher-Yates of the state's RNG, nothing else."""
    m = sandbox()
    expected = list(m.state.table.cards_in("deck"))
    Rng(m.state.rng.state).shuffle(expected)
    m.submit(ShuffleZone("deck"))
    assert list(m.state.table.cards_in("deck")) == expected


@pytest.mark.parametrize("pool", ["3d6", "2d6+3", "d10-1", "d6+d10"])
def test_roll_total_matches_faces(pool: str) -> None:
    """A roll's event has the faces, their total (with modifier) and the readable line."""
    m = sandbox()
    (event,) = m.submit(RollDice(pool))
    faces = event.faces
    modifier = {"3d6": 0, "2d6+3": 3, "d10-1": -1, "d6+d10": 0}[pool]
    sides = {"3d6": [6, 6, 6], "2d6+3": [6, 6], "d10-1": [10], "d6+d10": [6, 10]}[pool]
    assert len(faces) == len(sides)
    assert all(1 <= f <= s for f, s in zip(faces, sides, strict=True))
    assert event.total == sum(faces) + modifier
    assert event.text == (f"Player 1 rolls {event.pool}: "
                          f"{', '.join(map(str, faces))} = {sum(faces) + modifier}")
    assert m.steps[-1].random


def test_roll_faces_follow_the_match_rng() -> None:
    """The faces are randint(1, sides) from the state's RNG in order."""
    m = sandbox(seed=123)
    rng = Rng(m.state.rng.state)
    expected = [rng.randint(1, 6) for _ in range(4)]
    (event,) = m.submit(RollDice("4d6"))
    assert list(event.faces) == expected
    assert m.state.rng.state == rng.state


def test_roll_distribution_is_fair_over_many_rolls() -> None:
    """600 single d6 rolls through the referee hit every face near 100 times (chi-square)."""
    state = sandbox(seed=9).state.clone()
    counts: Counter[int] = Counter()
    for _ in range(600):
        (event,) = referee.apply(state, RollDice("d6"), 0, card_name)
        counts[event.faces[0]] += 1
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert sum((c - 100) ** 2 / 100 for c in counts.values()) < 20.52


@pytest.mark.parametrize("pool", ["banana", "", "0d6", "2d1", "21d6", "2d6-d4"])
def test_bad_dice_are_refused(pool: str) -> None:
    """An unreadable or impossible pool is refused with the parser's words."""
    m = sandbox()
    with pytest.raises(IllegalAction) as info:
        m.submit(RollDice(pool))
    assert info.value.reason
    assert not m.steps


# -- counters, seats, results -----------------------------------------------------------
def test_set_counter() -> None:
    """SetCounter sets any value and the event tells the old and new value."""
    m = sandbox()
    (first,) = m.submit(SetCounter("score:1", 5))
    (second,) = m.submit(SetCounter("score:1", -2))
    assert m.state.table.counters == {"score:1": -2}
    assert first.text == "Player 1 sets score:1 from 0 to 5"
    assert second.text == "Player 1 sets score:1 from 5 to -2"


def test_pass_seat() -> None:
    """PassSeat makes the named seat active and to move."""
    m = sandbox(players=3)
    (event,) = m.submit(PassSeat(2))
    assert m.state.active == 2 and m.to_move() == 2
    assert event.text == "Player 1 passes the seat to Player 3"
    assert event.player == 2
    m.submit(RollDice("d6"))
    assert m.steps[-1].actor == 2


def test_declare_result_ends_the_match() -> None:
    """DeclareResult ends the match; outcome() reports the winners and who declared."""
    m = sandbox(players=3)
    (event,) = m.submit(DeclareResult((0, 2)), player=1)
    result = m.outcome()
    assert result is not None
    assert result.winners == (0, 2) and result.reason == "declared by Player 2"
    assert event.text == "Player 2 declares the match over: Player 1, Player 3 won"
    with pytest.raises(IllegalAction, match="the match is over"):
        m.submit(SetCounter("x", 1))


def test_declare_a_draw() -> None:
    """A result with no winner is allowed and says nobody won."""
    m = sandbox()
    (event,) = m.submit(DeclareResult(()))
    assert m.outcome() is not None and m.outcome().winners == ()
    assert event.text.endswith("nobody won")


# -- the representative action list -------------------------------------------------------
def test_legal_referee_actions_name_hidden_cards_by_place() -> None:
    """referee.legal_actions never names a card its decider cannot see, and all are legal."""
    m = sandbox()
    m.submit(MoveCard("?deck#51", "hand:1"))
    actions = referee.legal_actions(m.state)
    hidden = {c for c in m.state.table.where if not m.state.table.visible_to(c, 0)}
    named = {getattr(a, "card", None) for a in actions}
    assert not named & hidden
    assert MoveCard("?deck#50", "discard") in actions
    assert MoveCard("?hand:1#0", "discard") in actions
    assert RollDice("2d6") in actions and PassSeat(1) in actions
    assert actions[-1] == DeclareResult((0,))
    for action in actions:
        m.check(action)
    assert actions == referee.legal_actions(m.state)  # deterministic order


def test_legal_referee_actions_put_free_cards_on_a_spot() -> None:
    """Moves onto the free table carry a position derived from how many cards lie there."""
    m = sandbox()
    onto_board = [a for a in referee.legal_actions(m.state)
                  if isinstance(a, MoveCard) and a.to == "board"]
    assert onto_board and all((a.x, a.y) == (40 * 10 % 480, 60 * (10 // 12))
                              for a in onto_board)


def test_secret_events_carry_no_card_id() -> None:
    """A card moved or flipped out of others' sight must not be traceable by its id in the log."""
    from engine.core.game import RuleMode
    from engine.core.match import Match
    from engine.games import get_game

    game = get_game("sandbox")
    match = Match(game, game.options_model(players=2), 4, RuleMode.SANDBOX, take_backs=True)
    events = match.submit(MoveCard("?deck#51", "hand:0"))
    [event] = events
    assert event.seen_by == frozenset({0})
    seen = event.for_seat(1).facts()
    assert all(not isinstance(v, str) or not v.startswith("c") for v in seen.values())
    assert event.facts()["card_id"].startswith("c")  # the rules know it; Player 2 does not
