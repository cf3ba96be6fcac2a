"""TACTICA's answers to the shared window: the barracks, the buttons, the phase bar.

The hand dock shows the barracks of the seat at the computer, with the
landmark to place (both sides) before a battle and the top Training card
during that seat's MUSTER. Buttons answer the open frame (NEGATE,
counter-cards, Pass, ransom, SPY) and end phases; everything else is a drag on
the field.
What the seat may do is read from the engine's legal actions, and only
while that seat is the one deciding.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from html import escape

from PySide6.QtCore import QTimer

from app.board.cards import CardLook
from app.dragdrop import CardDrag
from app.games.base import Button, GamePresenter, Panel, Summary, ViewerSeat, Work
from app.games.tactica import looks
from app.games.tactica.art import CARD_BANDS, SIDE_COLOURS, SIDE_SYMBOLS
from app.games.tactica.war_summary import summarize
from app.games.tactica.wording import describe, ending
from app.match_controller import MatchController
from engine.core.actions import Action
from engine.core.frames import Pass
from engine.core.game import GameState, Outcome
from engine.core.match import Match
from engine.games.tactica import queries
from engine.games.tactica.actions import (
    ChooseCard,
    Done,
    EndPhase,
    Negate,
    PlaceRescued,
    PlayTactic,
    Rescue,
    SpyStack,
    Swap,
)
from engine.games.tactica.board import CONTENT
from engine.games.tactica.frames import (
    CounterWindow,
    HorseGroupMove,
    NegateChain,
    PlaceRescue,
    RansomChoice,
    SavedSwap,
    ShieldwallRearrange,
    SpyLook,
    SpyReturn,
)
from engine.games.tactica.state import (
    TRAINING,
    Phase,
    TacticaState,
    barracks,
    features,
    tactics_pile,
    troop_pile,
)

MAX_CHOICE_BUTTONS = 6
"""More answers than this are left to dragging: a row of buttons must stay readable."""
SPY_TROOP, SPY_TACTIC = "spy-troop:", "spy-tactic:"

PHASE_HINTS = {
    Phase.LANDMARKS: "Drag the RIDGE or the RAVINE side of your landmark onto a glowing hex.",
    Phase.DEPLOYMENT: "Drag a troop from your barracks to a glowing hex by your walls.",
    Phase.MUSTER: "Drag troops to glowing hexes by your walls, or Training onto a troop there.",
    Phase.MOVEMENT: "Drag your troops: glowing hexes show their MOV cost. Tactics cards go "
                    "onto their targets.",
    Phase.COMBAT: "Drag a troop onto an enemy to attack; click a ranged troop for its RIDGE cone.",
}
"""Short enough that the phase bar keeps to two lines on a 1366-pixel screen: a third line
would take the board's room and change its size from one phase to the next."""
FRAME_HINTS: dict[type, str] = {
    NegateChain: "Drag a NEGATE onto the field or press NEGATE; or Pass.",
    CounterWindow: "Drag a counter-card onto your troop, or press its button; or Pass.",
    HorseGroupMove: "Drag the HORSE troop first, then its companions next to it; Done once "
                    "all are next to it.",
    ShieldwallRearrange: "Drag a troop of the group onto another to switch places; Done to "
                         "stop.",
    SpyReturn: "Press the card to return, or drag it onto its pile in the Piles dock.",
    SpyLook: "Double-click the troop and the tactics card to put on top, then Stack.",
    RansomChoice: "Choose the hostage to send back.",
    PlaceRescue: "Click a glowing hex for the rescued troop.",
    SavedSwap: "Drag a melee troop onto another next to it to swap them, or Done.",
}
"""What the seat asked by a frame may do, by the frame's kind."""
ONLY_PASS_HINT = "Nothing you hold answers this: press Pass."
FRAME_TIPS: dict[type, str] = {
    NegateChain: "Answer the tactics card just played",
    CounterWindow: "Answer the enemy's attack or move with a counter-card",
    HorseGroupMove: "Finish moving the group",
    ShieldwallRearrange: "Finish moving the group",
}
"""The tooltip of a frame's answer buttons ("Your answer" for the others)."""


