"""Battle inside a pillage (facts 35-42, rulings 1-4, 10, 11, 14, 17-23, 26): Call to
Battle, the cards laid at once and revealed together, totals, the after-reveal window,
the order texts resolve in, and what winning and losing bring."""

from __future__ import annotations

from engine.core.frames import Pass
from engine.games.yggdrasil import board
from engine.games.yggdrasil.abilities import ABILITIES
from engine.games.yggdrasil.actions import REST, Join, Lay, Pillage
from engine.games.yggdrasil.battle import (
    YggAfterReveal,
    YggBattleCards,
    YggCall,
)
from engine.games.yggdrasil.events import BattleOver
from engine.games.yggdrasil.state import VALHALLA, hand, laid
from tests.engine.yggdrasil.helpers import (
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
    steps,
    table,
    texts,
    top,
    upgrade,
    where,
)


def called(state) -> list[int]:
    """Who Call to Battle asks, in order, while everyone passes."""
    order = []
    while isinstance(top(state), YggCall):
        order.append(state.deciding()[0])
        act(state, Pass())
    return order


# -- Call to Battle (facts 35, ruling 1) -----------------------------------------------------------
def test_call_to_battle_starts_left_of_the_pillager_and_includes_it() -> None:
    """facts 35, ruling 1: from the player left of the pillager, clockwise, the pillager
    included; each may send a figure from an adjacent province."""
    state = table(4, first=1)
    place(state, 1, "warrior", "gimle")
    for seat, province in ((0, "myrkulor"), (1, "andlang"), (2, YGG), (3, "andlang")):
        place(state, seat, "warrior", province)
    act(state, Pillage("gimle"))
    assert called(state) == [2, 3, 0, 1]


def test_one_figure_a_lap_and_a_clan_that_passed_may_come_back() -> None:
    """facts 35, ruling 1: one figure per turn of the lap; a clan that passed may join on a
    later lap; it stops when everyone passes in a row."""
    state = table(3)
    place(state, 0, "warrior", "gimle")
    a = place(state, 1, "warrior", "myrkulor", 2)
    b = place(state, 2, "warrior", "andlang", 2)
    act(state, Pillage("gimle"))
    assert state.deciding() == (1,)
    act(state, Join(a[0]))
    assert state.deciding() == (2,), "one figure, then the next clan"
    act(state, Pass())
    # the pillager, with nothing beside the province, is passed by itself
    assert state.deciding() == (1,)
    act(state, Join(a[1]))
    assert state.deciding() == (2,), "the clan that passed is asked again"
    act(state, Join(b[0]))
    assert called(state) == [2], "Player 2 has nothing left beside Gimle"
    # Player 2 won with two Warriors; Player 3 called one and kept the other back
    assert kinds_at(state, 1, "gimle") == ["warrior", "warrior"]
    assert where(state, b[0]) == VALHALLA and where(state, b[1]) == "andlang"


def test_call_to_battle_stops_when_the_villages_are_full() -> None:
    """facts 35, ruling 1: it stops when no village is free."""
    state = table(2)
    place(state, 0, "warrior", "myrkulor", 2)  # Myrkulor has 3 villages
    w = place(state, 1, "warrior", "gimle", 2)
    act(state, Pillage("myrkulor"))
    act(state, Join(w[0]))
    assert not isinstance(top(state), YggCall)
    assert where(state, w[1]) == "gimle"


def test_yggdrasil_takes_any_number_called_to_battle() -> None:
    """facts 35: in Yggdrasil there is no capacity limit."""
    state = table(2)
    place(state, 0, "leader", YGG)
    ws = place(state, 1, "warrior", "gimle", 5)
    act(state, Pillage(YGG))
    for f in ws:
        act(state, Join(f), 1)
        if isinstance(top(state), YggCall) and state.deciding() == (0,):
            act(state, Pass())
    assert len(board.own(state, 1, YGG)) == 5


def test_ships_and_far_figures_do_not_answer_the_call() -> None:
    """facts 35: only a figure in an adjacent province answers, never a ship."""
    state = table(2)
    place(state, 0, "warrior", "gimle")
    ship = place(state, 1, "ship", FJORD_GM)[0]
    far = place(state, 1, "warrior", "horgr")[0]
    near = place(state, 1, "warrior", "andlang")[0]
    act(state, Pillage("gimle"))
    assert {a.figure for a in legal(state) if isinstance(a, Join)} == {near}
    assert "never a ship" in refusal(state, Join(ship))
    assert "never a ship" in refusal(state, Join(far))


