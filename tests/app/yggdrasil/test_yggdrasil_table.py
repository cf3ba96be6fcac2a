"""The Yggdrasil table driven as players would: real mouse drags of figures and cards through
the view, clicks on provinces, the hot-seat curtain, and computer clans playing a whole
game in the window (issue "The table for Yggdrasil"). Facts N are
../shared/rules/yggdrasil-facts.md."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF

from app.games.yggdrasil.gestures import tray_spot
from app.games.yggdrasil.matplan import PICK, battle_spot
from app.games.yggdrasil.mats import MatCardItem
from engine.core.frames import Pass
from engine.core.zones import HIDDEN_PREFIX
from engine.games.yggdrasil import board
from engine.games.yggdrasil.actions import Join, Lay, Pillage
from engine.games.yggdrasil.battle import (
    YggAfterReveal,
    YggBattleCards,
)
from engine.games.yggdrasil.frames import (
    YggDraft,
    YggMarchOn,
)
from engine.games.yggdrasil.state import hand, laid, packet, quests, shown
from tests.app.yggdrasil.yggdrasil_table import Table


@pytest.fixture
def table(qtbot) -> Table:
    return Table(qtbot)


def free_province(table: Table, seat: int = 0, but: tuple[str, ...] = ()) -> str:
    """An outer province standing, with room, that `seat` may invade."""
    s = table.state
    return next(p for p in board.destinations(s, seat, "warrior") if p not in but)


def mat_card(table: Table, ref: str) -> MatCardItem:
    return next(item for item in table.scene.mat.cards.values() if item.ref == ref)


# -- the draft ------------------------------------------------------------------------------
def test_a_draft_pick_by_dragging_a_packet_card_onto_the_hand(table):
    """Facts 21-22: every clan picks a card of its packet at once, in secret. The packet
    lies on the mat; carried onto the hand, the card is picked and the table waits for
    the others."""
    s = table.state
    assert isinstance(s.frames[-1], YggDraft)
    card = s.table.cards_in(packet(0))[2]
    item = mat_card(table, card)
    slot = table.scene.mat.slots[PICK]
    table.press_and_carry(item.home, slot.slot.rect.center())
    assert slot.glow is not None  # the hand glows while a pick is carried
    table.release(slot.slot.rect.center())
    assert card in table.state.table.cards_in(hand(0))
    assert table.state.frames[-1].seats == (1, 2, 3)
    assert table.win.curtain.isVisible()  # Player 2 picks next, at this computer
    assert table.log()[-1].endswith("Player 1 has chosen")  # and never reads what


def test_hot_seat_picks_are_collected_behind_the_curtain_and_revealed_together(qtbot):
    """Facts 21: picks are simultaneous. Two people at one computer pick one after the
    other behind the curtain; nobody's packet shows to the other; the packets pass only
    once both have picked."""
    table = Table(qtbot, players=2)
    first = table.state.table.cards_in(packet(0))
    table.win.controller.submit(next(a for a in table.win.controller.match.legal_actions()))
    assert table.win.curtain.isVisible()
    refs = {getattr(item, "ref", None) for item in table.scene.items()}
    assert not refs & set(first)  # behind the curtain no card of either packet lies out
    table.lift_curtain()
    second = table.state.table.cards_in(packet(1))
    refs = {getattr(item, "ref", None) for item in table.scene.items()}
    assert set(second) <= refs and not refs & set(table.state.table.cards_in(packet(0)))
    assert table.state.picks == 0  # nothing passed yet: seat 2 has not picked


def test_hidden_cards_are_not_on_the_table_of_another_seat(qtbot):
    """No view names a hidden card: while Player 1 looks, no item of the scene stands for
    a card of another clan's packet, hand, quests or laid card, and no tooltip names it."""
    table = Table(qtbot, computer=(1, 2, 3))
    table.draft()
    s = table.state
    secret = {c for seat in (1, 2, 3) for zone in (packet(seat), hand(seat), quests(seat),
                                                   laid(seat))
              for c in s.table.cards_in(zone)}
    assert secret
    mine = {s.table.faces[c] for c in s.table.cards_in(hand(0))}
    names = {board.content().cards[s.table.faces[c]].name for c in secret
             if s.table.faces[c] not in mine}
    for item in table.scene.items():
        assert getattr(item, "ref", None) not in secret
        tip = item.toolTip()
        assert not any(name in tip for name in names), tip


