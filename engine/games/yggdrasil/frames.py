"""Every decision and continuation of Yggdrasil as a core frame: the draft and the battle
cards (commits), Call to Battle and the after-reveal window (windows going round), the
steps of a battle (automatic), and the small choices cards ask for."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from engine.core.actions import Action, Made
from engine.core.events import Event
from engine.core.frames import Commit, Frame
from engine.core.game import GameState
from engine.games.yggdrasil import board
from engine.games.yggdrasil.actions import (
    Choose,
    Go,
    Invade,
    Join,
    Keep,
    Lay,
    MarchAlong,
    Pick,
    Raise,
    Reclaim,
)
from engine.games.yggdrasil.doing import glory, invade, place_name, put, raise_stat, to_valhalla
from engine.games.yggdrasil.events import (
    BattleDecided,
    BattleLost,
    BattleOver,
    BattleWon,
    CardAdded,
    CardsRevealed,
    CardsTaken,
    HandsDiscarded,
    Joined,
    KeptCard,
    Marched,
    PacketsPassed,
    PillageBegins,
    Pillaged,
    Spared,
)
from engine.games.yggdrasil.state import (
    RESERVE,
    VALHALLA,
    YggdrasilState,
    hand,
    kept,
    laid,
    packet,
    shown,
)

YGGDRASIL = board.YGGDRASIL

# Answers listed again and again are made once (engine.core.actions.Made).
PICKS: Made[tuple[str, ...], Pick] = Made(Pick)
KEEPS: Made[str, Keep] = Made(Keep)
JOINS: Made[str, Join] = Made(Join)
LAYS: Made[str, Lay] = Made(Lay)


def _y(state: GameState) -> YggdrasilState:
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
    for f in figures:
        e = state.figures[f]
        key = (e.kind, e.at)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


# -- Gods' Gifts and Discard (facts 20-23, 43) ---------------------------------------------------
@dataclass(frozen=True, slots=True)
class YggDraft(Commit):
    """Every clan picks from its packet at once, hidden, then the packets pass left."""

    take: int = 1  # cards picked at a time (2 with two players, facts 23)
    question = "Pick a card from your packet"

    def prompt_text(self, state: GameState) -> str:
        return "Pick two cards from your packet" if self.take == 2 else self.question

    def answers(self, state: GameState, seat: int) -> list[Action]:
        cards = state.table.cards_in(packet(seat))
        if self.take == 1:
            return [PICKS[c,] for c in cards]
        return [PICKS[a, b] for i, a in enumerate(cards) for b in cards[i + 1:]]

    def refusal(self, state: GameState, seat: int, action: Action) -> str | None:
        if isinstance(action, Pick):
            cards = state.table.cards_in(packet(seat))
            if len(action.cards) != self.take or len(set(action.cards)) != self.take:
                return f"pick {self.take} card{'s' if self.take > 1 else ''} at a time"
            if not set(action.cards) <= set(cards):
                return "pick from the packet in front of you"
            return None
        return Frame.refusal(self, state, seat, action)

    def keep(self, state: GameState, seat: int, action: Action) -> str:
        assert isinstance(action, Pick)
        s = _y(state)
        for c in action.cards:
            put(s, c, hand(seat))
        return "You pick " + " and ".join(board.name(s, c) for c in action.cards)

    def reveal(self, state: GameState) -> list[Event]:
        s = _y(state)
        s.picks += self.take
        if s.picks >= board.content().decks.draft.hand:
            for seat in range(s.players):
                for c in s.table.cards_in(packet(seat)):
                    put(s, c, "box")  # the packet's last cards, unseen (facts 22)
                for c in s.table.cards_in(kept(seat)):
                    put(s, c, hand(seat))
            return [PacketsPassed(picked=s.picks)]
        packets = [s.table.cards_in(packet(seat)) for seat in range(s.players)]
        for seat, cards in enumerate(packets):
            for c in cards:
                put(s, c, packet((seat + 1) % s.players))
        s.frames.append(dataclasses.replace(self, seats=self.order))
        return [PacketsPassed(picked=s.picks)]


@dataclass(frozen=True, slots=True)
class YggKeep(Commit):
    """The Discard phase: keep at most one card for the next Age, the rest unseen."""

    question = "Keep one card for the next Age (or none)"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        return [KEEPS[c] for c in state.table.cards_in(hand(seat))] + [KEEPS[""]]

    def keep(self, state: GameState, seat: int, action: Action) -> str:
        assert isinstance(action, Keep)
        s = _y(state)
        if not action.card:
            return "You keep no card"
        put(s, action.card, kept(seat))
        return f"You keep {board.name(s, action.card)}"

    def reveal(self, state: GameState) -> list[Event]:
        s = _y(state)
        out: list[Event] = []
        for seat in range(s.players):
            for c in s.table.cards_in(hand(seat)):
                put(s, c, "box")
            kept_card = s.table.cards_in(kept(seat))
            out.append(KeptCard(seat=seat, some=bool(kept_card), seen_by=frozenset({seat}),
                                card_name=board.name(s, kept_card[0]) if kept_card else ""))
        return [HandsDiscarded(age=s.age), *out]


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
        return [Raise(s) for s in board.raisable(_y(state), seat, self.but)]

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Raise)
        return raise_stat(_y(state), seat, action.stat, self.why)


def choose_stat(state: YggdrasilState, seat: int, why: str, but: str = "") -> None:
    if board.raisable(state, seat, but):
        state.frames.append(YggChooseStat(seats=(seat,), but=but, why=why))


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
        s = _y(state)
        if board.horns_room(s, seat) <= 0:
            return []
        out: list[Action] = []
        for kind in self.kinds:
            if board.in_reserve(s, seat, kind) is None:
                continue
            places = [p for p in self.places if board.is_fjord(p) or board.room(s, p) > 0] \
                if self.places else board.destinations(s, seat, kind)
            out += [Invade(kind, p) for p in places]
        return out

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Invade)
        return invade(_y(state), seat, action.figure, action.to, 0, self.how)


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
        s = _y(state)
        if board.room(s, self.to) <= 0:
            return []
        movers = [f for f in board.own(s, seat, self.source)
                  if not board.is_ship(s.figures[f].kind)]
        return [MarchAlong(f) for f in one_per_kind(s, movers)]

    def refusal(self, state: GameState, seat: int, action: Action) -> str | None:
        if isinstance(action, MarchAlong) and action.figure in state.figures and \
                _y(state).figures[action.figure].kind == "warrior":
            listed = [a for a in self.answers(state, seat) if isinstance(a, MarchAlong)]
            same = [a for a in listed if state.figures[a.figure].kind == "warrior"]  # type: ignore[attr-defined]
            if same and action.figure in board.own(_y(state), seat, self.source):
                return None
        return Frame.refusal(self, state, seat, action)

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, MarchAlong)
        s = _y(state)
        s.figures.move(action.figure, self.to)
        if self.answers(s, seat):
            s.frames.append(self)
        return [Marched(seat=seat, figure=action.figure, figure_name=board.name(s, action.figure),
                        source=self.source, to=self.to, to_name=place_name(self.to), rage=0)]


@dataclass(frozen=True, slots=True)
class YggLeaderMove(Frame):
    """Lord of Hammers: the Leader may move to an adjacent province after a pillage."""

    figure: str = ""
    passable = True
    question = "Lord of Hammers: move your Leader to an adjacent province?"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        s = _y(state)
        here = s.figures[self.figure].at
        if here not in board.content().provinces:
            return []
        return [Go(p) for p in board.adjacent(here)
                if p not in s.destroyed and board.room(s, p) > 0]

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Go)
        s = _y(state)
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
        s = _y(state)
        return [Choose(f) for f in one_per_kind(s, board.on_board(s, seat))]

    def refusal(self, state: GameState, seat: int, action: Action) -> str | None:
        if isinstance(action, Choose) and action.figure in board.on_board(_y(state), seat):
            return None
        return Frame.refusal(self, state, seat, action)

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Choose)
        s = _y(state)
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
    figures = [f for f in figures if state.figures[f].at not in (RESERVE, VALHALLA)]
    asked: list[YggSpare] = []
    for seat in board.seats_from(state, start_seat(state)):
        mine = tuple(f for f in figures if state.figures[f].owner == seat)
        frame = YggSpare(seats=(seat,), figures=mine, why=why, protection=protection)
        if mine and frame.answers(state, seat):
            asked.append(frame)
    if not asked:
        return to_valhalla(state, figures, why)
    state.frames.append(YggDestroy(figures=tuple(figures), why=why))
    state.frames.extend(reversed(asked))
    return []


@dataclass(frozen=True, slots=True)
class YggSpare(Frame):
    figures: tuple[str, ...] = ()
    why: str = ""
    protection: bool = True
    passable = True

    def prompt_text(self, state: GameState) -> str:
        return f"Your figures are about to die ({self.why}): save any?"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        s = _y(state)
        out: list[Action] = []
        doomed = [f for f in self.figures if f not in s.spared]
        save = board.rule(s, seat, "save-figure") if self.protection else None
        if save is not None and s.rage[seat] >= save.params["rage"]:
            out += [Choose(f, "save") for f in one_per_kind(s, doomed)]
        for f in doomed:
            kind = board.monster(s.figures[f].kind)
            if kind is not None and kind.rule("retreat-to-yggdrasil") is not None and \
                    s.figures[f].at not in (YGGDRASIL, *board.open_fjords(s)):
                out.append(Choose(f, "retreat"))
        return out

    def refusal(self, state: GameState, seat: int, action: Action) -> str | None:
        s = _y(state)
        if isinstance(action, Choose) and action.how == "save" and \
                action.figure in self.figures and action.figure not in s.spared:
            listed = {s.figures[a.figure].kind for a in self.answers(state, seat)  # type: ignore[attr-defined]
                      if isinstance(a, Choose) and a.how == "save"}
            if s.figures[action.figure].kind in listed:
                return None
        return Frame.refusal(self, state, seat, action)

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Choose)
        s = _y(state)
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
        s = _y(state)
        dying = [f for f in self.figures if f not in s.spared]
        s.spared.difference_update(self.figures)
        return to_valhalla(s, dying, self.why)


# -- pillage and battle (facts 34-42, rulings 1-4, 18-23) ----------------------------------------
def begin_pillage(state: YggdrasilState, seat: int, province: str, cost: int) -> list[Event]:
    """A pillage begins: Call to Battle from the pillager's left (ruling 1), then the
    battle's steps."""
    state.rage[seat] -= cost
    state.fight, state.pillager, state.winner = province, seat, -1
    state.killed = [0] * state.players
    state.fighters, state.joined = [], []
    state.cancelled, state.boosted = set(), {}
    state.frames.append(YggBattle(step="fight"))
    _call_next(state, seat, 0)
    return [PillageBegins(seat=seat, province=province, province_name=place_name(province),
                          rage=cost)]


