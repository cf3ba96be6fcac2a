"""The phases after the Action phase and the end of the game (facts 19, 43-49): Discard,
Quest, Ragnarök, Release Valhalla, the end of an Age, and the final Glory."""

from __future__ import annotations

import pytest

from engine.games.yggdrasil import board
from engine.games.yggdrasil.actions import REST, Keep, Pillage, Raise
from engine.games.yggdrasil.frames import YggChooseStat, YggDraft, YggKeep
from engine.games.yggdrasil.state import RESERVE, VALHALLA, hand, kept
from tests.engine.yggdrasil.helpers import (
    FJORD_GM,
    FJORD_UA,
    GAME,
    YGG,
    act,
    commit_quest,
    give,
    kinds_at,
    lay,
    place,
    settle,
    steps,
    table,
    top,
    upgrade,
)


def end_action(state) -> list:
    """Every clan is out of Rage: the phases after Action run until someone decides."""
    state.rage = [0] * state.players
    return settle(state)


def through(state, until: str = "gifts") -> list:
    """Answer every question with its first answer, and pass every turn, until the phase
    `until` begins or the game ends."""
    events = []
    while state.phase != until and state.result is None:
        seat = state.deciding()[0]
        actions = GAME.legal_actions(state, seat)
        events += act(state, REST if REST in actions else actions[0], seat)
    return events


# -- Discard (facts 43) ----------------------------------------------------------------------------
def test_each_clan_keeps_at_most_one_card_the_rest_unseen() -> None:
    """facts 43: at most 1 card kept for the next Age; the rest are discarded."""
    state = table(2)
    a, b = give(state, 0, "a1-tyrs-bash", "a1-tyrs-smite")
    c = give(state, 1, "a1-tyrs-smash")[0]
    end_action(state)
    frame = top(state)
    assert isinstance(frame, YggKeep) and set(frame.seats) == {0, 1}
    act(state, Keep(b), 0)
    assert state.table.where[b] not in (hand(1),)
    assert b not in GAME.view(state, 1).table.faces
    act(state, Keep(""), 1)
    assert state.table.where[b] == kept(0)
    assert state.table.where[a] == "box" and state.table.where[c] == "box"


def test_in_age_3_every_hand_is_discarded() -> None:
    """facts 43: in Age 3 all hands are discarded; nobody is asked."""
    state = table(2, age=3)
    a = give(state, 0, "a3-tyrs-rage")[0]
    events = end_action(state)
    assert not isinstance(top(state), YggKeep)
    assert state.table.where[a] == "box"
    assert any(e.kind == "ygg-discarded" for e in events)


# -- Quest (facts 44, section C) -------------------------------------------------------------------
def test_a_fulfilled_quest_pays_its_glory_and_a_stat_step_of_choice() -> None:
    """facts 44: a fulfilled quest gives its Glory plus one step on one clan stat of the
    owner's choice; every revealed quest is discarded."""
    state = table(2)
    q = commit_quest(state, 0, "a1-quest-of-alfheim")
    place(state, 0, "warrior", "gimle")
    events = end_action(state)
    assert any(e.kind == "ygg-quest-shown" and e.fulfilled for e in events)
    assert state.glory[0] == 5
    assert state.table.where[q] == "discard"
    assert isinstance(top(state), YggChooseStat) and state.deciding() == (0,)
    act(state, Raise("horns"))
    assert state.step("horns", 0) == 2


def test_a_failed_quest_gives_and_costs_nothing() -> None:
    """facts 44: a failed quest gives and costs nothing and is discarded."""
    state = table(2)
    q = commit_quest(state, 0, "a1-quest-of-manheim")
    place(state, 0, "warrior", "gimle")
    events = end_action(state)
    assert any(e.kind == "ygg-quest-shown" and not e.fulfilled for e in events)
    assert state.glory == [0, 0]
    assert not isinstance(top(state), YggChooseStat)
    assert state.table.where[q] == "discard"


