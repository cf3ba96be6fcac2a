"""Yggdrasil's table: the provinces around the World Tree, and what dragging on it means.

The scene draws the view of the seat at the computer and nothing more. Figures are
carried with the mouse: from the reserve on a clan sheet onto a province or a fjord to
invade, from province to province to march (and after it, to follow), from beside a
battle into it to answer Call to Battle. While a figure is carried, where it may go
glows with what going there costs. A click on a province pillages it; a click on a
figure answers what it is asked (to die, to be saved, to stay). The draft, the card
kept at the Discard phase and a battle's cards lie on a mat over the board: a card is
dragged from the packet onto your hand, onto the kept card's place, onto your place in
the battle. Cards from the Hand dock may be dropped on your clan sheet (an upgrade),
your quest slot or your place in the battle. A drop that means nothing legal springs
back with the rule's reason in the status bar.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor

from app.board.items import GLOW_HOVER, GLOW_LEGAL, CardItem
from app.board.topology import BoardScene
from app.dragdrop import CardDrag
from app.games.yggdrasil import gestures, layout, looks, matplan
from app.games.yggdrasil.gestures import TRAY, Target, quest_spot, sheet_spot, tray_spot
from app.games.yggdrasil.mats import MatCardItem, MatView
from app.games.yggdrasil.pieces import (
    TOKEN_MARKS,
    FigureFace,
    FigureItem,
    FjordItem,
    ProvinceFace,
    ProvinceItem,
)
from app.games.yggdrasil.presenter import YggdrasilPresenter
from app.games.yggdrasil.sheets import GloryFace, GloryTrack, SheetFace, SheetItem, Track
from app.match_controller import MatchController
from engine.core.actions import Action
from engine.core.game import GameState
from engine.games.yggdrasil import board
from engine.games.yggdrasil.actions import Choose, Go, Invade, Join, MarchAlong, Pillage
from engine.games.yggdrasil.doing import place_name
from engine.games.yggdrasil.events import BattleDecided
from engine.games.yggdrasil.state import (
    RESERVE,
    STATS,
    VALHALLA,
    YggdrasilState,
    hand,
    quests,
    sheet,
)

CLICK_GLOW = QColor("#f2c230")  # what a click answers now
CALL_GLOW = QColor("#4fc3f7")  # figures asked to act (to join, to follow, to come in)


class YggdrasilScene(BoardScene):
    def __init__(self, controller: MatchController, presenter: YggdrasilPresenter) -> None:
        super().__init__()
        self.controller = controller
        self.presenter = presenter
        presenter.after_refresh = self._viewer_checked
        self.state: YggdrasilState | None = None
        self.provinces: dict[str, ProvinceItem] = {}
        self.fjords: dict[str, FjordItem] = {}
        self.figures: dict[str, FigureItem] = {}  # board figures by id, trays by tray spot
        self.sheets: dict[int, SheetItem] = {}
        self.glory: GloryTrack | None = None
        self.mat = MatView(self)
        self._content = QRectF()
        self._drawn_for: int | None = -2  # the viewer the table was last drawn for
        self._seen: dict[str, QPointF] = {}  # where each figure was last shown
        self._gesture: list[Target] | None = None  # what the gesture under way may do
        self._hovered: str | None = None  # the spot the gesture would end on now
        self._drag_ref: str | None = None  # the Hand-dock card carried over the table

    def content_rect(self) -> QRectF:
        return QRectF(self._content)

    # -- rendering ----------------------------------------------------------------------------
    def render_state(self, state: GameState) -> None:
        """Make the table match `state` (a view). Figures persist; when the match has moved
        on (not an undo, not a look at a past moment) they glide to their new places, a
        figure brought in gliding from its tray."""
        assert isinstance(state, YggdrasilState)
        self.state = state
        self._draw(self.moved_on(self.controller.match) is not None)

    def _viewer_checked(self) -> None:
        """The presenter learnt whose eyes the table uses after the table was drawn: draw
        again if they are not the eyes it was drawn for (the curtain lifted, a seat
        changed)."""
        if self.state is not None and self._drawn_for != self.presenter.viewer:
            self._draw(False)
        else:
            self.sync_glow()

    def _draw(self, live: bool) -> None:
        s = self.state
        assert s is not None
        self._drawn_for = self.presenter.viewer
        plan = layout.plan(s)
        spec = matplan.mat(s, self.presenter.viewer, self.presenter.legal(), plan.mat,
                           self.presenter.staged)
        self._show_provinces(s, plan)
        self._show_fjords(s, plan)
        self._show_figures(s, plan, live)
        self._show_sheets(s, plan)
        self._show_glory(s, plan)
        for new in self.mat.show(spec):
            if isinstance(new, MatCardItem):
                new.on_press = self._card_pressed
                new.on_release = self._card_released
                new.on_double_click = self._card_double_clicked
        covered = spec is not None
        for group in (self.provinces, self.fjords):
            for item in group.values():
                item.setVisible(not covered)
        for spot, figure in self.figures.items():
            figure.setVisible(not covered or spot.startswith(TRAY))
        if plan.content != self._content:
            self._content = QRectF(plan.content)
            self._frame(plan.content)
            for view in self.views():
                if getattr(view, "auto_fit", False):
                    view.fit()
        self.sync_glow()

    def _show_provinces(self, s: YggdrasilState, plan: layout.Plan) -> None:
        content = board.content()
        regions = {r.key: r.name for r in content.board.regions}
        legal = self.presenter.legal()
        for key, rect in plan.provinces.items():
            province = content.provinces[key]
            spots = plan.villages.get(key, [])
            token = s.tokens.get(key, "")
            doom = s.doom.index(key) + 1 if key in s.doom else 0
            face = ProvinceFace(
                province.name, regions.get(province.region or "", ""), province.region,
                (rect.width(), rect.height()),
                tuple((p.x() - rect.left(), p.y() - rect.top()) for p in spots),
                max(0, board.room(s, key)) if spots else 0, token, _token_mark(token),
                key in s.pillaged, key in s.destroyed, doom if doom >= s.age else 0,
                doom == s.age, s.fight == key)
            item = self.provinces.get(key)
            tip = self._province_tip(s, key, Pillage(key) in legal)
            if item is None:
                item = self.provinces[key] = ProvinceItem(key, face, tip)
                item.on_click = self._province_clicked
                self.addItem(item)
            item.set_face(face, tip)
            item.setPos(rect.topLeft())

    def _province_tip(self, s: YggdrasilState, key: str, pillage: bool) -> str:
        content = board.content()
        province = content.provinces[key]
        lines = [f"<b>{escape(province.name)}</b>"]
        if province.region:
            region = next(r.name for r in content.board.regions if r.key == province.region)
            lines[0] += f" — {escape(region)}"
        if key in s.destroyed:
            lines.append("Destroyed by Ragnarök: nothing may enter it, and its fjords "
                         "support it no more.")
            return "<br>".join(lines)
        if province.villages:
            lines.append(f"Villages: {max(0, board.room(s, key))} of {province.villages} free")
        else:
            lines.append("No villages: any number of figures may stand here; figures come "
                         "only by marching.")
        token = s.tokens.get(key)
        if token:
            state = "pillaged this Age (its token is turned)" if key in s.pillaged \
                else "not yet pillaged this Age"
            lines.append(f"Pillage reward: {escape(looks.reward_words(token))} — {state}")
        if key in s.doom:
            age = s.doom.index(key) + 1
            if age >= s.age:
                lines.append(f"<b>Ragnarök</b> destroys it at the end of Age "
                             f"{looks.AGE_NUMERALS[age - 1]}; each figure there dies and "
                             "earns Glory.")
        places = board.battle_places(s, key)
        for seat in range(s.players):
            mine = [f for f in board.figures_in(s, places) if s.figures[f].owner == seat]
            if mine:
                lines.append(f"{escape(looks.clan_label(seat))}: {len(mine)} figure(s), STR "
                             f"{board.clan_str(s, seat, places)}")
        if pillage:
            lines.append("<i>Click to pillage it.</i>")
        return "<br>".join(lines)

    def _show_fjords(self, s: YggdrasilState, plan: layout.Plan) -> None:
        for key, rect in plan.fjords.items():
            fjord = next(f for f in board.content().board.fjords if f.key == key)
            supports = " and ".join(place_name(p) for p in fjord.supports)
            tip = (f"<b>{escape(fjord.name)}</b><br>Ships here fight for {escape(supports)} "
                   "(while it stands). Only ships enter a fjord, by invading.")
            battle = bool(s.fight) and key in board.fjords_of(s, s.fight)
            item = self.fjords.get(key)
            if item is None:
                item = self.fjords[key] = FjordItem(key, (rect.width(), rect.height()), tip)
                self.addItem(item)
            item.set_size((rect.width(), rect.height()), tip, battle)
            item.setPos(rect.topLeft())

    def _show_figures(self, s: YggdrasilState, plan: layout.Plan, live: bool) -> None:
        """Board figures by id; each kind of figure in a tray as one piece with a count."""
        wanted: dict[str, tuple[QPointF, FigureFace, str, float]] = {}
        for figure, centre in plan.figures.items():
            e = s.figures[figure]
            seat = e.owner or 0
            wanted[figure] = (centre, _face(e.kind, seat), looks.figure_html(s, figure),
                              plan.crowding.get(e.at, 1.0))
        for (seat, where, kind), centre in plan.trays.items():
            ids = [f for f in s.figures.of(seat)
                   if s.figures[f].at == where and s.figures[f].kind == kind]
            hint = "Drag it onto a province (a ship: a fjord) to invade." if where == RESERVE \
                else "Released at the Age's end; Frigga's Domain lets it invade from here."
            tip = looks.figure_html(s, ids[0], hint) + f"<br>{len(ids)} in its " \
                f"{'reserve' if where == RESERVE else 'Valhalla'}"
            wanted[tray_spot(seat, where, kind)] = (
                centre, _face(kind, seat, len(ids), where == VALHALLA), tip,
                layout.VALHALLA_SCALE if where == VALHALLA else 1.0)
        for spot in [k for k in self.figures if k not in wanted]:
            item = self.figures.pop(spot)
            item.glider.stop()
            self.removeItem(item)
        seen: dict[str, QPointF] = {}
        for spot, (centre, face, tip, scale) in wanted.items():
            item = self.figures.get(spot)
            if item is None:
                item = self.figures[spot] = FigureItem(spot, face, tip)
                item.on_press = self._figure_pressed
                item.on_move = self._figure_moved
                item.on_release = self._figure_released
                start = self._seen.get(spot) if live else None
                item.setPos(start if start is not None else centre)
                self.addItem(item)
            item.set_face(face, tip)
            item.setScale(scale)
            if not item.dragging:
                item.place(centre, live)
            seen[spot] = centre
        for f in s.figures:  # a figure in a tray was last seen on its tray's piece
            e = s.figures[f]
            at = seen.get(f) or seen.get(tray_spot(e.owner or 0, e.at, e.kind))
            if at is not None:
                seen[f] = at
        self._seen = seen

    def _show_sheets(self, s: YggdrasilState, plan: layout.Plan) -> None:
        mover = self.controller.seat()
        computers = self.controller.computer_seats()
        for seat, rect in plan.panels.items():
            face = self._sheet_face(s, seat, rect, mover, computers)
            item = self.sheets.get(seat)
            if item is None:
                item = self.sheets[seat] = SheetItem(seat, face)
                self.addItem(item)
            item.set_face(face, self._sheet_tip(s, seat))
            item.setPos(rect.topLeft())

    @staticmethod
    def _sheet_face(s: YggdrasilState, seat: int, rect: QRectF, mover: int | None,
                    computers: frozenset[int]) -> SheetFace:
        content = board.content()
        tracks = tuple(Track(looks.STAT_NAMES[stat], looks.STAT_COLOURS[stat],
                             s.step(stat, seat), tuple(content.track(stat).steps))
                       for stat in STATS)
        on_board = len(board.on_board(s, seat))
        counts = (f"Hand {len(s.table.cards_in(hand(seat)))} · on the board {on_board} of "
                  f"{board.stat(s, 'horns', seat)}")
        notes = []
        if seat in computers:
            notes.append("computer")
        if s.phase == "action" and s.rage[seat] <= 0 and s.result is None:
            notes.append("no Rage left")
        turn = s.result is None and (seat == mover if s.phase != "action" or s.frames
                                     else seat == s.active)
        return SheetFace(looks.clan_label(seat), looks.CLAN_COLOURS[seat],
                         (rect.width(), rect.height()), s.first == seat, turn,
                         " · ".join(notes), tracks, s.rage[seat], s.glory[seat], counts,
                         tuple(looks.name(s, c) for c in s.table.cards_in(sheet(seat))),
                         len(s.table.cards_in(quests(seat))))

    @staticmethod
    def _sheet_tip(s: YggdrasilState, seat: int) -> str:
        lines = [f"<b>{escape(looks.clan_label(seat))}</b> — {escape(looks.stat_line(s, seat))}",
                 f"Rage left this Age: {s.rage[seat]} · Glory: {s.glory[seat]}",
                 f"Cards in hand: {len(s.table.cards_in(hand(seat)))} · quests committed: "
                 f"{len(s.table.cards_in(quests(seat)))} (hidden)"]
        for c in s.table.cards_in(sheet(seat)):
            printed = looks.card(s, c)
            if printed is not None:
                lines.append(f"<b>{escape(printed.name)}</b>: {escape(printed.text)}")
        lines.append("<i>Drop an upgrade card from your hand on your sheet to play it; a "
                     "quest on your quest slot.</i>")
        return "<br>".join(lines)

    def _show_glory(self, s: YggdrasilState, plan: layout.Plan) -> None:
        face = GloryFace((plan.head.width(), plan.head.height()), tuple(s.glory),
                         looks.CLAN_COLOURS[:s.players], self._news(s))
        scores = ", ".join(f"{looks.clan_label(seat)} {g}" for seat, g in enumerate(s.glory))
        ages = "".join(f"<br>End of Age {looks.AGE_NUMERALS[n]}: "
                       + ", ".join(f"Player {seat + 1} {g}" for seat, g in enumerate(glory))
                       for n, glory in enumerate(s.glory_by_age))
        tip = f"<b>Glory</b>: {escape(scores)}{ages}"
        if self.glory is None:
            self.glory = GloryTrack(face, tip)
            self.addItem(self.glory)
        self.glory.set_face(face, tip)
        self.glory.setPos(plan.head.topLeft())

    def _news(self, s: YggdrasilState) -> str:
        """The Age, the province Ragnarök takes at its end, the first player, and the last
        battle's result (read from the log: its totals were shown to everyone)."""
        parts = [f"Age {looks.AGE_NUMERALS[s.age - 1]}"]
        if s.result is None and s.age <= len(s.doom):
            parts.append(f"Ragnarök destroys {place_name(s.doom[s.age - 1])} at its end")
        parts.append(f"first player {looks.clan_label(s.first)}")
        last = self._last_battle()
        if last is not None:
            totals = ", ".join(f"P{seat + 1} {t}" for seat, t in zip(last.seats, last.totals,
                                                                     strict=True))
            who = "a tie: all lose" if last.winner < 0 else f"Player {last.winner + 1} won"
            parts.append(f"last battle, {last.province_name}: {totals} — {who}")
        return " · ".join(parts)

    def _last_battle(self) -> BattleDecided | None:
        match = self.controller.match
        if match is None:
            return None
        for step in reversed(match.steps):
            for event in step.events:
                if isinstance(event, BattleDecided):
                    return event
        return None

    # -- what glows ---------------------------------------------------------------------------
    def sync_glow(self) -> None:
        """Light what the gesture under way may end on, with what it costs (the spot under
        the pointer in the hover colour); with no gesture, what a click answers now and
        the figures a question asks for."""
        glows: dict[str, QColor] = {}
        captions: dict[str, str] = {}
        if self._gesture is not None:
            for t in self._gesture:
                glows[t.spot] = GLOW_LEGAL
                captions[t.spot] = t.caption
            if self._hovered in glows:
                glows[self._hovered] = GLOW_HOVER
        elif self.state is not None:
            glows = self._asked_glows(self.state)
        for group in (self.provinces, self.fjords):
            for item in group.values():
                item.set_glow(glows.get(item.spot), captions.get(item.spot, ""))
        for figure in self.figures.values():
            figure.set_glow(glows.get(figure.spot))
        for seat, sheet_item in self.sheets.items():
            sheet_item.set_glow(glows.get(sheet_spot(seat)), glows.get(quest_spot(seat)))
        for slot in self.mat.slots.values():
            slot.set_glow(glows.get(slot.spot))

    def _asked_glows(self, s: YggdrasilState) -> dict[str, QColor]:
        glows: dict[str, QColor] = {}
        legal = self.presenter.legal()
        asked = bool(s.frames)
        for a in legal:
            if isinstance(a, Pillage):
                glows[a.province] = CLICK_GLOW
            elif isinstance(a, Choose):
                for f in self._alike(s, a.figure):
                    glows[f] = CLICK_GLOW
            elif isinstance(a, MarchAlong | Join):
                for f in self._alike(s, a.figure):
                    glows[f] = CALL_GLOW
            elif isinstance(a, Go):
                glows[a.to] = CALL_GLOW
            elif isinstance(a, Invade) and asked:
                seat = s.to_move() or 0
                where = VALHALLA if a.from_valhalla else RESERVE
                glows[tray_spot(seat, where, a.figure)] = CALL_GLOW
        return glows

    @staticmethod
    def _alike(s: YggdrasilState, figure: str) -> list[str]:
        if figure not in s.figures:
            return []
        e = s.figures[figure]
        return [f for f in s.figures.at(e.at)
                if (s.figures[f].owner, s.figures[f].kind) == (e.owner, e.kind)]

    # -- figures carried on the table -------------------------------------------------------------
    def _mine(self, spot: str) -> bool:
        s = self.state
        viewer = self.presenter.viewer
        if s is None or viewer is None:
            return False
        if spot.startswith(TRAY):
            return gestures.read_tray(spot)[0] == viewer
        return spot in s.figures and s.figures[spot].owner == viewer

    def _figure_pressed(self, item: CardItem) -> None:
        assert isinstance(item, FigureItem)
        s = self.state
        carry = s is not None and self._mine(item.spot) and self.presenter.deciding()
        self._gesture = gestures.for_figure(s, self.presenter.legal(), item.spot) \
            if carry and s is not None else None
        item.locked = not carry  # carried even with nowhere to go: the drop says why
        self._hovered = None
        self.sync_glow()

    def _figure_moved(self, item: FigureItem) -> None:
        if self._gesture is None:
            return
        target = gestures.at(self._gesture, self._under(item.pos(), item))
        spot = target.spot if target is not None else None
        if spot != self._hovered:
            self._hovered = spot
            self.sync_glow()

    def _figure_released(self, item: CardItem) -> None:
        assert isinstance(item, FigureItem)
        targets, self._gesture, self._hovered = self._gesture, None, None
        self.sync_glow()
        if item.is_click():
            item.setPos(item.home)
            self._figure_clicked(item.spot)
            return
        s = self.state
        under = self._under(item.pos(), item)
        target = gestures.at(targets or [], under)
        action = target.action if target is not None else None
        if action is None and s is not None and self.presenter.deciding() and \
                self._mine(item.spot):
            action = gestures.figure_intent(s, item.spot, under)
        if action is None:
            self.controller.refuse(self._figure_refusal(item.spot))
            item.spring_back()
        elif not self._submit(action):
            item.spring_back()
        elif item.scene() is self and item.pos() != item.home and not item.glider.running():
            item.glider.glide(item.home)  # a tray's piece, or a figure alike went instead

    def _figure_refusal(self, spot: str) -> str:
        if not self.presenter.deciding():
            return self.presenter.refuse_not_yours()
        if not self._mine(spot):
            return "That figure is another clan's: only its clan moves it."
        return "Drop a figure on a province (a ship on a fjord) to invade or march there."

    def _figure_clicked(self, spot: str) -> None:
        s = self.state
        if s is None or spot.startswith(TRAY):
            return
        answers = gestures.clicks(s, self.presenter.legal(), spot)
        if len(answers) == 1:
            self._submit(answers[0])
        elif answers:
            self.controller.refuse("That figure may be chosen more than one way: press the "
                                   "button you mean.")

    def _province_clicked(self, key: str) -> None:
        """A click on a province pillages it (or says why it may not be pillaged)."""
        s = self.state
        if s is None:
            return
        answers = gestures.clicks(s, self.presenter.legal(), key)
        if answers:
            self._submit(answers[0])
        elif s.phase == "action" and not s.frames and self.presenter.deciding():
            self._submit(Pillage(key))

    def _submit(self, action: Action) -> bool:
        """Submit for the seat at the computer, never for whoever else decides."""
        if not self.presenter.deciding():
            self.controller.refuse(self.presenter.refuse_not_yours())
            return False
        return self.controller.submit(action, self.presenter.viewer)

    # -- cards on the mat -----------------------------------------------------------------------
    def _card_targets(self, ref: str) -> list[Target] | None:
        s, viewer = self.state, self.presenter.viewer
        if s is None or viewer is None or not self.presenter.deciding():
            return None
        return gestures.for_card(s, self.presenter.legal(), ref, viewer, self.presenter.staged)

    def _card_pressed(self, item: CardItem) -> None:
        assert isinstance(item, MatCardItem)
        self._gesture = self._card_targets(item.ref) if item.carry else None
        self._hovered = None
        self.sync_glow()

    def _card_released(self, item: CardItem) -> None:
        assert isinstance(item, MatCardItem)
        targets, self._gesture, self._hovered = self._gesture, None, None
        self.sync_glow()
        if item.is_click() and item.ref in self.presenter.staged:
            self.presenter.unstage()  # a pick set aside goes back to the packet
        if item.is_click() or not item.carry:
            item.setPos(item.home)
            return
        if not self._card_dropped(item.ref, targets, self._under(item.pos(), item)):
            item.spring_back()

    def _card_double_clicked(self, item: CardItem) -> None:
        """A double-click picks a packet card, keeps a card, lays a battle card: the card's
        one use on the mat."""
        assert isinstance(item, MatCardItem)
        targets = self._card_targets(item.ref) or []
        if len(targets) == 1:
            self._take_target(item.ref, targets[0])

    def _card_dropped(self, ref: str, targets: list[Target] | None, under: list[str]) -> bool:
        s, viewer = self.state, self.presenter.viewer
        if s is None or viewer is None:
            return False
        if not self.presenter.deciding():
            self.controller.refuse(self.presenter.refuse_not_yours())
            return False
        target = gestures.at(targets or [], under)
        if target is not None:
            return self._take_target(ref, target)
        intent = gestures.card_intent(s, ref, under, viewer)
        if intent is None:
            self.controller.refuse("Drop the card on a glowing place: your hand in the draft, "
                                   "your place in a battle, your clan sheet or quest slot.")
            return False
        return self._submit(intent)

    def _take_target(self, ref: str, target: Target) -> bool:
        if target.stage:
            self.presenter.stage(ref)
            return True
        if target.choices:
            self.presenter.ask(target.choices)
            return False
        return target.action is not None and self._submit(target.action)

    # -- cards dragged in from the Hand dock (BoardView's DropScene) ---------------------------
    def hover(self, drag: CardDrag | None, pos: QPointF) -> bool:
        if drag is None:
            if self._drag_ref is not None:
                self._drag_ref, self._gesture, self._hovered = None, None, None
                self.sync_glow()
            return False
        if drag.ref != self._drag_ref:
            self._drag_ref = drag.ref
            self._gesture = self._card_targets(drag.ref)
        target = gestures.at(self._gesture or [], self._under(pos))
        self._hovered = target.spot if target is not None else None
        self.sync_glow()
        return target is not None

    def drop(self, drag: CardDrag, pos: QPointF) -> bool:
        targets = self._gesture if self._drag_ref == drag.ref else self._card_targets(drag.ref)
        self._gesture, self._drag_ref, self._hovered = None, None, None
        self.sync_glow()
        return self._card_dropped(drag.ref, targets, self._under(pos))

    def leave_board(self) -> None:
        """Figures never leave the table by dragging: a drag off the view simply ends."""

    def _under(self, pos: QPointF, carried: object = None) -> list[str]:
        """The spots under `pos`, most particular first (a figure, a slot, a province)."""
        out: list[str] = []
        for item in self.items(pos):
            if item is carried or not item.isVisible():
                continue
            spot = getattr(item, "spot", None)
            if spot and spot not in out:
                out.append(spot)
        return out


def _face(kind: str, seat: int, count: int = 0, fallen: bool = False) -> FigureFace:
    return FigureFace(kind, looks.CLAN_COLOURS[seat], seat, looks.figure_initials(kind),
                      count, fallen)


def _token_mark(token: str) -> str:
    if token == "glory":
        return f"{looks.reward_words('glory').split()[0]}★"
    return TOKEN_MARKS.get(token, "")


def build_table(controller: MatchController) -> tuple[YggdrasilScene, YggdrasilPresenter]:
    presenter = YggdrasilPresenter(controller)
    return YggdrasilScene(controller, presenter), presenter
