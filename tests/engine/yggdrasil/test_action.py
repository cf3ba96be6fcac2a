"""The Action phase (facts 24-34, rulings 5, 6, 8, 9, 12, 13, 15, 16, 25, 27): Rage, turns,
the five actions and passing, and when the phase ends."""

from __future__ import annotations

from engine.core.frames import Pass
from engine.games.yggdrasil import board
from engine.games.yggdrasil.actions import (
    REST,
    Invade,
    March,
    MarchAlong,
    Pillage,
    Quest,
    Upgrade,
)
from engine.games.yggdrasil.battle import (
    YggCall,
)
from engine.games.yggdrasil.frames import (
    YggMarchOn,
    YggOffer,
)
from engine.games.yggdrasil.state import RESERVE, VALHALLA, hand, quests, sheet
from tests.engine.yggdrasil.helpers import (
    FJORD_EA,
    FJORD_GM,
    GAME,
    RING,
    YGG,
    act,
    card,
    give,
    kinds_at,
    legal,
    place,
    refusal,
    settle,
    steps,
    table,
    top,
    upgrade,
    where,
)


# -- Rage and turns (facts 24-27) ----------------------------------------------------------------
def test_rage_is_set_to_the_rage_stat_when_the_action_phase_begins() -> None:
    """facts 24: every clan's Rage token is set to its Rage stat (step 4 is 9 Rage)."""
    state = table(3)
    steps(state, 1, rage=4)
    state.rage = [0, 2, 1]
    state.phase = "gifts"
    settle(state)
    assert state.phase == "action"
    assert state.rage == [6, 9, 6]


def test_the_first_player_acts_first_then_clockwise() -> None:
    """facts 24: the first player acts first, then clockwise, one action a turn."""
    state = table(4, first=2)
    state.phase = "gifts"
    settle(state)
    assert state.active == 2
    order = []
    for _ in range(4):
        order.append(state.active)
        act(state, Invade("leader", "gimle" if not order[:-1] else
                          ("angerboda", "muspelheim", "horgr")[len(order) - 2]))
    assert order == [2, 3, 0, 1]
    assert state.active == 2


def test_one_action_a_turn() -> None:
    """facts 24: after one action the turn passes to the next clan."""
    state = table(2)
    act(state, Invade("leader", "gimle"))
    assert state.active == 1
    assert "Player 2 who must decide" in refusal(state, Invade("warrior", "gimle"), 0)


def test_an_action_whose_cost_cannot_be_paid_in_full_is_refused() -> None:
    """facts 24: you must pay an action's Rage cost in full or you cannot take it."""
    state = table(2)
    state.rage[0] = 1
    assert "costs 2 Rage; you have 1" in refusal(state, Invade("ship", FJORD_GM))
    assert Invade("ship", FJORD_GM) not in legal(state)
    assert Invade("warrior", "gimle") in legal(state)


def test_no_action_at_all_with_no_rage_not_even_a_free_one() -> None:
    """facts 25, ruling 5: at 0 Rage a clan takes no action, not even a 0-cost one."""
    state = table(2)
    place(state, 0, "warrior", "gimle")
    give(state, 0, "a1-quest-of-alfheim")
    state.rage = [0, 6]
    state.active = 0
    assert GAME.turn_actions(state) == []
    for action in (Invade("leader", "elvagar"), Pillage("gimle"),
                   Quest(card(state, "a1-quest-of-alfheim")), REST):
        assert "no Rage left" in refusal(state, action, 0)


def test_no_rage_still_answers_call_to_battle() -> None:
    """facts 25, ruling 5: with no Rage a clan still joins a battle by Call to Battle."""
    state = table(2)
    place(state, 0, "warrior", "gimle")
    mine = place(state, 1, "warrior", "myrkulor")[0]
    state.rage = [6, 0]
    act(state, Pillage("gimle"))
    assert isinstance(top(state), YggCall) and top(state).seats == (1,)
    events = act(state, legal(state)[0])
    assert any(e.kind == "ygg-joined" and e.figure == mine for e in events)


def test_regained_rage_lets_a_clan_act_again() -> None:
    """facts 25, ruling 5: a clan that regains Rage after 0 acts again on its turn."""
    state = table(3)
    state.rage = [2, 0, 3]
    act(state, Invade("leader", "gimle"))
    assert state.active == 2
    state.rage[1] = 1
    act(state, Invade("leader", "elvagar"))
    assert state.active == 0
    act(state, Invade("warrior", "elvagar"))
    assert state.active == 1


