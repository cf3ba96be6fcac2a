"""Nordguard played through the real window: the sled, the panels, the buttons, the odds.

Rule references are to the rulebook's sections (The Map, The Team & Items, Key
Terms); the gestures are the issue's "The table" section.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractAnimation, QPoint, QPointF, Qt
from PySide6.QtGui import QColor

from app.board.items import GLOW_LEGAL
from app.games.nordguard.presenter import KIND_PREFIX
from app.games.nordguard.scene import GLOW_HOVERED, MOVE_HELP
from engine.games.nordguard.actions import Attempt, Drop, EndDay
from engine.games.nordguard.combat import CombatCheck
from engine.games.nordguard.state import CHARACTERS, DROPPED, ITEM_DECK, POOL, slots
from tests.engine.nordguard.helpers import asked


def test_set_up_by_drags_and_buttons(table, drag_target):
    """The Team & Items: each player picks a Character and stocks; then Set out turns the
    map face down (The Map)."""
    win = table.open(players=2)
    assert "Player 1 chooses a Character" in win.phase_bar.text()
    nickel = table.card_widget(CHARACTERS, "ch-nickel")
    table.drag_widget(nickel, drag_target, table.panel(slots(0)))
    assert table.state.character[0] == "ch-nickel"
    # Player 2's turn: a drop on Player 1's panel is refused with the reason.
    pi = table.card_widget(CHARACTERS, "ch-pi")
    table.drag_widget(pi, drag_target, table.panel(slots(0)))
    assert table.state.character[1] is None
    assert "Player 2 chooses" in win.statusBar().currentMessage()
    table.drag_widget(table.card_widget(CHARACTERS, "ch-pi"), drag_target,
                      table.panel(slots(1)))
    assert table.state.character[1] == "ch-pi" and table.state.phase == "stock"
    # Pi's starting revolver is already in her slots; Nickel stocks a rope from the pool.
    assert [w.ref for w in table.panel(slots(1)).cards] == ["it-lawmans-revolver-1"]
    rope = next(w for w in table.panel(POOL).cards if w.ref.startswith("it-rope"))
    table.drag_widget(rope, drag_target, table.panel(slots(0)))
    assert list(table.state.carried(0)) == [rope.ref]
    table.press("Done stocking")
    table.press("Done stocking")
    assert table.state.phase == "study" and "Set out" in win.phase_bar.text()
    table.press("Set out")
    state = table.state
    assert state.phase == "day"
    face_up = [cell for cell, ref in enumerate(state.table.cards_in("map"))
               if ref in state.table.face_up]
    assert face_up == [0, state.width * state.height - 1]
    assert win.scene.cards[5].face is None and win.scene.cards[0].face.name == "Frontier"
    assert "Day 1" in win.phase_bar.text() and "Nickel leads" in win.phase_bar.text()


def test_drag_the_sled_onto_a_neighbour_attempts_the_move(table):
    """The Map: the team attempts one move a day, N/S/E/W; success enters and draws an
    event (The Events). While carried, the neighbours glow with their exact chance."""
    win = table.day_one(("nickel",))
    table.lay(1, "tundra")
    table.lay(table.state.width, "powder-valley")
    table.events_on_top("quiet-night")
    badges = {}
    feet = {}

    def look_at_glow():
        for item in win.scene._highlights:
            if item.childItems():
                text = item.childItems()[0].text()
                assert text not in badges  # each neighbour glows once, however the sled moved
                badges[text] = item.brush().color()
                feet[text] = item.sceneBoundingRect().center()

    table.carry(win.scene.sled.pos(), table.cell_point(1), hold=look_at_glow)
    assert badges["→ 100%"] == QColor(GLOW_HOVERED)  # the neighbour under the sled
    assert badges["↓ 50%"] == QColor(GLOW_LEGAL)  # Powder Valley: d6 ≥ 4 on snow
    # Each chance sits on its card's foot, clear of the card's name and challenge.
    for text, cell in (("→ 100%", 1), ("↓ 50%", table.state.width)):
        slot = win.scene._slot(cell)
        assert feet[text].x() == slot.center().x() and feet[text].y() == slot.bottom()
    assert table.state.sled == 1 and table.state.attempted
    assert win.scene._highlights == []
    assert "The team enters Open Tundra" in table.log()
    assert "Event: Quiet Night" in table.log()
    glide = win.scene.sled.glider.animation  # from where it was let go to the card's foot
    assert glide is not None and glide.state() == QAbstractAnimation.State.Running
    assert glide.endValue() == win.scene._sled_spot(1)


def test_a_refused_sled_drag_springs_back_and_says_why(qtbot, table):
    """The Map: never diagonally; one attempt a day. A refused drop glides back and the
    status bar gives the rule."""
    win = table.day_one(("nickel",))
    table.lay(1, "tundra")
    sled = win.scene.sled
    start = QPointF(sled.pos())
    diagonal = table.state.width + 1
    table.carry(start, table.cell_point(diagonal))
    assert win.statusBar().currentMessage() == MOVE_HELP
    qtbot.waitUntil(lambda: sled.pos() == start, timeout=2000)
    assert not table.state.attempted and win.controller.match.steps[-1].action.kind != "ng-attempt"
    table.events_on_top("quiet-night")
    table.submit(Attempt("E"))
    back = QPointF(sled.pos())
    table.carry(back, table.cell_point(0))
    assert "one attempt a day" in win.statusBar().currentMessage()
    qtbot.waitUntil(lambda: sled.pos() == back, timeout=2000)
    assert table.state.sled == 1


def test_trade_an_item_between_panels_by_drag(table, drag_target):
    """Trade: at any point players in the same location trade items among themselves."""
    table.day_one(("nickel", "oleg"))
    rifle = table.state.carried(1)[0]
    table.drag_widget(table.card_widget(slots(1), rifle), drag_target, table.panel(slots(0)))
    assert list(table.state.carried(0)) == [rifle] and table.state.holder(rifle) == 0
    assert "trades the Rifle to Nickel" in table.log()
    assert [w.ref for w in table.panel(slots(0)).cards] == [rifle]


def test_restock_at_frontier_by_drag_from_the_item_deck(table, drag_target):
    """Restock: any time the team is at Frontier it picks items from the Item deck."""
    table.day_one(("nickel", "pi"))
    deck = table.panel(ITEM_DECK)
    shovel = next(w for w in deck.cards if w.ref == KIND_PREFIX + "shovel")
    assert shovel.look.badge == "×2"
    table.drag_widget(shovel, drag_target, table.panel(slots(0)))
    [card] = table.state.carried(0)
    assert table.state.table.faces[card] == "item:shovel"
    assert "restocks a Shovel" in table.log()
    badge = next(w for w in table.panel(ITEM_DECK).cards if w.ref == KIND_PREFIX + "shovel")
    assert badge.look.badge == "×1"


def test_drop_on_the_location_then_pick_up_from_the_pile(table, drag_target):
    """Drop: items dropped lie at the location; anyone there may pick them up."""
    win = table.day_one(("nickel", "pi"))
    [rope] = table.hand(0, "rope")
    sled_cell = QPointF(table.cell_point(table.state.sled))
    table.drag_widget(table.card_widget(slots(0), rope), drag_target, win.view.viewport(),
                      win.view.mapFromScene(sled_cell))
    assert table.state.table.where[rope] == DROPPED
    assert rope in win.scene.dropped
    assert win.scene.piles[DROPPED].count == 1
    table.drag_widget(table.card_widget(DROPPED, rope), drag_target, table.panel(slots(1)))
    assert list(table.state.carried(1)) == ["it-lawmans-revolver-1", rope]


def test_scout_by_clicking_a_location(table):
    """Scout: Nickel picks a location, it turns face up and its rolls are made in advance."""
    win = table.day_one(("nickel",))
    table.lay(5, "snowdrift", face_up=False)
    table.dice(2, 5)
    table.click(table.cell_point(5))
    state = table.state
    assert state.location_at(5) in state.table.face_up and state.scouted_today
    face = win.scene.cards[5].face
    assert face is not None and face.name == "Snowdrift" and face.scouted == "2+5 = 7"
    table.click(table.cell_point(2))  # once a day: refused, and the status bar says so
    assert "scouted today already" in win.statusBar().currentMessage()


def test_combat_is_answered_with_buttons(table):
    """Combat Check: each gun use adds a die, a Knife adds its amount once, stop early."""
    win = table.day_one(("freki",))
    rifle, = table.hand(0, "rifle")
    knife = table.state.carried(0)[0]
    table.lay(1, "wolf-den")
    table.events_on_top("quiet-night")
    table.submit(Attempt("E"))
    labels = [b.text() for b in win.hand_dock.buttons]
    assert labels == ["Fire Rifle (6)", "Use Knife (+2)", "Stop"]
    assert "Combat against Wolf Den" in win.phase_bar.text()
    assert win.scene.event_card.banner == "Combat vs Wolf Den: 2 of 9"  # Freki adds 2
    assert win.dice_dock.pending_texts()[0].startswith("Combat vs Wolf Den, 2 so far")
    table.press("Use Knife (+2)")
    assert table.state.combat.total == 4 and "Use Knife (+2)" not in \
        [b.text() for b in win.hand_dock.buttons]
    table.dice(3)
    table.press("Fire Rifle (6)")
    assert table.state.combat.total == 7 and table.state.uses[rifle] == 5
    table.dice(2)
    table.press("Fire Rifle (5)")
    assert table.state.sled == 1 and table.state.combat is None
    assert knife in table.state.carried(0)
    assert win.scene.event_card.banner == ""


def test_dice_dock_lists_each_move_with_its_exact_chance(table):
    """The table: before each roll the dice dock shows the exact chance with what the
    team carries (London adds 1 on snow: d6+1 ≥ 4 is 4/6)."""
    win = table.day_one(("london",))
    table.lay(1, "powder-valley")
    texts = win.dice_dock.pending_texts()
    row = next(t for t in texts if t.startswith("E · Powder Valley"))
    assert row.endswith("d6+1 ≥ 4 — ≈ 66.7%")
    assert win.dice_dock.pool_text() == "d6+1" and "4/6" in win.dice_dock.odds_text()
    assert len(texts) == 1, "the face-down location south calls for no known roll yet"
    assert "chance unknown (face down)" in win.scene.cards[table.state.width].toolTip()
    tip = win.scene.cards[1].toolTip()
    assert "Attempt East: 66.7% with what the team carries" in tip
    table.hand(0, "revolver")
    table.lay(table.state.width, "wolf-den")
    texts = win.dice_dock.pending_texts()
    assert texts[1] == "S · Wolf Den (combat): 4d6 ≥ 9 — ≈ 94.6%"


def test_a_computer_teammate_plays_its_day(qtbot, table):
    """A seat handed to the computer leads its day itself; the table hands back."""
    win = table.open(players=2, computer=[1])
    table.submit(next(a for a in win.controller.match.legal_actions()
                      if a.kind == "ng-choose"))
    qtbot.waitUntil(lambda: table.state.phase == "stock" or table.state.active == 0,
                    timeout=5000)
    while table.state.phase != "day" or table.state.active != 0:
        if table.state.active == 0 and not table.state.frames:
            table.submit(next(a for a in win.controller.match.legal_actions()
                              if a.kind in ("ng-stocked", "ng-set-out")))
        qtbot.wait(5)
        assert table.state.result is None
    assert "computer" in table.panel(slots(1)).title.text()
    table.submit(EndDay())
    qtbot.waitUntil(lambda: table.state.turn == 3 or table.state.result is not None,
                    timeout=10000)
    steps = win.controller.match.steps
    day_two = [step for step in steps if step.actor == 1 and step.action.kind.startswith("ng-")
               and step.action.kind not in ("ng-choose", "ng-stocked", "ng-take")]
    assert day_two and day_two[-1].action == EndDay()


def test_screenshot_shows_the_table(table):
    """A picture of the window: the map, the sled and the countdown are drawn."""
    win = table.day_one(("nickel", "pi"))
    win.view.fit()
    image = win.grab().toImage()
    assert image.width() == 1600 and image.height() == 1000
    body = win.scene.sled.pos() + QPointF(-34, -8)  # the sled's red body, left of its name
    sled_at = win.view.viewport().mapTo(win, win.view.mapFromScene(body))
    sled_colour = QColor(image.pixel(sled_at.x(), sled_at.y()))
    assert sled_colour.red() > 150 and sled_colour.green() < 110  # the red sled
    colours = {image.pixel(x, y) for x in range(0, 1600, 37) for y in range(0, 1000, 37)}
    assert len(colours) > 20  # a drawn table, not a blank window
    assert win.scene.countdown.days == 8
    assert win.view.mapToScene(win.view.viewport().rect()).boundingRect().contains(
        win.scene.content_rect())
    assert Qt.CursorShape.OpenHandCursor == win.scene.sled.cursor().shape()


def test_a_lying_item_carried_off_the_board_goes_to_a_panel(qtbot, table, drag_target):
    """Drop: anyone at the location may pick a dropped item up, here by carrying its card
    from the table into a Character's panel."""
    win = table.day_one(("nickel", "pi"))
    [rope] = table.hand(0, "rope")
    table.submit(Drop(rope))
    item = win.scene.dropped[rope]
    drag_target.aim(table.panel(slots(1)), table.panel(slots(1)).rect().center())
    viewport = win.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=win.view.mapFromScene(item.pos()))
    qtbot.mouseMove(viewport, QPoint(viewport.width() + 40, viewport.height() // 2))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton)
    assert list(table.state.carried(1)) == ["it-lawmans-revolver-1", rope]
    assert rope not in win.scene.dropped


def test_several_events_are_revealed_one_at_a_time(table):
    """The Events: two events at one location are dealt with one at a time; the event
    being resolved lies face up on the table."""
    win = table.day_one(("nickel",))
    table.lay(1, "haunted-camp")
    table.events_on_top("bandits", "tailwind")
    table.hand(0, "revolver")
    table.submit(Attempt("E"))
    assert win.scene.event_card.look.title == "Bandits"
    assert win.scene.event_card.banner == "Combat vs Bandits: 0 of 9"
    table.dice(5, 5)
    table.press("Fire Revolver (4)")
    table.press("Fire Revolver (3)")
    assert win.scene.event_card.look is None  # resolved: on the discard pile
    assert win.scene.piles["event-discard"].top.title == "Bandits"
    assert [b.text() for b in win.hand_dock.buttons] == ["Draw next event"]
    assert "more event(s) here" in win.phase_bar.text()
    table.press("Draw next event")
    log = table.log()
    assert log.index("Event: Bandits") < log.index("Event: Tailwind")
    assert [b.text() for b in win.hand_dock.buttons][-1] == "End day"


def test_keeping_a_limited_item_is_offered_as_a_button(table):
    """Item uses: Dynamite is spent when it blasts through; the team may meet the
    challenge instead and keep it."""
    win = table.day_one(("nickel",))
    table.hand(0, "dynamite")
    table.lay(1, "pressure-ridge")
    assert "Go East, keep Dynamite" in [b.text() for b in win.hand_dock.buttons]
    table.dice(6, 6)
    table.events_on_top("quiet-night")
    table.press("Go East, keep Dynamite")
    assert table.state.sled == 1 and len(table.state.carried(0)) == 1


def test_the_end_of_the_run_is_written_across_the_map(table):
    """Win: end a day on Destination before the countdown runs out."""
    win = table.day_one(("nickel",))
    state = table.state
    state.sled, state.previous, state.departed = state.destination_cell - 1, "frontier", True
    state.table.face_up.add(state.location_at(state.sled))
    table.refresh()
    table.carry(win.scene.sled.pos(), table.cell_point(state.destination_cell))
    assert table.state.sled == table.state.destination_cell
    table.press("End day")
    assert win.scene.banner.isVisible()
    assert win.scene.banner.title == "The team reached Tartok Mine"
    assert win.scene.banner.reason == "On day 1, with 8 days to spare"
    assert win.phase_bar.text() == ("The team reached Tartok Mine on day 1 · 8 days left on "
                                    "the countdown")
    assert win.seat_label.text().startswith("The team reached Tartok Mine on day 1 · ")


def test_trade_and_drop_by_drag_in_the_middle_of_a_fight(table, drag_target):
    """Trade "at any point" and Drop "at any time": during a combat check a fresh gun is
    dragged to Pi (who fires it with her extra uses) and a knife onto the location; the
    fight's buttons stay up throughout."""
    win = table.day_one(("nickel", "pi"))
    rifle, knife = table.hand(0, "rifle", "knife")
    table.lay(1, "wolf-den")
    table.events_on_top("quiet-night")
    table.submit(Attempt("E"))
    assert isinstance(asked(table.state), CombatCheck)
    table.drag_widget(table.card_widget(slots(0), rifle), drag_target, table.panel(slots(1)))
    assert table.state.holder(rifle) == 1
    assert table.state.uses[rifle] == table.content.items["rifle"].uses + 2
    sled_cell = QPointF(table.cell_point(table.state.sled))
    table.drag_widget(table.card_widget(slots(0), knife), drag_target, win.view.viewport(),
                      win.view.mapFromScene(sled_cell))
    assert table.state.table.where[knife] == DROPPED and knife in win.scene.dropped
    assert isinstance(asked(table.state), CombatCheck)
    labels = [b.text() for b in win.hand_dock.buttons]
    assert f"Fire Rifle ({table.content.items['rifle'].uses + 2})" in labels
    assert "Stop" in labels and "Use Knife (+2)" not in labels
    assert "trades the Rifle to Pi" in table.log() and "drops the Knife" in table.log()


def test_the_countdown_card_stops_at_zero_when_time_runs_out(table):
    """The Countdown: a Blizzard (-2 days) with 1 day left ends the run at once; the card,
    the phase bar and the banner say so, and no number below zero is shown."""
    win = table.day_one(("nickel",))
    table.lay(1, "tundra")
    table.state.table.counters["countdown"] = 1
    table.events_on_top("blizzard")
    table.refresh()
    table.submit(Attempt("E"))
    assert win.scene.countdown.days == 0
    assert win.scene.countdown.toolTip().startswith("The Countdown has run out")
    assert win.phase_bar.text() == ("The team lost: time ran out · 0 days left on the "
                                    "countdown")
    assert win.scene.banner.isVisible() and win.scene.banner.title == "The team lost"
    assert win.scene.banner.reason == "Time ran out"
    assert "-1" not in table.log()
