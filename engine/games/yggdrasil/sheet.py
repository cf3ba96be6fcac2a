"""What the upgrades on a clan sheet give their clan: rules, modifiers and gains.

A turn's listing asks a clan's sheet a dozen times (the cost of each figure, of each
upgrade, whether a rule applies), and a sheet changes only when an upgrade is played.
A `Sheet` is therefore read once for each run of card faces (board.clan_sheet) and
handed out again: it depends on nothing but those faces, so it cannot go stale across
clones, undo or loading.
"""

from __future__ import annotations

from engine.core.modifiers import total
from engine.games.yggdrasil.content import Card, Gain, Rule


class Sheet:
    """The upgrades on one clan sheet, in the order they lie, and what they add up to."""

    __slots__ = ("_gains", "_str", "cards", "discount", "invade_costs", "modifiers",
                 "quest_bonus", "rules", "warrior_pair")

    def __init__(self, cards: tuple[Card, ...]) -> None:
        self.cards = cards
        self.modifiers = tuple(m for c in cards for m in c.modifiers)
        # a rule key -> the first upgrade's rule of that key, as Card.rule finds it
        self.rules: dict[str, Rule] = {}
        for c in cards:
            for effect in c.effects:
                if isinstance(effect, Rule):
                    self.rules.setdefault(effect.key, effect)
        self.discount = total(self.modifiers, "upgrade-cost", {})  # Frigga's Charm
        self.warrior_pair = total(self.modifiers, "warrior-pair", {})  # Brothers in Arms
        # the +STR a revealed quest adds as a battle card (Tyr's Domain, Tyr's Wrath: the
        # highest counts); asked of every clan at every reveal
        self.quest_bonus = max((m.add or 0 for m in self.modifiers if m.to == "quest-in-battle"),
                               default=0)
        self._gains: dict[str, tuple[Card, ...]] = {}
        self._str: dict[tuple[str, str], int] = {}
        # a kind of figure -> the Rage invading with it costs (board.cost_to_invade)
        self.invade_costs: dict[str, int] = {}

    def upgrade_cost(self, card: Card) -> int:
        """What playing `card` costs this clan: never below 0 (designed)."""
        return self.paid(card.cost or 0)

    def paid(self, cost: int) -> int:
        """What a card printed at `cost` costs this clan (upgrade_cost by the print)."""
        return max(0, cost + self.discount)

    def dearest(self, rage: int) -> int:
        """The highest printed cost this clan pays with `rage` (0 or more): `paid(cost) <=
        rage` exactly when `cost <= dearest(rage)`, one subtraction for a whole hand."""
        return rage - self.discount

    def gains(self, on: str) -> tuple[Card, ...]:
        """The upgrades that gain something when `on` happens."""
        found = self._gains.get(on)
        if found is None:
            found = self._gains[on] = tuple(
                c for c in self.cards if any(isinstance(e, Gain) and e.on == on
                                             for e in c.effects))
        return found

    def str_bonus(self, kind: str, place: str) -> int:
        """The STR the upgrades add to a clan figure of `kind` standing at `place`."""
        key = (kind, place)
        found = self._str.get(key)
        if found is None:
            found = self._str[key] = total(self.modifiers, "str",
                                           {"figure": kind, "province": place})
        return found
