"""Every card of the three Ages, its effect exercised through the engine (facts 50-64,
section C, and the rulings where they speak of a card). Each test names the card keys it
covers; the last test checks that every key in assets/yggdrasil/cards.json is covered."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine.core.actions import Action
from engine.core.frames import Pass
from engine.games.yggdrasil import board, turn
from engine.games.yggdrasil.actions import (
    Choose,
    Go,
    Invade,
    Lay,
    March,
    Pillage,
    Quest,
    Raise,
    Reclaim,
    Sacrifice,
    Upgrade,
)
from engine.games.yggdrasil.battle import (
    YggBattleCards,
    YggKeepOne,
    YggProwess,
)
from engine.games.yggdrasil.doing import put
from engine.games.yggdrasil.frames import (
    YggChooseStat,
    YggLeaderMove,
    YggOffer,
    YggSacrifice,
    YggSpare,
)
from engine.games.yggdrasil.state import VALHALLA, YggdrasilState, hand
from tests.engine.yggdrasil.helpers import (
    FJORD_EA,
    FJORD_GM,
    YGG,
    act,
    card,
    commit_quest,
    decline,
    fight,
    give,
    kinds_at,
    lay,
    legal,
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

COVERED: set[str] = set()


def covers(*keys: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def mark(test: Callable[..., Any]) -> Callable[..., Any]:
        COVERED.update(keys)
        return test
    return mark


def cards_of(kind: str, **where_: Any) -> list[str]:
    return [c.key for c in board.content().decks.cards if c.kind == kind and
            all(getattr(c, k) == v for k, v in where_.items())]


def duel(mine: str, theirs: str = "", mine_figures: int = 1, their_figures: int = 1,
         province: str = "gimle", rage: tuple[int, ...] = (6, 6, 6, 6),
         extra: tuple[str, ...] = ()) -> tuple[Any, list]:
    """Four clans at the table; Player 1 pillages `province` with `mine_figures` Warriors
    there against Player 2's `their_figures` Warriors, each laying the card named (none
    if ""); the others stay out; Player 1 also holds `extra`. The events of the battle up
    to the after-reveal window (or its end, when nobody holds a card to add)."""
    state = table(4)
    state.rage = list(rage)
    give(state, 0, *extra)
    place(state, 0, "warrior", province, mine_figures)
    place(state, 1, "warrior", province, their_figures)
    cards = {}
    if mine:
        give(state, 0, mine)
        cards[0] = mine
    if theirs:
        give(state, 1, theirs)
        cards[1] = theirs
    events = act(state, Pillage(province))
    if cards:
        events += lay(state, cards)
    return state, events


def decided(events: list) -> Any:
    return next(e for e in events if e.kind == "ygg-decided")


# -- battle cards that add STR and nothing else (facts 54, 59, 64) ---------------------------------
PLAIN = [(k, board.content().cards[k].str) for k in cards_of("battle")
         if not board.content().cards[k].effects]


@pytest.mark.parametrize(("key", "bonus"), PLAIN)
def test_a_plain_battle_card_adds_its_str(key: str, bonus: int) -> None:
    """facts 37, 39: Tyr's Bash +2, Smash +3, Crush +4, Smite +5, Rage +6."""
    COVERED.add(key)
    state, events = duel(key, "", 1, 1)
    events += no_more(state)
    assert decided(events).totals == (1 + bonus, 1)
    assert decided(events).winner == 0


# -- quests (facts 53, 58, 63, section C) ----------------------------------------------------------
QUESTS = cards_of("quest")


@pytest.mark.parametrize("key", QUESTS)
def test_every_quest_pays_its_glory_when_fulfilled(key: str) -> None:
    """facts 44, section C: region quests 5/7/9, Glorious Death and Yggdrasil 6/8/11 for
    Ages 1/2/3; each fulfilled one pays its Glory and a stat step."""
    COVERED.add(key)
    c = board.content().cards[key]
    state = table(4, age=c.age, doom=("angerboda", "muspelheim", "elvagar"))
    goal = c.goal
    if goal.kind == "valhalla":
        place(state, 0, "warrior", VALHALLA, goal.figures)
    elif goal.kind == "most-str-province":
        place(state, 0, "warrior", goal.province)
    else:
        province = next(p.key for p in board.content().outer if p.region == goal.region and
                        p.key not in ("angerboda", "muspelheim", "elvagar"))
        place(state, 0, "warrior", province)
        place(state, 1, "leader", next(p.key for p in board.content().outer
                                       if p.region == goal.region and p.key != province))
    commit_quest(state, 0, key)
    state.rage = [0] * 4
    settle(state)
    wanted = {"most-str-region": (5, 7, 9)}.get(goal.kind, (6, 8, 11))[c.age - 1]
    assert c.glory == wanted
    assert state.glory[0] == wanted
    assert isinstance(top(state), YggChooseStat)


# -- Age 1 monsters (facts 50) ---------------------------------------------------------------------
@covers("a1-troll")
def test_troll_kills_every_enemy_warrior_where_it_invades() -> None:
    """facts 50: when the Troll invades, every enemy Warrior in that province dies (not
    leaders, not its own)."""
    state = table(4)
    upgrade(state, 0, "a1-troll")
    own = place(state, 0, "warrior", "angerboda")[0]
    place(state, 1, "warrior", "angerboda", 2)
    leader = place(state, 2, "leader", "angerboda")[0]
    state.rage[0] = 2
    act(state, Invade("a1-troll", "angerboda"))
    assert kinds_at(state, 1, VALHALLA) == ["warrior", "warrior"]
    assert where(state, own) == "angerboda" and where(state, leader) == "angerboda"
    assert state.rage[0] == 0


