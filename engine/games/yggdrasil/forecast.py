"""Battle odds from one clan's view: what the others may still lay, and the chance that a
total beats them all.

The cards in the other clans' hands are hidden, so a hand is taken as a draw of its size
from the Age's cards the clan has not seen (the unseen pool), and the other clan as
laying its strongest card. (Counting a drafted hand as a card larger, for the battle
cards drafting favours, made the clans timid: they lost more games than they won.) A tie
for the highest total loses for everyone (facts 40): to win, a total must beat each
other clan's strictly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from math import comb

TOP = 12  # no battle card adds more than this (Tyr's Rage +6; copies and boosts less)


@dataclass(frozen=True, slots=True)
class Rival:
    """Another clan in (or able to join) a battle: its STR there and its hand's size."""

    strength: float
    cards: int


class CardOdds:
    """How strong the best card of a hidden hand is likely to be, from the unseen pool's
    +STR values (0 for a card that adds nothing)."""

    def __init__(self, pool: Iterable[int]) -> None:
        self.pool = tuple(sorted(pool))

    def at_most(self, value: float, cards: int) -> float:
        """The chance that a hand of `cards` holds no card above `value`."""
        return _at_most(self.pool, int(value // 1), cards)

    def expected_best(self, cards: int) -> float:
        """The mean +STR of the best card of a hand of `cards`."""
        return _expected_best(self.pool, cards)

    def win_chance(self, total: float, rivals: Sequence[Rival]) -> float:
        """The chance that `total` beats every rival's STR plus its best card."""
        chance = 1.0
        for rival in rivals:
            need = total - rival.strength  # the rival's card must stay below this
            if need <= 0:
                return 0.0
            chance *= self.at_most(need - 1, rival.cards) if need - 1 < TOP else 1.0
            if chance == 0.0:
                return 0.0
        return chance


@cache
def _at_most(pool: tuple[int, ...], value: int, cards: int) -> float:
    if value < 0:
        return 0.0
    draws = min(len(pool), cards)
    if draws == 0:
        return 1.0
    low = sum(1 for p in pool if p <= value)
    return comb(low, draws) / comb(len(pool), draws)


@cache
def _expected_best(pool: tuple[int, ...], cards: int) -> float:
    if not cards or not pool:
        return 0.0
    top = max(pool)
    return sum(1.0 - _at_most(pool, v, cards) for v in range(top))
