"""What a card of the Gods' Gifts is worth to a clan, in Glory: for the draft (a card
added to the hand), for the card kept into the next Age, and for an upgrade played now.

A battle card is worth its +STR and its text, the strongest first (a clan fights a few
battles an Age, so a fourth battle card adds little); a quest its Glory and stat step by
the chance the board gives it; an upgrade what it does in the Ages left, less its Rage.
Card texts are read from their effects and rules (content.py), never from card names.
"""

from __future__ import annotations

from engine.games.yggdrasil import board
from engine.games.yggdrasil.appraisal import RAGE_GLORY, UNKNOWN_CARD, Look
from engine.games.yggdrasil.content import Card, DestroyOnInvade, Gain, Rule, Take

STR_GLORY = 1.2  # one +STR on a battle card
NEXT_CARD = 0.75  # each further battle card in a hand counts this much of the one before
QUEST_ODDS = 0.45  # a region or Yggdrasil quest's chance before the board says more
WIN_ODDS = 0.5  # how often a card's "if you win" pays
RELEASED_PER_AGE = 2.5  # figures a clan has released from Valhalla at an Age's end
UPGRADES_PER_AGE = 1.5
LATER = 0.6  # Glory an upgrade pays in Ages still to play is less sure than the board's now

# What a rule's text is worth per Age it is on the sheet (or once, for a battle card).
RULE_WORTH = {
    "smite-warrior": 1.2, "keep-one-figure": 0.5, "play-after-reveal": 0.6,
    "cancel-texts": 0.6, "discard-and-replay": 3.0, "copy-highest-card": 0.0,
    "as-ship": 0.0, "invades-yggdrasil": 1.5, "retreat-to-yggdrasil": 1.0,
    "reward-twice": 3.0, "leader-moves-after-pillage": 0.5, "extra-warrior-on-invade": 2.5,
    "invade-after-loss": 0.5, "pillage-again": 1.0, "pillage-after-invade": 1.0,
    "save-figure": 1.0, "keep-cards-after-win": 1.0, "invade-from-valhalla": 2.0,
    "sacrifice-for-stat": 1.5,
}


def ages_left(look: Look) -> int:
    """Ages in which an upgrade played now still works (this one included)."""
    return 4 - look.age


def battle_worth(look: Look, card: Card) -> float:
    """A battle card laid once: its +STR and what its text brings."""
    strength = UNKNOWN_CARD if card.rule("copy-highest-card") is not None else card.str or 0
    value = STR_GLORY * strength
    for e in card.effects:
        if isinstance(e, Rule):
            value += RULE_WORTH.get(e.key, 0.5)
        elif isinstance(e, Gain):
            value += _gain_worth(look, e) * (WIN_ODDS if e.on in ("win", "pillage") else 1.0)
        elif isinstance(e, Take):
            value += (1 - WIN_ODDS) * (e.rage * RAGE_GLORY + e.glory + 3.0 * e.cards)
    return value


def _gain_worth(look: Look, gain: Gain) -> float:
    steps = {"none": 0.0, "any": look.best_raise(), "another": 0.8 * look.best_raise(),
             "all": sum(look.raise_worth(st) for st in ("rage", "axes", "horns"))}[gain.stats]
    per = 3.0 if gain.on == "figure-destroyed" else 1.0  # figures dying in one battle
    return per * gain.glory + gain.rage * RAGE_GLORY + steps


def quest_worth(look: Look, card: Card) -> float:
    """A quest's Glory and stat by its chance, the board's read halfway with the odds of
    a board still to come."""
    chance = look.quest_chance(card.goal)
    if look.phase == "gifts":
        chance = 0.5 * chance + 0.5 * QUEST_ODDS
    return chance * look.quest_worth(card)


def upgrade_worth(look: Look, card: Card) -> float:
    """What an upgrade does while on the sheet for the Ages left (its Rage not counted)."""
    ages = ages_left(look)
    value = 0.0
    if card.kind == "monster":  # a figure stronger than the Warrior whose village it takes
        value += ((card.str or 0) - 1) * ages
        for e in card.effects:
            if isinstance(e, DestroyOnInvade):
                value += 2.0 * len(e.figures)
            elif isinstance(e, Gain):
                value += 2.0 * e.glory * ages
    for m in card.modifiers:
        if m.to == "str" and "warrior" in m.when.get("figure", ()):
            value += 2.5 * (m.add or 0) * ages
        elif m.to == "warrior-pair":
            value += 1.5 * (m.add or 0) * ages
        elif m.to == "upgrade-cost":
            value += -(m.add or 0) * UPGRADES_PER_AGE * RAGE_GLORY * ages
        elif m.to == "quest-in-battle":
            value += 0.3 * (m.add or 0) * ages
        elif m.to == "invade-cost":
            value += -(m.add or 0) * RAGE_GLORY
    for e in card.effects:
        if isinstance(e, Rule):
            value += _rule_on_sheet(look, e) * (1 if e.key == "reward-twice" else ages)
        elif isinstance(e, Gain) and card.kind != "monster":
            value += _sheet_gain(look, e) * ages
    return LATER * value


def _rule_on_sheet(look: Look, rule: Rule) -> float:
    if rule.key == "double-ragnarok-glory":
        return 2.0 * board.content().board.ragnarok.glory[look.age - 1]
    if rule.key == "double-quest-glory":
        return 0.5 * sum((q.glory or 0) for q in look.quests) + 3.0
    return RULE_WORTH.get(rule.key, 0.5)


def _sheet_gain(look: Look, gain: Gain) -> float:
    """An upgrade's gain, per Age: how often its moment comes times what it pays."""
    often = {"pillage-with-leader": 0.6, "ship-destroyed": 0.5, "released": RELEASED_PER_AGE,
             "two-enemies-destroyed": 0.5, "game-end-figure": 0.0}.get(gain.on, 0.5)
    if gain.on == "game-end-figure":  # paid once, for the figures on the board at the end
        horns = board.stat(look.s, "horns", look.seat)
        return gain.glory * 0.8 * horns / ages_left(look)
    return often * _gain_worth(look, gain)


def card_worth(look: Look, card: Card) -> float:
    """What holding `card` is worth this Age, on its own."""
    if card.kind == "battle":
        return battle_worth(look, card)
    if card.kind == "quest":
        return quest_worth(look, card)
    cost = board.upgrade_cost(look.s, look.seat, card)
    return upgrade_worth(look, card) - cost * RAGE_GLORY


def hand_worth(look: Look, cards: list[Card]) -> float:
    """A hand's worth: battle cards the strongest first, each further one counting less;
    upgrades while the Age's Rage pays for them."""
    battles = sorted((battle_worth(look, c) for c in cards if c.kind == "battle"), reverse=True)
    value = sum(v * NEXT_CARD ** i for i, v in enumerate(battles))
    value += sum(quest_worth(look, c) for c in cards if c.kind == "quest")
    rage = board.stat(look.s, "rage", look.seat)
    spent = 0
    for c in sorted((c for c in cards if c.slot is not None),
                    key=lambda c: -card_worth(look, c)):
        worth = card_worth(look, c)
        cost = board.upgrade_cost(look.s, look.seat, c)
        if spent + cost > rage * 0.6:
            worth *= 0.3
        spent += cost
        value += max(0.0, worth)
    return value


def pick_worth(look: Look, held: list[Card], card: Card) -> float:
    """What `card` adds to the cards already `held`."""
    return hand_worth(look, [*held, card]) - hand_worth(look, held)
