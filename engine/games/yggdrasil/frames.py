"""Yggdrasil's decisions as core frames, outside battle (battle.py): the draft and the
card kept for the next Age (commits), the small choices cards ask for, and dying, with
what may keep a figure from it."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TypeVar

from engine.core.actions import Action, Made, looked_up
from engine.core.events import Event
from engine.core.frames import Commit, Frame
from engine.core.game import GameState
from engine.games.yggdrasil import board
from engine.games.yggdrasil.actions import (
    Choose,
    Go,
    Invade,
    Keep,
    MarchAlong,
    Pick,
    Raise,
)
from engine.games.yggdrasil.doing import (
    invade,
    place_name,
    put,
    put_all,
    raise_stat,
    to_valhalla,
)
from engine.games.yggdrasil.events import (
    MARCHED,
    HandsDiscarded,
    KeptCard,
    Marched,
    PacketsPassed,
    Spared,
    made_once,
)
from engine.games.yggdrasil.state import (
    RESERVE,
    VALHALLA,
    YggdrasilState,
    hand,
    kept,
    packet,
)

YGGDRASIL = board.YGGDRASIL
PACKETS = tuple(packet(seat) for seat in range(4))  # each seat's draft packet, by seat
HANDS = tuple(hand(seat) for seat in range(4))  # each seat's hand, by seat

# Answers listed again and again are made once (engine.core.actions.Made).
PICKS: Made[tuple[str, ...], Pick] = Made(Pick)
PICK_ONE: Made[str, Pick] = Made(lambda card: PICKS[card,])
KEEPS: Made[str, Keep] = Made(Keep)
MARCHES_ALONG: Made[str, MarchAlong] = Made(MarchAlong)
RAISES: Made[str, Raise] = Made(Raise)
# a kind of figure -> its free invasions by where they go
OFFERED: Made[str, Made[str, Invade]] = Made(lambda kind: Made(lambda to: Invade(kind, to)))


def ygg(state: GameState) -> YggdrasilState:
    """The state as Yggdrasil's (frames are given the core's type)."""
    assert isinstance(state, YggdrasilState)
    return state


def start_seat(state: YggdrasilState) -> int:
    """Whose turn comes first when several resolve: the pillager in a battle (rulings 2-4),
    the active clan in the Action phase, the first player otherwise."""
    if state.fight:
        return state.pillager
    return state.active if state.phase == "action" else state.first


def one_per_kind(state: YggdrasilState, figures: list[str]) -> list[str]:
    """Figures of one kind in one place are alike: the first of each stands for all."""
    seen: set[tuple[str, str]] = set()
    out: list[str] = []
    by_id = state.figures.by_id
    for f in figures:
        e = by_id[f]
        key = (e.kind, e.at)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


# -- hidden choices made together ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class YggCommit(Commit):
    """Yggdrasil's commits (the draft, the card kept, the battle cards): the frame asking
    the clans still to choose is made once and handed out again (an immutable value):
    picks are a third of a match's actions, and every battle and Age lays and keeps."""

    def asking(self, seats: tuple[int, ...]) -> YggCommit:
        return asked(type(self), seats, self.order)


C = TypeVar("C", bound=YggCommit)


@cache
def asked(kind: type[C], seats: tuple[int, ...], order: tuple[int, ...]) -> C:
    """A commit of `kind` of no facts but its seats, asking `seats` of `order`: made once
    for each (at most fifteen sets of seats a table)."""
    return kind(seats=seats, order=order)


