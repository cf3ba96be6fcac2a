"""Wintergrim's decisions and continuations, as core frames (docs/adding-a-game.md, 5).

- `Founding`: set-up, a seat searches its deck for its HQ and two workers.
- `Payment`: a cost paid card by card from the hand (How to Play, 4: End).
- `TacticsWindow`: the other players may answer with tactics; those played in one
  window resolve together once everyone has passed (Card types, Tactic).
- `Guarding`: the defender may have a Patrol or Protect unit take an attack.
- `BattleRoll`: the dice of an attack, rolled in one automatic step.
- `CaptureChoice`: a defeated enemy unit is captured or removed (Game Questions).
- `Starving`: food is negative; the seat removes units (ALWAYS: summarize "Food").
- `SearchPick`: a search of the deck (the Ranger): which card to take.
- `TurnOver`: the turn passes to the next player.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from engine.core.actions import Action
from engine.core.events import Event
from engine.core.frames import Frame
from engine.core.game import GameState
from engine.games.wintergrim import combat, placing, tactics, turns, world
from engine.games.wintergrim.actions import (
    Capture,
    Dismiss,
    Found,
    Intercept,
    PayWith,
    PlayTactic,
    Take,
    Vanguard,
)
from engine.games.wintergrim.doing import enter, put, to_removed
from engine.games.wintergrim.events import Defeated, Paid, Searched, TacticPlayed
from engine.games.wintergrim.state import PLAYED, WintergrimState, deck, hand, removed


def _wg(state: GameState) -> WintergrimState:
    assert isinstance(state, WintergrimState)
    return state


@dataclass(frozen=True, slots=True)
class Founding(Frame):
    question = "Search your deck for an HQ and two workers"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        return list(placing.foundings(_wg(state), seat))

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Found)
        return placing.found(_wg(state), seat, action)


@dataclass(frozen=True, slots=True)
class Payment(Frame):
    """`owed` cards still to pay for `card`; then it is placed (`purpose` "place", in
    `area`/`into`) or goes into play as a tactic waiting in its window ("tactic")."""

    card: str = ""
    area: str = ""
    into: str = ""
    owed: int = 0
    purpose: str = "place"
    paid: tuple[str, ...] = ()  # the cards paid so far

    def prompt_text(self, state: GameState) -> str:
        s = _wg(state)
        # Another seat's view empties the id of a card it may not see (a card in hand)
        what = world.name(s, self.card) if self.card in s.table.faces else "a card"
        return f"Pay for {what}: remove {self.owed} more " \
               f"card{'s' if self.owed != 1 else ''} from the hand"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        s = _wg(state)
        return [PayWith(c) for c in world.one_of_each(s, s.table.cards_in(hand(seat)),
                                                      leave_out=self.card)]

    def refusal(self, state: GameState, seat: int, action: Action) -> str | None:
        """Any card of the hand pays, not only the first of its name the list offers."""
        s = _wg(state)
        if isinstance(action, PayWith) and action.card != self.card and \
                action.card in s.table.cards_in(hand(seat)):
            return None
        if isinstance(action, PayWith):
            return "you pay with cards from your hand, other than the card you pay for"
        return Frame.refusal(self, state, seat, action)

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, PayWith)
        s = _wg(state)
        put(s, action.card, removed(seat))
        owed = self.owed - 1
        events: list[Event] = [Paid(seat=seat, card=action.card,
                                    card_name=world.name(s, action.card), owed=owed)]
        paid = (*self.paid, action.card)
        if owed:
            s.frames.append(dataclasses.replace(self, owed=owed, paid=paid))
            return events
        if self.purpose == "place":
            events += placing.finish(s, seat, self.card, self.area, self.into, paid)
        return events


@dataclass(frozen=True, slots=True)
class TacticsWindow(Frame):
    """The seats may answer with tactics (or a Vanguard); `played` waits to resolve
    together once every seat has passed."""

    played: tuple[tuple[str, str, int], ...] = ()
    why: str = ""
    passable = True

    def prompt_text(self, state: GameState) -> str:
        if not self.played:  # the window of every turn's end: nothing of the state is read
            return f"Play a tactic {self.why}, or pass" if self.why else "Play a tactic, or pass"
        s = _wg(state)
        names = ", ".join(world.name(s, c) for c, _, _ in self.played if c in s.pieces)
        return f"Answer {names} with a tactic, or pass"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        s = _wg(state)
        out: list[Action] = list(tactics.plays(s, seat, self.played))
        out += vanguards(s, seat, self.played)
        return out

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        s = _wg(state)
        others = world.seats_after(s, seat)
        if isinstance(action, Vanguard):
            kept = tuple(p for p in self.played if p[0] != action.tactic)
            events = combat.remove_unit(s, action.unit, "removed by its Vanguard")
            events.append(Defeated(seat=self.owner_of(action.tactic), card=action.tactic,
                                   card_name=world.name(s, action.tactic),
                                   fate="stopped by a Vanguard before it has any effect"))
            to_removed(s, action.tactic)
            s.frames.append(dataclasses.replace(self, seats=others, played=kept))
            return events
        assert isinstance(action, PlayTactic)
        played = (*self.played, (action.card, action.target, seat))
        s.frames.append(dataclasses.replace(self, seats=others, played=played))
        return play_tactic(s, seat, action)

    def refusal(self, state: GameState, seat: int, action: Action) -> str | None:
        """Any copy of a tactic in the hand answers, not only the one the list names."""
        if isinstance(action, PlayTactic):
            action = dataclasses.replace(
                action, card=world.listed_copy(_wg(state), seat, action.card))
        return Frame.refusal(self, state, seat, action)

    def owner_of(self, tactic: str) -> int:
        return next(seat for card, _, seat in self.played if card == tactic)

    def close(self, state: GameState) -> list[Event]:
        assert isinstance(state, WintergrimState)  # in place: every turn's end closes one
        return tactics.resolve_together(state, self.played)


def vanguards(state: WintergrimState, seat: int,
              played: tuple[tuple[str, str, int], ...]) -> list[Vanguard]:
    """Skills, Vanguard: an outside unit of `seat` local to what a waiting one-shot tactic
    of another player aims at may be removed to remove that tactic."""
    out: list[Vanguard] = []
    for card, target, who in played:
        if who == seat or card not in state.pieces or not world.card_of(state, card).one_shot:
            continue
        if not target or target not in state.pieces:
            continue
        area = state.pieces[target].at
        out += [Vanguard(u, card) for u in world.units(state, seat)
                if world.has(state, u, "vanguard") and not state.pieces[u].inside
                and state.pieces[u].at == area]
    return out


@dataclass(frozen=True, slots=True)
class Guarding(Frame):
    """Patrol or Protect: the attacked player may have another unit take the attack."""

    target: str = ""
    attacker: str = ""
    passable = True

    def prompt_text(self, state: GameState) -> str:
        s = _wg(state)
        return f"{world.name(s, self.attacker)} attacks {world.name(s, self.target)}: " \
               "may one of your units take the attack?"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        s = _wg(state)
        if self.target not in s.pieces or self.attacker not in s.pieces:
            return []
        return [Intercept(u) for u in combat.guards(s, self.target, self.attacker)]

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Intercept)
        s = _wg(state)
        for i, frame in enumerate(s.frames):
            if isinstance(frame, BattleRoll) and frame.unit == self.attacker:
                s.frames[i] = dataclasses.replace(frame, target=action.unit)
        return [Defeated(seat=seat, card=action.unit, card_name=world.name(s, action.unit),
                         fate=f"steps in and takes the attack on {world.name(s, self.target)}")]


@dataclass(frozen=True, slots=True)
class BattleRoll(Frame):
    """The dice of one attack: rolled when every window before them has closed."""

    unit: str = ""
    target: str = ""
    combat: str = "cc"

    def run(self, state: GameState) -> list[Event]:
        return combat.resolve(_wg(state), self.unit, self.target, self.combat)


@dataclass(frozen=True, slots=True)
class CaptureChoice(Frame):
    """Game Questions, How do you capture units: the victor may capture the defeated unit
    or have it removed to its player's pile."""

    unit: str = ""

    def prompt_text(self, state: GameState) -> str:
        return f"Capture {world.name(_wg(state), self.unit)}, or remove it?"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        return [Capture(True), Capture(False)]

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Capture)
        s = _wg(state)
        if action.keep:
            return combat.remove_unit(s, self.unit, f"captured by Player {seat + 1}",
                                      capture_by=seat)
        return combat.remove_unit(s, self.unit, "defeated and removed")


