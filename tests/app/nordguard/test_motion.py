"""Moves glide and days lost show as they happen (issue "A table that fits every screen",
Feedback): the sled glides to its new location, a drawn event slides off the deck,
items left here glide into their tray, items changing hands glide from panel to
panel, and the countdown card shows days lost or
won in the middle of a day as they happen (Rulebook, The Countdown: "a day at the
end of every day, even if Events have added or subtracted other days").

The tests check the state and that an animation was started, never wait on one.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QAbstractAnimation, QPoint, QPointF, QRect, Qt, QVariantAnimation
from PySide6.QtWidgets import QApplication, QLabel

from app.games.nordguard import looks
from app.games.nordguard.presenter import KIND_PREFIX
from app.glide import GLIDE_MS
from engine.games.nordguard.actions import (
    Attempt,
    ChooseCharacter,
    Drop,
    EndDay,
    PickUp,
    Restock,
    Survey,
    TakeItem,
    Trade,
    UseItem,
)
from engine.games.nordguard.state import DROPPED, ITEM_DECK, POOL, slots
from tests.app.test_keyboard import answer_palette
from tests.app.waits import MOTION_MS
from tests.engine.nordguard import helpers

RUNNING = QAbstractAnimation.State.Running


def running(motion) -> bool:
    """Whether `motion` (a Glider or another Motion) has an animation under way."""
    return motion.animation is not None and motion.animation.state() == RUNNING


def test_the_sled_glides_where_an_event_sends_it(table):
    """Lost in the Whiteout: from Open Tundra the team heads east and retreats to Frontier
    (no Waypoint is face up); the sled glides there from where it stood."""
    win = table.day_one(("nickel",))
    helpers.place_team(table.state, 1, previous=0)
    table.lay(1, "tundra", face_up=True)
    table.lay(2, "tundra")
    table.events_on_top("lost-in-whiteout")
    start = win.scene._sled_spot(1)
    assert win.scene.sled.pos() == start
    table.submit(Attempt("E"))
    assert table.state.sled == 0
    glider = win.scene.sled.glider
    assert running(glider) and glider.animation.startValue() == start
    assert glider.heading() == win.scene._sled_spot(0)


def test_undo_puts_the_sled_back_at_once(table):
    """Taking a step back is a jump in time, not a journey: nothing glides."""
    win = table.day_one(("nickel",))
    table.lay(1, "tundra")
    table.events_on_top("quiet-night")
    table.submit(Attempt("E"))
    assert running(win.scene.sled.glider)
    win.undo()
    assert table.state.sled == 0
    assert not win.scene.sled.glider.running()
    assert win.scene.sled.pos() == win.scene._sled_spot(0)


def test_days_lost_to_an_event_flash_on_the_countdown(table):
    """A Blizzard takes two days as the team enters: the card says "−2 days" and its
    clip steps from 8 down to 6 (the countdown itself is 6 at once)."""
    win = table.day_one(("nickel",))
    table.lay(1, "tundra")
    table.events_on_top("blizzard")
    countdown = win.scene.countdown
    assert countdown.days == 8 and not countdown.flash
    table.submit(Attempt("E"))
    assert table.state.countdown == 6 and countdown.days == 6
    assert countdown.flash == "−2 days" and countdown.flash_level > 0
    assert running(countdown.fade)
    assert running(countdown.steps) and countdown.steps.heading() == 6
    assert countdown.shown in (8, 7, 6)


def test_the_days_own_day_only_steps_the_clip(table):
    """The end of a day takes its day off without a flash: that is the rule, not news."""
    win = table.day_one(("nickel",))
    countdown = win.scene.countdown
    table.submit(EndDay())
    assert countdown.days == 7 and countdown.flash == ""
    assert running(countdown.steps) and countdown.steps.heading() == 7
    assert countdown.day == 2


def test_a_survey_and_rations_show_on_the_countdown(table):
    """Binoculars' survey costs a day (−1 day); Rations buy one back (+1 day)."""
    win = table.day_one(("nickel",))
    _, rations = table.hand(0, "binoculars", "rations")
    countdown = win.scene.countdown
    table.dice(3, 3, 3, 3)
    table.submit(Survey())
    assert countdown.days == 7 and countdown.flash == "−1 day"
    table.submit(UseItem(rations))
    assert countdown.days == 8 and countdown.flash == "+1 day"
    assert running(countdown.fade)


def test_an_undone_day_cost_does_not_flash(table):
    win = table.day_one(("nickel",))
    table.hand(0, "binoculars")
    table.dice(3, 3, 3, 3)
    table.submit(Survey())
    countdown = win.scene.countdown
    countdown.fade.stop()
    countdown.flash_item.hide()
    win.undo()
    assert countdown.days == 8 and countdown.shown == 8 and countdown.flash == ""


