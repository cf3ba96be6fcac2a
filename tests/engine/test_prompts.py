"""Prompts (engine.core.prompts): an interrupting decision belongs to the prompted seat."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.core import registry, saves
from engine.core.errors import IllegalAction, SaveError
from engine.core.game import RuleMode
from engine.core.match import Match
from engine.core.prompts import Prompt
from engine.core.referee import SetCounter
from engine.games import get_game
from tests.engine.toygame import (
    TOY_ENTRY,
    Accept,
    Decline,
    EndTurn,
    Offer,
    PassOffer,
    ToyGame,
)


@pytest.fixture
def toy_registered() -> Iterator[None]:
    """The toy game in the game registry for one test only."""
    with registry.registered(TOY_ENTRY):
        yield


def toy_match(mode: RuleMode = RuleMode.ENFORCED) -> Match:
    game = ToyGame()
    return Match(game, game.options_model(), 3, mode)


def test_prompt_to_json() -> None:
    """A prompt serialises every field, context as a list."""
    p = Prompt(1, "offer", "accept?", can_pass=False, context=("a1",))
    assert p.to_json() == {"player": 1, "kind": "offer", "question": "accept?",
                           "can_pass": False, "context": ["a1"]}


def test_registry_lookup_finds_the_toy(toy_registered: None) -> None:
    """With the test registration, get_game('toy') builds a ToyGame."""
    assert isinstance(get_game("toy"), ToyGame)
    assert "toy" in registry.game_names()


def test_toy_is_not_registered_outside_tests() -> None:
    """The shipped registry does not list the toy game."""
    assert "toy" not in registry.game_names()


def test_offer_opens_a_prompt_for_the_other_seat() -> None:
    """An offer records a prompt addressed to Player 2; Player 2 is now to move."""
    m = toy_match()
    assert m.to_move() == 0
    m.submit(Offer("a1"))
    prompt = m.state.prompt
    assert prompt == Prompt(1, "offer", "accept apple?", can_pass=True, context=("a1",))
    assert m.to_move() == 1
    assert m.state.active == 0  # the turn is still Player 1's


def test_legal_actions_are_the_prompted_seats_answers_with_pass() -> None:
    """While a passable prompt is open, the legal actions are exactly accept, decline, pass."""
    m = toy_match()
    m.submit(Offer("a1"))
    assert m.legal_actions() == [Accept(), Decline(), PassOffer()]


def test_firm_offer_cannot_be_passed() -> None:
    """A prompt with can_pass False offers no pass, and a pass is refused."""
    m = toy_match()
    m.submit(Offer("p1", firm=True))
    assert m.state.prompt is not None and not m.state.prompt.can_pass
    assert m.legal_actions() == [Accept(), Decline()]
    with pytest.raises(IllegalAction, match="must be accepted or declined"):
        m.submit(PassOffer())


@pytest.mark.parametrize("action", [EndTurn(), Offer("a2"), Accept()])
def test_the_prompting_seat_is_refused_while_the_prompt_is_open(action: object) -> None:
    """Player 1 may not act (not even to answer) while Player 2's prompt is open."""
    m = toy_match()
    m.submit(Offer("a1"))
    before = m.state_hash()
    with pytest.raises(IllegalAction) as info:
        m.submit(action, player=0)  # type: ignore[arg-type]
    assert info.value.reason == "it is Player 2 who must decide now"
    assert m.state_hash() == before and len(m.steps) == 1


def test_the_prompted_seat_cannot_take_a_turn_action() -> None:
    """The prompted seat must answer: its own turn actions are refused by the rules."""
    m = toy_match()
    m.submit(Offer("a1"))
    with pytest.raises(IllegalAction, match="answer the open offer first"):
        m.submit(EndTurn())
    with pytest.raises(IllegalAction, match="answer the open offer first"):
        m.submit(Offer("b1"))


@pytest.mark.parametrize(
    ("answer", "where"),
    [(Accept(), "hand:1"), (Decline(), "hand:0"), (PassOffer(), "hand:0")],
    ids=["accept", "decline", "pass"],
)
def test_after_the_answer_the_turn_returns(answer: object, where: str) -> None:
    """Once answered, the prompt closes and Player 1 is to move again."""
    m = toy_match()
    m.submit(Offer("a1"))
    m.submit(answer)  # type: ignore[arg-type]
    assert m.steps[-1].actor == 1
    assert m.state.prompt is None and m.to_move() == 0
    assert m.state.table.where["a1"] == where
    assert m.legal_actions()[-1] == EndTurn()


def test_offered_card_is_shown_then_hidden_again() -> None:
    """The offer shows the card to both seats; declining hides it from Player 2 again."""
    m = toy_match()
    assert "a1" not in m.view(1).table.faces
    m.submit(Offer("a1"))
    assert m.view(1).table.faces["a1"] == "apple"
    m.submit(Decline())
    assert "a1" not in m.view(1).table.faces


def test_no_answer_without_a_prompt() -> None:
    """Answers with no open prompt are refused by the rules."""
    m = toy_match()
    for action in (Accept(), Decline(), PassOffer()):
        with pytest.raises(IllegalAction, match="no offer to answer"):
            m.submit(action)


def test_referee_action_does_not_answer_the_prompt() -> None:
    """In assisted mode a referee action during a prompt leaves the prompt open."""
    m = toy_match(RuleMode.ASSISTED)
    m.submit(Offer("a1"))
    m.submit(SetCounter("x", 1), player=0)
    assert m.state.prompt is not None and m.to_move() == 1


def test_undo_and_redo_restore_the_prompt() -> None:
    """Undoing the answer reopens the prompt; redo closes it again."""
    m = toy_match()
    m.take_backs = True
    m.submit(Offer("a1"))
    m.submit(Accept())
    m.undo()
    assert m.state.prompt is not None and m.to_move() == 1
    m.redo()
    assert m.state.prompt is None and m.to_move() == 0


def test_save_and_load_with_an_open_prompt(toy_registered: None, tmp_path) -> None:
    """A toy match saved with a prompt open loads with the same prompt, decider and answers."""
    m = toy_match()
    m.submit(Offer("a2"))
    m.submit(Decline())
    m.submit(Offer("p1", firm=True))
    path = tmp_path / "toy.runetable"
    saves.save(m, path)
    loaded = saves.load(path)
    assert loaded.game.name == "toy"
    assert loaded.state.prompt == m.state.prompt
    assert loaded.to_move() == 1
    assert loaded.legal_actions() == [Accept(), Decline()]
    assert loaded.state_hash() == m.state_hash()
    assert saves.dumps(loaded) == path.read_text(encoding="utf-8")
    loaded.submit(Accept())
    assert loaded.to_move() == 0 and loaded.state.table.where["p1"] == "hand:1"


def test_a_save_whose_answer_comes_from_the_wrong_seat_is_refused(toy_registered: None) -> None:
    """Loading replays actors: an answer recorded for Player 1 fails with the action named."""
    m = toy_match()
    m.submit(Offer("a1"))
    m.submit(Accept())
    text = saves.dumps(m).replace('"actor": 1', '"actor": 0')
    with pytest.raises(SaveError) as info:
        saves.loads(text, "edited.runetable")
    assert str(info.value) == ("edited.runetable: action 2 (toy-accept) is not legal there: "
                               "it is Player 2 who must decide now")
