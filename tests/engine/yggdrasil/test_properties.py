"""Yggdrasil under random legal play: its own invariants (villages, Horns, Rage, stats,
slots, the board and the cards), the engine contract (cards conserved, refusals with a
reason changing nothing, no hidden card in another seat's view or log line, undo and redo,
save and load), and a turn action accepted exactly when it is listed."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import invariants, saves
from engine.core.declared import _compiled
from engine.core.errors import IllegalAction
from engine.core.frames import Pass, Use
from engine.core.game import RuleMode
from engine.core.match import Match
from engine.core.rng import Rng
from engine.games.yggdrasil import board
from engine.games.yggdrasil.actions import (
    Choose,
    Invade,
    Join,
    Lay,
    March,
    Pillage,
    Quest,
    Reclaim,
    Rest,
    Sacrifice,
    Upgrade,
)
from engine.games.yggdrasil.frames import YggDestroy
from engine.games.yggdrasil.state import (
    PHASES,
    RESERVE,
    VALHALLA,
    YggdrasilOptions,
    YggdrasilState,
    hand,
    kept,
    laid,
    packet,
    quests,
    sheet,
)
from tests.conformance.test_conformance import check_events, check_now, check_refusals
from tests.engine.yggdrasil.helpers import GAME

EAGER = {Upgrade: 6.0, Pillage: 5.0, Join: 4.0, Invade: 3.0, Lay: 3.0, Use: 3.0, Sacrifice: 3.0,
         Choose: 2.0, Reclaim: 2.0, Rest: 0.1, Pass: 0.5}


def broken(state: YggdrasilState) -> str | None:
    """The first of Yggdrasil's own invariants the state breaks, or None."""
    content = board.content()
    problem = state.figures.check(frozenset(state.table.faces))
    if problem:
        return problem
    dying = {f for frame in state.frames if isinstance(frame, YggDestroy)
             for f in frame.figures}  # Ragnarök's dead while a Volur Witch may still retreat
    for p in content.outer:
        held = len(state.figures.at(p.key))
        if p.key in state.destroyed and set(state.figures.at(p.key)) - dying:
            return f"{p.key} is destroyed yet holds {held} figures (facts 16)"
        if held > p.villages:
            return f"{p.key} holds {held} figures in {p.villages} villages (facts 10)"
    for f in content.board.fjords:
        if all(p in state.destroyed for p in f.supports) and set(state.figures.at(f.key)) - dying:
            return f"{f.key} lies between two ruins yet holds ships (ruling 7)"
    for seat in range(state.players):
        if len(board.on_board(state, seat)) > board.stat(state, "horns", seat):
            return f"Player {seat + 1} has more figures on the board than its Horns (facts 6)"
        if state.rage[seat] < 0:
            return f"Player {seat + 1}'s Rage is negative"
        for stat in ("rage", "axes", "horns"):
            if not 1 <= state.step(stat, seat) <= 6:
                return f"Player {seat + 1}'s {stat} is off its track (facts 5)"
        on_sheet = [board.card(state, c) for c in state.table.cards_in(sheet(seat))]
        for slot, room in content.clan.slots.items():
            if sum(c.slot == slot for c in on_sheet) > room:
                return f"Player {seat + 1} has too many {slot} upgrades (facts 7)"
        monsters = {c.key for c in on_sheet if c.kind == "monster"}
        figures = {state.figures[f].kind for f in state.figures.of(seat)
                   if board.monster(state.figures[f].kind) is not None}
        if monsters != figures:
            return f"Player {seat + 1}'s monster figures {figures} are not its cards " \
                   f"{monsters} (facts 32, ruling 9)"
        for f in state.figures.of(seat):
            at = state.figures[f].at
            kind = state.figures[f].kind
            if at in (RESERVE, VALHALLA):
                continue
            if board.is_ship(kind) != board.is_fjord(at):
                return f"{f} ({kind}) stands in {at} (facts 28, ruling 25)"
    return None


@settings(max_examples=20, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]),
       eager=st.booleans())