# -- Gods' Gifts and Discard (facts 20-23, 43) ---------------------------------------------------
@dataclass(frozen=True, slots=True)
class YggDraft(YggCommit):
    """Every clan picks from its packet at once, hidden, then the packets pass left."""

    take: int = 1  # cards picked at a time (2 with two players, facts 23)
    question = "Pick a card from your packet"

    def prompt_text(self, state: GameState) -> str:
        return "Pick two cards from your packet" if self.take == 2 else self.question

    def answers(self, state: GameState, seat: int) -> list[Action]:
        cards = state.table.zones[PACKETS[seat]].cards
        if self.take == 1:  # a plain look-up of each card's pick (in C)
            return list(map(PICK_ONE.__getitem__, cards))
        return list(_pairs(cards))

    def can_answer(self, state: GameState, seat: int) -> bool:
        # asked of every clan still to pick after each pick: a count, not a listing
        return len(state.table.zones[PACKETS[seat]].cards) >= self.take

    def refusal(self, state: GameState, seat: int, action: Action) -> str | None:
        if isinstance(action, Pick):
            cards = state.table.cards_in(packet(seat))
            if len(action.cards) != self.take or len(set(action.cards)) != self.take:
                return f"pick {self.take} card{'s' if self.take > 1 else ''} at a time"
            if not set(action.cards) <= set(cards):
                return "pick from the packet in front of you"
            return None
        return Frame.refusal(self, state, seat, action)

    def asking(self, seats: tuple[int, ...]) -> YggDraft:
        return _drafting(seats, self.order, self.take)

    def keep(self, state: GameState, seat: int, action: Action) -> str:
        assert isinstance(action, Pick)
        assert isinstance(state, YggdrasilState)  # not ygg(): a call less on every pick
        cards = action.cards
        if len(cards) == 1:  # every pick but a two-player table's
            card = cards[0]
            table = state.table  # doing.put into a hand, which lies face down
            table.move(card, HANDS[seat])
            if card in table.face_up:
                table.set_face(card, False)
            return _picked(table.faces[card])
        put_all(state, cards, HANDS[seat])
        return "You pick " + " and ".join([board.name(state, c) for c in cards])

    def reveal(self, state: GameState) -> list[Event]:
        s = ygg(state)
        s.picks += self.take
        if s.picks >= _hand_size():
            # the packets' last cards, unseen (facts 22), in one move as one after another
            zones = s.table.zones
            put_all(s, tuple([c for p in _packets(s.players) for c in zones[p].cards]), "box")
            for seat in range(s.players):
                put_all(s, s.table.cards_in(kept(seat)), hand(seat))
            return [PASSED[s.picks]]
        # every packet to the next clan at once; they stay face down (nothing to turn)
        s.table.pass_round(_packets(s.players))
        s.frames.append(draft_round(self.order, self.take))
        return [PASSED[s.picks]]


@dataclass(frozen=True, slots=True)
class YggKeep(YggCommit):
    """The Discard phase: keep at most one card for the next Age, the rest unseen."""

    question = "Keep one card for the next Age (or none)"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        return [*map(KEEPS.__getitem__, state.table.zones[hand(seat)].cards), KEEPS[""]]

    def keep(self, state: GameState, seat: int, action: Action) -> str:
        assert isinstance(action, Keep)
        s = ygg(state)
        if not action.card:
            return "You keep no card"
        put(s, action.card, kept(seat))
        return f"You keep {board.name(s, action.card)}"

    def reveal(self, state: GameState) -> list[Event]:
        s = ygg(state)
        out: list[Event] = []
        zones = s.table.zones  # every hand's cards in one move, as one hand after another
        put_all(s, tuple([c for seat in range(s.players) for c in zones[HANDS[seat]].cards]),
                "box")
        for seat in range(s.players):
            kept_card = s.table.cards_in(kept(seat))
            out.append(_kept(seat, board.name(s, kept_card[0]) if kept_card else ""))
        return [DISCARDED(s.age), *out]


@lru_cache(maxsize=4096)
def _kept(seat: int, card_name: str) -> KeptCard:
    """The event of the card `seat` keeps (none: ""), its own to see: made once for each."""
    return KeptCard(seat=seat, some=bool(card_name), seen_by=frozenset({seat}),
                    card_name=card_name)


DISCARDED = made_once(HandsDiscarded, "age")


def draft_round(order: tuple[int, ...], take: int) -> YggDraft:
    """A round of the draft, every clan of `order` to pick (a draft has six rounds an
    Age)."""
    return _drafting(order, order, take)


@cache
def _drafting(seats: tuple[int, ...], order: tuple[int, ...], take: int) -> YggDraft:
    """The draft's frame asking `seats` of `order`: made once for each and handed out
    again (a frame is an immutable value; after every pick the frame asks the clans
    still to pick, at most fifteen sets of seats for a table)."""
    return YggDraft(seats=seats, order=order, take=take)


# the event of each count of picks (events are immutable values too)
PASSED: Made[int, PacketsPassed] = Made(lambda picked: PacketsPassed(picked=picked))


