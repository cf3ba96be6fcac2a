"""PLACEHOLDER until the Yggdrasil computer player is merged: uniform over the legal actions,
so computer seats can play at the table. The real policy replaces this file."""

from engine.core.agent import RandomAgent


class YggdrasilPolicy(RandomAgent):
    """Random play (placeholder)."""
