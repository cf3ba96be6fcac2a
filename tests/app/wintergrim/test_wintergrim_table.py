"""The Wintergrim table driven as players would: real mouse drags of units through the view,
cards dragged out of the Hand dock, clicks on structures, buttons for the open question,
and the hot-seat curtain (issue 13, "The table")."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication

from app.dragdrop import CardDrag
from app.games.wintergrim.gestures import ANYWHERE
from app.games.wintergrim.scene import ATTACK_GLOW, food_warning
from app.main_window import MainWindow
from engine.core.frames import Pass
from engine.games.wintergrim import world
from engine.games.wintergrim.actions import EndTurn, Found, Move, Place
from engine.games.wintergrim.doing import to_removed
from engine.games.wintergrim.events import AttackDeclared, BattleEnds, DiceRolled
from engine.games.wintergrim.frames import Founding, Payment
from engine.games.wintergrim.state import SKY, WintergrimState, deck, hand, removed
from tests.app.waits import MOTION_MS
from tests.app.wintergrim.wintergrim_table import Table


@pytest.fixture
def table(qtbot) -> Table:
    return Table(qtbot)


def settle(qtbot, item) -> None:
    """Let the piece's glide finish (it takes GLIDE_MS)."""
    qtbot.waitUntil(lambda: not item.glider.running(), timeout=MOTION_MS)


def test_set_up_by_double_clicking_two_workers_and_pressing_start(table):
    """How to Play, Setting up the game: the player who rolled highest searches first, in
    secret, for an HQ and two workers; the Hand dock offers them, double-clicks choose."""
    s = table.state
    assert isinstance(s.frames[-1], Founding) and s.frames[-1].seats == (s.first,)
    starts = [a for a in table.win.controller.match.legal_actions() if isinstance(a, Found)]
    pair = next(a.workers for a in starts if a.workers[0] != a.workers[1])
    for key in pair:
        table.double_click_card(f"start:worker:{key}")
        QApplication.processEvents()
    chosen = table.win.presenter.start_choice(starts)
    assert chosen.workers == pair
    button = next(b for b in table.win.hand_dock.buttons if b.text().startswith("Start with"))
    names = [world.content().cards[k].name for k in pair]
    assert all(n in button.text() for n in names)
    table.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    state = table.state
    hq = table.hq(state.first)
    inside = sorted(state.table.faces[u] for u in world.inside(state, hq))
    assert inside == sorted(pair)
    assert hq in table.scene.structures
    assert all(u in table.scene.units for u in world.inside(state, hq))


def test_move_a_unit_out_of_its_structure_by_a_real_mouse_drag(table):
    """How to Play, 2: Move — a unit moves one step in or out of its player's local
    structures: carried from its HQ onto the area's open ground, it stands outside."""
    table.found()
    s = table.state
    seat = s.active
    hq = table.hq(seat)
    unit = world.inside(s, hq)[0]
    item = table.scene.units[unit]
    table.carry(table.unit_centre(unit), table.open_ground(hq))
    s = table.state
    assert s.pieces[unit].inside == "" and s.pieces[unit].at == hq
    assert "moved" in s.pieces[unit].tokens
    assert s.phase == "move"
    settle(table.qtbot, item)
    assert item.pos() == table.scene.units[unit].home
    assert "outside" in table.log()[-1]


def test_glows_while_a_unit_is_carried(table):
    """While a unit is carried, the places it may move to glow: its own area's open
    ground (outside) while it stands inside."""
    table.found()
    s = table.state
    hq = table.hq(s.active)
    unit = world.inside(s, hq)[0]
    viewport = table.win.view.viewport()
    start = table.point(table.unit_centre(unit))
    table.qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    table.qtbot.mouseMove(viewport, start + (table.point(table.open_ground(hq)) - start) / 2)
    assert table.scene.areas[hq].glow is not None
    assert table.scene.structures[hq].glow is None  # no room elsewhere: only outside glows
    table.qtbot.mouseMove(viewport, start)
    table.qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=start)
    assert table.scene.areas[hq].glow is None


