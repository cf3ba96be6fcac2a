"""A tiny two-seat game for tests only: offering cards, answered through a prompt.

Each seat starts with cards in a hand only its owner sees. On your turn you
may offer one of your cards to the other seat (turning it face up, so both
see it) or end your turn. An offer opens a Prompt for the other seat, who
must accept (the card moves to their hand), decline, or pass when the offer
was not "firm". A seat that has given away every card wins.

It is registered only inside tests (`registry.registered(TOY_ENTRY)`), so the
shipped game list never shows it.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import Field

from engine.core.actions import Action
from engine.core.basegame import BaseGame
from engine.core.errors import IllegalAction
from engine.core.events import Event, event
from engine.core.game import GameState, Outcome
from engine.core.options import GameOptions
from engine.core.prompts import Prompt
from engine.core.registry import GameEntry
from engine.core.rng import Rng
from engine.core.zones import Layout, Table, Visibility, Zone

TOY_ENTRY = GameEntry(name="toy", title="Toy", rules="tests.engine.toygame:ToyGame",
                      table="app.games.sandbox.table:build", hint="A test game.")
FACES = {"a1": "apple", "a2": "apple", "p1": "pear", "b1": "banana"}
START = {0: ["a1", "a2", "p1"], 1: ["b1"]}


def hand(player: int) -> str:
    return f"hand:{player}"


class ToyOptions(GameOptions):
    players: int = Field(2, ge=2, le=2, description="Always two seats")


@dataclass(frozen=True, slots=True)
class Offer(Action):
    kind = "toy-offer"
    card: str
    firm: bool = False

    def describe(self) -> str:
        return f"offer {self.card}" + (" (firm)" if self.firm else "")


@dataclass(frozen=True, slots=True)
class Accept(Action):
    kind = "toy-accept"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    kind = "toy-decline"


@dataclass(frozen=True, slots=True)
class PassOffer(Action):
    kind = "toy-pass"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    kind = "toy-end-turn"


@event("offer")
class Offered(Event):
    seat: int
    card: str

    def say(self, full: bool) -> str:
        return f"Player {self.seat + 1} offers {self.card}"


@event("accept")
class ChangedHands(Event):
    card: str

    def say(self, full: bool) -> str:
        return f"the {self.card} changes hands"


@event("decline")
class Refused(Event):
    def say(self, full: bool) -> str:
        return "the offer is refused"


@event("turn")
class TurnPassed(Event):
    seat: int

    def say(self, full: bool) -> str:
        return f"Player {self.seat + 1} to move"


class ToyGame(BaseGame):
    name = "toy"
    title = "Toy offers"
    options_model = ToyOptions

    def setup(self, options: GameOptions, rng: Rng) -> GameState:
        table = Table(dict(FACES))
        for p in range(2):
            table.add_zone(Zone(hand(p), f"Player {p + 1}'s hand", Visibility.OWNER,
                                Layout.SPREAD, p, list(START[p])))
        return GameState(2, table, rng)

    def legal_actions(self, state: GameState, seat: int | None = None) -> list[Action]:
        if state.result is not None:
            return []
        if state.prompt is not None:
            answers: list[Action] = [Accept(), Decline()]
            if state.prompt.can_pass:
                answers.append(PassOffer())
            return answers
        out: list[Action] = []
        for card in state.table.cards_in(hand(state.active)):
            out.append(Offer(card))
            out.append(Offer(card, firm=True))
        out.append(EndTurn())
        return out

    def check(self, state: GameState, action: Action, seat: int | None = None) -> None:
        prompt = state.prompt
        match action:
            case Offer():
                if prompt is not None:
                    raise IllegalAction("answer the open offer first")
                if state.table.where.get(action.card) != hand(state.active):
                    raise IllegalAction("you can only offer a card from your own hand")
            case EndTurn():
                if prompt is not None:
                    raise IllegalAction("answer the open offer first")
            case Accept() | Decline():
                if prompt is None:
                    raise IllegalAction("there is no offer to answer")
            case PassOffer():
                if prompt is None:
                    raise IllegalAction("there is no offer to answer")
                if not prompt.can_pass:
                    raise IllegalAction("a firm offer must be accepted or declined")
            case _:
                super().check(state, action)

    def apply(self, state: GameState, action: Action, seat: int | None = None,
              checked: bool = True) -> list[Event]:
        self.check(state, action)
        table = state.table
        match action:
            case Offer():
                table.set_face(action.card, True)
                state.prompt = Prompt(1 - state.active, "offer",
                                      f"accept {FACES[action.card]}?",
                                      can_pass=not action.firm, context=(action.card,))
                return [Offered(seat=state.active, card=FACES[action.card])]
            case Accept():
                assert state.prompt is not None
                card = state.prompt.context[0]
                giver = state.active
                table.move(card, hand(state.prompt.player))
                table.set_face(card, False)
                state.prompt = None
                if not table.cards_in(hand(giver)):
                    state.result = Outcome((giver,), "gave every card away")
                return [ChangedHands(card=FACES[card])]
            case Decline() | PassOffer():
                assert state.prompt is not None
                table.set_face(state.prompt.context[0], False)
                state.prompt = None
                return [Refused()]
            case EndTurn():
                state.active = 1 - state.active
                state.turn += 1
                return [TurnPassed(seat=state.active)]
        raise AssertionError(action)
