"""The main window: board in the middle, docks around it, menus, status bar.

It renders the controller's match from the point of view of the seat at
the computer and turns menu commands into controller calls; it never
changes game state itself.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDockWidget,
    QFileDialog,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app import pace, paths
from app.board.view import BoardView
from app.computer import ComputerPlayers
from app.curtain import Curtain
from app.docks.dice import DiceDock
from app.docks.hand import HandDock
from app.docks.log import LogDock, LogFeed
from app.docks.piles import PilesDock
from app.dragdrop import CardDrag
from app.games import scene_for
from app.games.base import GamePresenter, Summary, Work
from app.glide import fly
from app.match_controller import MatchController
from app.steady import SteadyLabel, TextBar
from app.window_layout import WindowLayout
from engine.core import registry
from engine.core.errors import ContentError, SaveError
from engine.core.game import GameState, RuleMode
from engine.core.match import Match
from engine.core.saves import EXTENSION
from engine.core.zones import Layout, Visibility
from engine.games import game_names, game_title

SPECTATOR = -1  # a seat that sees only public information (behind the curtain)
WARM_UP_MS = 800  # after the window first shows: the player is taking the table in
SAVE_FILTER = f"Runetable saves (*{EXTENSION});;All files (*)"


class MainWindow(QMainWindow):
    def __init__(self, controller: MatchController | None = None) -> None:
        super().__init__()
        self.setObjectName("mainWindow")
        self.setWindowTitle("Runetable")
        self.controller = controller or MatchController(self)
        self.presenter: GamePresenter | None = None
        self.scene = None
        self.preview_step: int | None = None
        self.curtain_seat: int | None = None  # seat waiting behind the curtain
        self._last_human: int | None = None  # the person who last had the table
        self._thinking_text = ""
        self._summary_for: tuple[int, int] | None = None  # the match end last summed up
        self._drawn: tuple[Match, int] | None = None  # the match and its steps last drawn
        self._warm_up_planned = False  # the chart library is to be imported once shown
        self.summary: QDialog | None = None
        self._summary_of: tuple[Match, int] | None = None  # the end the dialog sums up
        self._summarizing: tuple[Match, int] | None = None  # the end being worked out
        self._refusal: str | None = None  # the refusal the status bar shows, if it still does

        central = QWidget()
        self.view = BoardView(central)
        box = QVBoxLayout(central)
        box.setContentsMargins(0, 0, 0, 0)
        self.preview_bar = QPushButton()
        self.preview_bar.setObjectName("previewBar")
        self.preview_bar.setStyleSheet("background: #f6d776; padding: 6px;")
        self.preview_bar.clicked.connect(lambda: self.leave_preview())
        self.preview_bar.hide()
        back = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        back.activated.connect(lambda: self.leave_preview() if self.preview_step else None)
        box.addWidget(self.preview_bar)
        # Room for two lines always: a bar that grew and shrank with its text resized the
        # board, which re-fitted and redrew every card after most actions.
        self.phase_bar = TextBar("#23313a", "#f2efe6", lines=2)
        self.phase_bar.setObjectName("phaseBar")
        self.phase_bar.hide()
        box.addWidget(self.phase_bar)
        box.addWidget(self.view)
        self.setCentralWidget(central)
        self.curtain = Curtain(central)
        self.curtain.lifted.connect(self._curtain_lifted)

        self.hand_dock = HandDock(self)
        self.piles_dock = PilesDock(self)
        self.dice_dock = DiceDock(self.controller, self)
        self.log_dock = LogDock(self)
        self.log_feed = LogFeed()
        self.computer = ComputerPlayers(self.controller, parent=self)
        self.computer.thinking.connect(self._computer_thinking)
        self.layout_keeper = WindowLayout(self, self.hand_dock,
                                          [self.log_dock, self.dice_dock, self.piles_dock],
                                          self._settings)
        self.seat_label = SteadyLabel()
        self.statusBar().addPermanentWidget(self.seat_label)

        self._build_menus()
        self._wire()
        self.refresh()

    # -- construction ---------------------------------------------------
    def _action(self, text: str, slot: object, shortcut: object = None,
                tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            if isinstance(shortcut, list):
                action.setShortcuts(shortcut)
            else:
                action.setShortcut(shortcut)
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(slot)
        return action

    def _build_menus(self) -> None:
        keys = QKeySequence.StandardKey
        bar = self.menuBar()
        file = bar.addMenu("&File")
        self.new_action = self._action("&New match…", self.new_match, keys.New,
                                       "Set up a new match")
        self.open_action = self._action("&Open…", self.open_file, keys.Open,
                                        "Open a saved match")
        self.save_action = self._action("&Save", self.save, keys.Save, "Save this match")
        self.save_as_action = self._action("Save &as…", self.save_as, keys.SaveAs,
                                           "Save this match under a new name")
        self.quit_action = self._action("&Quit", self.close, keys.Quit)
        for action in (self.new_action, self.open_action, self.save_action,
                       self.save_as_action):
            file.addAction(action)
        file.addSeparator()
        self.decks_action = self._action("&Wintergrim decks…", self.show_deck_builder,
                                         tip="Build, keep and change your Wintergrim decks")
        file.addAction(self.decks_action)
        file.addSeparator()
        file.addAction(self.quit_action)

        edit = bar.addMenu("&Edit")
        redo_keys = [QKeySequence("Ctrl+Shift+Z"), *QKeySequence.keyBindings(keys.Redo)]
        self.undo_action = self._action("&Undo", self.undo, keys.Undo,
                                        "Take back the last action")
        self.redo_action = self._action("&Redo", self.redo,
                                        list(dict.fromkeys(redo_keys)),
                                        "Do the undone action again")
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        edit.addSeparator()
        self.palette_action = self._action("&Actions…", self.show_palette,
                                           QKeySequence("Ctrl+K"),
                                           "Choose any move you may make now by typing")
        edit.addAction(self.palette_action)
        edit.addSeparator()
        self.pause_action = self._action("&Pause computer players", self._toggle_pause,
                                         QKeySequence("Ctrl+P"),
                                         "Stop the computer seats from moving until resumed")
        self.pause_action.setCheckable(True)
        edit.addAction(self.pause_action)

        view = bar.addMenu("&View")
        view.addAction(self._action("Zoom &in", self.view.zoom_in, keys.ZoomIn))
        view.addAction(self._action("Zoom &out", self.view.zoom_out, keys.ZoomOut))
        self.fit_action = self._action("&Fit board to window", self.view.fit,
                                       QKeySequence("Ctrl+0"))
        view.addAction(self.fit_action)
        view.addSeparator()
        for dock in (self.hand_dock, self.piles_dock, self.dice_dock, self.log_dock):
            view.addAction(dock.toggleViewAction())
        view.addSeparator()
        view.addAction(self._action("&Reset layout", self.reset_layout))
        self.summary_action = self._action("Match &summary", self.show_summary,
                                           tip="Who won and why, with charts over the match")
        view.addAction(self.summary_action)
        view.addSeparator()
        self.pace_menu = view.addMenu("Computer &speed")
        self.pace_group = pace.build_menu(self.pace_menu, self.computer, self._settings)

        help_menu = bar.addMenu("&Help")
        self.rules_action = self._action("&Rules of this game", self.show_rules,
                                         keys.HelpContents)
        help_menu.addAction(self.rules_action)
        self.rules_menu = help_menu.addMenu("Rules of &every game")
        self.rules_menu.aboutToShow.connect(self._fill_rules_menu)  # not at start-up
        help_menu.addAction(self._action("&About Runetable", self.show_about))

    def _wire(self) -> None:
        c = self.controller
        c.changed.connect(self.refresh)
        c.replaced.connect(self._match_replaced)
        c.refused.connect(self._refused)
        c.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        for gesture in (self.view.pressed, self.hand_dock.lifted, self.piles_dock.lifted):
            gesture.connect(self._forget_refusal)
        c.seat_changed.connect(self._seat_changed)
        self.hand_dock.dropped.connect(self._dropped)
        self.hand_dock.action_requested.connect(self._submit)
        self.hand_dock.card_activated.connect(self._play_from_hand)
        self.piles_dock.dropped.connect(self._dropped)
        self.piles_dock.shuffle_requested.connect(
            lambda zone: self._submit(self.presenter.shuffle_action(zone)))
        self.piles_dock.draw_requested.connect(self._take_top)
        self.log_dock.moment_requested.connect(self.show_moment)
        self.view.drop_refused.connect(self._glide_home)

    # -- refusals ----------------------------------------------------------
    def _refused(self, reason: str) -> None:
        self._refusal = reason  # the controller shows it next (message)

    def _forget_refusal(self) -> None:
        """A refusal answers the gesture that was refused: once the next one starts, or an
        action lands, it would only tell the player off for what they do now. A message
        shown since (a newer refusal, the computer thinking) stays."""
        if self._refusal is not None and self.statusBar().currentMessage() == self._refusal:
            self.statusBar().clearMessage()
        self._refusal = None

    # -- who is looking ---------------------------------------------------
    def viewer(self) -> int | None:
        """The seat whose eyes the table uses; behind the curtain only public things show.

        While a computer seat decides, the table keeps showing the person at the
        computer (or only public things, when several people share it).
        """
        if self.curtain_seat is not None:
            return SPECTATOR
        seat = self.controller.seat()
        if seat is None or self.controller.computer_to_move() is None:
            return seat
        humans = self.controller.human_seats()
        if len(humans) == 1:
            return humans[0]
        if self._last_human in humans and not self.hides_hands():
            return self._last_human
        return SPECTATOR

    def hides_hands(self) -> bool:
        match = self.controller.match
        if match is None or match.players < 2:
            return False
        return any(z.visibility is Visibility.OWNER for z in match.state.table.zones.values())

    def _seat_changed(self, seat: int) -> None:
        """Drop the curtain when the computer passes from one person to another."""
        if seat in self.controller.computer_seats():
            return
        previous, self._last_human = self._last_human, seat
        if self.hides_hands() and previous is not None and previous != seat:
            self.curtain_seat = seat
            self.curtain.drop_for(seat)
            self._lock_table(True)
            self.refresh()

    def _lock_table(self, locked: bool) -> None:
        """While the curtain is up nothing at the table answers: not the board, not the
        docks' buttons (a roll or a shuffle would be logged as the next player's), not
        undo. The Rules log stays readable: it shows only public text then."""
        for widget in (self.view, self.hand_dock, self.piles_dock, self.dice_dock):
            widget.setEnabled(not locked)

    def _toggle_pause(self) -> None:
        self.computer.set_paused(self.pause_action.isChecked())
        self.statusBar().showMessage("Computer players paused." if self.computer.paused
                                     else "Computer players resumed.", 6000)
        self.refresh()

    def _computer_thinking(self, seat: int) -> None:
        state = self.controller.match.state if self.controller.match else None
        name = self.presenter.seat_name(state, seat) if state is not None else f"Seat {seat}"
        self._thinking_text = f"{name} (computer) is thinking…"
        self.statusBar().showMessage(self._thinking_text)

    def _curtain_lifted(self) -> None:
        self.curtain_seat = None
        self._lock_table(False)
        self.refresh()
        self.view.setFocus()  # the keyboard goes back to the table, not the curtain's button

    # -- rendering ------------------------------------------------------
    def _match_replaced(self) -> None:
        self.leave_preview(refresh=False)
        self.curtain_seat = None
        self.curtain.hide()
        self._lock_table(False)
        self.scene, self.presenter = scene_for(self.controller)
        seat = self.controller.seat()
        self._last_human = seat if seat not in self.controller.computer_seats() else None
        self.view.setScene(self.scene)
        self.scene.in_dock = self._seen_in_dock
        match = self.controller.match_or_fail()
        self.layout_keeper.open_game(match.game.name, *self._dock_defaults())
        self.dice_dock.set_free_rolls(match.mode is not RuleMode.ENFORCED)
        self.piles_dock.set_commands(self.presenter.pile_commands
                                     or match.mode is not RuleMode.ENFORCED)
        presets = getattr(getattr(match.game, "content", None), "dice", None)
        if presets:
            self.dice_dock.set_presets(list(presets))
        QTimer.singleShot(0, self.view.fit)
        self.view.fit()
        self.view.setFocus()
        if match.steps and len(self.controller.human_seats()) > 1:
            # A match opened from a save, several people sharing the computer: who sits
            # here is not known, so the seat to act (or the first person after a computer
            # seat) gets the table from behind the curtain, as at every change of hands.
            self._last_human = SPECTATOR
            if seat is not None and seat not in self.controller.computer_seats():
                self._seat_changed(seat)

    def refresh(self) -> None:
        if (self._thinking_text and not self.computer.busy()
                and self.statusBar().currentMessage() == self._thinking_text):
            self.statusBar().clearMessage()  # the computer has moved
        match = self.controller.match
        has_match = match is not None
        for action in (self.save_action, self.save_as_action, self.fit_action):
            action.setEnabled(has_match)
        if match is None:
            self.seat_label.setText("No match open — File → New match…")
            self.undo_action.setEnabled(False)
            self.redo_action.setEnabled(False)
            return
        if self.preview_step is not None and self.preview_step > len(match.steps):
            self.leave_preview(refresh=False)  # that step was undone: back to the present
        can_undo, why = match.can_undo(self.controller.undoer())
        behind_curtain = self.curtain_seat is not None
        # Enabled even when the rules refuse, so Ctrl+Z answers with the reason; the
        # menu says so too. Behind the curtain nothing at the table acts.
        self.undo_action.setEnabled(bool(match.steps) and not behind_curtain)
        label = self.controller.undo_stack.undoText()
        self.undo_action.setText(f"&Undo {label}".rstrip() if can_undo
                                 else f"&Undo — not allowed: {why}")
        self.undo_action.setToolTip("Undo" if can_undo else f"Cannot undo: {why}")
        self.redo_action.setEnabled(match.can_redo() and not behind_curtain)
        self.redo_action.setText(f"&Redo {self.controller.undo_stack.redoText()}".rstrip())
        name = self.controller.path.name if self.controller.path else "unsaved"
        self.setWindowTitle(f"Runetable — {match.game.title} ({name})")
        viewer = self.viewer()
        if self.preview_step is not None:
            state = match.view_at(self.preview_step, viewer)
        else:
            state = match.view(viewer)
        if self._drawn != (match, len(match.steps)):
            self._forget_refusal()  # an action landed (or was taken back)
        moving = self._moved_on(match)
        on_board = self._cards_in_sight() if moving else {}  # before the board changes
        self.scene.render_state(state)
        self._show_hand(state, viewer, moving, on_board)
        self._show_status(state, viewer)
        self._show_piles(state)
        self._show_log(viewer)
        self._show_seat()
        self._offer_summary()

    def _moved_on(self, match: Match) -> bool:
        """Whether the match has moved on since the table was last drawn: what changed
        may be shown moving. Not after an undo (a jump in time), nor on a past moment."""
        drawn, self._drawn = self._drawn, (match, len(match.steps))
        return (self.preview_step is None and drawn is not None and drawn[0] is match
                and len(match.steps) > drawn[1])

    def _cards_in_sight(self) -> dict[str, QPoint]:
        """Where the board shows its loose cards, those in sight (global middles)."""
        viewport = self.view.viewport()
        places = {ref: self.view.mapFromScene(at)
                  for ref, at in self.scene.loose_cards().items()}
        return {ref: viewport.mapToGlobal(at) for ref, at in places.items()
                if viewport.rect().contains(at)}

    def _seen_in_dock(self, ref: str) -> QPointF | None:
        """Where the player sees `ref` in the Hand dock, on the board's scene (the board is
        drawn before the dock changes, so it is where the card was until now)."""
        at = self.hand_dock.place_of(ref)
        if at is None:
            return None
        return self.view.mapToScene(self.view.viewport().mapFromGlobal(at))

    def _show_hand(self, state: GameState, viewer: int | None, moving: bool = False,
                   on_board: dict[str, QPoint] | None = None) -> None:
        if viewer is None and state.result is not None:
            # The match is over and nothing is secret any more: show the last person's cards.
            viewer = self._last_human if self._last_human not in (None, SPECTATOR) else 0
        if viewer is None or viewer == SPECTATOR:
            waiting = self.curtain_seat
            title = (f"Hand hidden — waiting for {self.presenter.seat_name(state, waiting)}"
                     if waiting is not None else
                     "Hands stay hidden while a computer seat plays")
            self.hand_dock.show_panels(title, [])
            self.hand_dock.show_buttons([])
            return
        panels = self.presenter.hand_panels(state, viewer)
        title = self.presenter.seat_name(state, viewer)
        self.hand_dock.show_panels(panels[0].title if len(panels) == 1 else title, panels,
                                   moving, on_board,
                                   lambda ref: self.presenter.stood_as(state, ref))
        live = self.preview_step is None
        buttons = []
        for button in self.presenter.buttons(state, viewer):
            reason = ("the table is showing a past moment" if not live
                      else "not possible now" if button.action is None
                      else self.controller.check(button.action))
            tip = button.tooltip if reason is None else f"{button.tooltip} ({reason})"
            buttons.append((button.label, tip, button.action, reason is None))
        self.hand_dock.show_buttons(buttons)

    def _show_status(self, state: GameState, viewer: int | None) -> None:
        text = self.presenter.status(state, None if viewer == SPECTATOR else viewer)
        self.phase_bar.setText(text)
        self.phase_bar.setVisible(bool(text))
        self.dice_dock.show_pending(self.presenter.pending_rolls(state)
                                    if self.preview_step is None else [])

    def _show_piles(self, state: GameState) -> None:
        rows = []
        for name, zone in state.table.zones.items():
            if zone.layout is Layout.FREE:
                continue
            cards = zone.cards or []
            top = cards[-1] if cards else None
            rows.append((name, zone.label, len(cards),
                         self.presenter.card_text(state, top), top))
        self.piles_dock.show_piles(rows)

    def _show_log(self, viewer: int | None) -> None:
        match = self.controller.match_or_fail()
        reader = SPECTATOR if viewer is None else viewer  # the all-seeing view reads public
        self.log_dock.show_entries(self.log_feed.entries(match, reader), self.preview_step)

    def _show_seat(self) -> None:
        m = self.controller.match_or_fail()
        outcome = m.outcome()
        if outcome is not None:
            text = self.presenter.ending(m.state, outcome)
        else:
            seat = m.to_move() or 0
            text = f"{self.presenter.seat_name(m.state, seat)} to act"
            if seat in self.controller.computer_seats():
                text += " (computer" + (", paused)" if self.computer.paused else ")")
        mode = {RuleMode.ENFORCED: "rules enforced", RuleMode.ASSISTED: "assisted",
                RuleMode.SANDBOX: "free table"}[m.mode]
        self.seat_label.setText(f"{text} · {mode} · step {len(m.steps)}")

    # -- the end ---------------------------------------------------------------------
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._warm_up_planned:
            self._warm_up_planned = True
            QTimer.singleShot(WARM_UP_MS, self._warm_up)

    def _warm_up(self) -> None:
        """Import pyqtgraph (~0.4 s) and make one plot (the first costs twice what the
        next ones do) while the player takes the table in, so that the summary at the
        end of a match, or the Dice dock's chart, never stalls the window under the
        mouse; not while a button is held (a drag under way): a little later."""
        if QApplication.mouseButtons() != Qt.MouseButton.NoButton:
            QTimer.singleShot(WARM_UP_MS, self._warm_up)
            return
        importlib.import_module("pyqtgraph").PlotWidget().deleteLater()

    def _offer_summary(self) -> None:
        """Open the summary once when a match reaches its end (again if the end is
        taken back and reached anew)."""
        match = self.controller.match
        self.summary_action.setEnabled(match is not None and match.outcome() is not None)
        if match is None or match.outcome() is None:
            return
        ending = (id(match), len(match.steps))
        if ending != self._summary_for:
            self._summary_for = ending
            QTimer.singleShot(0, self.show_summary)  # after the final table is drawn

    def show_summary(self) -> None:
        """The summary of the match's end: the dialog shown already for it, or a new one,
        worked out a slice at a time while the window goes on answering, then opened."""
        match = self.controller.match
        if match is None or match.outcome() is None or self.presenter is None:
            return
        ending = (match, len(match.steps))
        if self.summary is not None and self._summary_of == ending:
            self.summary.show()
            self.summary.raise_()
            return
        if self._summarizing == ending:
            return  # on its way
        if self.summary is not None:
            self.summary.close()
            self.summary = None
        self._summarizing = ending
        self._summarize(ending, self.presenter.summarize(match))

    def _summarize(self, ending: tuple[Match, int], work: Work[Summary]) -> None:
        match, steps = ending
        if (self._summarizing != ending or self.controller.match is not match
                or len(match.steps) != steps or match.outcome() is None):
            return  # the end was taken back, or another match opened, meanwhile
        try:
            next(work)
        except StopIteration as done:
            from app.dialogs.summary import SummaryDialog

            self._summarizing = None
            self.summary, self._summary_of = SummaryDialog(done.value, self), ending
            self.summary.show()
            return
        QTimer.singleShot(0, self, lambda: self._summarize(ending, work))

    # -- the log's moments ---------------------------------------------
    def show_moment(self, step: int) -> None:
        """Show the table as it was after `step`, read-only, until the player returns."""
        match = self.controller.match
        if match is None or self.curtain_seat is not None:
            return
        self.preview_step = step
        self.view.setInteractive(False)
        self.preview_bar.setText(f"Showing the table after step {step} of {len(match.steps)}"
                                 " — ↑/↓ in the Rules log step through; click here or press "
                                 "Esc to return to the present")
        self.preview_bar.show()
        self.refresh()

    def leave_preview(self, refresh: bool = True) -> None:
        self.preview_step = None
        self.view.setInteractive(True)
        self.preview_bar.hide()
        if refresh:
            self.refresh()

    # -- gestures from the docks ----------------------------------------
    def _submit(self, action: object) -> None:
        if action is not None and self.preview_step is None and self.curtain_seat is None:
            self.controller.submit(action)

    def undo(self) -> None:
        """Take back a step; the table returns to the present first, since the moment it
        showed may be the one undone."""
        if self.curtain_seat is not None:
            return
        self.leave_preview(refresh=False)
        if not self.controller.undo():  # an undo done redraws through `changed`
            self.refresh()

    def redo(self) -> None:
        if self.curtain_seat is not None:
            return
        self.leave_preview(refresh=False)
        if not self.controller.redo():
            self.refresh()

    def _dropped(self, drag: CardDrag, zone: str) -> None:
        self._submit(self.presenter.drop_action(drag, zone, None))

    def show_palette(self) -> None:
        """Every legal move of the seat at the table, by keyboard (Ctrl+K)."""
        from app.dialogs.palette import ActionPalette

        match = self.controller.match
        if match is None or self.presenter is None:
            return
        seat = self.viewer()
        why = ("the table is showing a past moment" if self.preview_step is not None
               else "pass the computer first" if self.curtain_seat is not None
               else "the match is over" if match.outcome() is not None
               else "a computer seat is deciding" if self.controller.computer_to_move()
               is not None else None)
        if why is None and seat != self.controller.seat():
            why = "it is not your turn"
        if why is not None:
            self.statusBar().showMessage(f"No actions to choose: {why}.", 6000)
            return
        view = match.view(seat)
        choices = [(self.presenter.describe(view, action), action)
                   for action in match.legal_actions()]
        palette = ActionPalette(choices, self)
        if palette.exec() == ActionPalette.DialogCode.Accepted and palette.chosen is not None:
            self._submit(palette.chosen)

    def _glide_home(self, drag: CardDrag, released_at: QPoint) -> None:
        """A card from the Hand dock that the board refused flies back to its place."""
        card = self.hand_dock.card_widget(drag.ref)
        if card is not None and card.isVisible():
            fly(card, card.picture(), released_at)

    def _take_top(self, zone: str) -> None:
        seat = self.viewer()
        if seat is None or seat == SPECTATOR or self.controller.match is None:
            return
        self._submit(self.presenter.take_top_action(self.controller.view(seat), zone, seat))

    def _play_from_hand(self, ref: str) -> None:
        seat = self.viewer()
        if seat is None or seat == SPECTATOR:
            return
        self._submit(self.presenter.play_from_hand_action(self.controller.view(seat), ref))

    # -- files ----------------------------------------------------------
    def new_match(self) -> None:
        from app.dialogs.new_game import NewGameDialog

        dialog = NewGameDialog(self)
        if dialog.exec() != NewGameDialog.DialogCode.Accepted:
            return
        choice = dialog.choice()
        try:
            self.controller.new_match(choice.game, choice.options, choice.seed,
                                      choice.mode, choice.take_backs)
        except ContentError as exc:
            self.warn("Cannot set up this game", str(exc))
        except ValueError as exc:  # options the game's model refuses, e.g. a too-small map
            self.warn("Cannot set up this game", str(exc))

    def open_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a saved match",
                                              str(paths.saves_dir()), SAVE_FILTER)
        if path:
            self.load(path)

    def load(self, path: str | Path) -> bool:
        """Open a save; a bad file gets a clear message and the current match stays."""
        try:
            self.controller.load(path)
        except SaveError as exc:
            self.warn("Cannot open this save", str(exc))
            return False
        return True

    def save(self) -> bool:
        if self.controller.match is None:
            return False
        if self.controller.path is None:
            return self.save_as()
        return self._save_to(self.controller.path)

    def save_as(self) -> bool:
        if self.controller.match is None:
            return False
        suggested = paths.saves_dir() / f"{self.controller.match.game.name}{EXTENSION}"
        path, _ = QFileDialog.getSaveFileName(self, "Save the match", str(suggested),
                                              SAVE_FILTER)
        if not path:
            return False
        if not path.endswith(EXTENSION):
            path += EXTENSION
        return self._save_to(Path(path))

    def _save_to(self, path: Path) -> bool:
        try:
            self.controller.save(path)
        except OSError as exc:
            self.warn("Cannot save", f"{path}: {exc.strerror or exc}")
            return False
        self.refresh()
        return True

    def show_deck_builder(self) -> None:
        from app.dialogs.deck_builder import DeckBuilder

        try:
            builder = DeckBuilder(self)
        except ContentError as exc:
            self.warn("Cannot open the deck builder", str(exc))
            return
        builder.exec()

    def warn(self, title: str, text: str) -> None:
        QMessageBox.warning(self, title, text)

    def report_storage(self) -> None:
        """Say once, at start, what cannot be kept; the program runs on without it."""
        problems = paths.storage_problems()
        if "settings" in problems:
            self.warn("Settings not saved", f"The settings folder cannot be used: "
                      f"{problems['settings']}. Runetable runs without saving settings.")
        if "saves" in problems:
            self.controller.autosave_enabled = False
            self.warn("No autosave", f"The data folder cannot be used: {problems['saves']}. "
                      "Runetable runs without autosave; save by hand elsewhere.")

    # -- help -----------------------------------------------------------
    def show_rules(self, name: str | None = None) -> None:
        from app.dialogs.rules import RulesDialog

        if not name:
            match = self.controller.match
            name = match.game.name if match else registry.start_game().name
        RulesDialog(name, self).exec()

    def _fill_rules_menu(self) -> None:
        if self.rules_menu.actions():
            return
        for name in game_names():
            self.rules_menu.addAction(self._action(
                game_title(name), lambda _c=False, n=name: self.show_rules(n)))

    def show_about(self) -> None:
        from app.dialogs.about import AboutDialog

        AboutDialog(self).exec()

    # -- layout ---------------------------------------------------------
    def _settings(self) -> QSettings | None:
        """The settings file, or None when its folder cannot be used (start-up said so)."""
        try:
            return QSettings(str(paths.settings_path()), QSettings.Format.IniFormat)
        except paths.StorageError:
            return None

    def _dock_defaults(self) -> tuple[dict[QDockWidget, bool], QDockWidget]:
        """Which docks this game shows at first, and which tab is in front."""
        presenter = self.presenter
        assert presenter is not None
        shown = {self.hand_dock: True, self.log_dock: True, self.piles_dock: True,
                 self.dice_dock: presenter.uses_dice}
        front = {"log": self.log_dock, "dice": self.dice_dock,
                 "piles": self.piles_dock}[presenter.front_dock]
        return shown, front

    def reset_layout(self) -> None:
        if self.presenter is not None:
            self.layout_keeper.reset(*self._dock_defaults())

    def closeEvent(self, event: QCloseEvent) -> None:
        self.layout_keeper.save()
        self.controller.autosaver.close()  # the last action reaches the disk before exit
        super().closeEvent(event)