def test_a_refused_drag_springs_back_and_says_why(table):
    """Game Questions, Can units move between areas: not to an enemy area without a path
    or Navigate. The unit glides home and the status bar gives the rule's reason."""
    table.found()
    s = table.state
    seat = s.active
    hq, enemy_hq = table.hq(seat), table.hq(1 - seat)
    table.carry(table.unit_centre(world.inside(s, hq)[0]), table.open_ground(hq))
    unit = next(u for u in world.units(table.state, seat) if not table.state.pieces[u].inside)
    # A second unit, outside and fresh, tries the enemy's area.
    fresh = next(u for u in world.inside(table.state, hq))
    table.state.pieces.change(fresh, inside="")
    table.refresh()
    before = table.state.pieces[fresh]
    item = table.scene.units[fresh]
    home = QPointF(item.home)
    table.carry(table.unit_centre(fresh), table.open_ground(enemy_hq))
    assert table.state.pieces[fresh] == before
    assert "enemy areas need a path or Navigate" in table.status()
    settle(table.qtbot, item)
    assert item.pos() == home
    # A unit that has moved may not move again: one move step a turn.
    table.carry(table.unit_centre(unit), table.structure_centre(hq))
    assert "one move step a turn" in table.status()


def test_attack_an_enemy_by_dragging_onto_it(table):
    """How to Play, 3: Attack — an outside unit that has not moved attacks what stands in
    its area; the dice go to the Dice dock and the battle to the Rules log."""
    table.found()
    s = table.state
    seat = s.active
    hq = table.hq(seat)
    mine = "woodsman" if s.realms[seat] == "vanheim" else "smith"
    theirs = "farmer" if s.realms[1 - seat] == "asheim" else "woodsman"
    attacker = table.into_play(seat, mine, hq)
    target = table.into_play(1 - seat, theirs, hq)
    table.refresh()
    viewport = table.win.view.viewport()
    start = table.point(table.unit_centre(attacker))
    table.qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    table.qtbot.mouseMove(viewport, start + (table.point(table.unit_centre(target)) - start) / 3)
    assert table.scene.units[target].glow == ATTACK_GLOW
    carried = table.scene.units[attacker]
    assert carried.caption == ""  # over open ground: nothing to say
    table.qtbot.mouseMove(viewport, table.point(table.unit_centre(target)))
    assert carried.caption == "hits 25% · defeats 25%"  # 1 die against 1
    table.qtbot.mouseMove(viewport, start)
    table.qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=start)
    assert table.state.pieces[attacker].tokens == frozenset()  # a click does nothing
    assert carried.caption == ""
    table.carry(table.unit_centre(attacker), table.unit_centre(target))
    match = table.win.controller.match
    events = [e for step in match.steps[-3:] for e in step.events]
    assert any(isinstance(e, AttackDeclared) and e.target == target for e in events), events
    if table.state.frames and table.win.controller.seat() != seat:  # the other's window
        table.lift_curtain()
        table.press("Pass (play no tactic)")
        table.lift_curtain()
    match = table.win.controller.match
    events = [e for step in match.steps for e in step.events]
    assert any(isinstance(e, BattleEnds) for e in events)
    assert any(isinstance(e, DiceRolled) for e in events)
    assert table.win.dice_dock.history_texts()
    assert "attacked" in table.state.pieces[attacker].tokens or attacker not in table.state.pieces


def test_place_a_unit_from_the_hand_and_pay_by_double_clicks(table, drag_target):
    """How to Play, 4: End — check Req and room, then pay the cost by removing that many
    cards from the hand: the unit dragged onto its structure waits for its payment, each
    double-clicked card pays one, and then it stands inside."""
    table.found()
    s = table.state
    seat = s.active
    hq = table.hq(seat)
    worker = "ranger" if s.realms[seat] == "vanheim" else "reeve"
    for unit in world.inside(s, hq):  # make room inside
        s.pieces.change(unit, inside="")
    card, spare = table.into_hand(seat, worker, worker)
    table.refresh()
    table.drag_card(drag_target, card, table.structure_centre(hq))
    assert drag_target.drops[-1] == Qt.DropAction.MoveAction, table.status()
    top = table.state.frames[-1]
    assert isinstance(top, Payment) and top.owed == 1
    assert "Pay for" in table.win.phase_bar.text()
    table.double_click_card(spare)
    s = table.state
    assert card in s.pieces and s.pieces[card].inside == hq
    assert spare in s.table.cards_in(removed(seat))
    assert card in table.scene.units