def _joiners(state: YggdrasilState, seat: int) -> list[str]:
    """`seat`'s figures that may answer Call to Battle: from an adjacent province, never
    a ship, while the villages hold room (facts 35)."""
    if board.room(state, state.fight) <= 0:
        return []
    out = [f for p in board.adjacent(state.fight) if p not in state.destroyed
           for f in board.own(state, seat, p) if not board.is_ship(state.figures[f].kind)]
    return one_per_kind(state, out)


def _call_next(state: YggdrasilState, after: int, passes: int) -> None:
    """Call to Battle goes round clockwise until a whole round passes or the villages are
    full; a clan with nothing to call passes by itself (what it has is on the board)."""
    seat = after
    while passes < state.players and board.room(state, state.fight) > 0:
        seat = (seat + 1) % state.players
        if _joiners(state, seat):
            state.frames.append(YggCall(seats=(seat,), passes=passes))
            return
        passes += 1


@dataclass(frozen=True, slots=True)
class YggCall(Frame):
    passes: int = 0
    passable = True

    def prompt_text(self, state: GameState) -> str:
        return f"Call to Battle for {place_name(_y(state).fight)}: send one figure from an " \
               "adjacent province?"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        return [JOINS[f] for f in _joiners(_y(state), seat)]

    def refusal(self, state: GameState, seat: int, action: Action) -> str | None:
        s = _y(state)
        if isinstance(action, Join) and action.figure in s.figures:
            kinds = {(s.figures[f].kind, s.figures[f].at) for f in _joiners(s, seat)}
            e = s.figures[action.figure]
            if e.owner == seat and (e.kind, e.at) in kinds:
                return None
            return "only one of your figures in a province beside the battle may answer, " \
                   "never a ship"
        return Frame.refusal(self, state, seat, action)

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Join)
        s = _y(state)
        source = s.figures[action.figure].at
        s.figures.move(action.figure, s.fight)
        _call_next(s, seat, 0)
        return [Joined(seat=seat, figure=action.figure, figure_name=board.name(s, action.figure),
                       source_name=place_name(source))]

    def passed(self, state: GameState, seat: int) -> list[Event]:
        _call_next(_y(state), seat, self.passes + 1)
        return []


