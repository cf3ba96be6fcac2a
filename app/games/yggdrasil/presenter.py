"""Yggdrasil's answers to the shared window: the Hand dock, the buttons, the phase bar.

The Hand dock shows the seat at the computer its hand, its clan sheet (the three stat
tracks, its upgrades and a slot for the next) and its committed quests, which no other
seat ever sees. Buttons answer what has no natural gesture (raise a stat, pass a
window, take a card back, keep no card); everything else is a drag or a click on the
table. What a seat may do is read from the engine's legal actions, and only while that
seat is the one deciding.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import QTimer

from app.board.cards import CardLook
from app.dragdrop import CardDrag
from app.games.base import Button, GamePresenter, Panel, Summary, ViewerSeat, Work
from app.games.yggdrasil import looks, summary, tracks, wording
from app.games.yggdrasil.gestures import for_card
from app.match_controller import MatchController
from app.words import count
from engine.core.actions import Action
from engine.core.frames import Pass, Use
from engine.core.game import GameState, Outcome
from engine.core.match import Match
from engine.games.yggdrasil import board
from engine.games.yggdrasil.actions import (
    Choose,
    Go,
    Keep,
    Lay,
    Quest,
    Raise,
    Reclaim,
    Rest,
    Sacrifice,
    Upgrade,
)
from engine.games.yggdrasil.state import (
    STATS,
    YggdrasilState,
    hand,
    kept,
    quests,
    sheet,
)

MAX_CHOICE_BUTTONS = 5
"""More answers than this are left to the table and the palette: a row of buttons must
stay readable."""


def _y(state: GameState) -> YggdrasilState:
    assert isinstance(state, YggdrasilState)
    return state


class YggdrasilPresenter(ViewerSeat, GamePresenter):
    uses_dice = False

    def __init__(self, controller: MatchController) -> None:
        super().__init__(controller)
        self.after_refresh: Callable[[], None] | None = None
        self._held_for: GameState | None = None  # the state the held choices belong to
        self._staged: tuple[str, ...] = ()  # a draft card picked before its partner
        self._asked: tuple[Action, ...] = ()  # a drop that may mean several actions

    # -- who decides ----------------------------------------------------------------------
    def now(self) -> YggdrasilState | None:
        """The table as the seat at the computer sees it (gestures are read against it)."""
        match = self.controller.match
        if match is None or self.viewer is None:
            return None
        return _y(match.view(self.viewer))

    def _fresh(self) -> None:
        """Forget choices held for a table that has moved on."""
        match = self.controller.match
        state = match.state if match is not None else None
        if state is not self._held_for:
            self._held_for, self._staged, self._asked = state, (), ()

    @property
    def staged(self) -> tuple[str, ...]:
        self._fresh()
        return self._staged

    def stage(self, ref: str) -> None:
        """Set a draft card aside until its partner is picked (two at a time)."""
        self._fresh()
        self._staged = (ref,)
        self.redraw()

    def unstage(self) -> None:
        """Put a draft card set aside back in the packet (the player thinks again)."""
        self._fresh()
        self._staged = ()
        self.redraw()

    def ask(self, choices: tuple[Action, ...]) -> None:
        """Offer the actions one drop may mean as buttons."""
        self._fresh()
        self._asked = choices
        self.redraw()

    def redraw(self) -> None:
        """Show a choice held at the table (after the gesture that made it has ended)."""
        QTimer.singleShot(0, self.controller, self.controller.changed.emit)

    def refuse_not_yours(self) -> str:
        seat = self.controller.seat()
        if seat is None:
            return "The game is over."
        return f"It is {looks.seat_name(seat)} who must decide now."

    # -- the hand dock --------------------------------------------------------------------------
    def hand_zone(self, seat: int) -> str | None:
        return hand(seat)

    def hand_panels(self, state: GameState, seat: int) -> list[Panel]:
        s = _y(state)
        self.viewer = seat
        cards = [(ref, looks.look(s, ref), _hand_tip(s, ref))
                 for ref in s.table.cards_in(hand(seat))]
        title = f"{looks.clan_label(seat)}'s hand · {count(len(cards), 'card')}"
        panels = [Panel(hand(seat), title, cards, note=self._note(s))]
        waiting = s.table.cards_in(kept(seat))
        if waiting:
            panels.append(Panel(kept(seat), "Kept from the last Age (joins your hand after "
                                "the draft)", [(r, looks.look(s, r), looks.tooltip(s, r))
                                               for r in waiting]))
        panels.append(self._sheet_panel(s, seat))
        committed = [(r, looks.look(s, r), looks.tooltip(s, r, "Revealed at the Quest "
                                                              "phase; hidden till then."))
                     for r in s.table.cards_in(quests(seat))]
        panels.append(Panel(quests(seat), "Quests · hidden from the others", committed,
                            slots=len(committed) + 1))
        return panels

    def _sheet_panel(self, s: YggdrasilState, seat: int) -> Panel:
        upgrades = [(r, looks.look(s, r), looks.tooltip(s, r))
                    for r in s.table.cards_in(sheet(seat))]
        free = free_slots(s, seat)
        portrait_body = (f"Rage left {s.rage[seat]} · Glory {s.glory[seat]}",
                         f"On the board {len(board.on_board(s, seat))} of "
                         f"{board.stat(s, 'horns', seat)} (Horns)")
        portrait = ("sheet-tracks", CardLook("Clan sheet", body=portrait_body,
                                             face_colour=looks.CLAN_COLOURS[seat],
                                             art=tracks.art_name(s, seat)),
                    self._tracks_tip(s, seat))
        title = f"Clan sheet · {looks.stat_line(s, seat)}"
        note = "free slots: " + (", ".join(free) if free else "none (an upgrade replaces one)")
        return Panel(sheet(seat), title, upgrades, slots=len(upgrades) + 1, note=note,
                     portrait=portrait)

    @staticmethod
    def _tracks_tip(s: YggdrasilState, seat: int) -> str:
        lines = [f"<b>{escape(looks.clan_label(seat))}'s clan sheet</b>"]
        for stat in STATS:
            step = s.step(stat, seat)
            lines.append(f"{looks.STAT_NAMES[stat]}: step {step} of 6, "
                         f"{board.stat(s, stat, seat)}")
        lines.append("Rage: what you may spend each Age · Axes: Glory for a battle won · "
                     "Horns: how many of your figures may stand on the board")
        return "<br>".join(lines)

    def _note(self, s: YggdrasilState) -> str:
        """What to do now, or whom the table waits for: never nothing, so the dock keeps its
        height from one turn to the next."""
        if s.result is not None:
            return "the game is over"
        if not self.deciding():
            mover = self.controller.seat()
            return "" if mover is None else f"waiting for {looks.seat_name(mover)}"
        return wording.hint(s, self.legal())

    def play_from_hand_action(self, state: GameState, ref: str) -> Action | None:
        """Double-click: lay it in the battle, keep it, commit it as a quest, or upgrade
        with it, when that is its one use now."""
        s = _y(state)
        if not self.deciding() or self.viewer is None:
            self.controller.refuse(self.refuse_not_yours())
            return None
        targets = for_card(s, self.legal(), ref, self.viewer, self.staged)
        uses = [t for t in targets if t.action is not None]
        if len(targets) == 1 and targets[0].choices:
            self.ask(targets[0].choices)
            return None
        if len(uses) == 1:
            return uses[0].action
        printed = looks.card(s, ref)
        if not targets and printed is not None:
            intent: Action = Quest(ref) if printed.kind == "quest" else \
                Upgrade(ref) if printed.slot else Lay(ref)
            self.controller.refuse(self.controller.check(intent) or
                                   f"{printed.name} has no use now.")
        elif targets:
            self.controller.refuse("That card may go more than one way: drag it where you "
                                   "want it.")
        return None

    def drop_action(self, drag: CardDrag, zone: str, pos: object) -> Action | None:
        """A hand card dropped on the clan sheet upgrades; on the quests, commits it."""
        s = self.now()
        if s is None or self.viewer is None:
            return None
        if not self.deciding():
            self.controller.refuse(self.refuse_not_yours())
            return None
        targets = for_card(s, self.legal(), drag.ref, self.viewer, self.staged)
        target = next((t for t in targets if t.spot == zone), None)
        if target is not None and target.choices:
            self.ask(target.choices)
            return None
        if target is not None:
            return target.action
        if zone == sheet(self.viewer):
            return Upgrade(drag.ref)
        if zone == quests(self.viewer):
            return Quest(drag.ref)
        self.controller.refuse("Drag a card onto your clan sheet to upgrade, onto your quests "
                               "to commit it, or onto the battle on the table.")
        return None

    # -- buttons ------------------------------------------------------------------------------
    def buttons(self, state: GameState, seat: int) -> list[Button]:
        s = _y(state)
        legal = self.legal()
        if not legal or seat != self.viewer:
            return []
        self._fresh()
        out = [Button(wording.describe(s, a), "Your drop may mean either: choose", a)
               for a in self._asked]
        out += [Button(wording.describe(s, a), "Raise this stat one step", a)
                for a in legal if isinstance(a, Raise)]
        out += [Button(wording.describe(s, a), "Frigga's Sacrifice", a)
                for a in legal if isinstance(a, Sacrifice)]
        for kinds, tip in ((Reclaim, "Tyr's Prowess: take the card back for Rage"),
                           (Choose, "Your choice"), (Go, "Lord of Hammers")):
            chosen = [a for a in legal if isinstance(a, kinds)]
            if len(chosen) <= MAX_CHOICE_BUTTONS:
                out += [Button(wording.describe(s, a), tip, a) for a in chosen]
        out += [Button(wording.describe(s, a), "Use it now", a)
                for a in legal if isinstance(a, Use)]
        out += [Button("Keep no card", "Every card of your hand goes back to the box", a)
                for a in legal if isinstance(a, Keep) and not a.card]
        out += [Button(wording.pass_words(s), "Let this go by", a)
                for a in legal if isinstance(a, Pass)]
        out += [Button("Pass for this Age", "No more actions this Age: your Rage drops to 0",
                       a) for a in legal if isinstance(a, Rest)]
        return out

    # -- the phase bar ------------------------------------------------------------------------
    def status(self, state: GameState, seat: int | None) -> str:
        s = _y(state)
        self.viewer = seat
        if self.after_refresh is not None:
            self.after_refresh()
        if s.result is not None:
            return f"<b>{escape(wording.ending(s.result))}</b>"
        steps = " › ".join(
            f"<span style='color:#f2c230'>{escape(p)}</span>" if now
            else f"<span style='color:#8796a0; font-weight:normal'>{escape(p)}</span>"
            for p, now in wording.phase_steps(s.phase))
        mover = self.controller.seat()
        who = s.active if s.phase == "action" and not s.frames else mover
        head = f"Age {looks.AGE_NUMERALS[s.age - 1]} &nbsp; {steps}"
        if who is not None:
            colour = looks.clan_colour(who).lighter(150).name()
            turn = "'s turn" if s.phase == "action" else " decides"
            head += (f" &nbsp;·&nbsp; <span style='color:{colour}'>"
                     f"{escape(looks.clan_label(who))}{turn}</span>")
            if s.phase == "action":
                head += f" · Rage left {s.rage[who]}"
        return f"{head}<br>{self._todo(s)}"

    def _todo(self, s: YggdrasilState) -> str:
        question = wording.prompt(s)
        head = f"{escape(question)} — " if question else ""
        if self.deciding():
            return f"{head}<span style='font-weight:normal'>" \
                   f"{escape(wording.hint(s, self.legal()))}</span>"
        mover = self.controller.seat()
        waiting = "" if mover is None else f"waiting for {looks.seat_name(mover)}"
        if mover is not None and mover in self.controller.computer_seats():
            waiting += " (computer)"
        return f"{head}<span style='font-weight:normal'>{escape(waiting)}</span>"

    # -- cards and words -------------------------------------------------------------------
    def look(self, state: GameState, ref: str) -> CardLook:
        return looks.look(_y(state), ref)

    def tooltip(self, state: GameState, ref: str) -> str:
        return looks.tooltip(_y(state), ref)

    def card_text(self, state: GameState, ref: str | None) -> str:
        if ref is None:
            return ""
        printed = looks.card(_y(state), ref)
        return printed.name if printed is not None else "face down"

    def seat_name(self, state: GameState, seat: int) -> str:
        return looks.seat_name(seat)

    def describe(self, state: GameState, action: Action) -> str:
        return wording.describe(_y(state), action)

    def ending(self, state: GameState, outcome: Outcome) -> str:
        return wording.ending(outcome)

    def summarize(self, match: Match) -> Work[Summary]:
        """Glory per Age for every clan, battles won and quests fulfilled."""
        return summary.summarize(match)


def _hand_tip(s: YggdrasilState, ref: str) -> str:
    """A card in the hand: its print, and what it is for."""
    printed = looks.card(s, ref)
    return looks.tooltip(s, ref, looks.USES.get(printed.kind, "") if printed else "")


def free_slots(state: YggdrasilState, seat: int) -> list[str]:
    """The clan sheet's empty slots in words: 'Leader', 'Monster ×2'."""
    slots = board.content().clan.slots
    taken = [board.card(state, c).slot for c in state.table.cards_in(sheet(seat))]
    out = []
    for slot, room in slots.items():
        left = room - taken.count(slot)
        if left > 0:
            out.append(slot.capitalize() + (f" ×{left}" if left > 1 else ""))
    return out
