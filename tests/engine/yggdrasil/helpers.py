"""Shared moves for Yggdrasil's rules tests: a table in the Action phase built to order
(figures where a test wants them, cards in hands and on sheets, stats on chosen steps,
known pillage tokens), and the answers every battle asks for.

"facts N" and "ruling N" are ../shared/rules/yggdrasil-facts.md and
yggdrasil-clarifications-pt.txt; "designed" rules are in assets/yggdrasil/rules.md."""

from __future__ import annotations

from collections.abc import Iterable

from engine.core import flow
from engine.core.actions import Action
from engine.core.entities import Entity
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.frames import Frame, Pass, Triggered, Use
from engine.core.rng import Rng
from engine.games.yggdrasil import board
from engine.games.yggdrasil.actions import Lay
from engine.games.yggdrasil.battle import (
    YggAfterReveal,
    YggBattleCards,
    YggCall,
)
from engine.games.yggdrasil.doing import put
from engine.games.yggdrasil.rules import YggdrasilGame
from engine.games.yggdrasil.state import (
    RESERVE,
    VALHALLA,
    YggdrasilOptions,
    YggdrasilState,
    deck,
    figure_id,
    hand,
    quests,
    sheet,
)

GAME = YggdrasilGame()
P1, P2, P3, P4 = 0, 1, 2, 3
YGG = "yggdrasil"
RING = ("myrkulor", "elvagar", "angerboda", "muspelheim", "horgr", "utgard", "andlang",
        "gimle")
# The pillage tokens of a built table unless a test says otherwise (facts 14's mix).
TOKENS = {YGG: "all-stats", "myrkulor": "rage", "elvagar": "rage", "angerboda": "rage",
          "muspelheim": "axes", "horgr": "axes", "utgard": "horns", "andlang": "horns",
          "gimle": "glory"}
FJORD_EA = "fjord-elvagar-angerboda"
FJORD_MH = "fjord-muspelheim-horgr"
FJORD_UA = "fjord-utgard-andlang"
FJORD_GM = "fjord-gimle-myrkulor"


def new(players: int = 4, seed: int = 1) -> YggdrasilState:
    """A match just set up (the draft of Age 1 open)."""
    state = GAME.setup(YggdrasilOptions(players=players), Rng(seed))
    assert isinstance(state, YggdrasilState)
    return state


def table(players: int = 4, seed: int = 1, first: int = 0, age: int = 1,
          destroyed: Iterable[str] = (), tokens: dict[str, str] | None = None,
          doom: tuple[str, str, str] = ("angerboda", "muspelheim", "elvagar")) -> YggdrasilState:
    """The Action phase of `age` with no draft behind it: every card back in its Age deck,
    every figure in its reserve, hands empty, each clan's Rage 6, `first` to act, no
    province destroyed but `destroyed`, the tokens of TOKENS and Ragnarök's `doom`."""
    state = new(players, seed)
    state.frames.clear()
    for card in state.table.faces:
        put(state, card, deck(int(card[1])))
    state.age, state.phase, state.picks = age, "action", 6
    state.first = state.active = first
    state.acted = False
    state.destroyed = set(destroyed)
    state.tokens = dict(tokens or TOKENS)
    state.doom = list(doom)
    state.rage = [6] * players
    state.glory_by_age = [(0,) * players] * (age - 1)
    state.prompt = None
    return state


def card(state: YggdrasilState, key: str) -> str:
    """The id of the card of `key` (each physical card has a key of its own)."""
    found = [c for c, face in state.table.faces.items() if face == key]
    assert found, f"{key} is not played with {state.players} players"
    return found[0]


def give(state: YggdrasilState, seat: int, *keys: str) -> list[str]:
    """Test set-up: the cards of `keys` into `seat`'s hand, from wherever they lie."""
    out = []
    for key in keys:
        c = card(state, key)
        put(state, c, hand(seat))
        out.append(c)
    return out


def upgrade(state: YggdrasilState, seat: int, *keys: str) -> list[str]:
    """Test set-up: the cards of `keys` on `seat`'s sheet as if played earlier; a monster's
    figure joins its reserve."""
    out = []
    for key in keys:
        c = card(state, key)
        put(state, c, sheet(seat))
        if board.content().cards[key].kind == "monster":
            state.figures.add(figure_id(seat, key), Entity(key, seat, RESERVE))
        out.append(c)
    return out


