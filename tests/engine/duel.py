"""Duel: the smallest complete game on the core's frames (docs/adding-a-game.md).

Two seats hold the cards 1 to 4, hidden from each other. Each round both lay
a card face down at once (a commit frame); the higher card takes the round and
a point (a tie takes nothing). Then the seat that lost may STRIKE BACK once a
match (a window it may pass; it opens whether or not the seat still can, so
nothing is learned from it). Reaching 2 points triggers RALLY for the other seat:
it takes back the card it laid this round. After a tie each seat MAY taunt (it
is asked, Player 1 first). The first to 3 points wins; when a
seat has no card left the higher score wins. Laid cards go to a discard pile.

Each seat also has a champion on the board (an entity): the seat that loses a
round puts a wound on its champion (a counter), a champion that taunts is marked
TAUNTING (a status token) until the next round, and the banner (a marker) stands
on the side of the seat ahead on points. Every log line is a typed event.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import Field

from engine.core.actions import Action
from engine.core.basegame import BaseGame
from engine.core.declared import state_field
from engine.core.entities import Entities, Entity
from engine.core.events import Event, event
from engine.core.frames import Ability, Commit, Frame
from engine.core.game import GameState, Outcome
from engine.core.options import GameOptions
from engine.core.registry import GameEntry
from engine.core.rng import Rng
from engine.core.zones import Layout, Table, Visibility, Zone

DUEL_ENTRY = GameEntry(name="duel", title="Duel", rules="tests.engine.duel:Duel",
                       table="app.games.sandbox.table:build", hint="A test game.")


def hand(seat: int) -> str:
    return f"hand:{seat}"


def laid(seat: int) -> str:
    return f"laid:{seat}"


class DuelOptions(GameOptions):
    players: int = Field(2, ge=2, le=2)


class DuelState(GameState):
    points: list[int] = state_field(lambda: [0, 0])
    strikes: list[bool] = state_field(lambda: [True, True])
    round: int = 1
    pieces: Entities = state_field(Entities)


def champion(seat: int) -> str:
    return f"champion:{seat}"


def _banner(state: DuelState) -> None:
    """The banner stands on the side of the seat ahead on points, mid-field when level."""
    a, b = state.points
    state.pieces.move("banner", "mid" if a == b else f"side:{0 if a > b else 1}")


# -- what the log reports ------------------------------------------------------------------
def _seat(seat: int) -> str:
    return f"Player {seat + 1}"


@event("reveal")
class Shown(Event):
    a: str
    b: str
    values: tuple[int, int]

    def say(self, full: bool) -> str:
        return f"Player 1 shows {self.values[0]}, Player 2 shows {self.values[1]}"


@event("tie")
class Tied(Event):
    round: int

    def say(self, full: bool) -> str:
        return f"Round {self.round} is a tie"


@event("point")
class RoundTaken(Event):
    seat: int
    points: int
    round: int

    def say(self, full: bool) -> str:
        return f"{_seat(self.seat)} takes round {self.round}"


@event("strike")
class StruckBack(Event):
    seat: int
    points: int

    def say(self, full: bool) -> str:
        return f"{_seat(self.seat)} strikes back"


@event("round")
class RoundBegins(Event):
    round: int

    def say(self, full: bool) -> str:
        return f"Round {self.round}"


@event("rally")
class Rallied(Event):
    seat: int

    def say(self, full: bool) -> str:
        return f"{_seat(self.seat)} rallies and takes its card back"


@event("taunt")
class Taunted(Event):
    seat: int

    def say(self, full: bool) -> str:
        return f"{_seat(self.seat)} taunts"


@event("win")
class Won(Event):
    seat: int

    def say(self, full: bool) -> str:
        return f"{_seat(self.seat)} wins"


@event("end")
class OutOfCards(Event):
    def say(self, full: bool) -> str:
        return "no cards left"


@dataclass(frozen=True, slots=True)
class Lay(Action):
    kind = "duel-lay"
    card: str

    def describe(self) -> str:
        return f"lay {self.card}"


@dataclass(frozen=True, slots=True)
class StrikeBack(Action):
    kind = "duel-strike"

    def describe(self) -> str:
        return "strike back"


@dataclass(frozen=True, slots=True)
class Bid(Commit):
    """Both lay a card face down at once; the higher takes the round."""

    question = "Lay a card face down"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        return [Lay(card) for card in state.table.cards_in(hand(seat))]

    def keep(self, state: GameState, seat: int, action: Action) -> str:
        assert isinstance(action, Lay)
        state.table.move(action.card, laid(seat))
        return f"Player {seat + 1} lays {state.table.faces[action.card]} face down"

    def reveal(self, state: GameState) -> list[Event]:
        assert isinstance(state, DuelState)
        table = state.table
        cards = [table.cards_in(laid(seat))[-1] for seat in self.order]
        for card in cards:
            table.set_face(card, True)
        a, b = (int(table.faces[card]) for card in cards)
        events: list[Event] = [Shown(a=cards[0], b=cards[1], values=(a, b))]
        if a == b:
            events.append(Tied(round=state.round))
        else:
            winner = 0 if a > b else 1
            state.points[winner] += 1
            loser = champion(1 - winner)
            state.pieces.count(loser, "wounds", state.pieces[loser].counter("wounds") + 1)
            _banner(state)
            events.append(RoundTaken(seat=winner, points=state.points[winner],
                                     round=state.round))
            state.frames.append(Answer(seats=(1 - winner,)))
        return events


@dataclass(frozen=True, slots=True)
class Answer(Frame):
    """The seat that lost the round may strike back (once a match) or pass."""

    passable = True
    question = "Strike back?"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        assert isinstance(state, DuelState)
        return [StrikeBack()] if state.strikes[seat] else []

    def refusal(self, state: GameState, seat: int, action: Action) -> str | None:
        """The rule's own reason for a second STRIKE BACK; the core's for anything else."""
        assert isinstance(state, DuelState)
        if isinstance(action, StrikeBack) and not state.strikes[seat]:
            return "STRIKE BACK is used once a match"
        return Frame.refusal(self, state, seat, action)

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(state, DuelState)
        state.strikes[seat] = False
        state.points[seat] += 1
        _banner(state)
        return [StruckBack(seat=seat, points=state.points[seat])]


@dataclass(frozen=True, slots=True)
class Sweep(Frame):
    """An automatic step: the laid cards go to the discard pile, the next round starts."""

    def run(self, state: GameState) -> list[Event]:
        assert isinstance(state, DuelState)
        for seat in range(2):
            for card in list(state.table.cards_in(laid(seat))):
                state.table.move(card, "discard")
        state.round += 1
        for seat in range(2):
            state.pieces.mark(champion(seat), "taunting", on=False)
        return [RoundBegins(round=state.round)]


def _rally_whose(state: GameState, event: Event) -> int | None:
    """RALLY belongs to the other seat when a seat reaches 2 points."""
    assert isinstance(event, RoundTaken | StruckBack)
    return 1 - event.seat if event.points == 2 else None


def _rally(state: GameState, seat: int, facts: dict[str, object]) -> list[Event]:
    cards = state.table.cards_in(laid(seat))
    if not cards:
        return []
    card = cards[-1]
    state.table.move(card, hand(seat))
    state.table.set_face(card, False)
    return [Rallied(seat=seat)]


def _taunt(state: GameState, seat: int, facts: dict[str, object]) -> list[Event]:
    assert isinstance(state, DuelState)
    state.pieces.mark(champion(seat), "taunting")
    return [Taunted(seat=seat)]


class Duel(BaseGame):
    name = "duel"
    title = "Duel"
    options_model = DuelOptions
    abilities = (
        Ability("RALLY", on="point", whose=_rally_whose, effect=_rally),
        Ability("RALLY", on="strike", whose=_rally_whose, effect=_rally),
        # After a tie each seat may taunt, Player 1 first, then Player 2.
        Ability("TAUNT", on="tie", whose=lambda state, event: 0, effect=_taunt, may=True),
        Ability("TAUNT", on="tie", whose=lambda state, event: 1, effect=_taunt, may=True),
    )

    def setup(self, options: GameOptions, rng: Rng) -> GameState:
        faces = {f"{side}{n}": str(n) for side in "ab" for n in range(1, 5)}
        table = Table(faces)
        for seat, side in enumerate("ab"):
            cards = [f"{side}{n}" for n in range(1, 5)]
            table.add_zone(Zone(hand(seat), f"Player {seat + 1}'s hand", Visibility.OWNER,
                                Layout.SPREAD, seat, cards))
            table.add_zone(Zone(laid(seat), f"Laid by Player {seat + 1}", Visibility.OWNER,
                                Layout.STACK, seat))
        table.add_zone(Zone("discard", "Discard", Visibility.PUBLIC))
        state = DuelState(2, table, rng)
        for seat in range(2):
            state.pieces.add(champion(seat), Entity("champion", seat, at=f"side:{seat}"))
        state.pieces.add("banner", Entity("banner", at="mid"))
        self.advance(state)
        return state

    def advance(self, state: GameState) -> list[Event] | None:
        """A new round: the cards laid last round are swept away, then both bid."""
        assert isinstance(state, DuelState)
        if any(state.table.cards_in(laid(seat)) for seat in range(2)):
            state.frames.append(Sweep())
            return []
        state.frames.append(Bid(seats=(0, 1), order=(0, 1)))
        return []

    def state_checks(self, state: GameState) -> list[Event]:
        """Checked always: 3 points win; with no card left, the higher score wins."""
        assert isinstance(state, DuelState)
        for seat in range(2):
            if state.points[seat] >= 3:
                state.result = Outcome((seat,), "three points")
                return [Won(seat=seat)]
        if not all(state.table.cards_in(hand(seat)) for seat in range(2)) \
                and not state.frames:
            best = max(state.points)
            winners = tuple(s for s in range(2) if state.points[s] == best)
            state.result = Outcome(winners, "no cards left")
            return [OutOfCards()]
        return []
