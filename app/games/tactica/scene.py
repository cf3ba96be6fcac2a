"""TACTICA's field: terrain, walls, landmarks and troops, and what dragging them means.

The scene draws the view of the seat at the computer and nothing more.
While a gesture is under way (a troop carried, a card from the barracks
hovering, a troop selected) the hexes it may end on glow: gold for a move
with its MOV cost, red for an attack with the damage it would bring
against DEF, green for a muster, a training or a tactics card's target,
blue for a choice still to finish. A drop becomes the engine action the
glow promised; anything else springs back and the status bar says why,
in the rules' words (the controller's check).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QKeyEvent
from PySide6.QtWidgets import QGraphicsSceneHelpEvent, QGraphicsSceneMouseEvent, QToolTip

from app.board.hex_scene import HexScene
from app.board.items import CardItem
from app.board.topology import HIGHLIGHT
from app.dragdrop import CardDrag
from app.games.tactica import gestures, looks
from app.games.tactica.drawing import FieldDrawing, troop_tip
from app.games.tactica.gestures import Target
from app.games.tactica.pieces import HEX_SIZE, TroopItem
from app.games.tactica.presenter import TacticaPresenter
from app.match_controller import MatchController
from engine.boards.hexgrid import Hex
from engine.core.actions import Action
from engine.core.game import GameState
from engine.games.tactica import queries
from engine.games.tactica.actions import (
    Attack,
    Deploy,
    Move,
    Muster,
    Negate,
    PlaceLandmark,
    PlaceRescued,
    PlayTactic,
    Swap,
    Train,
)
from engine.games.tactica.board import GEOM, TROOPS, Board, board
from engine.games.tactica.events import where
from engine.games.tactica.field import Coord
from engine.games.tactica.state import Phase, TacticaState, owner_of

ATTACK_GLOW = QColor("#e53935")
PLACE_GLOW = QColor("#3ddc84")
PICK_GLOW = QColor("#4fc3f7")
CLICK = 8.0
"""A press and release closer than this (scene units) is a click, not a drag."""


class TacticaScene(HexScene):
    """The field turned a quarter, SUN's walls on the left and MOON's on the right, so the
    long field lies along a landscape screen; its hexes keep the rules log's numbers."""

    def __init__(self, controller: MatchController, presenter: TacticaPresenter) -> None:
        super().__init__(GEOM.grid, HEX_SIZE, quarter_turn=True)
        self.controller = controller
        self.presenter = presenter
        presenter.after_refresh = self.sync_overlays
        for h in self.field:
            col, row = self.field.to_offset(h)
            self.tile(h).set_label(f"{col + 1}-{row + 1}")  # as the rules log names hexes
        self.state: TacticaState | None = None
        self.drawing = FieldDrawing(self, self._pressed, self._released)
        self.troops = self.drawing.troops
        self.features = self.drawing.features
        self.played = self.drawing.played
        self.selected: str | None = None
        self._rendered: GameState | None = None  # the match state last drawn, held
        self._gesture: list[Target] | None = None  # what the drag under way may do
        self._gesture_troop: str | None = None
        self._drag_ref: str | None = None
        self._pick: list[Target] = []  # hexes that finish a pick
        self._shown: list[Target] = []  # what a click on a glowing hex does
        self._captions: dict[str, tuple[str, bool]] = {}
        self._glow_key: tuple[object, ...] | None = None  # what the glows on show answer
        self.glowing: dict[Coord, tuple[QColor, str]] = {}  # hex -> glow colour, caption
        self._click_at: QPointF | None = None

    def content_rect(self) -> QRectF:
        """The field and the column of played cards beside it."""
        return self.board_rect().adjusted(-2, -2, self.drawing.width() + 2, 2)

    # -- rendering ----------------------------------------------------------
    def render_state(self, state: GameState) -> None:
        assert isinstance(state, TacticaState)
        self.state = state
        match = self.controller.match
        now = match.state if match is not None else None
        if now is not self._rendered:  # the game moved on (or back): drop what was half done
            self._rendered = now
            self.selected = None
            self._pick = []
            self.presenter.forget_choices()
        self.drawing.render(state, board(state), self.presenter.viewer)

    # -- overlays ------------------------------------------------------------
    def sync_overlays(self) -> None:
        """Glow what the gesture under way (or the selection, or a pick) may do.

        Called after each refresh and each step of a gesture; the glow items are
        rebuilt only when what they show changed.
        """
        state = self.state
        if state is None:
            return
        b = board(state)
        if self.presenter.viewer != self.drawing.viewer:  # another seat sits at the table
            self.drawing.render(state, b, self.presenter.viewer)
        if self._gesture is not None:
            shown = self._gesture
            focus = self._gesture_troop
        elif self._pick:
            shown, focus = self._pick, None
        elif self.selected is not None and self.selected in self.troops:
            focus = self.selected
            shown = self._troop_targets(focus)
        else:
            shown = gestures.loose_targets(self.presenter.legal())
            focus = None
        self._shown = shown
        self._plan_glow(b, shown, picking=bool(self._pick) and self._gesture is None)
        self._mark_answered(state)
        origin = b.pos.get(focus) if focus is not None else None
        cone = queries.ridge_cone(state, focus) if origin is not None else frozenset()
        key = (tuple(sorted((c, colour.name(), caption, c in b.troop_at)
                            for c, (colour, caption) in self.glowing.items())),
               origin, cone)
        if key != self._glow_key:
            self._glow_key = key
            self._draw_glow(b)
            self.clear_cone()
            if cone and origin is not None:
                self.draw_cone(Hex(*origin), [Hex(*c) for c in cone])
        self.drawing.show_captions(self._captions, self.selected)

    def _plan_glow(self, b: Board, shown: list[Target], picking: bool) -> None:
        """Which hexes glow in which colour; a caption goes on the hex, or on the troop
        standing there."""
        self._captions = {}
        self.glowing = {}
        for t in shown:
            if t.hex is None or (t.hex in self.glowing and not t.caption):
                continue
            colour = (PICK_GLOW if picking or isinstance(t.action, PlaceRescued)
                      else ATTACK_GLOW if isinstance(t.action, Attack)
                      else HIGHLIGHT if isinstance(t.action, Move) else PLACE_GLOW)
            troop = b.troop_at.get(t.hex)
            caption = t.caption or (_short(t.action) if troop is not None else "")
            self.glowing[t.hex] = (colour, caption)
            if troop is not None:
                self._captions[troop] = (caption, isinstance(t.action, Attack))

    def _draw_glow(self, b: Board) -> None:
        self.clear_highlight()
        by_colour: dict[str, list[Coord]] = {}
        for c, (colour, _) in self.glowing.items():
            by_colour.setdefault(colour.name(), []).append(c)
        for name, hexes in by_colour.items():
            labels = {Hex(*c): self.glowing[c][1] for c in hexes
                      if self.glowing[c][1] and c not in b.troop_at}
            self.highlight([Hex(*c) for c in hexes], QColor(name), labels)

    def _mark_answered(self, state: TacticaState) -> None:
        """While a card waits for NEGATE, the troop it was played on says so."""
        frame = queries.open_frame(state)
        mark = None if frame is None else frame.caption(state)
        if mark is not None and mark[0] in self.troops:
            self._captions.setdefault(mark[0], (mark[1], False))

    def _troop_targets(self, troop: str) -> list[Target]:
        if self.state is None or owner_of(troop) != self.presenter.viewer:
            return []
        return gestures.for_troop(self.state, self.presenter.legal(), troop)

    # -- troops carried on the field ---------------------------------------------
    def _pressed(self, item: CardItem) -> None:
        assert isinstance(item, TroopItem)
        own = owner_of(item.ref) == self.presenter.viewer and self.presenter.deciding()
        item.locked = not own
        if self._pick:
            self._gesture = None  # a click on a troop may finish the pick
            return
        self._gesture = self._troop_targets(item.ref) if own else []
        self._gesture_troop = item.ref
        self.sync_overlays()

    def _released(self, item: CardItem) -> None:
        assert isinstance(item, TroopItem)
        shown = self._gesture if self._gesture is not None else self._shown
        self._gesture, self._gesture_troop = None, None
        c = self.coord_at(item.pos())
        if (item.pos() - item.origin).manhattanLength() < CLICK:
            item.setPos(item.origin)
            self._clicked_troop(item.ref)
            return
        actions = gestures.at(shown, c)
        if not actions:
            self.controller.refuse(self._troop_refusal(item.ref, c))
            item.spring_back()
        elif not self._finish(actions, c) or len(actions) > 1:
            item.spring_back()
        self.sync_overlays()

    def _clicked_troop(self, troop: str) -> None:
        """A click finishes what the glow offers on that hex, else selects the troop."""
        c = board(self.state).pos.get(troop) if self.state is not None else None
        actions = gestures.at(self._shown, c) if self._shown else []
        if actions and (self._pick or self.selected is not None):
            self._finish(actions, c)
            return
        self.selected = None if self.selected == troop else troop
        for ref, item in self.troops.items():
            item.set_selected(ref == self.selected)
        self.sync_overlays()

    def _troop_refusal(self, troop: str, c: Coord | None) -> str:
        if not self.presenter.deciding():
            return self._not_yours()
        if owner_of(troop) != self.presenter.viewer:
            return "That is the enemy's troop: click it to see it, but only your own move."
        if c is None or self.state is None:
            return "Troops move only on the field."
        b = board(self.state)
        other = b.troop_at.get(c)
        swapping = any(isinstance(a, Swap) for a in self.presenter.legal())
        action: Action
        if other is not None and owner_of(other) != owner_of(troop):
            action = Attack(troop, other)
        elif other is not None and swapping:
            action = Swap(troop, other)
        elif other is not None:
            return "A hex holds only one troop."
        else:
            action = Move(troop, c[0], c[1])
        return self.controller.check(action) or "That is not possible now."

    def _not_yours(self) -> str:
        seat = self.controller.seat()
        if seat is None:
            return "The war is over."
        return f"It is {looks.seat_name(seat)} who must decide now."

    # -- cards dragged in from the docks (BoardView's DropScene) ------------------
    def hover(self, drag: CardDrag | None, pos: QPointF) -> bool:
        if drag is None or self.state is None:
            if self._drag_ref is not None:
                self._drag_ref, self._gesture = None, None
                self.sync_overlays()
            return False
        if drag.ref != self._drag_ref:
            self._drag_ref = drag.ref
            self._gesture = gestures.for_card(self.state, self.presenter.legal(), drag.ref)
            self._gesture_troop = None
            self.sync_overlays()
        return bool(gestures.at(self._gesture or [], self.coord_at(pos)))

    def drop(self, drag: CardDrag, pos: QPointF) -> bool:
        self._drag_ref, self._gesture = None, None
        if self.state is None:
            return False
        c = self.coord_at(pos)
        actions = gestures.at(gestures.for_card(self.state, self.presenter.legal(), drag.ref), c)
        if not actions:
            self.controller.refuse(self._card_refusal(drag.ref, c))
            self.sync_overlays()
            return False
        return self._finish(actions, c)

    def leave_board(self) -> None:
        """Troops never leave the field by dragging, so a drag off the view simply ends."""

    def _card_refusal(self, ref: str, c: Coord | None) -> str:
        if not self.presenter.deciding():
            return self._not_yours()
        if c is None or self.state is None:
            return "Cards are played onto the field."
        state = self.state
        b = board(state)
        here = b.troop_at.get(c) or b.wall_at.get(c) or b.landmark_at.get(c) or ""
        action: Action
        if looks.LANDMARK_SEP in ref:
            card, side = ref.split(looks.LANDMARK_SEP, 1)
            action = PlaceLandmark(card, c[0], c[1], side)
        else:
            face = state.table.faces.get(ref, "")
            if face in TROOPS:
                kind = Deploy if state.phase is Phase.DEPLOYMENT else Muster
                action = kind(ref, c[0], c[1])
            elif face == "training":
                troop = b.troop_at.get(c)
                if troop is None:
                    return "Drop the Training card onto one of your troops."
                action = Train(troop)
            elif face == "negate":
                action = Negate((ref,))
            else:
                action = PlayTactic(ref, here)
        return self.controller.check(action) or "That card has no use there now."

    # -- finishing a gesture ----------------------------------------------------
    def _finish(self, actions: list[Action], c: Coord | None) -> bool:
        """Submit the one action meant, or ask which one when a drop fits several."""
        if len(actions) == 1:
            self._pick = []
            self.presenter.pick = []
            return self.controller.submit(actions[0])
        assert self.state is not None and c is not None
        self._pick = gestures.narrowing(self.state, actions, c)
        self.presenter.pick = actions
        self.sync_overlays()
        self.controller.message.emit("That fits several ways: click a blue hex or choose a "
                                     "button (Escape cancels).")
        self.presenter.redraw()
        return True

    def cancel(self) -> None:
        self._pick = []
        self.presenter.pick = []
        self.selected = None
        self.presenter.redraw()

    def coord_at(self, pos: QPointF) -> Coord | None:
        h = self.hex_at(pos)
        return None if h is None else (h.q, h.r)

    # -- clicks on glowing hexes ----------------------------------------------------
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        super().mousePressEvent(event)
        if event.isAccepted() or event.button() != Qt.MouseButton.LeftButton:
            return
        c = self.coord_at(event.scenePos())
        if gestures.at(self._shown, c):
            self._click_at = event.scenePos()
            event.accept()
        elif self.selected is not None or self._pick:
            self.cancel()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        start, self._click_at = self._click_at, None
        if start is None:
            super().mouseReleaseEvent(event)
            return
        event.accept()
        if (event.scenePos() - start).manhattanLength() < CLICK:
            c = self.coord_at(start)
            actions = gestures.at(self._shown, c)
            if actions:
                self._finish(actions, c)

    def helpEvent(self, event: QGraphicsSceneHelpEvent) -> None:
        """A troop's tooltip is written when the mouse rests on it, from the state shown;
        an empty hex names itself as the rules log does ("hex 6-5"): on a laptop's screen
        the field is drawn too small for the numbers printed on the hexes."""
        state = self.state
        if state is not None:
            b = board(state)
            for item in self.items(event.scenePos()):
                if isinstance(item, TroopItem) and item.ref in b.pos:
                    item.setToolTip(troop_tip(state, b, item.ref, self.drawing.faces[item.ref]))
                    break
        if not any(item.toolTip() for item in self.items(event.scenePos())):
            c = self.coord_at(event.scenePos())
            if c is not None:
                QToolTip.showText(event.screenPos(), where(c), event.widget())
                event.accept()
                return
        super().helpEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and (self._pick or self.selected is not None):
            self.cancel()
            event.accept()
            return
        super().keyPressEvent(event)


def _short(action: Action) -> str:
    labels: dict[type, str] = {Train: "train", Swap: "swap", PlayTactic: "here"}
    return labels.get(type(action), "")

