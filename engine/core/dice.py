"""Exact dice probabilities and the dice-pool expressions of the UI's dice roller.

Every probability here is a :class:`fractions.Fraction` worked out by counting, never by
sampling: the rules engine compares odds for equality, the AI ranks moves by them, and
the odds chart must agree with both to the last digit. Nothing here imports Qt or any
third-party package, so every game and the headless tests can use it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import NamedTuple, Protocol

__all__ = [
    "MAX_POOL_DICE",
    "MAX_SIDES",
    "MIN_SIDES",
    "ContestOdds",
    "DicePool",
    "Distribution",
    "RollResult",
    "SupportsRandint",
    "die",
    "p_attacker_beats",
    "p_d10_meets",
    "p_tie",
    "perfect_hits",
    "pool_contest",
    "pool_outcomes",
    "pool_successes",
    "successes",
    "sum_distribution",
    "sum_of_dice",
]

# The dice roller's limits: beyond them the odds chart is unreadable and a typo such as
# "200d6" for "2d6" would otherwise pass silently.
MAX_POOL_DICE = 20
MIN_SIDES = 2
MAX_SIDES = 100
# Numbers longer than this in an expression are typos; refusing them early keeps int()
# away from enormous digit strings.
_MAX_DIGITS = 9
_EXAMPLE = "expected something like 2d6+1"


class Distribution(Mapping[int, Fraction]):
    """Immutable law of an integer random variable: value -> exact probability.

    Values with probability zero are dropped, so ``len()`` is the size of the support and
    iteration (hence ``items()``) runs in increasing value order, which is what the odds
    chart plots and what cumulative helpers walk.
    """

    __slots__ = ("_probs",)
    _probs: dict[int, Fraction]

    def __init__(self, probabilities: Mapping[int, Fraction | int]) -> None:
        """Validate strictly: floats are refused because they would silently break exactness."""
        cleaned: dict[int, Fraction] = {}
        for value, p in probabilities.items():
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"distribution values must be int, got {value!r}")
            if isinstance(p, bool) or not isinstance(p, int | Fraction):
                raise TypeError(f"probability of {value} must be a Fraction or int, got {p!r}")
            if not 0 <= p <= 1:
                raise ValueError(f"probability of {value} is {p}, outside 0..1")
            if p:
                cleaned[value] = Fraction(p)
        total = sum(cleaned.values(), Fraction(0))
        if total != 1:
            raise ValueError(f"probabilities must sum to exactly 1, they sum to {total}")
        self._probs = dict(sorted(cleaned.items()))

    @classmethod
    def _trusted(cls, probabilities: Mapping[int, Fraction]) -> Distribution:
        """Skip validation for results that are exact by construction (it dominates 20d100)."""
        dist = cls.__new__(cls)
        dist._probs = {v: p for v, p in sorted(probabilities.items()) if p}
        return dist

    @classmethod
    def from_counts(cls, counts: Mapping[int, int]) -> Distribution:
        """Build from outcome counts; dice are counted with ints and divided only once."""
        total = 0
        for value, count in counts.items():
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"distribution values must be int, got {value!r}")
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise ValueError(f"count of {value} must be a non-negative int, got {count!r}")
            total += count
        if total == 0:
            raise ValueError("counts must not all be zero")
        return cls._trusted({v: Fraction(c, total) for v, c in counts.items()})

    @classmethod
    def certain(cls, value: int) -> Distribution:
        """The constant variable; zero dice and pure modifiers reduce to it."""
        return cls({value: 1})

    def __getitem__(self, value: int) -> Fraction:
        return self._probs[value]

    def __iter__(self) -> Iterator[int]:
        return iter(self._probs)

    def __len__(self) -> int:
        return len(self._probs)

    def __hash__(self) -> int:
        return hash(frozenset(self._probs.items()))

    def __repr__(self) -> str:
        body = ", ".join(f"{v}: {p}" for v, p in self._probs.items())
        return f"Distribution({{{body}}})"

    def p_exactly(self, k: int) -> Fraction:
        """Unlike ``self[k]``, an impossible value is probability 0 rather than a KeyError."""
        return self._probs.get(k, Fraction(0))

    def p_at_least(self, k: int) -> Fraction:
        """The question every "roll X or more" check asks."""
        return sum((p for v, p in self._probs.items() if v >= k), Fraction(0))

    def p_at_most(self, k: int) -> Fraction:
        """The complement side, used for "roll under" checks and contests."""
        return sum((p for v, p in self._probs.items() if v <= k), Fraction(0))

    def mean(self) -> Fraction:
        """Exact expectation, so the AI's comparisons never suffer rounding ties."""
        return sum((v * p for v, p in self._probs.items()), Fraction(0))

    def convolve(self, other: Distribution) -> Distribution:
        """Law of the sum of two independent variables (a roll plus another roll)."""
        out: dict[int, Fraction] = {}
        for v1, p1 in self._probs.items():
            for v2, p2 in other._probs.items():
                out[v1 + v2] = out.get(v1 + v2, Fraction(0)) + p1 * p2
        return Distribution._trusted(out)

    def shift(self, k: int) -> Distribution:
        """Law of the variable plus a fixed modifier."""
        return Distribution._trusted({v + k: p for v, p in self._probs.items()})

    def as_floats(self) -> dict[int, float]:
        """Value-ordered floats for plotting only; never feed these back into rules."""
        return {v: float(p) for v, p in self._probs.items()}