@covers("a1-dwarf-chieftain", "a3-soldier-of-hel")
@pytest.mark.parametrize(("key", "strength"), [("a1-dwarf-chieftain", 2),
                                               ("a3-soldier-of-hel", 3)])
def test_free_monsters_cost_nothing_to_play_or_invade(key: str, strength: int) -> None:
    """facts 50, 60: Dwarf Chieftain (STR 2) and Soldier of Hel (STR 3): upgrading and
    invading cost 0 Rage."""
    state = table(4)
    act(state, Upgrade(give(state, 0, key)[0]))
    act(state, Pass())
    assert state.rage[0] == 6
    state.active, state.acted = 0, False
    act(state, Invade(key, "gimle"))
    assert state.rage[0] == 6
    assert board.base_str(state, 0, key, "gimle") == strength


@covers("a1-sea-serpent")
def test_sea_serpent_is_a_ship_in_every_way() -> None:
    """facts 50, ruling 25: STR 3, costs 3, invades fjords only, never marches, answers
    no Call to Battle; a ship upgrade brings it in free; Dragons pay for it."""
    state = table(4)
    upgrade(state, 0, "a1-sea-serpent", "a1-lokis-dragons")
    assert {a.to for a in legal(state) if isinstance(a, Invade) and
            a.figure == "a1-sea-serpent"} == set(board.open_fjords(state))
    assert "only ships" in refusal(state, Invade("a1-sea-serpent", "gimle"))
    act(state, Invade("a1-sea-serpent", FJORD_GM))
    assert state.rage[0] == 3
    serpent = "f0-a1-sea-serpent"
    state.active, state.acted = 0, False
    assert "ships never march" in refusal(state, March(serpent, "gimle"))
    assert board.clan_str(state, 0, ["gimle", FJORD_GM]) == 3
    place(state, 1, "leader", "gimle")
    give(state, 1, "a1-tyrs-smite")
    state.active = 1
    act(state, Pillage("gimle"))
    fight(state, {1: "a1-tyrs-smite"})
    assert where(state, serpent) == VALHALLA
    assert state.glory[0] == 4, "Loki's Dragons pay for the Serpent"


# -- Age 1 troop upgrades (facts 51) ---------------------------------------------------------------
@covers("a1-lord-of-hammers")
def test_lord_of_hammers_moves_the_leader_after_a_pillage() -> None:
    """facts 51: after a successful pillage with your Leader there, you may move the
    Leader to an adjacent province."""
    state = table(4)
    upgrade(state, 0, "a1-lord-of-hammers")
    leader = place(state, 0, "leader", "gimle")[0]
    act(state, Pillage("gimle"))
    assert isinstance(top(state), YggLeaderMove)
    assert {a.to for a in legal(state) if isinstance(a, Go)} == {"andlang", "myrkulor", YGG}
    act(state, Go(YGG))
    assert where(state, leader) == YGG
    assert state.active == 1


@covers("a1-brothers-in-arms")
def test_brothers_in_arms_every_pair_of_warriors_counts_3() -> None:
    """facts 51: every pair of your Warriors in one province totals 3 STR; costs 1 and
    a Warrior still invades for 1."""
    state = table(4)
    act(state, Upgrade(give(state, 0, "a1-brothers-in-arms")[0]))
    assert state.rage[0] == 5
    act(state, Pass())
    place(state, 0, "warrior", "gimle", 5)
    place(state, 0, "warrior", "horgr", 1)
    assert board.clan_str(state, 0, ["gimle"]) == 3 + 3 + 1
    assert board.clan_str(state, 0, ["horgr"]) == 1
    assert board.invade_cost(state, 0, "warrior") == 1


@covers("a1-lokis-dragons", "a2-fire-dragons", "a3-eternal-dragons")
@pytest.mark.parametrize(("key", "each"), [("a1-lokis-dragons", 4), ("a2-fire-dragons", 8),
                                           ("a3-eternal-dragons", 12)])
def test_dragons_pay_glory_for_each_ship_destroyed(key: str, each: int) -> None:
    """facts 51, 56, 61: Glory whenever one of your ships is destroyed, in battle or in
    Ragnarök (ruling 24: never doubled)."""
    state = table(4, doom=("gimle", "muspelheim", "elvagar"))
    upgrade(state, 0, key)
    place(state, 0, "ship", FJORD_GM)
    state.rage = [0] * 4
    settle(state)
    assert state.glory[0] == each + 2


# -- Age 1 clan upgrades (facts 52) ----------------------------------------------------------------
@covers("a1-lokis-domain", "a2-lokis-eminence", "a3-lokis-wrath")
@pytest.mark.parametrize(("key", "each"), [("a1-lokis-domain", 1), ("a2-lokis-eminence", 2),
                                           ("a3-lokis-wrath", 3)])
def test_loki_gains_glory_for_each_figure_released(key: str, each: int) -> None:
    """facts 52, 57, 62: Glory per figure of yours released from Valhalla."""
    state = table(4)
    upgrade(state, 0, key)
    place(state, 0, "warrior", VALHALLA, 3)
    place(state, 1, "warrior", VALHALLA, 2)
    state.rage = [0] * 4
    settle(state)
    assert state.glory[:2] == [3 * each, 0]


