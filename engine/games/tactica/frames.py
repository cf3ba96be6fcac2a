"""Who decides next in TACTICA: its frames on the core's stack (engine.core.frames).

Each interruption of a turn is a frame that carries its own behaviour; the
core's loop (engine.core.flow) asks the seats a frame names, carries out
their answers and runs the automatic steps.

- ``NegateChain``: a tactics card was played; the other side may NEGATE it,
  then the first may NEGATE that NEGATE, and so on until one side passes.
  Two NEGATEs may answer together (Part 2's double Negate: one goes to
  RESUPPLY, the second and the negated card to LOST). The card at the bottom
  resolves if it was not negated.
- ``CounterWindow`` (designed timing): after an attack on your troop, or an
  enemy card move that ends next to one of your troops (a HORSE group move is
  one card move, answered once the whole group has moved), you may answer
  with counter-cards (DISENGAGE, SAVED, SHIELDWALL), one after another, until
  you pass.
- ``HorseGroupMove``, ``ShieldwallRearrange``, ``SavedSwap``: the moves and
  swaps HORSE, SHIELDWALL and SAVED allow, ended with Done.
- ``SpyLook``, ``SpyReturn``, ``RansomChoice``, ``PlaceRescue``: a single
  decision (SPY in MOVEMENT and COMBAT, the hostage sent back as ransom, where
  a rescued Champion appears).
- ``RansomDue``: an automatic step of RESOLUTION, "then pay the ransom".

No leak through windows: a NEGATE chain's window and a counter window open
for the other side whenever the rules let it answer, whatever it holds, so
neither the engine, the log nor a save tells who holds what by whether a
window opened; a seat with nothing to play has only Pass, and the app may
pass for a person by itself (the match setting "Stop for my answers"). A side
whose CROWN is a hostage and that had no hostage to ransom may use no tactics
card at all, which the table sees: no window opens for it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import ClassVar

from engine.core.actions import Action, Made
from engine.core.events import Event
from engine.core.frames import Frame
from engine.games.tactica import cards as cardmoves
from engine.games.tactica import tactics, war
from engine.games.tactica.actions import (
    ChooseCard,
    Done,
    Move,
    Negate,
    PlaceRescued,
    PlayTactic,
    SpyStack,
    Swap,
)
from engine.games.tactica.board import CONTENT, MELEE, TROOP_FACES, board, side_of
from engine.games.tactica.events import (
    CardReturned,
    GroupMoveOver,
    Moved,
    Negated,
    NegatePlayed,
    NoRansom,
    NoSwap,
    Passed,
    PilesStacked,
    ShieldwallFormed,
    Swapped,
)
from engine.games.tactica.field import Coord
from engine.games.tactica.movement import group_gathered, group_moves
from engine.games.tactica.state import (
    PLAYED,
    Play,
    TacticaState,
    barracks,
    hostages,
    owner_of,
    searching,
    seat,
    tactics_pile,
    troop_pile,
)

NO_PLAY = Play("", 0, "")


@dataclass(frozen=True, slots=True)
class TacticaFrame(Frame):
    """What every TACTICA frame tells the table besides the core's questions."""

    doing: ClassVar[str] = ""  # what the asked seat does, for the phase bar

    def line(self, state: TacticaState) -> str:
        """The phase bar's words for the frame: who is asked, and what."""
        return f"{seat(self.seats[0])} {self.doing}"

    def reachable(self, state: TacticaState, troop: str) -> dict[Coord, int]:
        """Where `troop` may move while this frame is open, with the MOV it costs."""
        return {}

    def caption(self, state: TacticaState) -> tuple[str, str] | None:
        """A troop the frame is about and the word it shows on the field, if any."""
        return None

    def refusal(self, state: TacticaState, p: int, action: Action) -> str | None:
        if action in self.answers(state, p):
            return None
        return f"{seat(self.seats[0])} must first answer: {self.prompt_text(state)}"


# -- NEGATE --------------------------------------------------------------------------


def negates_held(state: TacticaState, player: int) -> tuple[str, ...]:
    """The NEGATEs `player` may play, in barracks order."""
    if tactics.blocked(state, player):
        return ()
    return tactics.hand(state, player).get("negate", ())


