"""How Nordguard's cards read on the table: short lines on the card, the whole text in tips.

Cards are small on screen, so a card carries only what a player checks at a
glance (a challenge's dice and target, a gun's uses left); the card's full
rules text is in its tooltip. Everything is built from a view of the state and
the content files, never from hidden cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from app.board.cards import CardLook
from engine.core.modifiers import Modifier
from engine.core.zones import HIDDEN_PREFIX
from engine.games.nordguard.challenges import scout_key
from engine.games.nordguard.content import (
    Challenge,
    Character,
    EventCard,
    Item,
    Location,
    NordguardContent,
)
from engine.games.nordguard.state import SPENT, NordguardState

BLUE_BACK = "#1f62b8"  # Frontier and Destination: the rulebook's blue backs
LOCATION_BACK = "#5a4634"  # every other location: a plain back, clearly not blue
ITEM_BACK = "#4b5a3c"
EVENT_BACK = "#6b3232"
CHARACTER_COLOUR = "#2d4f6e"

TERRAIN_COLOURS = {
    "snow": "#5f84a8", "ice": "#2f8296", "climb": "#7a6048", "water": "#2b5f8c",
    "dark": "#3b3b52", "fog": "#6f7a84", "rock": "#6b5a45",
}
CHALLENGE_COLOURS = {"combat": "#8c2f2f", "blocked": "#3f3f3f", "days": "#9a7428"}
OPEN_COLOUR = "#4f7a45"  # no challenge at all
WAYPOINT_COLOUR = "#a07c22"

EFFECT_COLOURS = {  # by what an item's first modifier does (its `role`)
    "gun": "#8b2e2e", "combat": "#b0552a", "roll": "#3d7a4a",
    "scouts": "#2f5f8f", "surveys": "#2f5f8f", "days": "#a8842a", "days-lost": "#6a4c8c",
}
TOOL_COLOUR = "#6d5d4b"  # items whose only use is being named as a bypass


def kind(state: NordguardState, ref: str) -> str | None:
    """The content key of a visible card ('it-rope-2' -> 'rope'); None for a hidden one."""
    face = state.table.faces.get(ref)
    return None if face is None else face.partition(":")[2]


def family(state: NordguardState, ref: str) -> str | None:
    """'item', 'char', 'loc' or 'event' for a visible card."""
    face = state.table.faces.get(ref)
    return None if face is None else face.partition(":")[0]


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# -- challenges ---------------------------------------------------------------------------

def challenge_line(ch: Challenge) -> str:
    """A challenge as the card shows it: '2d6 ≥ 8 snow', 'Combat 11', 'Blocked', '+1 day'."""
    if ch.kind == "roll":
        dice = "d6" if ch.dice == 1 else f"{ch.dice}d6"
        return f"{dice} ≥ {ch.target} {ch.terrain}"
    if ch.kind == "combat":
        return f"Combat {ch.total}"
    if ch.kind == "blocked":
        return "Blocked"
    return f"+{plural(ch.days, 'day')}"


def challenge_parts(ch: Challenge) -> tuple[str, str]:
    """A challenge in big print and small: ('2d6 ≥ 8', 'on snow')."""
    if ch.kind == "roll":
        dice = "d6" if ch.dice == 1 else f"{ch.dice}d6"
        where = {"climb": "to climb", "dark": "in the dark", "fog": "in fog"}.get(
            ch.terrain, f"on {ch.terrain}")
        return f"{dice} ≥ {ch.target}", where
    if ch.kind == "combat":
        return f"Combat {ch.total}", "combat check"
    if ch.kind == "blocked":
        return "Blocked", "bypass only"
    return f"+{plural(ch.days, 'day')}", "off the countdown"


def challenge_colour(loc: Location) -> str:
    if loc.role != "location":
        return BLUE_BACK
    for ch in loc.challenge:
        if ch.kind in CHALLENGE_COLOURS:
            return CHALLENGE_COLOURS[ch.kind]
    for ch in loc.challenge:
        if ch.kind == "roll":
            return TERRAIN_COLOURS[ch.terrain]
    if loc.waypoint:
        return WAYPOINT_COLOUR
    return CHALLENGE_COLOURS["days"] if loc.challenge else OPEN_COLOUR


def item_names(c: NordguardContent, keys: list[str]) -> str:
    return ", ".join(c.items[k].name if k in c.items else k for k in keys)


@dataclass(frozen=True)
class Obstacle:
    """A permanent event lying on a location, as its strip on the card shows it."""

    ref: str
    name: str
    line: str
    scouted: str


@dataclass(frozen=True)
class LocationFace:
    """What a face-up location card shows; the scene paints it."""

    name: str
    colour: str
    blue: bool
    waypoint: bool
    lines: tuple[tuple[str, str], ...]  # the challenges: big print, small print
    notes: tuple[str, ...]  # bypass, events drawn: small print
    scouted: str  # dice rolled in advance by a scout, or ""
    obstacles: tuple[Obstacle, ...]


def _scouted(state: NordguardState, card: str, count: int) -> str:
    rolled = []
    for i in range(count):
        faces = state.scouted.get(scout_key(card, i))
        if faces is not None:
            rolled.append(str(faces[0]) if len(faces) == 1
                          else "+".join(str(f) for f in faces) + f" = {sum(faces)}")
    return "; ".join(rolled)


def location_face(c: NordguardContent, state: NordguardState, ref: str) -> LocationFace:
    loc = c.locations[kind(state, ref) or ""]
    notes = []
    if loc.bypass:
        notes.append("Bypass: " + item_names(c, loc.bypass))
    if loc.role == "frontier":
        notes.append("Restock here")
    elif loc.role == "destination":
        notes.append("End a day here to win")
    elif loc.events != 1:
        notes.append("No event" if loc.events == 0 else f"Draw {loc.events} events")
    obstacles = []
    for ev_ref in state.obstacles_on(ref):
        ev = c.events[kind(state, ev_ref) or ""]
        assert ev.obstacle is not None
        line = challenge_line(ev.obstacle.challenge)
        if ev.obstacle.bypass:
            line += " · " + "/".join(c.items[k].name for k in ev.obstacle.bypass)
        obstacles.append(Obstacle(ev_ref, ev.name, line, _scouted(state, ev_ref, 1)))
    lines = tuple(challenge_parts(ch) for ch in loc.challenge)
    if loc.role == "location" and not lines:
        lines = (("Open", "no challenge"),)
    return LocationFace(loc.name, challenge_colour(loc), loc.role != "location", loc.waypoint,
                        lines, tuple(notes), _scouted(state, ref, len(loc.challenge)),
                        tuple(obstacles))


def location_text(c: NordguardContent, state: NordguardState, ref: str) -> str:
    """A face-up location's full text, with what lies on it, for its tooltip."""
    loc = c.locations[kind(state, ref) or ""]
    out = [f"<b>{loc.name}</b>" + (" — Waypoint" if loc.waypoint else ""), loc.text]
    face = location_face(c, state, ref)
    if face.scouted:
        out.append(f"Scouted in advance: {face.scouted} (counts for the next attempt)")
    for ob in face.obstacles:
        ev = c.events[kind(state, ob.ref) or ""]
        out.append(f"Permanent event <b>{ob.name}</b>: {ev.text}"
                   + (f" (scouted: {ob.scouted})" if ob.scouted else ""))
    return "<br>".join(out)