# -- the Action phase -------------------------------------------------------------------------
def test_invade_by_dragging_a_warrior_from_the_reserve(table):
    """Facts 28: invade an outer province's empty village for the figure's STR in Rage.
    While carried, where it may go glows with what it costs."""
    table.draft()
    table.rest_all_but(0)
    s = table.state
    to = free_province(table)
    rage = s.rage[0]
    piece = table.scene.figures[tray_spot(0, "reserve", "warrior")]
    table.press_and_carry(piece.home, table.province_middle(to))
    province = table.scene.provinces[to]
    assert province.glow is not None and province.caption == "1 Rage"
    table.release(table.province_middle(to))
    s = table.state
    assert [s.figures[f].kind for f in board.own(s, 0, to)] == ["warrior"]
    assert s.rage[0] == rage - 1
    assert "invades" in table.log()[-1]


def test_march_by_dragging_a_figure_to_another_province(table):
    """Facts 29: a march moves a figure from its province to another with room, for 1
    Rage; others may follow it (the next question), or not."""
    table.draft()
    table.rest_all_but(0)
    start = free_province(table)
    warrior = table.invade(0, "warrior", start)
    table.invade(0, "warrior", start)
    table.refresh()
    to = free_province(table, but=(start,))
    rage = table.state.rage[0]
    table.carry(table.scene.figures[warrior].home, table.province_middle(to))
    s = table.state
    assert s.figures[warrior].at == to and s.rage[0] == rage - 1
    assert isinstance(s.frames[-1], YggMarchOn)
    follower = next(f for f in board.own(s, 0, start))
    assert table.scene.figures[follower].glow is not None  # asked to follow
    table.settle()
    table.click(table.scene.figures[follower].home)  # a click: it follows too
    assert table.state.figures[follower].at == to
    table.settle()
    assert table.scene.figures[warrior].pos() == table.scene.figures[warrior].home


def test_a_refused_drag_springs_back_and_says_why(table):
    """Ruling 6: no figure invades Yggdrasil directly; facts 11: ships invade fjords only.
    The figure glides home and the status bar gives the engine's reason."""
    table.draft()
    table.rest_all_but(0)
    ship = table.scene.figures[tray_spot(0, "reserve", "ship")]
    home = QPointF(ship.home)
    table.carry(home, table.province_middle(free_province(table)))
    assert "ships invade fjords, and only ships do" in table.status()
    table.settle()
    assert ship.pos() == home
    leader = table.scene.figures[tray_spot(0, "reserve", "leader")]
    table.carry(leader.home, table.province_middle("yggdrasil"))
    assert "no figure invades Yggdrasil directly" in table.status()
    assert not board.on_board(table.state, 0)


def test_click_a_province_to_pillage_and_lay_a_battle_card_by_drag(qtbot):
    """Facts 34-39: a pillage calls to battle; each clan there lays a card face down; the
    cards turn up together and each clan's total shows. Here Player 1 pillages by a click,
    Player 2 calls a Warrior in, both lay a card (Player 1 by dragging it onto its place on
    the mat), and the mat shows both totals."""
    table = Table(qtbot, computer=(1, 2, 3))
    table.draft()
    table.rest_all_but(0)
    s = table.state
    s.rage[1] = 3  # Player 2 may still answer Call to Battle
    at = free_province(table)
    table.invade(0, "warrior", at)
    beside = next(p for p in board.adjacent(at) if p != "yggdrasil" and p not in s.destroyed
                  and board.room(s, p) > 0)
    joiner = table.invade(1, "warrior", beside)
    table.refresh()
    table.click(table.province_middle(at))
    assert table.state.fight == at
    table.answer(Join(joiner))
    while not isinstance(table.state.frames[-1], YggBattleCards):
        table.answer(Pass())
    assert table.scene.mat.shown()
    card = table.state.table.cards_in(hand(0))[0]
    place = table.scene.mat.slots[battle_spot(0)]
    table.carry(mat_card(table, card).home, place.slot.rect.center())
    s = table.state
    assert card in s.table.cards_in(laid(0))
    assert s.frames[-1].seats == (1,)
    assert "You lay" in "\n".join(table.log())
    table.answer(Lay(s.table.cards_in(hand(1))[0]))
    s = table.state
    assert isinstance(s.frames[-1], YggAfterReveal)  # Player 2 may still add a card
    assert card in s.table.cards_in(shown(0))
    columns = [table.scene.mat.columns[seat].column for seat in (0, 1)]
    assert [c.total for c in columns] == [f"total {board.battle_total(s, seat)}"
                                         for seat in (0, 1)]
    assert any("cards revealed" in line for line in table.log())
    assert mat_card(table, card).look.title == board.card(s, card).name  # face up


