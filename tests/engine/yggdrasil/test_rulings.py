"""The 27 rulings of ../shared/rules/yggdrasil-clarifications-pt.txt, one test each,
reproducing the case the ruling speaks of through the engine. They win where they speak."""

from __future__ import annotations

from engine.core.frames import Pass
from engine.games.yggdrasil import board, turn
from engine.games.yggdrasil.actions import (
    REST,
    Choose,
    Invade,
    Join,
    Lay,
    March,
    Pillage,
    Sacrifice,
    Upgrade,
)
from engine.games.yggdrasil.battle import (
    YggAfterReveal,
    YggBattleCards,
    YggCall,
    YggKeepOne,
    YggProwess,
)
from engine.games.yggdrasil.frames import (
    YggChooseStat,
    YggOffer,
    YggSacrifice,
    YggSpare,
)
from engine.games.yggdrasil.state import RESERVE, VALHALLA, hand
from tests.engine.yggdrasil.helpers import (
    FJORD_EA,
    FJORD_GM,
    GAME,
    YGG,
    act,
    card,
    fight,
    give,
    kinds_at,
    lay,
    legal,
    no_calls,
    no_more,
    place,
    refusal,
    settle,
    table,
    top,
    upgrade,
    use,
    where,
)


def decided(events: list):
    return next(e for e in events if e.kind == "ygg-decided")


def test_ruling_01_call_to_battle_everyone_there_fights_neighbours_may_join() -> None:
    """ruling 1: every clan in the pillaged province must fight; opponents beside it may
    join in turn from the pillager's left, one figure at a time; the pillager may call its
    own; a clan may pass and come back; the battle begins when the villages are full or
    all pass in a row; whoever is in the battle reveals a card if it has one."""
    state = table(3)
    place(state, 0, "warrior", "elvagar")  # 4 villages, two left free
    place(state, 1, "warrior", "elvagar")  # in it: must fight
    mine = place(state, 0, "leader", "myrkulor")[0]
    theirs = place(state, 2, "warrior", "angerboda", 2)
    give(state, 1, "a1-tyrs-bash")
    give(state, 2, "a1-tyrs-smash")
    act(state, Pillage("elvagar"))
    assert state.deciding() == (2,), "Player 2 has nothing beside Elvagar"
    act(state, Pass())
    assert state.deciding() == (0,)
    act(state, Join(mine))
    assert state.deciding() == (2,), "a clan that passed may come back"
    act(state, Join(theirs[0]))
    assert not isinstance(top(state), YggCall), "the villages are full"
    assert where(state, theirs[1]) == "angerboda"
    frame = top(state)
    assert isinstance(frame, YggBattleCards) and set(frame.seats) == {1, 2}
    assert Pass() not in legal(state)


def test_ruling_02_only_the_pillager_takes_the_reward_a_tie_loses_figures_keeps_cards() -> None:
    """ruling 2: a tie: everyone loses, keeps its battle cards and loses its figures; a
    clan called to battle that wins gains its Axes in Glory but not the reward."""
    state = table(2)
    place(state, 0, "warrior", "horgr", 2)
    place(state, 1, "warrior", "horgr")
    w = place(state, 1, "warrior", "muspelheim")[0]
    give(state, 0, "a1-tyrs-bash")
    give(state, 1, "a1-tyrs-smash")
    act(state, Pillage("horgr"))
    act(state, Join(w))
    events = fight(state, {0: "a1-tyrs-bash", 1: "a1-tyrs-smash"})
    assert decided(events).winner == 1
    assert state.glory == [0, 3]
    assert state.step("axes", 1) == 1 and "horgr" not in state.pillaged
    state = table(2)
    place(state, 0, "warrior", "horgr")
    place(state, 1, "warrior", "horgr")
    give(state, 0, "a1-tyrs-bash")
    give(state, 1, "a1-friggas-grace")
    act(state, Pillage("horgr"))
    fight(state, {0: "a1-tyrs-bash", 1: "a1-friggas-grace"})
    assert board.figures_in(state, ["horgr"]) == []
    assert state.table.where[card(state, "a1-tyrs-bash")] == hand(0)
    assert state.table.where[card(state, "a1-friggas-grace")] == hand(1)


