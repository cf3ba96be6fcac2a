"""Setting up Yggdrasil by player count (facts 1-18): the clans' figures and stats, the
pillage and Ragnarök tokens, the provinces destroyed at once, the decks filtered by their
3+ and 4+ marks, and the first player."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.games.yggdrasil import board
from engine.games.yggdrasil.state import RESERVE, deck, packet
from tests.engine.yggdrasil.helpers import RING, YGG, new

COUNTS = (2, 3, 4)


@pytest.mark.parametrize("players", COUNTS)
def test_each_clan_has_a_leader_eight_warriors_and_a_ship_in_reserve(players: int) -> None:
    """facts 1: 1 Leader, 8 Warriors and 1 Ship, all in the reserve at the start; no
    monster until one is recruited."""
    state = new(players)
    for seat in range(players):
        kinds = Counter(state.figures[f].kind for f in state.figures.of(seat))
        assert kinds == {"leader": 1, "warrior": 8, "ship": 1}
        assert all(state.figures[f].at == RESERVE for f in state.figures.of(seat))
    assert len(state.figures) == 10 * players


def test_figure_strength_leader_3_ship_2_warrior_1() -> None:
    """facts 3: Leader 3, Ship 2 (not 1), Warrior 1."""
    state = new()
    assert [board.base_str(state, 0, k, "gimle") for k in ("leader", "ship", "warrior")] == \
        [3, 2, 1]


@pytest.mark.parametrize("players", COUNTS)
def test_stats_start_on_the_first_step_rage_6_axes_3_horns_4(players: int) -> None:
    """facts 4, 5: Rage 6, Axes 3, Horns 4; the Rage to spend starts at 6; Glory at 0."""
    state = new(players)
    for seat in range(players):
        assert [board.stat(state, s, seat) for s in ("rage", "axes", "horns")] == [6, 3, 4]
        assert state.rage[seat] == 6 and state.glory[seat] == 0


def test_stat_tracks_have_six_steps() -> None:
    """facts 5: Rage 6/7/8/9/12/12, Axes 3/4/5/6/8/8, Horns 4/5/6/7/10/10."""
    state = new()
    seen = {}
    for stat in ("rage", "axes", "horns"):
        values = []
        for step in range(1, 7):
            state.steps[stat] = (step,) * state.players
            values.append(board.stat(state, stat, 0))
        seen[stat] = values
    assert seen == {"rage": [6, 7, 8, 9, 12, 12], "axes": [3, 4, 5, 6, 8, 8],
                    "horns": [4, 5, 6, 7, 10, 10]}


@pytest.mark.parametrize("seed", range(6))
def test_pillage_tokens_yggdrasil_all_stats_and_the_mix_on_the_ring(seed: int) -> None:
    """facts 14: the triple-stat token always on Yggdrasil; the other eight (3 Rage, 2
    Axes, 2 Horns, one +5 Glory) shuffled onto the outer provinces."""
    state = new(seed=seed)
    assert state.tokens[YGG] == "all-stats"
    assert sorted(state.tokens) == sorted([YGG, *RING])
    assert Counter(state.tokens[p] for p in RING) == {"rage": 3, "axes": 2, "horns": 2,
                                                      "glory": 1}
    assert not state.pillaged


def test_pillage_tokens_are_shuffled() -> None:
    """facts 14: the eight tokens are shuffled onto the ring (different seeds, different
    layouts)."""
    layouts = {tuple(new(seed=s).tokens[p] for p in RING) for s in range(12)}
    assert len(layouts) > 1


@pytest.mark.parametrize(("players", "ruined"), [(4, 1), (3, 2), (2, 3)])
@pytest.mark.parametrize("seed", range(4))
def test_provinces_destroyed_at_start_by_player_count(players: int, ruined: int,
                                                      seed: int) -> None:
    """facts 15, 16: three Ragnarök tokens go on the Age track (the first names Doom's
    province); from the rest 1 province is destroyed with 4 players, 2 with 3, 3 with 2;
    never Yggdrasil, never an Age's province."""
    state = new(players, seed)
    assert len(state.doom) == 3 and len(set(state.doom)) == 3
    assert len(state.destroyed) == ruined
    assert YGG not in state.destroyed
    assert state.destroyed <= set(RING)
    assert not state.destroyed & set(state.doom)


def test_a_destroyed_province_holds_no_figure() -> None:
    """facts 16: a destroyed province can never hold figures: nobody may invade it."""
    state = new(2)
    for ruined in state.destroyed:
        assert board.room(state, ruined) == 0
        assert ruined not in board.destinations(state, 0, "warrior")
        assert ruined not in board.standing(state)


@pytest.mark.parametrize(("players", "size"), [(2, 20), (3, 26), (4, 34)])
def test_decks_are_filtered_by_their_marks(players: int, size: int) -> None:
    """facts 17: 4 players keep every card; 3 leave out the 4+ cards; 2 the 3+ and 4+
    cards: 20 / 26 / 34 cards per Age."""
    state = new(players)
    content = board.content()
    for age in (1, 2, 3):
        ids = [c for c in state.table.faces if c.startswith(f"y{age}")]
        assert len(ids) == size
        marks = Counter(content.cards[state.table.faces[c]].mark for c in ids)
        if players == 2:
            assert set(marks) == {"none"}
        elif players == 3:
            assert set(marks) == {"none", "3+"}
        else:
            assert marks == {"none": 20, "3+": 6, "4+": 8}


@pytest.mark.parametrize("players", COUNTS)
def test_each_age_deck_is_its_own(players: int) -> None:
    """facts 17: three Age decks by card back; Age 1 is dealt, Ages 2 and 3 wait."""
    state = new(players)
    content = board.content()
    for age in (2, 3):
        cards = state.table.cards_in(deck(age))
        assert cards and all(content.cards[state.table.faces[c]].age == age for c in cards)
    for seat in range(players):
        dealt = state.table.cards_in(packet(seat))
        assert all(content.cards[state.table.faces[c]].age == 1 for c in dealt)


def test_card_ids_say_nothing_of_their_faces() -> None:
    """facts 17 (the decks are shuffled): a card id names no face, so ids differ in face
    from one set-up to another."""
    one, other = new(seed=1), new(seed=2)
    assert any(one.table.faces[c] != other.table.faces[c] for c in one.table.faces)


@pytest.mark.parametrize("players", COUNTS)
def test_the_first_age_begins_with_gods_gifts(players: int) -> None:
    """facts 18, 19: the Saga starts on Gods' Gifts of Age 1; one player holds the
    first-player marker (designed: drawn at random)."""
    state = new(players)
    assert (state.age, state.phase) == (1, "gifts")
    assert 0 <= state.first < players and state.active == state.first
    firsts = {new(players, seed).first for seed in range(16)}
    assert len(firsts) > 1


def test_every_clan_starts_with_the_same_upgrade_slots() -> None:
    """facts 7: 1 Leader, 1 Warrior, 1 Ship, 2 Monster and 3 Clan slots."""
    assert dict(board.content().clan.slots) == {"leader": 1, "warrior": 1, "ship": 1,
                                                "monster": 2, "clan": 3}
