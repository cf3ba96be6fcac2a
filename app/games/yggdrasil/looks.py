"""How Yggdrasil's clans, cards and places look and read on the table, in the docks and in
tooltips.

Everything here reads a view of the state: a card the viewer may not see is a place such
as ``?hand:1#3`` with no face, drawn as a back and named "a face-down card". A clan is
told apart by its colour and by its mark (the shape of its figures' bases), never by
colour alone.
"""

from __future__ import annotations

from html import escape

from PySide6.QtGui import QColor

from app.board.cards import CardLook
from engine.core.zones import HIDDEN_PREFIX
from engine.games.yggdrasil import board
from engine.games.yggdrasil.content import Card, InValhalla, MostInProvince, MostInRegion
from engine.games.yggdrasil.doing import place_name
from engine.games.yggdrasil.state import STATS, YggdrasilState

CLAN_COLOURS = ("#c0501a", "#1f5fa0", "#157a55", "#8a4f9e")
"""Vermilion, blue, green and purple: apart for most eyes, and each clan also has its mark."""
CLAN_MARKS = ("●", "■", "⬢", "◆")
"""Each clan's mark: its figures stand on a base of this shape."""
STAT_COLOURS = {"rage": "#b3261e", "axes": "#44617b", "horns": "#7a5a1e"}
STAT_NAMES = {"rage": "Rage", "axes": "Axes", "horns": "Horns"}
KIND_COLOURS = {"battle": "#9c3325", "troop": "#35648c", "monster": "#5d3f80",
                "clan": "#2f6b45", "quest": "#9a7416"}
REWARD_WORDS = {"rage": "a step of Rage", "axes": "a step of Axes", "horns": "a step of Horns",
                "all-stats": "a step of each stat", "glory": "Glory"}
AGE_NUMERALS = ("I", "II", "III")


def clan_colour(seat: int) -> QColor:
    return QColor(CLAN_COLOURS[seat % len(CLAN_COLOURS)])


def clan_label(seat: int) -> str:
    """'● Player 1': the clan's mark and its player."""
    return f"{CLAN_MARKS[seat % len(CLAN_MARKS)]} Player {seat + 1}"


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


# -- cards ---------------------------------------------------------------------------------
def card(state: YggdrasilState, ref: str) -> Card | None:
    """The printed card `ref` shows the viewer, or None for a face-down card."""
    face = state.table.faces.get(ref)
    if face is None or ref.startswith(HIDDEN_PREFIX):
        return None
    return board.content().cards.get(face)


def name(state: YggdrasilState, ref: str) -> str:
    printed = card(state, ref)
    return printed.name if printed is not None else "a face-down card"


def kind_line(printed: Card) -> str:
    """What a card is and what it costs, in a line: 'Battle card · +3 STR'."""
    if printed.kind == "battle":
        return "Battle card"  # its text begins with what it adds
    if printed.kind == "quest":
        return f"Quest · {printed.glory or 0} Glory"
    if printed.kind == "monster":
        return f"Monster · STR {printed.str or 0} · {printed.cost or 0} Rage"
    if printed.kind == "troop":
        return f"{(printed.troop or '').capitalize()} upgrade · {printed.cost or 0} Rage"
    return f"Clan upgrade · {printed.cost or 0} Rage"


def face_look(printed: Card, badge: str = "") -> CardLook:
    """A card face up: its kind's colour, what it is, and its text."""
    return CardLook(printed.name, body=(kind_line(printed), printed.text),
                    face_colour=KIND_COLOURS[printed.kind], badge=badge)


def back_look() -> CardLook:
    """A card's back, the same for every Age: a card kept from the last Age lies among
    this Age's, and its back must not tell which it is."""
    return CardLook(None, back_colour="#3b3246")


def look(state: YggdrasilState, ref: str, badge: str = "") -> CardLook:
    """A card as the viewer of `state` sees it: its face, or its back."""
    printed = card(state, ref)
    return back_look() if printed is None else face_look(printed, badge)