@covers("a1-friggas-charm")
def test_friggas_charm_upgrades_cost_one_less() -> None:
    """facts 52, ruling 12: your upgrade cards cost 1 Rage less (never below 0, designed);
    invading does not."""
    state = table(4)
    upgrade(state, 0, "a1-friggas-charm")
    act(state, Upgrade(give(state, 0, "a1-troll")[0]))
    assert state.rage[0] == 5
    act(state, Pass())
    state.active, state.acted = 0, False
    act(state, Upgrade(give(state, 0, "a2-tyrs-challenge")[0]))
    assert state.rage[0] == 5
    state.active, state.acted = 0, False
    act(state, Invade("a1-troll", "gimle"))
    assert state.rage[0] == 3


def test_an_upgrade_is_listed_exactly_when_its_cost_is_paid_at_every_rage() -> None:
    """facts 30, 52: the listing offers an upgrade from the hand exactly when the clan's
    Rage pays its cost, Frigga's Charm taking 1 off (never below 0), at every Rage and
    every printed cost; a clan with no Rage at all is offered nothing."""
    cards = board.content().cards
    for charm in (False, True):
        state = table(4)
        if charm:
            upgrade(state, 0, "a1-friggas-charm")
        hand_ = give(state, 0, *(key for key, c in cards.items()
                                 if c.slot is not None and c.age == 1))
        for rage in range(8):
            state.rage[0] = rage
            offered = {a.card for a in legal(state) if isinstance(a, Upgrade)}
            for c in hand_:
                cost = board.upgrade_cost(state, 0, board.card(state, c))
                assert (c in offered) == (rage > 0 and cost <= rage), (charm, rage, c, cost)


def test_a_hands_plays_kept_by_card_ids_are_read_again_for_other_faces_and_cards() -> None:
    """The plays of a hand are kept by its card ids and its sheet's (turn._plays): the
    same ids are other faces in another match, and a hand and a sheet change as cards are
    played. Every listing offers what a fresh reading of the table offers, at every Rage,
    before and after an upgrade or a quest is played."""
    states = [table(4, seed) for seed in (1, 2, 3)]
    ids = sorted(c for c in states[0].table.faces if c.startswith("y1"))[:10]
    assert len({tuple(s.table.faces[c] for c in ids) for s in states}) == len(states)
    for state in states:
        for c in ids:
            put(state, c, hand(0))

    def plays(state: YggdrasilState) -> list[Action]:
        return [a for a in legal(state) if isinstance(a, Upgrade | Quest)]

    for _ in range(3):
        for state in states:
            for rage in range(1, 8):
                state.rage[0] = rage
                kept = plays(state)
                turn._HANDS.clear()
                assert plays(state) == kept, (rage, kept)
            state.rage[0] = 7
            if plays(state):
                act(state, plays(state)[0])
                state.active, state.acted, state.frames = 0, False, []


@covers("a1-thors-glory")
def test_thors_glory_two_enemy_deaths_pay_2_once() -> None:
    """facts 52, ruling 10: +2 Glory (flat) when at least 2 enemy figures die in a battle
    your clan takes part in; one death pays nothing."""
    state = table(4)
    upgrade(state, 0, "a1-thors-glory")
    place(state, 0, "leader", "gimle")
    place(state, 0, "warrior", "gimle")
    place(state, 1, "warrior", "gimle", 3)
    act(state, Pillage("gimle"))
    assert state.glory[0] == 3 + 5 + 2
    state = table(4)
    upgrade(state, 0, "a1-thors-glory")
    place(state, 0, "leader", "gimle")
    place(state, 1, "warrior", "gimle", 1)
    act(state, Pillage("gimle"))
    assert state.glory[0] == 3 + 5


@covers("a1-friggas-succor")
def test_friggas_succor_brings_a_warrior_with_every_invasion() -> None:
    """facts 52, ruling 13: whenever you invade, one Warrior from your reserve may invade
    the same province free; beside a ship's fjord, either province it supports."""
    state = table(4)
    upgrade(state, 0, "a1-friggas-succor")
    act(state, Invade("leader", "gimle"))
    assert isinstance(top(state), YggOffer)
    act(state, Invade("warrior", "gimle"))
    assert kinds_at(state, 0, "gimle") == ["leader", "warrior"]
    assert state.rage[0] == 6 and state.active == 1
    state.active, state.acted = 0, False
    act(state, Invade("ship", FJORD_EA))
    assert {a.to for a in legal(state) if isinstance(a, Invade)} == {"elvagar", "angerboda"}
    act(state, Invade("warrior", "angerboda"))
    assert state.rage[0] == 4


@covers("a1-tyrs-domain", "a3-tyrs-wrath")
@pytest.mark.parametrize(("key", "bonus"), [("a1-tyrs-domain", 3), ("a3-tyrs-wrath", 5)])
def test_a_quest_revealed_in_battle_may_count_as_a_battle_card(key: str, bonus: int) -> None:
    """facts 52, 62, ruling 19: a Quest you reveal in battle may count as +3 (Tyr's
    Domain) or +5 (Tyr's Wrath); the owner chooses."""
    for taken in (True, False):
        state = table(4)
        upgrade(state, 0, key)
        place(state, 0, "warrior", "gimle")
        place(state, 1, "warrior", "gimle")
        give(state, 0, "a1-quest-of-alfheim")
        give(state, 1, "a1-tyrs-bash")
        act(state, Pillage("gimle"))
        lay(state, {0: "a1-quest-of-alfheim", 1: "a1-tyrs-bash"})
        events = use(state) if taken else decline(state)
        events += no_more(state)
        assert decided(events).totals == ((1 + bonus) if taken else 1, 3)


