"""The exact odds of an attack before its dice roll: the chance of more successes, of a
perfect hit, and of a defeat, with every roll the rules put before the battle (the
weather's Psyche rolls, a Hidden target's Luck roll) folded in.

The table shows them beside a declared attack and the computer player weighs its
attacks by them; both read the same pools `combat.resolve` rolls (`combat.pools`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.core.dice import Distribution, pool_contest, pool_outcomes, pool_successes
from engine.games.wintergrim import combat
from engine.games.wintergrim.state import WintergrimState

HALF = Fraction(1, 2)


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """Exact chances, for the attacker: it gets more successes (`hit`), with a 6 among
    them (`perfect`), and the target falls (`defeat`)."""

    hit: Fraction
    perfect: Fraction
    defeat: Fraction
    pools: combat.Pools


def _passes(dice: int | None) -> Fraction:
    """A Psyche roll: at least one 4+ among `dice` (no roll at all: sure)."""
    if dice is None:
        return Fraction(1)
    return 1 - pool_successes(dice).p_exactly(0)


def margins(pools: combat.Pools) -> Distribution:
    """The law of the attacker's successes less the defender's, once the dice roll (the
    weather's Psyche roll for the defender folded in; the rolls that may stop the attack
    before it, the attacker's Psyche and a Hidden target's Luck, are in `attack_odds`).
    The attacker hits at 1 or more."""
    steady = _passes(pools.defender_psyche)
    attack = pool_successes(pools.attack, pools.attack_need)
    law: dict[int, Fraction] = {}
    for defend, chance in ((pools.defend, steady), (0, 1 - steady)):
        if not chance:
            continue
        for d, pd in pool_successes(defend, pools.defend_need).items():
            for a, pa in attack.items():
                law[a - d] = law.get(a - d, Fraction(0)) + chance * pd * pa
    return Distribution(law)


def attack_odds(state: WintergrimState, unit: str, target: str, kind: str) -> AttackOdds:
    """The odds of `unit` attacking `target` with `kind` as things stand."""
    pools = combat.pools(state, unit, target, kind)
    reach = _passes(pools.attacker_psyche)
    if pools.hidden is not None:
        mine, theirs = pools.hidden
        reach *= 1 - pool_contest(theirs, mine).win
    steady = _passes(pools.defender_psyche)
    hit = perfect = Fraction(0)
    for defend, chance in ((pools.defend, steady), (0, 1 - steady)):
        if not chance:
            continue
        against = pool_successes(defend, pools.defend_need)
        for (wins, sixes), p in pool_outcomes(pools.attack, pools.attack_need).items():
            beaten = against.p_at_most(wins - 1)
            hit += chance * p * beaten
            if sixes:
                perfect += chance * p * beaten
    hit, perfect = reach * hit, reach * perfect
    plain, sure = combat.lethal(state, unit, target, kind, perfect=False), \
        combat.lethal(state, unit, target, kind, perfect=True)
    defeat = perfect * sure + (hit - perfect) * plain
    return AttackOdds(hit, perfect, defeat, pools)