@dataclass(frozen=True, slots=True)
class YggBattleCards(Commit):
    """Every clan in the battle with cards lays one face down; all reveal together."""

    question = "Lay a card face down for the battle"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        return [LAYS[c] for c in state.table.cards_in(hand(seat))]

    def keep(self, state: GameState, seat: int, action: Action) -> str:
        assert isinstance(action, Lay)
        s = _y(state)
        put(s, action.card, laid(seat))
        return f"You lay {board.name(s, action.card)} face down"

    def reveal(self, state: GameState) -> list[Event]:
        s = _y(state)
        s.reveals += 1
        names: list[str] = []
        for seat in self.order:
            for c in s.table.cards_in(laid(seat)):
                put(s, c, shown(seat))
                names.append(board.name(s, c))
        return [CardsRevealed(seats=self.order, names=tuple(names), round=s.reveals)]


def lay_cards(state: YggdrasilState) -> None:
    """Each clan in the battle with a card in hand must lay one (ruling 1)."""
    seats = tuple(s for s in state.fighters if state.table.cards_in(hand(s)))
    if seats:
        state.frames.append(YggBattleCards(seats=seats, order=seats))


@dataclass(frozen=True, slots=True)
class YggAfterReveal(Frame):
    """Heimdall's Eye and Gaze may be added after the reveal: the pillager first, then
    clockwise, round and round until every clan passes (ruling 21). The window opens for
    every clan in the battle holding cards, whatever they are."""

    passes: int = 0
    passable = True
    question = "Add a card after the reveal?"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        s = _y(state)
        return [LAYS[c] for c in s.table.cards_in(hand(seat))
                if board.card(s, c).rule("play-after-reveal") is not None]

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Lay)
        s = _y(state)
        put(s, action.card, shown(seat))
        after_reveal(s, seat, 0)
        return [CardAdded(seat=seat, card_name=board.name(s, action.card))]

    def passed(self, state: GameState, seat: int) -> list[Event]:
        after_reveal(_y(state), seat, self.passes + 1)
        return []