def test_pay_by_dropping_a_card_on_the_removed_pile(table, drag_target):
    """The removed pile takes the cards paid: dropping a hand card there pays with it."""
    table.found()
    s = table.state
    seat = s.active
    hq = table.hq(seat)
    for unit in world.inside(s, hq):
        s.pieces.change(unit, inside="")
    worker = "ranger" if s.realms[seat] == "vanheim" else "reeve"
    card, spare = table.into_hand(seat, worker, worker)
    table.refresh()
    table.drag_card(drag_target, card, table.structure_centre(hq))
    pile = table.scene.piles[removed(seat)]
    assert pile.highlight is not None
    table.drag_card(drag_target, spare, pile.pos())
    assert spare in table.state.table.cards_in(removed(seat))
    assert table.state.pieces[card].inside == hq


def test_a_refused_card_flies_home_with_the_reason(table, drag_target):
    """Explain the Cards, Req: a card whose requirement is not in play is refused, and the
    status bar says which requirement."""
    table.found()
    s = table.state
    seat = s.active
    hq = table.hq(seat)
    elite = "troll" if s.realms[seat] == "vanheim" else "jarl"
    (card,) = table.into_hand(seat, elite)
    table.fill_hand(seat, 4)
    for unit in world.inside(s, hq):  # no leader left in play
        s.pieces.change(unit, inside="")
    for unit in [u for u in world.units(s, seat) if world.card_of(s, u).is_("leader")]:
        to_removed(s, unit)
    table.refresh()
    table.drag_card(drag_target, card, table.structure_centre(hq))
    assert drag_target.drops[-1] == Qt.DropAction.IgnoreAction
    assert "requires" in table.status() and "leader" in table.status()
    assert card in table.state.table.cards_in(hand(seat))


def test_click_the_hq_to_draw_for_its_workers(table):
    """How to Play, 1: Start — 'On your start phase: draw one card for each worker
    inside': a click on the HQ uses it."""
    table.found()
    s = table.state
    seat = s.active
    hq = table.hq(seat)
    assert table.scene.structures[hq].glow is not None  # what a click answers glows
    before = len(s.table.cards_in(hand(seat)))
    table.click(table.structure_head(hq))
    assert len(table.state.table.cards_in(hand(seat))) > before
    assert "used" in table.state.pieces[hq].tokens
    assert table.scene.structures[hq].glow is None


def test_end_turn_drops_the_curtain_and_hides_the_hand(table):
    """Hot-seat: the hand of one seat never shows to the next; the curtain waits."""
    table.found()
    s = table.state
    seat = s.active
    table.click(table.unit_centre(world.inside(s, table.hq(seat))[0]))  # its HQ draws
    mine = set(table.state.table.cards_in(hand(seat)))
    assert mine and mine <= {w.ref for w in table.win.hand_dock.card_widgets()}
    table.press("End turn")
    assert table.win.curtain.isVisible()
    assert not {w.ref for w in table.win.hand_dock.card_widgets()} & mine
    table.lift_curtain()
    assert table.state.active == 1 - seat
    assert not {w.ref for w in table.win.hand_dock.card_widgets()} & mine