# -- items, characters, events --------------------------------------------------------------

@cache
def bypass_items(c: NordguardContent) -> frozenset[str]:
    """Item kinds some location or permanent event names as a way past it."""
    keys = {k for loc in c.locations.values() for k in loc.bypass}
    keys |= {k for ev in c.events.values() if ev.obstacle for k in ev.obstacle.bypass}
    return frozenset(keys)


def role(m: Modifier) -> str:
    """What a modifier makes of an item, in one word: a gun, or the quantity it changes."""
    return "gun" if m.to == "combat" and m.dice is not None else m.to


def modifier_line(m: Modifier) -> str | None:
    """A modifier on an item card, in a few words (None: said by another line)."""
    match role(m):
        case "gun":
            return "Gun: 1 die a use" if m.dice == 1 else f"Gun: {m.dice} dice a use"
        case "combat":
            return f"+{m.add} in a fight" if m.timing != "while" else f"+{m.add} every fight"
        case "roll":
            return f"+{m.add} {'/'.join(m.when.get('terrain', ()))}"
        case "scouts":
            return "Scout N/E/S/W"
        case "days":
            return f"Use: +{plural(m.add or 0, 'day')}"
        case "days-lost":
            return "Stops " + "/".join(m.when.get("hazard", ("all",)))
        case "rerolls":
            return "Re-roll once a day"
        case "restock":
            return "Restock at " + "/".join(m.when.get("place", ("any place",)))
    return None