def commit_quest(state: YggdrasilState, seat: int, key: str) -> str:
    c = card(state, key)
    put(state, c, quests(seat))
    return c


def place(state: YggdrasilState, seat: int, kind: str, where: str, count: int = 1) -> list[str]:
    """Test set-up: `count` figures of `kind` from `seat`'s reserve to `where` (a province,
    a fjord or VALHALLA)."""
    out = []
    for _ in range(count):
        f = board.in_reserve(state, seat, kind)
        assert f is not None, f"seat {seat} has no {kind} left in its reserve"
        state.figures.move(f, where)
        out.append(f)
    return out


def steps(state: YggdrasilState, seat: int, **stats: int) -> None:
    """Test set-up: put `seat`'s stats on the steps named (rage=4, axes=6)."""
    for stat, step in stats.items():
        values = list(state.steps[stat])
        values[seat] = step
        state.steps[stat] = tuple(values)


def act(state: YggdrasilState, action: Action, seat: int | None = None) -> list[Event]:
    """Apply a checked action for `seat` (default: whoever decides now)."""
    if seat is None:
        seat = state.deciding()[0]
    return GAME.apply(state, action, seat)


def settle(state: YggdrasilState, events: list[Event] | None = None) -> list[Event]:
    """Run the rules on (as after an action) until someone must decide."""
    return list(events or []) + flow.settle(GAME, state, list(events or []))


def refusal(state: YggdrasilState, action: Action, seat: int | None = None) -> str:
    """The reason an action is refused (it must be), the state unchanged."""
    if seat is None:
        seat = state.deciding()[0]
    before = state.state_hash()
    try:
        GAME.check(state, action, seat)
    except IllegalAction as exc:
        assert state.state_hash() == before
        return str(exc)
    raise AssertionError(f"{action} was allowed")


def legal(state: YggdrasilState, seat: int | None = None) -> list[Action]:
    if seat is None:
        seat = state.deciding()[0]
    return GAME.legal_actions(state, seat)


def top(state: YggdrasilState) -> Frame | None:
    return state.frames[-1] if state.frames else None


def where(state: YggdrasilState, figure: str) -> str:
    return state.figures[figure].at


def kinds_at(state: YggdrasilState, seat: int, place_: str) -> list[str]:
    return sorted(state.figures[f].kind for f in board.own(state, seat, place_))


def in_valhalla(state: YggdrasilState, seat: int) -> int:
    return len(board.own(state, seat, VALHALLA))


def stat_step(state: YggdrasilState, seat: int, stat: str) -> int:
    return state.step(stat, seat)


def texts(events: list[Event], seat: int | None = None) -> list[str]:
    """The log lines `seat` reads (None: the referee)."""
    return [e.text_for(seat) for e in events]


# -- a battle's questions -----------------------------------------------------------------------
def no_calls(state: YggdrasilState) -> list[Event]:
    """Every Call to Battle still open is passed."""
    events: list[Event] = []
    while isinstance(top(state), YggCall):
        events += act(state, Pass())
    return events


def lay(state: YggdrasilState, cards: dict[int, str]) -> list[Event]:
    """Every clan asked lays the card of the key given for it (the commit of facts 37)."""
    frame = top(state)
    assert isinstance(frame, YggBattleCards), f"no battle cards asked: {frame}"
    events: list[Event] = []
    for seat in frame.seats:
        events += act(state, Lay(card(state, cards[seat])), seat)
    return events


def no_more(state: YggdrasilState) -> list[Event]:
    """Everyone passes the after-reveal window (and any optional text offered)."""
    events: list[Event] = []
    while isinstance(top(state), YggAfterReveal):
        events += act(state, Pass())
    return events


def use(state: YggdrasilState) -> list[Event]:
    """Use the optional ability on top."""
    frame = top(state)
    assert isinstance(frame, Triggered) and frame.seats, f"no ability asks: {frame}"
    return act(state, Use(frame.ability))


def decline(state: YggdrasilState) -> list[Event]:
    return act(state, Pass())


def fight(state: YggdrasilState, cards: dict[int, str]) -> list[Event]:
    """From the first battle card onward: lay `cards`, nobody adds one after the reveal."""
    events = lay(state, cards)
    return events + no_more(state)
