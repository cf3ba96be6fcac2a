"""How Wintergrim's cards look and read in the docks, the piles list and tooltips.

Everything here reads a view of the state: a card the viewer may not see is
a place such as ``?hand:1#3`` with no face, drawn as its player's back and
named "a face-down card". A unit's values are shown as they stand now (the
weather and what is attached to it counted), so what the table says is what
the dice will roll.
"""

from __future__ import annotations

from functools import cache
from html import escape

from PySide6.QtGui import QColor

from app.board.cards import CardLook
from engine.core.zones import HIDDEN_PREFIX
from engine.games.wintergrim import world
from engine.games.wintergrim.content import Card, WintergrimModifier
from engine.games.wintergrim.state import WintergrimState

REALM_COLOURS = {"vanheim": "#2f6b45", "asheim": "#2f5482", "godheim": "#8a6d1f",
                 "helheim": "#5e3a7a"}
SPARE_COLOURS = ("#8a3b2f", "#3c6f73", "#6b5a3a", "#4a4f8c")
"""For a seat whose realm another seat already shows: two Vanheim decks must not look
alike."""
SEAT_SYMBOLS = ("●", "■", "▲", "◆")
"""Each seat's mark beside its colour, so no one tells the sides apart by colour alone."""
STATS = (("cc", "CC"), ("rc", "RC"), ("a", "A"), ("h", "H"), ("p", "P"), ("l", "L"))
OPEN = {"outside", "object", "ship"}  # where weather reaches (Card types: objects, ships)
KIND_WORDS = {"cc": "Close Combat", "rc": "Ranged Combat", "p": "Psyche"}


def seat_colour(state: WintergrimState, seat: int) -> QColor:
    """The seat's realm colour (another colour when an earlier seat shows that realm)."""
    realms = state.realms
    realm = realms[seat] if seat < len(realms) else ""
    if realm in REALM_COLOURS and realm not in realms[:seat]:
        return QColor(REALM_COLOURS[realm])
    return QColor(SPARE_COLOURS[seat % len(SPARE_COLOURS)])


def seat_name(state: WintergrimState, seat: int) -> str:
    return f"Player {seat + 1}"


def seat_label(state: WintergrimState, seat: int) -> str:
    """'● Player 1': the seat's mark and name."""
    return f"{SEAT_SYMBOLS[seat % len(SEAT_SYMBOLS)]} Player {seat + 1}"


def deck_name(state: WintergrimState, seat: int) -> str:
    return state.deck_names[seat] if seat < len(state.deck_names) else ""


def card(state: WintergrimState, ref: str) -> Card | None:
    """The printed card `ref` shows the viewer, or None for a face-down card."""
    face = state.table.faces.get(ref)
    if face is None or ref.startswith(HIDDEN_PREFIX):
        return None
    return world.content().cards.get(face)


def name(state: WintergrimState, ref: str) -> str:
    printed = card(state, ref)
    return printed.name if printed is not None else "a face-down card"


def owner_of(ref: str) -> int:
    """Card ids are ``w<seat><n>``: whose deck the card came from."""
    return int(ref[1]) if len(ref) > 1 and ref[1].isdigit() else 0


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


# -- what a card says ---------------------------------------------------------------------
def value_line(printed: Card) -> str:
    """The values bar as printed, the zeros left out: 'CC1 A1 H2 P2 L1'."""
    return " ".join(f"{word}{printed.stat(stat)}" for stat, word in STATS
                    if printed.stat(stat))


def supply_line(printed: Card) -> str:
    """Food and room: 'F−1 R−1' for a unit, 'F+4 R2' for a structure."""
    parts = []
    if printed.food:
        parts.append(f"F{signed(printed.food)}")
    if printed.room:
        parts.append(f"R{signed(printed.room) if printed.kind == 'unit' else printed.room}")
    return " ".join(parts)


def weapon_line(printed: Card) -> str:
    weapon = printed.weapon
    if weapon is None:
        return ""
    if weapon.kind == "p":
        return f"{weapon.name} (Psyche)"
    return f"{weapon.name} ({weapon.kind.upper()}, {weapon.damage} dmg)"


def skills_line(printed: Card) -> str:
    return ", ".join(skill.replace("-", " ").capitalize() for skill in printed.skills)


def kind_word(printed: Card) -> str:
    """The type line without the realm: 'Unit – Worker/Leader', 'Tactic – Trap'."""
    return printed.type_line.split(" ", 1)[1]