def test_the_food_counter_warns_before_food_goes_negative(table):
    """ALWAYS: summarize Food — with food 0, a unit that eats waiting in the hand is
    warned about on its player's counter, and only its player sees why."""
    table.found()
    s = table.state
    seat = s.active
    hq = table.hq(seat)
    cards = world.content().cards
    deck_keys = [table.state.table.faces[c] for c in table.state.table.cards_in(deck(seat))]
    eaters = sorted({k for k in deck_keys if cards[k].kind == "unit" and cards[k].food < 0},
                    key=lambda k: cards[k].food)
    while world.food(table.state, seat) > 0:  # units that eat the food up, the least first
        food = world.food(table.state, seat)
        small = [k for k in reversed(eaters) if -cards[k].food <= food and k in
                 {table.state.table.faces[c] for c in table.state.table.cards_in(deck(seat))}]
        table.into_play(seat, small[0], hq)
    table.into_hand(seat, eaters[0])  # the hungriest
    table.refresh()
    panel = table.scene.panels[seat]
    assert ": food would be −" in panel.face.warning
    assert panel.face.counters[0][2]  # the food value shows in the warning colour
    other = table.win.controller.match.view(1 - seat)
    assert isinstance(other, WintergrimState)
    assert food_warning(other, seat) == ""  # the other seat cannot see that hand


def test_palette_words_name_cards_never_ids(table):
    """The action palette lists every legal move by the presenter's words: no card id
    (w013) ever shows to a player."""
    table.found()
    match = table.win.controller.match
    presenter = table.win.presenter
    ids = re.compile(r"\bw\d{3}\b")
    for _ in range(40):
        legal = [a for a in match.legal_actions() if not a.referee]
        if not legal:
            break
        view = match.view(match.to_move())
        for action in legal:
            text = presenter.describe(view, action)
            assert not ids.search(text), text
        pick = next((a for a in legal if not isinstance(a, EndTurn | Pass)), legal[0])
        assert table.win.controller.submit(pick)
        table.lift_curtain()


def test_a_drop_anywhere_reaches_weather_and_untargeted_tactics():
    """Weather goes over every area: its target is reached from anywhere on the table."""
    from app.games.wintergrim.gestures import Target, at
    target = Target(ANYWHERE, Move("u", "a"))
    assert at([target], ["table"]) == Move("u", "a")
    assert at([target], []) is None


def test_a_tactic_dragged_onto_its_target_opens_a_window_both_players_see(qtbot, drag_target):
    """Card types, Tactic: played at any time but while dice roll, paid like any card; the
    other player may answer before it resolves. The card waits in the open (the sky row),
    the phase bar asks the other player, Pass lets it resolve and its dice are rolled."""
    table = Table(qtbot, stop_for_answers="always")
    table.found()
    s = table.state
    seat = s.active
    hq = table.hq(seat)
    vanheim = s.realms[seat] == "vanheim"
    table.into_play(seat, "ranger" if vanheim else "reeve", hq)  # the leader Req asks for
    target = table.into_play(1 - seat, "farmer" if vanheim else "woodsman", hq)
    tactic, spare = table.into_hand(seat, "will-o-wisp" if vanheim else "ambush",
                                    "healing-herbs" if vanheim else "mead")
    table.refresh()
    table.drag_card(drag_target, tactic, table.unit_centre(target))
    assert isinstance(table.state.frames[-1], Payment)
    table.double_click_card(spare)
    assert table.win.curtain.isVisible()  # the other player is asked: pass the computer
    table.lift_curtain()
    assert table.win.controller.seat() == 1 - seat
    assert tactic in table.scene.played
    bar = table.win.phase_bar.text()
    assert "waits: answer with a tactic, or pass" in bar
    assert ("Farmer" if vanheim else "Woodsman") in bar
    table.press("Pass (play no tactic)")
    table.lift_curtain()
    assert tactic not in table.scene.played
    assert tactic in table.state.table.cards_in(removed(seat))
    rolls = [e for step in table.win.controller.match.steps for e in step.events
             if isinstance(e, DiceRolled)]
    assert rolls and "for" in rolls[-1].purpose