def test_the_pillager_may_call_its_own_figures_even_if_nobody_else_comes() -> None:
    """ruling 1: the pillager may bring its own figures, even if nobody else takes part."""
    state = table(2)
    place(state, 0, "warrior", "gimle")
    mine = place(state, 0, "leader", "andlang")[0]
    act(state, Pillage("gimle"))
    assert state.deciding() == (0,)
    act(state, Join(mine))
    assert where(state, mine) == "gimle"


# -- cards and totals (facts 37, 39-41) ------------------------------------------------------------
def test_cards_are_laid_at_once_hidden_and_revealed_together() -> None:
    """facts 37, ruling 1: every clan in the battle with cards lays one face down; nobody
    sees another's card until all are in; then all are revealed together."""
    state = table(2)
    place(state, 0, "warrior", "gimle")
    place(state, 1, "warrior", "gimle")
    mine = give(state, 0, "a1-tyrs-smash")[0]
    give(state, 1, "a1-tyrs-bash")
    act(state, Pillage("gimle"))
    frame = top(state)
    assert isinstance(frame, YggBattleCards) and set(frame.seats) == {0, 1}
    events = act(state, Lay(mine), 0)
    assert state.table.where[mine] == laid(0)
    assert mine not in GAME.view(state, 1).table.faces
    assert all("Smash" not in line for line in texts(events, 1))
    events = act(state, Lay(card(state, "a1-tyrs-bash")), 1)
    assert any(line.startswith("cards revealed: Player 1 Tyr's Smash, Player 2 Tyr's Bash")
               for line in texts(events, 1))


def test_a_clan_in_battle_must_lay_a_card_if_it_has_one() -> None:
    """ruling 1: whoever is in the battle must reveal a card if it has one (no pass)."""
    state = table(2)
    place(state, 0, "warrior", "gimle")
    place(state, 1, "warrior", "gimle")
    give(state, 1, "a1-tyrs-bash")
    act(state, Pillage("gimle"))
    assert state.deciding() == (1,)
    assert Pass() not in legal(state)
    assert "does not answer" in refusal(state, Pass())


def test_totals_count_figures_in_the_province_and_its_fjords_and_cards() -> None:
    """facts 39, 11: a clan's total is its figures' STR in the province and the fjords
    supporting it, plus its cards' +STR; upgrade and quest cards add nothing (facts 37)."""
    state = table(2)
    place(state, 0, "leader", "gimle")
    place(state, 0, "ship", FJORD_GM)
    place(state, 1, "warrior", "gimle", 4)
    give(state, 0, "a1-tyrs-bash")
    give(state, 1, "a1-thors-glory")
    act(state, Pillage("gimle"))
    events = fight(state, {0: "a1-tyrs-bash", 1: "a1-thors-glory"})
    decided = next(e for e in events if e.kind == "ygg-decided")
    assert decided.totals == (3 + 2 + 2, 4)
    assert decided.winner == 0


def test_a_tie_for_highest_and_everyone_loses() -> None:
    """facts 40, 41, ruling 2: a tie for highest means all lose: every clan's figures in
    the battle die, everyone keeps its cards, nobody gains Glory or the reward."""
    state = table(2)
    place(state, 0, "warrior", "gimle", 2)
    place(state, 0, "ship", FJORD_GM)
    place(state, 1, "leader", "gimle")
    give(state, 0, "a1-tyrs-bash")
    give(state, 1, "a1-tyrs-smash")
    act(state, Pillage("gimle"))
    fight(state, {0: "a1-tyrs-bash", 1: "a1-tyrs-smash"})
    assert board.figures_in(state, ["gimle", FJORD_GM]) == []
    assert len(board.own(state, 0, VALHALLA)) == 3 and len(board.own(state, 1, VALHALLA)) == 1
    assert state.glory == [0, 0]
    assert "gimle" not in state.pillaged
    assert state.table.where[card(state, "a1-tyrs-bash")] == hand(0)
    assert state.table.where[card(state, "a1-tyrs-smash")] == hand(1)