def card_html(printed: Card) -> str:
    """Every printed field of a card, for a tooltip."""
    lines = [f"<b>{escape(printed.name)}</b> — Age {AGE_NUMERALS[printed.age - 1]}",
             escape(kind_line(printed))]
    if printed.kind == "quest" and printed.goal is not None:
        lines.append(f"Goal: {escape(goal_words(printed))}")
    lines.append(f"<i>{escape(printed.text)}</i>")
    return "<br>".join(lines)


def goal_words(printed: Card) -> str:
    goal = printed.goal
    if isinstance(goal, InValhalla):
        return f"{goal.figures} of your figures in Valhalla"
    if isinstance(goal, MostInProvince):
        return f"the most STR in {place_name(goal.province)}"
    if isinstance(goal, MostInRegion):
        region = next(r.name for r in board.content().board.regions if r.key == goal.region)
        return f"the most STR in a surviving province of {region}"
    return ""


def tooltip(state: YggdrasilState, ref: str, hint: str = "") -> str:
    printed = card(state, ref)
    if printed is None:
        return "A face-down card: only its owner sees it."
    return card_html(printed) + (f"<br><i>{escape(hint)}</i>" if hint else "")


USES = {"battle": "Lay it face down in a battle you fight.",
        "troop": "Drag it onto your clan sheet to upgrade (it costs Rage).",
        "monster": "Drag it onto your clan sheet: the monster joins your reserve.",
        "clan": "Drag it onto your clan sheet to upgrade (it costs Rage).",
        "quest": "Drag it onto your quest slot to commit it, hidden from the others."}
"""What a card in the hand is for, said in its tooltip."""


# -- figures -------------------------------------------------------------------------------
def figure_name(kind: str) -> str:
    """'Warrior', 'Troll': a figure's kind as the table says it."""
    if kind in ("leader", "warrior", "ship"):
        return kind.capitalize()
    monster = board.monster(kind)
    return monster.name if monster is not None else kind


def figure_initials(kind: str) -> str:
    """A monster's mark on its piece: its name's initials ('Tr', 'SS')."""
    words = figure_name(kind).replace("'", "").split()
    return words[0][:2].title() if len(words) == 1 else "".join(w[0] for w in words[:2]).upper()


def figure_html(state: YggdrasilState, figure: str, hint: str = "") -> str:
    """A figure on the board or in a tray: whose, what, its STR where it stands."""
    entity = state.figures[figure]
    seat = entity.owner or 0
    kind = entity.kind
    at = entity.at
    lines = [f"<b>{escape(figure_name(kind))}</b> of {escape(clan_label(seat))}"]
    where = at if at not in ("reserve", "valhalla") else ""
    lines.append(f"STR {board.base_str(state, seat, kind, where)}"
                 + (f" · invades for {board.invade_cost(state, seat, kind)} Rage"
                    if not where else ""))
    monster = board.monster(kind)
    if monster is not None:
        lines.append(f"<i>{escape(monster.text)}</i>")
    if board.is_ship(kind):
        lines.append("A ship: it invades fjords only, never marches, and fights for both "
                     "provinces of its fjord.")
    if where:
        lines.append(f"In {escape(place_name(where))}")
    if hint:
        lines.append(f"<i>{escape(hint)}</i>")
    return "<br>".join(lines)


def stat_line(state: YggdrasilState, seat: int) -> str:
    """'Rage 6 · Axes 3 · Horns 4': a clan's stats at their steps."""
    return " · ".join(f"{STAT_NAMES[s]} {board.stat(state, s, seat)}" for s in STATS)


def reward_words(kind: str) -> str:
    if kind == "glory":
        token = next(t for t in board.content().board.pillage_tokens if t.reward == "glory")
        return f"{token.glory} Glory"
    return REWARD_WORDS.get(kind, kind)
