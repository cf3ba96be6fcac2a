"""What the mat over the board shows, worked out from a view of the state: the draft
(your packet, and your hand to drop a pick on), the card kept at the Discard phase, or a
battle (each clan's figures, its card face down then face up, its total; your hand to
lay from).

Built from the viewing seat's view only: another clan's packet, hand or laid card is a
place such as ``?laid:1#0`` there, shown as a back at most, and counted, never named.
The mat is laid only while nobody needs the board (a battle's mat makes way for Call to
Battle, for saving figures or for a free invasion).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF

from app.board.cards import CARD_H, CARD_W, CardLook
from app.games.yggdrasil import looks
from engine.core.actions import Action
from engine.games.yggdrasil import board
from engine.games.yggdrasil.actions import Choose, Go, Invade, Join, Keep, Lay, MarchAlong, Pick
from engine.games.yggdrasil.battle import (
    YggAfterReveal,
    YggBattleCards,
    YggProwess,
)
from engine.games.yggdrasil.doing import place_name
from engine.games.yggdrasil.frames import (
    YggDraft,
    YggKeep,
)
from engine.games.yggdrasil.state import YggdrasilState, hand, laid, packet, shown

PICK = "mat:hand"  # the drop that picks a draft card
KEEP = "mat:keep"  # the drop that keeps a card at the Discard phase
MAT_PAD = 16.0
TITLE_H = 50.0  # the title and its line of news
TRAY_SCALE = 1.3  # the cards already in hand, beside the packet
TRAY_W = CARD_W * TRAY_SCALE + 24
COLUMN_W = 170.0
MAX_SCALE = 2.0
BATTLE_SCALE = 1.6  # a battle's cards in their clans' columns


def battle_spot(seat: int) -> str:
    """The drop that lays a battle card: the clan's place on the battle mat."""
    return f"battle:{seat}"


@dataclass(frozen=True)
class MatCard:
    key: str  # its place on the mat: a card keeps its item while it stays there
    ref: str
    look: CardLook
    tip: str
    centre: QPointF
    scale: float
    carry: bool  # the viewer may pick it up


@dataclass(frozen=True)
class MatSlot:
    spot: str
    rect: QRectF
    label: str


@dataclass(frozen=True)
class Column:
    """A clan in the battle: its figures there, its strength, its cards' place."""

    seat: int
    rect: QRectF
    title: str
    colour: str
    figures: tuple[tuple[str, int], ...]  # (kind, how many) in the province and its fjords
    strength: str  # 'figures 5 + card ?', 'figures 5 + cards 3'
    total: str  # 'total 8' once the cards are up
    winner: bool


@dataclass(frozen=True)
class Mat:
    kind: str  # 'draft', 'keep' or 'battle'
    rect: QRectF
    title: str
    news: str
    tip: str
    slots: tuple[MatSlot, ...] = ()
    columns: tuple[Column, ...] = ()
    cards: tuple[MatCard, ...] = ()


def mat(state: YggdrasilState, viewer: int | None, legal: list[Action], rect: QRectF,
        staged: tuple[str, ...] = ()) -> Mat | None:
    """The mat the table shows now, or None. `legal`: the viewer's actions when it must
    decide; `staged`: draft cards picked but not yet sent (two at a time, two players).
    A seat that takes no part in a draft or in keeping a card (behind the curtain, or
    watching computers) is shown the board: those choices are secret."""
    top = state.frames[-1] if state.frames else None
    choosing = isinstance(top, YggDraft | YggKeep) and viewer is not None and \
        viewer in top.order
    if isinstance(top, YggDraft) and choosing:
        return _draft(state, top, viewer, legal, rect, staged)
    if isinstance(top, YggKeep) and choosing:
        return _keep(state, top, viewer, legal, rect)
    if state.fight and _battle_on_mat(state, top, legal):
        return _battle(state, viewer, legal, rect)
    return None


# -- the draft and the card kept -----------------------------------------------------------
def _waiting_line(seats: tuple[int, ...], order: tuple[int, ...], verb: str) -> str:
    """'Player 1, Player 3 picked · waiting for Player 2': who has chosen, who not."""
    done = [looks.seat_name(s) for s in order if s not in seats]
    waiting = [looks.seat_name(s) for s in order if s in seats]
    parts = []
    if done:
        parts.append(f"{', '.join(done)} {verb}")
    if waiting:
        parts.append(f"waiting for {', '.join(waiting)}")
    return " · ".join(parts)