def test_the_winner_discards_its_cards_and_the_losers_take_theirs_back() -> None:
    """facts 41: the winner discards the cards it played; losers take theirs back; every
    loser's figure in the battle, its ships in the fjords included, goes to Valhalla."""
    state = table(3)
    place(state, 0, "leader", "gimle")
    place(state, 1, "warrior", "gimle")
    place(state, 1, "ship", FJORD_GM)
    place(state, 2, "warrior", "gimle")
    give(state, 0, "a1-tyrs-smite")
    give(state, 1, "a1-tyrs-bash")
    give(state, 2, "a1-odins-smite")
    act(state, Pillage("gimle"))
    no_calls(state)
    fight(state, {0: "a1-tyrs-smite", 1: "a1-tyrs-bash", 2: "a1-odins-smite"})
    assert state.table.where[card(state, "a1-tyrs-smite")] == "discard"
    assert state.table.where[card(state, "a1-tyrs-bash")] == hand(1)
    assert state.table.where[card(state, "a1-odins-smite")] == hand(2)
    assert kinds_at(state, 1, VALHALLA) == ["ship", "warrior"]
    assert kinds_at(state, 2, VALHALLA) == ["warrior"]
    assert kinds_at(state, 0, "gimle") == ["leader"]


def test_a_clan_whose_figures_all_died_still_competes_with_its_card() -> None:
    """facts 39: a clan whose figures were all killed by card effects before the
    comparison still competes with its card's STR."""
    state = table(2)
    place(state, 0, "warrior", "gimle")
    place(state, 1, "warrior", "gimle")
    give(state, 0, "a1-odins-smite")
    give(state, 1, "a1-tyrs-smite")
    act(state, Pillage("gimle"))
    events = fight(state, {0: "a1-odins-smite", 1: "a1-tyrs-smite"})
    decided = next(e for e in events if e.kind == "ygg-decided")
    assert decided.seats == (0, 1) and decided.totals == (2, 5) and decided.winner == 1


# -- winning (facts 42, ruling 2) ------------------------------------------------------------------
def test_the_pillager_who_wins_takes_the_reward_and_its_axes_in_glory() -> None:
    """facts 42: the pillager who wins gains the token's reward and the province is
    pillaged; the winner gains Glory equal to its Axes."""
    state = table(2)
    steps(state, 0, axes=4)  # Axes 6
    place(state, 0, "leader", "gimle")
    place(state, 1, "warrior", "gimle")
    act(state, Pillage("gimle"))
    assert state.glory == [6 + 5, 0]
    assert "gimle" in state.pillaged


def test_a_called_winner_gains_its_axes_but_not_the_reward() -> None:
    """facts 42, ruling 2: only the pillager may take the reward; a clan called to battle
    that wins gains Glory equal to its Axes, and the province stays unpillaged."""
    state = table(2)
    place(state, 0, "warrior", "horgr")
    leader = place(state, 1, "leader", "muspelheim")[0]
    act(state, Pillage("horgr"))
    act(state, Join(leader))
    assert state.glory == [0, 3]
    assert state.step("axes", 1) == 1 and state.step("axes", 0) == 1
    assert "horgr" not in state.pillaged


def test_after_a_failed_pillage_anyone_may_try_again() -> None:
    """facts 42: if the pillager does not win, anyone may try again later this phase."""
    state = table(2)
    place(state, 0, "warrior", "horgr")
    place(state, 1, "leader", "horgr")
    act(state, Pillage("horgr"))
    assert state.active == 1
    assert Pillage("horgr") in legal(state)


# -- the after-reveal window (facts 38, ruling 21) -------------------------------------------------
def test_eye_and_gaze_may_be_added_after_the_reveal_from_the_pillager_round_and_round() -> None:
    """facts 38, ruling 21: after the reveal the pillager may add first, then clockwise,
    round and round until everyone passes in a row; a clan may add several."""
    state = table(3, first=1)
    for seat in range(3):
        place(state, seat, "warrior", "gimle")
    give(state, 0, "a1-tyrs-bash", "a2-heimdalls-eye")
    give(state, 1, "a1-tyrs-smash", "a2-heimdalls-eye-2", "a3-heimdalls-gaze")
    give(state, 2, "a1-tyrs-smite", "a2-tyrs-crush")
    state.active = 1
    act(state, Pillage("gimle"))
    no_calls(state)
    lay(state, {0: "a1-tyrs-bash", 1: "a1-tyrs-smash", 2: "a1-tyrs-smite"})
    asked = []
    assert isinstance(top(state), YggAfterReveal)
    asked.append(state.deciding()[0])
    act(state, Lay(card(state, "a3-heimdalls-gaze")))  # the pillager (seat 1)
    asked.append(state.deciding()[0])
    act(state, Pass())  # seat 2: Crush is no after-reveal card
    assert {a for a in legal(state) if isinstance(a, Lay)} == \
        {Lay(card(state, "a2-heimdalls-eye"))}
    asked.append(state.deciding()[0])
    act(state, Lay(card(state, "a2-heimdalls-eye")))  # seat 0
    asked.append(state.deciding()[0])
    act(state, Lay(card(state, "a2-heimdalls-eye-2")))  # seat 1 again
    while isinstance(top(state), YggAfterReveal):
        asked.append(state.deciding()[0])
        act(state, Pass())
    # the pillager (2nd seat) adds, the 3rd passes, the 1st adds, the pillager adds again;
    # the 3rd passes again and the others, with no card left, pass by themselves
    assert asked == [1, 2, 0, 1, 2]


