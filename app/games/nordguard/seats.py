"""Each seat's colour and symbol, so a player finds their Character at a glance.

The colours are Okabe and Ito's colour-blind-safe palette, the one the match
summary draws its lines in, and each comes with its own symbol and the seat's
label: no seat is ever told apart by colour alone.
"""

from __future__ import annotations

from app.dialogs.summary import LINE_COLOURS

# The summary's line symbols (circle, triangle, square, diamond, plus, cross, star) as
# letters, so a panel title or a card band can carry them.
SYMBOLS = ("●", "▼", "■", "◆", "✚", "✖", "★")


def seat_colour(seat: int) -> str:
    return LINE_COLOURS[seat % len(LINE_COLOURS)]


def seat_symbol(seat: int) -> str:
    return SYMBOLS[seat % len(SYMBOLS)]


def seat_label(seat: int) -> str:
    """'● Player 1': the symbol always beside the seat's name."""
    return f"{seat_symbol(seat)} Player {seat + 1}"