def test_ruling_03_primacy_then_watch_then_odins_tide_from_the_pillager() -> None:
    """ruling 3: Thor's Primacy first; Heimdall's Watch second; everything else, Odin's
    Tide included, from the pillager. A Watch discards the Tide before it acts."""
    state = table(2)
    place(state, 0, "warrior", "gimle", 3)
    place(state, 1, "warrior", "gimle", 2)
    give(state, 0, "a2-odins-tide", "a1-tyrs-bash")
    give(state, 1, "a2-heimdalls-watch", "a1-tyrs-smash")
    act(state, Pillage("gimle"))
    lay(state, {0: "a2-odins-tide", 1: "a2-heimdalls-watch"})
    assert not isinstance(top(state), YggKeepOne), "the Tide was discarded first"
    events = fight(state, {0: "a1-tyrs-bash", 1: "a1-tyrs-smash"})
    assert decided(events).totals == (3 + 2, 2 + 3)


def test_ruling_04_same_card_twice_resolves_clockwise_from_the_pillager() -> None:
    """ruling 4: two clans revealing the same card (Thor's Primacy) resolve in turn,
    clockwise from the pillager: the pillager's Primacy cancels the other one first."""
    state = table(3, first=1)
    place(state, 1, "warrior", "gimle")
    place(state, 2, "warrior", "gimle")
    place(state, 0, "warrior", "gimle")
    give(state, 0, "a3-thors-primacy-2")
    give(state, 1, "a1-odins-smite")
    give(state, 2, "a3-thors-primacy")
    state.active = 1
    act(state, Pillage("gimle"))
    no_calls(state)
    events = fight(state, {0: "a3-thors-primacy-2", 1: "a1-odins-smite",
                           2: "a3-thors-primacy"})
    works = [(e.seat, e.card_name) for e in events if e.kind == "ygg-text"]
    assert works == [(2, "Thor's Primacy")], "the 3rd seat comes first from the 2nd"
    assert not [e for e in events if e.kind == "ygg-destroyed" and e.why == "Odin's Smite"]
    assert decided(events).seats == (1, 2, 0)
    assert decided(events).totals == (1 + 1, 1 + 3, 1 + 3)


def test_ruling_05_no_rage_no_action_but_call_to_battle_and_rage_regained() -> None:
    """ruling 5: with no Rage no action, even a free one; a clan still answers Call to
    Battle; Rage regained after the battle (Loki's Trickery) brings it back to play."""
    state = table(2)
    place(state, 0, "warrior", "gimle")
    w = place(state, 1, "warrior", "andlang")[0]
    give(state, 1, "a1-lokis-trickery", "a1-quest-of-alfheim")
    give(state, 0, "a1-tyrs-smite")
    state.rage = [3, 0]
    assert turn.actions(state, 1) == []
    act(state, Pillage("gimle"))
    act(state, Join(w))
    fight(state, {0: "a1-tyrs-smite", 1: "a1-lokis-trickery"})
    assert state.rage == [2, 1]
    assert state.active == 1
    assert GAME.turn_actions(state)


def test_ruling_06_yggdrasil_by_march_dark_elf_succor_blessing_or_call() -> None:
    """ruling 6: no invading Yggdrasil, except the Dark Elf (and Frigga's Succor's Warrior
    with it) and Loki's Blessing; marching and Call to Battle reach it."""
    state = table(3)
    assert "Yggdrasil directly" in refusal(state, Invade("warrior", YGG))
    upgrade(state, 0, "a2-dark-elf", "a1-friggas-succor")
    act(state, Invade("a2-dark-elf", YGG))
    act(state, Invade("warrior", YGG))
    assert kinds_at(state, 0, YGG) == ["a2-dark-elf", "warrior"]
    w = place(state, 1, "warrior", "gimle", 2)
    act(state, March(w[0], YGG))
    assert where(state, w[0]) == YGG
    act(state, Pass())
    act(state, REST, 2)
    act(state, Pillage(YGG), 0)
    events = act(state, Join(w[1]), 1)
    assert any(e.kind == "ygg-joined" and e.figure == w[1] for e in events)


def test_ruling_07_a_fjord_lasts_while_one_of_its_provinces_stands() -> None:
    """ruling 7: a fjord is destroyed only with both its provinces; while one stands it
    works for that one alone; no ship enters a fjord whose provinces are both gone."""
    state = table(2, destroyed=["gimle"])
    place(state, 0, "ship", FJORD_GM)
    assert board.supported(state, FJORD_GM) == ["myrkulor"]
    assert board.in_battle(state, 0, "myrkulor")
    assert Pillage("myrkulor") in legal(state)
    state = table(3, destroyed=["gimle", "myrkulor"])
    assert FJORD_GM not in {a.to for a in legal(state) if isinstance(a, Invade)}
    upgrade(state, 0, "a1-sea-serpent")
    assert FJORD_GM not in board.destinations(state, 0, "a1-sea-serpent")