def after_reveal(state: YggdrasilState, after: int, passes: int) -> None:
    order = state.fighters
    at = order.index(after) if after in order else -1
    while passes < len(order):
        at = (at + 1) % len(order)
        seat = order[at]
        if state.table.cards_in(hand(seat)):
            state.frames.append(YggAfterReveal(seats=(seat,), passes=passes))
            return
        passes += 1


@dataclass(frozen=True, slots=True)
class YggKeepOne(Frame):
    """Odin's Tide: keep one of your figures in the battle; the rest die."""

    question = "Odin's Tide: choose the one figure that stays in the battle"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        s = _y(state)
        return [Choose(f) for f in one_per_kind(s, board.figures_in(
            s, board.battle_places(s, s.fight))) if s.figures[f].owner == seat]

    def refusal(self, state: GameState, seat: int, action: Action) -> str | None:
        s = _y(state)
        if isinstance(action, Choose) and action.figure in s.figures and \
                s.figures[action.figure].owner == seat and \
                s.figures[action.figure].at in board.battle_places(s, s.fight):
            return None
        return Frame.refusal(self, state, seat, action)

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Choose)
        s = _y(state)
        rest = [f for f in board.figures_in(s, board.battle_places(s, s.fight))
                if s.figures[f].owner == seat and f != action.figure]
        return kill(s, rest, "Odin's Tide")


