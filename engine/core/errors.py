"""Errors that cross the engine's boundary, each carrying a message a player can read."""

import reprlib


class IllegalAction(Exception):
    """An action the rules do not allow now; the state was not changed.

    `reason` is written for the player ("You cannot move next to an enemy
    troop without DISENGAGE"), because the UI shows it verbatim in the
    status bar and the rules log.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class RecordRefused(IllegalAction):
    """A recorded action (a save's) the rules refuse where it stands: `number` is its
    1-based place in the record."""

    def __init__(self, number: int, reason: str) -> None:
        super().__init__(reason)
        self.number = number


class SaveError(Exception):
    """A save file that cannot be loaded; the message names the file and what is wrong."""


class ContentError(Exception):
    """A content file (cards, boards) that fails validation; names the file, item and field."""


EXCERPT = 40  # characters of a player's input quoted back in a message

# Bounded at every level, so quoting a huge or deeply nested value costs little.
_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxdict = 2, 4, 4
_SHORT.maxstring = _SHORT.maxlong = _SHORT.maxother = EXCERPT


def excerpt(value: object, limit: int = EXCERPT) -> str:
    """`value` quoted for a message, cut to `limit` characters.

    Errors quote what was wrong so it can be found, but a hostile or damaged
    file may hold a name of a million characters: the message shows its start.
    """
    text = _SHORT.repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def one_line(text: str, limit: int = 280) -> str:
    """A message flattened to one line of at most `limit` characters."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[:limit - 1] + "…"
