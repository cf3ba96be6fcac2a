"""Small pieces of English the rules log and the refusals use (the engine cannot import
the app's words module, which says the same)."""

from __future__ import annotations


def possessive(name: str) -> str:
    """'Nickel's', 'Deep Drifts'': the apostrophe alone after a final s."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"
