"""The small deeds the rules are made of: Glory and Rage won and lost, stats raised,
cards moved, figures invading and dying. Whatever waits for a clan's choice on the way
(a figure it may save) is a frame these push (frames.py)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from engine.core.actions import Made
from engine.core.entities import Entities, Entity
from engine.core.events import Event
from engine.games.yggdrasil import board
from engine.games.yggdrasil.events import (
    DESTROYED,
    GLORY_GAINED,
    INVADED,
    GloryGained,
    RageChanged,
    StatRaised,
)
from engine.games.yggdrasil.state import (
    RESERVE,
    VALHALLA,
    YggdrasilState,
    figure_id,
)

FACE_UP = ("sheet:", "shown:", "discard")  # zones whose cards lie face up
# a zone's name -> whether its cards lie face up: looked up rather than the name's start
# read again at every card moved
_FACES_UP: Made[str, bool] = Made(lambda zone: zone.startswith(FACE_UP))


def put(state: YggdrasilState, card: str, zone: str) -> None:
    """Move a card: face up on a sheet, in the discard or revealed in a battle; face down
    everywhere else (a hand, a packet, a quest, a laid card are their owner's alone)."""
    table = state.table
    table.move(card, zone)
    up = _FACES_UP[zone]
    if up != (card in table.face_up):  # the move has noted the card already
        table.set_face(card, up)


def put_all(state: YggdrasilState, cards: tuple[str, ...], zone: str) -> None:
    """`put` each of `cards` in turn, in one move (a packet passed on in the draft); a
    single card (a pick) moves as `put` moves it, which is cheaper."""
    if len(cards) == 1:
        put(state, cards[0], zone)
        return
    table = state.table
    table.move_all(cards, zone)
    up = _FACES_UP[zone]
    face_up = table.face_up
    for card in cards:
        if up != (card in face_up):
            table.set_face(card, up)


def glory(state: YggdrasilState, seat: int, amount: int, why: str) -> GloryGained:
    state.glory[seat] += amount
    return GLORY_GAINED(seat=seat, glory=amount, why=why)


def rage(state: YggdrasilState, seat: int, amount: int, why: str) -> RageChanged:
    state.rage[seat] = max(0, state.rage[seat] + amount)
    return RageChanged(seat=seat, rage=amount, why=why)


def raise_stat(state: YggdrasilState, seat: int, stat: str, why: str) -> list[Event]:
    """One step up a stat track, never past step 6 (facts 5)."""
    steps = list(state.steps[stat])
    if steps[seat] >= 6:
        return []
    steps[seat] += 1
    state.steps[stat] = tuple(steps)
    return [StatRaised(seat=seat, stat=stat, step=steps[seat], why=why)]


def set_out_figures(players: int) -> Entities:
    """Every clan's figures, all in its reserve (facts 1), seat by seat: made in one piece,
    as adding them one at a time dropped and redrew the board's indexes for each."""
    return Entities({ident: entity for seat in range(players) for ident, entity in _figures(seat)})


@cache
def _figures(seat: int) -> tuple[tuple[str, Entity], ...]:
    """A clan's figures as they stand at set-up (entities are frozen: every match shares
    them, as clones do)."""
    return tuple((figure_id(seat, fig.figure, n), Entity(fig.figure, seat, RESERVE))
                 for fig in board.content().clan.figures for n in range(fig.count))


def invade(state: YggdrasilState, seat: int, kind: str, to: str, cost: int, how: str,
           source: str = RESERVE) -> list[Event]:
    """A figure of `kind` from the reserve (or Valhalla) onto the board, Rage paid."""
    figure = board.in_reserve(state, seat, kind, source)
    assert figure is not None, f"no {kind} of seat {seat} in {source}"
    state.rage[seat] -= cost
    state.figures.move(figure, to)
    return [INVADED(seat=seat, figure=figure, figure_name=board.name(state, figure), to=to,
                    to_name=place_name(to), rage=cost, how=how)]


def _place_name(place: str) -> str:
    c = board.content()
    names = {**{f.key: f.name for f in reversed(c.board.fjords)},
             **{key: p.name for key, p in c.provinces.items()}}
    return names.get(place, place)


# A province's or a fjord's name, as the log says it (anything else as it is): a look-up
# without a call of its own, as every march, invasion and death names its place.
place_name: Callable[[str], str] = Made(_place_name).__getitem__


def to_valhalla(state: YggdrasilState, figures: list[str], why: str) -> list[Event]:
    """Figures die and go to Valhalla; each counts for its clan in `killed` (the battle's
    or Ragnarök's tally)."""
    out: list[Event] = []
    by_id = state.figures.by_id
    for f in figures:
        entity = by_id[f]
        if entity.at in (RESERVE, VALHALLA):
            continue
        seat = entity.owner
        assert seat is not None  # every figure is a clan's
        out.append(DESTROYED(seat=seat, figure=f, figure_name=board.name(state, f),
                             place_name=place_name(entity.at), ship=board.is_ship(entity.kind),
                             why=why))
        state.figures.move(f, VALHALLA)
        if state.killed:
            state.killed[seat] += 1
    return out