@dataclass(frozen=True, slots=True)
class YggProwess(Frame):
    """Tyr's Prowess: the winner keeps revealed cards for Rage each (ruling 18)."""

    passable = True
    question = "Tyr's Prowess: keep a revealed card for Rage?"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        s = _y(state)
        keep = board.rule(s, seat, "keep-cards-after-win")
        if keep is None or s.rage[seat] < keep.params["rage"]:
            return []
        return [Reclaim(c) for c in s.table.cards_in(shown(seat))]

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Reclaim)
        s = _y(state)
        cost = board.rule(s, seat, "keep-cards-after-win").params["rage"]  # type: ignore[union-attr]
        s.rage[seat] -= cost
        put(s, action.card, hand(seat))
        taken = CardsTaken(seat=seat, names=(board.name(s, action.card),),
                           why=f"Tyr's Prowess, {cost} Rage")
        if self.answers(state, seat):
            s.frames.append(self)
            return [taken]
        return [taken, *self.close(state)]

    def close(self, state: GameState) -> list[Event]:
        s = _y(state)
        for seat in self.seats:
            for c in s.table.cards_in(shown(seat)):
                put(s, c, "discard")
        return []


@dataclass(frozen=True, slots=True)
class YggBattle(Frame):
    """A battle's automatic steps, in the order the rulings give (designed where they are
    silent: the pillage reward and Glory before the texts that pay for winning and losing,
    the cards going home last)."""

    step: str = ""

    def run(self, state: GameState) -> list[Event]:
        s = _y(state)
        return getattr(self, f"_{self.step}")(s)

    def _then(self, s: YggdrasilState, step: str) -> None:
        s.frames.append(YggBattle(step=step))

    def _fight(self, s: YggdrasilState) -> list[Event]:
        """After Call to Battle: no enemy there, no battle, the reward is the pillager's
        (facts 36); otherwise every clan there fights and lays its cards."""
        s.fighters = [seat for seat in board.seats_from(s, s.pillager)
                      if board.in_battle(s, seat, s.fight)]
        s.joined = board.figures_in(s, board.battle_places(s, s.fight))
        if s.fighters == [s.pillager] or not s.fighters:
            s.winner = s.pillager
            self._then(s, "end")
            return reward(s)
        self._then(s, "revealed")
        lay_cards(s)
        return []

    def _revealed(self, s: YggdrasilState) -> list[Event]:
        self._then(s, "compare")
        after_reveal(s, s.fighters[-1], 0)
        return []

    def _compare(self, s: YggdrasilState) -> list[Event]:
        """Highest total wins; a tie for highest and everyone loses (facts 40); the losers'
        figures in the battle go to Valhalla (facts 41)."""
        totals = tuple(board.battle_total(s, seat) for seat in s.fighters)
        best = max(totals)
        top = [seat for seat, t in zip(s.fighters, totals, strict=True) if t == best]
        s.winner = top[0] if len(top) == 1 else -1
        self._then(s, "spoils")
        losers = [seat for seat in s.fighters if seat != s.winner]
        dying = [f for f in board.figures_in(s, board.battle_places(s, s.fight))
                 if s.figures[f].owner in losers]
        decided = BattleDecided(province_name=place_name(s.fight), seats=tuple(s.fighters),
                                totals=totals, winner=s.winner)
        return [decided, *kill(s, dying, "lost the battle")]

    def _spoils(self, s: YggdrasilState) -> list[Event]:
        """Only the pillager takes the reward (ruling 2); the winner gains its Axes."""
        self._then(s, "tally")
        out: list[Event] = []
        if s.winner >= 0:
            if s.winner == s.pillager:
                out += reward(s)
            out.append(glory(s, s.winner, board.stat(s, "axes", s.winner), "won the battle"))
            out.append(BattleWon(seat=s.winner, province=s.fight))
        out += [BattleLost(seat=seat, province=s.fight, winner=s.winner)
                for seat in s.fighters if seat != s.winner]
        return out

    def _tally(self, s: YggdrasilState) -> list[Event]:
        self._then(s, "cards")
        return [BattleOver(province=s.fight, killed=tuple(s.killed))]

    def _cards(self, s: YggdrasilState) -> list[Event]:
        """The winner's cards are discarded, the losers take theirs back (facts 41); Loki's
        Poison takes the winner's cards for the first loser clockwise from it, and wins over
        Tyr's Prowess (ruling 18)."""
        self._then(s, "end")
        out: list[Event] = []
        winner = s.winner
        poisoner = None if winner < 0 else next(
            (seat for seat in board.seats_from(s, winner) if seat != winner and
             seat in s.fighters and any(_takes_cards(s, c) for c in board.shown_cards(s, seat)
                                        if c not in s.cancelled)), None)
        for seat in s.fighters:
            if seat != winner:
                for c in board.shown_cards(s, seat):
                    put(s, c, hand(seat))
        if winner < 0:
            return out
        won = board.shown_cards(s, winner)
        if poisoner is not None and won:
            for c in won:
                put(s, c, hand(poisoner))
            out.append(CardsTaken(seat=poisoner, names=tuple(board.name(s, c) for c in won),
                                  why="Loki's Poison"))
            return out
        prowess = YggProwess(seats=(winner,))
        if won and prowess.answers(s, winner):
            s.frames.append(prowess)
            return out
        for c in won:
            put(s, c, "discard")
        return out

    def _end(self, s: YggdrasilState) -> list[Event]:
        s.fight, s.pillager, s.winner = "", -1, -1
        s.fighters, s.joined = [], []
        s.cancelled, s.boosted = set(), {}
        return []