def test_ruling_08_only_troop_and_monster_upgrades_bring_a_free_invasion() -> None:
    """ruling 8: troop and monster upgrades may invade at once for no more Rage; the
    Leader invades free ever after; a clan upgrade brings no invasion."""
    state = table(2)
    act(state, Upgrade(give(state, 0, "a1-lord-of-hammers")[0]))
    assert state.rage[0] == 3 and isinstance(top(state), YggOffer)
    act(state, Invade("leader", "gimle"))
    assert state.rage[0] == 3
    act(state, Upgrade(give(state, 1, "a1-thors-glory")[0]), 1)
    assert top(state) is None and state.active == 0
    state.figures.move("f0-leader", RESERVE)  # back from Valhalla in a later Age
    act(state, Invade("leader", "elvagar"))
    assert state.rage[0] == 3


def test_ruling_09_a_monster_may_replace_another_even_with_a_slot_free() -> None:
    """ruling 9: a monster goes into one of the two slots, or may replace a monster there,
    whose figure leaves the game wherever it is (useful under the Horns limit); the new one
    invades where its clan wants."""
    state = table(2)
    troll = upgrade(state, 0, "a1-troll")[0]
    place(state, 0, "a1-troll", "gimle")
    place(state, 0, "warrior", "gimle", 3)  # Horns full
    valk = give(state, 0, "a2-valkyrie")[0]
    offered = {a for a in legal(state) if isinstance(a, Upgrade)}
    assert offered == {Upgrade(valk), Upgrade(valk, troll)}
    act(state, Upgrade(valk, troll))
    assert "f0-a1-troll" not in state.figures
    assert isinstance(top(state), YggOffer)
    act(state, Invade("a2-valkyrie", "horgr"))
    assert where(state, "f0-a2-valkyrie") == "horgr"


def test_ruling_10_thors_glory_counts_odins_smite_kills_and_pays_2_once() -> None:
    """ruling 10: Odin's Smite's dead count for Thor's Glory; however many die above two,
    it pays 2."""
    state = table(2)
    upgrade(state, 0, "a1-thors-glory")
    place(state, 0, "leader", "gimle")
    place(state, 0, "warrior", "gimle")
    place(state, 1, "warrior", "gimle", 3)
    give(state, 0, "a1-odins-smite")
    give(state, 1, "a1-tyrs-bash")
    act(state, Pillage("gimle"))
    fight(state, {0: "a1-odins-smite", 1: "a1-tyrs-bash"})
    assert state.glory[0] == 3 + 5 + 2


def test_ruling_11_friggas_grace_another_stat_or_any_after_glory_or_yggdrasil() -> None:
    """ruling 11: Frigga's Grace raises a stat other than the one pillaged; after the
    +5 Glory token or Yggdrasil's, any stat."""
    state = table(2)
    place(state, 0, "warrior", "horgr")  # Axes token
    place(state, 1, "warrior", "horgr")
    give(state, 0, "a1-friggas-grace")
    act(state, Pillage("horgr"))
    fight(state, {0: "a1-friggas-grace"})
    assert {a.stat for a in legal(state)} == {"rage", "horns"}
    for province in ("gimle", YGG):
        state = table(2)
        place(state, 0, "warrior", province)
        place(state, 1, "warrior", province)
        give(state, 0, "a1-friggas-grace")
        act(state, Pillage(province))
        fight(state, {0: "a1-friggas-grace"})
        assert isinstance(top(state), YggChooseStat)
        wanted = {"rage", "axes", "horns"} if province == "gimle" else \
            {s for s in ("rage", "axes", "horns") if state.step(s, 0) < 6}
        assert {a.stat for a in legal(state)} == wanted