@looked_up
def _picked(face: str) -> str:
    """A clan's own line for picking one card of `face`, made once for each face (a third
    of a match's actions are picks)."""
    return "You pick " + board.content().cards[face].name


@cache
def _hand_size() -> int:
    """The cards each clan drafts in an Age (facts 22)."""
    return board.content().decks.draft.hand


@cache
def _packets(players: int) -> tuple[str, ...]:
    """Every clan's draft packet, in seat order: what a draft round passes on."""
    return tuple(packet(seat) for seat in range(players))


@lru_cache(maxsize=4096)
def _pairs(cards: tuple[str, ...]) -> tuple[Pick, ...]:
    """A two-player packet's picks of two cards (28 of 8), made once for each run of
    cards: a computer clan's search asks for them again and again, while a packet holds
    the same cards until its clan picks. Card ids say nothing of a match, so the picks of
    a run of ids are the same in every match. (One card a pick is looked up card by card:
    a cache of runs was asked once for each in random play, and never found one.)"""
    return tuple(PICKS[a, b] for i, a in enumerate(cards) for b in cards[i + 1:])


# -- small choices ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class YggChooseStat(Frame):
    """Raise one clan stat a step (`but` excluded: Frigga's Grace, ruling 11)."""

    but: str = ""
    why: str = ""
    question = "Raise a clan stat one step"

    def prompt_text(self, state: GameState) -> str:
        return f"Raise a clan stat one step ({self.why})"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        return list(map(RAISES.__getitem__, board.raisable(ygg(state), seat, self.but)))

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Raise)
        return raise_stat(ygg(state), seat, action.stat, self.why)


def choose_stat(state: YggdrasilState, seat: int, why: str, but: str = "") -> None:
    if board.raisable(state, seat, but):
        state.frames.append(_choosing(seat, but, why))


@lru_cache(maxsize=4096)
def _choosing(seat: int, but: str, why: str) -> YggChooseStat:
    """The frame asking `seat` to raise a stat, made once for each (a frame is an
    immutable value)."""
    return YggChooseStat(seats=(seat,), but=but, why=why)


@dataclass(frozen=True, slots=True)
class YggOffer(Frame):
    """A free invasion a clan may take: after a troop or monster upgrade (ruling 8),
    Frigga's Succor's Warrior (ruling 13), Loki's Blessing's Warrior."""

    kinds: tuple[str, ...] = ()
    places: tuple[str, ...] = ()  # empty: wherever the figure may invade
    how: str = "free"
    passable = True
    question = "Invade for free?"

    def prompt_text(self, state: GameState) -> str:
        return {"extra": "Frigga's Succor: a Warrior may invade with it",
                "blessing": "Loki's Blessing: a Warrior may invade where you lost",
                }.get(self.how, "Your upgrade lets a figure invade for free")

    def answers(self, state: GameState, seat: int) -> list[Action]:
        s = ygg(state)
        if board.horns_room(s, seat) <= 0:
            return []
        out: list[Action] = []
        for kind in self.kinds:
            if board.in_reserve(s, seat, kind) is None:
                continue
            places = [p for p in self.places if board.is_fjord(p) or board.room(s, p) > 0] \
                if self.places else board.destinations(s, seat, kind)
            out += map(OFFERED[kind].__getitem__, places)
        return out

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Invade)
        return invade(ygg(state), seat, action.figure, action.to, 0, self.how)


def offer(state: YggdrasilState, seat: int, kinds: tuple[str, ...], how: str,
          places: tuple[str, ...] = ()) -> None:
    frame = YggOffer(seats=(seat,), kinds=kinds, places=places, how=how)
    if frame.answers(state, seat):
        state.frames.append(frame)


