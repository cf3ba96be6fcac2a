"""Yggdrasil's actions, questions and endings in the table's words.

Buttons, the action palette (Ctrl+K) and the phase bar all read from here, so a move is
called the same everywhere and a player never reads a card or figure id: cards go by
their printed names, read from the view of the seat at the table.
"""

from __future__ import annotations

from app.games.yggdrasil import looks
from engine.core.actions import Action
from engine.core.frames import Frame, Pass, Triggered, Use
from engine.core.game import Outcome
from engine.games.yggdrasil import board
from engine.games.yggdrasil.abilities import ABILITIES
from engine.games.yggdrasil.actions import (
    Choose,
    Go,
    Invade,
    Join,
    Keep,
    Lay,
    March,
    MarchAlong,
    Pick,
    Pillage,
    Quest,
    Raise,
    Reclaim,
    Rest,
    Sacrifice,
    Upgrade,
)
from engine.games.yggdrasil.battle import (
    YggAfterReveal,
    YggBattleCards,
    YggCall,
    YggKeepOne,
    YggProwess,
)
from engine.games.yggdrasil.doing import place_name
from engine.games.yggdrasil.frames import (
    YggChooseStat,
    YggDraft,
    YggKeep,
    YggLeaderMove,
    YggMarchOn,
    YggOffer,
    YggSacrifice,
    YggSpare,
)
from engine.games.yggdrasil.state import PHASES, YggdrasilState

PHASE_NAMES = {"gifts": "Gods' Gifts", "action": "Action", "discard": "Discard",
               "quest": "Quest", "ragnarok": "Ragnarök", "release": "Release Valhalla"}


def _figure(state: YggdrasilState, figure: str) -> str:
    if figure not in state.figures:
        return "figure"
    return looks.figure_name(state.figures[figure].kind)


def _from(state: YggdrasilState, figure: str) -> str:
    at = state.figures[figure].at if figure in state.figures else ""
    return f" from {place_name(at)}" if at and at not in ("reserve", "valhalla") else ""


def _step(state: YggdrasilState, stat: str, seat: int) -> str:
    track = board.content().track(stat)
    step = min(6, state.step(stat, seat) + 1)
    return f"{looks.STAT_NAMES[stat]} to step {step} ({track.steps[step - 1]})"


def describe(state: YggdrasilState, a: Action) -> str:
    """An action as a button or the action palette shows it."""
    seat = state.to_move() or 0
    match a:
        case Invade():
            how = " from Valhalla" if a.from_valhalla else ""
            free = isinstance(_top(state), YggOffer)
            cost = "free" if free else f"{board.invade_cost(state, seat, a.figure)} Rage"
            if a.from_valhalla and not free:
                domain = board.rule(state, seat, "invade-from-valhalla")
                cost = f"{domain.params['rage'] if domain else 0} Rage"
            return f"Invade {place_name(a.to)} with your {looks.figure_name(a.figure)}{how} " \
                   f"({cost})"
        case March():
            return f"March your {_figure(state, a.figure)}{_from(state, a.figure)} to " \
                   f"{place_name(a.to)} (1 Rage)"
        case MarchAlong():
            top = _top(state)
            to = f" to {place_name(top.to)}" if isinstance(top, YggMarchOn) else ""
            return f"Your {_figure(state, a.figure)}{_from(state, a.figure)} follows{to}"
        case Upgrade():
            printed = board.card(state, a.card)
            instead = f" in place of {looks.name(state, a.replace)}" if a.replace else ""
            return f"Upgrade with {printed.name}{instead} " \
                   f"({board.upgrade_cost(state, seat, printed)} Rage)"
        case Quest():
            return f"Commit {looks.name(state, a.card)} as a quest"
        case Pillage():
            reward = looks.reward_words(state.tokens.get(a.province, ""))
            again = " again" if a.province in state.pillaged else ""
            return f"Pillage {place_name(a.province)}{again} (reward: {reward})"
        case Sacrifice():
            return f"Frigga's Sacrifice: two of your figures for a step of " \
                   f"{looks.STAT_NAMES.get(a.stat, a.stat)}"
        case Rest():
            return "Pass: no more actions this Age"
        case Pick():
            return "Pick " + " and ".join(looks.name(state, c) for c in a.cards)
        case Keep():
            return f"Keep {looks.name(state, a.card)} for the next Age" if a.card \
                else "Keep no card"
        case Lay():
            return f"Lay {looks.name(state, a.card)}"
        case Join():
            return f"Call your {_figure(state, a.figure)}{_from(state, a.figure)} to battle"
        case Raise():
            return f"Raise {_step(state, a.stat, seat)}"
        case Choose():
            return _choose_words(state, a)
        case Go():
            return f"Move your Leader to {place_name(a.to)}"
        case Reclaim():
            keep = board.rule(state, seat, "keep-cards-after-win")
            cost = f" ({keep.params['rage']} Rage)" if keep is not None else ""
            return f"Take {looks.name(state, a.card)} back into your hand{cost}"
        case Use():
            return f"Use {a.ability}"
        case Pass():
            return pass_words(state)
    return a.describe()