def effect_lines(item: Item, bypass: bool) -> list[str]:
    lines = [line for m in item.modifiers if (line := modifier_line(m)) is not None]
    if bypass:
        lines.append("Bypass item")
    if not item.stealable:
        lines.append("Can't be stolen")
    return lines


def item_colour(item: Item) -> str:
    for m in item.modifiers:
        return EFFECT_COLOURS.get(role(m), TOOL_COLOUR)
    return TOOL_COLOUR


def item_look(c: NordguardContent, state: NordguardState, ref: str, badge: str | None = None
              ) -> CardLook:
    """An item card: what it does in two short lines, uses left in the corner badge."""
    item = c.items[kind(state, ref) or ""]
    return kind_look(c, item, uses_badge(item, state.uses.get(ref)) if badge is None else badge)


def kind_look(c: NordguardContent, item: Item, badge: str) -> CardLook:
    """An item of this kind, whichever copy (the pool, the Item deck row)."""
    lines = effect_lines(item, item.key in bypass_items(c))
    return CardLook(item.name, body=tuple(lines), face_colour=item_colour(item), badge=badge,
                    body_scale=1.3)


def uses_badge(item: Item, left: int | None) -> str:
    if not item.limited:
        return ""
    if left is None:
        return plural(int(item.uses), "use")
    return f"{left} left"


def item_tip(c: NordguardContent, state: NordguardState, ref: str) -> str:
    item = c.items[kind(state, ref) or ""]
    if item.limited:
        left = state.uses.get(ref)
        uses = (f"{left} of {item.uses} printed uses left" if left is not None
                else f"{item.uses} uses")
        if ref in state.worn:
            uses += " (used: it changes hands with one use left)"
    else:
        uses = "no use limit"
    places = gets_past(c, item.key)
    named = f"<br>Gets the team past: {', '.join(places)}" if places else ""
    return f"<b>{item.name}</b> — {uses}<br>{item.text}{named}"


@cache
def gets_past(c: NordguardContent, key: str) -> tuple[str, ...]:
    """The locations and permanent events an item kind is named a bypass of (asked for
    every item's tooltip on every redraw)."""
    places = [loc.name for loc in c.locations.values() if key in loc.bypass]
    places += [ev.name for ev in c.events.values()
               if ev.obstacle is not None and key in ev.obstacle.bypass]
    return tuple(places)


def character_line(ch: Character) -> str:
    """The Character's modifiers in a few words, for the panel's note."""
    return "; ".join(ability_line(m) for m in ch.modifiers)


