"""Shared moves for Wintergrim's rules tests: a match with scripted dice, stacked decks,
and the windows every other seat passes."""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.events import Event
from engine.core.frames import Pass
from engine.core.rng import ScriptedRng
from engine.games.wintergrim.actions import Found
from engine.games.wintergrim.frames import TacticsWindow
from engine.games.wintergrim.rules import WintergrimGame
from engine.games.wintergrim.state import WintergrimOptions, WintergrimState, deck, hand

GAME = WintergrimGame()
P1, P2 = 0, 1  # Player 1 plays Vanheim and goes first, Player 2 Asheim (see `begun`)


def new(faces: tuple[int, ...] = (5, 3), seed: int = 1, **options: object) -> WintergrimState:
    """A match whose first dice are `faces` (the roll for who goes first comes first)."""
    state = GAME.setup(WintergrimOptions(**options), ScriptedRng(seed, faces))
    assert isinstance(state, WintergrimState)
    return state


def act(state: WintergrimState, action: Action, seat: int | None = None) -> list[Event]:
    """Apply a checked action for `seat` (default: whoever decides now)."""
    if seat is None:
        seat = state.deciding()[0]
    return GAME.apply(state, action, seat)


def windows(state: WintergrimState) -> list[Event]:
    """Every open tactics window is passed by all its seats."""
    events: list[Event] = []
    while state.frames and isinstance(state.frames[-1], TacticsWindow):
        events += act(state, Pass())
    return events


def started(state: WintergrimState, first: Found, second: Found) -> WintergrimState:
    """Both seats search (the first player first) and the first turn begins."""
    act(state, first)
    act(state, second)
    return state


def stack(state: WintergrimState, seat: int, keys: list[str]) -> None:
    """Put a card of each key on top of `seat`'s deck, the first key drawn first."""
    cards = list(state.table.cards_in(deck(seat)))
    top: list[str] = []
    for key in keys:
        card = next(c for c in cards if state.table.faces[c] == key and c not in top)
        top.append(card)
    rest = [c for c in cards if c not in top]
    state.table.arrange(deck(seat), rest + top[::-1])


def in_hand(state: WintergrimState, seat: int, key: str) -> str:
    return next(c for c in state.table.cards_in(hand(seat)) if state.table.faces[c] == key)


def piece(state: WintergrimState, seat: int, key: str, nth: int = 0) -> str:
    """The `nth` card of `key` that `seat` has in play."""
    found = [i for i, e in state.pieces.by_id.items()
             if e.owner == seat and state.table.faces[i] == key]
    return found[nth]


def log(events: list[Event]) -> list[str]:
    return [e.text_for(None) for e in events]


def legal(state: WintergrimState) -> list[Action]:
    """What the deciding seat may do now."""
    return GAME.legal_actions(state, state.deciding()[0])


def begun(faces: tuple[int, ...] = (), **options: object) -> WintergrimState:
    """A match past set-up: Player 1 (Vanheim) won the roll and has Forest and Cabin with
    a Ranger and a Woodsman inside; Player 2 (Asheim) Tundra and Village with a Farmer and
    a Reeve. Then `faces` are the dice."""
    state = new((5, 3, *faces), **options)
    act(state, Found("forest-and-cabin", ("ranger", "woodsman")))
    act(state, Found("tundra-and-village", ("farmer", "reeve")))
    return state


def hq(state: WintergrimState, seat: int) -> str:
    return next(i for i, e in state.pieces.by_id.items()
                if e.owner == seat and e.at == i and not i.startswith("?"))


def bring(state: WintergrimState, seat: int, key: str, at: str = "",
          inside: str = "") -> str:
    """Test set-up: a card of `key` from `seat`'s deck straight into play (at its HQ
    unless told), as if it had been placed earlier."""
    from engine.games.wintergrim.doing import enter
    card = next(c for c in state.table.cards_in(deck(seat)) if state.table.faces[c] == key)
    enter(state, card, seat, at or hq(state, seat), inside)
    return card


def give(state: WintergrimState, seat: int, key: str) -> str:
    """Test set-up: a card of `key` from `seat`'s deck into its hand."""
    from engine.games.wintergrim.doing import put
    card = next(c for c in state.table.cards_in(deck(seat)) if state.table.faces[c] == key)
    put(state, card, hand(seat))
    return card


def refusal(state: WintergrimState, action: Action) -> str:
    """The reason an action is refused (it must be)."""
    from engine.core.errors import IllegalAction
    before = state.state_hash()
    try:
        GAME.check(state, action, state.deciding()[0])
    except IllegalAction as exc:
        assert state.state_hash() == before
        return str(exc)
    raise AssertionError(f"{action} was allowed")


def duel(faces: tuple[int, ...], attacker: str = "woodsman", defender: str = "farmer",
          defender_inside: bool = False) -> tuple[WintergrimState, str, str]:
    """Player 1's `attacker` stands outside in Player 2's Village, `defender` there too."""
    state = begun(faces)
    village = hq(state, P2)
    unit = bring(state, P1, attacker, village) if attacker != "woodsman" else \
        piece(state, P1, "woodsman")
    state.pieces.change(unit, at=village, inside="")
    target = piece(state, P2, defender) if defender in ("farmer", "reeve") else \
        bring(state, P2, defender, village)
    state.pieces.change(target, inside=village if defender_inside else "")
    return state, unit, target


def mirror(realm: str, faces: tuple[int, ...] = ()) -> WintergrimState:
    """Both players play the same shipped deck (the skills of one realm against its own):
    Vanheim starts Forest and Cabin with a Ranger and a Woodsman, Asheim Tundra and Village
    with a Farmer and a Reeve. Player 1 goes first; then `faces` are the dice."""
    state = new((5, 3, *faces), decks=[realm, realm])
    start = Found("forest-and-cabin", ("ranger", "woodsman")) if realm == "vanheim" else \
        Found("tundra-and-village", ("farmer", "reeve"))
    act(state, start)
    act(state, start)
    return state


def outside(state: WintergrimState, unit: str, area: str) -> str:
    """Test set-up: stand `unit` outside in `area`."""
    state.pieces.change(unit, at=area, inside="")
    return unit
