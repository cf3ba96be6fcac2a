"""The combat check (Rulebook, Key Terms: Combat Check).

Each gun use fired adds one d6 to the team's total; items adding a set amount
(the Knife) count once per combat; the team may stop early. The check is met
when the total reaches the card's total (designed: the rulebook compares the
two totals without saying whether a tie is enough; we count a tie as met, as
every challenge in this game is met on reaching its target).
"""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.events import Event
from engine.core.prompts import Prompt
from engine.games.nordguard.actions import Fire, StopFighting, Strike
from engine.games.nordguard.challenges import ability_combat_bonus
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


def answers(c: NordguardContent, s: NordguardState) -> list[Action]:
    """Fire each gun with a use left, strike with each set amount not used yet, or stop."""
    combat = s.combat
    assert combat is not None
    out: list[Action] = []
    for _, card in s.team_items():
        if effect_of(c, s, card, "gun") is not None and s.uses.get(card, 0) > 0:
            out.append(Fire(card))
    for _, card in s.team_items():
        if effect_of(c, s, card, "combat_bonus") is not None and card not in combat.struck:
            out.append(Strike(card))
    if out:
        out.append(StopFighting())
    return out


def settle(c: NordguardContent, s: NordguardState, log: list[Event]) -> bool | None:
    """Close the check when it is met or nothing is left to add; else ask the leader."""
    combat = s.combat
    assert combat is not None
    if combat.total >= combat.need:
        return finish(s, True, log)
    options = answers(c, s)
    if not options:
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