def test_a_drawn_event_slides_off_the_deck(table):
    win = table.day_one(("nickel",))
    table.lay(1, "wolf-den")
    table.hand(0, "revolver")
    table.events_on_top("bandits")
    table.dice(6, 6)
    table.submit(Attempt("E"))
    table.press("Fire Revolver (4)")
    table.press("Fire Revolver (3)")  # through the den: Bandits are drawn
    card = win.scene.event_card
    assert card.look is not None and card.look.title == "Bandits"
    assert running(card.glider) and card.glider.heading() == win.scene.event_home
    assert card.glider.animation.startValue() == win.scene.piles["event-deck"].pos()


def on_board(win, card) -> QPointF:
    """Where the board's scene lies under the middle of `card` (a Hand-dock card)."""
    at = win.view.viewport().mapFromGlobal(card.mapToGlobal(card.rect().center()))
    return win.view.mapToScene(at)


def test_a_dropped_item_glides_into_the_tray(table):
    """Drop without a drag (a button, a computer seat): the item leaves Nickel's panel,
    where the player saw it, for the tray of items lying here."""
    win = table.day_one(("nickel",))
    [rope] = table.hand(0, "rope")
    QApplication.processEvents()  # the Rope's card shows in Nickel's panel
    was = on_board(win, table.card_widget(slots(0), rope))
    table.submit(Drop(rope))
    item = win.scene.dropped[rope]
    glider = item.glider
    assert running(glider) and glider.heading() == win.scene.tray.card_spot(0, 1)
    assert glider.animation.startValue() == was
    assert item.look.title == "Rope"


