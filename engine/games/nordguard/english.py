"""Small pieces of English the rules log and the refusals use (the engine cannot import
the app's words module, which says the same)."""

from __future__ import annotations


def possessive(name: str) -> str:
    """'Nickel's', 'Deep Drifts'': the apostrophe alone after a final s."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def days_left(left: int) -> str:
    """The countdown as the log reads it: '3 days left', '1 day left', 'no days are left'."""
    if left <= 0:
        return "no days are left"
    return f"{left} day{'s' if left != 1 else ''} left"
