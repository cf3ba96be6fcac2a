"""A pillage and its battle as core frames (facts 34-42, rulings 1-4, 18-23): Call to
Battle and the after-reveal window go round the table, the cards are laid at once (a
commit), and the battle's steps run in the order the rulings give."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.core.actions import Action, Made
from engine.core.events import Event
from engine.core.frames import Frame
from engine.core.game import GameState
from engine.games.yggdrasil import board
from engine.games.yggdrasil.actions import (
    Choose,
    Join,
    Lay,
    Reclaim,
)
from engine.games.yggdrasil.doing import glory, place_name, put, raise_stat
from engine.games.yggdrasil.events import (
    DECIDED,
    OVER,
    REVEALED,
    BattleLost,
    BattleWon,
    CardAdded,
    CardsTaken,
    Joined,
    PillageBegins,
    Pillaged,
    made_once,
)
from engine.games.yggdrasil.frames import HANDS, YggCommit, asked, kill, one_per_kind, ygg
from engine.games.yggdrasil.state import (
    YggdrasilState,
    hand,
    laid,
    shown,
)

JOINS: Made[str, Join] = Made(Join)  # answers made once (engine.core.actions.Made)
LAYS: Made[str, Lay] = Made(Lay)
# a battle's events of few enough facts to repeat, made once for each (events.made_once)
JOINED = made_once(Joined, "seat", "figure", "figure_name", "source_name")
WON = made_once(BattleWon, "seat", "province")
LOST = made_once(BattleLost, "seat", "province", "winner")


# -- pillage and battle (facts 34-42, rulings 1-4, 18-23) ----------------------------------------
def begin_pillage(state: YggdrasilState, seat: int, province: str, cost: int) -> list[Event]:
    """A pillage begins: Call to Battle from the pillager's left (ruling 1), then the
    battle's steps."""
    state.rage[seat] -= cost
    state.fight, state.pillager, state.winner = province, seat, -1
    state.killed = [0] * state.players
    state.fighters, state.joined = [], []
    state.cancelled, state.boosted = set(), {}
    state.frames.append(BATTLE_STEPS["fight"])
    _call_next(state, seat, 0)
    return [_pillage_begins(seat, province, cost)]


@cache
def _pillage_begins(seat: int, province: str, rage: int) -> PillageBegins:
    """The event of a pillage beginning, made once for each (events.made_once)."""
    return PillageBegins(seat=seat, province=province, province_name=place_name(province),
                         rage=rage)


def _joiners(state: YggdrasilState, seat: int) -> list[str]:
    """`seat`'s figures that may answer Call to Battle: from an adjacent province, never
    a ship, while the villages hold room (facts 35)."""
    if board.room(state, state.fight) <= 0:
        return []
    destroyed = state.destroyed
    return board.movers(state, seat, *[p for p in board.adjacent(state.fight)
                                       if p not in destroyed])


def _callers(state: YggdrasilState) -> set[int | None]:
    """The clans that have a figure to answer Call to Battle with (those `_joiners` lists
    something for, villages with room aside), read in one pass over the provinces beside
    the battle: the call goes round after every answer and every pass, and reading each
    clan's figures in turn was most of what it cost."""
    destroyed, ship_kinds = state.destroyed, board.ships()
    where, by_id = state.figures.places(), state.figures.by_id
    out: set[int | None] = set()
    for p in board.adjacent(state.fight):
        if p not in destroyed:
            for f in where.get(p, ()):
                e = by_id[f]
                if e.kind not in ship_kinds:
                    out.add(e.owner)
    return out


def _call_next(state: YggdrasilState, after: int, passes: int) -> None:
    """Call to Battle goes round clockwise until a whole round passes or the villages are
    full; a clan with nothing to call passes by itself (what it has is on the board)."""
    players = state.players
    if passes >= players or board.room(state, state.fight) <= 0:
        return
    callers = _callers(state)
    seat = after
    while passes < players:
        seat = (seat + 1) % players
        if seat in callers:
            state.frames.append(_calling(seat, passes))
            return
        passes += 1


@cache
def _call_question(province: str) -> str:
    """Call to Battle's question for a battle in `province`, made once for each (the table
    asks it after every answer and every pass)."""
    return f"Call to Battle for {place_name(province)}: send one figure from an adjacent " \
           "province?"