def test_random_play_keeps_yggdrasils_invariants(seed: int, players: int,
                                                 eager: bool) -> None:
    """Whole games of random legal play (an `eager` player upgrades, pillages, calls to
    battle and plays its cards rather than passing, so the cards meet in battle): the
    board, the sheets and the stats stay within the rules after every action, a game that
    is not over always offers an action, an Age's phases only go forward, and the game
    ends after Age 3 with a winner."""
    state = GAME.setup(YggdrasilOptions(players=players), Rng(seed))
    assert isinstance(state, YggdrasilState)
    everything = frozenset(state.table.faces)
    pick = random.Random(seed)
    for _ in range(2000):
        if state.result is not None:
            break
        seat = state.deciding()[0]
        actions = GAME.legal_actions(state, seat)
        assert actions, "a match that is not over always offers an action"
        age, phase = state.age, state.phase
        weights = [EAGER.get(type(a), 1.0) if eager else 1.0 for a in actions]
        GAME.apply(state, pick.choices(actions, weights)[0], seat)
        assert state.table.check_conservation(everything) is None
        problem = broken(state)
        assert problem is None, problem
        if state.result is None and state.age == age:
            assert PHASES.index(state.phase) >= PHASES.index(phase), "a phase went back"
        assert state.age >= age
    assert state.result is not None and state.age == 3
    assert state.result.winners
    assert all(state.glory[w] == max(state.glory) for w in state.result.winners)
    assert len(state.glory_by_age) == 3


def _match(seed: int, players: int) -> Match:
    return Match(GAME, YggdrasilOptions(players=players), seed, RuleMode.ENFORCED)


@settings(max_examples=10, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]),
       picks=st.lists(st.integers(0, 10_000), min_size=10, max_size=70))
def test_the_engine_contract_along_any_path(seed: int, players: int,
                                            picks: list[int]) -> None:
    """Along any path of legal actions: cards are conserved, no view names a hidden card
    and no log line tells a seat the name of a card it could not see, refused actions
    (out of turn, unknown, a referee's) give a reason and change nothing; then undo to the
    start meets every earlier state, redo meets them again, and save -> load -> save is
    byte-identical."""
    match = _match(seed, players)
    hashes = [match.state_hash()]
    for number, pick in enumerate(picks, start=1):
        actions = match.legal_actions()
        if not actions:
            break
        action = actions[pick % len(actions)]
        where = f"seed {seed}, {players} players, action {number} ({action.key()})"
        before = match.state
        events = match.submit(action)
        hashes.append(match.state_hash())
        check_now(match, where)
        check_events(match, before, events, where)
        if number % 3 == 0:
            check_refusals(match, where)
    assert invariants.undo_redo_round_trip(match, hashes) is None
    assert invariants.save_round_trip(match) is None


@settings(max_examples=3, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_a_whole_game_saves_loads_and_hides_what_it_must(seed: int, players: int) -> None:
    """A whole game through a Match: every log line and view along it hides what it must;
    the finished game saves and loads to the same state and bytes; redo after undoing its
    last actions gives the same events."""
    match = _match(seed, players)
    agent = random.Random(seed)
    while match.outcome() is None:
        actions = match.legal_actions()
        before = match.state
        events = match.submit(agent.choice(actions))
        check_events(match, before, events, f"seed {seed}, step {len(match.steps)}")
    assert invariants.hidden_stays_hidden(match) is None
    assert invariants.save_round_trip(match) is None
    logged = list(match.log())
    match.take_backs = True
    for _ in range(20):
        match.undo()
    while match.can_redo():
        match.redo()
    assert list(match.log()) == logged
    text = saves.dumps(match)
    assert saves.dumps(saves.loads(text, "yggdrasil")) == text


def _words(node: object) -> set[str]:
    """Every string in a JSON value, keys and values, and each part of a '<a>/<b>' key."""
    if isinstance(node, str):
        return {node, *node.split("/")}
    if isinstance(node, dict):
        return {w for k, v in node.items() for w in _words(k) | _words(v)}
    if isinstance(node, list | tuple | set | frozenset):
        return {w for v in node for w in _words(v)}
    return set()


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (3, 4)])
def test_fields_shown_to_every_seat_name_no_card_and_views_hide_the_private_piles(
        seed: int, players: int) -> None:
    """The fields declared public (every seat's view shows them unmasked) never name a
    card, at any step of a whole game; and no seat's view, table or fields, names a card
    in another clan's packet, hand, kept card, quests or face-down battle card."""
    specs = _compiled(YggdrasilState).specs
    public = [name for name, spec in specs.items() if spec.view == "public" and not spec.cache]
    assert {"phase", "steps", "tokens", "pillaged", "destroyed", "doom", "fight", "joined",
            "spared"} <= set(public)
    match = _match(seed, players)
    agent = random.Random(seed)
    while match.outcome() is None:
        state = match.state
        cards = state.table.faces.keys()
        for name in public:
            named = _words(state.to_json()[name]) & cards
            assert not named, f"step {len(match.steps)}: {name} names {sorted(named)}"
        for seat in range(players):
            private = {c for other in range(players) if other != seat
                       for zone in (packet(other), hand(other), kept(other), quests(other),
                                    laid(other))
                       for c in state.table.cards_in(zone)}
            seen = match.view(seat)
            shown = _words(seen.to_json()) | seen.table.where.keys() | seen.table.faces.keys()
            assert not shown & private, f"step {len(match.steps)}: Player {seat + 1} sees " \
                                        f"{sorted(shown & private)}"
        match.submit(agent.choice(match.legal_actions()))