def ability_line(m: Modifier) -> str:
    match m.to:
        case "scouts":
            return "scouts any location once a day (click it on the map)"
        case "uses":
            return f"accuracy: every gun carried has {m.add} extra uses"
        case "roll":
            return f"+{m.add} to rolls on {' and '.join(m.when.get('terrain', ()))}"
        case "combat":
            return f"+{m.add} to every combat total"
        case "theft":
            return "nothing carried can be stolen"
        case "days-lost":
            return f"{' and '.join(m.when.get('hazard', ('all',)))} events cost no days"
        case "rerolls":
            return "re-rolls a failed challenge roll once a day"
        case "restock":
            return "the team may restock at any Waypoint"
    return m.describe()


def character_look(c: NordguardContent, state: NordguardState, ref: str) -> CardLook:
    ch = c.characters[kind(state, ref) or ""]
    body = [plural(ch.slots, "slot")]
    if ch.start:
        body.append("Starts: " + item_names(c, ch.start))
    return CardLook(ch.name, body=tuple(body), face_colour=CHARACTER_COLOUR, body_scale=1.2)


def character_tip(c: NordguardContent, state: NordguardState, ref: str) -> str:
    ch = c.characters[kind(state, ref) or ""]
    start = f"<br>Must carry out of Frontier: {item_names(c, ch.start)}" if ch.start else ""
    return f"<b>{ch.name}</b> — {plural(ch.slots, 'item slot')}<br>{ch.text}{start}"


def event_colour(ev: EventCard) -> str:
    if ev.obstacle is not None:
        return "#5a3d6b"
    if any(e.kind in ("combat", "steal", "retreat") for e in ev.effects):
        return "#8c2f2f"
    if any(e.kind == "days" and e.amount < 0 for e in ev.effects):
        return "#7a5a2a"
    return "#35606b"


def event_look(c: NordguardContent, state: NordguardState, ref: str) -> CardLook:
    ev = c.events[kind(state, ref) or ""]
    return CardLook(ev.name, body=(ev.text,), face_colour=event_colour(ev))


def look(c: NordguardContent, state: NordguardState, ref: str | None) -> CardLook:
    """Any card of the match as it lies: its face when face up, else its back.

    Face down means the back even to an all-seeing view (the match is over): the
    decks stay decks on the table.
    """
    if ref is None or ref not in state.table.face_up:
        if ref is None:
            zone = ""
        elif ref.startswith(HIDDEN_PREFIX):
            zone = ref[1:].rpartition("#")[0]
        else:
            zone = state.table.where.get(ref, "") or (family(state, ref) or "")
        return back(zone)
    match family(state, ref):
        case "item":
            spent = state.table.where.get(ref) == SPENT
            return item_look(c, state, ref, badge="used up" if spent else None)
        case "char":
            return character_look(c, state, ref)
        case "event":
            return event_look(c, state, ref)
        case _:
            face = location_face(c, state, ref)
            body = tuple(" ".join(line) for line in face.lines) + face.notes
            return CardLook(face.name, body=body, face_colour=face.colour)


def back(zone: str) -> CardLook:
    if zone.startswith("event"):
        return CardLook(None, back_colour=EVENT_BACK, back_label="Event")
    if zone.startswith("item"):
        return CardLook(None, back_colour=ITEM_BACK, back_label="Item")
    return CardLook(None, back_colour=LOCATION_BACK, back_label="Location")


def name_of(c: NordguardContent, state: NordguardState, ref: str | None) -> str:
    if ref is None:
        return ""
    face = state.table.faces.get(ref)
    if face is None or ref not in state.table.face_up:
        return "face down"
    return c.name_of(face)


def tooltip(c: NordguardContent, state: NordguardState, ref: str) -> str:
    if ref not in state.table.face_up:
        return "A face-down card"
    match family(state, ref):
        case "item":
            return item_tip(c, state, ref)
        case "char":
            return character_tip(c, state, ref)
        case "event":
            ev = c.events[kind(state, ref) or ""]
            return f"<b>{ev.name}</b><br>{ev.text}"
        case "loc":
            return location_text(c, state, ref)
        case _:
            return "A face-down card"
