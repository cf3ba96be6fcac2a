"""Nordguard's table: the map of location cards, the sled, and the piles beside it.

The map is a location grid; beside it lie the Countdown card with its clip, the
event being resolved (face up and large), the Event deck and discard, the Item
deck, the items lying at the team's location and the spent items. The sled is
the one piece that moves: carried onto a neighbouring location it attempts the
move; while it is carried the neighbours the team may try glow with their exact
chance. Clicking a location scouts it. Items dragged from the hand dock onto
the team's location are dropped there.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QDrag, QFont
from PySide6.QtWidgets import QGraphicsItem

from app.board.items import GLOW_LEGAL, CardItem
from app.board.location_scene import LocationScene
from app.board.topology import HIGHLIGHT, Z_DRAG, Z_PIECE
from app.dragdrop import CardDrag, encode
from app.games.nordguard import looks, odds, wording
from app.games.nordguard.countdown import SIZE as COUNTDOWN_SIZE
from app.games.nordguard.countdown import CountdownItem
from app.games.nordguard.lettering import Print
from app.games.nordguard.pieces import (
    CARD_SIZE,
    EVENT_SIZE,
    PILE_SIZE,
    SLED_FOOT,
    SLED_SIZE,
    EventItem,
    LocationCard,
    LyingItem,
    PileCard,
    ResultBanner,
    SledItem,
    TrayItem,
)
from app.games.nordguard.presenter import NordguardPresenter
from app.match_controller import MatchController
from engine.boards.locationgrid import Cell, LocationGrid
from engine.core.game import GameState
from engine.games.nordguard.actions import EndDay
from engine.games.nordguard.items import who
from engine.games.nordguard.rules import NordguardGame
from engine.games.nordguard.state import (
    DROPPED,
    EVENT_CURRENT,
    EVENT_DECK,
    EVENT_DISCARD,
    ITEM_DECK,
    MAP,
    OBSTACLES,
    SPENT,
    NordguardState,
)

GAP = 12.0
SIDE_GAP = 40.0  # between the map and the piles beside it
BLOCK_GAP = 26.0  # between the rows of things beside the map
SIDE_W = COUNTDOWN_SIZE[0] + 10 + EVENT_SIZE[0]
TRAY_MIN = 230.0  # a row of items lying here and the tray's label
GLOW_HOVERED = HIGHLIGHT
BADGE_Z = Z_DRAG - 1  # chance badges stay readable over the cards, under the carried sled
MOVE_HELP = ("The team moves one location North, South, East or West, never diagonally "
             "or further (Rulebook, The Map)")


class NordguardScene(LocationScene):
    """The location grid with Nordguard's cards on it and its piles beside it."""

    def __init__(self, controller: MatchController, presenter: NordguardPresenter,
                 width: int, height: int) -> None:
        super().__init__(LocationGrid(height, width), CARD_SIZE, GAP)
        for slot in self.items():
            # Every cell always holds a location card, exactly covering its slot: hidden
            # slots cost nothing when the map repaints (half of a full repaint).
            slot.hide()
        self.controller = controller
        self.presenter = presenter
        self.columns = width
        self.state: NordguardState | None = None
        self.cards = [LocationCard(i) for i in range(width * height)]
        for card in self.cards:
            card.on_click = self._clicked
            self.place_item(card, self._centre(card.cell), Z_PIECE - 1)
        self.sled = SledItem()
        self.sled.on_press = self._sled_pressed
        self.sled.on_move = self._sled_moved
        self.sled.on_release = self._sled_released
        self.addItem(self.sled)
        self.dropped: dict[str, LyingItem] = {}
        self._carried: CardItem | None = None
        self._landing: tuple[str, QPointF] | None = None  # a drop being answered: card, where
        self._legal: dict[int, odds.MoveOdds] = {}
        self._hovered: int | None = None
        self._glows: dict[int, list[QGraphicsItem]] = {}  # a glowing cell's items
        self._glow_font = QFont()
        self._counted: tuple[int, int] | None = None  # (day, countdown) at the last render
        self._event: str | None = None  # the event card shown at the last render
        board = self.board_rect()  # the map alone, before the piles widen the frame
        self._lay_out_side()
        self.banner = ResultBanner(max(360.0, board.width() * 0.9))
        self.addItem(self.banner)
        self.banner.setPos(board.center())
        self.banner.hide()

    # -- layout ----------------------------------------------------------------------------
    def _centre(self, cell: int) -> QPointF:
        return self.center_of(Cell(cell // self.columns, cell % self.columns))

    def _slot(self, cell: int) -> QRectF:
        return self.slot_rect(Cell(cell // self.columns, cell % self.columns))

    def _lay_out_side(self) -> None:
        """Beside the map, top to bottom: the Countdown and the event being resolved; the
        Event deck, discard, Item deck and spent items; the items lying at the team's
        location, in what height the map leaves (at least enough for a row of items)."""
        board = self.board_rect()
        left = board.right() + SIDE_GAP
        self.countdown = CountdownItem()
        self.countdown.setPos(left, 0)
        self.addItem(self.countdown)
        self.event_card = EventItem()
        self.event_home = QPointF(left + COUNTDOWN_SIZE[0] + 10, 0)
        self.event_card.setPos(self.event_home)
        self.addItem(self.event_card)
        top = max(COUNTDOWN_SIZE[1], EVENT_SIZE[1]) + BLOCK_GAP
        spacing = (SIDE_W - 4 * PILE_SIZE[0]) / 3
        top += 8  # room for the count badges
        self.piles: dict[str, PileCard | TrayItem] = {}
        for i, (zone, label, back) in enumerate((
                (EVENT_DECK, "Event deck", looks.EVENT_BACK),
                (EVENT_DISCARD, "Discard", looks.EVENT_BACK),
                (ITEM_DECK, "Item deck", looks.ITEM_BACK),
                (SPENT, "Spent", looks.ITEM_BACK))):
            pile = PileCard(zone, label, back)
            pile.setPos(left + i * (PILE_SIZE[0] + spacing), top)
            self.addItem(pile)
            self.piles[zone] = pile
        below = top + PILE_SIZE[1] + 40 + BLOCK_GAP
        # One column even beside a short map: screens are wider than tall, so a taller
        # table fits them better than a wider one.
        self.tray = TrayItem(DROPPED, SIDE_W, max(TRAY_MIN, board.height() - below))
        self.tray.setPos(left, below)
        self.addItem(self.tray)
        self.piles[DROPPED] = self.tray
        side = QRectF(left, 0, 1, 1)
        for item in (self.countdown, self.event_card, *self.piles.values()):
            side = side.united(item.mapRectToScene(item.boundingRect()))
        self._content = board.united(side)
        self._frame(self._content)

    def content_rect(self) -> QRectF:
        return QRectF(self._content)

    # -- rendering -------------------------------------------------------------------------
    def render_state(self, state: GameState) -> None:
        """Make the table match `state` (a view). Items persist and only what changed is
        redrawn; when the match has moved on since the last render (not an undo, not a
        look at a past moment) the sled, a drawn event and items lying here glide to
        their places and the countdown shows the days it lost or won."""
        assert isinstance(state, NordguardState)
        since = self.moved_on(self.controller.match)
        self.state = state
        self._show_map(state)
        if not self.sled.dragging:
            spot = self._sled_spot(state.sled)
            if self.sled.glider.heading() != spot:
                self.sled.move_to(spot, since is not None)
        self.sled.setToolTip(self._sled_tip(state))
        self._show_countdown(state, since)
        self._show_side(state, since is not None)
        self._show_dropped(state, since is not None)
        if state.result is None:
            self.banner.set_result(False, "", "")
        else:
            title, line = wording.banner(self.presenter.content, state, state.result)
            self.banner.set_result(bool(state.result.winners), title, line)

    def _show_map(self, s: NordguardState) -> None:
        """Every location: its face or back, what a click does, and the odds of going there.
        A card is rebuilt only when something it shows has changed."""
        c = self.presenter.content
        moves = self.presenter.moves(s)
        legal = self.presenter.legal(s)
        lying = self._lying_on(s)
        for card, ref in zip(self.cards, s.table.cards_in(MAP), strict=True):
            face_up = ref in s.table.face_up
            action = self.presenter.click_action(s, card.cell)
            key = (ref, face_up, card.cell == s.sled, lying.get(ref) if face_up else None,
                   moves.get(card.cell), action, action in legal)
            if key == card.key:
                continue
            card.key = key
            if face_up:
                tip = looks.location_text(c, s, ref)
            else:
                tip = ("A face-down location: its challenge shows when the team heads there "
                       "or someone scouts it")
            move = moves.get(card.cell)
            if move is not None:
                tip += "<br><br><b>" + move.summary() + "</b><br>" + "<br>".join(move.lines())
                tip += "<br><i>Drag the sled here to attempt the move</i>"
            hint = self.presenter.click_hint(action, s)
            if hint:
                tip += f"<br><i>{hint}</i>"
            face = looks.location_face(c, s, ref) if face_up else None
            card.set_face(face, looks.LOCATION_BACK, tip, action is not None,
                          card.cell == s.sled)

    @staticmethod
    def _lying_on(s: NordguardState) -> dict[str, tuple[object, ...]]:
        """For each location card, what lies on it that its face shows: permanent events
        and dice rolled in advance (its own and its events')."""
        rolled: dict[str, list[object]] = {}
        for key, faces in s.scouted.items():
            rolled.setdefault(key.partition("/")[0], []).append((key, faces))
        out: dict[str, tuple[object, ...]] = {}
        for ev in s.table.cards_in(OBSTACLES):
            where = s.placed.get(ev)
            if where is not None:
                out[where] = (*out.get(where, ()), ev, *rolled.get(ev, ()))
        for card, entries in rolled.items():
            out[card] = (*out.get(card, ()), *entries)
        return out

    def _show_countdown(self, s: NordguardState, since: int | None) -> None:
        """The countdown, the day and its leader; days lost or won within a day flash."""
        start = s.width + s.height
        if s.countdown > 0:
            tip = (f"The Countdown: {looks.plural(s.countdown, 'day')} left, today included "
                   f"(it began at {start}: height + width). A day comes off at the end of "
                   "every day.")
        else:
            tip = f"The Countdown has run out (it began at {start}): the run is lost."
        change = 0
        if since is not None and self._counted is not None:
            change = s.countdown - self._counted[1] + self._days_ended(s, since)
        self._counted = (s.turn, s.countdown)
        self.countdown.set_days(s.countdown, start, tip, since is not None, change)
        leader = None
        if s.phase == "day" and s.result is None:
            leader = (who(self.presenter.content, s, s.active), s.active)
        self.countdown.set_day(s.turn if s.phase == "day" else 0, leader)

    def _days_ended(self, s: NordguardState, since: int) -> int:
        """The days that came off the countdown by the rule "a day at the end of every
        day" in the steps after `since` (the winning day's end takes none)."""
        steps = self.controller.match_or_fail().steps[since:]
        ended = sum(isinstance(step.action, EndDay) for step in steps)
        if ended and s.result is not None and s.result.winners:
            ended -= 1
        return ended

    def _show_side(self, s: NordguardState, live: bool) -> None:
        """The event being resolved (and any fight), and the piles."""
        c = self.presenter.content
        current = s.table.cards_in(EVENT_CURRENT)
        fight = ""
        if s.combat is not None:
            fight = f"Combat vs {s.combat.label}: {s.combat.total} of {s.combat.need}"
        if current:
            self.event_card.show_event(looks.look(c, s, current[-1]), fight,
                                       looks.tooltip(c, s, current[-1]))
        else:
            self.event_card.show_event(None, fight, "The event being resolved lies here, face "
                                                    "up, until it is done")
        drawn = current[-1] if current else None
        if live and drawn is not None and drawn != self._event:
            self.event_card.slide_in(self.event_home, self.piles[EVENT_DECK].pos())
        self._event = drawn
        for zone, pile in self.piles.items():
            cards = s.table.cards_in(zone)
            top = cards[-1] if cards else None
            tip = self._pile_tip(s, zone, len(cards), top)
            if isinstance(pile, TrayItem):
                pile.set_contents(len(cards), tip)
            else:
                pile.set_contents(len(cards), looks.look(c, s, top) if top else None, tip)

    def _sled_spot(self, cell: int) -> QPointF:
        """Across the foot of the team's card: once inside, its challenge matters no more."""
        slot = self._slot(cell)
        return QPointF(slot.center().x(), slot.bottom() - SLED_FOOT + SLED_SIZE[1] / 2)

    def _sled_tip(self, s: NordguardState) -> str:
        here = looks.name_of(self.presenter.content, s, s.location_at(s.sled))
        return (f"The team's sled, at {here}. Drag it onto a location North, South, East or "
                "West to attempt the day's move.")

    def _pile_tip(self, s: NordguardState, zone: str, n: int, top: str | None) -> str:
        c = self.presenter.content
        match zone:
            case "event-deck":
                return f"Event deck: {looks.plural(n, 'card')}, face down. When it runs out, " \
                       "the discards are shuffled into a new deck."
            case "event-discard":
                last = f" Last: {looks.name_of(c, s, top)}." if top else ""
                return f"Event discard: {looks.plural(n, 'card')}.{last}"
            case "item-deck":
                return (f"Item deck: {looks.plural(n, 'item')}, face down. At Frontier the "
                        "team restocks from it: drag from the Item deck row in the Hand dock.")
            case "dropped":
                here = looks.name_of(c, s, s.location_at(s.sled))
                return (f"Items lying at {here}, where the team is: drop items here (or on "
                        "the team's location card); drag them to a Character in the Hand "
                        "dock to pick them up. When the team leaves they go back to the Item "
                        "deck.")
            case _:
                return f"Spent items: {looks.plural(n, 'item')} whose printed uses ran out."

    def loose_cards(self) -> dict[str, QPointF]:
        """The items lying in the tray: one picked up from the keyboard, or by a computer
        seat, glides from there into its Character's panel."""
        return {ref: item.scenePos() for ref, item in self.dropped.items()}

    def _show_dropped(self, s: NordguardState, live: bool) -> None:
        """Items lying at the team's location, laid out large in their tray beside the map;
        one just dropped glides there from where it was let go, one dropped otherwise (a
        button, the keyboard, a computer seat) from where the Hand dock showed it, and one
        found (or dropped out of the player's sight) from the team's card."""
        c = self.presenter.content
        wanted = s.table.cards_in(DROPPED)
        for ref in list(self.dropped):
            if ref not in wanted and self.dropped[ref] is not self._carried:
                gone = self.dropped.pop(ref)
                gone.glider.stop()
                self.removeItem(gone)
        for i, ref in enumerate(wanted):
            item = self.dropped.get(ref)
            look = looks.item_look(c, s, ref)
            tip = looks.item_tip(c, s, ref) + "<br><i>Drag it to a Character's panel in the " \
                                              "Hand dock to pick it up</i>"
            spot = self.tray.card_spot(i, len(wanted))
            if item is None:
                item = LyingItem(ref, DROPPED, look, tip)
                item.on_press = self._dropped_pressed
                item.on_release = self._dropped_released
                start = spot
                if live and self._landing is not None and self._landing[0] == ref:
                    start = self._landing[1]
                elif live:
                    seen = self.in_dock(ref)
                    start = seen if seen is not None else self._slot(s.sled).center()
                item.setPos(start)
                self.addItem(item)
                self.dropped[ref] = item
            else:
                item.set_look(look, tip)
            if not item.dragging:
                item.setZValue(Z_PIECE + 1 + i * 0.01)
                if item.pos() != spot and live:
                    item.glider.glide(spot)
                elif item.pos() != spot:
                    item.glider.stop()
                    item.setPos(spot)

    # -- the sled ----------------------------------------------------------------------------
    def _sled_pressed(self, sled: CardItem) -> None:
        self._legal = {}
        s = self.state
        if s is None:
            return
        for cell, move in self.presenter.moves(s).items():
            action = self.presenter.sled_action(s, cell)
            if action is not None and self.controller.check(action) is None:
                self._legal[cell] = move
        self._hovered = None
        self.clear_highlight()
        self._glows = {}
        views = self.views()
        self._glow_font = Print(views[0].transform().m11() if views else 1.0).font(17, bold=True)
        for cell in self._legal:
            self._glow(cell)

    def _sled_moved(self, sled: SledItem) -> None:
        cell = self._cell_under(sled.pos())
        if cell != self._hovered:
            was, self._hovered = self._hovered, cell
            for changed in (was, cell):  # only the two cells whose glow changes colour
                items = self._glows.pop(changed, [])
                if items and items[0].scene() is self:  # not cleared meanwhile (a redraw)
                    for item in items:
                        self.removeItem(item)
                        self._highlights.remove(item)
                    self._glow(changed)

    def _glow(self, cell: int) -> None:
        """Glow a cell the sled may go to, with its move's arrow and chance: brighter
        under the sled. Its items are kept by cell, so a hover changes two cells only."""
        move = self._legal[cell]
        colour = GLOW_HOVERED if cell == self._hovered else GLOW_LEGAL
        first = len(self._highlights)
        self.highlight([Cell(cell // self.columns, cell % self.columns)], colour)
        slot = self._slot(cell)
        self._add_badge(f"{WORD_ARROWS[move.direction]} {move.badge}",
                        QPointF(slot.center().x(), slot.bottom()), self._glow_font, colour,
                        self._highlights)
        self._highlights[-1].setZValue(BADGE_Z)
        self._glows[cell] = self._highlights[first:]

    def _sled_released(self, sled: CardItem) -> None:
        self.clear_highlight()
        self._legal, self._glows = {}, {}
        s = self.state
        cell = self._cell_under(sled.pos())
        if s is None or cell == s.sled:
            sled.spring_back()
            return
        action = self.presenter.sled_action(s, cell) if cell is not None else None
        if action is None:
            self.controller.refuse(MOVE_HELP)
            sled.spring_back()
            return
        if not self.controller.submit(action):
            sled.spring_back()

    def _cell_under(self, pos: QPointF) -> int | None:
        cell = self.cell_at(pos)
        return None if cell is None else cell.row * self.columns + cell.col

    # -- clicks --------------------------------------------------------------------------
    def _clicked(self, card: LocationCard) -> None:
        if self.state is None:
            return
        action = self.presenter.click_action(self.state, card.cell)
        if action is not None:
            self.controller.submit(action)

    # -- items lying here: carried off the board into the hand dock ---------------------
    def _dropped_pressed(self, item: CardItem) -> None:
        self._carried = item

    def _dropped_released(self, item: CardItem) -> None:
        self._carried = None
        self.controller.refuse("To pick an item up, drag it into a Character's panel "
                                     "in the Hand dock")
        item.spring_back()

    def leave_board(self) -> None:
        """A lying item carried out of the view continues as a drag into the hand dock."""
        item = self._carried
        if item is None or not self.views():
            return
        self._carried = None
        item.ungrabMouse()
        item.cancel_drag()
        drag = QDrag(self.views()[0])
        drag.setMimeData(encode(CardDrag(item.ref, DROPPED)))
        drag.exec(Qt.DropAction.MoveAction)

    # -- drags from the hand dock ----------------------------------------------------------
    def _drop_zone(self, pos: QPointF) -> str | None:
        """Where a card from the dock would land: the team's location or the pile mean drop."""
        if self.state is None:
            return None
        if self._slot(self.state.sled).contains(pos) or \
                self.piles[DROPPED].sceneBoundingRect().contains(pos):
            return DROPPED
        return None

    def hover(self, drag: CardDrag | None, pos: QPointF) -> bool:
        self.clear_highlight()
        self.piles[DROPPED].set_highlight(None)
        if drag is None or self.state is None:
            return False
        zone = self._drop_zone(pos)
        action = self.presenter.drop_action(drag, DROPPED, None) if zone else None
        legal = action is not None and self.controller.check(action) is None
        if legal:
            self.highlight([Cell(self.state.sled // self.columns, self.state.sled % self.columns)],
                           GLOW_HOVERED)
            self.piles[DROPPED].set_highlight(QColor(GLOW_HOVERED))
        return legal

    def drop(self, drag: CardDrag, pos: QPointF) -> bool:
        self.hover(None, pos)
        if self._drop_zone(pos) is None:
            self.controller.refuse("Drop an item on the team's location (or the Lying "
                                         "here pile) to leave it there")
            return False
        action = self.presenter.drop_action(drag, DROPPED, None)
        if action is None:
            return False
        self._landing = (drag.ref, pos)
        try:
            return self.controller.submit(action)
        finally:
            self._landing = None


WORD_ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}


def build_table(controller: MatchController) -> tuple[NordguardScene, NordguardPresenter]:
    """The scene and presenter for the open Nordguard match (the map's size is fixed)."""
    match = controller.match_or_fail()
    state = match.state
    assert isinstance(state, NordguardState)
    game = match.game
    assert isinstance(game, NordguardGame)
    presenter = NordguardPresenter(game, controller)
    return NordguardScene(controller, presenter, state.width, state.height), presenter