@covers("a1-lokis-blessing")
def test_lokis_blessing_a_warrior_invades_where_you_lost() -> None:
    """facts 52, ruling 6: when you lose a battle, a Warrior may invade that province for
    free (Yggdrasil too)."""
    state = table(4)
    upgrade(state, 1, "a1-lokis-blessing")
    place(state, 0, "leader", YGG)
    place(state, 1, "warrior", YGG)
    act(state, Pillage(YGG))
    assert isinstance(top(state), YggOffer) and state.deciding() == (1,)
    act(state, Invade("warrior", YGG))
    assert kinds_at(state, 1, YGG) == ["warrior"]
    assert kinds_at(state, 1, VALHALLA) == ["warrior"]
    assert state.rage[1] == 6


# -- Age 1 battle cards with texts (facts 54) ------------------------------------------------------
@covers("a1-odins-smite", "a1-odins-smite-2")
@pytest.mark.parametrize("key", ["a1-odins-smite", "a1-odins-smite-2"])
def test_odins_smite_kills_a_warrior_of_each_opponent_before_comparing(key: str) -> None:
    """facts 54: +1; before STR is compared one Warrior of each opponent in the province
    dies."""
    state = table(4)
    place(state, 0, "warrior", "gimle")
    place(state, 1, "warrior", "gimle", 2)
    place(state, 2, "warrior", "gimle", 1)
    place(state, 2, "leader", "gimle")
    give(state, 0, key)
    act(state, Pillage("gimle"))
    events = fight(state, {0: key})
    smitten = [e for e in events if e.kind == "ygg-destroyed" and e.why == "Odin's Smite"]
    assert sorted(e.seat for e in smitten) == [1, 2]
    assert decided(events).totals == (2, 1, 3)


@covers("a1-heimdalls-sight")
def test_heimdalls_sight_is_worth_the_strongest_enemy_card() -> None:
    """facts 54, ruling 19: worth as much as the highest enemy card revealed, cards added
    after the reveal included."""
    state = table(4)
    for seat in (0, 1, 2):
        place(state, seat, "warrior", "gimle")
    give(state, 0, "a1-heimdalls-sight")
    give(state, 1, "a1-tyrs-bash", "a3-heimdalls-gaze")
    give(state, 2, "a1-tyrs-smash")
    act(state, Pillage("gimle"))
    lay(state, {0: "a1-heimdalls-sight", 1: "a1-tyrs-bash", 2: "a1-tyrs-smash"})
    assert state.deciding() == (1,), "the pillager has no card left to add"
    events = act(state, Lay(card(state, "a3-heimdalls-gaze")), 1)
    events += no_more(state)
    assert decided(events).totals == (1 + 3, 1 + 2 + 3, 1 + 3)


@covers("a1-friggas-grace", "a1-friggas-grace-2")
@pytest.mark.parametrize("key", ["a1-friggas-grace", "a1-friggas-grace-2"])
def test_friggas_grace_raises_another_stat_on_a_successful_pillage(key: str) -> None:
    """facts 54, ruling 11: +2; if your pillage succeeds, raise a stat other than the one
    the token raised."""
    state, _ = duel(key, "", 1, 1, "horgr")  # Horgr's token: Axes
    no_more(state)
    assert isinstance(top(state), YggChooseStat)
    assert {a.stat for a in legal(state)} == {"rage", "horns"}
    act(state, Raise("horns"))
    assert (state.step("axes", 0), state.step("horns", 0)) == (2, 2)


@covers("a1-lokis-trickery", "a1-lokis-trickery-2")
@pytest.mark.parametrize("key", ["a1-lokis-trickery", "a1-lokis-trickery-2"])
def test_lokis_trickery_takes_a_rage_from_the_winner(key: str) -> None:
    """facts 54, ruling 17: +0; if you lose, take 1 Rage from the winner (nothing if it
    has none)."""
    state, _ = duel("a1-tyrs-bash", key, 1, 1)
    no_more(state)
    assert state.rage[:2] == [5, 7]
    state, _ = duel(key, "a1-tyrs-bash", 1, 1, rage=(6, 0, 6, 6))
    no_more(state)
    assert state.rage[:2] == [6, 0]


@covers("a1-thors-hammer")
def test_thors_hammer_three_glory_for_winning() -> None:
    """facts 54: +1; +3 Glory if you win."""
    state, _ = duel("a1-thors-hammer", "", 1, 1)
    no_more(state)
    assert state.glory[0] == 3 + 3 + 5
    state, _ = duel("a1-thors-hammer", "a1-tyrs-smite", 1, 1)
    no_more(state)
    assert state.glory[0] == 0