def _draft(state: YggdrasilState, frame: YggDraft, viewer: int, legal: list[Action],
           rect: QRectF, staged: tuple[str, ...]) -> Mat:
    total = board.content().decks.draft.hand
    title = f"Gods' Gifts · Age {looks.AGE_NUMERALS[state.age - 1]} — pick " + \
        ("two cards" if frame.take == 2 else "a card") + \
        f" from your packet ({state.picks} of {total} picked)"
    news = _waiting_line(frame.seats, frame.order, "picked") + \
        " · the packets pass left once everyone has picked"
    tip = "Every clan picks from its own packet at once, in secret; then the packets pass."
    picking = {c for a in legal if isinstance(a, Pick) for c in a.cards}
    inner = rect.adjusted(MAT_PAD, MAT_PAD + TITLE_H, -MAT_PAD, -MAT_PAD)
    tray = QRectF(inner.right() - TRAY_W, inner.top(), TRAY_W, inner.height())
    area = QRectF(inner.left(), inner.top(), inner.width() - TRAY_W - 16, inner.height())
    offered = [c for c in state.table.cards_in(packet(viewer)) if c not in staged]
    cards = _spread(state, offered, area, "packet", lambda c: c in picking,
                    "Drag it onto your hand at the right (or double-click it) to pick it.")
    label = "Your hand: drop your pick here" if picking else "Your hand (picked)"
    in_hand = [*state.table.cards_in(hand(viewer)), *staged]
    cards += _fan(state, in_hand, tray, "hand",
                  lambda c: "not yet sent" if c in staged else "",
                  "Picked, waiting for its partner: click it to put it back.")
    return Mat("draft", rect, title, news, tip, (MatSlot(PICK, tray, label),), (), tuple(cards))


def _keep(state: YggdrasilState, frame: YggKeep, viewer: int, legal: list[Action],
          rect: QRectF) -> Mat:
    title = f"Discard — keep one card for Age {looks.AGE_NUMERALS[state.age]} (or none)"
    news = _waiting_line(frame.seats, frame.order, "chose") + \
        " · the rest go back to the box unseen"
    tip = "Each clan keeps at most one card of its hand for the next Age, in secret."
    keeping = {a.card for a in legal if isinstance(a, Keep) and a.card}
    inner = rect.adjusted(MAT_PAD, MAT_PAD + TITLE_H, -MAT_PAD, -MAT_PAD)
    slot_w = CARD_W * 1.6 + 40
    area = QRectF(inner.left(), inner.top(), inner.width() - slot_w - 20, inner.height())
    cards = _spread(state, list(state.table.cards_in(hand(viewer))), area, "hand",
                    lambda c: c in keeping,
                    "Drag it onto the slot at the right to keep it for the next Age.")
    slot = QRectF(inner.right() - slot_w, inner.center().y() - CARD_H * 0.8 - 26, slot_w,
                  CARD_H * 1.6 + 52)
    return Mat("keep", rect, title, news, tip, (MatSlot(KEEP, slot, "Kept for the next Age"),),
               (), tuple(cards))


