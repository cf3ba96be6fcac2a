"""Wintergrim's actions, prompts and endings in the table's words.

Buttons, the action palette (Ctrl+K), the phase bar and refusals all read
from here, so a move is called the same everywhere and a player never reads
a card id: cards go by their printed names, read from the view of the seat
at the table.
"""

from __future__ import annotations

from app.games.wintergrim.looks import KIND_WORDS, name, seat_name
from engine.core.actions import Action
from engine.core.frames import Pass
from engine.core.game import Outcome
from engine.games.wintergrim import world
from engine.games.wintergrim.actions import (
    Attack,
    Capture,
    Dismiss,
    EndTurn,
    Found,
    Intercept,
    Move,
    PayWith,
    Place,
    PlayTactic,
    Step,
    Take,
    UseStart,
    Vanguard,
)
from engine.games.wintergrim.frames import (
    BattleRoll,
    CaptureChoice,
    Founding,
    Guarding,
    Payment,
    SearchPick,
    Starving,
    TacticsWindow,
)
from engine.games.wintergrim.state import PHASES, WintergrimState


def key_name(key: str) -> str:
    """A card named by its content key (a search of a face-down deck names keys)."""
    card = world.content().cards.get(key)
    return card.name if card is not None else key


def _where(state: WintergrimState, area: str, into: str) -> str:
    if into:
        return f"inside {name(state, into)}"
    return f"outside in {name(state, area)}" if area else ""


def describe(state: WintergrimState, a: Action) -> str:
    """An action as a button or the action palette shows it."""
    match a:
        case Found():
            first, second = (key_name(w) for w in a.workers)
            path = f", with {key_name(a.path)} in play" if a.path else ""
            return f"Start with {key_name(a.hq)}: {first} and {second} inside{path}"
        case UseStart():
            printed = world.card_of(state, a.card)
            keep = printed.power("keep-roll")
            if keep is not None:
                return f"Roll {keep.dice} dice to keep {printed.name}"  # type: ignore[union-attr]
            return f"{printed.name}: draw a card for each worker inside"
        case Move():
            return f"Move {name(state, a.unit)} {_where(state, a.area, a.into)}"
        case Step(power="search"):
            return f"Remove {name(state, a.unit)} to search your deck"
        case Step(power="heal"):
            return f"{name(state, a.unit)} heals {name(state, a.target)}"
        case Step():
            return f"{name(state, a.unit)} breaks the curse on {name(state, a.target)}"
        case Attack():
            return (f"{name(state, a.unit)} attacks {name(state, a.target)} with "
                    f"{KIND_WORDS.get(a.combat, a.combat.upper())}")
        case Place():
            printed = world.card_of(state, a.card)
            where = (_where(state, a.area, a.into) if printed.kind == "unit"
                     else f"in {name(state, a.area)}" if a.area else "over every area")
            return f"Pay {printed.cost} and place {printed.name} {where}"
        case PlayTactic():
            printed = world.card_of(state, a.card)
            on = f" on {name(state, a.target)}" if a.target else ""
            return f"Play {printed.name}{on} (cost {printed.cost})"
        case PayWith():
            return f"Pay with {name(state, a.card)}"
        case Take():
            return f"Take {key_name(a.face)} into your hand"
        case Dismiss():
            return f"Send {name(state, a.unit)} away (food)"
        case Capture():
            frame = _top(state)
            unit = name(state, frame.unit) if isinstance(frame, CaptureChoice) else "it"
            return f"Capture {unit}" if a.keep else f"Remove {unit} to its player's pile"
        case Intercept():
            return f"{name(state, a.unit)} takes the attack"
        case Vanguard():
            return f"Remove {name(state, a.unit)} to stop {name(state, a.tactic)}"
        case EndTurn():
            return "End the turn"
        case Pass():
            return _pass_words(state)
    return a.describe()


def _top(state: WintergrimState) -> object:
    return state.frames[-1] if state.frames else None


def _pass_words(state: WintergrimState) -> str:
    frame = _top(state)
    if isinstance(frame, TacticsWindow):
        return "Pass (play no tactic)"
    if isinstance(frame, Guarding):
        return "Pass (nobody steps in)"
    if isinstance(frame, SearchPick):
        return "Take nothing"
    return "Pass"


def prompt(state: WintergrimState) -> str:
    """The open question, in the table's words; empty when none is open."""
    frame = _top(state)
    if frame is None or not getattr(frame, "seats", ()):
        return ""
    if isinstance(frame, Founding):
        return "Search your deck for your HQ and two workers"
    if isinstance(frame, Payment):  # what is paid for is hidden from the other seats
        owed = f"{frame.owed} more card{'' if frame.owed == 1 else 's'}"
        return f"Pay for {name(state, frame.card)}: remove {owed} from the hand"
    if isinstance(frame, TacticsWindow):
        # An attack declared waits for this window: say what is about to be rolled
        battle = next((f for f in reversed(state.frames) if isinstance(f, BattleRoll)), None)
        head = "" if battle is None or battle.unit not in state.pieces or \
            battle.target not in state.pieces else \
            f"{name(state, battle.unit)} attacks {name(state, battle.target)}: "
        if frame.played:
            played = ", ".join(f"{name(state, c)}" + (f" on {name(state, t)}" if t else "")
                               for c, t, _ in frame.played if c in state.pieces)
            return f"{head}{played} waits: answer with a tactic, or pass"
        return head + str(frame.prompt_text(state))
    return str(frame.prompt_text(state))


def hint(state: WintergrimState, legal: list[Action]) -> str:
    """What the deciding seat does now (`legal`: what it may do), by the open question or
    the phase."""
    frame = _top(state)
    if legal == [Pass()]:
        return "nothing you hold answers this: press Pass"
    match frame:
        case Founding():
            return "double-click two workers in the Hand dock, then press Start"
        case Payment():
            return "double-click cards in your hand (or drop them on your removed pile)"
        case TacticsWindow():
            return "drag a tactic from your hand onto its target, or press Pass"
        case Guarding():
            return "press a unit's button to have it take the attack, or Pass"
        case CaptureChoice():
            return "press Capture or Remove"
        case Starving():
            return "click a unit of yours to send it away"
        case SearchPick():
            return "press the card to take"
    if state.phase == "start" and not any(isinstance(a, UseStart) for a in legal):
        return PHASE_HINTS["move"]
    return PHASE_HINTS.get(state.phase, "")


PHASE_HINTS = {
    "start": "click a structure or the weather to use its start text; drag a unit to move",
    "move": "drag a unit to another area or structure (one step each); onto an enemy: attack",
    "attack": "drag an outside unit onto an enemy in its area to attack",
    "end": "drag cards from your hand onto the table to pay and place them; then End turn",
}
"""Short enough to keep the phase bar at two lines on a 1366-pixel screen."""


def phase_steps(phase: str) -> list[tuple[str, bool]]:
    """The four phases, each with whether it is the current one."""
    return [(p.upper(), p == phase) for p in PHASES]


def ending(state: WintergrimState, outcome: Outcome) -> str:
    names = [seat_name(state, seat) for seat in outcome.winners]
    if not names:
        return f"Nobody wins: {outcome.reason}"
    return f"{' and '.join(names)} {'wins' if len(names) == 1 else 'win'}: {outcome.reason}"