@dataclass(frozen=True, slots=True)
class Starving(Frame):
    """Food is negative: remove a unit (asked again until it is not)."""

    def prompt_text(self, state: GameState) -> str:
        s = _wg(state)
        return f"Food is {world.food(s, self.seats[0])}: remove a unit"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        return [Dismiss(u) for u in world.units(_wg(state), seat)]

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Dismiss)
        return combat.remove_unit(_wg(state), action.unit, "sent away for want of food")


@dataclass(frozen=True, slots=True)
class SearchPick(Frame):
    """A search of the deck: take one card of what the text finds."""

    finds: tuple[str, ...] = ()
    unit_name: str = ""
    question = "Search your deck: take a card"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        s = _wg(state)
        faces: list[str] = []
        for card in s.table.cards_in(deck(seat)):
            face = s.table.faces[card]
            kind = world.content().cards[face]
            if face not in faces and (face in self.finds or kind.kind in self.finds):
                faces.append(face)
        return [Take(face) for face in sorted(faces)]

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Take)
        s = _wg(state)
        card = next(c for c in s.table.cards_in(deck(seat)) if s.table.faces[c] == action.face)
        put(s, card, hand(seat))
        s.table.shuffle(deck(seat), s.rng)
        return [Searched(seat=seat, unit_name=self.unit_name, found=world.name(s, card))]

    def close(self, state: GameState) -> list[Event]:
        s = _wg(state)
        s.table.shuffle(deck(self.seats[0]), s.rng)
        return [Searched(seat=self.seats[0], unit_name=self.unit_name, found="")]


@dataclass(frozen=True, slots=True)
class TurnOver(Frame):
    """The end of a turn, once the end-of-turn window has closed."""

    def run(self, state: GameState) -> list[Event]:
        assert isinstance(state, WintergrimState)
        return turns.next_turn(state)


def play_tactic(state: WintergrimState, seat: int, action: PlayTactic) -> list[Event]:
    """A tactic leaves the hand to wait in its window, its cost paid on top (Card types,
    Tactic: paid and required like any card)."""
    enter(state, action.card, seat, PLAYED)
    cost = world.card_of(state, action.card).cost
    if cost:
        state.frames.append(Payment(seats=(seat,), card=action.card, owed=cost,
                                    purpose="tactic"))
    return [TacticPlayed(seat=seat, card=action.card, card_name=world.name(state, action.card),
                         target_name=tactics.target_name(state, action.target))]