def play_card(state: TacticaState, player: int, action: PlayTactic) -> list[Event]:
    """Put a tactics card into play; the other side may NEGATE it (if the card can be
    negated and that side may use tactics cards at all), else it resolves at once."""
    play, event = tactics.begin(state, player, action)
    if tactics.negatable(state, play) and not tactics.blocked(state, 1 - player):
        state.frames.append(NegateChain(seats=(1 - player,), play=play))
        return [event]
    return [event, *tactics.resolve(state, play)]


def passes(p: int) -> Event:
    """A seat lets a window go by: the log says only that it passed (the same event for
    each pass of a seat, as MOVED hands out its moves: a war passes windows by the
    hundred)."""
    return PASSED[p]


PASSED = (Passed(seat=0), Passed(seat=1))
"""The pass of SUN and of MOON."""


@dataclass(frozen=True, slots=True)
class NegateChain(TacticaFrame):
    """A tactics card waits while the other side may NEGATE the last card of the chain."""

    play: Play = NO_PLAY
    links: tuple[tuple[int, tuple[str, ...]], ...] = ()  # (seat, NEGATE cards) in order

    passable = True

    @property
    def target(self) -> str:
        """The card a NEGATE would answer now: the last NEGATE, or the card played."""
        return self.links[-1][1][0] if self.links else self.play.card

    def _name(self, state: TacticaState) -> str:
        return CONTENT.name(state.table.faces[self.target])

    def prompt_text(self, state: TacticaState) -> str:
        return f"NEGATE {self._name(state)}?"

    def line(self, state: TacticaState) -> str:
        return f"{seat(self.seats[0])} may NEGATE {self._name(state)}"

    def caption(self, state: TacticaState) -> tuple[str, str] | None:
        if not self.play.target:
            return None
        return self.play.target, f"{CONTENT.name(state.table.faces[self.play.card])}?"

    def answers(self, state: TacticaState, p: int) -> list[Action]:
        held = negates_held(state, p)
        out: list[Action] = []
        if held:
            out.append(Negate((held[0],)))
        if len(held) >= 2:
            out.append(Negate((held[0], held[1])))
        return out

    def refusal(self, state: TacticaState, p: int, action: Action) -> str | None:
        """Any NEGATE in the barracks answers, or any two together."""
        if not isinstance(action, Negate):
            return TacticaFrame.refusal(self, state, p, action)
        if len(action.cards) not in (1, 2) or len(set(action.cards)) != len(action.cards):
            return "answer with one NEGATE, or two together"
        if not set(action.cards) <= set(negates_held(state, p)):
            return "that NEGATE is not in your barracks"
        return None

    def answer(self, state: TacticaState, p: int, action: Action) -> list[Event]:
        assert isinstance(action, Negate)
        for card in action.cards:
            cardmoves.put(state, card, PLAYED)
        events: list[Event] = [NegatePlayed(seat=p, cards=action.cards, against=self.target)]
        chain = dataclasses.replace(self, seats=(1 - p,), links=(*self.links, (p, action.cards)))
        if tactics.blocked(state, 1 - p):
            return events + chain.close(state)
        state.frames.append(chain)  # the other side may NEGATE this NEGATE
        return events

    def passed(self, state: TacticaState, p: int) -> list[Event]:
        return [passes(p), *self.close(state)]

    def close(self, state: TacticaState) -> list[Event]:
        """Resolve from the top: each standing NEGATE cancels the card right below it."""
        entries = [(self.play.player, (self.play.card,)), *self.links]
        stands = [False] * len(entries)
        stands[-1] = True
        for j in range(len(entries) - 1, 0, -1):
            stands[j - 1] = not stands[j]
        for j in range(1, len(entries)):
            if not stands[j]:
                continue
            used = entries[j][1]
            tactics.route(state, used[0], "resupply")
            dest = "resupply"
            if len(used) > 1:
                tactics.route(state, used[1], "lost")
                dest = "lost"
            for card in entries[j - 1][1]:
                tactics.route(state, card, dest)
        if stands[0]:
            return tactics.resolve(state, self.play)
        return [Negated(card=self.play.card)]


# -- counter windows -------------------------------------------------------------------