def _tries(state: YggdrasilState, seat: int) -> set:
    """Turn actions worth trying: every figure kind into every place, every figure of
    every clan to every province, every card of every hand as an upgrade (with every card
    on the sheet replaced) and as a quest, every pillage and sacrifice."""
    content = board.content()
    places = [p.key for p in content.board.provinces] + [f.key for f in content.board.fjords]
    kinds = {"leader", "warrior", "ship", *(state.figures[f].kind for f in state.figures)}
    tries: set = set()
    for kind in kinds:
        for to in places:
            tries.add(Invade(kind, to))
            tries.add(Invade(kind, to, True))
    for f in state.figures:
        for to in places:
            tries.add(March(f, to))
    on_sheet = state.table.cards_in(sheet(seat))
    for other in range(state.players):
        for c in state.table.cards_in(hand(other)):
            tries.add(Upgrade(c))
            tries.update(Upgrade(c, u) for u in on_sheet)
            tries.add(Quest(c))
    tries.update(Pillage(p.key) for p in content.board.provinces)
    tries.update(Sacrifice(s) for s in ("rage", "axes", "horns"))
    return tries


@settings(max_examples=4, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]))
def test_a_turn_action_is_accepted_exactly_when_it_is_listed(seed: int, players: int) -> None:
    """The check of one action agrees with the whole listing on every turn of the Action
    phase (facts 24-34): every listed action passes, nothing else among the invasions,
    marches, upgrades, quests, pillages and sacrifices does, and each refusal gives a
    reason and changes nothing."""
    state = GAME.setup(YggdrasilOptions(players=players), Rng(seed))
    assert isinstance(state, YggdrasilState)
    pick = random.Random(seed)
    checked = 0
    while state.result is None and checked < 12:
        seat = state.deciding()[0]
        actions = GAME.legal_actions(state, seat)
        if not state.frames and state.phase == "action":
            checked += 1
            listed = set(actions)
            before = state.state_hash()
            tries = sorted(_tries(state, seat), key=lambda a: a.key())
            for action in pick.sample(tries, min(200, len(tries))) + actions:
                try:
                    GAME.check(state, action, seat)
                    accepted = True
                except IllegalAction as exc:
                    accepted = False
                    assert exc.reason, action
                canonical = action
                if isinstance(action, Upgrade | Quest) and \
                        action.card in state.table.cards_in(hand(seat)):
                    face = state.table.faces[action.card]
                    first = next(c for c in state.table.cards_in(hand(seat))
                                 if state.table.faces[c] == face)
                    canonical = dataclasses.replace(action, card=first)
                if isinstance(action, March) and action.figure in state.figures and \
                        state.figures[action.figure].kind == "warrior" and \
                        state.figures[action.figure].owner == seat:
                    at = state.figures[action.figure].at
                    first = next((f for f in board.own(state, seat, at)
                                  if state.figures[f].kind == "warrior"), action.figure)
                    canonical = dataclasses.replace(action, figure=first)
                assert accepted == (canonical in listed), action
            assert state.state_hash() == before
        GAME.apply(state, pick.choice(actions), seat)
