"""The exact odds of an attack (the table shows them; the computer weighs by them) agree
with the rulebook's arithmetic and with the dice `combat.resolve` really rolls."""

from __future__ import annotations

from fractions import Fraction

from engine.core.rng import ScriptedRng
from engine.games.wintergrim import combat
from engine.games.wintergrim.odds import attack_odds
from tests.engine.wintergrim.helpers import P1, P2, bring, duel, hq, mirror, outside


def test_one_die_against_one() -> None:
    """How to Play, 3: more 4+ than the defender: 1 die against 1 hits 1 time in 4; a 6
    with the defender failing is 1 in 12; the Woodsman's Axe 3 fells the Farmer (H1)."""
    state, woodsman, farmer = duel(())
    odds = attack_odds(state, woodsman, farmer, "cc")
    assert (odds.hit, odds.perfect, odds.defeat) == (Fraction(1, 4), Fraction(1, 12),
                                                     Fraction(1, 4))


def test_the_rain_halves_a_one_die_psyche() -> None:
    """Rain: P 2 - 1 = 1 die to pass before attacking: half the hits."""
    state, woodsman, farmer = duel(())
    bring(state, P2, "rain", "sky")
    assert attack_odds(state, woodsman, farmer, "cc").hit == Fraction(1, 8)


def test_odds_match_the_dice_rolled() -> None:
    """A Hidden, Sneaky target behind a Shieldwall-less line: the exact chance of a defeat
    against 3,000 battles rolled by the rules."""
    state = mirror("vanheim")
    cabin2 = hq(state, P2)
    sentinel = outside(state, bring(state, P1, "forest-sentinel"), cabin2)  # Tracking
    woodsman = outside(state, bring(state, P1, "woodsman"), cabin2)
    gnome = outside(state, bring(state, P2, "gnome", cabin2), cabin2)  # Hidden, Sneak
    for unit in (sentinel, woodsman):
        exact = attack_odds(state, unit, gnome, "cc").defeat
        assert 0 < exact < 1
        falls = 0
        for seed in range(3000):
            trial = state.clone()
            trial.rng = ScriptedRng(seed)
            combat.resolve(trial, unit, gnome, "cc")
            falls += "fallen" in trial.pieces[gnome].tokens
        assert abs(falls / 3000 - float(exact)) < 0.03, (unit, falls / 3000, float(exact))


def test_the_margin_law_agrees_with_the_hit_chance() -> None:
    """The chart's law (attacker's successes less the defender's) gives the same chance of
    more successes as the odds, with no weather or hiding in the way."""
    from engine.games.wintergrim.odds import margins
    state, spear, carl = duel((), attacker="forest-sentinel", defender="housecarl")
    odds = attack_odds(state, spear, carl, "cc")
    law = margins(odds.pools)
    assert sum(law.values()) == 1 and law.p_at_least(1) == odds.hit
    assert min(law) == -odds.pools.defend and max(law) == odds.pools.attack
