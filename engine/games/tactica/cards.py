"""Moving cards between piles and the field, with the rules-log line each move deserves.

Every draw, shuffle, capture and random choice becomes an Event here, so the
log tells the whole story and hidden cards are named only to their owner.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.core.zones import Visibility
from engine.games.tactica.board import CONTENT, TROOP_FACES, invalidate, kept
from engine.games.tactica.events import (
    Captured,
    CrownHostage,
    Drawn,
    Shuffled,
    Trained,
    TrainingLost,
)
from engine.games.tactica.field import Coord
from engine.games.tactica.state import (
    FIELD,
    TRAINING,
    TacticaState,
    barracks,
    hostages,
    lost,
    owner_of,
    searching,
    tactics_pile,
    trained,
    troop_pile,
)


def put(state: TacticaState, card: str, zone: str, face_up: bool = True) -> None:
    """Move a card to the top of a pile (or a spread) and turn it as the pile shows it."""
    table = state.table
    if table.where[card] == FIELD:
        b = kept(state)
        if b is not None and card in b.pos:
            b.remove_troop(card)
            table.move(card, zone)
            b.agree(table)
        else:
            invalidate(state)
            table.move(card, zone)
    else:
        table.move(card, zone)
    table.set_face(card, face_up)


def place(state: TacticaState, card: str, c: Coord) -> None:
    """Put a card on the field at hex `c`, face up."""
    table = state.table
    b = kept(state)
    if table.where[card] == FIELD:
        table.place(card, c)
        if b is not None and card in b.pos:
            b.relocate(card, c)
            b.agree(table)
        else:
            invalidate(state)
    else:
        table.move(card, FIELD, pos=c)
        if b is not None and table.faces[card] in TROOP_FACES:
            b.add_troop(card, c)
            b.agree(table)
        else:
            invalidate(state)
    _turn_up(state, card)


def _turn_up(state: TacticaState, card: str) -> None:
    """Show a card on the field face up. One that is up already is left alone: turning it
    would only note it among the cards the action touched, for the match to look again at
    who sees it."""
    if card not in state.table.face_up:
        state.table.set_face(card, True)


def swap(state: TacticaState, a: str, b: str) -> None:
    """Exchange the hexes of two troops on the field (SAVED, SHIELDWALL)."""
    table = state.table
    snapshot = kept(state)  # as it stands before the swap
    ca, cb = table.pos[a], table.pos[b]
    table.place(a, cb)
    table.place(b, ca)
    if snapshot is not None and a in snapshot.pos and b in snapshot.pos:
        snapshot.swap(a, b)
        snapshot.agree(table)
    else:
        invalidate(state)
    _turn_up(state, a)
    _turn_up(state, b)


def home_pile(card: str, face: str) -> str:
    """The pile a card returns to: its deck's troop or tactics pile."""
    owner = owner_of(card)
    assert owner is not None
    return troop_pile(owner) if face in CONTENT.troops and face != "crown" else tactics_pile(owner)


def shuffle(state: TacticaState, zone: str) -> Event:
    state.table.shuffle(zone, state.rng)
    shuffled = state.table.zones[zone]
    return Shuffled(pile=zone, label=shuffled.label, count=len(shuffled.cards))


def search_piles(state: TacticaState, player: int) -> None:
    """SPY in MOVEMENT: the troop and tactics piles come into their owner's sight.

    The cards are moved, in order, into the owner's SEARCHING zone, so the
    table itself records that the player saw them (and undo stops there),
    rather than the faces leaking through the choice offered.
    """
    for pile in (troop_pile(player), tactics_pile(player)):
        for card in list(state.table.zones[pile].cards or ()):
            put(state, card, searching(player), face_up=False)


def restack(state: TacticaState, player: int, tops: tuple[str, str]) -> None:
    """Put the looked-through cards back in their order, a card of each face in `tops` on top.

    A face names the card of that face nearest the top of its pile; "" keeps the pile as it was.
    """
    table = state.table
    faces = table.faces
    for card in list(table.zones[searching(player)].cards or ()):
        put(state, card, home_pile(card, faces[card]), face_up=False)
    for pile, face in zip((troop_pile(player), tactics_pile(player)), tops, strict=True):
        cards = table.zones[pile].cards or []
        pick = next((c for c in reversed(cards) if faces[c] == face), None)
        if pick is not None:
            put(state, pick, pile, face_up=False)


def draw(state: TacticaState, player: int, pile: str, count: int, limit: int) -> list[Event]:
    """Draw up to `count` cards from `pile` into the barracks, never beyond `limit` cards."""
    table = state.table
    hand = barracks(player)
    got: list[str] = []
    while len(got) < count and table.zones[pile].cards and len(table.zones[hand].cards) < limit:
        card = table.zones[pile].cards[-1]
        put(state, card, hand, face_up=False)
        got.append(card)
    if not got:
        return []
    kind = "troop" if pile.startswith("troops") else "tactics"
    return [Drawn(seat=player, pile=kind, count=len(got), cards=tuple(got),
                  seen_by=frozenset({player}))]


def train(state: TacticaState, troop: str, target_level: int) -> Event:
    """Raise `troop` to `target_level`, taking a training card from the pile if it has none."""
    owner = owner_of(troop)
    assert owner is not None
    entry = state.training.get(troop)
    if entry is None:
        card = (state.table.zones[TRAINING].cards or [])[-1]
        visible = state.table.zones[trained(owner)].visibility is Visibility.PUBLIC
        put(state, card, trained(owner), face_up=visible)
    else:
        card = entry[0]
    state.training[troop] = (card, target_level)
    return Trained(seat=owner, troop=troop, level=target_level)


def capture(state: TacticaState, troop: str, capturer: int) -> list[Event]:
    """Part 2: the training card goes to its owner's LOST first, then the troop is a hostage."""
    owner = owner_of(troop)
    assert owner is not None
    events: list[Event] = []
    entry = state.training.pop(troop, None)
    if entry is not None:
        put(state, entry[0], lost(owner))
        events.append(TrainingLost(card=entry[0], troop=troop, owner=owner))
    put(state, troop, hostages(capturer))
    state.damage.pop(troop, None)
    state.vp[capturer] += 1
    events.append(Captured(capturer=capturer, troop=troop, points=state.vp[capturer]))
    if state.table.faces[troop] == "crown":
        state.crown_held[owner] = True
        state.ransom_from[owner] = state.turn + 1
        events.append(CrownHostage(owner=owner))
    return events