def test_passing_drops_rage_to_zero() -> None:
    """facts 26: a clan may pass instead of acting; its Rage drops to 0 for the phase."""
    state = table(2)
    act(state, REST)
    assert state.rage[0] == 0
    assert state.active == 1
    act(state, Invade("leader", "gimle"))
    assert state.active == 1, "a clan that passed is skipped"


def test_the_phase_ends_when_every_clan_is_at_zero_rage() -> None:
    """facts 27: the Action phase ends at once when all clans are at 0 Rage."""
    state = table(2)
    act(state, REST)
    assert state.phase == "action"
    act(state, REST)
    assert state.phase != "action"


def test_the_phase_ends_when_every_standing_province_is_pillaged() -> None:
    """facts 27: ... or when every province not destroyed has been pillaged, even with
    Rage left."""
    state = table(2, destroyed=["myrkulor", "elvagar", "angerboda"])
    place(state, 0, "leader", "gimle")
    state.pillaged = {p for p in board.standing(state) if p != "gimle"}
    act(state, Pillage("gimle"))
    assert state.rage[1] == 6
    assert state.phase != "action"


# -- Invade (facts 28, rulings 6, 12, 27) ---------------------------------------------------------
def test_invading_costs_the_figures_str_the_leader_free() -> None:
    """facts 28: cost = STR in Rage: Leader 0, Warrior 1, Ship 2."""
    state = table(2)
    state.players = 2
    for kind, to, cost in (("leader", "gimle", 0), ("warrior", "gimle", 1),
                           ("ship", FJORD_GM, 2)):
        state.active, state.acted = 0, False
        before = state.rage[0]
        act(state, Invade(kind, to), 0)
        assert before - state.rage[0] == cost, kind


def test_invading_fills_an_empty_village_of_an_outer_province() -> None:
    """facts 10, 28: one figure per village; a full province takes no invader."""
    state = table(2)
    place(state, 1, "warrior", "myrkulor", 3)
    assert "myrkulor" not in [a.to for a in legal(state) if isinstance(a, Invade)]
    assert "no empty village" in refusal(state, Invade("warrior", "myrkulor"))


def test_ships_invade_fjords_and_only_ships_do() -> None:
    """facts 28, 11: a ship goes into a fjord, which holds any number of ships; other
    figures never do."""
    state = table(2)
    place(state, 1, "ship", FJORD_GM)
    ships = {a.to for a in legal(state) if isinstance(a, Invade) and a.figure == "ship"}
    assert ships == {"fjord-elvagar-angerboda", "fjord-muspelheim-horgr",
                     "fjord-utgard-andlang", FJORD_GM}
    assert "only ships" in refusal(state, Invade("ship", "gimle"))
    assert "only ships" in refusal(state, Invade("warrior", FJORD_GM))


def test_nothing_invades_yggdrasil_directly() -> None:
    """facts 28, ruling 6: no invasion straight into Yggdrasil."""
    state = table(2)
    assert not [a for a in legal(state) if isinstance(a, Invade) and a.to == YGG]
    assert "Yggdrasil directly" in refusal(state, Invade("leader", YGG))


def test_no_invasion_with_as_many_figures_on_the_board_as_horns() -> None:
    """facts 6, 28: Horns is the most figures on the board; Valhalla and the reserve do
    not count."""
    state = table(2)
    place(state, 0, "warrior", "gimle", 3)
    place(state, 0, "ship", FJORD_GM)
    place(state, 0, "warrior", VALHALLA)
    assert not [a for a in legal(state) if isinstance(a, Invade)]
    assert "equal your Horns (4)" in refusal(state, Invade("leader", "elvagar"))
    steps(state, 0, horns=2)
    assert Invade("leader", "elvagar") in legal(state)


def test_the_invader_comes_from_the_reserve() -> None:
    """facts 1, 28: an invading figure is taken from the reserve."""
    state = table(2)
    place(state, 0, "leader", VALHALLA)
    assert "no leader in your reserve" in refusal(state, Invade("leader", "gimle"))


# -- March (facts 29) ----------------------------------------------------------------------------
def test_march_costs_one_rage_and_goes_anywhere() -> None:
    """facts 29: 1 Rage; from one province to any other, adjacency not needed."""
    state = table(2)
    f = place(state, 0, "warrior", "gimle")[0]
    act(state, March(f, "horgr"))
    assert where(state, f) == "horgr"
    assert state.rage[0] == 5