def test_after_reveal_cards_count_in_the_total() -> None:
    """facts 38, 39: a card added after the reveal adds its +STR."""
    state = table(2)
    place(state, 0, "warrior", "gimle")
    place(state, 1, "warrior", "gimle")
    give(state, 0, "a1-tyrs-bash", "a2-heimdalls-eye")
    give(state, 1, "a1-tyrs-smash", "a1-odins-smite")
    act(state, Pillage("gimle"))
    lay(state, {0: "a1-tyrs-bash", 1: "a1-tyrs-smash"})
    assert state.deciding() == (0,)
    events = act(state, Lay(card(state, "a2-heimdalls-eye")))
    events += no_more(state)
    decided = next(e for e in events if e.kind == "ygg-decided")
    assert decided.totals == (1 + 2 + 2, 1 + 3)
    assert decided.winner == 0


def test_only_eye_and_gaze_may_be_added_after_the_reveal() -> None:
    """facts 38: only the cards that say so are added after the reveal."""
    state = table(2)
    place(state, 0, "warrior", "gimle")
    place(state, 1, "warrior", "gimle")
    give(state, 0, "a1-tyrs-bash", "a1-tyrs-smite")
    give(state, 1, "a1-tyrs-smash")
    act(state, Pillage("gimle"))
    lay(state, {0: "a1-tyrs-bash", 1: "a1-tyrs-smash"})
    assert isinstance(top(state), YggAfterReveal)
    assert legal(state) == [Pass()]
    assert "does not answer" in refusal(state, Lay(card(state, "a1-tyrs-smite")))


# -- the order texts resolve in (rulings 3, 4) -----------------------------------------------------
def test_primacy_then_watch_then_the_rest_from_the_pillager() -> None:
    """ruling 3: Thor's Primacy first, Heimdall's Watch second, everything else from the
    pillager clockwise: the Primacy cancels the Watch, so nothing is discarded, and Odin's
    Smite (cancelled too) kills nothing."""
    state = table(3)
    for seat in range(3):
        place(state, seat, "warrior", "gimle", 2)
    give(state, 0, "a1-odins-smite")
    give(state, 1, "a2-heimdalls-watch")
    give(state, 2, "a3-thors-primacy")
    act(state, Pillage("gimle"))
    no_calls(state)
    events = fight(state, {0: "a1-odins-smite", 1: "a2-heimdalls-watch",
                           2: "a3-thors-primacy"})
    works = [e for e in events if e.kind == "ygg-text"]
    assert [w.card_name for w in works] == ["Thor's Primacy"]
    assert not [e for e in events if e.kind == "ygg-destroyed" and e.why == "Odin's Smite"]
    decided = next(e for e in events if e.kind == "ygg-decided")
    assert decided.totals == (2 + 1, 2 + 0, 2 + 3)


def test_watch_resolves_before_smite_whoever_pillages() -> None:
    """ruling 3: Heimdall's Watch comes before every other text (Odin's Smite's player is
    the pillager, yet its card is discarded before it acts)."""
    state = table(2)
    place(state, 0, "warrior", "gimle", 2)
    place(state, 1, "warrior", "gimle", 2)
    give(state, 0, "a1-odins-smite", "a1-tyrs-bash")
    give(state, 1, "a2-heimdalls-watch", "a1-tyrs-smash")
    act(state, Pillage("gimle"))
    events = lay(state, {0: "a1-odins-smite", 1: "a2-heimdalls-watch"})
    assert not [e for e in events if e.kind == "ygg-destroyed"]
    assert state.glory[1] == 1
    events += fight(state, {0: "a1-tyrs-bash", 1: "a1-tyrs-smash"})
    decided = next(e for e in events if e.kind == "ygg-decided")
    assert decided.totals == (2 + 2, 2 + 3)


