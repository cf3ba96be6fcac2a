"""Errors that cross the engine's boundary, each carrying a message a player can read."""


class IllegalAction(Exception):
    """An action the rules do not allow now; the state was not changed.

    `reason` is written for the player ("You cannot move next to an enemy
    troop without DISENGAGE"), because the UI shows it verbatim in the
    status bar and the rules log.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class SaveError(Exception):
    """A save file that cannot be loaded; the message names the file and what is wrong."""


class ContentError(Exception):
    """A content file (cards, boards) that fails validation; names the file, item and field."""