def open_window(state: TacticaState, player: int, trigger: str) -> None:
    """`player` may answer an attack on its troop or an engaging move: the window opens
    whatever it holds (no leak), unless it may use no tactics card at all."""
    if not tactics.blocked(state, player):
        state.frames.append(CounterWindow(seats=(player,), trigger=trigger))


def engaged(state: TacticaState, troop: str) -> bool:
    """Whether `troop` now stands next to an enemy troop (an engaging move)."""
    b = board(state)
    c = b.pos.get(troop)
    owner = owner_of(troop)
    return c is not None and owner is not None and b.enemy_adjacent(c, owner)


@dataclass(frozen=True, slots=True)
class CounterWindow(TacticaFrame):
    """The defender may answer an attack or an engaging move with counter-cards, one
    after another, until it passes."""

    trigger: str = "attack"  # "attack" or "move"

    passable = True
    question = "Answer with a counter-card?"

    def line(self, state: TacticaState) -> str:
        what = "the attack" if self.trigger == "attack" else "the move"
        return f"{seat(self.seats[0])} may answer {what} with a counter-card"

    def answers(self, state: TacticaState, p: int) -> list[Action]:
        return list(tactics.plays(state, p, self.trigger))

    def refusal(self, state: TacticaState, p: int, action: Action) -> str | None:
        if not isinstance(action, PlayTactic):
            return TacticaFrame.refusal(self, state, p, action)
        if tactics.offered(state, p, action, self.trigger):
            return None
        return tactics.problem(state, p, action, self.trigger)

    def answer(self, state: TacticaState, p: int, action: Action) -> list[Event]:
        assert isinstance(action, PlayTactic)
        state.frames.append(self)  # still open under the card's NEGATE chain
        return play_card(state, p, action)

    def passed(self, state: TacticaState, p: int) -> list[Event]:
        return [passes(p)]


# -- moves and swaps ---------------------------------------------------------------------


def step(state: TacticaState, p: int, action: Move) -> list[Event]:
    """Put a troop on the hex a move names."""
    spot = (action.q, action.r)
    cardmoves.place(state, action.troop, spot)
    return [MOVED(p, action.troop, spot)]


MOVED = cache(Moved)
"""Moved events by seat, troop and hex: events are immutable facts, and a move is the
commonest action, so each is made once and handed out again (a frozen dataclass's
fields are set one slow call at a time)."""


@dataclass(frozen=True, slots=True)
class HorseGroupMove(TacticaFrame):
    """HORSE: the anchor troop moves first, then its companions end next to it."""

    anchor: str = ""
    members: tuple[str, ...] = ()
    moved: tuple[str, ...] = ()

    question = "HORSE: move the group (the troop HORSE was played on first)"

    def line(self, state: TacticaState) -> str:
        return f"HORSE group move: {len(self.members) - len(self.moved)} troop(s) may move"

    def reachable(self, state: TacticaState, troop: str) -> dict[Coord, int]:
        if troop not in self.members:
            return {}
        return group_moves(state, board(state), self.anchor, self.members, self.moved, troop)

    def answers(self, state: TacticaState, p: int) -> list[Action]:
        """The group's moves, and Done once every companion stands next to the anchor."""
        b = board(state)
        out: list[Action] = []
        for t in self.members:
            dests = group_moves(state, b, self.anchor, self.members, self.moved, t)
            out.extend(Move(t, c[0], c[1]) for c in sorted(dests))
        if group_gathered(b, self.anchor, self.members):
            out.append(DONE)
        return out

    def refusal(self, state: TacticaState, p: int, action: Action) -> str | None:
        """Why a step of a HORSE group move is refused (Part 2: the group ends next to the
        troop HORSE was played on)."""
        if action in self.answers(state, p):
            return None
        if isinstance(action, Done):
            return ("the HORSE group move must end with every troop of the group next to the "
                    "troop HORSE was played on")
        if not isinstance(action, Move) or action.troop not in self.members:
            return "move a troop of the HORSE group, or finish the group move"
        if action.troop in self.moved:
            return "each troop of the HORSE group moves once"
        if action.troop != self.anchor and self.anchor not in self.moved:
            return "the troop HORSE was played on moves first"
        return ("with HORSE's 2 MOV the group must end next to the troop HORSE was played on, "
                "and every troop of it must still be able to get there")

    def answer(self, state: TacticaState, p: int, action: Action) -> list[Event]:
        if isinstance(action, Done):
            return self.end(state)
        assert isinstance(action, Move)
        moved = dataclasses.replace(self, moved=(*self.moved, action.troop))
        events = step(state, p, action)
        if all(t in moved.moved for t in moved.members):
            return events + moved.end(state)
        state.frames.append(moved)
        return events

    def end(self, state: TacticaState) -> list[Event]:
        """The group move is one card move: the defender's counter window for an engaging
        move opens now, once, if a troop that moved ends next to an enemy."""
        if any(engaged(state, t) for t in self.moved):
            open_window(state, 1 - self.seats[0], "move")
        return [GroupMoveOver()]