def test_ruling_12_friggas_charm_discounts_upgrades_never_invasions() -> None:
    """ruling 12: the discount is on upgrade cards only: a monster that came in free with
    its upgrade pays its full cost to invade again after Valhalla."""
    state = table(2)
    upgrade(state, 0, "a1-friggas-charm")
    act(state, Upgrade(give(state, 0, "a1-troll")[0]))
    act(state, Invade("a1-troll", "gimle"))
    assert state.rage[0] == 5
    state.figures.move("f0-a1-troll", RESERVE)
    act(state, REST, 1)
    act(state, Invade("a1-troll", "horgr"))
    assert state.rage[0] == 3


def test_ruling_13_succor_beside_a_fjord_or_after_a_crushing_invasion() -> None:
    """ruling 13: after a ship the Succor Warrior goes to a province beside its fjord; with
    no village free no Warrior; but a Troll's crushing opens a village for it."""
    state = table(3)
    upgrade(state, 0, "a1-friggas-succor", "a1-troll")
    place(state, 1, "warrior", "myrkulor", 2)  # one village left
    act(state, Invade("a1-troll", "myrkulor"))
    assert isinstance(top(state), YggOffer)
    act(state, Invade("warrior", "myrkulor"))
    assert kinds_at(state, 0, "myrkulor") == ["a1-troll", "warrior"]
    state = table(3)
    upgrade(state, 0, "a1-friggas-succor")
    place(state, 1, "warrior", "myrkulor", 2)
    act(state, Invade("warrior", "myrkulor"))
    assert top(state) is None, "no village free, no Warrior"
    state = table(3)
    upgrade(state, 0, "a1-friggas-succor")
    act(state, Invade("ship", FJORD_EA))
    assert {a.to for a in legal(state) if isinstance(a, Invade)} == {"elvagar", "angerboda"}


def test_ruling_14_friggas_protection_many_times_and_against_odins_tide() -> None:
    """ruling 14: pay 1 Rage per figure saved, several in one battle; it saves figures
    from Odin's Tide before the battle too."""
    state = table(2)
    upgrade(state, 1, "a2-friggas-protection")
    place(state, 0, "leader", "gimle")
    ws = place(state, 1, "warrior", "gimle", 3)
    give(state, 0, "a2-odins-tide")
    give(state, 1, "a2-tyrs-crush")
    act(state, Pillage("gimle"))
    lay(state, {0: "a2-odins-tide", 1: "a2-tyrs-crush"})
    assert isinstance(top(state), YggKeepOne) and state.deciding() == (1,)
    act(state, Choose(ws[0]))
    assert isinstance(top(state), YggSpare)
    act(state, Choose(ws[1], "save"))
    events = act(state, Choose(ws[2], "save"))
    assert state.rage[1] == 4
    assert [where(state, f) for f in ws] == ["gimle"] * 3
    assert decided(events).totals == (3 + 1, 3 + 4)


def test_ruling_15_friggas_domain_one_figure_from_valhalla_for_one_rage() -> None:
    """ruling 15: pay 1 Rage to invade with a figure from Valhalla, however strong; one
    figure per use."""
    state = table(2)
    upgrade(state, 0, "a3-friggas-domain", "a3-frost-giant")
    place(state, 0, "a3-frost-giant", VALHALLA)
    place(state, 0, "warrior", VALHALLA, 2)
    act(state, Invade("a3-frost-giant", "gimle", True))
    assert state.rage[0] == 5
    assert top(state) is None and state.active == 1
    assert kinds_at(state, 0, VALHALLA) == ["warrior", "warrior"]


def test_ruling_16_as_your_action_cards_need_the_upgrade_then_an_action() -> None:
    """ruling 16: Tyr's Challenge and Frigga's Sacrifice are played as upgrades first and
    used as an action on a later turn; a Challenged province's token stays pillaged."""
    state = table(3)
    place(state, 0, "warrior", "horgr", 2)
    state.pillaged.add("horgr")
    act(state, Upgrade(give(state, 0, "a2-tyrs-challenge")[0]))
    assert top(state) is None and state.active == 1
    act(state, Upgrade(give(state, 1, "a3-friggas-sacrifice")[0]))
    act(state, REST, 2)
    act(state, Pillage("horgr"), 0)
    assert state.rage[0] == 4 and "horgr" in state.pillaged
    ws = place(state, 1, "warrior", "gimle", 2)
    act(state, Sacrifice("rage"), 1)
    assert isinstance(top(state), YggSacrifice)
    act(state, Choose(ws[0]))
    act(state, Choose(ws[1]))
    assert state.step("rage", 1) == 2