# -- Age 2 monsters (facts 55) ---------------------------------------------------------------------
@covers("a2-valkyrie")
def test_valkyrie_two_glory_per_enemy_figure_destroyed_in_its_battle() -> None:
    """facts 55: +2 Glory per enemy figure destroyed in a battle it is in."""
    state = table(4)
    upgrade(state, 0, "a2-valkyrie")
    place(state, 0, "a2-valkyrie", "gimle")
    place(state, 1, "warrior", "gimle", 3)
    give(state, 0, "a1-tyrs-smite")
    act(state, Pillage("gimle"))
    fight(state, {0: "a1-tyrs-smite"})
    assert state.glory[0] == 3 + 5 + 3 * 2


@covers("a2-dark-elf")
def test_dark_elf_invades_yggdrasil_and_is_str_3_there() -> None:
    """facts 55, ruling 6: may invade Yggdrasil directly; STR 3 while in Yggdrasil, 1
    elsewhere; it invades for 1 Rage (designed: even into Yggdrasil)."""
    state = table(4)
    upgrade(state, 0, "a2-dark-elf")
    assert Invade("a2-dark-elf", YGG) in legal(state)
    act(state, Invade("a2-dark-elf", YGG))
    assert state.rage[0] == 5
    assert board.clan_str(state, 0, [YGG]) == 3
    assert board.base_str(state, 0, "a2-dark-elf", "gimle") == 1


@covers("a2-fire-giant")
def test_fire_giant_kills_every_enemy_non_monster_there_and_in_the_fjords() -> None:
    """facts 55, ruling 22: when it invades, every enemy figure that is not a monster in
    that province dies, and enemy ships in its supporting fjords."""
    state = table(4)
    upgrade(state, 0, "a2-fire-giant")
    upgrade(state, 1, "a1-troll")
    place(state, 1, "warrior", "gimle")
    place(state, 1, "leader", "gimle")
    place(state, 1, "a1-troll", "gimle")
    place(state, 2, "ship", FJORD_GM)
    own = place(state, 0, "warrior", "gimle")[0]
    act(state, Invade("a2-fire-giant", "gimle"))
    assert kinds_at(state, 1, VALHALLA) == ["leader", "warrior"]
    assert kinds_at(state, 2, VALHALLA) == ["ship"]
    assert kinds_at(state, 1, "gimle") == ["a1-troll"]
    assert where(state, own) == "gimle"
    assert state.rage[0] == 2


# -- Age 2 troop upgrades (facts 56) ---------------------------------------------------------------
@covers("a2-lord-of-axes", "a3-lord-of-spears")
def test_lords_raise_stats_after_a_pillage_with_the_leader() -> None:
    """facts 56, 61: a successful pillage with your Leader there raises one stat of your
    choice (Lord of Axes) or all three (Lord of Spears)."""
    state = table(4)
    upgrade(state, 0, "a2-lord-of-axes")
    place(state, 0, "leader", "horgr")
    act(state, Pillage("horgr"))
    assert isinstance(top(state), YggChooseStat)
    act(state, Raise("axes"))
    assert state.step("axes", 0) == 3
    state = table(4)
    upgrade(state, 0, "a3-lord-of-spears")
    place(state, 0, "leader", "horgr")
    act(state, Pillage("horgr"))
    assert [state.step(s, 0) for s in ("rage", "axes", "horns")] == [2, 3, 2]
    state = table(4)
    upgrade(state, 0, "a3-lord-of-spears")
    place(state, 0, "warrior", "horgr")
    act(state, Pillage("horgr"))
    assert [state.step(s, 0) for s in ("rage", "axes", "horns")] == [1, 2, 1]


@covers("a2-experts-in-arms")
def test_experts_in_arms_warriors_are_str_2() -> None:
    """facts 56: your Warriors are STR 2 (designed: they invade for 2)."""
    state = table(4)
    upgrade(state, 0, "a2-experts-in-arms")
    place(state, 0, "warrior", "gimle", 3)
    assert board.clan_str(state, 0, ["gimle"]) == 6
    assert board.invade_cost(state, 0, "warrior") == 2


# -- Age 2 clan upgrades (facts 57) ----------------------------------------------------------------
@covers("a2-odins-inspiration")
def test_odins_inspiration_doubles_ragnarok_glory() -> None:
    """facts 57, ruling 24: double the Age's Glory for your figures dying in Ragnarök."""
    state = table(4, age=2, doom=("angerboda", "gimle", "elvagar"))
    upgrade(state, 0, "a2-odins-inspiration")
    place(state, 0, "warrior", "gimle", 2)
    place(state, 1, "warrior", "gimle", 1)
    state.rage = [0] * 4
    settle(state)
    assert state.glory[:2] == [2 * 3 * 2, 3]


@covers("a2-tyrs-challenge")
def test_tyrs_challenge_pillages_a_pillaged_province_again_for_2_rage() -> None:
    """facts 57, ruling 16: as an action, pay 2 Rage to pillage an already-pillaged
    province again; the token stays pillaged."""
    state = table(4)
    upgrade(state, 0, "a2-tyrs-challenge")
    place(state, 0, "warrior", "horgr")
    state.pillaged.add("horgr")
    act(state, Pillage("horgr"))
    assert state.rage[0] == 4
    assert state.step("axes", 0) == 2
    assert "horgr" in state.pillaged
    state = table(4)
    place(state, 0, "warrior", "horgr")
    state.pillaged.add("horgr")
    assert "pillaged this Age" in refusal(state, Pillage("horgr"))


