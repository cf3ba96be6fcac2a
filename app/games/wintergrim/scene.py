"""Wintergrim's table: areas in a row between the HQs, and what dragging on it means.

The scene draws the view of the seat at the computer and nothing more. Units
are carried with the mouse: onto another area or structure to move, onto an
enemy in their area to attack (the odds print on the carried unit), onto a
unit of their own to heal it, onto the removed pile to remove it and search
the deck. Cards come from the Hand dock: onto a structure or an area to pay
and place them, onto their target to play a tactic, onto the removed pile to
pay. While a gesture is under way what it may end on glows (red: a threat);
a drop becomes the engine action the glow promised, and anything else
springs back with the rule's reason in the status bar. With no gesture, gold
marks what a click answers (a start-phase text, a unit to send away), red
the target of an attack waiting for its dice, blue that of a tactic waiting
in the open.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF
from PySide6.QtGui import QColor

from app.board.items import GLOW_HOVER, GLOW_LEGAL, CardItem
from app.board.topology import BoardScene
from app.dragdrop import CardDrag
from app.games.wintergrim import gestures, layout, looks
from app.games.wintergrim.gestures import Target
from app.games.wintergrim.pieces import (
    AreaFace,
    AreaItem,
    Pile,
    SeatFace,
    SeatPanel,
    SkyCard,
    SkyFace,
    StructureFace,
    StructureItem,
    UnitFace,
    UnitItem,
)
from app.games.wintergrim.presenter import WintergrimPresenter, percent
from app.match_controller import MatchController
from engine.core.actions import Action
from engine.core.game import GameState
from engine.games.wintergrim import odds, world
from engine.games.wintergrim.actions import Attack, Dismiss, Intercept, UseStart
from engine.games.wintergrim.frames import BattleRoll, Payment, TacticsWindow
from engine.games.wintergrim.state import (
    SKY,
    WintergrimState,
    captured,
    deck,
    hand,
    removed,
)

ATTACK_GLOW = QColor("#e53935")
CLICK_GLOW = QColor("#f2c230")
TARGET_GLOW = QColor("#4fc3f7")  # what a tactic waiting in the open is aimed at
UNIT_HINT = "Drag it to move or attack."
SEARCH_HINT = "Drag it onto your removed pile to remove it and search your deck (a move step)."
TABLE = "table"  # the spot of any point on the table: what a drop anywhere reaches
PILE_TOP = 16.0  # the piles' and panels' top edge in the row above the areas
PILE_MIDDLE = PILE_TOP + 50 * layout.PILE_SCALE


class WintergrimScene(BoardScene):
    def __init__(self, controller: MatchController, presenter: WintergrimPresenter) -> None:
        super().__init__()
        self.controller = controller
        self.presenter = presenter
        presenter.after_refresh = self.sync_glow
        self.state: WintergrimState | None = None
        self.areas: dict[str, AreaItem] = {}
        self.structures: dict[str, StructureItem] = {}
        self.units: dict[str, UnitItem] = {}
        self.played: dict[str, SkyCard] = {}
        self.panels: dict[int, SeatPanel] = {}
        self.piles: dict[str, Pile] = {}
        self.sky = SkyCard(SKY, SkyFace("No weather", (), None), "")
        self.sky.on_click = self._sky_clicked
        self.addItem(self.sky)
        self._content = QRectF()
        self._gesture: list[Target] | None = None  # what the gesture under way may do
        self._hovered: str | None = None  # the spot the gesture would end on now
        self._drag_ref: str | None = None  # the hand card being dragged over the table
        self._watched: list[QObject] = []  # viewports whose resizing lays the table out anew
        self._captions: dict[str, str] = {}  # spot -> what the unit carried would do there
        self._carried = ""  # the unit the mouse carries

    def content_rect(self) -> QRectF:
        return QRectF(self._content)

    # -- rendering ----------------------------------------------------------------------------
    def render_state(self, state: GameState) -> None:
        """Make the table match `state` (a view). Pieces persist; when the match has moved on
        (not an undo, not a look at a past moment) the units glide to their new places, and
        a unit just placed glides from where the Hand dock showed it."""
        assert isinstance(state, WintergrimState)
        live = self.moved_on(self.controller.match) is not None
        self.state = state
        plan = layout.plan(state, self._view_size())
        self._show_areas(state, plan)
        self._show_structures(state, plan)
        self._show_units(state, plan, live)
        self._show_sky(state, plan)
        self._show_seats(state, plan)
        if plan.content != self._content:
            self._content = QRectF(plan.content)
            self._frame(plan.content)
            for view in self.views():
                if getattr(view, "auto_fit", False):
                    view.fit()
        self.sync_glow()

    def _view_size(self) -> tuple[float, float]:
        """The board's room on screen: the arrangement is chosen for its shape, and chosen
        again when it changes (a window resized, a dock opened)."""
        views = self.views()
        if not views or not views[0].isVisible():
            return layout.DEFAULT_VIEW
        viewport = views[0].viewport()
        if viewport not in self._watched:
            self._watched.append(viewport)
            viewport.installEventFilter(self)
        size = viewport.size()
        return (float(max(size.width(), 200)), float(max(size.height(), 150)))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and self.state is not None and \
                self._gesture is None:
            self.render_state(self.state)
        return False

    def _show_areas(self, s: WintergrimState, plan: layout.Plan) -> None:
        for ref in list(self.areas):
            if ref not in plan.areas:
                self.removeItem(self.areas.pop(ref))
        for ref, spot in plan.areas.items():
            printed = world.card_of(s, ref)
            seat = s.pieces[ref].owner or 0
            path = world.is_path(s, ref)
            owner = looks.seat_label(s, seat)
            what = "path" if path else "HQ" if printed.hq else "area"
            subtitles = (f"{what} of {owner}", f"{what} {owner.split()[0]}", owner.split()[0])
            face = AreaFace(printed.name, subtitles, looks.seat_colour(s, seat).name(), path,
                            (spot.rect.width(), spot.rect.height()),
                            spot.outside_top - spot.rect.top())
            tip = looks.piece_tip(s, ref, "Drop a unit on the open ground here to move it "
                                          "outside in this area.")
            item = self.areas.get(ref)
            if item is None:
                item = self.areas[ref] = AreaItem(ref, face, tip)
                self.addItem(item)
            item.set_face(face, tip)
            item.setPos(spot.rect.topLeft())

    def _show_structures(self, s: WintergrimState, plan: layout.Plan) -> None:
        for ref in list(self.structures):
            if ref not in plan.structures:
                self.removeItem(self.structures.pop(ref))
        for ref, rect in plan.structures.items():
            face = self._structure_face(s, ref, rect.width())
            tip = looks.piece_tip(s, ref, "Drop a unit on it to move or place it inside; "
                                          "click it to use its start-phase text.")
            item = self.structures.get(ref)
            if item is None:
                item = self.structures[ref] = StructureItem(ref, face, tip)
                item.on_click = self._structure_clicked
                self.addItem(item)
            item.set_face(face, tip)
            item.setPos(rect.topLeft())

    def _structure_face(self, s: WintergrimState, ref: str, width: float) -> StructureFace:
        printed = world.card_of(s, ref)
        seat = s.pieces[ref].owner or 0
        kind = str(printed.structure).capitalize() + (" · HQ" if printed.hq else "")
        damage = s.pieces[ref].counter("damage")
        food = printed.food
        tended = printed.power("tended")
        if tended is not None and any(world.card_of(s, u).is_("worker")
                                      for u in world.inside(s, ref)):
            food += tended.amount  # type: ignore[union-attr]
        health = f"H{max(0, printed.h - damage)}/{printed.h}" if damage else f"H{printed.h}"
        values = " ".join(x for x in (f"A{printed.a}" if printed.a else "", health) if x) + \
            (f" · F{looks.signed(food)}" if food else "")
        left = world.room_left(s, ref)
        start = "click: draw" if UseStart(ref) in self.presenter.legal() else ""
        return StructureFace(printed.name, kind, looks.seat_colour(s, seat).name(), values,
                             f"room {max(0, left)} of {printed.room}",
                             len(world.inside(s, ref)), max(0, left), width, damage, start)

    def _show_units(self, s: WintergrimState, plan: layout.Plan, live: bool) -> None:
        for ref in list(self.units):
            if ref not in plan.units:
                item = self.units.pop(ref)
                item.glider.stop()
                self.removeItem(item)
        for ref, centre in plan.units.items():
            face = self._unit_face(s, ref)
            tip = looks.piece_tip(s, ref, UNIT_HINT if world.card_of(s, ref).power("search")
                                  is None else f"{UNIT_HINT} {SEARCH_HINT}")
            item = self.units.get(ref)
            if item is None:
                item = self.units[ref] = UnitItem(ref, face, tip)
                item.on_press = self._unit_pressed
                item.on_move = self._unit_moved
                item.on_release = self._unit_released
                seen = self.in_dock(ref) if live else None
                item.setPos(seen if seen is not None else centre)
                self.addItem(item)
            item.set_face(face, tip)
            if not item.dragging:
                item.place(centre, live)

    def _unit_face(self, s: WintergrimState, ref: str) -> UnitFace:
        printed = world.card_of(s, ref)
        entity = s.pieces[ref]
        seat = entity.owner or 0
        if entity.counter("netted"):
            note = "held by a Net"
        elif "attacked" in entity.tokens:
            note = "has attacked"
        elif "moved" in entity.tokens:
            note = "has moved"
        elif printed.weapon is not None:
            weapon = printed.weapon
            note = f"{weapon.name} {weapon.damage} dmg" if weapon.kind != "p" else \
                f"{weapon.name} (Psyche)"
        else:
            note = looks.skills_line(printed) or "no weapon"
        if world.must_roll_psyche(s, ref):
            note = f"rolls P{world.value(s, ref, 'p')} to act"  # the weather's test first
        if entity.attached:
            note = f"{note} · +{len(entity.attached)} card"
        shown = ("cc", "rc", "a", "h") + (("p",) if printed.weapon is not None
                                          and printed.weapon.kind == "p" else ())
        lowered = any(world.value(s, ref, stat) < printed.stat(stat) for stat in shown)
        spent = bool({"moved", "attacked"} & entity.tokens) or bool(entity.counter("netted"))
        return UnitFace(printed.name, looks.seat_colour(s, seat).name(),
                        looks.now_line(s, ref), note, entity.counter("damage"), spent, lowered)

    def _show_sky(self, s: WintergrimState, plan: layout.Plan) -> None:
        self.sky.setPos(plan.sky)
        weather = world.weather(s)
        if weather:
            ref = weather[0]
            printed = world.card_of(s, ref)
            seat = s.pieces[ref].owner or 0
            badge = "click: roll to keep" if UseStart(ref) in self.presenter.legal() else ""
            self.sky.set_face(ref, SkyFace(printed.name, tuple(looks.summary(printed)),
                                           looks.seat_colour(s, seat).name(), badge),
                              looks.piece_tip(s, ref, "It affects every area. Its player "
                                                      "clicks it on their start phase to "
                                                      "roll to keep it."))
        else:
            self.sky.set_face(SKY, SkyFace("No weather", ("its place, over",
                                                          "every area"), None),
                              "Only one weather card may be in play at a time.")
        targets = {card: target for frame in s.frames if isinstance(frame, TacticsWindow)
                   for card, target, _ in frame.played}
        for ref in list(self.played):
            if ref not in plan.played:
                self.removeItem(self.played.pop(ref))
        for ref, at in plan.played.items():
            printed = world.card_of(s, ref)
            seat = s.pieces[ref].owner or 0
            target = targets.get(ref, "")
            lines = ((f"on {looks.name(s, target)}",) if target else ()) + (
                f"played by {looks.seat_name(s, seat)}", *looks.summary(printed))
            face = SkyFace(printed.name, lines, looks.seat_colour(s, seat).name(), "waiting")
            tip = looks.card_html(s, printed) + "<br><i>Waits until every player has passed; " \
                "tactics played in one window resolve together.</i>"
            item = self.played.get(ref)
            if item is None:
                item = self.played[ref] = SkyCard(ref, face, tip)
                self.addItem(item)
            item.set_face(ref, face, tip)
            item.setPos(at)

    def _show_seats(self, s: WintergrimState, plan: layout.Plan) -> None:
        for seat, at in plan.seats.items():
            panel = self.panels.get(seat)
            face = self._seat_face(s, seat)
            if panel is None:
                panel = self.panels[seat] = SeatPanel(seat, face)
                self.addItem(panel)
            panel.set_face(face, self._seat_tip(s, seat))
            right = at.x() > plan.content.width() / 2
            zones = (captured(seat), removed(seat)) if right else (removed(seat), captured(seat))
            x = at.x()
            if right:
                for zone in zones:
                    self._show_pile(s, zone, QPointF(x + layout.PILE_STEP / 2, PILE_MIDDLE))
                    x += layout.PILE_STEP
                panel.setPos(x, PILE_TOP)
            else:
                panel.setPos(x, PILE_TOP)
                x += layout.SEAT_PANEL[0] + layout.GAP
                for zone in zones:
                    self._show_pile(s, zone, QPointF(x + layout.PILE_STEP / 2, PILE_MIDDLE))
                    x += layout.PILE_STEP

    def _show_pile(self, s: WintergrimState, zone: str, centre: QPointF) -> None:
        seat = int(zone.rsplit(":", 1)[1])
        label = "Removed" if zone.startswith("removed") else "Captured"
        pile = self.piles.get(zone)
        if pile is None:
            pile = self.piles[zone] = Pile(zone, label)
            self.addItem(pile)
        cards = s.table.cards_in(zone)
        top = cards[-1] if cards else None
        if label == "Removed":
            tip = (f"{looks.seat_name(s, seat)}'s removed pile: {len(cards)} card(s) paid, "
                   "spent or lost. Drop a card from your hand here to pay with it.")
        else:
            tip = (f"Enemy units {looks.seat_name(s, seat)} has captured: {len(cards)}. "
                   "Enslave is won with 2.")
        pile.set_contents(len(cards), looks.look(s, top) if top else None, top, tip)
        pile.setPos(centre)

    def _seat_face(self, s: WintergrimState, seat: int) -> SeatFace:
        food = world.food(s, seat)
        warning = food_warning(s, seat)
        room = sum(max(0, world.room_left(s, x)) for x in world.structures(s, seat))
        counters = (("Food", looks.signed(food) if food < 0 else str(food), bool(warning)),
                    ("Room", str(room), False),
                    ("Hand", str(len(s.table.cards_in(hand(seat)))), False),
                    ("Deck", str(len(s.table.cards_in(deck(seat)))), False))
        title = looks.seat_label(s, seat) + (" · out" if s.out and s.out[seat] else "")
        return SeatFace(title, looks.deck_name(s, seat), looks.seat_colour(s, seat).name(),
                        counters, warning,
                        s.phase != "found" and s.active == seat and s.result is None)

    @staticmethod
    def _seat_tip(s: WintergrimState, seat: int) -> str:
        who = looks.seat_name(s, seat)
        rooms = ", ".join(f"{world.name(s, x)} {max(0, world.room_left(s, x))} of "
                          f"{world.card_of(s, x).room}" for x in world.structures(s, seat))
        return (f"<b>{looks.seat_label(s, seat)} · {looks.deck_name(s, seat)}</b><br>"
                f"Food: every F of {who}'s cards in play, summed across all areas. The "
                "moment it is negative, units must be removed until it is not.<br>"
                f"Room left in {who}'s structures: "
                f"{rooms or 'none'}")

    # -- what glows ---------------------------------------------------------------------------
    def sync_glow(self) -> None:
        """Light what the gesture under way may end on (the spot under the pointer in the
        hover colour); with no gesture, what a click answers now and what an attack or a
        tactic waiting in the open is aimed at."""
        glows: dict[str, QColor] = {}
        if self._gesture is not None:
            for spot, threat in gestures.spots(self._gesture).items():
                glows[spot] = ATTACK_GLOW if threat else GLOW_LEGAL
            if self._hovered in glows:
                glows[self._hovered] = GLOW_HOVER
        else:
            s = self.state
            for frame in s.frames if s is not None else ():
                if isinstance(frame, TacticsWindow):
                    glows.update((target, TARGET_GLOW) for _, target, _ in frame.played
                                 if target)
                elif isinstance(frame, BattleRoll):  # an attack waits for its dice
                    glows[frame.target] = ATTACK_GLOW
            for a in self.presenter.legal():
                if isinstance(a, UseStart):
                    glows[a.card] = CLICK_GLOW
                elif isinstance(a, Dismiss | Intercept):
                    glows[a.unit] = CLICK_GLOW
            if s is not None and s.frames and isinstance(s.frames[-1], Payment) and \
                    self.presenter.deciding():
                glows[removed(s.frames[-1].seats[0])] = GLOW_LEGAL
        for group in (self.areas, self.played):
            for item in group.values():
                item.set_glow(glows.get(item.spot))
        # What the carried unit would do where it is now, printed on it: it hides what it
        # is held over, and captions on every target would overlap their neighbours.
        shown = self._captions.get(self._hovered or "", "")
        for target in (*self.structures.values(), *self.units.values()):
            target.set_glow(glows.get(target.spot), shown if target.spot == self._carried
                            else "")
        self.sky.set_glow(glows.get(SKY) or glows.get(self.sky.spot))
        for zone, pile in self.piles.items():
            pile.set_highlight(glows.get(zone))

    # -- units carried on the table -------------------------------------------------------------
    def _unit_pressed(self, item: CardItem) -> None:
        assert isinstance(item, UnitItem)
        s = self.state
        own = s is not None and s.pieces.by_id.get(item.ref) is not None and \
            s.pieces[item.ref].owner == self.presenter.viewer and self.presenter.deciding()
        item.locked = not own
        self._gesture = gestures.for_unit(s, self.presenter.legal(), item.ref) if own and \
            s is not None else None
        self._captions = {} if s is None else {
            t.action.target: odds_caption(s, t.action) for t in self._gesture or []
            if isinstance(t.action, Attack)}
        self._hovered = None
        self._carried = item.ref
        self.sync_glow()

    def _unit_moved(self, item: UnitItem) -> None:
        if self._gesture is None:
            return
        action = gestures.at(self._gesture, self._under(item.pos(), item))
        spot = next((t.spot for t in self._gesture if t.action == action), None)
        if spot != self._hovered:
            self._hovered = spot
            self.sync_glow()

    def _unit_released(self, item: CardItem) -> None:
        assert isinstance(item, UnitItem)
        targets, self._gesture, self._hovered = self._gesture, None, None
        self._captions, self._carried = {}, ""
        self.sync_glow()
        if item.is_click():
            item.setPos(item.origin)
            self._unit_clicked(item.ref)
            return
        s = self.state
        under = self._under(item.pos(), item)
        action = gestures.at(targets or [], under)
        if action is None and s is not None and item.ref in s.pieces:
            action = gestures.unit_intent(s, item.ref, under)
        if action is None:
            self.controller.refuse(self._unit_refusal(item.ref))
            item.spring_back()
        elif not self.controller.submit(action):
            item.spring_back()

    def _unit_refusal(self, unit: str) -> str:
        if not self.presenter.deciding():
            return self._not_yours()
        s = self.state
        if s is None or s.pieces.by_id.get(unit) is None or \
                s.pieces[unit].owner != self.presenter.viewer:
            return "That is an enemy unit: only its player moves it."
        return ("Drop a unit on an area or a structure to move it, or on an enemy in its "
                "area to attack.")

    def _unit_clicked(self, unit: str) -> None:
        """A click answers what the unit is asked (sent away, stepping in); on a unit with
        nothing asked of it that stands on a structure, it is a click on the structure."""
        legal = self.presenter.legal()
        for a in legal:
            if isinstance(a, Dismiss | Intercept) and a.unit == unit:
                self.controller.submit(a)
                return
        s = self.state
        holder = s.pieces[unit].inside if s is not None and unit in s.pieces else ""
        if holder and UseStart(holder) in legal:
            self.controller.submit(UseStart(holder))

    def _not_yours(self) -> str:
        s = self.state
        seat = self.controller.seat()
        if seat is None or s is None:
            return "The game is over."
        return f"It is {looks.seat_name(s, seat)} who must decide now."

    # -- clicks ----------------------------------------------------------------------------------
    def _structure_clicked(self, item: StructureItem) -> None:
        self._use_start(item.ref)

    def _sky_clicked(self, item: SkyCard) -> None:
        if item.spot != SKY:
            self._use_start(item.spot)

    def _use_start(self, card: str) -> None:
        """A click on a card with a start-phase text uses it (or says why it may not)."""
        s = self.state
        if s is None or card not in s.pieces:
            return
        printed = world.card_of(s, card)
        if printed.power("draw-per-worker") is None and printed.power("keep-roll") is None:
            return
        if not self.presenter.deciding():
            self.controller.refuse(self._not_yours())
            return
        self.controller.submit(UseStart(card))

    # -- cards dragged in from the Hand dock (BoardView's DropScene) ---------------------------
    def hover(self, drag: CardDrag | None, pos: QPointF) -> bool:
        if drag is None:
            if self._drag_ref is not None:
                self._drag_ref, self._gesture, self._hovered = None, None, None
                self.sync_glow()
            return False
        now = self.presenter.now()
        if now is None:
            return False
        if drag.ref != self._drag_ref:
            self._drag_ref = drag.ref
            self._gesture = gestures.for_card(now, self.presenter.legal(), drag.ref)
        action = gestures.at(self._gesture or [], self._under(pos))
        spot = next((t.spot for t in self._gesture or [] if t.action == action), None)
        self._hovered = layout_spot(spot)
        self.sync_glow()
        return action is not None

    def drop(self, drag: CardDrag, pos: QPointF) -> bool:
        targets, self._gesture, self._drag_ref, self._hovered = self._gesture, None, None, None
        self.sync_glow()
        now = self.presenter.now()
        if now is None:
            return False
        if targets is None:
            targets = gestures.for_card(now, self.presenter.legal(), drag.ref)
        under = self._under(pos)
        action: Action | None = gestures.at(targets, under)
        if action is None and self.presenter.deciding():
            action = gestures.card_intent(now, drag.ref, under)
        if action is None:
            self.controller.refuse(self._not_yours() if not self.presenter.deciding() else
                                   "Drop a card on one of your structures or areas (weather "
                                   "and most tactics: anywhere on the table).")
            return False
        return self.controller.submit(action)

    def leave_board(self) -> None:
        """Units never leave the table by dragging: a drag off the view simply ends."""

    def _under(self, pos: QPointF, carried: object = None) -> list[str]:
        """The spots under `pos`, most particular first (a unit, its structure, the area),
        then the table itself when `pos` is on it."""
        out: list[str] = []
        for item in self.items(pos):
            if item is carried:
                continue
            spot = getattr(item, "spot", None)
            if spot and spot not in out:
                out.append(spot)
        if self._content.contains(pos):
            out.append(TABLE)
        return out


def odds_caption(s: WintergrimState, attack: Attack) -> str:
    """An attack's chances, short enough to print under its target."""
    chances = odds.attack_odds(s, attack.unit, attack.target, attack.combat)
    return f"hits {percent(chances.hit)} · defeats {percent(chances.defeat)}"