def test_same_texts_resolve_clockwise_from_the_pillager() -> None:
    """ruling 4: two clans revealing the same card resolve in turn, clockwise from the
    pillager: both Loki's Trickery players take their Rage in that order."""
    state = table(4, first=2)
    place(state, 2, "leader", "gimle")
    place(state, 0, "warrior", "gimle")
    place(state, 1, "warrior", "gimle")
    give(state, 0, "a1-lokis-trickery")
    give(state, 1, "a1-lokis-trickery-2")
    give(state, 2, "a1-tyrs-smash")
    state.rage = [0, 0, 1, 0]
    act(state, Pillage("gimle"))
    no_calls(state)
    events = fight(state, {0: "a1-lokis-trickery", 1: "a1-lokis-trickery-2",
                           2: "a1-tyrs-smash"})
    stolen = [e.seat for e in events if e.kind == "ygg-rage" and e.rage > 0]
    assert stolen == [0], "the first clockwise from the pillager takes the last Rage"
    assert state.rage == [1, 0, 0, 0]


# -- decisions taken with the rules engine (designed, assets/yggdrasil/rules.md) -------------------
def test_in_a_tie_lokis_cards_take_nothing_thors_glory_still_pays() -> None:
    """designed: a tie has no winner, so Loki's Trickery, Backstab and Poison take nothing;
    Thor's Glory pays when two enemy figures die in a battle its clan fought, won or not."""
    state = table(4)
    upgrade(state, 0, "a1-thors-glory")
    place(state, 0, "warrior", "gimle", 2)
    place(state, 1, "leader", "gimle")
    place(state, 1, "warrior", "gimle")
    give(state, 0, "a1-tyrs-bash")
    give(state, 1, "a3-lokis-poison")
    act(state, Pillage("gimle"))
    events = fight(state, {0: "a1-tyrs-bash", 1: "a3-lokis-poison"})
    assert next(e for e in events if e.kind == "ygg-decided").winner == -1
    assert state.table.where[card(state, "a1-tyrs-bash")] == hand(0)
    assert state.glory == [2, 0, 0, 0]


def test_a_clan_that_passed_acts_again_when_it_regains_rage() -> None:
    """designed (ruling 5 says it of any clan out of Rage): a clan that passed and then
    wins Rage back (Thor's Ascension in a battle it was called to) takes turns again."""
    state = table(3)
    place(state, 1, "warrior", "gimle")
    w = place(state, 0, "leader", "andlang")[0]
    give(state, 0, "a3-thors-ascension")
    act(state, REST)
    act(state, Pillage("gimle"))
    act(state, Join(w))
    fight(state, {0: "a3-thors-ascension"})
    assert state.rage[0] == 3
    act(state, REST)
    assert state.active == 0


def test_deaths_in_battle_triggers_for_a_clan_exactly_when_the_deaths_pay_it() -> None:
    """ruling 10, facts 67: "Deaths in battle" waits for the end of every battle, and is
    pushed for a clan in it only when resolving it would pay that clan something (Odin's
    Judgement revealed, a Valkyrie that joined, Thor's Glory on the sheet), for any count
    of deaths; a clan outside the battle is never asked."""
    state = table(3)
    upgrade(state, 0, "a1-thors-glory")
    upgrade(state, 1, "a2-valkyrie")
    place(state, 0, "warrior", "gimle")
    place(state, 1, "a2-valkyrie", "gimle")
    place(state, 2, "warrior", "gimle")
    give(state, 0, "a1-tyrs-bash", "a1-tyrs-smash")  # a card left: the window after the reveal
    give(state, 2, "a3-odins-judgement")
    act(state, Pillage("gimle"))
    no_calls(state)
    lay(state, {0: "a1-tyrs-bash", 2: "a3-odins-judgement"})
    assert isinstance(top(state), YggAfterReveal)
    assert state.fighters == [0, 1, 2]
    deaths = [a for a in ABILITIES if a.name == "Deaths in battle"]
    for killed in ([0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [2, 0, 0], [0, 0, 2],
                   [1, 1, 0], [0, 2, 1], [3, 0, 0]):
        state.killed = list(killed)
        event = BattleOver(province="gimle", killed=tuple(killed))
        for k, ability in enumerate(deaths):
            whose = ability.whose(state, event)
            if k >= state.players:
                assert whose is None
                continue
            paid = ability.effect(state.clone(), k, {})
            assert (whose == k) == bool(paid), (killed, k, whose, paid)
            assert whose in (None, k)
    state.killed = [2, 0, 0]
    state.fighters = [1, 2]  # a clan outside the battle is never asked
    assert deaths[0].whose(state, BattleOver(province="gimle", killed=(2, 0, 0))) is None
