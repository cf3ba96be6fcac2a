"""TACTICA's field drawn from a state: ground, walls and landmarks, troops, played cards.

The field is drawn from each state the window hands over, and only what
differs from the state drawn before is touched: the ground is re-tinted only
when the landmarks change, a wall is redrawn only when it turns up or goes,
a troop token only when what it shows changes, and what it shows is worked out
again only when something it is made from changes (face_inputs). A troop whose hex changed
glides there from where it stood; one that joins the field fades in and one
that leaves (captured, sent back) fades out. The animations only show the
change: the items' `home` and the dictionaries below are already the new
state, so nothing that reads the table waits for them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor

from app.board.hex_scene import HexScene
from app.board.items import CardItem
from app.board.topology import Z_PIECE, label_font
from app.games.tactica import looks
from app.games.tactica.pieces import TroopFace, TroopItem
from app.games.tactica.scenery import FeatureItem, Heading, PlayedCard
from engine.boards.hexgrid import Hex
from engine.games.tactica import queries
from engine.games.tactica.board import CONTENT, MELEE, Board
from engine.games.tactica.events import where
from engine.games.tactica.field import Coord
from engine.games.tactica.state import FIELD, PLAYED, TacticaState, owner_of

PLAYED_GAP = 44.0  # from the field's right edge to the column of played cards
PLAYED_STEP = PlayedCard.HEIGHT + 10
TITLE_PX = 22.0
FADE_FROM = 0.2
"""A mustered troop fades in from this, not from nothing: a fully transparent item is not
under the mouse, and the troop must answer a click from its first frame."""


class FieldDrawing:
    """The items that show one state on a TACTICA scene, kept in step with each new state."""

    def __init__(self, scene: HexScene, pressed: Callable[[CardItem], None],
                 released: Callable[[CardItem], None]) -> None:
        self.scene = scene
        self._pressed, self._released = pressed, released  # the scene's gesture handlers
        self.troops: dict[str, TroopItem] = {}
        self.features: dict[str, FeatureItem] = {}
        self.played: dict[str, PlayedCard] = {}
        self.faces: dict[str, TroopFace] = {}  # each troop as the state shows it, no caption
        self._face_inputs: dict[str, tuple[object, ...]] = {}  # what each face was made from
        self._field_inputs: tuple[object, ...] | None = None  # what all faces were made from
        self.viewer: int | None = None  # whose knowledge the faces show (honour rule)
        self._drawn = False  # nothing fades in on the first picture of a match
        self._leaving: list[TroopItem] = []  # tokens fading out, no longer on the field
        self._terrain: tuple[tuple[Coord, str], ...] | None = None
        field = scene.board_rect()
        self.played_x = field.right() + PLAYED_GAP + PlayedCard.WIDTH / 2
        title = Heading("Played this turn")
        title.setFont(label_font(TITLE_PX, bold=True))
        title.setBrush(QColor("#d9dfd6"))
        title.setPos(self.played_x - PlayedCard.WIDTH / 2, field.top())
        scene.addItem(title)
        self._played_top = field.top() + title.boundingRect().height() + 12

    def width(self) -> float:
        """How far the drawing reaches right of the field: the played cards."""
        return PLAYED_GAP + PlayedCard.WIDTH

    def render(self, state: TacticaState, b: Board, viewer: int | None) -> None:
        self.viewer = viewer
        self._paint_terrain(state, b)
        self._sync_features(state)
        self._sync_troops(state, b, viewer)
        self._sync_played(state)
        self._drawn = True

    # -- ground, walls and landmarks --------------------------------------------------
    def _paint_terrain(self, state: TacticaState, b: Board) -> None:
        key = tuple(sorted((c, state.landmark_side.get(card, "ridge"))
                           for c, card in b.landmark_at.items()))
        if key == self._terrain:
            return
        self._terrain = key
        for h in self.scene.field:
            self.scene.set_terrain(h, queries.terrain(state, (h.q, h.r)))

    def _sync_features(self, state: TacticaState) -> None:
        table = state.table
        wanted = {c for c in table.cards_in(FIELD) if table.faces.get(c) in ("wall", "landmark")}
        for ref in [r for r in self.features if r not in wanted]:
            self.scene.removeItem(self.features.pop(ref))
        for ref in wanted:
            face = table.faces[ref]
            kind = "wall" if face == "wall" else state.landmark_side.get(ref, "ridge")
            item = self.features.get(ref)
            q, r = table.pos[ref]
            tip = feature_tip(kind, owner_of(ref) or 0, (q, r))
            if item is None:
                item = self.features[ref] = FeatureItem(ref, kind, owner_of(ref) or 0, tip)
                self.scene.addItem(item)
            else:
                item.set_kind(kind, tip)
            centre = self.scene.center_of(Hex(q, r))
            if item.pos() != centre:
                item.setPos(centre)

    # -- troops -----------------------------------------------------------------------
    def _sync_troops(self, state: TacticaState, b: Board, viewer: int | None) -> None:
        for ref in [r for r in self.troops if r not in b.pos]:
            self._leave(self.troops.pop(ref))
            self.faces.pop(ref, None)
        field = field_inputs(state, b, viewer)
        if field != self._field_inputs:
            self._field_inputs = field
            self._face_inputs = {}
        for ref, c in b.pos.items():
            inputs = face_inputs(state, ref, c, viewer)
            if self._face_inputs.get(ref) != inputs:
                self._face_inputs[ref] = inputs
                self.faces[ref] = troop_face(state, ref, viewer)
            face = self.faces[ref]
            item = self.troops.get(ref)
            centre = self.scene.center_of(Hex(*c))
            if item is None:
                item = self.troops[ref] = TroopItem(ref, face)
                item.on_press, item.on_release = self._pressed, self._released
                item.place(centre, glide=False)
                self.scene.addItem(item)
                if self._drawn:
                    item.glider.fade(FADE_FROM, 1.0)
                continue
            if item.face.caption or item.face.targeted:
                face = replace(face, caption=item.face.caption, targeted=item.face.targeted)
            item.set_face(face)
            if not item.dragging:
                item.place(centre, glide=True)

    def _leave(self, item: TroopItem) -> None:
        """Fade a token that left the field, then take it off the scene."""
        if item.dragging:
            item.ungrabMouse()
        item.setEnabled(False)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._leaving.append(item)

        def gone() -> None:
            if item in self._leaving:
                self._leaving.remove(item)
                self.scene.removeItem(item)

        item.glider.fade(item.opacity(), 0.0, gone)

    def show_captions(self, captions: dict[str, tuple[str, bool]], selected: str | None) -> None:
        """Put what the gesture under way would do on the troops it would do it to."""
        for ref, item in self.troops.items():
            caption, targeted = captions.get(ref, ("", False))
            face = self.faces[ref]
            if caption or targeted:
                face = replace(face, caption=caption, targeted=targeted)
            item.set_face(face)
            item.set_selected(ref == selected)

    # -- the played cards ----------------------------------------------------------------
    def _sync_played(self, state: TacticaState) -> None:
        cards = state.table.cards_in(PLAYED)
        for ref in [r for r in self.played if r not in cards]:
            self.scene.removeItem(self.played.pop(ref))
        bottom = self.scene.board_rect().bottom() - PlayedCard.HEIGHT / 2
        room = bottom - self._played_top - PlayedCard.HEIGHT / 2
        step = min(PLAYED_STEP, room / max(1, len(cards) - 1))
        for i, ref in enumerate(cards):
            item = self.played.get(ref)
            if item is None:
                face = state.table.faces.get(ref, "")
                item = self.played[ref] = PlayedCard(ref, owner_of(ref) or 0,
                                                     CONTENT.name(face) if face else "?",
                                                     looks.tooltip(state, ref))
                self.scene.addItem(item)
            spot = QPointF(self.played_x, self._played_top + PlayedCard.HEIGHT / 2 + i * step)
            if item.pos() != spot:
                item.setPos(spot)
            item.setZValue(Z_PIECE + i * 0.01)


def troop_face(state: TacticaState, troop: str, viewer: int | None) -> TroopFace:
    """What a troop token shows, as `viewer` may know it (the honour rule)."""
    stats = queries.troop_stats(state, troop)
    return TroopFace(owner_of(troop) or 0, state.table.faces[troop], stats.now, stats.printed,
                     queries.training_seen(state, troop, viewer), state.damage.get(troop, 0))


def field_inputs(state: TacticaState, b: Board, viewer: int | None) -> tuple[object, ...]:
    """What any troop's face may read beyond the troop's own facts (see troop_stats): the
    walls and landmarks (their shared Features, new whenever one changes), the battles
    each side lost (the wall bonuses), where the CROWNs stand (their aura) and who looks."""
    faces = state.table.faces
    crowns = tuple(sorted((c, t) for t, c in b.pos.items() if faces[t] == "crown"))
    return viewer, b.features, tuple(state.lost_battles), crowns


def face_inputs(state: TacticaState, troop: str, c: Coord,
                viewer: int | None) -> tuple[object, ...]:
    """A troop's own facts its face is made from (queries.troop_stats, training_seen):
    with field_inputs, everything troop_face reads, at a fraction of its cost."""
    return (state.table.faces[troop], c, state.training.get(troop),
            queries.training_seen(state, troop, viewer), state.damage.get(troop),
            state.mov_spent.get(troop), state.off_bonus.get(troop), state.press.get(troop),
            state.def_bonus.get(troop))


def troop_tip(state: TacticaState, b: Board, troop: str, face: TroopFace) -> str:
    """A token's facts in words, written when the mouse rests on it (not at every redraw)."""
    names = ("OFF", "DEF", "RNG", "MOV")
    shown = []
    for label, now, printed in zip(names, face.stats, face.base, strict=True):
        change = "" if now == printed else f" (printed {printed})"
        shown.append(f"{label} {now}{change}")
    melee = "melee" if face.kind in MELEE else "ranged"
    parts = [f"{looks.name(state, troop)} ({melee}) at {where(b.pos[troop])}", ", ".join(shown)]
    if face.training is None:
        parts.append("training hidden (honour rule)")
    elif face.training:
        parts.append(f"trained {face.training}x")
    ground = queries.terrain(state, b.pos[troop])
    if ground != "neutral":
        parts.append(f"on {ground} ground")
    if b.pos[troop] in b.wall_at:
        parts.append(f"on a {looks.side_name(owner_of(b.wall_at[b.pos[troop]]) or 0)} wall")
    if face.damage:
        parts.append(f"{face.damage} damage this turn against DEF {face.stats[1]}")
    return "; ".join(parts) + ". Drag to move or attack; click to select."


def feature_tip(kind: str, side: int, at: Coord) -> str:
    """A wall's or landmark's rules in words, named with its hex as the log names it."""
    owner, hex_name = looks.side_name(side), where(at)
    if kind == "wall":
        return (f"{owner} wall at {hex_name}: its troops may stand on it (2 MOV on or off); "
                "melee troops attack a troop on a wall at -2 OFF; it falls only to ENGINEER.")
    if kind == "ridge":
        return (f"{owner} landmark at {hex_name}, RIDGE side: hexes next to it are high ground "
                "(+1 DEF, ranged +1 RNG); troops next to it are covered from shots from behind "
                "it. Melee troops cannot enter it.")
    return (f"{owner} landmark at {hex_name}, RAVINE side: hexes next to it are low ground "
            "(ranged -1 RNG). Melee troops cannot enter it.")