def _choose_words(state: YggdrasilState, a: Choose) -> str:
    figure = f"{_figure(state, a.figure)}{_from(state, a.figure).replace(' from ', ' in ')}"
    if a.how == "save":
        seat = state.to_move() or 0
        save = board.rule(state, seat, "save-figure")
        cost = f" ({save.params['rage']} Rage)" if save is not None else ""
        return f"Save your {figure} with Frigga's Protection{cost}"
    if a.how == "retreat":
        return f"Your {figure} retreats to Yggdrasil"
    top = _top(state)
    if isinstance(top, YggKeepOne):
        return f"Keep your {figure} in the battle"
    return f"Sacrifice your {figure}"


def pass_words(state: YggdrasilState) -> str:
    top = _top(state)
    return {YggCall: "Send no figure", YggMarchOn: "Stop marching",
            YggAfterReveal: "Add no card", YggOffer: "No free invasion",
            YggSpare: "Let them die", YggProwess: "Keep no more cards",
            YggLeaderMove: "Leave the Leader", Triggered: "Decline"}.get(type(top), "Pass")


def _top(state: YggdrasilState) -> Frame | None:
    return state.frames[-1] if state.frames else None


def ability_prompt(name: str) -> str:
    ability = next((a for a in ABILITIES if a.name == name), None)
    return ability.prompt if ability is not None and ability.prompt else f"Use {name}?"


def prompt(state: YggdrasilState) -> str:
    """The open question, in the table's words; empty when none is open."""
    top = _top(state)
    if top is None or not top.seats:
        return ""
    if isinstance(top, Triggered):
        return ability_prompt(top.ability)
    return top.prompt_text(state)


HINTS = {
    YggDraft: "drag a card from your packet onto your hand (or double-click it)",
    YggKeep: "drag the card you keep onto its place, or press Keep no card",
    YggBattleCards: "drag a card from your hand onto your place in the battle",
    YggAfterReveal: "drag a card that may be added after the reveal onto your place, or pass",
    YggCall: "drag a figure from a province beside the battle into it, or send none",
    YggMarchOn: "drag more figures after the first (or click them), or stop marching",
    YggOffer: "drag a figure from your reserve onto a glowing place, or decline",
    YggChooseStat: "press the stat to raise",
    YggSacrifice: "click a figure of yours on the board",
    YggSpare: "click a glowing figure to keep it alive, or let them die",
    YggKeepOne: "click the figure that stays in the battle",
    YggLeaderMove: "drag your Leader to a glowing province, or leave it",
    YggProwess: "press a card to take it back, or keep no more",
}


def hint(state: YggdrasilState, legal: list[Action]) -> str:
    """What the deciding seat does now (`legal`: what it may do)."""
    if legal == [Pass()]:
        return f"nothing you hold answers this: press {pass_words(state)}"
    top = _top(state)
    if isinstance(top, Triggered):
        return "press Use or Decline"
    if top is not None and type(top) in HINTS:
        return HINTS[type(top)]
    if state.phase == "action":
        return "drag a figure from your reserve to invade or across the board to march; " \
               "click a province to pillage; drag a card onto your clan sheet or quest slot"
    return ""


def phase_steps(phase: str) -> list[tuple[str, bool]]:
    """The six phases of an Age, each with whether it is the current one."""
    return [(PHASE_NAMES[p], p == phase) for p in PHASES]


def ending(outcome: Outcome) -> str:
    names = [looks.seat_name(seat) for seat in outcome.winners]
    if not names:
        return f"Nobody wins: {outcome.reason}"
    return f"{' and '.join(names)} {'wins' if len(names) == 1 else 'win'}: {outcome.reason}"
