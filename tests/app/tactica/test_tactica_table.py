"""The TACTICA table driven as players would: drags from the barracks, mouse drags on the
field, buttons for prompts, the computer opponent and the hot-seat curtain."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from app.board.hex_scene import TERRAIN_TINTS
from app.dragdrop import CardDrag
from app.games.tactica.art import SIDE_COLOURS
from app.games.tactica.scene import ATTACK_GLOW, PICK_GLOW
from engine.boards.hexgrid import Hex
from engine.core.frames import Pass
from engine.games.tactica import cards as cardmoves
from engine.games.tactica import queries
from engine.games.tactica.actions import (
    Attack,
    Move,
    Negate,
    PlaceLandmark,
    PlayTactic,
)
from engine.games.tactica.board import CONTENT, GEOM, board
from engine.games.tactica.field import distance
from engine.games.tactica.frames import CounterWindow, HorseGroupMove, NegateChain, SpyLook
from engine.games.tactica.state import (
    TRAINING,
    Phase,
    barracks,
)
from tests.app.tactica.tactica_table import Table, free_pair, hexat, offset


def test_muster_by_dragging_a_troop_from_the_barracks(table, drag_target):
    """Part 2, muster: a melee troop is mustered next to a friendly wall; while it is
    carried the legal hexes glow, and the drop becomes the Muster action."""
    table.to_first_turn()
    state = table.state
    troop = next(c for c in state.table.cards_in(barracks(0))
                 if state.table.faces[c] in ("foot", "champion"))
    spots = queries.muster_hexes(state, troop)
    scene = table.win.scene
    assert scene.hover(CardDrag(troop, barracks(0)), scene.center_of(Hex(*spots[0])))
    assert set(scene.glowing) == set(spots)
    scene.hover(None, scene.center_of(Hex(*spots[0])))
    assert scene.glowing == {}
    table.drag_card(drag_target, troop, spots[-1])
    assert table.where(troop) == spots[-1]
    assert troop in scene.troops
    assert "musters" in table.win.log_dock.texts()[-1]
    assert table.state.musters_left == 1


def test_train_by_dragging_the_training_card_onto_a_troop(table, drag_target):
    """Part 2, training: a troop on or next to a friendly wall is trained 1x by taking a
    training card; the troop card then shows it."""
    table.to_first_turn()
    state = table.state
    b = board(state)
    troop = next(t for t in b.troops[0] if queries.training_seen(state, t, 0) == 0)
    top = state.table.cards_in(TRAINING)[-1]
    table.drag_card(drag_target, top, b.pos[troop])
    assert table.state.training[troop][1] == 1
    assert table.win.scene.troops[troop].face.training == 1
    assert "trains" in table.win.log_dock.texts()[-1]


def test_move_by_a_real_mouse_drag_with_mov_costs_glowing(table):
    """Part 2, movement: while a troop is carried its reachable hexes glow with their MOV
    cost; dropping it on one is a card move."""
    table.to_first_turn()
    table.qtbot.mouseClick(table.win.hand_dock.button("End MUSTER"), Qt.MouseButton.LeftButton)
    state = table.state
    assert state.phase is Phase.MOVEMENT
    b = board(state)
    troop = table.movable()
    reach = queries.reachable(state, troop)
    dest = max(reach, key=lambda c: (reach[c], c))
    start = b.pos[troop]
    viewport = table.win.view.viewport()
    a, z = table.point(start), table.point(dest)
    table.qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
    table.qtbot.mouseMove(viewport, a + (z - a) / 2)
    glowing = table.win.scene.glowing
    assert set(glowing) == set(reach)
    assert glowing[dest][1] == f"{reach[dest]} MOV"
    table.qtbot.mouseMove(viewport, z)
    table.qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=z)
    assert table.where(troop) == dest
    assert table.win.controller.match.steps[-1].action == Move(troop, *dest)
    assert table.state.moves_left == 2
    assert table.win.scene.glowing == {}


def test_a_carried_troop_glows_only_the_mov_it_has_left_this_turn(table):
    """Part 2, TROOP CARDS: MOV is the movement points of a single turn. After a 1-hex card
    move only the hexes its last MOV reaches glow; once it is spent nothing glows, the card
    shows MOV 0 and a drop springs back saying why."""
    _to_movement(table)
    start, step = free_pair(table)
    table.arrange({"sun-foot-1": offset(start)})
    table.carry(start, step)
    assert table.where("sun-foot-1") == step
    reach = queries.reachable(table.state, "sun-foot-1")
    assert reach and set(reach.values()) == {1}
    dest = max(reach)
    viewport = table.win.view.viewport()
    a, z = table.point(step), table.point(dest)
    table.qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
    table.qtbot.mouseMove(viewport, a + (z - a) / 2)
    glowing = table.win.scene.glowing
    assert set(glowing) == set(reach)
    assert {caption for _, caption in glowing.values()} == {"1 MOV"}
    table.qtbot.mouseMove(viewport, z)
    table.qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=z)
    assert table.where("sun-foot-1") == dest and table.state.moves_left == 1
    item = table.win.scene.troops["sun-foot-1"]
    assert item.face.stats[3] == 0 and item.face.base[3] == 2
    a = table.point(dest)
    table.qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
    table.qtbot.mouseMove(viewport, a + (table.point(step) - a) / 2)
    assert table.win.scene.glowing == {}
    table.qtbot.mouseMove(viewport, table.point(step))
    table.qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=table.point(step))
    assert "spent its MOV" in table.status()
    assert table.where("sun-foot-1") == dest


def test_refused_drags_spring_back_and_say_why(table, drag_target):
    """A troop dropped beyond its MOV glides back and the status bar gives the rule; so
    does a barracks card dropped far from the walls (Part 2: muster by a friendly wall)."""
    table.to_first_turn()
    steps = len(table.win.controller.match.steps)
    state = table.state
    troop = next(c for c in state.table.cards_in(barracks(0))
                 if state.table.faces[c] in ("foot", "champion"))
    table.drag_card(drag_target, troop, hexat(5, 7))
    assert "next to a friendly wall" in table.status()
    assert table.where(troop) is None
    table.qtbot.mouseClick(table.win.hand_dock.button("End MUSTER"), Qt.MouseButton.LeftButton)
    b = board(table.state)
    mover = b.troops[0][0]
    item = table.win.scene.troops[mover]
    start = item.pos()
    table.carry(b.pos[mover], hexat(5, 2))
    assert "MOV" in table.status() or "wall" in table.status()
    table.qtbot.waitUntil(lambda: item.pos() == start, timeout=2000)
    assert table.where(mover) == b.pos[mover]
    assert len(table.win.controller.match.steps) == steps + 1  # only End MUSTER


def test_attack_by_dragging_onto_an_enemy_shows_damage_against_def(table):
    """Part 2, combat: a melee troop attacks an adjacent enemy; the target shows the
    damage it would take against its DEF while aimed at, then carries a damage marker."""
    table.to_first_turn()
    ours, theirs = free_pair(table)
    table.arrange({"sun-champion-1": offset(ours), "moon-foot-1": offset(theirs)},
                  phase=Phase.COMBAT, active=0)
    assert distance(ours, theirs) == 1
    viewport = table.win.view.viewport()
    a, z = table.point(ours), table.point(theirs)
    table.qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
    table.qtbot.mouseMove(viewport, a + (z - a) / 2)
    scene = table.win.scene
    target = scene.troops["moon-foot-1"]
    assert scene.glowing[theirs][0] == ATTACK_GLOW
    assert target.face.targeted and "DEF" in target.face.caption
    table.qtbot.mouseMove(viewport, z)
    table.qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=z)
    match = table.win.controller.match
    assert any(s.action == Attack("sun-champion-1", "moon-foot-1") for s in match.steps)
    assert table.state.damage["moon-foot-1"] == 2
    assert scene.troops["moon-foot-1"].face.damage == 2


def test_counter_card_played_by_dragging_it_onto_the_attacked_troop(make_table, drag_target):
    """Counter-cards are prompts: after an attack on a Foot beside another Foot, the
    defender drags SHIELDWALL onto it (Part 2: +2 DEF for Foot side by side in COMBAT)."""
    table = make_table(computer=(0,))
    table.to_first_turn()
    foot, friend = free_pair(table)
    enemy = next(n for n in GEOM.neighbours[foot] if n != friend
                 and n not in board(table.state).troop_at and distance(n, friend) > 1)
    negates = table.cards_of("sun", "negate")
    table.arrange({"moon-foot-1": offset(foot), "moon-foot-2": offset(friend),
                   "sun-champion-1": offset(enemy)}, phase=Phase.COMBAT, active=0,
                  hand=["moon-shieldwall-1"], away=negates)
    assert table.win.controller.submit(Attack("sun-champion-1", "moon-foot-1"))
    assert isinstance(table.state.frames[-1], CounterWindow)
    assert "counter-card" in table.win.phase_bar.text()
    assert table.win.hand_dock.button("Pass").isEnabled()
    table.drag_card(drag_target, "moon-shieldwall-1", foot)
    played = table.win.controller.match.steps[-1].action
    assert isinstance(played, PlayTactic) and played.card == "moon-shieldwall-1"
    assert played.target == "moon-foot-1"
    # SUN (the computer, played here by the test) may NEGATE it; holding none, it passes.
    assert isinstance(table.state.frames[-1], NegateChain) and table.state.deciding() == (0,)
    assert table.win.controller.submit(Pass(), 0)
    assert table.state.def_bonus["moon-foot-1"] == 2


def test_negate_answered_with_a_button(make_table):
    """Part 2, NEGATE: when the opponent plays a tactics card, the player holding a NEGATE
    is asked; the answer is a button, and Pass is always offered."""
    table = make_table(computer=(0,))
    table.to_first_turn()
    table.arrange({}, hand=["sun-spy-1", "moon-negate-1"], away=table.cards_of("sun", "negate"))
    assert table.win.controller.submit(PlayTactic("sun-spy-1"))
    assert isinstance(table.state.frames[-1], NegateChain)
    assert "NEGATE" in table.win.phase_bar.text()
    assert table.win.hand_dock.button("Pass").isEnabled()
    table.qtbot.mouseClick(table.win.hand_dock.button("NEGATE against SPY"),
                           Qt.MouseButton.LeftButton)
    step = table.win.controller.match.steps[-1]
    assert isinstance(step.action, Negate) and step.actor == 1
    table.computer_passes()  # SUN holds no NEGATE to answer the NEGATE with
    assert "negated" in " ".join(table.win.log_dock.texts()[-3:])


def test_engineer_on_a_troop_between_two_walls_asks_which(table):
    """A drop that fits several plays is finished by a click: ENGINEER in COMBAT removes a
    wall or landmark next to its troop (designed target rule), so the player picks one."""
    table.to_first_turn()
    b = board(table.state)
    spot = next(c for c in GEOM.hexes if c not in b.troop_at and c not in b.wall_at
                and sum(n in b.wall_at for n in GEOM.neighbours[c]) == 2
                and not any(n in b.landmark_at for n in GEOM.neighbours[c]))
    walls = [n for n in GEOM.neighbours[spot] if n in b.wall_at]
    table.arrange({"sun-foot-3": offset(spot)}, phase=Phase.COMBAT, active=0,
                  hand=["sun-engineer-1"])
    scene = table.win.scene
    assert scene.drop(CardDrag("sun-engineer-1", barracks(0)), scene.center_of(Hex(*spot)))
    table.qtbot.waitUntil(lambda: len(table.win.presenter.pick) >= 2, timeout=2000)
    assert set(walls) <= {c for c, (colour, _) in scene.glowing.items()
                                  if colour == PICK_GLOW}
    table.qtbot.waitUntil(lambda: any(b.text().startswith("ENGINEER")
                                      for b in table.win.hand_dock.buttons), timeout=2000)
    viewport = table.win.view.viewport()
    table.qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=table.point(walls[0]))
    played = table.win.controller.match.steps[-1].action
    assert played == PlayTactic("sun-engineer-1", "sun-foot-3", other=b.wall_at[walls[0]])


def test_landmark_placed_by_dragging_the_side_wanted(make_table, drag_target):
    """Landmarks are double-sided: dragging the RAVINE side places it RAVINE up, and the
    hexes around it turn low ground (Part 2's terrain cases)."""
    table = make_table(computer=(0,))
    state = table.state
    assert state.phase is Phase.LANDMARKS and state.active == 1
    spot = queries.landmark_hexes(state)[len(queries.landmark_hexes(state)) // 2]
    table.drag_card(drag_target, "moon-landmark-1@ravine", spot)
    step = table.win.controller.match.steps[-1].action
    assert step == PlaceLandmark("moon-landmark-1", *spot, "ravine")
    near = GEOM.neighbours[spot][0]
    assert table.win.scene.tile(Hex(*near)).brush().color() == TERRAIN_TINTS["low"]
    assert table.win.scene.features["moon-landmark-1"].kind == "ravine"


def test_computer_opponent_plays_its_turn_and_the_human_view_stays(table):
    """Against the computer the table keeps showing the human's barracks while the
    computer's seat plays a whole turn by itself."""
    table.to_first_turn()
    win = table.win
    steps = len(win.controller.match.steps)
    win.computer.set_paused(False)
    for label in ("End MUSTER", "End MOVEMENT", "End turn"):
        table.qtbot.mouseClick(win.hand_dock.button(label), Qt.MouseButton.LeftButton)
    table.qtbot.waitUntil(lambda: win.controller.computer_to_move() is None
                          and not win.computer.busy(), timeout=15000)
    match = win.controller.match
    assert any(s.actor == 1 for s in match.steps[steps:])
    assert match.state.to_move() == 0
    assert not win.curtain.isVisible()
    assert "SUN barracks" in win.hand_dock.title.text()


def test_hot_seat_hides_the_barracks_behind_the_curtain(make_table):
    """Between two people the curtain drops when the seat changes and the barracks stay
    hidden until the next player lifts it."""
    table = make_table(computer=())
    table.to_first_turn()
    win = table.win
    for label in ("End MUSTER", "End MOVEMENT", "End turn"):
        table.qtbot.mouseClick(win.hand_dock.button(label), Qt.MouseButton.LeftButton)
    assert win.curtain.isVisible()
    assert win.hand_dock.card_widgets() == []
    table.qtbot.mouseClick(win.curtain.button, Qt.MouseButton.LeftButton)
    assert "MOON barracks" in win.hand_dock.title.text()
    assert win.hand_dock.card_widgets()


def test_screenshot_shows_both_sides_terrain_and_walls(table, tmp_path):
    """A picture of the window mid-battle holds both sides' colours, the wall stone and
    tinted ground: the table is actually drawn, not just built."""
    table.to_first_turn()
    win = table.win
    image = win.view.viewport().grab().toImage()
    path = tmp_path / "tactica.png"
    assert image.save(str(path)) and path.stat().st_size > 10_000
    colours = {QColor(image.pixel(x, y)).name() for x in range(0, image.width(), 2)
               for y in range(0, image.height(), 2)}
    for side in SIDE_COLOURS:
        assert side.name() in colours, side.name()
    assert TERRAIN_TINTS["neutral"].name() in colours
    assert any(TERRAIN_TINTS[k].name() in colours for k in ("high", "low"))
    centre = win.view.mapFromScene(win.scene.content_rect().center())
    assert QColor(image.pixel(centre)).name() != "#2f3b37"  # the field, not bare table


def _to_movement(table: Table) -> None:
    table.to_first_turn()
    table.qtbot.mouseClick(table.win.hand_dock.button("End MUSTER"), Qt.MouseButton.LeftButton)
    assert table.state.phase is Phase.MOVEMENT


def test_spy_in_movement_stacks_the_cards_chosen_in_the_dock(table, drag_target):
    """SPY in MOVEMENT lets its player look through their own piles and choose what
    comes next: double-click a troop and a tactics card in the dock, then Stack."""
    _to_movement(table)
    table.arrange({}, hand=["sun-spy-1"], away=table.cards_of("moon", "negate"))
    table.drag_card(drag_target, "sun-spy-1", hexat(5, 7))
    table.computer_passes()  # MOON holds no NEGATE
    assert table.state.prompt is not None and isinstance(table.state.frames[-1], SpyLook)
    troop = next(w for w in table.win.hand_dock.card_widgets() if w.ref.startswith("spy-troop:"))
    tactic = next(w for w in table.win.hand_dock.card_widgets()
                  if w.ref.startswith("spy-tactic:"))
    wanted = (troop.ref.split(":")[1], tactic.ref.split(":")[1])
    names = [CONTENT.name(face) for face in wanted]

    def stack_button(*shown: str):
        return next((b for b in table.win.hand_dock.buttons if b.text().startswith("Stack")
                     and all(n in b.text() for n in shown)), None)

    table.qtbot.mouseDClick(troop, Qt.MouseButton.LeftButton)
    table.qtbot.waitUntil(lambda: stack_button(names[0]) is not None, timeout=2000)
    tactic = table.card_widget(tactic.ref)  # the dock was redrawn with the first choice
    table.qtbot.mouseDClick(tactic, Qt.MouseButton.LeftButton)
    table.qtbot.waitUntil(lambda: stack_button(*names) is not None, timeout=2000)
    stack = stack_button(*names)
    assert stack.isEnabled()
    table.qtbot.mouseClick(stack, Qt.MouseButton.LeftButton)
    state = table.state
    assert state.prompt is None
    assert state.table.faces[state.table.cards_in("troops:0")[-1]] == wanted[0]
    assert state.table.faces[state.table.cards_in("tactics:0")[-1]] == wanted[1]


def test_horse_group_move_by_dragging_the_troops(table, drag_target):
    """HORSE in MOVEMENT: the troop it is played on moves first, its companions then end
    next to it, all as the first card move; Done closes the group move."""
    _to_movement(table)
    anchor_at, friend_at = free_pair(table)
    table.arrange({"sun-foot-1": offset(anchor_at), "sun-foot-2": offset(friend_at)},
                  hand=["sun-horse-1"], away=table.cards_of("moon", "negate"))
    table.drag_card(drag_target, "sun-horse-1", anchor_at)
    table.computer_passes()  # MOON holds no NEGATE
    assert table.state.prompt is not None and isinstance(table.state.frames[-1], HorseGroupMove)
    reach = queries.reachable(table.state, "sun-foot-1")
    dest = max(reach, key=lambda c: (reach[c], c))
    table.carry(anchor_at, dest)
    assert table.where("sun-foot-1") == dest
    assert table.state.prompt is not None
    table.qtbot.mouseClick(table.win.hand_dock.button("Done"), Qt.MouseButton.LeftButton)
    assert table.state.prompt is None and table.state.moves_left == 2


def test_horse_companion_must_join_the_anchor_before_done(table, drag_target):
    """Part 2, HORSE: the group move must end with every card next to the targeted one.
    With a companion left behind there is no Done button; its drag glows only the hexes
    next to the anchor, and the drop there ends the group move."""
    _to_movement(table)
    anchor_at, friend_at = free_pair(table)
    table.arrange({"sun-foot-1": offset(anchor_at), "sun-foot-2": offset(friend_at)},
                  hand=["sun-horse-1"], away=table.cards_of("moon", "negate"))
    table.drag_card(drag_target, "sun-horse-1", anchor_at)
    table.computer_passes()  # MOON holds no NEGATE
    reach = queries.reachable(table.state, "sun-foot-1")
    dest = next(c for c in sorted(reach) if distance(c, friend_at) > 1)
    table.carry(anchor_at, dest)
    assert table.where("sun-foot-1") == dest
    assert "Done" not in [b.text() for b in table.win.hand_dock.buttons]
    follow = queries.reachable(table.state, "sun-foot-2")
    assert follow and all(distance(c, dest) == 1 for c in follow)
    viewport = table.win.view.viewport()
    a, z = table.point(friend_at), table.point(min(follow))
    table.qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
    table.qtbot.mouseMove(viewport, a + (z - a) / 2)
    assert set(table.win.scene.glowing) == set(follow)
    table.qtbot.mouseMove(viewport, z)
    table.qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=z)
    assert table.where("sun-foot-2") == min(follow)
    assert table.state.prompt is None and table.state.moves_left == 2


def test_honour_rule_hides_enemy_training_on_the_field(make_table):
    """The honour-rule option: training is announced once and then the opponent must
    remember it, so enemy troop cards show no training while your own still do."""
    table = make_table(honour_rule=True)
    table.to_first_turn()
    ours, theirs = free_pair(table)
    table.arrange({"sun-foot-1": offset(ours), "moon-foot-1": offset(theirs)})
    cardmoves.train(table.state, "sun-foot-1", 1)
    cardmoves.train(table.state, "moon-foot-1", 2)
    table.win.refresh()
    troops = table.win.scene.troops
    assert troops["sun-foot-1"].face.training == 1
    assert troops["moon-foot-1"].face.training is None
