"""Every skill of the rulebook's list (Skills) and the ones it names without defining
(designed, assets/wintergrim/rules.md), one test each, with scripted dice."""

from __future__ import annotations

from engine.games.wintergrim import tactics, world
from engine.games.wintergrim.actions import (
    Attack,
    Capture,
    Intercept,
    Move,
    PayWith,
    Place,
    PlayTactic,
    Step,
    Vanguard,
)
from engine.games.wintergrim.combat import defeated
from engine.games.wintergrim.frames import CaptureChoice, Guarding
from engine.games.wintergrim.state import hand, removed
from tests.engine.wintergrim.helpers import (
    P1,
    P2,
    act,
    begun,
    bring,
    duel,
    give,
    hq,
    legal,
    log,
    mirror,
    outside,
    piece,
    windows,
)


def attack(state, unit: str, target: str, combat: str = "cc") -> list[str]:
    """Declare and roll an attack (every window passed); the log lines."""
    return log(act(state, Attack(unit, target, combat)) + windows(state))


def test_assault_attacks_after_moving() -> None:
    """Assault: "may use its attack step even if it has moved this turn"."""
    state, rider, farmer = duel((), attacker="wolf-rider")
    state.pieces.mark(rider, "moved")
    assert Attack(rider, farmer, "cc") in legal(state)


def test_berserk_attacks_again_after_dealing_damage() -> None:
    """Berserk: "attacks with CC and deals damage, may always continue with a new attack
    step directly after"."""
    state = mirror("asheim", (4, 1, 1, 1))
    village2 = hq(state, P2)
    berserker = outside(state, bring(state, P1, "berserker"), village2)
    farmer = outside(state, piece(state, P2, "farmer"), village2)
    reeve = outside(state, piece(state, P2, "reeve"), village2)
    attack(state, berserker, farmer)
    act(state, Capture(False))
    assert Attack(berserker, reeve, "cc") in legal(state)


def test_counter_attack_deals_damage_while_defending() -> None:
    """Counter-attack: "does damage while defending"."""
    state, woodsman, bearer = duel((1, 5, 1), defender="shield-bearer")
    attack(state, woodsman, bearer)
    assert isinstance(state.frames[-1], CaptureChoice) and state.deciding() == (P2,)
    assert state.frames[-1].unit == woodsman


def test_crush_ignores_armour() -> None:
    """Crush: "may ignore Armour in battle" (the Village has A1)."""
    state = begun((4, 1, 1))
    village = hq(state, P2)
    bring(state, P1, "lodge")  # F+2: the Troll eats 3
    troll = outside(state, bring(state, P1, "troll"), village)
    attack(state, troll, village)
    assert state.pieces[village].counter("damage") == 4  # Club 4, not 4 - 1


def test_fire_arrows_defeat_but_not_in_the_rain() -> None:
    """Fire Arrows: "wins against anything, it's a defeat. Remove Fire Arrows if it
    rains"."""
    for raining, lost in ((False, True), (True, False)):
        state = mirror("asheim", (4, 1))
        village2 = hq(state, P2)
        bowman = outside(state, bring(state, P1, "bowman"), village2)
        hersir = outside(state, bring(state, P2, "hersir", village2), village2)  # A1 H3
        if raining:
            bring(state, P2, "rain", "sky")
        attack(state, bowman, hersir, "rc")
        assert isinstance(state.frames[-1] if state.frames else None, CaptureChoice) == lost


def test_flank_moves_anywhere_on_a_luck_roll() -> None:
    """Flank: "may move to any area if making a L roll"."""
    for face, arrives in ((3, False), (4, True)):
        state = begun((face,))
        rider = outside(state, bring(state, P1, "wolf-rider"), hq(state, P1))
        act(state, Move(rider, hq(state, P2), ""))
        assert (state.pieces[rider].at == hq(state, P2)) == arrives
        assert "moved" in state.pieces[rider].tokens


def test_intrude_enters_enemy_structures() -> None:
    """Intrude: "may move in/out of non-ship enemy structures"."""
    state = mirror("asheim")
    village2 = hq(state, P2)
    thief = outside(state, bring(state, P1, "thief"), village2)
    farmer = outside(state, bring(state, P1, "farmer"), village2)
    assert Move(thief, village2, village2) in legal(state)
    assert Move(farmer, village2, village2) not in legal(state)


def test_hidden_ignores_an_attacker_that_loses_the_luck_roll() -> None:
    """Hidden: "may roll L against an attacker to ignore it if winning the roll"."""
    state = mirror("vanheim", (1, 5, 1))  # Woodsman L1: 1; Gnome L2: 5, 1
    cabin2 = hq(state, P2)
    woodsman = outside(state, piece(state, P1, "woodsman"), cabin2)
    gnome = outside(state, bring(state, P2, "gnome", cabin2), cabin2)
    lines = attack(state, woodsman, gnome)
    assert any("stays hidden" in line for line in lines)