def test_the_dice_dock_shows_the_attack_about_to_roll(qtbot):
    """While the defender's window is open before the dice roll, the Dice dock lists the
    attack with each side's dice and the exact chances (How to Play, 3: the attacker needs
    more 4+; a 6 is a perfect hit)."""
    table = Table(qtbot, stop_for_answers="always")
    table.found()
    s = table.state
    seat = s.active
    hq = table.hq(seat)
    vanheim = s.realms[seat] == "vanheim"
    attacker = table.into_play(seat, "woodsman" if vanheim else "smith", hq)
    target = table.into_play(1 - seat, "farmer" if vanheim else "woodsman", hq)
    table.refresh()
    table.carry(table.unit_centre(attacker), table.unit_centre(target))
    table.lift_curtain()
    texts = table.win.dice_dock.pending_texts()
    assert len(texts) == 1 and "1 dice (4+) against 1 (4+)" in texts[0], texts
    # The phase bar says which attack the window stands before
    assert f"{'Woodsman' if vanheim else 'Smith'} attacks " \
        f"{'Farmer' if vanheim else 'Woodsman'}:" in table.win.phase_bar.text()
    assert "hits 25%, perfect 8.3%, defeats 25%" in texts[0]  # 1 die against 1: a 6 is 1 in 12
    # The chart: the attacker's successes less the defender's, -1, 0 and 1 (one die each)
    dock = table.win.dice_dock
    assert dict(dock.chart_bars()) == {-1: 0.25, 0: 0.5, 1: 0.25}
    assert "more successes than the defender) = 25%" in dock.odds_text()


def test_starving_a_click_sends_a_unit_away(table):
    """ALWAYS: summarize Food — the moment it is negative the player removes units until it
    is not; a click on a unit of theirs sends it away, and the counter warns meanwhile."""
    table.found()
    s = table.state
    seat = s.active
    hq = table.hq(seat)
    eater = "troll" if s.realms[seat] == "vanheim" else "berserker"
    table.into_play(seat, eater, hq)
    table.into_play(seat, eater, hq)
    table.win.controller.submit(EndTurn())  # the state is checked again: food is short
    table.lift_curtain()
    assert world.food(table.state, seat) < 0
    assert table.win.controller.seat() == seat
    assert "send units away" in table.scene.panels[seat].face.warning
    unit = world.units(table.state, seat)[-1]
    table.click(table.unit_centre(unit))
    assert unit not in table.state.pieces


def test_click_the_weather_to_roll_to_keep_it(table):
    """Weather (Rain): 'On your start phase: you may roll 2 dice. If not, or no dice show
    4+, remove this card' — the weather card over the table glows for its player, and a
    click rolls."""
    table.found()
    s = table.state
    seat = s.active
    sky = table.into_play(seat, "windstorm" if s.realms[seat] == "vanheim" else "rain", SKY)
    table.refresh()
    assert table.scene.sky.spot == sky and table.scene.sky.glow is not None
    table.click(table.scene.sky.mapToScene(table.scene.sky.boundingRect().center()))
    rolls = [e for e in table.win.controller.match.steps[-1].events if isinstance(e, DiceRolled)]
    assert rolls and rolls[0].purpose.startswith("to keep")
    assert table.scene.sky.glow is None


def test_a_weather_card_may_be_dropped_anywhere_and_the_sky_glows(table, drag_target):
    """Card types, Weather: it affects all areas, 'place the card anywhere on the table':
    while it is carried the sky glows; dropped on any area it goes over every area."""
    table.found()
    s = table.state
    seat = s.active
    hq = table.hq(seat)
    vanheim = s.realms[seat] == "vanheim"
    table.into_play(seat, "ranger" if vanheim else "reeve", hq)  # Req: a leader of the realm
    weather, _spare = table.into_hand(seat, "windstorm" if vanheim else "rain",
                                      "woodsman" if vanheim else "farmer")
    table.refresh()
    scene = table.scene
    assert scene.hover(CardDrag(weather, hand(seat)), table.open_ground(hq))
    assert scene.sky.glow is not None
    scene.hover(None, QPointF())
    assert scene.sky.glow is None
    table.drag_card(drag_target, weather, table.open_ground(table.hq(1 - seat)))
    table.double_click_card(_spare)
    assert world.weather(table.state) == [weather]
    assert table.scene.sky.spot == weather


