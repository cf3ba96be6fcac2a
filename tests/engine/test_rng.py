"""The match RNG (engine.core.rng): SplitMix64, determinism, clones, ranges and shuffles."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng, SealedRng

# SplitMix64 reference outputs for seed 0 (Vigna's splitmix64.c).
SPLITMIX_SEED0 = [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_matches_splitmix64_reference() -> None:
    """The generator is SplitMix64: seed 0 gives the published first outputs."""
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == SPLITMIX_SEED0


def test_same_seed_same_stream_different_seed_different_stream() -> None:
    """A seed fixes the whole stream; another seed gives another stream."""
    a, b, c = Rng(12345), Rng(12345), Rng(12346)
    first = [a.below(1000) for _ in range(50)]
    assert first == [b.below(1000) for _ in range(50)]
    assert first != [c.below(1000) for _ in range(50)]


def test_seed_is_reduced_to_64_bits() -> None:
    """The state is a 64-bit integer: seeds equal modulo 2**64 are the same generator."""
    assert Rng(-1).state == (1 << 64) - 1
    assert Rng((1 << 64) + 7).next64() == Rng(7).next64()


def test_clone_is_independent() -> None:
    """A clone replays the same future, and drawing from it leaves the original alone."""
    rng = Rng(99)
    rng.next64()
    twin = rng.clone()
    from_twin = [twin.next64() for _ in range(10)]
    assert twin.state != rng.state
    assert [rng.next64() for _ in range(10)] == from_twin


@pytest.mark.parametrize("n", [1, 2, 3, 6, 7, 10, 52, 1000])
def test_below_stays_in_range(n: int) -> None:
    """below(n) returns integers in [0, n) and reaches both ends for small n."""
    rng = Rng(n)
    draws = [rng.below(n) for _ in range(2000)]
    assert all(isinstance(d, int) and 0 <= d < n for d in draws)
    if n <= 10:
        assert set(draws) == set(range(n))


@pytest.mark.parametrize("n", [0, -3])
def test_below_refuses_non_positive_bound(n: int) -> None:
    """below() needs a positive bound and says so."""
    with pytest.raises(ValueError, match="positive bound"):
        Rng(1).below(n)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_below_chi_square_d6(seed: int) -> None:
    """6,000 draws of below(6) pass a chi-square test (5 dof, p=0.001 bound 20.52)."""
    rng = Rng(seed)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts)
    assert chi2 < 20.52, counts


def test_below_rejects_the_biased_tail() -> None:
    """Raw values at or above the largest multiple of n are redrawn, not folded with %."""
    n = 3 << 62  # 2**64 % n == 2**62, so raw values >= 3 * 2**62 must be rejected
    seed = next(s for s in range(100) if Rng(s).next64() >= n)  # a quarter of seeds do
    raw = Rng(seed)
    tail, kept = raw.next64(), raw.next64()
    assert tail >= n and kept < n, "pick a seed whose second draw is kept"
    rng = Rng(seed)
    assert rng.below(n) == kept
    assert rng.state == raw.state  # both draws were taken
    fair = next(s for s in range(100) if Rng(s).next64() < n)
    assert Rng(fair).below(n) == Rng(fair).next64()


def test_randint_is_inclusive() -> None:
    """randint(a, b) includes both ends, like random.randint."""
    rng = Rng(4)
    draws = {rng.randint(1, 6) for _ in range(500)}
    assert draws == {1, 2, 3, 4, 5, 6}
    assert {rng.randint(-2, -2) for _ in range(5)} == {-2}


def test_choice_picks_members() -> None:
    """choice() returns an element of the sequence and can return each of them."""
    rng = Rng(8)
    items = ("a", "b", "c")
    assert {rng.choice(items) for _ in range(200)} == set(items)


@pytest.mark.parametrize("length", [0, 1, 2, 7, 52, 300])
def test_shuffle_is_fisher_yates_over_below(length: int) -> None:
    """shuffle() writes below() out for speed: it must make the very order Fisher-Yates
    over below() makes, and leave the stream where below() would, or every save holding
    a shuffle would load to another table."""
    fast, plain = Rng(31 + length), Rng(31 + length)
    order, expected = list(range(length)), list(range(length))
    fast.shuffle(order)
    for i in range(length - 1, 0, -1):
        j = plain.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert order == expected
    assert fast.state == plain.state


def test_shuffle_is_a_permutation_and_deterministic() -> None:
    """shuffle() keeps exactly the same items, moves them, and repeats for the same seed."""
    items = list(range(52))
    once, twice = list(items), list(items)
    Rng(21).shuffle(once)
    Rng(21).shuffle(twice)
    assert sorted(once) == items
    assert once != items
    assert once == twice
    other = list(items)
    Rng(22).shuffle(other)
    assert other != once


def test_shuffle_reaches_every_order_of_three() -> None:
    """Fisher-Yates on three items reaches all 6 orders, each roughly 1/6 of the time."""
    rng = Rng(5)
    counts: dict[tuple[int, ...], int] = {}
    for _ in range(3000):
        items = [0, 1, 2]
        rng.shuffle(items)
        counts[tuple(items)] = counts.get(tuple(items), 0) + 1
    assert len(counts) == 6
    chi2 = sum((c - 500) ** 2 / 500 for c in counts.values())
    assert chi2 < 20.52, counts


def test_shuffle_of_short_lists() -> None:
    """Empty and one-item lists shuffle to themselves without drawing from the RNG."""
    rng = Rng(3)
    before = rng.state
    empty: list[int] = []
    one = [9]
    rng.shuffle(empty)
    rng.shuffle(one)
    assert empty == [] and one == [9]
    assert rng.state == before


def test_scripted_rng_rolls_the_script_then_the_stream() -> None:
    """A walkthrough's dice: scripted faces first (any die size), shuffles from the seed,
    clones carry the rest of the script, and a face too high for its die is an error."""
    from engine.core.dice import DicePool
    from engine.core.rng import ScriptedRng

    rng = ScriptedRng(5, [4, 6, 9])
    assert DicePool.parse("2d6").roll(rng).faces == (4, 6)
    twin = rng.clone()
    assert DicePool.parse("1d10").roll(rng).faces == (9,)
    assert DicePool.parse("1d10").roll(twin).faces == (9,)
    plain = Rng(5)
    assert [rng.randint(1, 6) for _ in range(5)] == [plain.randint(1, 6) for _ in range(5)]
    order, expected = list(range(10)), list(range(10))
    ScriptedRng(7, [1]).shuffle(order)
    Rng(7).shuffle(expected)
    assert order == expected
    with pytest.raises(ValueError, match="the script rolls 9 on a die of 6 sides"):
        ScriptedRng(1, [9]).randint(1, 6)


@pytest.mark.parametrize("roll", [lambda r: r.next64(), lambda r: r.below(6),
                                  lambda r: r.randint(1, 6), lambda r: r.shuffle([1, 2, 3])])
def test_a_views_sealed_generator_refuses_every_roll(roll) -> None:
    """A seat's view carries no dice: each way of rolling says so rather than rolling."""
    with pytest.raises(RuntimeError, match="no dice"):
        roll(SealedRng())


@pytest.mark.parametrize("n", [1, 6, 52, 1000, 2**63 + 12345, 2**64 - 1])
def test_below_is_next64_with_rejection(n: int) -> None:
    """below() writes next64's arithmetic out for speed: it must draw exactly what
    rejection sampling over next64 draws, and leave the stream where next64 would
    (bounds near 2**64 reject often, so the loop is exercised)."""
    fast, plain = Rng(11), Rng(11)
    limit = 2**64 - (2**64 % n)
    for _ in range(200):
        x = plain.next64()
        while x >= limit:
            x = plain.next64()
        assert fast.below(n) == x % n
        assert fast.state == plain.state