@covers("a2-friggas-protection")
def test_friggas_protection_saves_figures_for_a_rage_each() -> None:
    """facts 57, ruling 14: pay 1 Rage to keep one of your figures from being destroyed,
    as many times as you pay."""
    state = table(4)
    upgrade(state, 1, "a2-friggas-protection")
    place(state, 0, "leader", "gimle")
    place(state, 0, "warrior", "gimle", 2)
    ws = place(state, 1, "warrior", "gimle", 3)
    act(state, Pillage("gimle"))
    assert isinstance(top(state), YggSpare) and state.deciding() == (1,)
    act(state, Choose(ws[0], "save"))
    act(state, Choose(ws[1], "save"))
    act(state, Pass())
    assert state.rage[1] == 4
    assert [where(state, f) for f in ws] == ["gimle", "gimle", VALHALLA]


@covers("a2-tyrs-prowess")
def test_tyrs_prowess_keeps_revealed_cards_for_a_rage_each() -> None:
    """facts 57, ruling 18: after winning, keep any of your revealed cards at 1 Rage
    each."""
    state = table(4)
    upgrade(state, 0, "a2-tyrs-prowess")
    place(state, 0, "warrior", "gimle")
    place(state, 1, "warrior", "gimle")
    give(state, 0, "a1-tyrs-bash", "a2-heimdalls-eye")
    act(state, Pillage("gimle"))
    lay(state, {0: "a1-tyrs-bash"})
    act(state, Lay(card(state, "a2-heimdalls-eye")))
    no_more(state)
    assert isinstance(top(state), YggProwess)
    act(state, Reclaim(card(state, "a2-heimdalls-eye")))
    act(state, Pass())
    assert state.table.where[card(state, "a2-heimdalls-eye")] == hand(0)
    assert state.table.where[card(state, "a1-tyrs-bash")] == "discard"
    assert state.rage[0] == 5


@covers("a2-thors-domain")
def test_thors_domain_pillages_where_you_invaded_for_2_rage() -> None:
    """facts 57: after you invade a province you may pay 2 Rage to pillage it at once."""
    state = table(4)
    upgrade(state, 0, "a2-thors-domain")
    act(state, Invade("warrior", "horgr"))
    use(state)
    assert state.rage[0] == 6 - 1 - 2
    assert "horgr" in state.pillaged and state.step("axes", 0) == 2
    assert state.active == 1


def test_thors_domain_pillages_after_the_trolls_crushing() -> None:
    """facts 57, 50, ruling 13 (a crushing invasion acts first): a Troll invading with
    Thor's Domain kills the enemy Warriors before the pillage is offered."""
    state = table(4)
    upgrade(state, 0, "a2-thors-domain", "a1-troll")
    place(state, 1, "warrior", "horgr", 2)
    act(state, Invade("a1-troll", "horgr"))
    assert kinds_at(state, 1, VALHALLA) == ["warrior", "warrior"]
    use(state)
    assert "horgr" in state.pillaged
    assert state.glory[0] == 0, "no battle: nobody else is there"


def test_thors_domain_asks_once_for_an_invasion_with_friggas_succor() -> None:
    """designed: an invasion and the Warrior Frigga's Succor brings with it are one
    invasion for Thor's Domain: it asks once, after the Warrior is in."""
    state = table(4)
    upgrade(state, 0, "a2-thors-domain", "a1-friggas-succor")
    act(state, Invade("warrior", "horgr"))
    act(state, Invade("warrior", "horgr"))
    assert kinds_at(state, 0, "horgr") == ["warrior", "warrior"]
    use(state)
    assert "horgr" in state.pillaged and state.rage[0] == 6 - 1 - 2
    assert top(state) is None and state.active == 1


# -- Age 2 battle cards with texts (facts 59) ------------------------------------------------------
@covers("a2-heimdalls-eye", "a2-heimdalls-eye-2", "a2-heimdalls-eye-3",
        "a3-heimdalls-gaze", "a3-heimdalls-gaze-2")
@pytest.mark.parametrize(("key", "bonus"), [("a2-heimdalls-eye", 2), ("a2-heimdalls-eye-2", 2),
                                            ("a2-heimdalls-eye-3", 2),
                                            ("a3-heimdalls-gaze", 3),
                                            ("a3-heimdalls-gaze-2", 3)])
def test_eye_and_gaze_add_after_the_reveal_or_play_as_a_normal_card(key: str,
                                                                     bonus: int) -> None:
    """facts 59, 64, ruling 21: +2 / +3, added after the reveal, or laid normally."""
    state, events = duel("a1-tyrs-bash", "a1-tyrs-smite", 1, 1, extra=(key,))
    events = act(state, Lay(card(state, key)))
    events += no_more(state)
    assert decided(events).totals == (1 + 2 + bonus, 1 + 5)
    state, events = duel(key, "", 1, 1)
    events += no_more(state)
    assert decided(events).totals == (1 + bonus, 1)


@covers("a2-odins-tide", "a2-odins-tide-2")
@pytest.mark.parametrize("key", ["a2-odins-tide", "a2-odins-tide-2"])
def test_odins_tide_every_clan_keeps_one_figure(key: str) -> None:
    """facts 59, ruling 3: +1; before comparison every clan keeps one figure of its
    choice in the battle, the rest die; from the pillager clockwise."""
    state = table(4)
    place(state, 0, "warrior", "gimle", 2)
    leader = place(state, 1, "leader", "gimle")[0]
    place(state, 1, "warrior", "gimle", 2)
    give(state, 0, key)
    act(state, Pillage("gimle"))
    lay(state, {0: key})
    assert isinstance(top(state), YggKeepOne) and state.deciding() == (0,)
    act(state, legal(state)[0])
    assert state.deciding() == (1,)
    events = act(state, Choose(leader))
    assert decided(events).totals == (1 + 1, 3)