def _spread(state: YggdrasilState, refs: list[str], area: QRectF, key: str,
            carried: Callable[[str], bool], hint: str) -> list[MatCard]:
    """Cards laid out as large as `area` allows, in one row or two."""
    if not refs:
        return []
    gap = 10.0
    best = (0.0, 1)
    for rows in (1, 2):
        per_row = -(-len(refs) // rows)
        scale = min((area.width() + gap) / per_row / (CARD_W + gap) / 1.04,
                    (area.height() + gap) / rows / (CARD_H + gap) / 1.04, MAX_SCALE)
        if scale > best[0]:
            best = (scale, rows)
    scale, rows = best
    per_row = -(-len(refs) // rows)
    w, h = (CARD_W + gap) * scale, (CARD_H + gap) * scale
    out = []
    for n, ref in enumerate(refs):
        row, col = divmod(n, per_row)
        in_row = min(per_row, len(refs) - row * per_row)
        x = area.center().x() + (col - (in_row - 1) / 2) * w
        y = area.center().y() + (row - (rows - 1) / 2) * h
        carry = carried(ref)
        out.append(MatCard(f"{key}:{ref}", ref, looks.look(state, ref),
                           looks.tooltip(state, ref, hint if carry else ""),
                           QPointF(x, y), scale, carry))
    return out


def _fan(state: YggdrasilState, refs: list[str], tray: QRectF, key: str,
         badge: Callable[[str], str], waiting_hint: str) -> list[MatCard]:
    """Cards fanned down a tray (the hand beside the packet), each name in sight."""
    h = CARD_H * TRAY_SCALE
    room = tray.height() - 44 - h
    step = min(h + 6, room / max(1, len(refs) - 1)) if len(refs) > 1 else 0.0
    x = tray.center().x()
    y0 = tray.top() + 38 + h / 2  # under the tray's label (two lines)
    return [MatCard(f"{key}:{ref}", ref, looks.look(state, ref, badge(ref)),
                    looks.tooltip(state, ref, waiting_hint if badge(ref) else ""),
                    QPointF(x, y0 + n * step), TRAY_SCALE, False)
            for n, ref in enumerate(refs)]


# -- a battle -----------------------------------------------------------------------------------
def _battle_on_mat(state: YggdrasilState, top: object, legal: list[Action]) -> bool:
    """The battle's mat lies while its cards are laid and shown, unless the viewer must
    act on the board (a figure to call, save or bring in)."""
    if any(isinstance(a, Invade | Join | Choose | Go | MarchAlong) for a in legal):
        return False
    if isinstance(top, YggBattleCards | YggAfterReveal | YggProwess):
        return True
    return any(state.table.cards_in(shown(s)) for s in state.fighters)


def _battle(state: YggdrasilState, viewer: int | None, legal: list[Action],
            rect: QRectF) -> Mat:
    top = state.frames[-1] if state.frames else None
    province = place_name(state.fight)
    reward = looks.reward_words(state.tokens.get(state.fight, ""))
    title = f"Battle for {province} — {looks.seat_name(state.pillager)} pillages for {reward}"
    revealed = any(state.table.cards_in(shown(s)) for s in state.fighters)
    if isinstance(top, YggBattleCards):
        news = "Each clan lays one card face down; they turn up together. " + \
            _waiting_line(top.seats, top.order, "laid a card")
    elif isinstance(top, YggAfterReveal):
        news = "The cards are up: a card that may be added after the reveal may be added now " \
            f"({looks.seat_name(top.seats[0])} to answer)"
    elif state.winner >= 0:
        news = f"{looks.seat_name(state.winner)} wins the battle"
    else:
        news = "The cards are up" if revealed else ""
    tip = "The battle's cards: laid face down at once, revealed together; the highest total " \
        "(figures' STR and cards) wins, a tie for highest and everyone loses."
    layable = {a.card for a in legal if isinstance(a, Lay)}
    fighters = list(state.fighters)
    inner = rect.adjusted(MAT_PAD, MAT_PAD + TITLE_H, -MAT_PAD, -MAT_PAD)
    hand_cards = list(state.table.cards_in(hand(viewer))) if viewer in fighters else []
    hand_h = CARD_H * 1.3 + 40 if hand_cards else 0.0
    width = min(COLUMN_W, (inner.width() - 10 * (len(fighters) - 1)) / max(1, len(fighters)))
    left = inner.center().x() - (len(fighters) * (width + 10) - 10) / 2
    col_h = inner.height() - hand_h - (10 if hand_cards else 0)
    columns, slots, cards = [], [], []
    for n, seat in enumerate(fighters):
        box = QRectF(left + n * (width + 10), inner.top(), width, col_h)
        column, slot, laid_cards = _column(state, seat, box, viewer, revealed)
        columns.append(column)
        slots.append(slot)
        cards += laid_cards
    if hand_cards:
        tray = QRectF(inner.left(), inner.bottom() - hand_h, inner.width(), hand_h)
        label = "Your hand — drag a card onto your place in the battle" if layable else \
            "Your hand"
        slots.append(MatSlot("mat:battle-hand", tray, label))
        area = tray.adjusted(8, 20, -8, -4)
        cards += _spread(state, hand_cards, area, "hand", lambda c: c in layable,
                         "Drag it onto your place in the battle to lay it.")
    return Mat("battle", rect, title, news, tip, tuple(slots), tuple(columns), tuple(cards))


def _column(state: YggdrasilState, seat: int, box: QRectF, viewer: int | None,
            revealed: bool) -> tuple[Column, MatSlot, list[MatCard]]:
    places = board.battle_places(state, state.fight)
    kinds = Counter(state.figures[f].kind for f in board.figures_in(state, places)
                    if state.figures[f].owner == seat)
    strength = board.clan_str(state, seat, places)
    face_down = list(state.table.cards_in(laid(seat)))
    face_up = list(state.table.cards_in(shown(seat)))
    if face_up or revealed:
        cards_str = sum(board.card_str(state, seat, c) for c in face_up)
        line = f"figures {strength} + cards {cards_str}"
        total = f"total {board.battle_total(state, seat)}"
    else:
        line = f"figures {strength} + card ?"
        total = ""
    column = Column(seat, box, looks.clan_label(seat), looks.CLAN_COLOURS[seat],
                    tuple(sorted(kinds.items(), key=lambda kv: _kind_rank(kv[0]))), line, total,
                    state.winner == seat)
    slot_rect = QRectF(box.left() + 8, box.top() + 62, box.width() - 16, box.height() - 98)
    slot = MatSlot(battle_spot(seat), slot_rect, "your place" if seat == viewer else "")
    scale = min(BATTLE_SCALE, (slot_rect.width() - 10) / CARD_W,
                (slot_rect.height() - 26) / CARD_H)
    cards: list[MatCard] = []
    shown_refs = [*face_up, *face_down]
    spread = min(22.0, (slot_rect.width() - CARD_W * scale) / max(1, len(shown_refs) - 1))
    for n, ref in enumerate(shown_refs):
        centre = QPointF(slot_rect.center().x() + (n - (len(shown_refs) - 1) / 2) * spread,
                         slot_rect.center().y() + 8)
        cancelled = ref in state.cancelled
        look = looks.look(state, ref, "no effect" if cancelled else "")
        cards.append(MatCard(f"{battle_spot(seat)}#{n}", ref, look,
                             looks.tooltip(state, ref), centre, scale, False))
    return column, slot, cards


def _kind_rank(kind: str) -> int:
    return {"leader": 0, "warrior": 2, "ship": 3}.get(kind, 1)