def test_tracking_ignores_hidden_and_sneak() -> None:
    """Tracking: "may ignore Hidden/Sneak/Invisible"."""
    state = mirror("vanheim", (4, 1, 4))  # Sentinel CC2: 4, 1; Gnome CC1: 4 (no 6 needed)
    cabin2 = hq(state, P2)
    sentinel = outside(state, bring(state, P1, "forest-sentinel"), cabin2)
    gnome = outside(state, bring(state, P2, "gnome", cabin2), cabin2)
    lines = attack(state, sentinel, gnome)
    assert not any("hidden" in line for line in lines)
    assert "Player 2 rolls CC for Gnome to defend: 4 (1 success)" in lines


def test_sneak_makes_the_other_side_need_sixes() -> None:
    """Sneak: "may let a unit it's in battle with, roll 6's instead of 4+"."""
    state = mirror("vanheim", (4, 5))  # Gnome attacks: 4; the Woodsman's 5 is no success
    cabin2 = hq(state, P2)
    gnome = outside(state, bring(state, P1, "gnome"), cabin2)
    woodsman = outside(state, piece(state, P2, "woodsman"), cabin2)
    lines = attack(state, gnome, woodsman)
    assert "Player 2 rolls CC for Woodsman to defend: 5 (0 successes)" in lines


def test_luck_charm_adds_luck_dice() -> None:
    """Luck Charm: "may add L many dices when making a roll"."""
    state = mirror("vanheim", (1, 1, 1))
    cabin2 = hq(state, P2)
    woodsman = outside(state, piece(state, P1, "woodsman"), cabin2)
    seer = outside(state, bring(state, P2, "seer", cabin2), cabin2)  # CC0, L2
    lines = attack(state, woodsman, seer)
    assert "Player 2 rolls CC for Seer to defend: 1, 1 (0 successes)" in lines


def test_navigate_needs_no_path() -> None:
    """Navigate: "may move to/from enemy areas without a Path"."""
    state = mirror("asheim")
    raider = outside(state, bring(state, P1, "raider"), hq(state, P1))
    assert Move(raider, hq(state, P2), "") in legal(state)


def test_patrol_takes_an_attack_on_an_inside_unit() -> None:
    """Patrol: "may choose to be attacked ... instead of any local structure(s) or inside
    unit(s)"."""
    state = mirror("vanheim", (1, 1, 1))
    cabin2 = hq(state, P2)
    woodsman = outside(state, piece(state, P1, "woodsman"), cabin2)
    ranger = piece(state, P2, "ranger")
    sentinel = outside(state, bring(state, P2, "forest-sentinel", cabin2), cabin2)
    act(state, Attack(woodsman, ranger, "cc"))
    assert isinstance(state.frames[-1], Guarding) and state.deciding() == (P2,)
    act(state, Intercept(sentinel))
    lines = log(windows(state))
    assert any("for Forest Sentinel to defend" in line for line in lines)


def test_protect_takes_an_attack_on_another_outside_unit() -> None:
    """Protect: "may choose to be attacked by a local attacker instead of any local outside
    unit"."""
    state, woodsman, farmer = duel(())
    jarl = outside(state, bring(state, P2, "jarl", hq(state, P2)), hq(state, P2))
    act(state, Attack(woodsman, farmer, "cc"))
    assert Intercept(jarl) in legal(state)


def test_plunder_draws_two_on_a_defeat() -> None:
    """Plunder: "If a unit with Plunder defeats any unit/structure, draw 2 cards"."""
    state = mirror("asheim", (4, 4, 1))
    village2 = hq(state, P2)
    raider = outside(state, bring(state, P1, "raider"), village2)
    farmer = outside(state, piece(state, P2, "farmer"), village2)
    attack(state, raider, farmer)
    assert len(state.table.cards_in(hand(P1))) == 2


def test_shieldwall_lends_a_die_to_another_outside_unit() -> None:
    """Shieldwall: "another outside unit may have up to CC/RC+1 while defending"."""
    state, woodsman, farmer = duel((1, 1, 1))
    outside(state, bring(state, P2, "housecarl", hq(state, P2)), hq(state, P2))
    lines = attack(state, woodsman, farmer)
    assert "Player 2 rolls CC for Farmer to defend: 1, 1 (0 successes)" in lines


def test_survival_ignores_weather() -> None:
    """Survival: "may ignore Weather"."""
    state = begun()
    bring(state, P2, "rain", "sky")
    owl = outside(state, bring(state, P1, "owl-spirit"), hq(state, P1))
    woodsman = outside(state, piece(state, P1, "woodsman"), hq(state, P1))
    assert world.must_roll_psyche(state, woodsman)
    assert not world.must_roll_psyche(state, owl)


def test_vanguard_stops_a_local_one_shot_tactic() -> None:
    """Vanguard: "be removed to remove a locally played tactic that has the text Remove
    this card when it's played, before it has any effect"."""
    state = begun()
    village = hq(state, P2)
    outside(state, piece(state, P1, "woodsman"), village)
    farmer = outside(state, piece(state, P2, "farmer"), village)
    bearer = outside(state, bring(state, P2, "shield-bearer", village), village)
    wisp = give(state, P1, "will-o-wisp")
    give(state, P1, "gnome")
    act(state, PlayTactic(wisp, farmer))
    act(state, PayWith(next(c for c in state.table.cards_in(hand(P1)))))
    act(state, Vanguard(bearer, wisp), P2)
    windows(state)
    assert bearer not in state.pieces and wisp in state.table.cards_in(removed(P1))
    assert state.pieces[farmer].counter("damage") == 0


