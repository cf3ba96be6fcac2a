"""The battle's and the draft's quick readings against the plain ones they stand for, at
every step of whole random games (an eager player, so the cards meet in battle): a
reading made in one pass, or kept, that went astray would part from the plain one here."""

from __future__ import annotations

import itertools
import random
import sys
import threading
from collections.abc import Iterator

import pytest

from engine.core.frames import with_seats
from engine.core.rng import Rng
from engine.core.table_events import Chosen
from engine.core.zones import Layout, Visibility, Zone
from engine.games.yggdrasil import abilities, ages, battle, board, doing, frames, rules, turn
from engine.games.yggdrasil import state as state_module
from engine.games.yggdrasil.actions import Pick
from engine.games.yggdrasil.content import TRIGGERS
from engine.games.yggdrasil.events import BattleLost, BattleWon, KeptCard, made_once
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


@pytest.mark.parametrize(("seed", "players"), [(13, 4), (14, 2)])
def test_a_hidden_choice_asks_the_rest_as_any_commit_does(seed: int, players: int) -> None:
    """A YggCommit's frame asking the clans still to choose, made once, is the one the
    core's with_seats makes afresh (a save names it the same), for every set of clans of
    every pick, card kept and battle card of whole games; and an answer leaves the frames
    and the table as Commit's own reading of that answer does (two clones of each state)."""
    kinds: set[type] = set()
    for state in _states(seed, players):
        top = state.frames[-1] if state.frames else None
        if not isinstance(top, frames.YggCommit):
            continue
        kinds.add(type(top))
        for size in range(1, len(top.seats) + 1):
            for seats in itertools.combinations(top.seats, size):
                made = top.asking(seats)
                fresh = with_seats(top, seats)
                assert type(made) is type(fresh) and made == fresh and made.seats == seats
        seat = top.seats[0]
        choice = top.answers(state, seat)[0]
        quick, plain = state.clone(), state.clone()
        assert isinstance(quick, YggdrasilState) and isinstance(plain, YggdrasilState)
        quick.frames.pop()
        plain.frames.pop()
        events = top.answer(quick, seat, choice)
        secret = top.keep(plain, seat, choice)
        rest = tuple(s for s in top.seats if s != seat)
        expected = [Chosen(seat=seat, choice=secret, seen_by=frozenset({seat}))]
        if rest:
            plain.frames.append(with_seats(top, rest))
        else:
            expected += top.reveal(plain)
        assert events == expected
        assert quick.frames == plain.frames and quick.table.zones == plain.table.zones
    assert kinds == {frames.YggDraft, frames.YggKeep, battle.YggBattleCards}


def test_the_windows_of_a_battle_made_once_are_those_made_afresh() -> None:
    """Call to Battle and the after-reveal window, made once for each seat and count of
    passes, equal the frames made afresh (and a save names them as it names those)."""
    for seat in range(4):
        for passes in range(4):
            assert battle._calling(seat, passes) == battle.YggCall(seats=(seat,), passes=passes)
            assert battle._adding(seat, passes) == \
                battle.YggAfterReveal(seats=(seat,), passes=passes)


@pytest.mark.parametrize(("seed", "players"), [(15, 4), (16, 3)])
def test_the_cards_put_away_at_once_lie_as_put_away_clan_by_clan(seed: int,
                                                                 players: int) -> None:
    """The draft's last packets and the hands of the Discard phase go into the box in one
    move: the table after it is the table after moving each clan's cards in turn."""
    reveals = 0
    for state in _states(seed, players):
        top = state.frames[-1] if state.frames else None
        if not isinstance(top, frames.YggDraft | frames.YggKeep) or len(top.seats) != 1:
            continue
        seat = top.seats[0]
        for choice in top.answers(state, seat):
            quick, plain = state.clone(), state.clone()
            assert isinstance(quick, YggdrasilState) and isinstance(plain, YggdrasilState)
            quick.frames.pop()
            plain.frames.pop()
            top.keep(quick, seat, choice)
            top.keep(plain, seat, choice)
            quick_events = top.reveal(quick)
            last = isinstance(top, frames.YggKeep) or \
                plain.picks + top.take >= board.content().decks.draft.hand
            if not last:
                continue
            reveals += 1
            for s in range(players):  # the plain way, clan by clan
                away = frames.PACKETS[s] if isinstance(top, frames.YggDraft) else frames.HANDS[s]
                doing.put_all(plain, plain.table.cards_in(away), "box")
            if isinstance(top, frames.YggDraft):
                plain.picks += top.take
                for s in range(players):
                    doing.put_all(plain, plain.table.cards_in(state_module.kept(s)),
                                  frames.HANDS[s])
                assert quick_events == [frames.PASSED[plain.picks]]
            else:
                for s in range(players):
                    kept = plain.table.cards_in(state_module.kept(s))
                    assert quick_events[1 + s].some == bool(kept)  # type: ignore[attr-defined]
            assert quick.table.zones == plain.table.zones
            assert quick.table.where == plain.table.where
            assert quick.table.face_up == plain.table.face_up
    assert reveals