SWAPS: Made[tuple[str, str], Swap] = Made(lambda pair: Swap(*pair))  # by the two troops
DONE = Done()


def swap(state: TacticaState, player: int, action: Swap) -> list[Event]:
    cardmoves.swap(state, action.a, action.b)
    return [Swapped(seat=player, troops=(action.a, action.b))]


def either_way(frame: ShieldwallRearrange | SavedSwap, state: TacticaState, p: int,
               action: Action) -> str | None:
    """A swap names its two troops in either order. It is checked on its own pair (a load
    checks every recorded swap), not looked for among every pair the frame lists."""
    if isinstance(action, Swap) and frame.may_swap(state, p, action.a, action.b):
        return None
    return TacticaFrame.refusal(frame, state, p, action)


@dataclass(frozen=True, slots=True)
class ShieldwallRearrange(TacticaFrame):
    """SHIELDWALL in MOVEMENT: the Foot and its adjacent melee troops swap places."""

    members: tuple[str, ...] = ()
    swaps_left: int = 0

    question = "SHIELDWALL: switch places within the group"

    def line(self, state: TacticaState) -> str:
        return f"SHIELDWALL: up to {self.swaps_left} swap(s) left"

    def answers(self, state: TacticaState, p: int) -> list[Action]:
        if self.swaps_left <= 0:
            return []
        b = board(state)
        on = [t for t in self.members if t in b.pos]
        out: list[Action] = [SWAPS[pair] for pair in combinations(on, 2)]
        if out:
            out.append(DONE)
        return out

    def may_swap(self, state: TacticaState, p: int, a: str, b: str) -> bool:
        """Whether `a` and `b` are two of the group on the field (answers' pairs)."""
        pos = board(state).pos
        return (self.swaps_left > 0 and a != b and a in self.members and b in self.members
                and a in pos and b in pos)

    def refusal(self, state: TacticaState, p: int, action: Action) -> str | None:
        return either_way(self, state, p, action)

    def answer(self, state: TacticaState, p: int, action: Action) -> list[Event]:
        if isinstance(action, Done):
            return [ShieldwallFormed()]
        assert isinstance(action, Swap)
        state.frames.append(dataclasses.replace(self, swaps_left=self.swaps_left - 1))
        return swap(state, p, action)


@dataclass(frozen=True, slots=True)
class SavedSwap(TacticaFrame):
    """SAVED in MOVEMENT: once movement is over, two adjacent melee troops may swap."""

    question = "SAVED: swap two adjacent melee troops"
    doing = "may swap two adjacent melee troops (SAVED)"

    def answers(self, state: TacticaState, p: int) -> list[Action]:
        out: list[Action] = [SWAPS[pair] for pair in board(state).pairs(p, state.table.faces)]
        return [*out, DONE] if out else []

    def may_swap(self, state: TacticaState, p: int, a: str, b: str) -> bool:
        """Whether `a` and `b` are two of `p`'s melee troops side by side (Board.pairs)."""
        field = board(state)
        faces = state.table.faces
        return (a in field.pos and side_of(a) == p and faces[a] in MELEE
                and b in field.friends(a, faces)[0])

    def refusal(self, state: TacticaState, p: int, action: Action) -> str | None:
        return either_way(self, state, p, action)

    def answer(self, state: TacticaState, p: int, action: Action) -> list[Event]:
        if isinstance(action, Done):
            return [NoSwap(seat=p)]
        assert isinstance(action, Swap)
        return swap(state, p, action)


# -- single decisions --------------------------------------------------------------------