def test_an_item_dropped_from_the_keyboard_glides_from_where_the_player_saw_it(qtbot,
                                                                                table):
    """Ctrl+K, typed words and Enter drop the Rope: it glides into the tray from its card
    in Nickel's panel, not from the team's location card on the map."""
    win = table.day_one(("nickel",))
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)
    [rope] = table.hand(0, "rope")
    QApplication.processEvents()  # the Rope's card shows in Nickel's panel
    was = on_board(win, table.card_widget(slots(0), rope))
    answer_palette(qtbot, "drops the Rope", [])
    qtbot.keyClick(win, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    assert table.state.table.where[rope] == DROPPED
    glider = win.scene.dropped[rope].glider
    assert running(glider) and glider.heading() == win.scene.tray.card_spot(0, 1)
    assert glider.animation.startValue() == was != QPointF(win.scene._slot(0).center())


def test_an_item_dropped_out_of_the_players_sight_glides_from_the_team_card(table):
    """With the Hand dock closed nobody saw the Rope leave a panel: it comes from the
    team's location card, where the team leaves it."""
    win = table.day_one(("nickel",))
    [rope] = table.hand(0, "rope")
    win.hand_dock.hide()
    table.submit(Drop(rope))
    glider = win.scene.dropped[rope].glider
    assert running(glider)
    assert glider.animation.startValue() == QPointF(win.scene._slot(0).center())


# -- items changing hands glide too (issue "A table that fits every screen", Feedback) ------
def ghosts(win) -> list[QLabel]:
    """The pictures of Hand-dock cards flying over the window."""
    return win.findChildren(QLabel, "glidingCard")


def middle(widget, win) -> QPoint:
    return widget.mapTo(win, widget.rect().center())


def test_an_item_traded_by_drag_glides_from_where_it_was_let_go(table, drag_target):
    """Trade by carrying Oleg's Rifle onto Nickel's panel: a picture of it sets off where
    the mouse let go, flies into its place in Nickel's panel, and the card there stays
    blank until the picture lands on it (it is the card arriving)."""
    win = table.day_one(("nickel", "oleg"))
    rifle = table.state.carried(1)[0]
    target = table.panel(slots(0))
    let_go = QPoint(target.width() - 30, target.height() // 2)
    table.drag_widget(table.card_widget(slots(1), rifle), drag_target, target, let_go)
    assert table.state.holder(rifle) == 0  # the state, at once
    [ghost] = ghosts(win)
    card = table.card_widget(slots(0), rifle)
    assert middle(ghost, win) == target.mapTo(win, let_go)
    assert card.graphicsEffect() is not None and card.graphicsEffect().opacity() == 0.0
    setting_off = middle(ghost, win)
    # Half-way through the glide, whatever the machine's load (a wait of half the glide
    # may see no frame at all on a busy machine).
    ghost.findChild(QVariantAnimation).setCurrentTime(GLIDE_MS // 2)
    home = middle(card, win)  # where the panel's layout has put the card by now
    assert 0 < (middle(ghost, win) - home).manhattanLength() < \
        (setting_off - home).manhattanLength()
    table.qtbot.waitUntil(lambda: not ghosts(win), timeout=MOTION_MS)
    assert card.graphicsEffect() is None


def test_an_item_traded_without_a_drag_glides_from_its_old_panel(table):
    """A trade made from the keyboard (or by the computer): the Rifle leaves Oleg's panel
    for Nickel's, gliding, not jumping; an undo is a jump in time and glides nothing."""
    win = table.day_one(("nickel", "oleg"))
    rifle = table.state.carried(1)[0]
    was = middle(table.card_widget(slots(1), rifle), win)
    table.submit(Trade(rifle, 0))
    [ghost] = ghosts(win)
    assert middle(ghost, win) == was
    table.qtbot.waitUntil(lambda: not ghosts(win), timeout=MOTION_MS)
    win.undo()
    assert table.state.holder(rifle) == 1 and not ghosts(win)
    assert table.card_widget(slots(1), rifle).graphicsEffect() is None


def test_an_item_carried_onto_the_tray_glides_from_where_it_was_let_go(table, drag_target):
    """Drop by carrying a Rope from Nickel's panel onto the Lying here tray: the card lands
    where it was let go and glides into its place in the tray (it came from the team's
    card, across the map, when it was dropped on the tray)."""
    win = table.day_one(("nickel",))
    [rope] = table.hand(0, "rope")
    tray = win.scene.tray
    let_go = tray.sceneBoundingRect().center() + QPointF(60, 10)
    at = win.view.mapFromScene(let_go)
    table.drag_widget(table.card_widget(slots(0), rope), drag_target, win.view.viewport(), at)
    assert table.state.table.where[rope] == DROPPED
    glider = win.scene.dropped[rope].glider
    assert running(glider) and glider.heading() == tray.card_spot(0, 1)
    assert glider.animation.startValue() == win.view.mapToScene(at)


def test_an_item_picked_up_off_the_board_glides_into_the_panel(qtbot, table, drag_target):
    """A lying Rope carried off the board with the mouse onto Pi's panel: its picture flies
    from where it was let go into its place among Pi's items."""
    win = table.day_one(("nickel", "pi"))
    [rope] = table.hand(0, "rope")
    table.submit(Drop(rope))
    qtbot.waitUntil(lambda: not win.scene.dropped[rope].glider.running() and not ghosts(win),
                    timeout=MOTION_MS)
    target = table.panel(slots(1))
    drag_target.aim(target, target.rect().center())
    let_go = middle(target, win)  # the panels are laid out anew once the Rope is in
    viewport = win.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton,
                     pos=win.view.mapFromScene(win.scene.dropped[rope].pos()))
    qtbot.mouseMove(viewport, QPoint(viewport.width() + 40, viewport.height() // 2))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton)
    assert table.state.carried(1)[-1] == rope
    [ghost] = ghosts(win)
    assert middle(ghost, win) == let_go
    card = table.card_widget(slots(1), rope)
    qtbot.waitUntil(lambda: not ghosts(win), timeout=MOTION_MS)
    assert card.graphicsEffect() is None and card.isVisible()


def test_a_trade_taken_back_mid_glide_leaves_no_picture(table, qtlog):
    """Undone while its picture flies, the traded card goes: so does the picture, at once
    and quietly, even before Qt gets round to deleting the card (the event loop deletes
    widgets only when it is back at its top)."""
    win = table.day_one(("nickel", "oleg"))
    rifle = table.state.carried(1)[0]
    table.submit(Trade(rifle, 0))
    assert ghosts(win)
    win.undo()
    # processEvents, not an event loop: a loop would delete the card (deleteLater).
    until = time.monotonic() + MOTION_MS / 1000
    while [g for g in ghosts(win) if g.isVisible()] and time.monotonic() < until:
        QApplication.processEvents()
        time.sleep(0.005)
    assert table.state.holder(rifle) == 1
    assert [g for g in ghosts(win) if g.isVisible()] == []
    assert [r.message for r in qtlog.records if "mapTo" in r.message] == []


# -- items that arrive without a drag glide from where the player saw them -----------------
def in_sight(table, card) -> QPoint:
    """The Hand dock scrolled to show `card`; its middle in the window."""
    table.window.hand_dock.scroll.ensureWidgetVisible(card)
    return middle(card, table.window)


def test_an_item_restocked_without_a_drag_glides_from_the_item_deck_row(table):
    """Restocked by a double-click or the keyboard (the same action as a drop, submitted
    through the controller): the new Binoculars fly into Pi's panel from the Item deck
    row's Binoculars card, the row that shows one card per kind (the card arriving in
    the panel is another card, new to the dock)."""
    win = table.day_one(("nickel", "pi"))
    was = in_sight(table, table.card_widget(ITEM_DECK, KIND_PREFIX + "binoculars"))
    table.submit(Restock("binoculars", 1))
    [binoculars] = table.state.carried(1)[-1:]
    [ghost] = ghosts(win)
    assert middle(ghost, win) == was
    card = table.card_widget(slots(1), binoculars)
    assert card.graphicsEffect() is not None and card.graphicsEffect().opacity() == 0.0


def test_an_item_restocked_from_the_action_palette_glides_too(qtbot, table):
    """Ctrl+K, typed words and Enter: the keyboard's restock glides like any other."""
    win = table.day_one(("nickel", "pi"))
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)
    was = in_sight(table, table.card_widget(ITEM_DECK, KIND_PREFIX + "binoculars"))
    carried = [len(table.state.carried(seat)) for seat in (0, 1)]
    answer_palette(qtbot, "restocks a Binoculars", [])
    qtbot.keyClick(win, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    [seat] = [s for s in (0, 1) if len(table.state.carried(s)) > carried[s]]
    assert looks.kind(table.state, table.state.carried(seat)[-1]) == "binoculars"
    [ghost] = ghosts(win)
    assert middle(ghost, win) == was


def test_an_item_picked_up_from_the_keyboard_glides_from_the_tray(qtbot, table):
    """At 1366x768 with four Characters the Hand dock's "Lying at" row is scrolled out of
    sight: a Rope picked up without a drag (the keyboard, a computer teammate) flies into
    Freki's panel from where the player sees it, the tray on the board. Freki's panel is
    scrolled out of sight too: the picture lands on the edge of the panels in view, not
    over the board where the card would be."""
    win = table.day_one(("nickel", "pi", "oleg", "freki"), size=(1366, 768))
    [rope] = table.hand(0, "rope")
    table.submit(Drop(rope))
    qtbot.waitUntil(lambda: not win.scene.dropped[rope].glider.running() and not ghosts(win),
                    timeout=MOTION_MS)
    viewport = win.hand_dock.scroll.viewport()
    lying = table.card_widget(DROPPED, rope)
    assert not viewport.rect().contains(lying.mapTo(viewport, lying.rect().center()))
    tray = win.view.mapFromScene(win.scene.dropped[rope].scenePos())
    table.submit(PickUp(rope, 3))
    [ghost] = ghosts(win)
    assert middle(ghost, win) == win.view.viewport().mapTo(win, tray)
    card = table.card_widget(slots(3), rope)
    assert card.graphicsEffect() is not None and card.graphicsEffect().opacity() == 0.0
    panels = QRect(viewport.mapTo(win, QPoint(0, 0)), viewport.size())
    qtbot.waitUntil(lambda: not panels.contains(middle(card, win)))  # laid out, below
    ghost.findChild(QVariantAnimation).setCurrentTime(GLIDE_MS - 1)  # about to land
    assert panels.adjusted(-2, -2, 2, 2).contains(middle(ghost, win))


def test_an_item_taken_from_the_pool_glides_from_its_kind_in_the_row(table):
    """Stocking: the pool row shows one card per kind. A computer (or the keyboard) taking
    another Rope than the one shown: it flies from the Rope the row shows."""
    win = table.open(players=2)
    table.submit(ChooseCharacter("ch-nickel"))
    table.submit(ChooseCharacter("ch-pi"))
    assert table.state.phase == "stock"
    pool = table.state.table.cards_in(POOL)
    shown = {card.ref for card in table.panel(POOL).cards}
    kind = next(looks.kind(table.state, ref) for ref in pool if ref not in shown)
    [face] = [ref for ref in shown if looks.kind(table.state, ref) == kind]
    other = next(ref for ref in pool if ref not in shown and looks.kind(table.state, ref) == kind)
    was = in_sight(table, table.card_widget(POOL, face))
    seat = table.state.active
    table.submit(TakeItem(other))
    assert other in table.state.carried(seat)
    [ghost] = ghosts(win)
    assert middle(ghost, win) == was


def test_the_tray_of_items_lying_here_keeps_a_one_line_title_at_1920(table):
    """Seen at 1920x1080: the tray of items lying at the location (one card) had a note
    three lines deep on its narrow panel, which pushed its card below the dock's edge.
    Its title is one line; its card's tip says what the tray is for."""
    table.day_one(("nickel", "oleg"), size=(1920, 1080))
    [rope] = table.hand(0, "rope")
    table.submit(Drop(rope))
    QApplication.processEvents()
    title = table.panel(DROPPED).title
    assert title.height() < 2 * title.fontMetrics().lineSpacing()
    assert "Item deck" in table.card_widget(DROPPED, rope).toolTip()