@dataclass(frozen=True, slots=True)
class YggMarchOn(Frame):
    """More figures may follow the first from one province to the other (facts 29)."""

    source: str = ""
    to: str = ""
    passable = True

    def prompt_text(self, state: GameState) -> str:
        return f"March more figures from {place_name(self.source)} to {place_name(self.to)}?"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        return list(map(MARCHES_ALONG.__getitem__,
                        _followers(ygg(state), seat, self.source, self.to)))

    def refusal(self, state: GameState, seat: int, action: Action) -> str | None:
        if isinstance(action, MarchAlong) and action.figure in state.figures and \
                ygg(state).figures[action.figure].kind == "warrior":
            listed = [a for a in self.answers(state, seat) if isinstance(a, MarchAlong)]
            same = [a for a in listed if state.figures[a.figure].kind == "warrior"]  # type: ignore[attr-defined]
            if same and action.figure in board.own(ygg(state), seat, self.source):
                return None
        return Frame.refusal(self, state, seat, action)

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, MarchAlong)
        s = ygg(state)
        s.figures.move(action.figure, self.to)
        if _may_follow(s, seat, self.source, self.to):
            s.frames.append(self)
        return [MARCHED(seat=seat, figure=action.figure, figure_name=board.name(s, action.figure),
                        source=self.source, to=self.to, to_name=place_name(self.to), rage=0)]


def march_on(state: YggdrasilState, seat: int, source: str, to: str) -> None:
    """After a march, ask whether more figures follow, unless none may: most marches
    leave nobody to follow, so the frame is made only when it asks."""
    if _may_follow(state, seat, source, to):
        state.frames.append(_marching_on(seat, source, to))


@lru_cache(maxsize=4096)
def _marching_on(seat: int, source: str, to: str) -> YggMarchOn:
    """The frame asking `seat` for more figures to follow from `source` to `to`, made once
    for each (a frame is an immutable value)."""
    return YggMarchOn(seats=(seat,), source=source, to=to)


def _may_follow(state: YggdrasilState, seat: int, source: str, to: str) -> bool:
    """Whether `_followers` would list any figure, read up to the first: asked after every
    march and every figure that follows."""
    if board.room(state, to) <= 0:
        return False
    by_id, ship_kinds = state.figures.by_id, board.ships()
    for f in state.figures.ids_at(source):
        e = by_id[f]
        if e.owner == seat and e.kind not in ship_kinds:
            return True
    return False


def _followers(state: YggdrasilState, seat: int, source: str, to: str) -> list[str]:
    """The figures that may follow a march from `source` to `to` (one of each kind), none
    once `to` is full."""
    return board.movers(state, seat, source) if board.room(state, to) > 0 else []


@dataclass(frozen=True, slots=True)
class YggLeaderMove(Frame):
    """Lord of Hammers: the Leader may move to an adjacent province after a pillage."""

    figure: str = ""
    passable = True
    question = "Lord of Hammers: move your Leader to an adjacent province?"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        s = ygg(state)
        here = s.figures[self.figure].at
        if here not in board.content().provinces:
            return []
        return [Go(p) for p in board.adjacent(here)
                if p not in s.destroyed and board.room(s, p) > 0]

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Go)
        s = ygg(state)
        source = s.figures[self.figure].at
        s.figures.move(self.figure, action.to)
        return [Marched(seat=seat, figure=self.figure, figure_name="Leader", source=source,
                        to=action.to, to_name=place_name(action.to), rage=0)]


@dataclass(frozen=True, slots=True)
class YggSacrifice(Frame):
    """Frigga's Sacrifice: name the figures to destroy, then the stat rises."""

    stat: str = ""
    left: int = 2

    def prompt_text(self, state: GameState) -> str:
        return f"Frigga's Sacrifice: choose a figure of yours to destroy ({self.left} left)"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        s = ygg(state)
        return [Choose(f) for f in one_per_kind(s, board.on_board(s, seat))]

    def refusal(self, state: GameState, seat: int, action: Action) -> str | None:
        if isinstance(action, Choose) and action.figure in board.on_board(ygg(state), seat):
            return None
        return Frame.refusal(self, state, seat, action)

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Choose)
        s = ygg(state)
        events = to_valhalla(s, [action.figure], "Frigga's Sacrifice")
        if self.left > 1:
            s.frames.append(dataclasses.replace(self, left=self.left - 1))
            return events
        return events + raise_stat(s, seat, self.stat, "Frigga's Sacrifice")