def spy_faces(state: TacticaState, player: int) -> tuple[list[str], list[str]]:
    """The troop faces and the tactics faces among the cards `player` is looking through."""
    faces = state.table.faces
    seen = {faces[c] for c in state.table.zones[searching(player)].cards or ()}
    return (sorted(f for f in seen if f in TROOP_FACES and f != "crown"),
            sorted(f for f in seen if f not in TROOP_FACES or f == "crown"))


@dataclass(frozen=True, slots=True)
class SpyLook(TacticaFrame):
    """SPY in MOVEMENT: the player has looked through its piles and puts a card of each
    kind it names on top."""

    question = "SPY: choose the cards to put on top of your piles"
    doing = "chooses the top cards of their piles (SPY)"

    def answers(self, state: TacticaState, p: int) -> list[Action]:
        troop_faces, tactic_faces = spy_faces(state, p)
        return [SpyStack(a, t) for a in ["", *troop_faces] for t in ["", *tactic_faces]]

    def answer(self, state: TacticaState, p: int, action: Action) -> list[Event]:
        assert isinstance(action, SpyStack)
        cardmoves.restack(state, p, (action.troop_face, action.tactic_face))
        return [PilesStacked(seat=p)]


@dataclass(frozen=True, slots=True)
class SpyReturn(TacticaFrame):
    """SPY in COMBAT: the opponent returns a barracks card of its choice to its pile."""

    question = "SPY: choose a barracks card to return to its pile"
    doing = "must return a barracks card (SPY)"

    def answers(self, state: TacticaState, p: int) -> list[Action]:
        return [ChooseCard(c) for c in state.table.zones[barracks(p)].cards or ()]

    def answer(self, state: TacticaState, p: int, action: Action) -> list[Event]:
        assert isinstance(action, ChooseCard)
        face = state.table.faces[action.card]
        pile = troop_pile(p) if face in TROOP_FACES and face != "crown" else tactics_pile(p)
        cardmoves.put(state, action.card, pile, face_up=False)
        kind = "troop" if pile == troop_pile(p) else "tactics"
        return [CardReturned(seat=p, pile=kind), *tactics.reshuffle(state, p)]


@dataclass(frozen=True, slots=True)
class RansomDue(TacticaFrame):
    """RESOLUTION, automatic: `payer`, whose CROWN is held, sends a hostage back (asked
    which when it holds several), or may use no tactics card while it holds none."""

    payer: int = 0

    def run(self, state: TacticaState) -> list[Event]:
        p = self.payer
        held = state.table.zones[hostages(p)].cards or []
        if len(held) > 1:
            state.frames.append(RansomChoice(seats=(p,)))
            return []
        if held:
            return war.pay_ransom(state, p, held[0])
        state.ransom_blocked[p] = True
        return [NoRansom(seat=p)]


@dataclass(frozen=True, slots=True)
class RansomChoice(TacticaFrame):
    """The hostage a ransom sends back, among several."""

    question = "Ransom: choose a hostage to send back"
    doing = "must send back a hostage as ransom"

    def answers(self, state: TacticaState, p: int) -> list[Action]:
        return [ChooseCard(c) for c in state.table.zones[hostages(p)].cards or ()]

    def answer(self, state: TacticaState, p: int, action: Action) -> list[Event]:
        assert isinstance(action, ChooseCard)
        return war.pay_ransom(state, p, action.card)


@dataclass(frozen=True, slots=True)
class PlaceRescue(TacticaFrame):
    """Where a rescued Champion (or CROWN) appears, next to the rescuer and an enemy wall."""

    subject: str = ""  # the rescued troop
    anchor: str = ""  # the rescuer

    question = "Choose where the rescued troop appears"
    doing = "places the rescued troop"

    def answers(self, state: TacticaState, p: int) -> list[Action]:
        b = board(state)
        if self.anchor not in b.pos:
            return []
        return [PlaceRescued(c[0], c[1])
                for c in sorted(tactics.rescue_hexes(b, self.anchor, p))]

    def answer(self, state: TacticaState, p: int, action: Action) -> list[Event]:
        assert isinstance(action, PlaceRescued)
        return tactics.rescue(state, p, self.anchor, self.subject, (action.q, action.r))