# --- sums of dice -------------------------------------------------------------------------


def _check_sides(sides: int) -> None:
    if isinstance(sides, bool) or not isinstance(sides, int) or sides < 1:
        raise ValueError(f"a die needs a positive whole number of sides, got {sides!r}")


def die(sides: int) -> Distribution:
    """A fair die numbered 1..sides."""
    _check_sides(sides)
    return _sum_cached((sides,), 0)


def sum_of_dice(count: int, sides: int, modifier: int = 0) -> Distribution:
    """``count`` identical dice plus a modifier, e.g. ``sum_of_dice(2, 6, 1)`` for 2d6+1."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"dice count must be a non-negative int, got {count!r}")
    return sum_distribution([sides] * count, modifier)


def sum_distribution(sides_list: Sequence[int], modifier: int = 0) -> Distribution:
    """Mixed dice plus a modifier, e.g. ``sum_distribution([6, 6, 10], 1)``.

    Order does not matter to a sum, so the sides are sorted before hitting the cache; an
    empty list is just the modifier.
    """
    for sides in sides_list:
        _check_sides(sides)
    if isinstance(modifier, bool) or not isinstance(modifier, int):
        raise TypeError(f"modifier must be an int, got {modifier!r}")
    return _sum_cached(tuple(sorted(sides_list)), modifier)


@lru_cache(maxsize=512)
def _sum_cached(sorted_sides: tuple[int, ...], modifier: int) -> Distribution:
    """Convolve integer outcome counts with a running window sum.

    Counting with ints and dividing once avoids thousands of Fraction gcds, and the window
    makes each die cost O(range) instead of O(range * sides), which keeps 20d100 instant.
    """
    counts = [1]  # counts[i] = ways to roll (number of dice so far) + i
    for sides in sorted_sides:
        new = [0] * (len(counts) + sides - 1)
        window = 0
        for j in range(len(new)):
            if j < len(counts):
                window += counts[j]
            if j >= sides:
                window -= counts[j - sides]
            new[j] = window
        counts = new
    lowest = len(sorted_sides) + modifier
    return Distribution.from_counts({lowest + i: c for i, c in enumerate(counts)})


def p_d10_meets(modifier: int, target: int) -> Fraction:
    """P(d10 + modifier >= target); out-of-reach targets give exactly 0 or 1."""
    return Fraction(sum(1 for face in range(1, 11) if face + modifier >= target), 10)


# --- d6 success pools (Collision style) ---------------------------------------------------


def _pool_faces(success_on: int, perfect_on: int) -> tuple[int, int]:
    """How many d6 faces succeed, and how many of those are also perfect hits.

    A perfect hit is always a success too, so a face needs both thresholds; modifiers that
    push a threshold below 1 or above 6 therefore just mean "every face" or "no face".
    """
    succeed = min(6, max(0, 7 - success_on))
    perfect = min(6, max(0, 7 - max(success_on, perfect_on)))
    return succeed, perfect


def _check_pool(dice: int) -> None:
    if isinstance(dice, bool) or not isinstance(dice, int) or dice < 0:
        raise ValueError(f"pool size must be a non-negative int, got {dice!r}")


def pool_outcomes(
    dice: int, success_on: int = 4, perfect_on: int = 6
) -> dict[tuple[int, int], Fraction]:
    """Joint law of (successes, perfect hits) for ``dice`` d6.

    Collision resolves damage from both numbers at once, and they are not independent, so
    the joint law is needed rather than two marginals. Impossible pairs are omitted; use
    ``.get(key, 0)``. Zero dice give ``{(0, 0): 1}``.
    """
    _check_pool(dice)
    succeed, perfect = _pool_faces(success_on, perfect_on)
    plain = succeed - perfect
    fail = 6 - succeed
    total = 6**dice
    out: dict[tuple[int, int], Fraction] = {}
    for s in range(dice + 1):
        for p in range(s + 1):
            ways = comb(dice, s) * comb(s, p) * perfect**p * plain ** (s - p) * fail ** (dice - s)
            if ways:
                out[(s, p)] = Fraction(ways, total)
    return out


def pool_successes(dice: int, success_on: int = 4) -> Distribution:
    """Law of the number of successes among ``dice`` d6 (a binomial, counted exactly)."""
    _check_pool(dice)
    succeed, _ = _pool_faces(success_on, 7)
    fail = 6 - succeed
    return Distribution.from_counts(
        {s: comb(dice, s) * succeed**s * fail ** (dice - s) for s in range(dice + 1)}
    )


class ContestOdds(NamedTuple):
    """Attacker's view of an opposed pool roll; the three always sum to exactly 1."""

    win: Fraction
    tie: Fraction
    lose: Fraction


