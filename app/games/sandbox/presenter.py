"""What gestures mean on the sandbox table.

Every gesture is a referee move: a card dropped on the felt goes there face
up (a card from the deck stays face down, as when dealing blind), a card
dropped on the discard pile lands face up, into a hand it goes privately.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF

from app.board.cards import CARD_H, CARD_W, CardLook
from app.dragdrop import CardDrag
from app.games.base import Button, GamePresenter
from engine.core.actions import Action
from engine.core.game import GameState
from engine.core.referee import FlipCard, MoveCard, PassSeat, ShuffleZone
from engine.core.zones import HIDDEN_PREFIX
from engine.games.sandbox.content import SandboxContent
from engine.games.sandbox.state import BOARD, DECK, DISCARD, hand


class SandboxPresenter(GamePresenter):
    free_zone = BOARD
    pile_commands = True
    front_dock = "piles"

    def __init__(self, content: SandboxContent, seat_of: Callable[[], int | None]) -> None:
        self.felt = QRectF(-300, -220, 1300, 760)
        self.pile_spots = {DECK: QPointF(-200, 40), DISCARD: QPointF(-200, 260)}
        self.content = content
        self._seat_of = seat_of  # the seat at the computer now

    def look(self, state: GameState, ref: str) -> CardLook:
        face = state.table.faces.get(ref)
        if face is None or (ref.startswith(HIDDEN_PREFIX)) or not self._face_shown(state, ref):
            return CardLook(None)
        if face.startswith("token:"):
            token = next(t for t in self.content.tokens if t.key == face.removeprefix("token:"))
            return CardLook(token.name, token_colour=token.colour)
        suit = next(s for s in self.content.suits if face.endswith(s.key))
        return CardLook(face.removesuffix(suit.key), suit.symbol, suit.colour == "red")

    def _face_shown(self, state: GameState, ref: str) -> bool:
        zone = state.table.zones[state.table.where[ref]]
        return zone.visibility != "public" or ref in state.table.face_up

    def tooltip(self, state: GameState, ref: str) -> str:
        look = self.look(state, ref)
        if look.title is None:
            return "A face-down card. Double-click to turn it over; drag to move it."
        name = self.content.face_name(state.table.faces[ref])
        return f"{name}. Drag to move; double-click to turn it over."

    def drop_action(self, drag: CardDrag, zone: str, pos: QPointF | None) -> Action | None:
        if zone == BOARD:
            if pos is None:
                return None
            up = None if drag.zone == BOARD else drag.zone != DECK
            return MoveCard(drag.ref, BOARD, x=round(pos.x()), y=round(pos.y()), face_up=up)
        if zone == DISCARD:
            return MoveCard(drag.ref, DISCARD, face_up=True)
        if zone == DECK:
            return MoveCard(drag.ref, DECK, face_up=False)
        return MoveCard(drag.ref, zone)

    def card_double_click(self, ref: str, zone: str) -> Action | None:
        return FlipCard(ref)

    def pile_double_click(self, state: GameState, zone: str) -> Action | None:
        seat = self._seat_of()
        if zone != DECK or seat is None:
            return None
        return self.draw_action(state, seat)

    def draw_action(self, state: GameState, seat: int) -> Action | None:
        """Top card of the deck into the seat's hand (the deck's top is its last card)."""
        cards = state.table.cards_in(DECK)
        return MoveCard(cards[-1], hand(seat)) if cards else None

    def hand_zone(self, seat: int) -> str:
        return hand(seat)

    def buttons(self, state: GameState, seat: int) -> list[Button]:
        return [Button("Draw", "Take the top card of the deck into this hand",
                       self.draw_action(state, seat)),
                Button("End turn", "Pass the seat to the next player",
                       self.end_turn_action(state))]

    def take_top_action(self, state: GameState, zone: str, seat: int) -> Action | None:
        cards = state.table.cards_in(zone)
        if not cards or zone == hand(seat):
            return None
        return MoveCard(cards[-1], hand(seat))

    def end_turn_action(self, state: GameState) -> Action | None:
        """The sandbox's turn is just the seat moving on to the next player."""
        if state.players < 2:
            return None
        return PassSeat((state.active + 1) % state.players)

    def shuffle_action(self, zone: str) -> Action:
        return ShuffleZone(zone)

    def play_from_hand_action(self, state: GameState, ref: str) -> Action:
        spot = self.free_spot(state)
        return MoveCard(ref, BOARD, x=round(spot.x()), y=round(spot.y()), face_up=True)

    def card_text(self, state: GameState, ref: str | None) -> str:
        """A short name for the piles list: the card's name, or 'face down'."""
        if ref is None:
            return ""
        look = self.look(state, ref)
        if look.title is None:
            return "face down"
        return self.content.face_name(state.table.faces[ref])

    def free_spot(self, state: GameState) -> QPointF:
        """Where a card played by double-click from the hand lands: the next free slot."""
        n = len(state.table.cards_in(BOARD))
        return QPointF(-40 + (n % 10) * (CARD_W + 14), 40 + (n // 10 % 4) * (CARD_H + 20))