def test_values_made_once_are_those_made_afresh() -> None:
    """Events and frames made once for each set of facts equal the ones made afresh, and
    are handed out again; a maker given other facts than its own refuses."""
    won = made_once(BattleWon, "seat", "province")
    assert won(1, "p") == BattleWon(seat=1, province="p")
    assert won(1, "p") is won(1, "p")
    with pytest.raises(ValueError):
        won(1)
    assert battle.LOST(2, "p", 1) == BattleLost(seat=2, province="p", winner=1)
    assert battle._prowess(3) == battle.YggProwess(seats=(3,))
    assert frames._choosing(1, "rage", "why") == \
        frames.YggChooseStat(seats=(1,), but="rage", why="why")
    assert frames._marching_on(0, "a", "b") == frames.YggMarchOn(seats=(0,), source="a", to="b")
    assert frames._kept(2, "") == KeptCard(seat=2, some=False, card_name="",
                                            seen_by=frozenset({2}))
    assert frames.asked(battle.YggBattleCards, (1, 3), (0, 1, 3)) == \
        battle.YggBattleCards(seats=(1, 3), order=(0, 1, 3))
    assert ages.YggDoomGlory() == ages.DOOM_GLORY


def test_the_zones_every_match_shares_stay_empty() -> None:
    """The empty zones a set-up shares with every match are never changed by one: after
    a whole game they hold no card, and a new match begins with them (those the set-up
    deals into replaced)."""
    *_, last = _states(17, 4)
    assert last.result is not None
    shared = rules._empty_zones(4)
    assert all(not zone.cards for zone in shared)
    fresh = GAME.setup(YggdrasilOptions(players=4), Rng(18))
    for zone in shared:  # the set-up deals into some: those are replaced, not changed
        now = fresh.table.zones[zone.name]
        assert now is zone or (now.cards and Zone(
            now.name, now.label, now.visibility, now.layout, now.owner) == zone)
    assert fresh.table.zones[state_module.hand(3)] == Zone(
        state_module.hand(3), "Player 4's hand", Visibility.OWNER, Layout.SPREAD, 3)


def test_a_pick_puts_its_card_away_as_doing_put_does() -> None:
    """A pick moves its card into the hand as doing.put would (face down), for every pick
    of a whole game, a card turned face up in its packet included."""
    picks = 0
    for state in _states(19, 4):
        top = state.frames[-1] if state.frames else None
        if not isinstance(top, frames.YggDraft):
            continue
        for seat in top.seats:
            for pick in top.answers(state, seat)[:2]:
                assert isinstance(pick, Pick)
                for up in (False, True):
                    quick, plain = state.clone(), state.clone()
                    assert isinstance(quick, YggdrasilState) and isinstance(plain, YggdrasilState)
                    for twin in (quick, plain):
                        twin.table.set_face(pick.cards[0], up)
                    top.keep(quick, seat, pick)
                    doing.put(plain, pick.cards[0], state_module.hand(seat))
                    picks += 1
                    assert quick.table.zones == plain.table.zones
                    assert quick.table.face_up == plain.table.face_up
    assert picks


@pytest.mark.parametrize(("seed", "players"), [(20, 4), (21, 3)])
def test_a_text_waiting_for_the_reveal_is_whose_the_board_says(seed: int,
                                                              players: int) -> None:
    """Whose each reveal text is (read in one call) is the clan in the battle that
    board.has_live_text finds showing it, for every clan at every step of battles."""
    asked = 0
    for state in _states(seed, players):
        if not state.fight:
            continue
        for key in ("cancel-texts", "discard-and-replay", "smite-warrior", "keep-one-figure"):
            for seat in range(players):
                asked += 1
                plain = seat in state.fighters and board.has_live_text(state, seat, key)
                assert abilities._text(key)(seat)(state, None) == (seat if plain else None)  # type: ignore[arg-type]
    assert asked


def test_a_bare_sheet_gives_no_upgrade_text() -> None:
    """A clan whose sheet the invasion and death texts read as bare has no rule and no
    gain from it, at every step of a game; a sheet with an upgrade is never bare."""
    bare = dressed = 0
    for state in _states(22, 4):
        for seat in range(4):
            sheet = board.clan_sheet(state, seat)
            if abilities._bare(state, seat):
                bare += 1
                assert not sheet.cards and not sheet.rules
                assert not any(sheet.gains(on) for on in TRIGGERS)
            else:
                dressed += 1
                assert sheet.cards
    assert bare and dressed


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


def test_readings_kept_between_listings_hold_with_two_threads_reading() -> None:
    """A computer player thinks in a thread of its own while the window lists moves: two
    threads reading the kept readings of two games at once (the standing provinces, the
    open land, each clan's muster and sheet), switching as often as the interpreter lets
    them, each read what the plain readings say of its own state (a reading kept as
    several fields, written one after another, once handed one thread the other's open
    land)."""
    failures: list[str] = []

    def read(seed: int) -> None:
        try:
            for state in _states(seed, 4):
                for _ in range(3):
                    _check_kept_readings(state)
        except AssertionError as failed:
            failures.append(f"seed {seed}: {failed}")

    switching = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=read, args=(seed,)) for seed in (21, 22)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(switching)
    assert not failures, failures[0]