@covers("a2-lokis-backstab", "a2-lokis-backstab-2")
@pytest.mark.parametrize("key", ["a2-lokis-backstab", "a2-lokis-backstab-2"])
def test_lokis_backstab_takes_two_glory_from_the_winner(key: str) -> None:
    """facts 59, 68: +0; if you lose, take 2 Glory from the winner (at most what it has)."""
    state, _ = duel("a1-tyrs-bash", key, 1, 1)
    no_more(state)
    assert state.glory[:2] == [3 + 5 - 2, 2]


@covers("a2-heimdalls-watch", "a3-heimdalls-watch")
@pytest.mark.parametrize("key", ["a2-heimdalls-watch", "a3-heimdalls-watch"])
def test_heimdalls_watch_discards_every_revealed_card_and_all_play_again(key: str) -> None:
    """facts 59, ruling 20: every revealed card is discarded for good, the Watch's player
    gains Glory equal to the +STR revealed, and every clan plays a new card."""
    state = table(4)
    place(state, 0, "warrior", "gimle")
    place(state, 1, "warrior", "gimle")
    give(state, 0, "a2-tyrs-rage", "a1-tyrs-bash")
    give(state, 1, key, "a1-tyrs-smash")
    act(state, Pillage("gimle"))
    lay(state, {0: "a2-tyrs-rage", 1: key})
    assert state.table.where[card(state, "a2-tyrs-rage")] == "discard"
    assert state.table.where[card(state, key)] == "discard"
    assert state.glory[1] == 6
    assert isinstance(top(state), YggBattleCards)
    events = fight(state, {0: "a1-tyrs-bash", 1: "a1-tyrs-smash"})
    assert decided(events).totals == (3, 4)
    assert state.table.where[card(state, "a2-tyrs-rage")] == "discard"


def test_a_quest_discarded_by_the_watch_is_not_offered_as_a_battle_card() -> None:
    """ruling 20: the cards the Watch discards never act again: a quest revealed beside
    Tyr's Domain and discarded by the Watch is not offered as a +3 card afterwards, and a
    Watch that discards no STR gains no Glory."""
    state = table(4)
    upgrade(state, 0, "a1-tyrs-domain")
    place(state, 0, "warrior", "gimle")
    place(state, 1, "warrior", "gimle")
    give(state, 0, "a1-quest-of-alfheim", "a1-tyrs-bash")
    give(state, 1, "a2-heimdalls-watch", "a1-tyrs-smash")
    act(state, Pillage("gimle"))
    events = lay(state, {0: "a1-quest-of-alfheim", 1: "a2-heimdalls-watch"})
    assert not [e for e in events if e.kind == "ygg-glory"]
    events = lay(state, {0: "a1-tyrs-bash", 1: "a1-tyrs-smash"})
    assert decided(events).totals == (1 + 2, 1 + 3)
    assert top(state) is None and state.active == 1


@covers("a2-thors-oath")
def test_thors_oath_raises_a_stat_on_winning() -> None:
    """facts 59: +1; if you win, raise a clan stat."""
    state, _ = duel("a2-thors-oath", "", 1, 1, "horgr")
    no_more(state)
    assert isinstance(top(state), YggChooseStat)
    act(state, Raise("axes"))
    assert state.step("axes", 0) == 3


# -- Age 3 monsters (facts 60) ---------------------------------------------------------------------
@covers("a3-frost-giant")
def test_frost_giant_pays_the_reward_twice() -> None:
    """facts 60: a successful pillage involving it pays the pillage reward twice."""
    state = table(4)
    upgrade(state, 0, "a3-frost-giant")
    place(state, 0, "a3-frost-giant", "horgr")
    act(state, Pillage("horgr"))
    assert state.step("axes", 0) == 3
    state = table(4)
    upgrade(state, 0, "a3-frost-giant")
    place(state, 0, "a3-frost-giant", "gimle")
    act(state, Pillage("gimle"))
    assert state.glory[0] == 10


@covers("a3-volur-witch")
def test_volur_witch_retreats_to_yggdrasil_instead_of_dying() -> None:
    """facts 60, ruling 26: when it would be destroyed in an outer province it may go to
    Yggdrasil instead; in Yggdrasil it dies."""
    state = table(4)
    upgrade(state, 1, "a3-volur-witch")
    place(state, 0, "leader", "gimle")
    place(state, 0, "warrior", "gimle", 1)
    witch = place(state, 1, "a3-volur-witch", "gimle")[0]
    act(state, Pillage("gimle"))
    assert isinstance(top(state), YggSpare)
    act(state, Choose(witch, "retreat"))
    assert where(state, witch) == YGG


# -- Age 3 troop upgrades (facts 61) ---------------------------------------------------------------
@covers("a3-masters-in-arms")
def test_masters_in_arms_pairs_of_warriors_count_6() -> None:
    """facts 61, ruling 27: each pair of your Warriors in a province totals 6 STR, a lone
    Warrior 2; Warriors then cost 2 Rage to invade."""
    state = table(4)
    upgrade(state, 0, "a3-masters-in-arms")
    place(state, 0, "warrior", "gimle", 3)
    assert board.clan_str(state, 0, ["gimle"]) == 6 + 2
    assert board.invade_cost(state, 0, "warrior") == 2