def pool_contest(
    attacker_dice: int,
    defender_dice: int,
    success_on: int = 4,
    defender_success_on: int = 4,
) -> ContestOdds:
    """Compare success counts of two independent pools; the caller decides what a tie means."""
    attack = pool_successes(attacker_dice, success_on)
    defend = pool_successes(defender_dice, defender_success_on)
    win = tie = Fraction(0)
    for a, pa in attack.items():
        win += pa * defend.p_at_most(a - 1)
        tie += pa * defend.p_exactly(a)
    return ContestOdds(win, tie, 1 - win - tie)


def p_attacker_beats(
    attacker_dice: int,
    defender_dice: int,
    success_on: int = 4,
    defender_success_on: int = 4,
) -> Fraction:
    """P(attacker's successes > defender's successes); a tie is not a win."""
    return pool_contest(attacker_dice, defender_dice, success_on, defender_success_on).win


def p_tie(
    attacker_dice: int,
    defender_dice: int,
    success_on: int = 4,
    defender_success_on: int = 4,
) -> Fraction:
    """P(both pools roll the same number of successes)."""
    return pool_contest(attacker_dice, defender_dice, success_on, defender_success_on).tie


def successes(faces: Sequence[int], success_on: int = 4) -> int:
    """Score rolled faces with the same rule the pool odds assume."""
    return sum(1 for face in faces if face >= success_on)


def perfect_hits(faces: Sequence[int], success_on: int = 4, perfect_on: int = 6) -> int:
    """Perfect hits among rolled faces; like :func:`pool_outcomes`, they must also succeed."""
    return sum(1 for face in faces if face >= max(success_on, perfect_on))


# --- dice-pool expressions for the dice roller ----------------------------------------------


class SupportsRandint(Protocol):
    """The engine's seeded RNG and ``random.Random`` both fit; rolls stay replayable."""

    def randint(self, a: int, b: int) -> int: ...


_DICE_TERM = re.compile(r"([0-9]*)d([0-9]+)", re.ASCII)
_NUMBER_TERM = re.compile(r"[0-9]+", re.ASCII)
_SPLIT = re.compile(r"\s*([+-])\s*")


def _number(digits: str, term: str) -> int:
    if len(digits) > _MAX_DIGITS:
        raise ValueError(f"{term!r}: number too large")
    return int(digits)