def test_ruling_17_lokis_trickery_stays_with_the_loser_and_takes_nothing_from_none() -> None:
    """ruling 17: Loki's Trickery goes back to its loser's hand (to be kept for later
    Ages); it takes no Rage from a winner who has none."""
    state = table(2)
    place(state, 0, "warrior", "gimle")
    w = place(state, 1, "warrior", "andlang")[0]
    give(state, 0, "a1-lokis-trickery")
    give(state, 1, "a1-tyrs-smite")
    state.rage = [1, 0]
    act(state, Pillage("gimle"))
    act(state, Join(w))
    fight(state, {0: "a1-lokis-trickery", 1: "a1-tyrs-smite"})
    assert state.rage == [1, 0]
    assert state.table.where[card(state, "a1-lokis-trickery")] == hand(0)


def test_ruling_18_lokis_poison_prevails_over_tyrs_prowess() -> None:
    """ruling 18: with Loki's Poison and Tyr's Prowess in one battle the loser takes the
    winner's cards; Prowess keeps none."""
    state = table(3)
    upgrade(state, 0, "a2-tyrs-prowess")
    place(state, 0, "leader", "gimle")
    place(state, 1, "warrior", "gimle")
    give(state, 0, "a1-tyrs-smite")
    give(state, 1, "a3-lokis-poison")
    act(state, Pillage("gimle"))
    fight(state, {0: "a1-tyrs-smite", 1: "a3-lokis-poison"})
    assert not isinstance(top(state), YggProwess)
    assert state.table.where[card(state, "a1-tyrs-smite")] == hand(1)
    assert state.rage[0] == 6


def test_ruling_19_heimdalls_sight_matches_a_quest_counted_plus_3() -> None:
    """ruling 19: a quest revealed with Tyr's Domain may count +3 or not; if +3, Heimdall's
    Sight matches it."""
    for taken, sight in ((True, 3), (False, 0)):
        state = table(3)
        upgrade(state, 1, "a1-tyrs-domain")
        place(state, 0, "warrior", "gimle")
        place(state, 1, "warrior", "gimle")
        give(state, 0, "a1-heimdalls-sight")
        give(state, 1, "a1-quest-of-manheim")
        act(state, Pillage("gimle"))
        lay(state, {0: "a1-heimdalls-sight", 1: "a1-quest-of-manheim"})
        events = use(state) if taken else act(state, Pass())
        events += no_more(state)
        assert decided(events).totals == (1 + sight, 1 + (3 if taken else 0))


def test_ruling_20_heimdalls_watch_cards_never_come_back() -> None:
    """ruling 20: the Watch and the cards discarded with it are gone for good: a loser
    does not take them back, nor Loki's Poison."""
    state = table(2)
    place(state, 0, "warrior", "gimle", 2)
    place(state, 1, "warrior", "gimle")
    give(state, 0, "a2-tyrs-rage", "a1-tyrs-bash")
    give(state, 1, "a2-heimdalls-watch", "a3-lokis-poison")
    act(state, Pillage("gimle"))
    lay(state, {0: "a2-tyrs-rage", 1: "a2-heimdalls-watch"})
    fight(state, {0: "a1-tyrs-bash", 1: "a3-lokis-poison"})
    assert state.table.where[card(state, "a2-heimdalls-watch")] == "discard"
    assert state.table.where[card(state, "a2-tyrs-rage")] == "discard"
    assert state.table.where[card(state, "a1-tyrs-bash")] == hand(1)


def test_ruling_21_eye_and_gaze_after_the_reveal_from_the_pillager_several_each() -> None:
    """ruling 21: Eye and Gaze may be laid normally or added after the reveal, the
    pillager first, then clockwise; one clan may add several, one per turn of the round."""
    state = table(2)
    place(state, 0, "warrior", "gimle")
    place(state, 1, "warrior", "gimle")
    give(state, 0, "a2-heimdalls-eye", "a2-heimdalls-eye-2")
    give(state, 1, "a3-heimdalls-gaze", "a1-tyrs-bash")
    act(state, Pillage("gimle"))
    lay(state, {0: "a2-heimdalls-eye", 1: "a3-heimdalls-gaze"})
    assert isinstance(top(state), YggAfterReveal) and state.deciding() == (0,)
    act(state, Lay(card(state, "a2-heimdalls-eye-2")))
    assert state.deciding() == (1,)
    events = act(state, Pass())
    assert decided(events).totals == (1 + 2 + 2, 1 + 3)


