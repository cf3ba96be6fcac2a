"""Exact dice odds checked against values worked out by hand, plus property tests."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.dice import (
    MAX_POOL_DICE,
    ContestOdds,
    DicePool,
    Distribution,
    RollResult,
    die,
    p_attacker_beats,
    p_d10_meets,
    p_tie,
    perfect_hits,
    pool_contest,
    pool_outcomes,
    pool_successes,
    successes,
    sum_distribution,
    sum_of_dice,
)

F = Fraction

# --- Distribution --------------------------------------------------------------------------


def test_die_is_uniform() -> None:
    d6 = die(6)
    assert dict(d6) == {face: F(1, 6) for face in range(1, 7)}
    # mean = (1+2+3+4+5+6)/6 = 21/6
    assert d6.mean() == F(21, 6)


def test_2d6_hand_values() -> None:
    two = sum_of_dice(2, 6)
    # 7 = 1+6, 2+5, 3+4, 4+3, 5+2, 6+1 -> 6 of 36
    assert two.p_exactly(7) == F(6, 36)
    # 2 = 1+1 only -> 1/36; 12 = 6+6 only -> 1/36
    assert two[2] == F(1, 36)
    assert two[12] == F(1, 36)
    # >= 10: ten (3 ways) + eleven (2) + twelve (1) = 6 of 36
    assert two.p_at_least(10) == F(6, 36)
    # <= 4: two (1) + three (2) + four (3) = 6 of 36
    assert two.p_at_most(4) == F(6, 36)
    # mean = 2 * 7/2
    assert two.mean() == 7
    assert list(two) == list(range(2, 13))
    assert [v for v, _ in two.items()] == list(range(2, 13))


def test_out_of_range_queries() -> None:
    two = sum_of_dice(2, 6)
    assert two.p_exactly(1) == 0
    assert two.p_exactly(13) == 0
    assert two.p_at_least(2) == 1
    assert two.p_at_least(13) == 0
    assert two.p_at_most(1) == 0
    assert two.p_at_most(12) == 1
    with pytest.raises(KeyError):
        two[13]


def test_3d6_hand_values() -> None:
    three = sum_of_dice(3, 6)
    # 10 as ordered triples: partitions 6+3+1 (6 orders), 6+2+2 (3), 5+4+1 (6), 5+3+2 (6),
    # 4+4+2 (3), 4+3+3 (3) -> 27 of 216
    assert three[10] == F(27, 216)
    # 18 = 6+6+6 only
    assert three[18] == F(1, 216)


def test_sum_with_modifier() -> None:
    dist = sum_of_dice(2, 6, modifier=1)
    # 2d6+1 = 8 means 2d6 = 7 -> 6/36
    assert dist[8] == F(6, 36)
    assert min(dist) == 3
    assert max(dist) == 13


def test_mixed_dice_sum() -> None:
    dist = sum_distribution([6, 6, 10], modifier=1)
    # lowest 1+1+1+1 = 4 and highest 6+6+10+1 = 23, each one way out of 6*6*10 = 360
    assert dist[4] == F(1, 360)
    assert dist[23] == F(1, 360)
    assert min(dist) == 4
    assert max(dist) == 23
    # mean = 3.5 + 3.5 + 5.5 + 1 = 13.5
    assert dist.mean() == F(27, 2)
    # d6 + d10 = 2: only 1+1 -> 1/60; = 16: only 6+10 -> 1/60; = 7: d6 any, d10 = 7-d6 -> 6/60
    d6_d10 = sum_distribution([6, 10])
    assert d6_d10[2] == F(1, 60)
    assert d6_d10[16] == F(1, 60)
    assert d6_d10[7] == F(6, 60)


def test_sum_order_does_not_matter() -> None:
    assert sum_distribution([10, 6, 6]) == sum_distribution([6, 6, 10])


def test_zero_dice_is_the_modifier() -> None:
    assert dict(sum_of_dice(0, 6, modifier=3)) == {3: F(1)}
    assert dict(sum_distribution([])) == {0: F(1)}


def test_convolve_and_shift() -> None:
    assert die(6).convolve(die(6)) == sum_of_dice(2, 6)
    # coin {0,1} + coin {0,1}: 0 -> 1/4, 1 -> 2/4, 2 -> 1/4
    coin = Distribution({0: F(1, 2), 1: F(1, 2)})
    assert dict(coin.convolve(coin)) == {0: F(1, 4), 1: F(1, 2), 2: F(1, 4)}
    assert dict(coin.shift(-3)) == {-3: F(1, 2), -2: F(1, 2)}


def test_as_floats_is_ordered() -> None:
    floats = sum_of_dice(2, 6).as_floats()
    assert list(floats) == list(range(2, 13))
    assert floats[7] == pytest.approx(1 / 6)


def test_distribution_validation() -> None:
    with pytest.raises(ValueError, match="sum to exactly 1"):
        Distribution({1: F(1, 2), 2: F(1, 3)})
    with pytest.raises(ValueError, match=r"outside 0\.\.1"):
        Distribution({1: F(3, 2), 2: F(-1, 2)})
    with pytest.raises(TypeError):
        Distribution({1: 0.5, 2: 0.5})  # type: ignore[dict-item]
    with pytest.raises(ValueError):
        Distribution({})
    # zero-probability values are dropped
    assert list(Distribution({1: F(0), 2: F(1)})) == [2]
    assert Distribution.certain(4) == Distribution({4: 1})


def test_distribution_is_immutable_and_hashable() -> None:
    two = sum_of_dice(2, 6)
    with pytest.raises(TypeError):
        two[7] = F(1)  # type: ignore[index]
    assert hash(two) == hash(sum_of_dice(2, 6))
    assert "7: 1/6" in repr(two)


def test_die_rejects_bad_sides() -> None:
    with pytest.raises(ValueError):
        die(0)
    with pytest.raises(ValueError):
        sum_of_dice(-1, 6)


# --- d10 checks ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("modifier", "target", "expected"),
    [
        (2, 8, F(5, 10)),  # d10+2 >= 8 needs a face of 6..10: 5 faces
        (-3, 1, F(7, 10)),  # d10-3 >= 1 needs a face of 4..10: 7 faces
        (0, 10, F(1, 10)),  # only the 10
        (0, 1, F(1)),  # every face
        (5, 3, F(1)),  # clamped: even a 1 makes 6
        (0, 11, F(0)),  # clamped: out of reach
        (-20, 1, F(0)),
    ],
)
def test_p_d10_meets(modifier: int, target: int, expected: Fraction) -> None:
    assert p_d10_meets(modifier, target) == expected


# --- d6 success pools ----------------------------------------------------------------------


def test_one_die_pool() -> None:
    # faces 4,5,6 succeed -> 3/6; only the 6 is perfect -> 1/6
    assert pool_successes(1)[1] == F(1, 2)
    assert pool_outcomes(1) == {(0, 0): F(3, 6), (1, 0): F(2, 6), (1, 1): F(1, 6)}


def test_two_dice_pool() -> None:
    succ = pool_successes(2)
    assert succ[0] == F(1, 4)  # (1/2)^2
    assert succ[1] == F(1, 2)  # 2 * 1/2 * 1/2
    assert succ[2] == F(1, 4)  # (1/2)^2
    joint = pool_outcomes(2)
    # per die: fail 3/6, plain success (4 or 5) 2/6, perfect (6) 1/6
    assert joint[(0, 0)] == F(9, 36)  # (3/6)^2
    assert joint[(1, 0)] == F(12, 36)  # 2 * (2/6) * (3/6)
    assert joint[(1, 1)] == F(6, 36)  # 2 * (1/6) * (3/6)
    assert joint[(2, 0)] == F(4, 36)  # (2/6)^2
    assert joint[(2, 1)] == F(4, 36)  # 2 * (1/6) * (2/6)
    assert joint[(2, 2)] == F(1, 36)  # (1/6)^2
    assert sum(joint.values()) == 1


def test_pool_thresholds() -> None:
    # success on 5+: faces 5,6 -> 2/6; two dice both succeed -> (1/3)^2
    assert pool_successes(2, success_on=5)[2] == F(1, 9)
    # success on 2+ with perfect on 5+: per die fail 1/6, plain (2,3,4) 3/6, perfect 2/6
    joint = pool_outcomes(1, success_on=2, perfect_on=5)
    assert joint == {(0, 0): F(1, 6), (1, 0): F(3, 6), (1, 1): F(2, 6)}
    # a threshold beyond 6 succeeds never; one at or below 1 always
    assert dict(pool_successes(3, success_on=7)) == {0: F(1)}
    assert dict(pool_successes(3, success_on=1)) == {3: F(1)}
    # a perfect hit must also be a success: needing 7 leaves no perfect 6
    assert pool_outcomes(1, success_on=7) == {(0, 0): F(1)}


def test_zero_dice_pool() -> None:
    assert dict(pool_successes(0)) == {0: F(1)}
    assert pool_outcomes(0) == {(0, 0): F(1)}
    # attacker with nothing never beats; against nothing, wins unless it rolls 0 (1/2)^1
    assert pool_contest(0, 0) == ContestOdds(F(0), F(1), F(0))
    assert pool_contest(0, 1) == ContestOdds(F(0), F(1, 2), F(1, 2))
    assert p_attacker_beats(1, 0) == F(1, 2)
    with pytest.raises(ValueError):
        pool_successes(-1)


def test_one_on_one_contest() -> None:
    # attacker 1 success and defender 0: 1/2 * 1/2
    assert p_attacker_beats(1, 1) == F(1, 4)
    # both 0 or both 1: 1/4 + 1/4
    assert p_tie(1, 1) == F(1, 2)
    assert pool_contest(1, 1) == ContestOdds(F(1, 4), F(1, 2), F(1, 4))


def test_two_on_one_contest() -> None:
    # attacker successes 0,1,2 with 1/4,1/2,1/4; defender 0,1 with 1/2,1/2
    # win = P(a=1)P(d=0) + P(a=2)(P(d=0)+P(d=1)) = 1/2*1/2 + 1/4*1 = 1/2
    # tie = P(a=0)P(d=0) + P(a=1)P(d=1) = 1/4*1/2 + 1/2*1/2 = 3/8
    assert pool_contest(2, 1) == ContestOdds(F(1, 2), F(3, 8), F(1, 8))


def test_contest_with_different_thresholds() -> None:
    # attacker 1 die on 4+ (1/2), defender 1 die on 6+ (1/6)
    # win = 1/2 * 5/6 = 5/12; tie = 1/2*5/6 + 1/2*1/6 = 1/2
    assert pool_contest(1, 1, success_on=4, defender_success_on=6) == ContestOdds(
        F(5, 12), F(1, 2), F(1, 12)
    )


def test_scoring_rolled_faces() -> None:
    assert successes([1, 4, 6, 3, 5]) == 3
    assert successes([1, 4, 6, 3, 5], success_on=5) == 2
    assert perfect_hits([6, 6, 5, 1]) == 2
    assert perfect_hits([6, 5], success_on=7) == 0


# --- DicePool ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "dice", "modifier", "canonical"),
    [
        ("3d6", (6, 6, 6), 0, "3d6"),
        ("2d6+1", (6, 6), 1, "2d6+1"),
        ("d10+2", (10,), 2, "d10+2"),
        ("d6+d10-1", (6, 10), -1, "d6+d10-1"),
        ("  2D6 +  1 ", (6, 6), 1, "2d6+1"),
        ("1d20", (20,), 0, "d20"),
        ("d6 - 2 + 5", (6,), 3, "d6+3"),
        ("d4+1-1", (4,), 0, "d4"),
        ("-1+d8", (8,), -1, "d8-1"),
        ("d6+d6+d8+d6", (6, 6, 8, 6), 0, "2d6+d8+d6"),
        ("20d100", (100,) * 20, 0, "20d100"),
    ],
)
def test_parse(text: str, dice: tuple[int, ...], modifier: int, canonical: str) -> None:
    pool = DicePool.parse(text)
    assert pool == DicePool(dice, modifier)
    assert str(pool) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3x6", "'3x6': expected something like 2d6+1"),
        ("2d6+abc", "'abc': expected something like 2d6+1"),
        ("", "empty dice expression"),
        ("   ", "empty dice expression"),
        ("2d6+", "missing a term after '+'"),
        ("2d6++1", "missing a term after '+'"),
        ("2 d6", "'2 d6': expected"),
        ("d6-d4", "'-d4': dice can only be added"),
        ("0d6", "'0d6': a term needs at least one die"),
        ("d1", "'d1': a die needs 2 to 100 sides"),
        ("d101", "'d101': a die needs 2 to 100 sides"),
        ("21d6", "at most 20 dice, got 21"),
        ("15d6+10d6", "at most 20 dice, got 25"),
        ("7", "needs at least one die"),
        ("99999999999999d6", "number too large"),
        ("d6+1.5", "'1.5': expected"),
    ],
)
def test_parse_errors(text: str, message: str) -> None:
    with pytest.raises(ValueError) as info:
        DicePool.parse(text)
    assert message in str(info.value)


def test_pool_constructor_limits() -> None:
    with pytest.raises(ValueError):
        DicePool(())
    with pytest.raises(ValueError):
        DicePool((6,) * (MAX_POOL_DICE + 1))
    with pytest.raises(ValueError):
        DicePool((1,))


def test_pool_distribution_matches_sum() -> None:
    assert DicePool.parse("2d6+1").distribution() == sum_of_dice(2, 6, 1)
    pool = DicePool.parse("d6+d10-1")
    # d6+d10-1 = 1 needs 1+1 -> 1/60
    assert pool.distribution()[1] == F(1, 60)
    assert pool.distribution() is pool.distribution()  # cached


def test_20d6_and_20d100_are_exact() -> None:
    """Worked out die by die (a convolution), never outcome by outcome: 100**20 outcomes
    could not be walked at all. How long it takes is bench_engine's figure: tests time
    nothing."""
    dist = DicePool((6,) * 20, 7).distribution()  # modifier unlikely to be cached already
    assert dist[27] == F(1, 6**20)  # all ones, plus 7
    assert dist.mean() == 20 * F(7, 2) + 7
    hundreds = DicePool((100,) * 20, 3).distribution()
    assert hundreds[23] == F(1, 100**20) == hundreds[2003]  # all ones, all hundreds
    assert hundreds.mean() == 20 * F(101, 2) + 3


def test_roll_with_seeded_rng() -> None:
    pool = DicePool.parse("2d6+d10+1")
    result = pool.roll(random.Random(1))
    assert isinstance(result, RollResult)
    assert result.pool == pool
    assert len(result.faces) == 3
    assert result.total == sum(result.faces) + 1
    assert str(result).startswith("2d6+d10+1: ")
    assert str(result).endswith(f"= {result.total}")


class _FixedRng:
    def __init__(self, faces: list[int]) -> None:
        self._faces = iter(faces)

    def randint(self, a: int, b: int) -> int:
        return next(self._faces)


def test_roll_result_text_and_validation() -> None:
    assert str(DicePool.parse("2d6+1").roll(_FixedRng([3, 5]))) == "2d6+1: 3 + 5 + 1 = 9"
    assert str(DicePool.parse("d10-2").roll(_FixedRng([7]))) == "d10-2: 7 - 2 = 5"
    with pytest.raises(ValueError, match="impossible on a d6"):
        DicePool.parse("d6").roll(_FixedRng([7]))


# --- properties ----------------------------------------------------------------------------

weights = st.dictionaries(st.integers(-20, 20), st.integers(0, 50), min_size=1, max_size=8).filter(
    lambda counts: sum(counts.values()) > 0
)
sides_lists = st.lists(st.integers(1, 12), max_size=6)
pools = st.builds(
    DicePool,
    dice=st.lists(st.integers(2, 100), min_size=1, max_size=MAX_POOL_DICE).map(tuple),
    modifier=st.integers(-50, 50),
)


@given(sides_lists, st.integers(-10, 10))
def test_sums_are_distributions(sides: list[int], modifier: int) -> None:
    dist = sum_distribution(sides, modifier)
    assert sum(dist.values()) == 1
    assert dist.mean() == sum(F(s + 1, 2) for s in sides) + modifier
    assert min(dist) == len(sides) + modifier
    assert max(dist) == sum(sides) + modifier


@given(weights, weights)
def test_convolution_mean_is_sum_of_means(a: dict[int, int], b: dict[int, int]) -> None:
    da, db = Distribution.from_counts(a), Distribution.from_counts(b)
    both = da.convolve(db)
    assert sum(both.values()) == 1
    assert both.mean() == da.mean() + db.mean()


@given(weights, st.integers(-30, 30))
def test_cumulative_helpers_agree(counts: dict[int, int], k: int) -> None:
    dist = Distribution.from_counts(counts)
    assert dist.p_at_least(k) + dist.p_at_most(k - 1) == 1
    assert dist.p_at_least(k) - dist.p_at_least(k + 1) == dist.p_exactly(k)


@given(st.integers(0, 8), st.integers(0, 8), st.integers(0, 8), st.integers(0, 8))
def test_contest_sums_to_one(a: int, d: int, a_on: int, d_on: int) -> None:
    odds = pool_contest(a, d, a_on, d_on)
    assert odds.win + odds.tie + odds.lose == 1
    assert all(0 <= p <= 1 for p in odds)
    assert p_attacker_beats(a, d, a_on, d_on) == odds.win
    assert p_tie(a, d, a_on, d_on) == odds.tie
    # swapping sides swaps win and lose
    assert pool_contest(d, a, d_on, a_on) == ContestOdds(odds.lose, odds.tie, odds.win)


@given(st.integers(0, 8), st.integers(1, 6), st.integers(1, 6))
def test_joint_pool_matches_marginal(dice: int, success_on: int, perfect_on: int) -> None:
    joint = pool_outcomes(dice, success_on, perfect_on)
    assert sum(joint.values()) == 1
    assert all(p <= s for s, p in joint)
    marginal: dict[int, Fraction] = {}
    for (s, _), prob in joint.items():
        marginal[s] = marginal.get(s, F(0)) + prob
    assert marginal == dict(pool_successes(dice, success_on))


@given(st.integers(-15, 15), st.integers(-15, 25))
def test_d10_meets_matches_distribution(modifier: int, target: int) -> None:
    assert p_d10_meets(modifier, target) == die(10).shift(modifier).p_at_least(target)


@given(pools)
def test_parse_round_trips(pool: DicePool) -> None:
    assert DicePool.parse(str(pool)) == pool
    assert DicePool.parse(str(pool).upper()) == pool


@settings(max_examples=50)
@given(pools, st.integers(0, 2**32))
def test_roll_faces_in_range_and_replayable(pool: DicePool, seed: int) -> None:
    first = pool.roll(random.Random(seed))
    assert first == pool.roll(random.Random(seed))
    assert all(1 <= face <= sides for face, sides in zip(first.faces, pool.dice, strict=True))
    assert pool.distribution().p_exactly(first.total) > 0
