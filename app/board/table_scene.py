"""The free table: a felt area where cards lie anywhere, plus piles at fixed spots.

The scene draws what the engine's view says and nothing more; a drag ends by
asking the game's presenter which action the drop means, and the controller
either applies it (the view re-renders) or refuses it (the card springs back).
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QDrag, QLinearGradient, QPainter, QPen
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSceneMouseEvent

from app.board.cards import CardLook
from app.board.items import GLOW_HOVER, GLOW_LEGAL, CardItem, PileItem
from app.dragdrop import CardDrag, encode
from app.match_controller import MatchController
from engine.core.actions import Action
from engine.core.game import GameState

FELT = QColor("#2f5d4a")
FELT_EDGE = QColor("#1f3f32")
OUTSIDE = QColor("#1b2421")


class TablePresenter(Protocol):
    """A game's answer to 'what does this gesture mean' on the free table."""

    free_zone: str
    felt: QRectF
    pile_spots: dict[str, QPointF]

    def look(self, state: GameState, ref: str) -> CardLook: ...

    def tooltip(self, state: GameState, ref: str) -> str: ...

    def drop_action(self, drag: CardDrag, zone: str, pos: QPointF | None) -> Action | None: ...

    def card_double_click(self, ref: str, zone: str) -> Action | None: ...

    def pile_double_click(self, state: GameState, zone: str) -> Action | None: ...