def test_ruling_22_fire_giant_kills_enemy_ships_in_the_fjord() -> None:
    """ruling 22: the Fire Giant's invasion reaches the ships in the province's fjord."""
    state = table(3)
    upgrade(state, 0, "a2-fire-giant")
    place(state, 1, "ship", FJORD_EA)
    act(state, Invade("a2-fire-giant", "elvagar"))
    assert kinds_at(state, 1, VALHALLA) == ["ship"]


def test_ruling_23_primacy_acts_on_the_first_reveal_only() -> None:
    """ruling 23: Thor's Primacy cancels the text (not the STR) of the cards revealed with
    it; Eye and Gaze added afterwards are unaffected."""
    state = table(2)
    place(state, 0, "warrior", "gimle")
    place(state, 1, "warrior", "gimle", 2)
    give(state, 0, "a3-thors-primacy")
    give(state, 1, "a1-thors-hammer", "a2-heimdalls-eye")
    act(state, Pillage("gimle"))
    lay(state, {0: "a3-thors-primacy", 1: "a1-thors-hammer"})
    assert card(state, "a1-thors-hammer") in state.cancelled
    assert state.deciding() == (1,)
    events = act(state, Lay(card(state, "a2-heimdalls-eye")))
    assert card(state, "a2-heimdalls-eye") not in state.cancelled
    assert decided(events).totals == (1 + 3, 2 + 1 + 2)
    assert state.glory[1] == 3, "the Hammer's text was cancelled: only the Axes"


def test_ruling_24_odins_inspiration_doubles_the_ages_glory_not_the_dragons() -> None:
    """ruling 24: in Age 3 a lone ship dying in Ragnarök with Eternal Dragons and Odin's
    Inspiration gives 8 (twice 4) + 12, not twice 16."""
    state = table(2, age=3, doom=("angerboda", "muspelheim", "gimle"))
    upgrade(state, 0, "a2-odins-inspiration", "a3-eternal-dragons")
    place(state, 0, "ship", FJORD_GM)
    state.rage = [0, 0]
    settle(state)
    assert state.glory[0] == 8 + 12


def test_ruling_25_sea_serpent_a_ship_and_a_monster() -> None:
    """ruling 25: paying 3 for the Sea Serpent's upgrade brings it in free; back from
    Valhalla, a ship upgrade (2 Rage) brings it in free, still STR 3."""
    state = table(3)
    act(state, Upgrade(give(state, 0, "a1-sea-serpent")[0]))
    act(state, Invade("a1-sea-serpent", FJORD_GM))
    assert state.rage[0] == 3
    state.figures.move("f0-a1-sea-serpent", RESERVE)
    state.figures.move("f0-ship", FJORD_EA)
    act(state, REST, 1)
    act(state, REST, 2)
    act(state, Upgrade(give(state, 0, "a2-fire-dragons")[0]))
    assert state.rage[0] == 1
    act(state, Invade("a1-sea-serpent", FJORD_GM))
    assert state.rage[0] == 1
    assert board.clan_str(state, 0, [FJORD_GM]) == 3


def test_ruling_26_the_volur_witch_dies_in_yggdrasil() -> None:
    """ruling 26: the Volur Witch cannot retreat from a battle in Yggdrasil."""
    state = table(3)
    upgrade(state, 1, "a3-volur-witch")
    place(state, 0, "leader", YGG)
    place(state, 0, "warrior", YGG)
    witch = place(state, 1, "a3-volur-witch", YGG)[0]
    act(state, Pillage(YGG))
    assert not isinstance(top(state), YggSpare)
    assert where(state, witch) == VALHALLA


def test_ruling_27_masters_in_arms_pairs_6_lone_2_invade_for_2() -> None:
    """ruling 27: each pair of Warriors in a province is 6 STR, a lone one 2; every
    Warrior then costs 2 Rage to invade."""
    state = table(2)
    act(state, Upgrade(give(state, 0, "a3-masters-in-arms")[0]))
    act(state, Invade("warrior", "gimle"))
    assert state.rage[0] == 4
    act(state, REST, 1)
    act(state, Invade("warrior", "gimle"))
    assert state.rage[0] == 2
    assert board.clan_str(state, 0, ["gimle"]) == 6
    state.figures.move(board.in_reserve(state, 0, "warrior"), "gimle")
    assert board.clan_str(state, 0, ["gimle"]) == 8

