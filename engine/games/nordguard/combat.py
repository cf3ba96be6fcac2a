"""The combat check (Rulebook, Key Terms: Combat Check).

Each gun use fired adds one d6 to the team's total; items adding a set amount
(the Knife) count once per combat; the team may stop early. The check is met
when the total reaches the card's total (designed: the rulebook compares the
two totals without saying whether a tie is enough; we count a tie as met, as
every challenge in this game is met on reaching its target).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.core.actions import Action
from engine.core.dice import DicePool
from engine.core.events import Event
from engine.core.prompts import Prompt
from engine.games.nordguard.actions import Fire, StopFighting, Strike
from engine.games.nordguard.challenges import ability_combat_bonus, arsenal
from engine.games.nordguard.content import NordguardContent
from engine.games.nordguard.items import effect_of, name, spend, who
from engine.games.nordguard.state import Combat, NordguardState


def start(c: NordguardContent, s: NordguardState, label: str, need: int,
          log: list[Event]) -> bool | None:
    """Open a combat check; True/False when it is settled at once, None when it waits."""
    base = ability_combat_bonus(c, s)
    s.combat = Combat(label, need, base)
    text = f"Combat check against {label}: the team needs a total of {need}"
    if base:
        text += f" (abilities add {base})"
    log.append(Event("combat", text, data={"need": need, "total": base}))
    return settle(c, s, log)


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


def additions(c: NordguardContent, s: NordguardState) -> list[Action]:
    """What the team could still add: each gun with a use left, each set amount not used."""
    combat = s.combat
    assert combat is not None
    fires: list[Action] = []
    strikes: list[Action] = []
    for _, card in s.team_items():
        effects = c.effects_by_face[s.table.faces[card]]
        if "gun" in effects and s.uses.get(card, 0) > 0:
            fires.append(Fire(card))
        if "combat_bonus" in effects and card not in combat.struck:
            strikes.append(Strike(card))
    return fires + strikes


def answers(c: NordguardContent, s: NordguardState) -> list[Action]:
    """Fire a gun, strike with a set amount, or stop.

    Stopping is always offered: the team may trade or drop items while the check is
    open (Rulebook, Trade and Drop), and may have handed away its last weapon.
    """
    return [*additions(c, s), StopFighting()]


def settle(c: NordguardContent, s: NordguardState, log: list[Event]) -> bool | None:
    """Close the check when it is met or nothing is left to add; else ask the leader."""
    combat = s.combat
    assert combat is not None
    if combat.total >= combat.need:
        return finish(s, True, log)
    if not additions(c, s):
        return finish(s, False, log)
    s.prompt = Prompt(s.active, "combat",
                      f"Combat against {combat.label}: {combat.total} of {combat.need}. "
                      "Fire a gun, add a set amount, or stop?")
    return None


def finish(s: NordguardState, won: bool, log: list[Event]) -> bool:
    combat = s.combat
    assert combat is not None
    s.combat = None
    s.prompt = None
    verdict = "the team prevails" if won else "the team falls short"
    log.append(Event("combat-end", f"Combat against {combat.label}: total {combat.total} "
                                   f"against {combat.need}, {verdict}",
                     data={"need": combat.need, "total": combat.total, "won": won}))
    return won


def fire(c: NordguardContent, s: NordguardState, card: str, log: list[Event]) -> bool | None:
    combat = s.combat
    assert combat is not None
    face = s.rng.randint(1, 6)
    total = combat.total + face
    s.combat = Combat(combat.label, combat.need, total, combat.struck)
    shooter = who(c, s, s.carrier(card))
    log.append(Event("roll", f"{shooter} fires the {name(c, s, card)}: rolled d6 = {face}, "
                             f"total {total} of {combat.need}",
                     data={"pool": "d6", "faces": [face], "total": face, "card": card}))
    spend(c, s, card, log)
    return settle(c, s, log)


def strike(c: NordguardContent, s: NordguardState, card: str, log: list[Event]) -> bool | None:
    combat = s.combat
    assert combat is not None
    effect = effect_of(c, s, card, "combat_bonus")
    assert effect is not None and effect.kind == "combat_bonus"
    total = combat.total + effect.amount
    s.combat = Combat(combat.label, combat.need, total, (*combat.struck, card))
    log.append(Event("strike", f"{who(c, s, s.carrier(card))} uses the {name(c, s, card)}: "
                               f"+{effect.amount}, total {total} of {combat.need}",
                     data={"card": card}))
    spend(c, s, card, log)
    return settle(c, s, log)


def stop(s: NordguardState, log: list[Event]) -> bool:
    log.append(Event("stop", "The team stops firing"))
    return finish(s, False, log)