def test_most_str_counts_the_fjords_and_a_tie_fails() -> None:
    """facts 44: "most STR" compares each clan's STR in a province with its supporting
    fjords; a tie fails."""
    state = table(2)
    commit_quest(state, 0, "a1-quest-of-alfheim")
    place(state, 0, "warrior", "andlang")
    place(state, 0, "ship", FJORD_UA)
    place(state, 1, "leader", "andlang")
    end_action(state)
    assert state.glory[0] == 0, "3 against 3 is a tie"
    state = table(2)
    commit_quest(state, 0, "a1-quest-of-alfheim")
    place(state, 0, "warrior", "andlang", 2)
    place(state, 0, "ship", FJORD_UA)
    place(state, 1, "leader", "andlang")
    end_action(state)
    assert state.glory[0] == 5


def test_a_region_quest_needs_one_standing_province_of_its_region() -> None:
    """section C: a region quest wants the most STR in at least one surviving province of
    its region."""
    state = table(2, destroyed=["gimle"])
    commit_quest(state, 0, "a1-quest-of-alfheim")
    place(state, 0, "ship", FJORD_GM)  # Gimle is gone; the fjord supports Myrkulor only
    end_action(state)
    assert state.glory[0] == 0


def test_duplicates_pay_separately() -> None:
    """facts 33, 44: two quests fulfilled pay twice, each with its own stat step."""
    state = table(4)
    commit_quest(state, 0, "a1-quest-of-alfheim")
    commit_quest(state, 0, "a1-quest-of-alfheim-2")
    place(state, 0, "warrior", "gimle")
    end_action(state)
    assert state.glory[0] == 10
    act(state, Raise("rage"))
    act(state, Raise("rage"))
    assert state.step("rage", 0) == 3


def test_glorious_death_counts_valhalla_before_ragnarok() -> None:
    """section C: Glorious Death wants at least 4 of your figures in Valhalla at Quest time,
    before Ragnarök adds its dead."""
    state = table(2, doom=("gimle", "horgr", "utgard"))
    commit_quest(state, 0, "a1-quest-of-a-glorious-death")
    place(state, 0, "warrior", VALHALLA, 3)
    place(state, 0, "warrior", "gimle", 3)  # Ragnarök will kill these, after the quests
    end_action(state)
    assert state.glory[0] == 3 * 2, "only Ragnarök's Glory"
    state = table(2)
    commit_quest(state, 0, "a1-quest-of-a-glorious-death")
    place(state, 0, "warrior", VALHALLA, 4)
    end_action(state)
    assert state.glory[0] == 6


def test_the_yggdrasil_quest() -> None:
    """section C: the Yggdrasil quest wants the most STR in Yggdrasil (6 Glory in Age 1)."""
    state = table(3)
    commit_quest(state, 0, "a1-quest-of-yggdrasil")
    place(state, 0, "leader", YGG)
    place(state, 1, "warrior", YGG, 2)
    end_action(state)
    assert state.glory[0] == 6


# -- Ragnarök (facts 45) ---------------------------------------------------------------------------
@pytest.mark.parametrize(("age", "each"), [(1, 2), (2, 3), (3, 4)])
def test_ragnarok_destroys_the_ages_province_and_pays_glory_per_death(age: int,
                                                                      each: int) -> None:
    """facts 45: the Age's province is destroyed for good; every figure in it and its
    fjords dies and earns its owner 2 / 3 / 4 Glory, monsters included."""
    doom = ["horgr", "utgard", "andlang"]
    doom[age - 1] = "gimle"
    state = table(2, age=age, doom=tuple(doom))
    upgrade(state, 1, "a1-troll")
    place(state, 0, "warrior", "gimle", 2)
    place(state, 0, "ship", FJORD_GM)
    place(state, 1, "a1-troll", "gimle")
    place(state, 1, "warrior", "myrkulor")
    events = end_action(state)
    assert any(e.kind == "ygg-doom" and e.province == "gimle" for e in events)
    assert "gimle" in state.destroyed
    assert kinds_at(state, 1, "myrkulor") == ["warrior"]
    assert state.glory == [3 * each, each]


def test_ragnarok_fjord_between_two_ruins_takes_no_ship() -> None:
    """facts 13, ruling 7: a fjord stays while one of its provinces stands; when both are
    destroyed no ship may enter it."""
    state = table(2, destroyed=["myrkulor"], doom=("gimle", "horgr", "utgard"))
    place(state, 0, "ship", FJORD_GM)
    end_action(state)
    assert kinds_at(state, 0, VALHALLA) == [] and kinds_at(state, 0, RESERVE)
    assert FJORD_GM not in board.open_fjords(state)
    assert FJORD_GM not in board.destinations(state, 0, "ship")