def test_another_clans_laid_card_shows_only_its_back(qtbot):
    """Facts 37: battle cards lie face down until all are laid. Player 2 pillages where
    Player 1 stands too and lays first: Player 1 sees a back on Player 2's place."""
    table = Table(qtbot, computer=(1, 2, 3))
    table.draft()
    table.rest_all_but(1)
    at = free_province(table, seat=1)
    table.invade(1, "warrior", at)
    table.invade(0, "warrior", at)
    table.answer(Pillage(at))
    while not isinstance(table.state.frames[-1], YggBattleCards):
        table.answer(Pass())
    assert table.state.frames[-1].seats == (1, 0)
    secret = table.state.table.cards_in(hand(1))[0]
    table.answer(Lay(secret))
    items = [item for item in table.scene.mat.cards.values()
             if item.spot.startswith(battle_spot(1))]
    assert len(items) == 1 and items[0].ref.startswith(HIDDEN_PREFIX)
    assert items[0].look.title is None  # a back
    assert all(getattr(item, "ref", None) != secret for item in table.scene.items())


# -- a whole game -------------------------------------------------------------------------------
def test_four_computer_clans_play_to_the_end_and_the_summary_charts_glory(qtbot):
    """Facts 48: after the third Age the most Glory wins. Four computer clans play a whole
    game in the window; the summary opens with the Glory of every clan per Age."""
    table = Table(qtbot, computer=(0, 1, 2, 3), seed=11)
    win = table.win
    win.computer.set_paused(False)
    qtbot.waitUntil(lambda: win.controller.match.outcome() is not None, timeout=120_000)
    qtbot.waitUntil(lambda: win.summary is not None and win.summary.isVisible(), timeout=10_000)
    qtbot.waitUntil(win.summary.charts_drawn, timeout=10_000)
    assert win.summary.chart_titles() == ["Glory per Age"]
    state = table.state
    assert len(state.glory_by_age) == 3
    assert "wins" in win.summary.headline.text() or "win" in win.summary.headline.text()
    assert table.scene.glory.face.glory == tuple(state.glory)


# -- more of the table -----------------------------------------------------------------------
def test_two_players_pick_two_cards_one_drag_after_the_other(qtbot):
    """Facts 23: with two players each picks two cards at a time. The first card dragged
    onto the hand waits there (not yet sent); the second sends both."""
    table = Table(qtbot, computer=(1,), players=2)
    first, second = table.state.table.cards_in(packet(0))[:2]
    slot = table.scene.mat.slots[PICK].slot.rect.center()
    table.carry(mat_card(table, first).home, slot)
    assert not table.state.table.cards_in(hand(0))  # nothing sent yet
    table.qtbot.waitUntil(lambda: f"hand:{first}" in table.scene.mat.cards)
    assert table.scene.mat.cards[f"hand:{first}"].look.badge == "not yet sent"
    table.click(table.scene.mat.cards[f"hand:{first}"].home)  # thought better of it
    table.qtbot.waitUntil(lambda: f"packet:{first}" in table.scene.mat.cards)
    table.carry(mat_card(table, first).home, slot)
    table.qtbot.waitUntil(lambda: f"hand:{first}" in table.scene.mat.cards)
    table.carry(mat_card(table, second).home, slot)
    assert set(table.state.table.cards_in(hand(0))) == {first, second}


def test_the_phase_bar_and_tooltips_say_what_the_table_shows(qtbot):
    """The phase bar reads the Age, the phase, whose turn and Rage left; a province's
    tooltip its villages, its pillage reward and Ragnarok to come."""
    table = Table(qtbot, computer=(1, 2, 3))
    table.draft()
    table.rest_all_but(0)
    bar = table.win.phase_bar.text()
    assert "Age I" in bar and "Action" in bar and "Player 1's turn" in bar
    assert f"Rage left {table.state.rage[0]}" in bar
    s = table.state
    doomed = s.doom[0]
    tip = table.scene.provinces[doomed].toolTip()
    assert "Villages:" in tip and "Pillage reward" in tip and "Ragnarök" in tip
    ruin = next(iter(s.destroyed))
    assert "Destroyed by Ragnarök" in table.scene.provinces[ruin].toolTip()
    assert table.scene.provinces[ruin].face.destroyed


