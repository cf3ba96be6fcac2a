"""The small deeds every rule is made of: rolling a pool, drawing, and cards coming into
and going out of play (with what stands on or in them)."""

from __future__ import annotations

from engine.core.entities import Entity
from engine.games.wintergrim import world
from engine.games.wintergrim.events import DiceRolled, Drew
from engine.games.wintergrim.state import WintergrimState, deck, hand, play, removed


def put(state: WintergrimState, card: str, zone: str) -> None:
    """Move a card, face down into a deck or a hand, face up anywhere else (piles and
    play are open to all; a card in a hand is its owner's alone)."""
    state.table.move(card, zone)
    state.table.set_face(card, not zone.startswith(("deck:", "hand:")))


def roll(state: WintergrimState, seat: int, dice: int, purpose: str,
         need: int = 4) -> tuple[tuple[int, ...], int, DiceRolled]:
    """Roll `dice` d6 (How to Play: "all dices who show 4+ ... are successful"; Sneak
    makes it 6's); the faces, the successes and the event."""
    faces = tuple(state.rng.randint(1, 6) for _ in range(max(0, dice)))
    wins = sum(1 for f in faces if f >= need)
    return faces, wins, DiceRolled(seat=seat, pool=f"{len(faces)}d6", faces=faces,
                                   total=sum(faces), purpose=purpose, successes=wins,
                                   need=need)


def draw(state: WintergrimState, seat: int, count: int, source: str) -> Drew:
    """Draw up to `count` from the top (the end of the zone) (The deck: when all cards are
    drawn, "Nothing" happens)."""
    cards = state.table.cards_in(deck(seat))[::-1][:count]
    for card in cards:
        put(state, card, hand(seat))
    return Drew(seat=seat, count=len(cards), cards=tuple(world.name(state, c) for c in cards),
                source=source, seen_by=frozenset({seat}))


def enter(state: WintergrimState, card: str, seat: int, at: str, inside: str = "") -> None:
    """A card comes into play: onto the table in front of its player, and on the board."""
    put(state, card, play(seat))
    state.pieces.add(card, Entity(state.table.faces[card], seat, at, inside))


def leave(state: WintergrimState, card: str, to: str) -> None:
    """A card goes out of play to the pile `to`; cards attached to it go to their players'
    removed piles (a curse or an item does not outlive its unit)."""
    entity = state.pieces.by_id.get(card)
    if entity is not None:
        for attached in entity.attached:
            put(state, attached, removed(owner_of_card(state, attached)))
        state.pieces.forget(card)
    put(state, card, to)


def owner_of_card(state: WintergrimState, card: str) -> int:
    """Card ids are w<seat><n>: whose deck a card came from."""
    return int(card[1])


def to_removed(state: WintergrimState, card: str) -> None:
    leave(state, card, removed(owner_of_card(state, card)))


def follow_the_cards(state: WintergrimState) -> None:
    """Make the board agree with the zones after a referee's move: an entity whose card left
    play goes (what stood inside it steps outside; what was attached to it is removed), and
    a card put into play without a place stands outside in its player's first area (the
    weather in the sky, an area card as its own area), or is removed when its player has
    no area left."""
    from engine.games.wintergrim import world  # world reads this module
    for ident in [i for i in state.pieces.by_id if state.table.where[i] != play(owner_of_card(
            state, i))]:
        entity = state.pieces.forget(ident)
        for other, held in list(state.pieces.by_id.items()):
            if held.inside == ident:
                state.pieces.change(other, inside="")
        for card in entity.attached:
            put(state, card, removed(owner_of_card(state, card)))
    attached = {c for e in state.pieces.by_id.values() for c in e.attached}
    for seat in range(state.players):
        for card in state.table.cards_in(play(seat)):
            if card in state.pieces or card in attached:
                continue
            kind = world.card_of(state, card)
            home = next(iter(world.owned_areas(state, seat)), None)
            if kind.area:
                state.pieces.add(card, Entity(state.table.faces[card], seat, card))
            elif kind.kind == "weather":
                state.pieces.add(card, Entity(state.table.faces[card], seat, "sky"))
            elif kind.kind in ("unit", "structure") and home is not None:
                state.pieces.add(card, Entity(state.table.faces[card], seat, home))
            else:
                put(state, card, removed(seat))