class TacticaPresenter(ViewerSeat, GamePresenter):
    uses_dice = False  # damage is OFF against DEF: no die is ever rolled

    def __init__(self, controller: MatchController) -> None:
        super().__init__(controller)
        self.pick: list[Action] = []  # a drop that fits several actions, to be finished
        self.spy = ["", ""]  # SPY in MOVEMENT: troop face and tactics face to put on top
        self.after_refresh: Callable[[], None] | None = None

    # -- who decides ------------------------------------------------------
    def forget_choices(self) -> None:
        """The game moved on: a half-made pick or SPY choice no longer applies."""
        self.pick = []
        self.spy = ["", ""]
        self._legal_for = None

    def redraw(self) -> None:
        """Show a change of the table's own (not the game's) state, e.g. a pick or SPY choice."""
        QTimer.singleShot(0, self.controller.changed.emit)

    # -- the hand dock ----------------------------------------------------
    def hand_panels(self, state: GameState, seat: int) -> list[Panel]:
        assert isinstance(state, TacticaState)
        self.viewer = seat
        table = state.table
        cards = [(ref, looks.look(state, ref), looks.tooltip(state, ref))
                 for ref in table.cards_in(barracks(seat))]
        own_turn = state.active == seat and not state.frames
        if own_turn and state.phase is Phase.LANDMARKS:
            marks = [c for c in table.cards_in(features(seat)) if table.faces.get(c) == "landmark"]
            if marks:
                cards = [(ref, looks.look(state, ref), looks.tooltip(state, ref))
                         for ref in (f"{marks[0]}{looks.LANDMARK_SEP}ridge",
                                     f"{marks[0]}{looks.LANDMARK_SEP}ravine")] + cards
        training = table.cards_in(TRAINING)
        if own_turn and state.phase is Phase.MUSTER and training:
            top = training[-1]
            look = looks.look(state, top)
            cards.append((top, CardLook(look.title, look.symbol, body=look.body,
                                        face_colour=look.face_colour,
                                        badge=f"{len(training)} left"),
                          looks.tooltip(state, top)))
        side = looks.side_name(seat)
        count = len(table.cards_in(barracks(seat)))
        panels = [Panel(barracks(seat), f"{SIDE_SYMBOLS[seat]} {side} barracks · {count} "
                                        f"card(s)", cards, note=self._hand_note(state, seat))]
        spy = self._spy_panel(state)
        return [*panels, spy] if spy is not None else panels

    def _hand_note(self, state: TacticaState, seat: int) -> str:
        """What to do now, or whom the table waits for: never nothing, so the dock keeps
        its height and the board its size from one turn to the next."""
        if state.result is not None:
            return "the war is over"
        if not self.deciding() or self.viewer != seat:
            mover = self.controller.seat()
            return "" if mover is None else f"waiting for {looks.seat_name(mover)}"
        return self._hint(state)

    def _hint(self, state: TacticaState) -> str:
        """What the deciding seat may do now: the open frame's hint, else the phase's."""
        frame = queries.open_frame(state)
        if frame is None:
            return PHASE_HINTS.get(state.phase, "")
        if self.legal() == [Pass()]:
            return ONLY_PASS_HINT
        return FRAME_HINTS.get(type(frame), frame.prompt_text(state))

    def _spy_panel(self, state: TacticaState) -> Panel | None:
        stacks = [a for a in self.legal() if isinstance(a, SpyStack)]
        if not stacks:
            return None
        troops = sorted({a.troop_face for a in stacks if a.troop_face})
        tactics = sorted({a.tactic_face for a in stacks if a.tactic_face})
        cards = []
        for prefix, faces, chosen in ((SPY_TROOP, troops, self.spy[0]),
                                      (SPY_TACTIC, tactics, self.spy[1])):
            for face in faces:
                cards.append((prefix + face,
                              CardLook(CONTENT.name(face), SIDE_SYMBOLS[self.viewer or 0],
                                       body=("in your", "troop pile" if prefix == SPY_TROOP
                                             else "tactics pile"),
                                       face_colour=CARD_BANDS[self.viewer or 0],
                                       badge="on top" if face == chosen else ""),
                              "Double-click to put a card of this kind on top of its pile"))
        return Panel("spy", "SPY: your piles", cards,
                     note="double-click one troop and one tactics card to put on top")

    def play_from_hand_action(self, state: GameState, ref: str) -> Action | None:
        """Double-click: choose a SPY card, or play a card that has exactly one use now."""
        for i, prefix in enumerate((SPY_TROOP, SPY_TACTIC)):
            if ref.startswith(prefix):
                face = ref.removeprefix(prefix)
                self.spy[i] = "" if self.spy[i] == face else face
                self.redraw()
                return None
        assert isinstance(state, TacticaState)
        face = state.table.faces.get(ref)
        uses = [a for a in self.legal() if isinstance(a, PlayTactic)
                and state.table.faces.get(a.card) == face]
        if len(uses) == 1:
            return replace(uses[0], card=ref)
        return None

    # -- buttons ------------------------------------------------------------
    def buttons(self, state: GameState, seat: int) -> list[Button]:
        assert isinstance(state, TacticaState)
        legal = self.legal()
        if not legal or seat != self.viewer:
            return []
        out = [Button(describe(state, a), "Finish the card you dropped this way", a)
               for a in self.pick]
        frame = queries.open_frame(state)
        if frame is None:
            out += [Button(describe(state, a), "A rescue without the card: the hostage is "
                                               "chosen at random", a)
                    for a in legal if isinstance(a, Rescue)]
            out += [Button(describe(state, a), "Close this phase", a)
                    for a in legal if isinstance(a, EndPhase)]
            return out
        if any(isinstance(a, SpyStack) for a in legal):
            stack = SpyStack(*self.spy)
            return [*out, Button(f"Stack: {describe(state, stack)}",
                                 "Put the chosen cards on top of your piles", stack)]
        answers = [a for a in legal if isinstance(a, Negate | ChooseCard | PlaceRescued)]
        for kind in (PlayTactic, Swap):
            some = [a for a in legal if isinstance(a, kind)]
            if len(some) <= MAX_CHOICE_BUTTONS:
                answers += some
        closing = [a for a in legal if isinstance(a, Pass | Done)]
        tip = FRAME_TIPS.get(type(frame), "Your answer")
        return out + [Button(describe(state, a), tip, a) for a in answers + closing]

    # -- the phase bar ------------------------------------------------------
    def status(self, state: GameState, seat: int | None) -> str:
        assert isinstance(state, TacticaState)
        self.viewer = seat
        if self.after_refresh is not None:
            self.after_refresh()
        if state.result is not None:
            return f"<b>{escape(ending(state, state.result))}</b>"
        summary = queries.phase_summary(state)
        return f"{self._phase_line(summary)}<br>{self._todo_line(state, summary)}"

    def _phase_line(self, summary: queries.PhaseSummary) -> str:
        steps = " › ".join(
            f"<span style='color:#f2c230'>{p}</span>" if p is summary.phase
            else f"<span style='color:#8796a0; font-weight:normal'>{p}</span>"
            for p in summary.phases)
        colour = SIDE_COLOURS[summary.seat].lighter(150).name()
        won, points = summary.battles_won, summary.points
        score = (f"battles won ☀ {won[0]} – {won[1]} ☾ · points "
                 f"{points[0]} – {points[1]}")
        return (f"Battle {summary.battle} of 3 · turn {summary.turn} · "
                f"<span style='color:{colour}'>{escape(looks.seat_name(summary.seat))}</span>"
                f" &nbsp; {steps} <span style='color:#aab6bd; font-weight:normal'>"
                f"&nbsp; ({score})</span>")

    def _todo_line(self, state: TacticaState, summary: queries.PhaseSummary) -> str:
        if self.deciding():
            hint = self._hint(state)
            done = summary.left if summary.prompt else f"{summary.phase}: {summary.left}"
            return (f"{escape(done)} <span style='font-weight:normal'>— "
                    f"{escape(hint)}</span>")
        mover = self.controller.seat()
        waiting = "" if mover is None else f" — waiting for {looks.seat_name(mover)}"
        if mover is not None and mover in self.controller.computer_seats():
            waiting += " (computer)"
        return (f"{escape(summary.todo)}<span style='font-weight:normal'>"
                f"{escape(waiting)}</span>")

    # -- cards and piles ------------------------------------------------------
    def look(self, state: GameState, ref: str) -> CardLook:
        assert isinstance(state, TacticaState)
        return looks.look(state, ref)

    def tooltip(self, state: GameState, ref: str) -> str:
        assert isinstance(state, TacticaState)
        return looks.tooltip(state, ref)

    def card_text(self, state: GameState, ref: str | None) -> str:
        assert isinstance(state, TacticaState)
        return looks.card_text(state, ref)

    def seat_name(self, state: GameState, seat: int) -> str:
        return looks.seat_name(seat)

    # -- words for the palette and the end ---------------------------------------------
    def describe(self, state: GameState, action: Action) -> str:
        """The palette's line for an action: card names and hexes as the rules log has them,
        read from the seat's view (a card it may not see is 'a face-down card')."""
        assert isinstance(state, TacticaState)
        return describe(state, action)

    def ending(self, state: GameState, outcome: Outcome) -> str:
        assert isinstance(state, TacticaState)
        return ending(state, outcome)

    def summarize(self, match: Match) -> Work[Summary]:
        """Points after each turn of each battle, battles won, captures, walls lost."""
        return summarize(match)

    def drop_action(self, drag: CardDrag, zone: str, pos: object) -> Action | None:
        """A card dropped on a dock: SPY's returned card onto its pile; nothing else."""
        returns = [a for a in self.legal() if isinstance(a, ChooseCard) and a.card == drag.ref]
        if returns and self.viewer is not None and zone in (troop_pile(self.viewer),
                                                            tactics_pile(self.viewer)):
            return returns[0]
        self.controller.refuse("Cards are played by dragging them onto the field.")
        return None
