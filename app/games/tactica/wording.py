"""TACTICA's actions and endings in the table's words, as the rules log names things.

Buttons, the action palette (Ctrl+K) and the status bar all read from
here, so a move is called the same everywhere: cards by the log's names
("SUN Foot 3", "ENGINEER"), hexes by the mat's numbers ("hex 4-9"). Every
name is read from the view of the seat at the table, so a card that seat
may not see is "a face-down card", never its name.
"""

from __future__ import annotations

from app.games.tactica.gestures import damage_caption
from app.games.tactica.looks import name, seat_name, side_label
from engine.core.actions import Action
from engine.core.frames import Pass
from engine.core.game import Outcome
from engine.games.tactica import queries
from engine.games.tactica.actions import (
    Attack,
    ChooseCard,
    Deploy,
    Done,
    EndPhase,
    Move,
    Muster,
    Negate,
    PlaceLandmark,
    PlaceRescued,
    PlayTactic,
    Rescue,
    SpyStack,
    Swap,
    Train,
)
from engine.games.tactica.board import CONTENT, level
from engine.games.tactica.events import where
from engine.games.tactica.frames import NegateChain, RansomChoice, SpyReturn
from engine.games.tactica.state import SIDE_NAMES, Phase, TacticaState

CHOICE_WORDS: dict[type, str] = {
    RansomChoice: "Send {card} back as ransom",
    SpyReturn: "Return {card} to its pile (SPY)",
}
"""A card chosen to answer a frame, in the words of what the choice is for."""


def describe(state: TacticaState, a: Action) -> str:
    """An action as a button or the action palette shows it."""
    match a:
        case PlaceLandmark():
            return f"Place a landmark {a.side.upper()} side up at {where((a.q, a.r))}"
        case Deploy():
            return f"Deploy {name(state, a.card)} at {where((a.q, a.r))}"
        case Muster():
            return f"Muster {name(state, a.card)} at {where((a.q, a.r))}"
        case Train():
            return f"Train {name(state, a.troop)} to {level(state, a.troop) + 1}x"
        case Move():
            cost = queries.reachable(state, a.troop).get((a.q, a.r))
            mov = "" if cost is None else f" ({cost} MOV)"
            return f"Move {name(state, a.troop)} to {where((a.q, a.r))}{mov}"
        case Attack():
            info = next((t for t in queries.attack_targets(state, a.attacker)
                         if t.target == a.target), None)
            odds = "" if info is None else f" ({damage_caption(info)})"
            return f"{name(state, a.attacker)} attacks {name(state, a.target)}{odds}"
        case PlayTactic():
            face = state.table.faces.get(a.card, "")
            text = CONTENT.name(face) if face else "tactics card"
            if a.target:
                text += f" on {name(state, a.target)}"
            if a.other:
                text += f" with {name(state, a.other)}"
            if a.q is not None and a.r is not None:
                text += f" to {where((a.q, a.r))}"
            return text
        case Negate():
            against = _negated(state)
            both = "NEGATE" if len(a.cards) == 1 else "Two NEGATEs together"
            return f"{both} against {against}" if against else both
        case Pass():
            return "Pass"
        case Done():
            return "Done"
        case ChooseCard():
            return _choice(state, a)
        case PlaceRescued():
            return f"Place the rescued troop at {where((a.q, a.r))}"
        case Swap():
            return f"Swap {name(state, a.a)} and {name(state, a.b)}"
        case Rescue():
            return f"Rescue with {name(state, a.troop)} (random hostage)"
        case SpyStack():
            troop = CONTENT.name(a.troop_face) if a.troop_face else "nothing"
            tactic = CONTENT.name(a.tactic_face) if a.tactic_face else "nothing"
            return f"Put {troop} and {tactic} on top"
        case EndPhase():
            return end_label(state)
    return a.describe()


def _choice(state: TacticaState, a: ChooseCard) -> str:
    frame = queries.open_frame(state)
    words = CHOICE_WORDS.get(type(frame), "{card}")
    return words.format(card=name(state, a.card))


def end_label(state: TacticaState) -> str:
    return {Phase.MUSTER: "End MUSTER", Phase.MOVEMENT: "End MOVEMENT",
            Phase.COMBAT: "End turn"}.get(state.phase, "End phase")


def _negated(state: TacticaState) -> str:
    """The card a NEGATE would answer now, by name ('' when none waits)."""
    frame = queries.open_frame(state)
    if not isinstance(frame, NegateChain):
        return ""
    return CONTENT.name(state.table.faces.get(frame.target, ""))


def ending(state: TacticaState, outcome: Outcome) -> str:
    """Who won the war (or the single battle) and why, with the battles each side won."""
    if not outcome.winners:
        return f"Nobody wins: {outcome.reason}"
    winner = outcome.winners[0]
    won = state.battles_won
    tally = f"battles won {side_label(0)} {won[0]} – {won[1]} {side_label(1)}"
    reason = outcome.reason
    for p in (0, 1):
        reason = reason.replace(f"Player {p + 1}", SIDE_NAMES[p])
    if state.options.match_length == "single battle" and reason.startswith("won battle"):
        points = state.vp
        return (f"{seat_name(winner)} wins the battle, {points[winner]} points to "
                f"{points[1 - winner]}")
    if reason.startswith("won battle"):
        return f"{seat_name(winner)} wins the war by winning battle {state.battle} — {tally}"
    return f"{seat_name(winner)} wins the war: {reason} — {tally}"