def test_march_moves_any_number_from_one_province_into_one_other() -> None:
    """facts 29: any number of figures from ONE province into empty villages of ONE other
    province."""
    state = table(2)
    ws = place(state, 0, "warrior", "gimle", 3)
    leader = place(state, 0, "leader", "gimle")[0]
    other = place(state, 0, "warrior", "andlang")[0]
    act(state, March(ws[0], "elvagar"))
    frame = top(state)
    assert isinstance(frame, YggMarchOn)
    movers = {state.figures[a.figure].kind for a in legal(state) if isinstance(a, MarchAlong)}
    assert movers == {"warrior", "leader"}
    assert "does not answer" in refusal(state, MarchAlong(other))
    act(state, MarchAlong(leader))
    act(state, MarchAlong(ws[1]))
    act(state, MarchAlong(ws[2]))
    assert kinds_at(state, 0, "elvagar") == ["leader", "warrior", "warrior", "warrior"]
    # Elvagar is full: nothing more can follow, so the march asks no more and the turn passes
    assert not isinstance(top(state), YggMarchOn)
    assert state.rage[0] == 5 and state.active == 1


def test_march_into_yggdrasil_takes_any_number() -> None:
    """facts 10, 29: Yggdrasil has no villages and no limit; march is the way in."""
    state = table(2)
    ws = place(state, 0, "warrior", "gimle", 5)
    act(state, March(ws[0], YGG))
    for f in ws[1:]:
        act(state, MarchAlong(f))
    assert len(board.own(state, 0, YGG)) == 5


def test_ships_never_march_and_nothing_marches_from_a_fjord() -> None:
    """facts 29: ships cannot march."""
    state = table(2)
    ship = place(state, 0, "ship", FJORD_GM)[0]
    assert not [a for a in legal(state) if isinstance(a, March)]
    assert "ships never march" in refusal(state, March(ship, "gimle"))


def test_marches_and_invasions_follow_the_villages_as_they_fill() -> None:
    """facts 10, 28, 29: the provinces a figure may march or invade into are those with an
    empty village, read again at every listing. The lists of a set of open provinces are
    made once and shared by every listing with the same provinces open (turn._Land): a
    full province drops out, a listing the caller changes leaves the next one whole."""
    state = table(2)
    f = place(state, 0, "warrior", "gimle")[0]
    marches = {a.to for a in legal(state) if isinstance(a, March)}
    assert marches == {YGG, *RING} - {"gimle"}
    first = legal(state)
    place(state, 1, "warrior", "myrkulor", board.room(state, "myrkulor"))
    listed = legal(state)
    assert "myrkulor" not in {a.to for a in listed if isinstance(a, March | Invade)}
    assert {a.to for a in listed if isinstance(a, March)} == marches - {"myrkulor"}
    listed.clear()
    state.figures.move(board.own(state, 1, "myrkulor")[0], RESERVE)
    assert legal(state) == first
    assert March(f, "myrkulor") in legal(state)


def test_march_needs_an_empty_village() -> None:
    """facts 10, 29: a march ends in empty villages."""
    state = table(2)
    f = place(state, 0, "warrior", "gimle")[0]
    place(state, 1, "warrior", "myrkulor", 3)
    assert "no empty village" in refusal(state, March(f, "myrkulor"))


# -- Upgrade (facts 30-32, rulings 8, 9, 12) ------------------------------------------------------
def test_an_upgrade_costs_its_str_and_takes_its_slot() -> None:
    """facts 30: cost = the card's STR in Rage; it goes in a slot of its kind."""
    state = table(2)
    c = give(state, 0, "a1-thors-glory")[0]
    act(state, Upgrade(c))
    assert state.table.where[c] == sheet(0)
    assert state.rage[0] == 4


def test_a_full_slot_replaces_its_card_which_is_discarded() -> None:
    """facts 30: if the slot is full the replaced card is discarded; a clan card needs
    one of the three clan slots named when all are taken."""
    state = table(2)
    old = upgrade(state, 0, "a1-brothers-in-arms")[0]
    new = give(state, 0, "a2-experts-in-arms")[0]
    assert Upgrade(new) not in legal(state)
    assert Upgrade(new, old) in legal(state)
    assert "name the upgrade it replaces" in refusal(state, Upgrade(new))
    act(state, Upgrade(new, old))
    assert state.table.where[old] == "discard"
    assert state.table.cards_in(sheet(0)) == (new,)