def test_emerge_places_outside_in_any_area() -> None:
    """Emerge: "Pay/place a unit with Emerge in any area"."""
    state = begun()
    huldra = give(state, P1, "huldra")
    for key in ("gnome", "gnome", "herbalist"):
        give(state, P1, key)
    assert Place(huldra, hq(state, P2), "") in legal(state)


def test_exorcism_breaks_a_curse() -> None:
    """Designed Exorcism: as a move step, break a curse on a local unit of yours."""
    state = begun()
    cabin = hq(state, P1)
    woodsman = outside(state, piece(state, P1, "woodsman"), cabin)
    seer = outside(state, bring(state, P1, "seer"), cabin)
    curse = give(state, P1, "spirits-curse")
    state.table.move(curse, f"play:{P1}")
    state.pieces.attach(woodsman, curse)
    assert world.value(state, woodsman, "cc") == 0
    act(state, Step(seer, "exorcism", woodsman))
    assert state.pieces[woodsman].attached == () and world.value(state, woodsman, "cc") == 1


def test_heal_mends_a_local_unit() -> None:
    """Designed Heal: as a move step, 1 damage off a local unit of yours."""
    state = begun()
    cabin = hq(state, P1)
    sentinel = outside(state, bring(state, P1, "forest-sentinel"), cabin)
    herbalist = outside(state, bring(state, P1, "herbalist"), cabin)
    state.pieces.count(sentinel, "damage", 1)
    act(state, Step(herbalist, "heal", sentinel))
    assert state.pieces[sentinel].counter("damage") == 0


def test_steal_takes_the_items_of_its_target() -> None:
    """Designed Steal (Card types, Item: "can be stolen by units with Steal")."""
    state = mirror("asheim", (4, 1, 1, 1))
    village2 = hq(state, P2)
    thief = outside(state, bring(state, P1, "thief"), village2)
    hersir = outside(state, bring(state, P2, "hersir", village2), village2)
    helm = give(state, P2, "iron-helm")
    state.table.move(helm, f"play:{P2}")
    state.pieces.attach(hersir, helm)
    attack(state, thief, hersir)
    assert state.pieces[thief].attached == (helm,)


def test_spy_ignores_traps() -> None:
    """Card types, Trap: "A trap can be ignored by a unit with Spy"."""
    state = begun()
    cabin = hq(state, P1)
    raider = outside(state, bring(state, P2, "raider", hq(state, P2)), cabin)
    thief = outside(state, bring(state, P2, "thief", hq(state, P2)), cabin)
    for unit in (raider, thief):
        state.pieces.mark(unit, "arrived")
    net = give(state, P1, "net-trap")
    targets = {p.target for p in tactics.plays(state, P1) if p.card == net}
    assert targets == {raider}


def test_a_fallen_ship_loses_its_crew_unless_they_swim() -> None:
    """Card types, Ship: "any inside units are also defeated unless they have
    Swim/Flying"."""
    state = begun()
    village = hq(state, P2)
    ship = bring(state, P2, "longship", village)
    fisher = bring(state, P2, "fisher", village, ship)
    carl = bring(state, P2, "housecarl", village, ship)
    defeated(state, ship, by=P1)
    assert fisher in state.pieces and not state.pieces[fisher].inside
    assert carl not in state.pieces


def test_a_ship_is_reached_in_cc_only_from_ships_or_by_swimmers() -> None:
    """Card types, Ship: "It can't be attacked in CC except by units on a Ship or with
    Flying/Swim"."""
    state = begun()
    village = hq(state, P2)
    ship = bring(state, P2, "longship", village)
    woodsman = outside(state, piece(state, P1, "woodsman"), village)
    archer = outside(state, bring(state, P1, "forest-archer"), village)
    assert Attack(woodsman, ship, "cc") not in legal(state)
    assert Attack(archer, ship, "rc") in legal(state)


def test_a_fallen_object_leaves_its_units_outside() -> None:
    """Card types, Object: "If an object is defeated, any inside units aren't defeated"."""
    state = begun()
    cabin = hq(state, P1)
    grove = bring(state, P1, "berry-grove", cabin)
    gatherer = bring(state, P1, "gatherer", cabin, grove)
    defeated(state, grove, by=P2)
    assert gatherer in state.pieces and state.pieces[gatherer].inside == ""


def test_a_psyche_attack_takes_its_target_whatever_its_health() -> None:
    """Values, Psyche: attacks "with Psyche ... ignores Armour and Health"."""
    state, huldra, hersir = duel((4, 1, 1, 1, 1, 1), attacker="huldra", defender="hersir")
    attack(state, huldra, hersir, "p")
    assert isinstance(state.frames[-1], CaptureChoice)
