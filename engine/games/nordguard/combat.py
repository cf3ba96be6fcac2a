"""The combat check (Rulebook, Key Terms: Combat Check).

Each gun use fired adds one d6 to the team's total; items adding a set amount
(the Knife) count once per combat; the team may stop early. The check is met
when the total reaches the card's total (designed: the rulebook compares the
two totals without saying whether a tie is enough; we count a tie as met, as
every challenge in this game is met on reaching its target).

A check that needs the leader is a `CombatCheck` frame on top of the stack: the
record of the check (the card's total, the team's so far, the set amounts used) and
the question (Fire, Strike, StopFighting, and trades and drops beside them). What a
check fallen short leads to belongs to where it was called: a move attempt fails
(`EntryCombat`), an event's penalty follows (`EventCombat`), both in flow.py.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import ClassVar

from engine.core.actions import Action, Made
from engine.core.dice import DicePool
from engine.core.events import Event
from engine.core.game import GameState
from engine.games.nordguard.actions import Fire, StopFighting, Strike
from engine.games.nordguard.anytime import Question
from engine.games.nordguard.challenges import arsenal, combat_base
from engine.games.nordguard.content import NordguardContent
from engine.games.nordguard.events import (
    CombatBegins,
    CombatEnds,
    GunFired,
    StoppedFiring,
    Struck,
)
from engine.games.nordguard.items import content_of, name, powers_of, spend, who
from engine.games.nordguard.state import NordguardState


@dataclass(frozen=True, slots=True)
class CombatCheck(Question):
    """A combat check under way, waiting for the leader: fire a gun, add a set amount, or
    stop. `lost` is what falling short leads to (a subclass says)."""

    label: str = ""  # the card called against, by name
    need: int = 0  # the card's total
    total: int = 0  # the team's total so far
    struck: tuple[str, ...] = ()  # items whose set amount was added in this combat

    fighting: ClassVar[bool] = True  # state.combat reads it
    replies_to: ClassVar[tuple[type[Action], ...]] = (Fire, Strike, StopFighting)

    def prompt_text(self, state: GameState) -> str:
        return (f"Combat against {self.label}: {self.total} of {self.need}. Fire a gun, add "
                "a set amount, or stop?")

    def replies(self, s: NordguardState) -> list[Action]:
        """Fire a gun, strike with a set amount, or stop.

        Stopping is always offered: the team may trade or drop items while the check is
        open (Rulebook, Trade and Drop), and may have handed away its last weapon.
        """
        return [*additions(content_of(s), s, self), STOP_FIGHTING]

    def why_not(self, s: NordguardState, action: Action) -> str:
        if isinstance(action, Fire):
            return ("only a gun the team carries with a use left can be fired (Rulebook, "
                    "Combat Check)")
        return ("an item adding a set amount may only be used once per combat, and must be "
                "carried (Rulebook, Combat Check)")

    def reply(self, s: NordguardState, action: Action) -> list[Event]:
        c = content_of(s)
        if isinstance(action, Fire):
            return _fire(c, s, self, action.item)
        if isinstance(action, Strike):
            return _strike(c, s, self, action.item)
        return [StoppedFiring(), *_finish(s, self, False)]

    def lost(self, s: NordguardState) -> list[Event]:
        """The team fell short: what follows (the frame is off the stack)."""
        raise NotImplementedError


def start(c: NordguardContent, s: NordguardState, check: CombatCheck) -> list[Event]:
    """Open a combat check (`check` names the card and its total): settled at once when
    nothing can be added or the abilities alone meet it, else asked of the leader."""
    base = combat_base(c, s)
    check = replace(check, seats=(s.active,), total=base, struck=())
    return [CombatBegins(check.label, check.need, base), *_go_on(c, s, check)]


@dataclass(frozen=True, slots=True)
class Outlook:
    """The check under way as the dice dock shows it: the total so far, what every gun
    use left and every unused set amount could add, and the chance of reaching the need."""

    label: str
    need: int
    total: int
    pool: DicePool | None  # every gun use left, set amounts and the total as modifier
    best_without_guns: int
    chance: Fraction


def outlook(c: NordguardContent, s: NordguardState) -> Outlook | None:
    combat = s.combat
    if combat is None:
        return None
    arms = arsenal(c, s, struck=combat.struck)
    return Outlook(combat.label, combat.need, combat.total, arms.pool(combat.total),
                   combat.total + arms.set_amount, arms.chance(combat.need, combat.total))


def additions(c: NordguardContent, s: NordguardState, check: CombatCheck) -> list[Action]:
    """What the team could still add: each gun with a use left, each set amount not used."""
    fires: list[Action] = []
    strikes: list[Action] = []
    faces, powers = s.table.faces, c.powers
    for _, card in s.team_items():
        p = powers[faces[card]]
        if p.gun and s.uses.get(card, 0) > 0:
            fires.append(FIRES[card])
        if p.strike and card not in check.struck:
            strikes.append(STRIKES[card])
    return fires + strikes


def _go_on(c: NordguardContent, s: NordguardState, check: CombatCheck) -> list[Event]:
    """Close the check when it is met or nothing is left to add; else ask the leader."""
    if check.total >= check.need:
        return _finish(s, check, True)
    if not additions(c, s, check):
        return _finish(s, check, False)
    s.frames.append(check)
    return []


def _finish(s: NordguardState, check: CombatCheck, won: bool) -> list[Event]:
    log: list[Event] = [CombatEnds(check.label, check.total, check.need, won)]
    return log if won else log + check.lost(s)


def _fire(c: NordguardContent, s: NordguardState, check: CombatCheck, card: str) -> list[Event]:
    faces = tuple(s.rng.randint(1, 6) for _ in range(powers_of(c, s, card).gun))
    rolled = sum(faces)
    check = replace(check, total=check.total + rolled)
    seat = s.carrier(card)
    pool = "d6" if len(faces) == 1 else f"{len(faces)}d6"
    log: list[Event] = [GunFired(seat, pool, faces, rolled, who(c, s, seat), card,
                                 name(c, s, card), check.total, check.need)]
    spend(c, s, card, log)
    return log + _go_on(c, s, check)


def _strike(c: NordguardContent, s: NordguardState, check: CombatCheck,
            card: str) -> list[Event]:
    amount = powers_of(c, s, card).strike
    check = replace(check, total=check.total + amount, struck=(*check.struck, card))
    log: list[Event] = [Struck(who(c, s, s.carrier(card)), card, name(c, s, card), amount,
                               check.total, check.need)]
    spend(c, s, card, log)
    return log + _go_on(c, s, check)


# Actions are immutable values, made once and handed out again (see engine.core.actions):
# a combat check lists them again after every answer, trade and drop.
FIRES: Made[str, Action] = Made(Fire)
STRIKES: Made[str, Action] = Made(Strike)
STOP_FIGHTING = StopFighting()