# -- Age 3 clan upgrades (facts 62) ----------------------------------------------------------------
@covers("a3-friggas-domain")
def test_friggas_domain_invades_from_valhalla_for_1_rage() -> None:
    """facts 62, ruling 15: pay 1 Rage to invade with one of your figures from Valhalla,
    whatever it would cost."""
    state = table(4)
    upgrade(state, 0, "a3-friggas-domain", "a3-frost-giant")
    place(state, 0, "a3-frost-giant", VALHALLA)
    act(state, Invade("a3-frost-giant", "gimle", True))
    assert state.rage[0] == 5
    assert kinds_at(state, 0, "gimle") == ["a3-frost-giant"]


@covers("a3-odins-throne")
def test_odins_throne_doubles_quest_glory() -> None:
    """facts 62: double Glory from your completed quests (the stat step is not doubled)."""
    state = table(4)
    upgrade(state, 0, "a3-odins-throne")
    commit_quest(state, 0, "a1-quest-of-alfheim")
    place(state, 0, "warrior", "gimle")
    state.rage = [0] * 4
    settle(state)
    assert state.glory[0] == 10
    act(state, Raise("rage"))
    assert not isinstance(top(state), YggChooseStat)


@covers("a3-thors-conquest")
def test_thors_conquest_three_glory_per_figure_on_the_board_at_the_end() -> None:
    """facts 62: at game end +3 Glory per figure you have on the board."""
    state = table(4, age=3)
    upgrade(state, 0, "a3-thors-conquest")
    place(state, 0, "warrior", "gimle", 2)
    place(state, 0, "ship", FJORD_GM)
    place(state, 0, "leader", VALHALLA)
    state.rage = [0] * 4
    settle(state)
    assert state.glory[0] == 9


@covers("a3-friggas-sacrifice")
def test_friggas_sacrifice_two_of_your_figures_for_a_stat() -> None:
    """facts 62, ruling 16: as an action, destroy 2 of your own figures to raise one clan
    stat (the upgrade first, the action on a later turn)."""
    state = table(4)
    act(state, Upgrade(give(state, 0, "a3-friggas-sacrifice")[0]))
    assert not [a for a in legal(state, 1) if isinstance(a, Sacrifice)]
    ws = place(state, 0, "warrior", "gimle", 2)
    state.active, state.acted = 0, False
    act(state, Sacrifice("horns"))
    assert isinstance(top(state), YggSacrifice)
    act(state, Choose(ws[0]))
    act(state, Choose(ws[1]))
    assert state.step("horns", 0) == 2
    assert kinds_at(state, 0, VALHALLA) == ["warrior", "warrior"]
    assert state.rage[0] == 5


# -- Age 3 battle cards with texts (facts 64) ------------------------------------------------------
@covers("a3-thors-primacy", "a3-thors-primacy-2")
@pytest.mark.parametrize("key", ["a3-thors-primacy", "a3-thors-primacy-2"])
def test_thors_primacy_cancels_opposing_texts_but_not_their_str(key: str) -> None:
    """facts 64, ruling 23: +3; the texts of every opponent's revealed card do nothing;
    their +STR still counts."""
    state, events = duel(key, "a1-thors-hammer", 1, 3)
    events += no_more(state)
    assert decided(events).totals == (4, 4)
    state, events = duel(key, "a1-odins-smite", 2, 1)
    events += no_more(state)
    assert not [e for e in events if e.kind == "ygg-destroyed" and e.why == "Odin's Smite"]
    assert decided(events).winner == 0


@covers("a3-thors-ascension", "a3-thors-ascension-2")
@pytest.mark.parametrize("key", ["a3-thors-ascension", "a3-thors-ascension-2"])
def test_thors_ascension_three_rage_and_three_glory_on_winning(key: str) -> None:
    """facts 64: +1; if you win, +3 Rage and +3 Glory."""
    state, _ = duel(key, "", 1, 1)
    no_more(state)
    assert state.glory[0] == 3 + 5 + 3
    assert state.rage[0] == 9


@covers("a3-odins-judgement", "a3-odins-judgement-2")
@pytest.mark.parametrize("key", ["a3-odins-judgement", "a3-odins-judgement-2"])
def test_odins_judgement_two_glory_per_figure_destroyed(key: str) -> None:
    """facts 64: +2; +2 Glory per figure destroyed in this battle, any clan's."""
    state, _ = duel("a1-tyrs-smite", key, 1, 3)
    no_more(state)
    assert state.glory[1] == 3 * 2


@covers("a3-lokis-poison")
def test_lokis_poison_takes_the_winners_cards() -> None:
    """facts 64, ruling 18: +0; if you lose, take the winner's revealed cards into your
    hand."""
    state, _ = duel("a1-tyrs-smite", "a3-lokis-poison", 1, 1)
    no_more(state)
    assert state.table.where[card(state, "a1-tyrs-smite")] == hand(1)
    assert state.table.where[card(state, "a3-lokis-poison")] == hand(1)


# -- every card is here ----------------------------------------------------------------------------
def test_every_card_key_is_exercised() -> None:
    """Every card key of assets/yggdrasil/cards.json has a test here."""
    keys = {c.key for c in board.content().decks.cards}
    assert keys - COVERED == set()
    assert COVERED - keys == set()