# -- Release Valhalla and the end of an Age (facts 46, 47) -----------------------------------------
def test_release_valhalla_returns_figures_to_the_reserve_board_stays() -> None:
    """facts 46: every figure in Valhalla returns to its owner's reserve; figures on the
    board stay."""
    state = table(2)
    dead = place(state, 0, "warrior", VALHALLA, 2)
    alive = place(state, 1, "leader", "horgr")[0]
    events = end_action(state)
    assert all(state.figures[f].at == RESERVE for f in dead)
    assert state.figures[alive].at == "horgr"
    assert any(e.kind == "ygg-released" and e.count == 2 for e in events)


def test_end_of_age_tokens_turn_back_the_first_player_passes_left() -> None:
    """facts 47, 19: pillage tokens flip back, the first-player token passes left, the
    next Age begins with Gods' Gifts."""
    state = table(3, first=2)
    state.pillaged = {"horgr", "gimle"}
    end_action(state)
    assert state.age == 2 and state.phase == "gifts"
    assert not state.pillaged
    assert state.first == 0
    assert isinstance(top(state), YggDraft)


def test_the_game_ends_after_age_3s_release() -> None:
    """facts 19, 48: the game ends after Age 3's Release Valhalla; most Glory wins."""
    state = table(2, age=3)
    state.glory = [10, 4]
    end_action(state)
    assert state.result is not None and state.result.winners == (0,)
    assert state.phase == "over"


def test_a_tie_for_most_glory_shares_the_win() -> None:
    """designed (rules.md, the end of the game): clans tied for the most Glory share it."""
    state = table(2, age=3)
    state.glory = [7, 7]
    end_action(state)
    assert state.result.winners == (0, 1)


# -- the final Glory (facts 48, 49) ----------------------------------------------------------------
@pytest.mark.parametrize(("step", "bonus"), [(1, 0), (3, 0), (4, 10), (5, 10), (6, 20)])
def test_end_game_stat_bonus(step: int, bonus: int) -> None:
    """facts 48: each stat on step 4 or 5 gives +10 Glory, on step 6 +20."""
    state = table(2, age=3)
    steps(state, 0, rage=step, axes=step, horns=step)
    end_action(state)
    assert state.glory[0] == 3 * bonus


def test_glory_from_every_source_adds_up() -> None:
    """facts 49: battle wins (Axes), the +5 Glory token, quests, Ragnarök deaths, cards
    and end-game stats all add to one Glory total."""
    state = table(2, age=3, doom=("horgr", "utgard", "muspelheim"))
    place(state, 0, "leader", "gimle")  # the +5 Glory token
    place(state, 1, "warrior", "gimle")
    place(state, 0, "warrior", "muspelheim")  # dies in Ragnarök: 4 Glory
    commit_quest(state, 0, "a3-quest-of-alfheim")  # 9 Glory
    give(state, 0, "a1-thors-hammer")  # +3 on winning
    steps(state, 0, horns=6)  # +20 at the end
    act(state, Pillage("gimle"))
    lay(state, {0: "a1-thors-hammer"})
    assert state.glory[0] == 5 + 3 + 3
    events = through(state, "over")
    assert state.glory[0] == 5 + 3 + 3 + 9 + 4 + 20
    assert events


def test_the_standing_board_follows_every_province_destroyed_and_undone() -> None:
    """Standing provinces and open fjords are read once per set of destroyed provinces
    (board._standing, board._open_fjords): a province destroyed later, or a clone back
    before it, reads its own board."""
    state = table(2, destroyed=["myrkulor"])
    before = state.clone()
    assert "gimle" in board.standing(state) and FJORD_GM in board.open_fjords(state)
    state.destroyed.add("gimle")
    assert "gimle" not in board.standing(state)
    assert board.standing(state)[0] == "yggdrasil"
    assert FJORD_GM not in board.open_fjords(state)
    assert "gimle" in board.standing(before) and FJORD_GM in board.open_fjords(before)