def _takes_cards(state: YggdrasilState, ident: str) -> bool:
    c = board.card(state, ident)
    return any(getattr(e, "cards", False) for e in c.effects)


def reward(state: YggdrasilState) -> list[Event]:
    """The pillage token's reward to the pillager, twice with its Frost Giant there; the
    token turns to its pillaged side (facts 42)."""
    seat, province = state.pillager, state.fight
    kind = state.tokens[province]
    times = 2 if any(state.figures[f].owner == seat and
                     (m := board.monster(state.figures[f].kind)) is not None and
                     m.rule("reward-twice") is not None for f in state.joined) else 1
    state.pillaged.add(province)
    out: list[Event] = [Pillaged(seat=seat, province=province,
                                 province_name=place_name(province), reward=_reward_name(kind),
                                 times=times)]
    for _ in range(times):
        if kind == "glory":
            token = next(t for t in board.content().board.pillage_tokens if t.reward == "glory")
            out.append(glory(state, seat, token.glory, f"pillaging {place_name(province)}"))
        else:
            for stat in ("rage", "axes", "horns") if kind == "all-stats" else (kind,):
                out += raise_stat(state, seat, stat, f"pillaging {place_name(province)}")
    return out


def _reward_name(kind: str) -> str:
    return {"all-stats": "all-stats", "glory": "Glory"}.get(kind, kind.capitalize())
