"""Nordguard's typed events: what happened is facts, and the log line is said from them.

The table and the docks read the facts (the summary counts entries, events drawn and
fights; the Dice dock every roll's pool, faces and total), so a run must leave nothing
but typed events, and each must read alike to every seat: nothing in a co-operative run
is one seat's secret.
"""

from __future__ import annotations

from engine.core.dice import DicePool
from engine.core.match import Match
from engine.core.rng import Rng
from engine.core.table_events import Rolled
from engine.games.nordguard import events as ng_events
from engine.games.nordguard.actions import EndDay
from engine.games.nordguard.build import NordguardOptions
from engine.games.nordguard.events import LOSSES, RunLost
from tests.engine.nordguard.helpers import GAME, act, day_one

TYPED = {cls for cls in vars(ng_events).values()
         if isinstance(cls, type) and issubclass(cls, ng_events.Event)}


def random_runs(seeds: range) -> list[Match]:
    out = []
    for seed in seeds:
        players = 1 + seed % 4
        match = Match(GAME, NordguardOptions(players=players), seed)
        pick = Rng(seed ^ 0x5EED)
        while match.outcome() is None and len(match.steps) < 600:
            legal = match.legal_actions()
            match.submit(legal[pick.below(len(legal))])
        out.append(match)
    return out


def test_every_event_of_a_run_is_typed_and_reads_alike_to_every_seat() -> None:
    for match in random_runs(range(12)):
        for _, event in match.log():
            assert type(event) in TYPED, event
            lines = {event.text_for(seat) for seat in (None, *range(match.players))}
            assert lines == {event.text}, event


def test_every_roll_gives_the_dice_dock_its_pool_faces_and_total() -> None:
    """Key Terms: Scout and Combat Check: every die rolled (in advance, to meet a challenge,
    or fired) is a roll event; the pool as written holds as many dice as faces rolled,
    and the total is theirs plus what the pool adds."""
    rolls = [event for match in random_runs(range(12, 40)) for _, event in match.log()
             if event.kind == "roll"]
    assert rolls
    for roll in rolls:
        assert isinstance(roll, Rolled)
        pool = DicePool.parse(roll.facts()["pool"])
        faces = roll.facts()["faces"]
        assert len(pool.dice) == len(faces) and all(1 <= f <= 6 for f in faces)
        assert roll.facts()["total"] == sum(faces) + pool.modifier


def test_the_countdown_running_out_is_told_by_its_cause() -> None:
    """Rulebook, The Countdown: failing to reach Destination in time loses."""
    state = day_one()
    while state.countdown > 1:
        act(state, EndDay())
    events = act(state, EndDay())
    assert events[-1] == RunLost("time")
    assert state.result is not None and state.result.reason == LOSSES["time"]
    assert events[-1].text == "The run fails: the countdown ran out"