class TableScene(QGraphicsScene):
    def __init__(self, controller: MatchController, presenter: TablePresenter) -> None:
        super().__init__()
        self.controller = controller
        self.presenter = presenter
        self.state: GameState | None = None
        self.cards: dict[str, CardItem] = {}
        self.piles: dict[str, PileItem] = {}
        self._carried: CardItem | None = None
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        margin = 400
        self.setSceneRect(presenter.felt.adjusted(-margin, -margin, margin, margin))
        for zone, spot in presenter.pile_spots.items():
            pile = PileItem(zone, zone)
            pile.setPos(spot)
            pile.on_double_click = self._pile_double_click
            pile.on_drag_top = self._lift_from_pile
            self.addItem(pile)
            self.piles[zone] = pile

    def content_rect(self) -> QRectF:
        return self.presenter.felt

    def loose_cards(self) -> dict[str, QPointF]:
        """The cards lying free on the table, by their middles (see BoardScene)."""
        return {ref: item.sceneBoundingRect().center() for ref, item in self.cards.items()}

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        painter.fillRect(rect, OUTSIDE)
        felt = self.presenter.felt
        gradient = QLinearGradient(felt.topLeft(), felt.bottomRight())
        gradient.setColorAt(0, FELT.lighter(112))
        gradient.setColorAt(1, FELT)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(FELT_EDGE, 6))
        painter.setBrush(QBrush(gradient))
        painter.drawRoundedRect(felt, 28, 28)

    # -- rendering ------------------------------------------------------
    def render_state(self, state: GameState) -> None:
        """Make the items match `state` (a view): reuse, move, add and drop items."""
        self.state = state
        table = state.table
        free = table.zones.get(self.presenter.free_zone)
        wanted = list(free.cards or []) if free else []
        for ref in list(self.cards):
            if ref not in wanted and self.cards[ref] is not self._carried:
                self.removeItem(self.cards.pop(ref))
        for depth, ref in enumerate(wanted):
            look = self.presenter.look(state, ref)
            tip = self.presenter.tooltip(state, ref)
            item = self.cards.get(ref)
            if item is None:
                item = CardItem(ref, self.presenter.free_zone, look, tip)
                item.on_release = self._released
                item.on_press = self._pressed
                item.on_double_click = self._card_double_click
                self.addItem(item)
                self.cards[ref] = item
            else:
                item.set_look(look, tip)
            x, y = table.pos.get(ref, (0, 0))
            if not item.dragging:
                item.setPos(QPointF(x, y))
                item.setZValue(10 + depth * 0.01)
        for zone, pile in self.piles.items():
            cards = table.zones[zone].cards or [] if zone in table.zones else []
            top = cards[-1] if cards else None
            look = self.presenter.look(state, top) if top else None
            pile.label = table.zones[zone].label if zone in table.zones else zone
            tip = (f"{pile.label}: {len(cards)} card(s). Drag the top card out; "
                   "double-click to draw; drop cards here.")
            pile.set_contents(len(cards), look, top, tip)

    # -- drags inside the board ----------------------------------------
    def _pressed(self, item: CardItem) -> None:
        self._carried = item
        self._glow(CardDrag(item.ref, item.zone), None)

    def _released(self, item: CardItem) -> None:
        self._carried = None
        self._glow(None, None)
        if item.is_click():
            item.cancel_drag()  # a click (or the first half of a double-click) moves nothing
            return
        drag = CardDrag(item.ref, item.zone)
        zone, pos = self._target_at(item.pos())
        action = self.presenter.drop_action(drag, zone, pos) if zone else None
        if action is None:
            self.controller.refuse("Cards can only be dropped on the table or a pile.")
            item.spring_back()
            return
        if not self.controller.submit(action):
            item.spring_back()

    def _lift_from_pile(self, pile: PileItem, event: QGraphicsSceneMouseEvent) -> None:
        """Turn a drag on a pile into a card carried by the mouse."""
        if pile.top_ref is None or self.state is None:
            return
        item = CardItem(pile.top_ref, pile.zone, self.presenter.look(self.state, pile.top_ref),
                        "")
        item.setPos(pile.pos())
        item.on_release = self._lifted_released
        item.on_press = self._pressed
        self.addItem(item)
        item.start_drag(event.scenePos())
        item.grabMouse()

    def _lifted_released(self, item: CardItem) -> None:
        item.ungrabMouse()
        self._released(item)
        if item.scene() is self and item not in self.cards.values():
            self.removeItem(item)

    def leave_board(self) -> None:
        """The carried card left the view: continue as a QDrag towards the docks."""
        item = self._carried
        if item is None or not self.views():
            return
        self._carried = None
        self._glow(None, None)
        item.ungrabMouse()
        if item.scene() is self and item not in self.cards.values():
            self.removeItem(item)  # a card lifted off a pile: the pile still holds it
        else:
            item.cancel_drag()
        drag = QDrag(self.views()[0])
        drag.setMimeData(encode(CardDrag(item.ref, item.zone)))
        drag.exec(Qt.DropAction.MoveAction)

    def _target_at(self, pos: QPointF) -> tuple[str | None, QPointF | None]:
        for zone, pile in self.piles.items():
            if pile.sceneBoundingRect().contains(pos):
                return zone, None
        if self.presenter.felt.contains(pos):
            return self.presenter.free_zone, pos
        return None, None

    def _glow(self, drag: CardDrag | None, hover: str | None) -> None:
        """Light the piles the dragged card may legally go to; the one under it brighter."""
        for zone, pile in self.piles.items():
            colour = None
            if drag is not None and zone != drag.zone:
                action = self.presenter.drop_action(drag, zone, None)
                if action is not None and self.controller.check(action) is None:
                    colour = GLOW_HOVER if zone == hover else GLOW_LEGAL
            pile.set_highlight(colour)

    # -- drags from the docks (BoardView's DropScene) -------------------
    def hover(self, drag: CardDrag | None, pos: QPointF) -> bool:
        if drag is None:
            self._glow(None, None)
            return False
        zone, at = self._target_at(pos)
        self._glow(drag, zone)
        if zone is None:
            return False
        action = self.presenter.drop_action(drag, zone, at)
        return action is not None and self.controller.check(action) is None

    def drop(self, drag: CardDrag, pos: QPointF) -> bool:
        self._glow(None, None)
        zone, at = self._target_at(pos)
        action = self.presenter.drop_action(drag, zone, at) if zone else None
        if action is None:
            self.controller.refuse("Cards can only be dropped on the table or a pile.")
            return False
        return self.controller.submit(action)

    # -- clicks ---------------------------------------------------------
    def _card_double_click(self, item: CardItem) -> None:
        action = self.presenter.card_double_click(item.ref, item.zone)
        if action is not None:
            self.controller.submit(action)

    def _pile_double_click(self, pile: PileItem) -> None:
        if self.state is None:
            return
        action = self.presenter.pile_double_click(self.state, pile.zone)
        if action is not None:
            self.controller.submit(action)

