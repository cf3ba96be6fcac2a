"""How the TACTICA table looks (issue "A table that fits every screen ... looks like a game"):
tokens inside their hexes, nothing printed under 8 pt at the fitted zoom of a 1366x768
window, a symbol per troop kind, SUN and MOON told apart by shape as well as colour."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QFontInfo, QHelpEvent, QPainter, QPainterPath
from PySide6.QtWidgets import QApplication, QGraphicsSimpleTextItem, QToolTip

from app.board import sprites
from app.board.hex_scene import LEGIBLE_PX, HexScene
from app.dialogs.summary import LINE_COLOURS
from app.games.tactica import pieces, scenery, symbols
from app.games.tactica.art import SIDE_COLOURS
from app.games.tactica.pieces import TroopItem
from engine.boards.hexgrid import HexField, Orientation
from engine.core.frames import Pass
from engine.games.tactica import cards as cardmoves
from engine.games.tactica import queries
from engine.games.tactica.actions import EndPhase, PlayTactic
from engine.games.tactica.board import GEOM, board
from engine.games.tactica.events import label, where
from tests.app.tactica.tactica_table import Table, free_pair, offset


def _mid_battle(table: Table) -> None:
    """Troops of every kind, trained and damaged, in MOVEMENT with one selected."""
    table.to_first_turn()
    table.qtbot.mouseClick(table.win.hand_dock.button("End MUSTER"), Qt.MouseButton.LeftButton)
    ours, theirs = free_pair(table)
    table.arrange({"sun-archer-1": offset(ours), "moon-crossbow-1": offset(theirs)})
    state = table.state
    b = board(state)
    cardmoves.train(state, b.troops[0][0], 1)
    cardmoves.train(state, b.troops[1][0], 2)
    state.damage[b.troops[1][0]] = 1
    table.win.refresh()


def _paint_afresh(scene) -> None:
    """Forget the pictures of the pieces, so the next paint draws every look again."""
    sprites.forget()
    for item in scene.items():
        item.update()


def _at_1366x768(table: Table) -> None:
    table.win.resize(1366, 768)
    QApplication.processEvents()
    table.win.view.fit()


def test_the_field_lies_across_a_landscape_screen(qapp):
    """The portrait mat turned a quarter: wider than high, SUN's wall row on the left, and
    every hex still found under its own centre (hit-testing agrees with the drawing)."""
    field = HexField(9, 13, Orientation.POINTY)
    turned = HexScene(field, 48, quarter_turn=True)
    rect = turned.board_rect()
    assert rect.width() > rect.height()
    assert turned.orientation is Orientation.FLAT
    for h in field:
        assert turned.hex_at(turned.center_of(h)) == h
    sun_row, moon_row = field.from_offset(4, 12), field.from_offset(4, 0)
    assert turned.center_of(sun_row).x() < turned.center_of(moon_row).x()
    assert turned.hex_at(rect.topLeft() - QPointF(5, 5)) is None


def test_troop_tokens_sit_inside_their_hexes(table):
    """Part 2's troop cards as tokens: each lies wholly inside its hex, with the hex's
    edge (a wall's stones, when it stands on one) showing around it."""
    _mid_battle(table)
    scene = table.win.scene
    assert scene.troops
    for ref, item in scene.troops.items():
        hexagon = QPainterPath()
        hexagon.addPolygon(scene.polygon(0.999).translated(item.home))
        token = item.mapToScene(item.shape())
        assert hexagon.contains(token), ref
        assert token.boundingRect().width() < hexagon.boundingRect().width() * 0.9


def test_nothing_is_printed_under_8pt_at_the_fitted_zoom_of_1366x768(table, monkeypatch):
    """Every text drawn on the board at the fitted zoom of a 1366x768 window comes out at
    8 pt or more, and OFF/DEF/RNG/MOV of every troop are among it."""
    _mid_battle(table)
    _at_1366x768(table)
    scene = table.win.scene
    selected = next(iter(board(table.state).troops[0]))
    scene._clicked_troop(selected)  # glows with their MOV captions
    assert scene.glowing
    drawn: list[tuple[str, float]] = []

    def record(name: str):
        original = getattr(QPainter, name)

        def spy(painter: QPainter, *args):
            transform = painter.worldTransform()
            scale = math.sqrt(abs(transform.determinant()))
            text = next((a if isinstance(a, str) else a.text() for a in args
                         if isinstance(a, str) or hasattr(a, "text")), "")
            drawn.append((text, QFontInfo(painter.font()).pixelSize() * scale))
            return original(painter, *args)

        monkeypatch.setattr(QPainter, name, spy)

    record("drawText")
    record("drawStaticText")
    _paint_afresh(scene)
    table.win.view.viewport().grab()
    assert drawn, "nothing was printed at all"
    small = [(text, round(px, 1)) for text, px in drawn if px < LEGIBLE_PX - 0.01]
    assert small == []
    zoom = table.win.view.zoom()
    for item in scene.items():
        if isinstance(item, QGraphicsSimpleTextItem) and item.isVisible():
            assert item.font().pixelSize() * zoom >= LEGIBLE_PX - 0.01, item.text()
    stats = [text for text, _ in drawn if text.isdigit()]
    looks = {item.face for item in scene.troops.values()}  # alike tokens share one picture
    assert len(stats) >= 4 * len(looks)


def test_each_troop_kind_and_each_side_has_its_own_symbol(qapp):
    """A unit symbol per troop kind (Champion, Foot, Crossbow, Archer, CROWN) and an
    emblem per side: no two alike, so kind and side read without colour."""
    names = ["champion", "foot", "crossbow", "archer", "crown", "sun", "moon"]
    paths = [symbols.symbol(n) for n in names]
    for name, path in zip(names, paths, strict=True):
        assert not path.isEmpty(), name
        assert path.boundingRect().width() <= 2.01 and path.boundingRect().height() <= 2.01
    for i, a in enumerate(paths):
        for b in paths[i + 1:]:
            assert a != b


def test_tokens_and_walls_show_their_side_by_emblem_as_well_as_colour(table, monkeypatch):
    """Colour-blind safe: every troop token paints its kind's symbol and its side's
    emblem, and every wall its owner's emblem, beside the side's colour."""
    table.to_first_turn()
    painted: list[tuple[str, object]] = []
    monkeypatch.setattr(pieces, "paint_symbol",
                        lambda p, name, *a: painted.append(("symbol", name)))
    for module in (pieces, scenery):  # tokens, and the walls' seals
        monkeypatch.setattr(module, "paint_emblem",
                            lambda p, side, *a: painted.append(("emblem", side)))
    scene = table.win.scene
    _paint_afresh(scene)
    table.win.view.viewport().grab()
    state = table.state
    kinds = {state.table.faces[t] for t in scene.troops}
    assert {n for what, n in painted if what == "symbol"} == kinds
    assert {n for what, n in painted if what == "emblem"} == {0, 1}
    walls = {f.side for f in scene.features.values() if f.kind == "wall"}
    looks = {item.face for item in scene.troops.values()}  # alike tokens share one picture
    emblems = [n for what, n in painted if what == "emblem"]
    assert walls == {0, 1} and len(emblems) >= len(looks) + len(walls)
    assert {c.name() for c in SIDE_COLOURS} <= {c.lower() for c in LINE_COLOURS}


def test_the_phase_bar_and_the_barracks_name_the_side_with_its_emblem(table):
    """SUN and MOON in the phase bar and on the hand dock come with ☀ and ☾."""
    table.to_first_turn()
    assert "SUN ☀" in table.win.phase_bar.text()
    assert "☀ SUN barracks" in table.win.hand_dock.title.text()


@pytest.mark.parametrize("training", [1, 2])
def test_training_shows_as_chevrons(table, monkeypatch, training):
    """Part 2, TRAINING: a troop trained 1x shows one chevron, 2x two."""
    table.to_first_turn()
    troop = board(table.state).troops[0][0]
    cardmoves.train(table.state, troop, training)
    table.win.refresh()
    item: TroopItem = table.win.scene.troops[troop]
    assert item.face.training == training == queries.training_seen(table.state, troop, 0)
    chevrons: list[object] = []
    original = QPainter.drawPath

    def spy(painter: QPainter, path: QPainterPath) -> None:
        if painter.pen().color() == pieces.TRAINED:
            chevrons.append(path)
        original(painter, path)

    monkeypatch.setattr(QPainter, "drawPath", spy)
    _paint_afresh(table.win.scene)
    table.win.view.viewport().grab()
    assert len(chevrons) == training


def test_the_played_cards_stay_on_the_table_beside_the_field(table):
    """Tactics cards played this turn lie in a column right of the field, inside what
    View → Fit shows."""
    table.to_first_turn()
    table.arrange({}, hand=["sun-spy-1"], away=table.cards_of("moon", "negate"))
    assert table.win.controller.submit(PlayTactic("sun-spy-1"))
    scene = table.win.scene
    assert "sun-spy-1" in scene.played
    card = scene.played["sun-spy-1"].sceneBoundingRect()
    assert card.left() > scene.board_rect().right()
    assert scene.content_rect().contains(card)


def test_resting_the_mouse_on_a_troop_tells_its_facts_in_words(make_table):
    """The tooltip names the troop as the log does, its hex, OFF/DEF/RNG/MOV; with the
    honour rule an enemy's training is not told."""
    table = make_table(honour_rule=True)
    table.to_first_turn()
    b = board(table.state)
    ours, theirs = b.troops[0][0], b.troops[1][0]
    cardmoves.train(table.state, theirs, 2)
    table.win.refresh()
    viewport = table.win.view.viewport()

    def tip(troop: str) -> str:
        at = table.point(b.pos[troop])
        QApplication.sendEvent(viewport, QHelpEvent(QEvent.Type.ToolTip, at,
                                                    viewport.mapToGlobal(at)))
        return QToolTip.text()

    text = tip(ours)
    assert text.startswith(f"{label(ours)} (") and where(b.pos[ours]) in text
    assert all(stat in text for stat in ("OFF", "DEF", "RNG", "MOV"))
    enemy = tip(theirs)
    assert "training hidden (honour rule)" in enemy and "2x" not in enemy


def test_resting_the_mouse_on_an_empty_hex_names_it_as_the_log_does(table):
    """At 1366x768 the hexes are drawn too small for their printed numbers, while the log
    names hexes by number ("hex 6-5"): an empty hex tells its number when the mouse rests
    on it, a wall names its hex in its own tooltip, and a troop's tooltip wins on its hex."""
    _at_1366x768(table)
    table.to_first_turn()
    b = board(table.state)
    scene, view = table.win.scene, table.win.view
    empty = next(c for c in GEOM.offset  # no troop, wall or landmark on it
                 if not any(i.toolTip() for i in scene.items(view.mapToScene(table.point(c)))))
    viewport = view.viewport()
    at = table.point(empty)
    QToolTip.hideText()
    QApplication.sendEvent(viewport, QHelpEvent(QEvent.Type.ToolTip, at,
                                                viewport.mapToGlobal(at)))
    assert QToolTip.text() == where(empty)
    troop = b.troops[0][0]
    at = table.point(b.pos[troop])
    QApplication.sendEvent(viewport, QHelpEvent(QEvent.Type.ToolTip, at,
                                                viewport.mapToGlobal(at)))
    assert QToolTip.text().startswith(f"{label(troop)} (")
    wall = next(c for c in b.wall_at if c not in b.pos.values())  # a wall nobody stands on
    at = table.point(wall)
    QApplication.sendEvent(viewport, QHelpEvent(QEvent.Type.ToolTip, at,
                                                viewport.mapToGlobal(at)))
    assert f"wall at {where(wall)}:" in QToolTip.text()


def test_the_board_keeps_its_size_from_one_turn_to_the_next(table):
    """Whose turn it is changes what the barracks dock says, never its height, so the
    board is not refitted (and every piece redrawn) at each change of seat."""
    _at_1366x768(table)
    table.to_first_turn()
    view = table.win.view
    sizes = set()
    for _ in range(3):  # SUN's turn, then MOON's, then SUN's again
        for _ in range(3):
            assert table.win.controller.submit(EndPhase())
            while table.state.frames:
                assert table.win.controller.submit(Pass())
            QApplication.processEvents()
            sizes.add((view.viewport().size().toTuple(), round(view.zoom(), 6)))
    assert len(sizes) == 1, sizes


def test_tokens_that_look_alike_are_painted_once_per_zoom(table, monkeypatch):
    """Alike tokens share one picture, and going back to a zoom seen a moment ago paints
    nothing anew (a dock growing by a line used to repaint every token)."""
    table.to_first_turn()
    scene, view = table.win.scene, table.win.view
    painted: list[object] = []
    original = pieces.paint_token
    monkeypatch.setattr(pieces, "paint_token",
                        lambda p, face, rim: (painted.append(face), original(p, face, rim)))
    _paint_afresh(scene)
    view.viewport().grab()
    looks = {item.face for item in scene.troops.values()}
    assert len(painted) == len(looks) < len(scene.troops)
    view.zoom_by(0.9)
    view.viewport().grab()
    painted.clear()
    view.zoom_by(1 / 0.9)
    view.viewport().grab()
    assert painted == []