EFFECTS = {
    "net": "Nets an enemy unit that moved into your area",
    "mend": "Removes damage from your unit or structure",
    "calm": "Ends the weather",
    "bribe": "A local enemy unit may leave its player",
    "counter": "Cancels a tactic played with it",
    "passage": "A path: an area leading to enemy areas",
}
"""A tactic in a few words (the tooltip has the card's whole text)."""


def summary(printed: Card) -> list[str]:
    """What a tactic or weather card does, short enough for a card in the hand."""
    if printed.kind == "weather":
        lines = [modifier_words(m) for m in printed.modifiers]
        keep = printed.power("keep-roll")
        if keep is not None:
            lines.append(f"Kept by a {keep.dice}-dice roll")  # type: ignore[union-attr]
        return lines
    for power in printed.powers:
        if power.kind == "strike":
            return [f"Roll {power.dice} dice: each 4+ hurts an enemy unit"]  # type: ignore[union-attr]
        if power.kind == "draw":
            return [f"Draw {power.amount} cards"]  # type: ignore[union-attr]
        if power.kind == "attach":
            changes = ", ".join(modifier_words(m) for m in printed.modifiers)
            whose = "your" if power.own else "an enemy"  # type: ignore[union-attr]
            return [f"Stays on {whose} unit: {changes}" if changes else f"Stays on {whose} unit"]
        if power.kind in EFFECTS:
            return [EFFECTS[power.kind]]
    return [printed.text]


def modifier_words(modifier: WintergrimModifier) -> str:
    """'P−1 (no Asheim card)', 'RC−1 outside': a modifier in the values bar's letters."""
    if modifier.to == "psyche-roll":
        what = "P roll to act"
    elif modifier.add is not None:
        what = f"{modifier.to.upper()}{signed(modifier.add)}"
    else:
        what = modifier.to.upper()
    when = modifier.when
    if "lacks-realm" in when:
        what += f" (no {'/'.join(r.capitalize() for r in when['lacks-realm'])} card)"
    if "standing" in when:
        standing = when["standing"]
        what += " in the open" if set(standing) == OPEN else " " + "/".join(
            "outside" if w == "outside" else f"in a {w}" for w in standing)
    return what


def hand_look(printed: Card, colour: QColor) -> CardLook:
    """A card in the hand: what it is, what it costs, what it does in a few lines."""
    body: list[str] = [kind_word(printed)]
    if printed.kind == "unit":
        body += [value_line(printed), supply_line(printed)]
        if printed.weapon is not None:
            body.append(weapon_line(printed))
        if printed.skills:
            body.append(skills_line(printed))
    elif printed.kind == "structure":
        body += [value_line(printed), supply_line(printed)]
    else:
        body += summary(printed)
    return CardLook(printed.name, body=tuple(line for line in body if line),
                    face_colour=colour.name(), badge=f"cost {printed.cost}")


def look(state: WintergrimState, ref: str) -> CardLook:
    """A card as the viewer of `state` sees it: its face, or its player's back."""
    printed = card(state, ref)
    seat = _seat_of(state, ref)
    colour = seat_colour(state, seat)
    if printed is None:
        return CardLook(None, back_colour=colour.darker(150).name(),
                        back_label=SEAT_SYMBOLS[seat % len(SEAT_SYMBOLS)])
    return hand_look(printed, colour)


def _seat_of(state: WintergrimState, ref: str) -> int:
    if ref.startswith(HIDDEN_PREFIX):
        zone = state.table.zones.get(state.table.where.get(ref, ""))
        return zone.owner if zone is not None and zone.owner is not None else 0
    return owner_of(ref)


def card_html(state: WintergrimState, printed: Card) -> str:
    """Every printed field of a card, for a tooltip."""
    lines = [f"<b>{escape(printed.name)}</b> — {escape(printed.type_line)}",
             f"Cost {printed.cost}" + (
                 f" · Req: {escape(', '.join(r.describe(_names()) for r in printed.req))}"
                 if printed.req else "")]
    values = " ".join(x for x in (value_line(printed), supply_line(printed)) if x)
    if values:
        lines.append(values)
    if printed.weapon is not None:
        lines.append(f"Weapon: {escape(weapon_line(printed))}")
    if printed.skills:
        lines.append(f"Skills: {escape(skills_line(printed))}")
    if printed.text:
        lines.append(f"<i>{escape(printed.text)}</i>")
    return "<br>".join(lines)


