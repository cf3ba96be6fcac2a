"""Small pieces of English the window uses in more than one place."""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """'1 action', '2 actions' ('1 die', '3 dice' with `plural`)."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def possessive(name: str) -> str:
    """'Nickel's', 'Deep Drifts'': the apostrophe alone after a final s."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"