@dataclass(frozen=True, slots=True)
class YggCall(Frame):
    passes: int = 0
    passable = True

    def prompt_text(self, state: GameState) -> str:
        return _call_question(ygg(state).fight)

    def answers(self, state: GameState, seat: int) -> list[Action]:
        return list(map(JOINS.__getitem__, _joiners(ygg(state), seat)))

    def refusal(self, state: GameState, seat: int, action: Action) -> str | None:
        s = ygg(state)
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
        s = ygg(state)
        source = s.figures.by_id[action.figure].at
        s.figures.move(action.figure, s.fight)
        _call_next(s, seat, 0)
        return [JOINED(seat, action.figure, board.name(s, action.figure), place_name(source))]

    def passed(self, state: GameState, seat: int) -> list[Event]:
        _call_next(ygg(state), seat, self.passes + 1)
        return []


@cache
def _calling(seat: int, passes: int) -> YggCall:
    """Call to Battle asking `seat` after `passes` passes: made once for each (a frame is
    an immutable value; the call goes round after every answer and pass)."""
    return YggCall(seats=(seat,), passes=passes)


@dataclass(frozen=True, slots=True)
class YggBattleCards(YggCommit):
    """Every clan in the battle with cards lays one face down; all reveal together."""

    question = "Lay a card face down for the battle"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        return list(map(LAYS.__getitem__, state.table.zones[HANDS[seat]].cards))

    def keep(self, state: GameState, seat: int, action: Action) -> str:
        assert isinstance(action, Lay)
        s = ygg(state)
        put(s, action.card, laid(seat))
        return f"You lay {board.name(s, action.card)} face down"

    def reveal(self, state: GameState) -> list[Event]:
        s = ygg(state)
        s.reveals += 1
        names: list[str] = []
        for seat in self.order:
            for c in s.table.cards_in(laid(seat)):
                put(s, c, shown(seat))
                names.append(board.name(s, c))
        return [REVEALED(seats=self.order, names=tuple(names), round=s.reveals)]


def lay_cards(state: YggdrasilState) -> None:
    """Each clan in the battle with a card in hand must lay one (ruling 1)."""
    zones = state.table.zones
    seats = tuple([s for s in state.fighters if zones[HANDS[s]].cards])
    if seats:
        state.frames.append(asked(YggBattleCards, seats, seats))


@dataclass(frozen=True, slots=True)
class YggAfterReveal(Frame):
    """Heimdall's Eye and Gaze may be added after the reveal: the pillager first, then
    clockwise, round and round until every clan passes (ruling 21). The window opens for
    every clan in the battle holding cards, whatever they are."""

    passes: int = 0
    passable = True
    question = "Add a card after the reveal?"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        s = ygg(state)
        faces = s.table.faces
        late = board.with_rule("play-after-reveal")  # Heimdall's Eye and Gaze
        return [LAYS[c] for c in s.table.zones[HANDS[seat]].cards if faces[c] in late]

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Lay)
        s = ygg(state)
        put(s, action.card, shown(seat))
        after_reveal(s, seat, 0)
        return [CardAdded(seat=seat, card_name=board.name(s, action.card))]

    def passed(self, state: GameState, seat: int) -> list[Event]:
        after_reveal(ygg(state), seat, self.passes + 1)
        return []


def after_reveal(state: YggdrasilState, after: int, passes: int) -> None:
    order = state.fighters
    at = order.index(after) if after in order else -1
    while passes < len(order):
        at = (at + 1) % len(order)
        seat = order[at]
        if state.table.zones[HANDS[seat]].cards:
            state.frames.append(_adding(seat, passes))
            return
        passes += 1


@cache
def _adding(seat: int, passes: int) -> YggAfterReveal:
    """The after-reveal window asking `seat` after `passes` passes: made once for each (a
    frame is an immutable value; the window goes round after every answer and pass)."""
    return YggAfterReveal(seats=(seat,), passes=passes)


@dataclass(frozen=True, slots=True)
class YggKeepOne(Frame):
    """Odin's Tide: keep one of your figures in the battle; the rest die."""

    question = "Odin's Tide: choose the one figure that stays in the battle"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        s = ygg(state)
        return [Choose(f) for f in one_per_kind(s, board.figures_in(
            s, board.battle_places(s, s.fight))) if s.figures[f].owner == seat]

    def refusal(self, state: GameState, seat: int, action: Action) -> str | None:
        s = ygg(state)
        if isinstance(action, Choose) and action.figure in s.figures and \
                s.figures[action.figure].owner == seat and \
                s.figures[action.figure].at in board.battle_places(s, s.fight):
            return None
        return Frame.refusal(self, state, seat, action)

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Choose)
        s = ygg(state)
        rest = [f for f in board.figures_in(s, board.battle_places(s, s.fight))
                if s.figures[f].owner == seat and f != action.figure]
        return kill(s, rest, "Odin's Tide")