@dataclass(frozen=True)
class DicePool:
    """Dice to add up plus a modifier, as typed into the dice roller ("2d6+1").

    ``dice`` keeps the order the player typed so ``str()`` echoes it back and
    ``DicePool.parse(str(pool)) == pool`` holds.
    """

    dice: tuple[int, ...]
    modifier: int = 0

    def __post_init__(self) -> None:
        # Checked here as well as in parse() so a pool built in code obeys the same limits.
        object.__setattr__(self, "dice", tuple(self.dice))
        if not self.dice:
            raise ValueError("a dice pool needs at least one die")
        if len(self.dice) > MAX_POOL_DICE:
            raise ValueError(f"at most {MAX_POOL_DICE} dice, got {len(self.dice)}")
        for sides in self.dice:
            if isinstance(sides, bool) or not isinstance(sides, int):
                raise TypeError(f"die sides must be int, got {sides!r}")
            if not MIN_SIDES <= sides <= MAX_SIDES:
                raise ValueError(f"a die needs {MIN_SIDES} to {MAX_SIDES} sides, got {sides}")
        if isinstance(self.modifier, bool) or not isinstance(self.modifier, int):
            raise TypeError(f"modifier must be an int, got {self.modifier!r}")

    @classmethod
    def parse(cls, text: str) -> DicePool:
        """Read "3d6", "2d6+1", "d10+2", "d6+d10-1" (any case, spaces around signs).

        Errors quote the offending part, since the message is shown to the player as is.
        """
        stripped = text.strip().lower()
        if not stripped:
            raise ValueError(f"empty dice expression: {_EXAMPLE}")
        parts = _SPLIT.split(stripped)
        # parts alternates term, sign, term, ...; a leading sign leaves an empty first term.
        if parts[0] == "" and len(parts) > 1:
            signed = list(zip(parts[1::2], parts[2::2], strict=True))
        else:
            signed = [("+", parts[0]), *zip(parts[1::2], parts[2::2], strict=True)]
        groups: list[tuple[int, int]] = []  # (count, sides) in typed order
        modifier = 0
        for sign, term in signed:
            if not term:
                raise ValueError(f"{text.strip()!r}: missing a term after {sign!r}; {_EXAMPLE}")
            if match := _DICE_TERM.fullmatch(term):
                count = _number(match[1], term) if match[1] else 1
                sides = _number(match[2], term)
                if sign == "-":
                    raise ValueError(f"{'-' + term!r}: dice can only be added, not subtracted")
                if count < 1:
                    raise ValueError(f"{term!r}: a term needs at least one die")
                if not MIN_SIDES <= sides <= MAX_SIDES:
                    raise ValueError(
                        f"{term!r}: a die needs {MIN_SIDES} to {MAX_SIDES} sides, got {sides}"
                    )
                groups.append((count, sides))
            elif _NUMBER_TERM.fullmatch(term):
                value = _number(term, term)
                modifier += -value if sign == "-" else value
            else:
                raise ValueError(f"{term!r}: {_EXAMPLE}")
        if not groups:
            raise ValueError(f"{text.strip()!r}: a dice pool needs at least one die")
        # Counted before any tuple is built, so "999999999d6" fails fast instead of eating memory.
        total = sum(count for count, _ in groups)
        if total > MAX_POOL_DICE:
            raise ValueError(f"{text.strip()!r}: at most {MAX_POOL_DICE} dice, got {total}")
        return cls(tuple(sides for count, sides in groups for _ in range(count)), modifier)

    def __str__(self) -> str:
        """Canonical text: runs of equal dice grouped, "d6" for one die, modifier last."""
        terms: list[str] = []
        i = 0
        while i < len(self.dice):
            j = i
            while j < len(self.dice) and self.dice[j] == self.dice[i]:
                j += 1
            count = j - i
            terms.append(f"{count if count > 1 else ''}d{self.dice[i]}")
            i = j
        text = "+".join(terms)
        if self.modifier:
            text += f"{self.modifier:+d}"
        return text

    def distribution(self) -> Distribution:
        """Exact law of the total; cached, so the odds chart can ask on every repaint."""
        return _sum_cached(tuple(sorted(self.dice)), self.modifier)

    def roll(self, rng: SupportsRandint) -> RollResult:
        """Roll each die in order with the caller's RNG, so a seed replays the same faces."""
        return RollResult(self, tuple(rng.randint(1, sides) for sides in self.dice))


@dataclass(frozen=True)
class RollResult:
    """One roll of a pool; the faces are kept so the UI can draw each die."""

    pool: DicePool
    faces: tuple[int, ...]

    def __post_init__(self) -> None:
        # A misbehaving RNG must fail loudly here rather than corrupt a game's state.
        if len(self.faces) != len(self.pool.dice):
            raise ValueError(f"{self.pool} needs {len(self.pool.dice)} faces, got {self.faces}")
        for face, sides in zip(self.faces, self.pool.dice, strict=True):
            if not 1 <= face <= sides:
                raise ValueError(f"face {face} is impossible on a d{sides}")

    @property
    def total(self) -> int:
        return sum(self.faces) + self.pool.modifier

    def __str__(self) -> str:
        """E.g. "2d6+1: 3 + 5 + 1 = 9", the line the dice roller shows."""
        text = " + ".join(str(face) for face in self.faces)
        if self.pool.modifier:
            sign = "-" if self.pool.modifier < 0 else "+"
            text += f" {sign} {abs(self.pool.modifier)}"
        return f"{self.pool}: {text} = {self.total}"
