"""Wintergrim's answers to the shared window: the hand, the buttons, the phase bar.

The Hand dock shows the hand of the seat at the computer (and, while it
searches its deck at set-up, the HQs and workers it may start with). Buttons
answer the open question (Pass, capture or remove, which card a search takes,
who steps in for an attacked unit) and end the turn; everything else is a
drag or a click on the table. What a seat may do is read from the engine's
legal actions, and only while that seat is the one deciding.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from html import escape

from PySide6.QtCore import QTimer

from app.board.cards import CardLook
from app.dragdrop import CardDrag
from app.games.base import Button, GamePresenter, Panel, RollPreview, Summary, ViewerSeat, Work
from app.games.wintergrim import looks, summary, wording
from app.match_controller import MatchController
from app.words import count
from engine.core.actions import Action
from engine.core.frames import Pass
from engine.core.game import GameState, Outcome
from engine.core.match import Match
from engine.games.wintergrim import odds, world
from engine.games.wintergrim.actions import (
    Capture,
    Dismiss,
    EndTurn,
    Found,
    Intercept,
    PayWith,
    Place,
    PlayTactic,
    Take,
    UseStart,
    Vanguard,
)
from engine.games.wintergrim.frames import BattleRoll, Payment
from engine.games.wintergrim.state import WintergrimState, hand, removed

START = "start:"
"""A card offered at set-up is ``start:<role>:<key>``: the deck's cards have no ids a
seat may see while it searches, so the offer names the card by key."""
MAX_CHOICE_BUTTONS = 6
"""More answers than this are left to the table: a row of buttons must stay readable."""


def _wg(state: GameState) -> WintergrimState:
    assert isinstance(state, WintergrimState)
    return state


class WintergrimPresenter(ViewerSeat, GamePresenter):
    def __init__(self, controller: MatchController) -> None:
        super().__init__(controller)
        self.choices: dict[int, dict[str, list[str]]] = {}  # per seat: role -> keys picked
        self.after_refresh: Callable[[], None] | None = None

    # -- who decides ----------------------------------------------------------------------
    def now(self) -> WintergrimState | None:
        """The table as the seat at the computer sees it (gestures are read against it)."""
        match = self.controller.match
        if match is None or self.viewer is None:
            return None
        return _wg(match.view(self.viewer))

    def redraw(self) -> None:
        """Show a change of the table's own state (a start being chosen)."""
        QTimer.singleShot(0, self.controller.changed.emit)

    # -- the hand dock --------------------------------------------------------------------------
    def hand_zone(self, seat: int) -> str | None:
        return hand(seat)

    def hand_panels(self, state: GameState, seat: int) -> list[Panel]:
        s = _wg(state)
        self.viewer = seat
        paying = next((f.card for f in s.frames if isinstance(f, Payment)), None)
        cards = [(ref, looks.look(s, ref), looks.tooltip(s, ref))
                 for ref in s.table.cards_in(hand(seat))]
        cards = [(ref, replace(look, badge="paying for") if ref == paying else look, tip)
                 for ref, look, tip in cards]
        title = f"{looks.seat_label(s, seat)}'s hand · {count(len(cards), 'card')}"
        founding = self._founding_panel(s)
        if founding is not None:
            return [founding, Panel(hand(seat), title, cards)]
        return [Panel(hand(seat), title, cards, note=self._note(s))]

    def _note(self, s: WintergrimState) -> str:
        """What to do now, or whom the table waits for: never nothing, so the dock keeps its
        height from one turn to the next."""
        if s.result is not None:
            return "the game is over"
        if not self.deciding():
            mover = self.controller.seat()
            return "" if mover is None else f"waiting for {looks.seat_name(s, mover)}"
        return wording.hint(s, self.legal())

    def _founding_panel(self, s: WintergrimState) -> Panel | None:
        starts = [a for a in self.legal() if isinstance(a, Found)]
        if not starts:
            return None
        chosen = self.start_choice(starts)
        default = _default_start(starts)
        picks = {"worker": self.choice.get("worker", []) if chosen is None
                 else list(chosen.workers),
                 "hq": [self._pick("hq", default.hq)], "path": [self._pick("path", default.path)]}
        colour = looks.seat_colour(s, self.viewer or 0)
        cards = []
        for role, keys in (("hq", sorted({a.hq for a in starts})),
                           ("worker", sorted({w for a in starts for w in a.workers})),
                           ("path", sorted({a.path for a in starts if a.path}))):
            for key in keys:
                printed = world.content().cards[key]
                picked = [w for w in picks[role] if w == key]
                badge = "" if not picked else "chosen" if len(picked) == 1 else "chosen ×2"
                look = looks.hand_look(printed, colour)
                cards.append((f"{START}{role}:{key}",
                              CardLook(look.title, body=look.body, face_colour=look.face_colour,
                                       badge=badge),
                              looks.card_html(s, printed) + "<br><i>Double-click to choose "
                              "it for your start</i>"))
        return Panel("start", "Your deck: the HQ and workers you may start with", cards,
                     note="double-click two workers, then press Start")

    def start_choice(self, starts: list[Found]) -> Found | None:
        """The start the player has picked (None while only one worker is picked, or a
        pair the rules do not allow); before any pick, the default start."""
        default = _default_start(starts)
        workers = self.choice.get("worker", [])
        if len(workers) == 1:
            return None  # a second worker is still to come
        wanted = Found(self._pick("hq", default.hq),
                       tuple(sorted(workers)) if workers else default.workers,  # type: ignore[arg-type]
                       self._pick("path", default.path))
        return wanted if wanted in starts else None

    @property
    def choice(self) -> dict[str, list[str]]:
        """The start the seat at the computer is choosing: role -> keys picked."""
        return self.choices.setdefault(self.viewer if self.viewer is not None else -1, {})

    def _pick(self, role: str, default: str) -> str:
        picked = self.choice.get(role)
        return picked[-1] if picked else default

    def play_from_hand_action(self, state: GameState, ref: str) -> Action | None:
        """Double-click: pay with the card while paying, choose a start card at set-up, or
        play a card that has exactly one use now."""
        s = _wg(state)
        if ref.startswith(START):
            role, key = ref.removeprefix(START).split(":", 1)
            if role == "worker":
                picked = self.choice.get("worker", [])
                self.choice["worker"] = [*picked, key] if len(picked) < 2 else [key]
            else:
                self.choice[role] = [key]
            self.redraw()
            return None
        legal = self.legal()
        if any(isinstance(a, PayWith) for a in legal):
            return PayWith(ref)
        face = s.table.faces.get(ref)
        uses = [a for a in legal if isinstance(a, Place | PlayTactic)
                and s.table.faces.get(a.card) == face]
        if len(uses) == 1:
            return uses[0]
        if not uses:
            self.controller.refuse(self._no_use(s, ref))
        else:
            self.controller.refuse("That card may go more than one way: drag it onto the "
                                   "table where you want it.")
        return None

    def _no_use(self, s: WintergrimState, ref: str) -> str:
        printed = looks.card(s, ref)
        if printed is None or not self.deciding():
            return "It is not your decision now."
        intent: Action = PlayTactic(ref) if printed.kind == "tactic" else Place(ref)
        return self.controller.check(intent) or f"{printed.name} has no use now."

    def drop_action(self, drag: CardDrag, zone: str, pos: object) -> Action | None:
        """A hand card dropped on the Piles dock's removed pile pays; nothing else is played
        from the docks."""
        if self.viewer is not None and zone == removed(self.viewer) and \
                any(isinstance(a, PayWith) for a in self.legal()):
            return PayWith(drag.ref)
        self.controller.refuse("Cards are played by dragging them onto the table.")
        return None

    # -- buttons ------------------------------------------------------------------------------
    def buttons(self, state: GameState, seat: int) -> list[Button]:
        s = _wg(state)
        legal = self.legal()
        if not legal or seat != self.viewer:
            return []
        out: list[Button] = []
        starts = [a for a in legal if isinstance(a, Found)]
        if starts:
            chosen = self.start_choice(starts)
            if chosen is None:
                out.append(Button("Start: double-click two workers", "Two workers of your "
                                  "realm start inside your HQ", None))
            else:
                out.append(Button(wording.describe(s, chosen), "Put these cards down and "
                                  "begin", chosen))
        out += [Button(wording.describe(s, a), "Your answer", a) for a in legal
                if isinstance(a, Capture | Take | Intercept | Vanguard)]
        dismiss = [a for a in legal if isinstance(a, Dismiss)]
        if len(dismiss) <= MAX_CHOICE_BUTTONS:
            out += [Button(wording.describe(s, a), "Food is short: this unit leaves", a)
                    for a in dismiss]
        out += [Button(wording.describe(s, a), "A start-phase text", a)
                for a in legal if isinstance(a, UseStart)]
        out += [Button(wording.describe(s, a), "Let this window go by", a)
                for a in legal if isinstance(a, Pass)]
        out += [Button("End turn", "Finish your turn: the other players may answer first", a)
                for a in legal if isinstance(a, EndTurn)]
        return out

    # -- the phase bar ------------------------------------------------------------------------
    def status(self, state: GameState, seat: int | None) -> str:
        s = _wg(state)
        self.viewer = seat
        if self.after_refresh is not None:
            self.after_refresh()
        if s.result is not None:
            return f"<b>{escape(wording.ending(s, s.result))}</b>"
        if s.phase == "found":
            first = f"Set-up · {escape(looks.seat_label(s, s.first))} rolled highest and goes first"
        else:
            steps = " › ".join(
                f"<span style='color:#f2c230'>{p}</span>" if now
                else f"<span style='color:#8796a0; font-weight:normal'>{p}</span>"
                for p, now in wording.phase_steps(s.phase))
            colour = looks.seat_colour(s, s.active).lighter(160).name()
            first = (f"Turn {s.turn} · <span style='color:{colour}'>"
                     f"{escape(looks.seat_label(s, s.active))} · "
                     f"{escape(looks.deck_name(s, s.active))}</span> &nbsp; {steps}")
        return f"{first}<br>{self._todo(s)}"

    def _todo(self, s: WintergrimState) -> str:
        question = wording.prompt(s)
        if self.deciding():
            hint = wording.hint(s, self.legal())
            head = f"{escape(question)} — " if question else ""
            return f"{head}<span style='font-weight:normal'>{escape(hint)}</span>"
        mover = self.controller.seat()
        waiting = "" if mover is None else f"waiting for {looks.seat_name(s, mover)}"
        if mover is not None and mover in self.controller.computer_seats():
            waiting += " (computer)"
        head = f"{escape(question)} — " if question else ""
        return f"{head}<span style='font-weight:normal'>{escape(waiting)}</span>"

    # -- the dice about to roll -----------------------------------------------------------------
    def pending_rolls(self, state: GameState) -> list[RollPreview]:
        """The attack waiting for its window to close: each side's dice and the exact
        chances of a hit, a perfect hit and a defeat (the engine's own odds)."""
        s = _wg(state)
        battle = next((f for f in reversed(s.frames) if isinstance(f, BattleRoll)), None)
        if battle is None or battle.unit not in s.pieces or battle.target not in s.pieces:
            return []
        chances = odds.attack_odds(s, battle.unit, battle.target, battle.combat)
        pools = chances.pools
        caption = (f"{looks.name(s, battle.unit)} attacks {looks.name(s, battle.target)} "
                   f"({battle.combat.upper()}): {pools.attack} dice ({pools.attack_need}+) "
                   f"against {pools.defend} ({pools.defend_need}+) — {odds_words(chances)}")
        return [RollPreview("", None, caption, contest=odds.margins(pools))]

    # -- cards ---------------------------------------------------------------------------------
    def look(self, state: GameState, ref: str) -> CardLook:
        return looks.look(_wg(state), ref)

    def tooltip(self, state: GameState, ref: str) -> str:
        return looks.tooltip(_wg(state), ref)

    def card_text(self, state: GameState, ref: str | None) -> str:
        return looks.card_text(_wg(state), ref)

    def seat_name(self, state: GameState, seat: int) -> str:
        return looks.seat_name(_wg(state), seat)

    # -- words ---------------------------------------------------------------------------------
    def describe(self, state: GameState, action: Action) -> str:
        return wording.describe(_wg(state), action)

    def ending(self, state: GameState, outcome: Outcome) -> str:
        return wording.ending(_wg(state), outcome)

    def summarize(self, match: Match) -> Work[Summary]:
        """Each player's strength and food turn by turn, captures and the removed piles."""
        return summary.summarize(match)


def _default_start(starts: list[Found]) -> Found:
    """The start offered before any pick: the first the rules allow with two different
    workers, one of them a leader (many cards require a leader)."""
    return next((a for a in starts if a.workers[0] != a.workers[1] and any(
        world.content().cards[w].is_("leader") for w in a.workers)), starts[0])


def odds_words(chances: odds.AttackOdds) -> str:
    """'hits 50%, perfect 17%, defeats 17%': an attack's chances in a line."""
    return (f"hits {percent(chances.hit)}, perfect {percent(chances.perfect)}, "
            f"defeats {percent(chances.defeat)}")


def percent(p: Fraction) -> str:
    """A chance in words that never rounds a possible result to 0% or an uncertain one to
    100%."""
    if 0 < p < Fraction(1, 1000):
        return "< 0.1%"
    if Fraction(999, 1000) < p < 1:
        return "> 99.9%"
    return f"{float(p) * 100:.1f}%".replace(".0%", "%")