def test_palette_words_name_cards_and_figures_never_ids(qtbot):
    """The action palette lists every legal move in the presenter's words: no card id
    (y104) or figure id (f0-w3) ever shows to a player."""
    import re

    from engine.core.rng import Rng

    table = Table(qtbot, computer=(1, 2, 3))
    match = table.win.controller.match
    ids = re.compile(r"\by\d{3}\b|\bf\d-")
    agent, rng = match.game.agent(), Rng(4)
    for _ in range(80):
        legal = [a for a in match.legal_actions() if not a.referee]
        if not legal:
            break
        view = match.view(match.to_move())
        for action in legal:
            text = table.win.presenter.describe(view, action)
            assert not ids.search(text), text
        table.answer(agent.choose(view, legal, rng))


def test_a_card_dropped_on_the_clan_sheet_in_the_hand_dock_upgrades(qtbot):
    """Facts 30, 33: an upgrade goes on the clan sheet for its cost in Rage; a quest is
    committed face down. The Hand dock's sheet panel takes the one, its quests panel the
    other, and the table's sheet shows the upgrade by name and the quest as a back."""
    from app.dragdrop import CardDrag
    from engine.games.yggdrasil.actions import Quest, Upgrade
    from engine.games.yggdrasil.doing import put
    from engine.games.yggdrasil.state import deck, sheet

    table = Table(qtbot, computer=(1, 2, 3))
    table.draft()
    table.rest_all_but(0)
    s = table.state

    def from_deck(kind: str) -> str:
        return next(c for c in s.table.cards_in(deck(2)) if board.card(s, c).kind == kind
                    and (board.card(s, c).cost or 0) <= 2)

    upgrade, quest = from_deck("clan"), from_deck("quest")
    for card in (upgrade, quest):
        put(s, card, hand(0))
    table.refresh()
    presenter = table.win.presenter
    action = presenter.drop_action(CardDrag(upgrade, hand(0)), sheet(0), None)
    assert action == Upgrade(upgrade)
    assert table.win.controller.submit(action, 0)
    assert upgrade in table.state.table.cards_in(sheet(0))
    assert board.card(s, upgrade).name in table.scene.sheets[0].face.upgrades
    table.rest_all_but(0)
    action = presenter.drop_action(CardDrag(quest, hand(0)), quests(0), None)
    assert action == Quest(quest)
    assert table.win.controller.submit(action, 0)
    assert table.scene.sheets[0].quest_slot.count == 1


def test_answer_call_to_battle_by_dragging_a_figure_into_the_battle(qtbot):
    """Facts 35: Call to Battle — a clan may move one figure from an adjacent province into
    the battle. Player 2 pillages; Player 1's Warrior next door is dragged in."""
    table = Table(qtbot, computer=(1, 2, 3))
    table.draft()
    table.rest_all_but(1)
    s = table.state
    at = free_province(table, seat=1)
    table.invade(1, "warrior", at)
    beside = next(p for p in board.adjacent(at) if p != "yggdrasil" and p not in s.destroyed
                  and board.room(s, p) > 0)
    mine = table.invade(0, "warrior", beside)
    table.answer(Pillage(at))
    while table.win.controller.seat() != 0:
        table.answer(Pass())
    assert table.scene.figures[mine].glow is not None  # asked to come
    table.settle()
    table.carry(table.scene.figures[mine].home, table.province_middle(at))
    assert table.state.figures[mine].at == at
    assert "calls its Warrior" in "\n".join(table.log())


def test_a_person_answers_every_question_of_an_age_at_the_table(qtbot):
    """Every phase of an Age seen through Player 1's eyes (the draft, actions and battles,
    the card kept, quests, Ragnarök, Valhalla released): at each step the table is redrawn
    and painted for Player 1, and every button it offers is a legal answer."""
    from PySide6.QtWidgets import QApplication

    from engine.core.rng import Rng

    table = Table(qtbot, computer=(1, 2, 3), seed=21, size=(1366, 768))
    match = table.win.controller.match
    agent, rng = match.game.agent(), Rng(9)
    while table.state.age == 1:
        legal = [a for a in match.legal_actions() if not a.referee]
        if match.to_move() == 0:
            offered = [b.action for b in table.win.presenter.buttons(match.view(0), 0)]
            assert all(a in legal for a in offered if a is not None), offered
        table.answer(agent.choose(match.view(match.to_move()), legal, rng))
        QApplication.processEvents()
    assert len(table.state.glory_by_age) == 1 and table.state.phase == "gifts"