def test_a_computer_paying_for_a_hidden_card_shows_no_name(qtbot):
    """A seat pays for a card from its hand: the others see that it pays, never for what
    (the view empties the card), and the table still draws."""
    table = Table(qtbot, computer=(1,))
    table.found()
    s = table.state
    if s.active != 1:
        table.win.controller.submit(EndTurn())
        table.lift_curtain()
    s = table.state
    hq = table.hq(1)
    for unit in world.inside(s, hq):
        s.pieces.change(unit, inside="")
    worker = "reeve" if s.realms[1] == "asheim" else "ranger"
    table.into_hand(1, worker, worker)
    table.refresh()
    place = next(a for a in table.win.controller.match.legal_actions() if isinstance(a, Place))
    assert table.win.controller.submit(place)  # the computer's move, made by the test
    assert isinstance(table.state.frames[-1], Payment)
    bar = table.win.phase_bar.text()
    assert "Pay for a face-down card" in bar and "waiting for Player 2" in bar
    assert world.content().cards[worker].name not in bar


def test_the_last_roll_shows_each_die_as_a_miss_a_success_or_a_perfect_hit(table):
    """How to Play, 3: each 4+ succeeds; a 6 is a perfect hit that ignores Armour. The Dice
    dock marks each die of the last roll so, and counts successes instead of a total."""
    from engine.core.rng import ScriptedRng
    from engine.games.wintergrim.actions import UseStart
    table.found()
    s = table.state
    seat = s.active
    weather = table.into_play(seat, "windstorm" if s.realms[seat] == "vanheim" else "rain",
                              "sky")
    s.rng = ScriptedRng(1, [6, 3])
    table.refresh()
    table.win.controller.submit(UseStart(weather))
    dock = table.win.dice_dock
    assert dock.last_dice() == [("6", "perfect"), ("3", "miss")]
    assert dock._last_total.text() == "1 success"


def test_attacking_a_structure_its_no_dice_show_in_the_dice_dock(table):
    """A structure defends with its own CC or RC, none for most (Card types, Structure): the
    defender's roll of no dice is listed, and the Dice dock says so instead of failing."""
    table.found()
    s = table.state
    seat = s.active
    enemy_hq = table.hq(1 - seat)
    vanheim = s.realms[seat] == "vanheim"
    attacker = table.into_play(seat, "woodsman" if vanheim else "smith", enemy_hq)
    table.refresh()
    table.carry(table.unit_centre(attacker), table.structure_head(enemy_hq))
    events = [e for e in table.win.controller.match.steps[-1].events]
    assert any(isinstance(e, DiceRolled) and not e.faces for e in events), events
    assert table.win.dice_dock.history_texts()[0].endswith("no dice (0 successes)")


def test_the_end_opens_a_summary_with_each_players_strength_and_food(qtbot, tmp_path):
    """Game modes, Destroy: the last player with an HQ wins; the summary says who and why,
    with each player's units and structures and food turn by turn."""
    from engine.core import saves
    from engine.simulate import play_one

    ended = play_one("wintergrim", 9, 1500, checks=False)  # a random game that ends
    assert ended.outcome() is not None
    path = tmp_path / "ended.runetable"
    saves.save(ended, path)
    win = MainWindow()
    qtbot.addWidget(win)
    win.controller.autosave_enabled = False
    assert win.load(path)
    win.show()
    qtbot.waitUntil(lambda: win.summary is not None and win.summary.isVisible(), timeout=5000)
    outcome = ended.outcome()
    assert win.summary.headline.text() == \
        f"Player {outcome.winners[0] + 1} wins: {outcome.reason}"
    qtbot.waitUntil(win.summary.charts_drawn, timeout=5000)
    assert win.summary.chart_titles() == ["Units and structures in play",
                                          "Food (below 0, units must go)"]
    assert f"Player {outcome.winners[0] + 1} wins" in win.phase_bar.text()
