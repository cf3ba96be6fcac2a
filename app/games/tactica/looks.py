"""How TACTICA's cards look and are named in the docks, the piles list and tooltips.

Everything here reads a view of the state, so a hidden card (a place like
``?barracks:1#3``) is drawn as its side's back and named "face down".
The card summaries are short reminders in our own words, not rulebook text.
"""

from __future__ import annotations

from app.board import cards as card_art
from app.board.cards import CardLook
from app.games.tactica.art import (
    CARD_BANDS,
    SIDE_COLOURS,
    SIDE_SYMBOLS,
    paint_ravine,
    paint_ridge,
    paint_wall,
)
from engine.core.zones import HIDDEN_PREFIX
from engine.games.tactica.board import CONTENT, MELEE, TROOPS
from engine.games.tactica.events import label as engine_label
from engine.games.tactica.state import SIDE_NAMES, TacticaState, owner_of

card_art.ART.setdefault("ridge", paint_ridge)
card_art.ART.setdefault("ravine", paint_ravine)
card_art.ART.setdefault("wall-0", lambda p, r: paint_wall(p, r, 0))
card_art.ART.setdefault("wall-1", lambda p, r: paint_wall(p, r, 1))

TRAINING_COLOUR = "#3f7f3a"
LANDMARK_SEP = "@"
"""A landmark offered in the dock is ``card@ridge`` or ``card@ravine``: the side to place."""

TACTIC_NOTES: dict[str, tuple[str, ...]] = {
    "crown": ("Takes the place of your Champion or Foot",
              "OFF 3 DEF 2; +1 OFF to friends next to it"),
    "disengage": ("MOVEMENT: a locked troop may move", "COMBAT: attacked troop +1 DEF, falls back"),
    "engineer": ("MOVEMENT: no wall or landmark costs", "COMBAT: remove a wall or landmark"),
    "horse": ("MOVEMENT: a group moves 2 together", "COMBAT: a melee troop +1 OFF"),
    "negate": ("Cancels the tactics card just played", "Counter-card"),
    "press": ("MUSTER: train straight to 2x", "MOVEMENT: climb an enemy wall",
              "COMBAT: +1 OFF next to the enemy"),
    "rescue": ("Free one of your hostages", "from next to an enemy wall"),
    "saved": ("MOVEMENT: swap two melee troops", "COMBAT: +1 DEF per melee defender"),
    "shieldwall": ("MOVEMENT: Foot and friends switch places", "COMBAT: Foot side by side +2 DEF"),
    "spy": ("MUSTER: see the enemy barracks", "MOVEMENT: stack your piles",
            "COMBAT: enemy returns a card"),
}


def side_name(p: int) -> str:
    return SIDE_NAMES[p]


def side_label(p: int) -> str:
    """A side by emblem and name, '☀ SUN': never its colour alone, never split by a wrap."""
    return f"{SIDE_SYMBOLS[p]}\u00a0{SIDE_NAMES[p]}"


def seat_name(p: int) -> str:
    return f"Player {p + 1} ({SIDE_NAMES[p]} {SIDE_SYMBOLS[p]})"


def hidden_owner(state: TacticaState, ref: str) -> int | None:
    """Whose back a hidden card shows: the owner of the zone it lies in."""
    zone = state.table.zones.get(state.table.where.get(ref, ""))
    return None if zone is None else zone.owner


def name(state: TacticaState, ref: str) -> str:
    """'SUN Foot 3', 'Training 07', or 'a face-down card' for what the viewer cannot see."""
    if ref.startswith(HIDDEN_PREFIX) or ref not in state.table.faces:
        return "a face-down card"
    return engine_label(ref)


def _back(owner: int | None) -> CardLook:
    if owner is None:
        return CardLook(None)
    return CardLook(None, back_colour=SIDE_COLOURS[owner].darker(160).name(),
                    back_label=f"{SIDE_SYMBOLS[owner]} {SIDE_NAMES[owner]}")


def troop_lines(face: str) -> tuple[str, ...]:
    t = TROOPS[face]
    kind = "melee" if face in MELEE else "ranged"
    return (f"OFF {t.off}  DEF {t.def_}", f"RNG {t.rng}  MOV {t.mov}", kind)


def landmark_look(side: str, owner: int | None) -> CardLook:
    symbol = SIDE_SYMBOLS[owner] if owner is not None else ""
    if side == "ridge":
        body: tuple[str, ...] = ("High ground", "around it;", "cover behind it")
    else:
        body = ("Low ground", "around it:", "ranged -1 RNG")
    return CardLook(side.upper(), symbol, body=body, face_colour="#6b4f2e" if side == "ridge"
                    else "#3d5366", art=side)


def look(state: TacticaState, ref: str) -> CardLook:
    """The card as the viewer of `state` sees it (a back for anything hidden)."""
    if LANDMARK_SEP in ref:
        card, side = ref.split(LANDMARK_SEP, 1)
        return landmark_look(side, owner_of(card))
    face = state.table.faces.get(ref)
    if face is None or ref.startswith(HIDDEN_PREFIX):
        return _back(hidden_owner(state, ref))
    owner = owner_of(ref)
    symbol = SIDE_SYMBOLS[owner] if owner is not None else "★"
    colour = CARD_BANDS[owner] if owner is not None else TRAINING_COLOUR
    if face in TROOPS and face != "crown":  # the CROWN is a tactics card until played
        return CardLook(CONTENT.name(face), symbol, body=troop_lines(face), face_colour=colour)
    if face in TACTIC_NOTES:
        return CardLook(CONTENT.name(face), symbol, body=TACTIC_NOTES[face],
                        face_colour=SIDE_COLOURS[owner or 0].darker(135).name())
    if face == "wall":
        return CardLook("Wall", symbol, body=("Falls only to ENGINEER",), face_colour=colour,
                        art=f"wall-{owner}")
    if face == "landmark":
        return landmark_look(state.landmark_side.get(ref, "ridge"), owner)
    return CardLook("Training", "★", body=("Drag onto a troop", "by your walls: 1x, then 2x"),
                    face_colour=TRAINING_COLOUR)


def tooltip(state: TacticaState, ref: str) -> str:
    if LANDMARK_SEP in ref:
        side = ref.split(LANDMARK_SEP, 1)[1].upper()
        return (f"Landmark, {side} side up. Drag it onto a glowing hex on your half of the "
                "field to place it this way up.")
    face = state.table.faces.get(ref)
    if face is None or ref.startswith(HIDDEN_PREFIX):
        return "A face-down card."
    text = name(state, ref)
    if face in TROOPS and face != "crown":
        return (f"{text}: {', '.join(troop_lines(face))}. Drag it to a glowing hex by your "
                "walls to muster it.")
    if face in TACTIC_NOTES:
        return f"{text}: {'; '.join(TACTIC_NOTES[face])}. Drag it onto its target to play it."
    if face == "training":
        return ("Training card: drag it onto one of your troops on or next to your walls "
                "(MUSTER) to train it 1x, or a 1x troop to 2x.")
    return text


def card_text(state: TacticaState, ref: str | None) -> str:
    """The piles list's 'top' column: the card's name, or 'face down'."""
    if ref is None:
        return ""
    if ref.startswith(HIDDEN_PREFIX) or ref not in state.table.faces:
        return "face down"
    face = state.table.faces[ref]
    if face == "landmark" and ref in state.landmark_side:
        return f"{name(state, ref)} ({state.landmark_side[ref].upper()})"
    return name(state, ref)
