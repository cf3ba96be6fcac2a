"""The battle's and the draft's quick readings against the plain ones they stand for, at
every step of whole random games (an eager player, so the cards meet in battle): a
reading made in one pass, or kept, that went astray would part from the plain one here."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine.core.rng import Rng
from engine.games.yggdrasil import battle, board, frames, turn
from engine.games.yggdrasil.content import TRIGGERS
from engine.games.yggdrasil.frames import YggSpare
from engine.games.yggdrasil.sheet import Sheet
from engine.games.yggdrasil.state import YggdrasilOptions, YggdrasilState
from tests.engine.yggdrasil.helpers import GAME
from tests.engine.yggdrasil.test_properties import EAGER


def _states(seed: int, players: int) -> Iterator[YggdrasilState]:
    """Every state of a whole game of eager random play, after each action."""
    state = GAME.setup(YggdrasilOptions(players=players), Rng(seed))
    assert isinstance(state, YggdrasilState)
    pick = random.Random(seed)
    while state.result is None:
        yield state
        seat = state.deciding()[0]
        actions = GAME.legal_actions(state, seat)
        weights = [EAGER.get(type(a), 1.0) for a in actions]
        GAME.apply(state, pick.choices(actions, weights)[0], seat)
    yield state


@pytest.mark.parametrize(("seed", "players"), [(1, 4), (2, 3), (3, 2), (4, 4)])
def test_the_clans_called_to_battle_are_those_with_figures_to_send(seed: int,
                                                                  players: int) -> None:
    """`_callers`, read for every clan at once, names exactly the clans `_joiners` lists
    a figure for, in every battle of a game."""
    battles = 0
    for state in _states(seed, players):
        if not state.fight or board.room(state, state.fight) <= 0:
            continue
        battles += 1
        callers = battle._callers(state)
        for seat in range(players):
            assert (seat in callers) == bool(battle._joiners(state, seat)), \
                f"seed {seed}: seat {seat} at {state.fight}"
    assert battles


def test_a_clan_that_may_keep_figures_from_dying_is_asked() -> None:
    """`_may_spare`, the quick question `kill` puts to each clan whose figures die, is
    never "no" when a YggSpare for those figures would list an answer: with and without
    Frigga's Protection, for each clan's figures on the board at every step of games."""
    spared = 0
    for seed, players in ((5, 4), (6, 3), (7, 2), (8, 4)):
        for state in _states(seed, players):
            for seat in range(players):
                mine = board.on_board(state, seat)
                for protection in (True, False):
                    spare = YggSpare(seats=(seat,), figures=tuple(mine), why="a test",
                                     protection=protection)
                    if spare.answers(state, seat):
                        spared += 1
                        assert frames._may_spare(state, seat, mine, protection), \
                            f"seed {seed}: seat {seat} may spare {mine}"
    assert spared


@pytest.mark.parametrize(("seed", "players"), [(9, 4), (10, 2)])
def test_a_march_asks_for_followers_exactly_when_some_may_follow(seed: int,
                                                                 players: int) -> None:
    """`_may_follow`, asked after every march, is "yes" exactly when `_followers` lists a
    figure: for every clan, from every place it stands, to every province beside."""
    asked = 0
    for state in _states(seed, players):
        for seat in range(players):
            for source in {state.figures[f].at for f in board.on_board(state, seat)}:
                if board.is_fjord(source):
                    continue
                for to in board.adjacent(source):
                    asked += 1
                    assert frames._may_follow(state, seat, source, to) == \
                        bool(frames._followers(state, seat, source, to)), \
                        f"seed {seed}: seat {seat} from {source} to {to}"
    assert asked


def test_every_step_of_a_battle_runs_its_own_method_from_its_own_frame() -> None:
    """The battle's steps are looked up by name: each name a step pushes runs the method
    of that name, from a frame equal to one made afresh, and every step method is named."""
    methods = {name[1:] for name in vars(battle.YggBattle)
               if name.startswith("_") and not name.startswith("__") and name != "_then"}
    assert set(battle._STEPS) == methods
    for step, run in battle._STEPS.items():
        assert run is getattr(battle.YggBattle, f"_{step}")
        assert battle.BATTLE_STEPS[step] == battle.YggBattle(step=step)


@pytest.mark.parametrize(("seed", "players"), [(11, 4), (12, 3)])
def test_a_battle_lists_its_joiners_and_fighters_as_the_board_reads_them(
        seed: int, players: int) -> None:
    """`_joiners` lists what board.movers finds in each standing province beside the
    battle, and the fight step counts in exactly the clans board.in_battle finds there (run
    on a clone at every step of a battle)."""
    fights = 0
    for state in _states(seed, players):
        if not state.fight:
            continue
        fights += 1
        for seat in range(players):
            plain = [f for p in board.adjacent(state.fight) if p not in state.destroyed
                     for f in board.movers(state, seat, p)] \
                if board.room(state, state.fight) > 0 else []
            assert battle._joiners(state, seat) == plain
        twin = state.clone()
        assert isinstance(twin, YggdrasilState)
        battle.BATTLE_STEPS["fight"].run(twin)
        assert twin.fighters == [seat for seat in board.seats_from(state, state.pillager)
                                 if board.in_battle(state, seat, state.fight)]
    assert fights


def test_a_sheet_finds_the_upgrades_that_gain_by_what_the_card_says() -> None:
    """Sheet.gains finds exactly the upgrades with an effect that waits for the moment, for
    every card and every moment (any fact named `on`, whatever kind of effect it is)."""
    for card in board.content().cards.values():
        for on in TRIGGERS:
            plain = any(getattr(e, "on", None) == on for e in card.effects)
            assert Sheet((card,)).gains(on) == ((card,) if plain else ()), (card.key, on)


def _plain_open_land(state: YggdrasilState) -> tuple[str, ...]:
    return tuple(p for p in board.standing(state) if board.room(state, p) > 0)


def _plain_in_reserve(state: YggdrasilState, seat: int, kind: str) -> str | None:
    return next((f for f in state.figures.of(seat) if state.figures[f].kind == kind
                 and state.figures[f].at == board.RESERVE), None)


def _check_kept_readings(state: YggdrasilState) -> None:
    """The readings kept from one listing to the next (the standing provinces, the open
    land and what it lists, each clan's muster and sheet) against the plain ones, for
    every clan."""
    standing = board.standing_now(state)
    assert standing == tuple(board.standing(state))
    assert board.open_land(state, standing) == _plain_open_land(state)
    assert turn._land(board.open_land(state, standing)).everywhere == _plain_open_land(state)
    for seat in range(state.players):
        fresh = board.Muster(state, seat)
        kept = board.muster(state, seat)
        assert (kept.reserve, kept.valhalla, kept.places, kept.on_board) == \
            (fresh.reserve, fresh.valhalla, fresh.places, fresh.on_board)
        faces = state.table.faces
        assert board.clan_sheet(state, seat).cards == tuple(
            board.content().cards[faces[c]] for c in state.table.cards_in(f"sheet:{seat}"))
        for kind in board.reserve_kinds(state, seat):
            assert board.in_reserve(state, seat, kind) == _plain_in_reserve(state, seat, kind)


@pytest.mark.parametrize(("seed", "players"), [(13, 4), (14, 2)])
def test_readings_kept_between_listings_never_go_stale(seed: int, players: int) -> None:
    """The open land, the standing provinces and each clan's muster, kept by the figures'
    stamp and brought up to date from the one figure that changed, read as the plain
    readings do at every step of two games played by turns (each one's reading comes
    after the other's) and of a clone played one step aside, then the state again."""
    pick = random.Random(seed)
    checked = 0
    for one, other in zip(_states(seed, players), _states(seed + 100, players), strict=False):
        for state in (one, other):
            _check_kept_readings(state)
            if state.result is None and not state.frames and state.phase == "action":
                twin = state.clone()
                assert isinstance(twin, YggdrasilState)
                seat = twin.deciding()[0]
                GAME.apply(twin, pick.choice(GAME.legal_actions(twin, seat)), seat)
                _check_kept_readings(twin)
                _check_kept_readings(state)
                checked += 1
    assert checked