# -- dying, and what may keep a figure from it ---------------------------------------------------
def kill(state: YggdrasilState, figures: list[str], why: str,
         protection: bool = True) -> list[Event]:
    """`figures` die, unless their clans keep some back: Frigga's Protection pays Rage per
    figure (ruling 14; never against Ragnarök, designed), the Volur Witch may retreat to
    Yggdrasil from an outer province (ruling 26)."""
    by_id = state.figures.by_id
    standing: list[str] = []  # the figures on the board, then by clan, in one pass
    by_seat: dict[int | None, list[str]] = {}
    for f in figures:
        e = by_id[f]
        if e.at not in (RESERVE, VALHALLA):
            standing.append(f)
            by_seat.setdefault(e.owner, []).append(f)
    asked: list[YggSpare] = []
    if by_seat:
        for seat in board.seats_from(state, start_seat(state)):
            mine = by_seat.get(seat)
            if not mine or not _may_spare(state, seat, mine, protection):
                continue
            frame = YggSpare(seats=(seat,), figures=tuple(mine), why=why,
                             protection=protection)
            if frame.answers(state, seat):
                asked.append(frame)
    if not asked:
        return to_valhalla(state, standing, why)
    state.frames.append(YggDestroy(figures=tuple(standing), why=why))
    state.frames.extend(reversed(asked))
    return []


def _may_spare(state: YggdrasilState, seat: int, figures: list[str], protection: bool) -> bool:
    """Whether `seat` might keep any of its `figures` from dying (what YggSpare lists
    needs this): Frigga's Protection on its sheet, or a monster that may retreat among
    them. Asked of every clan whose figures die, and most have neither."""
    if protection and board.rule(state, seat, "save-figure") is not None:
        return True
    retreating, by_id = _retreating(), state.figures.by_id
    return any(by_id[f].kind in retreating for f in figures)


@cache
def _retreating() -> frozenset[str]:
    """The monsters (by kind) that may retreat to Yggdrasil rather than die (ruling 26)."""
    return frozenset(key for key, c in board.content().cards.items()
                     if c.kind == "monster" and c.rule("retreat-to-yggdrasil") is not None)


@dataclass(frozen=True, slots=True)
class YggSpare(Frame):
    figures: tuple[str, ...] = ()
    why: str = ""
    protection: bool = True
    passable = True

    def prompt_text(self, state: GameState) -> str:
        return f"Your figures are about to die ({self.why}): save any?"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        s = ygg(state)
        out: list[Action] = []
        doomed = [f for f in self.figures if f not in s.spared]
        save = board.rule(s, seat, "save-figure") if self.protection else None
        if save is not None and s.rage[seat] >= save.params["rage"]:
            out += [Choose(f, "save") for f in one_per_kind(s, doomed)]
        by_id = s.figures.by_id
        for f in doomed:
            e = by_id[f]
            kind = board.monster(e.kind)
            if kind is not None and kind.rule("retreat-to-yggdrasil") is not None and \
                    e.at not in (YGGDRASIL, *board.open_fjords(s)):
                out.append(Choose(f, "retreat"))
        return out

    def refusal(self, state: GameState, seat: int, action: Action) -> str | None:
        s = ygg(state)
        if isinstance(action, Choose) and action.how == "save" and \
                action.figure in self.figures and action.figure not in s.spared:
            listed = {s.figures[a.figure].kind for a in self.answers(state, seat)  # type: ignore[attr-defined]
                      if isinstance(a, Choose) and a.how == "save"}
            if s.figures[action.figure].kind in listed:
                return None
        return Frame.refusal(self, state, seat, action)

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Choose)
        s = ygg(state)
        s.spared.add(action.figure)
        figure_name = board.name(s, action.figure)
        if action.how == "retreat":
            s.figures.move(action.figure, YGGDRASIL)
            event = Spared(seat=seat, figure_name=figure_name, how="retreats to Yggdrasil")
        else:
            cost = board.rule(s, seat, "save-figure").params["rage"]  # type: ignore[union-attr]
            s.rage[seat] -= cost
            event = Spared(seat=seat, figure_name=figure_name,
                           how=f"is saved by Frigga's Protection ({cost} Rage)")
        if self.answers(state, seat):
            s.frames.append(self)
        return [event]


@dataclass(frozen=True, slots=True)
class YggDestroy(Frame):
    """The figures nobody kept back die."""

    figures: tuple[str, ...] = ()
    why: str = ""

    def run(self, state: GameState) -> list[Event]:
        s = ygg(state)
        dying = [f for f in self.figures if f not in s.spared]
        s.spared.difference_update(self.figures)
        return to_valhalla(s, dying, self.why)