def test_three_clan_slots() -> None:
    """facts 7, 30: three clan upgrades fit; a fourth replaces one of them."""
    state = table(2)
    on = upgrade(state, 0, "a1-lokis-domain", "a1-friggas-charm", "a1-thors-glory")
    c = give(state, 0, "a2-tyrs-challenge")[0]
    offered = {a for a in legal(state) if isinstance(a, Upgrade)}
    assert offered == {Upgrade(c, u) for u in on}


def test_a_troop_upgrade_lets_a_figure_of_its_kind_invade_free() -> None:
    """facts 31, ruling 8: after a Leader/Warrior/Ship upgrade a figure of that type in
    the reserve may invade at once for no more Rage."""
    state = table(2)
    c = give(state, 0, "a1-lokis-dragons")[0]
    act(state, Upgrade(c))
    frame = top(state)
    assert isinstance(frame, YggOffer)
    assert {a.figure for a in legal(state) if isinstance(a, Invade)} == {"ship"}
    act(state, Invade("ship", FJORD_EA))
    assert state.rage[0] == 4
    assert kinds_at(state, 0, FJORD_EA) == ["ship"]
    assert state.active == 1


def test_the_free_invasion_may_be_declined() -> None:
    """facts 31: "may" invade."""
    state = table(2)
    act(state, Upgrade(give(state, 0, "a1-brothers-in-arms")[0]))
    act(state, Pass())
    assert not board.on_board(state, 0)
    assert state.active == 1


def test_no_free_invasion_without_the_figure_in_reserve_or_horns() -> None:
    """facts 31, 28: only with a figure of that type in the reserve and room under Horns."""
    state = table(2)
    place(state, 0, "leader", "gimle")
    act(state, Upgrade(give(state, 0, "a1-lord-of-hammers")[0]))
    assert top(state) is None and state.active == 1
    state = table(2)
    place(state, 0, "warrior", "gimle", 4)
    act(state, Upgrade(give(state, 0, "a1-brothers-in-arms")[0]))
    assert top(state) is None


def test_a_monster_joins_the_reserve_and_may_invade_free() -> None:
    """facts 32: the monster figure joins the clan's reserve for the game and may invade
    at once for free."""
    state = table(2)
    act(state, Upgrade(give(state, 0, "a1-troll")[0]))
    assert state.rage[0] == 4
    assert state.figures["f0-a1-troll"].at == RESERVE
    act(state, Invade("a1-troll", "gimle"))
    assert state.rage[0] == 4
    assert kinds_at(state, 0, "gimle") == ["a1-troll"]


def test_two_monsters_at_most_a_third_replaces_one_whose_figure_leaves_the_game() -> None:
    """facts 32, ruling 9: at most 2 monsters; a monster card replaced takes its figure
    out of the game wherever it stands."""
    state = table(2)
    troll, dwarf = upgrade(state, 0, "a1-troll", "a1-dwarf-chieftain")
    place(state, 0, "a1-troll", "gimle")
    place(state, 0, "a1-dwarf-chieftain", VALHALLA)
    valk = give(state, 0, "a2-valkyrie")[0]
    assert {a for a in legal(state) if isinstance(a, Upgrade)} == \
        {Upgrade(valk, troll), Upgrade(valk, dwarf)}
    act(state, Upgrade(valk, troll))
    assert "f0-a1-troll" not in state.figures
    assert state.table.where[troll] == "discard"
    assert state.figures["f0-a2-valkyrie"].at == RESERVE


def test_a_monster_replaced_in_valhalla_also_leaves_the_game() -> None:
    """ruling 9: the replaced monster leaves the game from the board, the reserve or
    Valhalla."""
    state = table(2)
    dwarf = upgrade(state, 0, "a1-troll", "a1-dwarf-chieftain")[1]
    place(state, 0, "a1-dwarf-chieftain", VALHALLA)
    act(state, Upgrade(give(state, 0, "a2-valkyrie")[0], dwarf))
    assert "f0-a1-dwarf-chieftain" not in state.figures


# -- Quest (facts 33) -----------------------------------------------------------------------------
def test_a_quest_is_committed_face_down_for_free_any_number() -> None:
    """facts 33: cost 0 (with Rage left), face down on the clan sheet; no limit, and its
    owner may look at it any time."""
    state = table(2)
    q1, q2 = give(state, 0, "a1-quest-of-alfheim", "a1-quest-of-manheim")
    events = act(state, Quest(q1))
    assert state.rage[0] == 6
    assert state.table.where[q1] == quests(0)
    assert q1 in GAME.view(state, 0).table.faces
    assert q1 not in GAME.view(state, 1).table.faces
    assert any("Quest of Alfheim" in e.text_for(0) for e in events)
    assert all("Alfheim" not in e.text_for(1) for e in events)
    act(state, REST)
    act(state, Quest(q2))
    assert set(state.table.cards_in(quests(0))) == {q1, q2}


