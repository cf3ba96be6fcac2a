"""The sandbox table's state: the shared Table and nothing else.

A free table has no rules of its own, so the base GameState carries all of
it; this module builds the zones a card table needs.
"""

from __future__ import annotations

from engine.core.game import GameState
from engine.core.rng import Rng
from engine.core.zones import Layout, Table, Visibility, Zone
from engine.games.sandbox.content import SandboxContent

DECK, DISCARD, BOARD = "deck", "discard", "board"
TOKEN_SPACING = 50


def hand(player: int) -> str:
    return f"hand:{player}"


def new_table(content: SandboxContent, players: int, rng: Rng) -> GameState:
    """Shuffled deck, empty discard, tokens in a row at the board's top, empty hands."""
    faces: dict[str, str] = {}
    deck: list[str] = []
    for n, face in enumerate(content.card_faces(), start=1):
        card = f"c{n:02d}"
        faces[card] = face
        deck.append(card)
    tokens: list[str] = []
    for token in content.tokens:
        for i in range(1, token.count + 1):
            tid = f"t-{token.key}-{i}"
            faces[tid] = "token:" + token.key
            tokens.append(tid)
    rng.shuffle(deck)
    table = Table(faces)
    table.add_zone(Zone(DECK, "Deck", Visibility.HIDDEN, Layout.STACK, None, deck))
    table.add_zone(Zone(DISCARD, "Discard", Visibility.PUBLIC, Layout.STACK))
    table.add_zone(Zone(BOARD, "Table", Visibility.PUBLIC, Layout.FREE, None, tokens))
    for i, tid in enumerate(tokens):
        table.pos[tid] = (TOKEN_SPACING * i, -120)
        table.face_up.add(tid)
    for p in range(players):
        table.add_zone(Zone(hand(p), f"Player {p + 1}'s hand", Visibility.OWNER,
                            Layout.SPREAD, p))
    return GameState(players, table, rng)
