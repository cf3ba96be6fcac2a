"""Moves glide and days lost show as they happen (issue "A table that fits every screen",
Feedback): the sled glides to its new location, a drawn event slides off the deck,
items left here glide into their tray, and the countdown card shows days lost or
won in the middle of a day as they happen (Rulebook, The Countdown: "a day at the
end of every day, even if Events have added or subtracted other days").

The tests check the state and that an animation was started, never wait on one.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractAnimation, QPointF

from engine.games.nordguard.actions import Attempt, Drop, EndDay, Survey, UseItem
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


def test_a_dropped_item_glides_into_the_tray(table):
    """Drop: the item leaves the team's card for the tray of items lying here."""
    win = table.day_one(("nickel",))
    [rope] = table.hand(0, "rope")
    table.submit(Drop(rope))
    item = win.scene.dropped[rope]
    glider = item.glider
    assert running(glider) and glider.heading() == win.scene.tray.card_spot(0, 1)
    assert glider.animation.startValue() == QPointF(win.scene._slot(0).center())
    assert item.look.title == "Rope"