@cache
def _names() -> dict[str, str]:
    return {key: c.name for key, c in world.content().cards.items()}


def tooltip(state: WintergrimState, ref: str) -> str:
    printed = card(state, ref)
    if printed is None:
        return "A face-down card."
    hint = {"unit": "Drag it onto one of your structures to pay and place it.",
            "structure": "Drag it onto an area to pay and build it there.",
            "weather": "Drag it onto the table to pay and place it over every area.",
            "tactic": "Drag it onto its target (or onto the table) to play it, at any "
                      "time but while dice roll."}[printed.kind]
    return f"{card_html(state, printed)}<br><i>{hint}</i>"


def card_text(state: WintergrimState, ref: str | None) -> str:
    """The piles list's 'top' column: the card's name, or 'face down'."""
    if ref is None:
        return ""
    printed = card(state, ref)
    return printed.name if printed is not None else "face down"


# -- a card in play, as it stands now ----------------------------------------------------
def now_line(state: WintergrimState, ident: str) -> str:
    """A unit's combat values now, raised or lowered by weather and attachments: its
    weapon's kind first, then Armour (when it has any) and Health, with what is left of it
    once damaged ('CC2 A1 H1/2')."""
    printed = world.card_of(state, ident)
    parts = []
    for stat in ("cc", "rc"):  # printed, or the weapon's: a value lowered to 0 still shows
        value = world.value(state, ident, stat)
        if printed.stat(stat) or (printed.weapon is not None and printed.weapon.kind == stat):
            parts.append(f"{stat.upper()}{value}")
    if printed.weapon is not None and printed.weapon.kind == "p":
        parts.append(f"P{world.value(state, ident, 'p')}")
    armour = world.value(state, ident, "a")
    if armour or printed.a:
        parts.append(f"A{armour}")
    health, left = world.value(state, ident, "h"), health_left(state, ident)
    parts.append(f"H{left}/{health}" if left != health else f"H{health}")
    return " ".join(parts)


def health_left(state: WintergrimState, ident: str) -> int:
    return max(0, world.value(state, ident, "h") - state.pieces[ident].counter("damage"))


def changed_values(state: WintergrimState, ident: str) -> list[str]:
    """The values the weather or attached cards change now: 'CC 2→1'."""
    printed = world.card_of(state, ident)
    out = []
    for stat, word in STATS:
        now = world.value(state, ident, stat)
        if now != printed.stat(stat):
            out.append(f"{word} {printed.stat(stat)}→{now}")
    return out


def piece_tip(state: WintergrimState, ident: str, hint: str = "") -> str:
    """A card in play: its print, then what has happened to it."""
    printed = world.card_of(state, ident)
    entity = state.pieces[ident]
    seat = entity.owner if entity.owner is not None else 0
    lines = [card_html(state, printed),
             f"{escape(seat_label(state, seat))} · {escape(deck_name(state, seat))}"]
    damage = entity.counter("damage")
    if damage:
        lines.append(f"<b>{damage} damage</b> (Health {health_left(state, ident)} of "
                     f"{world.value(state, ident, 'h')} left; Health damage is permanent)")
    changed = changed_values(state, ident)
    if changed:
        lines.append("Now: " + ", ".join(changed))
    if printed.kind == "unit":
        where = (f"inside {escape(world.name(state, entity.inside))}" if entity.inside
                 else "outside")
        lines.append(f"Stands {where} in {escape(world.name(state, entity.at))}")
        lines += [f"<i>{escape(word)}</i>" for word in status_words(state, ident)]
    if printed.kind == "structure":
        lines.append(f"Room left: {world.room_left(state, ident)} of {printed.room}")
    for attached in entity.attached:
        lines.append(f"Carries {escape(name(state, attached))}")
    if hint:
        lines.append(f"<i>{escape(hint)}</i>")
    return "<br>".join(lines)


def status_words(state: WintergrimState, ident: str) -> list[str]:
    """This turn's marks on a unit, in words."""
    entity = state.pieces[ident]
    out = []
    if "moved" in entity.tokens:
        out.append("has moved this turn")
    if "attacked" in entity.tokens:
        out.append("has attacked this turn")
    if entity.counter("netted"):
        out.append("held by a Net: no moving or attacking")
    return out