def layout_spot(spot: str | None) -> str | None:
    """The glowing piece a target's spot names (a drop anywhere shows on the sky)."""
    return SKY if spot == gestures.ANYWHERE else spot


def food_warning(s: WintergrimState, seat: int) -> str:
    """Food negative, or about to be: a unit being paid for, or one in the hand (only the
    hand's owner sees its cards), would take it below 0 (ALWAYS: summarize "Food")."""
    food = world.food(s, seat)
    if food < 0:
        return f"Food {looks.signed(food)}: send units away"
    top = s.frames[-1] if s.frames else None
    paid_for = looks.card(s, top.card) if isinstance(top, Payment) and \
        top.seats == (seat,) else None  # None too when the viewer may not see it
    if paid_for is not None and paid_for.kind == "unit" and food + paid_for.food < 0:
        return f"{paid_for.name}: food would be {looks.signed(food + paid_for.food)}"
    eaters = [c for c in (looks.card(s, ref) for ref in s.table.cards_in(hand(seat)))
              if c is not None and c.kind == "unit" and food + c.food < 0]
    if eaters:
        worst = min(eaters, key=lambda c: c.food)
        return f"{worst.name}: food would be {looks.signed(food + worst.food)}"
    return ""


def build_table(controller: MatchController) -> tuple[WintergrimScene, WintergrimPresenter]:
    presenter = WintergrimPresenter(controller)
    return WintergrimScene(controller, presenter), presenter