def test_only_a_quest_card_is_committed_as_a_quest() -> None:
    """facts 33: the action commits a quest card."""
    state = table(2)
    c = give(state, 0, "a1-tyrs-bash")[0]
    assert "not a quest" in refusal(state, Quest(c))
    assert "not in your hand" in refusal(state, Quest(card(state, "a1-quest-of-alfheim")))


# -- Pillage (facts 34) ---------------------------------------------------------------------------
def test_pillage_a_province_with_your_figure_or_your_ship_in_its_fjord() -> None:
    """facts 34: a province holding one of your figures, or your ship in a supporting
    fjord; free, but only with Rage left."""
    state = table(2)
    place(state, 0, "warrior", "horgr")
    place(state, 0, "ship", FJORD_GM)
    targets = {a.province for a in legal(state) if isinstance(a, Pillage)}
    assert targets == {"horgr", "gimle", "myrkulor"}
    assert "where you have a figure" in refusal(state, Pillage("elvagar"))


def test_a_pillaged_province_cannot_be_pillaged_again_this_age() -> None:
    """facts 34, 42: only a token still reward-side up may be pillaged."""
    state = table(2)
    place(state, 0, "warrior", "horgr")
    state.pillaged.add("horgr")
    assert "pillaged this Age" in refusal(state, Pillage("horgr"))


def test_the_pillager_alone_takes_the_reward_without_battle_glory() -> None:
    """facts 36: with no enemy figure in the province or its fjords there is no battle:
    the pillager takes the reward and no battle Glory."""
    state = table(2)
    place(state, 0, "warrior", "horgr")
    act(state, Pillage("horgr"))
    assert state.step("axes", 0) == 2
    assert state.glory[0] == 0
    assert "horgr" in state.pillaged
    assert state.active == 1


def test_hand_cards_are_not_spent_by_a_pillage_without_battle() -> None:
    """facts 36, 37: no battle, no card laid."""
    state = table(2)
    place(state, 0, "warrior", "horgr")
    c = give(state, 0, "a1-tyrs-bash")[0]
    act(state, Pillage("horgr"))
    assert state.table.where[c] == hand(0)


# -- refusals give the rule's reason and change nothing (facts 24-34) ------------------------------
def test_refusals_name_the_rule_even_for_nonsense() -> None:
    """facts 28, 29, 34: an action naming no place, a fjord for a march, a fjord to
    pillage, is refused with its reason (it used to fail on a missing key)."""
    state = table(3)
    f = place(state, 0, "warrior", "gimle")[0]
    assert "no place 'nowhere'" in refusal(state, Invade("warrior", "nowhere"))
    assert "no place" in refusal(state, March(f, "nowhere"))
    assert "never in a fjord" in refusal(state, March(f, FJORD_GM))
    place(state, 0, "ship", FJORD_GM)
    assert "pillage a province" in refusal(state, Pillage(FJORD_GM))
    assert "no Troll" in refusal(state, Invade("a1-troll", "gimle"))


def test_invading_from_valhalla_needs_friggas_domain_and_room_under_horns() -> None:
    """facts 28, ruling 15: only Frigga's Domain brings a figure back from Valhalla, and
    never past Horns."""
    state = table(3)
    place(state, 0, "warrior", VALHALLA)
    assert "only Frigga's Domain" in refusal(state, Invade("warrior", "gimle", True))
    upgrade(state, 0, "a3-friggas-domain")
    place(state, 0, "warrior", "gimle", 4)
    assert "equal your Horns" in refusal(state, Invade("warrior", "horgr", True))


def test_an_upgrade_replaces_only_a_card_of_its_slot_and_only_when_full() -> None:
    """facts 30: a card replaced is one of its slot on the sheet; a troop or clan upgrade
    with room replaces nothing (only a monster may, ruling 9)."""
    state = table(3)
    charm = upgrade(state, 0, "a1-friggas-charm")[0]
    c = give(state, 0, "a1-thors-glory")[0]
    assert "have room" in refusal(state, Upgrade(c, charm))
    b = give(state, 0, "a1-brothers-in-arms")[0]
    assert "replaces a warrior upgrade" in refusal(state, Upgrade(b, charm))