@dataclass(frozen=True, slots=True)
class YggProwess(Frame):
    """Tyr's Prowess: the winner keeps revealed cards for Rage each (ruling 18)."""

    passable = True
    question = "Tyr's Prowess: keep a revealed card for Rage?"

    def answers(self, state: GameState, seat: int) -> list[Action]:
        s = ygg(state)
        keep = board.rule(s, seat, "keep-cards-after-win")
        if keep is None or s.rage[seat] < keep.params["rage"]:
            return []
        return [Reclaim(c) for c in s.table.cards_in(shown(seat))]

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Reclaim)
        s = ygg(state)
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
        s = ygg(state)
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
        return _STEPS[self.step](self, ygg(state))

    def _then(self, s: YggdrasilState, step: str) -> None:
        s.frames.append(BATTLE_STEPS[step])

    def _fight(self, s: YggdrasilState) -> list[Event]:
        """After Call to Battle: no enemy there, no battle, the reward is the pillager's
        (facts 36); otherwise every clan there fights and lays its cards."""
        s.joined = board.figures_in(s, board.battle_places(s, s.fight))
        by_id = s.figures.by_id
        there = {by_id[f].owner for f in s.joined}  # board.in_battle, for every clan at once
        s.fighters = [seat for seat in board.seats_from(s, s.pillager) if seat in there]
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
        totals = tuple([board.battle_total(s, seat) for seat in s.fighters])
        best = max(totals)
        top = [seat for seat, t in zip(s.fighters, totals, strict=True) if t == best]
        s.winner = top[0] if len(top) == 1 else -1
        self._then(s, "spoils")
        losers = [seat for seat in s.fighters if seat != s.winner]
        by_id = s.figures.by_id
        dying = [f for f in board.figures_in(s, board.battle_places(s, s.fight))
                 if by_id[f].owner in losers]
        decided = DECIDED(province_name=place_name(s.fight), seats=tuple(s.fighters),
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
            out.append(WON(s.winner, s.fight))
        out += [LOST(seat, s.fight, s.winner) for seat in s.fighters if seat != s.winner]
        return out

    def _tally(self, s: YggdrasilState) -> list[Event]:
        self._then(s, "cards")
        return [OVER(province=s.fight, killed=tuple(s.killed))]

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
        prowess = _prowess(winner)
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


# A battle's steps by name: each step's frame made once (frames are immutable values, and
# a battle runs seven), and what each does, read without building its method's name.
BATTLE_STEPS: Made[str, YggBattle] = Made(lambda step: YggBattle(step=step))
_STEPS = {"fight": YggBattle._fight, "revealed": YggBattle._revealed,
          "compare": YggBattle._compare, "spoils": YggBattle._spoils,
          "tally": YggBattle._tally, "cards": YggBattle._cards, "end": YggBattle._end}


@cache
def _prowess(winner: int) -> YggProwess:
    """Tyr's Prowess asking the winner: made once for each seat (every battle's end asks
    whether it has an answer)."""
    return YggProwess(seats=(winner,))


def _takes_cards(state: YggdrasilState, ident: str) -> bool:
    return state.table.faces[ident] in _card_takers()


@cache
def _card_takers() -> frozenset[str]:
    """The cards (by face) whose text takes the winner's cards (Loki's Poison), read once:
    every battle's end asks of each revealed card."""
    return frozenset(face for face, c in board.content().cards.items()
                     if any(getattr(e, "cards", False) for e in c.effects))


def reward(state: YggdrasilState) -> list[Event]:
    """The pillage token's reward to the pillager, twice with its Frost Giant there; the
    token turns to its pillaged side (facts 42)."""
    seat, province = state.pillager, state.fight
    kind = state.tokens[province]
    times = 2 if any(state.figures[f].owner == seat and
                     (m := board.monster(state.figures[f].kind)) is not None and
                     m.rule("reward-twice") is not None for f in state.joined) else 1
    state.pillaged.add(province)
    out: list[Event] = [PILLAGED(seat, province, place_name(province), _reward_name(kind),
                                 times)]
    for _ in range(times):
        if kind == "glory":
            token = next(t for t in board.content().board.pillage_tokens if t.reward == "glory")
            out.append(glory(state, seat, token.glory, f"pillaging {place_name(province)}"))
        else:
            for stat in ("rage", "axes", "horns") if kind == "all-stats" else (kind,):
                out += raise_stat(state, seat, stat, f"pillaging {place_name(province)}")
    return out


PILLAGED = made_once(Pillaged, "seat", "province", "province_name", "reward", "times")


def _reward_name(kind: str) -> str:
    return {"all-stats": "all-stats", "glory": "Glory"}.get(kind, kind.capitalize())
