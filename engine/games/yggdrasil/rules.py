"""Yggdrasil's rules on the core's frames: set-up, the Action phase's turns, and the phases
of an Age (ages.py). Every choice is a frame (frames.py), every card text an ability
(abilities.py); facts N and ruling N are ../shared/rules/yggdrasil-facts.md and
yggdrasil-clarifications-pt.txt."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from engine.core.actions import Action
from engine.core.basegame import BaseGame
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import GameState
from engine.core.options import GameOptions
from engine.core.rng import Rng
from engine.core.zones import Layout, Table, Visibility, Zone
from engine.games.yggdrasil import ages, board, turn
from engine.games.yggdrasil.abilities import ABILITIES
from engine.games.yggdrasil.doing import set_out_figures
from engine.games.yggdrasil.frames import start_seat
from engine.games.yggdrasil.state import (
    STATS,
    YggdrasilOptions,
    YggdrasilState,
    deck,
    hand,
    kept,
    laid,
    packet,
    quests,
    sheet,
    shown,
)

if TYPE_CHECKING:
    from engine.core.agent import Agent

YGGDRASIL = board.YGGDRASIL


def _y(state: GameState) -> YggdrasilState:
    assert isinstance(state, YggdrasilState)
    return state


class YggdrasilGame(BaseGame):
    name = "yggdrasil"
    title = "Yggdrasil"
    options_model = YggdrasilOptions
    abilities = ABILITIES

    def card_name(self, face: str) -> str:
        return board.content().cards[face].name

    def agent(self) -> Agent:
        from engine.games.yggdrasil.policy import YggdrasilPolicy

        return YggdrasilPolicy()

    # -- set-up (facts 1-18) ---------------------------------------------------------------------
    def setup(self, options: GameOptions, rng: Rng) -> GameState:
        assert isinstance(options, YggdrasilOptions)
        players = options.players
        content = board.content()
        faces: dict[str, str] = {}
        decks: dict[int, tuple[str, ...]] = {}
        for age in (1, 2, 3):
            keys = list(_deck(age, players))
            rng.shuffle(keys)  # ids are numbered after the shuffle: an id says no face
            ids = _ids(age, len(keys))
            faces.update(zip(ids, keys, strict=True))
            decks[age] = ids
        table = Table(faces)
        for age, ids in decks.items():
            table.add_zone(Zone(deck(age), f"Age {age} deck", Visibility.HIDDEN,
                                Layout.STACK, None, ids))
        for zone in _empty_zones(players):
            table.add_zone(zone)
        state = YggdrasilState(players, table, rng)
        start = content.clan.start_step
        state.steps = {stat: (start,) * players for stat in STATS}
        state.rage = [board.stat(state, "rage", s) for s in range(players)]
        state.glory = [0] * players
        state.killed = [0] * players
        state.figures = set_out_figures(players)
        _place_tokens(state, rng)
        state.first = rng.below(players)  # designed: the first player is drawn
        state.active = state.first
        ages.gods_gifts(state)
        return state

    # -- the Action phase ------------------------------------------------------------------------
    # The hot ones below narrow the state with an assert of their own rather than call
    # _y: they are asked at every turn (advance after every step of the match).
    def turn_actions(self, state: GameState) -> list[Action]:
        assert isinstance(state, YggdrasilState)
        if state.phase != "action":
            return []
        return turn.actions(state, state.active)

    def check_turn(self, state: GameState, action: Action) -> None:
        s = _y(state)
        if turn.offered(s, s.active, turn.listed(s, s.active, action)):
            return
        raise IllegalAction(turn.refusal(s, s.active, action))

    def perform(self, state: GameState, action: Action) -> list[Event]:
        assert isinstance(state, YggdrasilState)
        seat = state.active
        return turn.perform(state, seat, turn.listed(state, seat, action))

    def advance(self, state: GameState) -> list[Event] | None:
        assert isinstance(state, YggdrasilState)
        if state.result is not None:
            return None
        if state.phase == "action":
            return turn.next_turn(state)
        return ages.next_phase(state)

    def trigger_start(self, state: GameState) -> int:
        return start_seat(_y(state))


@cache
def _empty_zones(players: int) -> tuple[Zone, ...]:
    """The zones a match begins with empty: the box, the discard and each clan's own.
    Made once for each number of players and shared by every match, as clones share
    them: a zone is never changed, only replaced when its cards change (Zone)."""
    out = [Zone("box", "Put away unseen", Visibility.HIDDEN),
           Zone("discard", "Discard", Visibility.PUBLIC)]
    for seat in range(players):
        who = f"Player {seat + 1}"
        for name, label, seen, layout in (
                (packet(seat), "draft packet", Visibility.OWNER, Layout.SPREAD),
                (hand(seat), "hand", Visibility.OWNER, Layout.SPREAD),
                (kept(seat), "kept card", Visibility.OWNER, Layout.STACK),
                (quests(seat), "quests", Visibility.OWNER, Layout.SPREAD),
                (sheet(seat), "clan sheet", Visibility.PUBLIC, Layout.SPREAD),
                (laid(seat), "battle card", Visibility.OWNER, Layout.STACK),
                (shown(seat), "revealed cards", Visibility.PUBLIC, Layout.SPREAD)):
            out.append(Zone(name, f"{who}'s {label}", seen, layout, seat))
    return tuple(out)


@cache
def _deck(age: int, players: int) -> tuple[str, ...]:
    """An Age deck's card keys for `players` (read once: every match deals one)."""
    return tuple(c.key for c in board.content().deck(age, players))


@cache
def _ids(age: int, count: int) -> tuple[str, ...]:
    return tuple(f"y{age}{n:02d}" for n in range(count))


def _place_tokens(state: YggdrasilState, rng: Rng) -> None:
    """Pillage tokens: Yggdrasil's fixed, the rest shuffled onto the ring (facts 14);
    Ragnarök tokens: one per Age, then the provinces destroyed at once by player count
    (facts 15, 16)."""
    content = board.content()
    rewards = [t.reward for t in content.outer_tokens()]
    rng.shuffle(rewards)
    state.tokens = {YGGDRASIL: next(t.reward for t in content.board.pillage_tokens if t.place)}
    state.tokens.update(zip(content.board.ring, rewards, strict=True))
    doom = list(content.board.ragnarok.tokens)
    rng.shuffle(doom)
    state.doom = doom[:3]
    ruined = content.board.ragnarok.destroyed_at_start[str(state.players)]  # type: ignore[index]
    state.destroyed = set(doom[3:3 + ruined])
