"""Yggdrasil's events: what happened at the table, as facts; each log line is said from
them. Names travel beside ids (the line has no cards to look names up in). A card in a
hand, a pick, a committed quest and a kept card are private to their clan; everything
else happens in the open."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar

from engine.core.events import Event, event
from engine.core.quick import maker

E = TypeVar("E", bound=Event)

PHASE_NAMES = {"gifts": "Gods' Gifts", "action": "the Action phase",
               "discard": "the Discard phase", "quest": "the Quest phase",
               "ragnarok": "Ragnarök", "release": "Release Valhalla"}


def made_once(kind: type[E], *facts: str) -> Callable[..., E]:
    """A maker of `kind` from its `facts` given in that order, each event made once for
    each set of facts and handed out again (an event is an immutable value): a frozen
    dataclass made anew costs some six times a cached look-up, and every battle, phase
    and pick has its events. Facts few enough to repeat from match to match only."""
    def make(*values: Any) -> E:
        return kind(**dict(zip(facts, values, strict=True)))
    return lru_cache(maxsize=4096)(make)


def clan(seat: int) -> str:
    return f"Player {seat + 1}"


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


@event("ygg-age")
class AgeBegins(Event):
    age: int
    first: int

    def say(self, full: bool) -> str:
        return f"Age {self.age} begins; {clan(self.first)} holds the first-player marker"


@event("ygg-phase")
class PhaseBegins(Event):
    age: int
    phase: str

    def say(self, full: bool) -> str:
        return f"Age {self.age}: {PHASE_NAMES.get(self.phase, self.phase)}"


@event("ygg-passed")
class PacketsPassed(Event):
    picked: int

    def say(self, full: bool) -> str:
        return f"every clan has picked {self.picked}; the packets pass left"


@event("ygg-invaded")
class Invaded(Event):
    seat: int
    figure: str
    figure_name: str
    to: str
    to_name: str
    rage: int
    how: str  # "action", "free" (after an upgrade), "extra" (Frigga's Succor), "blessing"

    def say(self, full: bool) -> str:
        cost = f" for {self.rage} Rage" if self.rage else ""
        return f"{clan(self.seat)} invades {self.to_name} with its {self.figure_name}{cost}"


@event("ygg-marched")
class Marched(Event):
    seat: int
    figure: str
    figure_name: str
    source: str
    to: str
    to_name: str
    rage: int

    def say(self, full: bool) -> str:
        cost = f" for {self.rage} Rage" if self.rage else ""
        return f"{clan(self.seat)} marches its {self.figure_name} to {self.to_name}{cost}"


@event("ygg-upgraded")
class Upgraded(Event):
    seat: int
    card: str
    card_name: str
    replaced: str
    rage: int

    def say(self, full: bool) -> str:
        instead = f" in place of {self.replaced}" if self.replaced else ""
        return f"{clan(self.seat)} upgrades with {self.card_name}{instead} ({self.rage} Rage)"


@event("ygg-quest")
class QuestCommitted(Event):
    seat: int
    card_name: str
    private = ("card_name",)

    def say(self, full: bool) -> str:
        return f"{clan(self.seat)} commits {self.card_name if full else 'a quest'}"


@event("ygg-rest")
class Rested(Event):
    seat: int

    def say(self, full: bool) -> str:
        return f"{clan(self.seat)} passes: no more actions this Age"


@event("ygg-pillage")
class PillageBegins(Event):
    seat: int
    province: str
    province_name: str
    rage: int

    def say(self, full: bool) -> str:
        cost = f" ({self.rage} Rage)" if self.rage else ""
        return f"{clan(self.seat)} pillages {self.province_name}{cost}: Call to Battle"


@event("ygg-joined")
class Joined(Event):
    seat: int
    figure: str
    figure_name: str
    source_name: str

    def say(self, full: bool) -> str:
        return f"{clan(self.seat)} calls its {self.figure_name} from {self.source_name} to battle"


@event("ygg-revealed")
class CardsRevealed(Event):
    seats: tuple[int, ...]
    names: tuple[str, ...]
    round: int  # which reveal: a text resolves only for the reveal it came with

    def say(self, full: bool) -> str:
        if not self.seats:
            return "nobody has a card to play"
        return "cards revealed: " + ", ".join(f"{clan(s)} {n}" for s, n in
                                              zip(self.seats, self.names, strict=True))


@event("ygg-added")
class CardAdded(Event):
    seat: int
    card_name: str

    def say(self, full: bool) -> str:
        return f"{clan(self.seat)} adds {self.card_name} after the reveal"


@event("ygg-text")
class CardWorks(Event):
    """A battle card's or an upgrade's text did something."""

    seat: int
    card_name: str
    outcome: str

    def say(self, full: bool) -> str:
        return f"{self.card_name} ({clan(self.seat)}): {self.outcome}"


@event("ygg-destroyed")
class Destroyed(Event):
    seat: int
    figure: str
    figure_name: str
    place_name: str
    ship: bool
    why: str

    def say(self, full: bool) -> str:
        return f"{clan(self.seat)}'s {self.figure_name} in {self.place_name} dies ({self.why})"


@event("ygg-spared")
class Spared(Event):
    seat: int
    figure_name: str
    how: str

    def say(self, full: bool) -> str:
        return f"{clan(self.seat)}'s {self.figure_name} {self.how}"


@event("ygg-decided")
class BattleDecided(Event):
    province_name: str
    seats: tuple[int, ...]
    totals: tuple[int, ...]
    winner: int  # -1: a tie for highest, everyone loses (facts 40)

    def say(self, full: bool) -> str:
        board = ", ".join(f"{clan(s)} {t}" for s, t in zip(self.seats, self.totals, strict=True))
        if self.winner < 0:
            return f"battle for {self.province_name}: {board}; a tie, everyone loses"
        return f"battle for {self.province_name}: {board}; {clan(self.winner)} wins"


@event("ygg-won")
class BattleWon(Event):
    seat: int
    province: str

    def say(self, full: bool) -> str:
        return f"{clan(self.seat)} won the battle"


@event("ygg-lost")
class BattleLost(Event):
    seat: int
    province: str
    winner: int

    def say(self, full: bool) -> str:
        return f"{clan(self.seat)} lost the battle"


@event("ygg-over")
class BattleOver(Event):
    province: str
    killed: tuple[int, ...]  # per clan, its figures destroyed in the battle

    def say(self, full: bool) -> str:
        return f"the battle ends ({_n(sum(self.killed), 'figure')} died)"


@event("ygg-pillaged")
class Pillaged(Event):
    seat: int
    province: str
    province_name: str
    reward: str
    times: int

    def say(self, full: bool) -> str:
        twice = " twice" if self.times > 1 else ""
        return f"{clan(self.seat)} pillages {self.province_name} and takes its {self.reward}" \
               f" reward{twice}"


@event("ygg-glory")
class GloryGained(Event):
    seat: int
    glory: int
    why: str

    def say(self, full: bool) -> str:
        verb = "gains" if self.glory >= 0 else "loses"
        return f"{clan(self.seat)} {verb} {abs(self.glory)} Glory ({self.why})"


@event("ygg-rage")
class RageChanged(Event):
    seat: int
    rage: int
    why: str

    def say(self, full: bool) -> str:
        verb = "gains" if self.rage >= 0 else "loses"
        return f"{clan(self.seat)} {verb} {abs(self.rage)} Rage ({self.why})"


@event("ygg-stat")
class StatRaised(Event):
    seat: int
    stat: str
    step: int
    why: str

    def say(self, full: bool) -> str:
        return f"{clan(self.seat)} raises {self.stat.capitalize()} to step {self.step} " \
               f"({self.why})"


@event("ygg-cards-taken")
class CardsTaken(Event):
    seat: int
    names: tuple[str, ...]
    why: str

    def say(self, full: bool) -> str:
        return f"{clan(self.seat)} takes {', '.join(self.names) or 'no card'} into its hand " \
               f"({self.why})"


@event("ygg-quest-shown")
class QuestShown(Event):
    seat: int
    card_name: str
    fulfilled: bool

    def say(self, full: bool) -> str:
        how = "fulfilled" if self.fulfilled else "failed"
        return f"{clan(self.seat)} reveals {self.card_name}: {how}"


@event("ygg-doom")
class Doom(Event):
    province: str
    province_name: str
    age: int

    def say(self, full: bool) -> str:
        return f"Ragnarök destroys {self.province_name}"


@event("ygg-released")
class Released(Event):
    seat: int
    count: int

    def say(self, full: bool) -> str:
        return f"{_n(self.count, 'figure')} of {clan(self.seat)} return from Valhalla"


@event("ygg-kept")
class KeptCard(Event):
    seat: int
    card_name: str
    some: bool  # whether it keeps a card at all (the table sees the card set aside)
    private = ("card_name",)

    def say(self, full: bool) -> str:
        if not self.some:
            return f"{clan(self.seat)} keeps no card"
        return f"{clan(self.seat)} keeps {self.card_name if full else 'a card'}"


@event("ygg-discarded")
class HandsDiscarded(Event):
    age: int

    def say(self, full: bool) -> str:
        return "the hands are discarded" if self.age == 3 else \
            "every clan discards all but the card it keeps"


@event("ygg-end")
class GameEnds(Event):
    glory: tuple[int, ...]
    winners: tuple[int, ...]

    def say(self, full: bool) -> str:
        scores = ", ".join(f"{clan(s)} {g}" for s, g in enumerate(self.glory))
        who = " and ".join(clan(s) for s in self.winners)
        return f"the game ends: {scores}; {who} {'win' if len(self.winners) > 1 else 'wins'}"


# The events made afresh at nearly every turn and battle (their facts seldom repeat), made
# by plain functions of their facts: a class call costs twice as much (quick.maker).
MARCHED = maker(Marched)
INVADED = maker(Invaded)
DESTROYED = maker(Destroyed)
GLORY_GAINED = maker(GloryGained)
REVEALED = maker(CardsRevealed)
DECIDED = maker(BattleDecided)
OVER = maker(BattleOver)
