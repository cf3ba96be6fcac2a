"""The match's seeded random number generator.

The whole generator state is one 64-bit integer kept inside the game state,
so cloning a state for undo snapshots or AI search copies the dice with it:
redo after undo rolls exactly the same faces, and nothing outside the match
can influence a roll. SplitMix64 is tiny, fast in pure Python and passes the
statistical tests that matter for dice and shuffles.
"""

from __future__ import annotations

from collections.abc import Iterable, MutableSequence, Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_SPAN = 1 << 64
_new = object.__new__

T = TypeVar("T")


class Rng:
    """SplitMix64 generator whose state is a plain int."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def clone(self) -> Rng:
        new = _new(Rng)  # every state clone makes one: skip __init__'s masking
        new.state = self.state
        return new

    def to_json(self) -> int:
        return self.state

    @classmethod
    def from_json(cls, data: int, template: Rng) -> Rng:
        return Rng(data)

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n); rejection sampling keeps it unbiased."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = _SPAN - (_SPAN % n)
        state = self.state
        while True:  # next64, written out: every die, shuffle and random pick comes here
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                self.state = state
                return x % n

    def randint(self, a: int, b: int) -> int:
        """Uniform integer in [a, b], inclusive like random.randint."""
        return a + self.below(b - a + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place, each place drawn as `below(i + 1)` draws it, written out
        here as `below` writes out next64: a call per card was some 8% of a 52-card
        shuffle, and a replayed sandbox table shuffles its deck hundreds of times."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _SPAN - (_SPAN % n)
            while True:
                state = (state + _GOLDEN) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                x = z ^ (z >> 31)
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state = state


class SealedRng(Rng):
    """The RNG of a seat's view: it holds no state and refuses to roll.

    The true generator's state, with the rules, determines every shuffle and
    every roll to come, so a view that carried it would show the opponent's hand
    and the deck order. Whatever needs dice while reading a view (a computer
    player's search) brings its own generator.
    """

    __slots__ = ()

    def __init__(self) -> None:
        self.state = 0

    def clone(self) -> SealedRng:
        return self

    def next64(self) -> int:
        raise RuntimeError("a seat's view has no dice: use a generator of your own")

    def below(self, n: int) -> int:
        return self.next64()  # refuses: Rng.below rolls without calling next64

    def shuffle(self, items: MutableSequence[T]) -> None:
        self.next64()  # refuses: Rng.shuffle rolls without calling below


class ScriptedRng(Rng):
    """Dice from a script, everything else (shuffles, choices) from the seeded stream.

    For tests and rulebook walkthroughs: the rulebook says "you roll a 4", the
    script makes it so. Each die rolled takes the next scripted face; a face too
    high for the die is an error, so a walkthrough that drifts out of step fails
    loudly rather than quietly rolling something else. When the script runs out,
    the seeded stream rolls. Clones carry the rest of the script, so a match's
    checkpoints, undo and redo meet the same faces.
    """

    __slots__ = ("faces",)

    def __init__(self, seed: int, faces: Iterable[int] = ()) -> None:
        super().__init__(seed)
        self.faces = list(faces)

    def clone(self) -> ScriptedRng:
        return ScriptedRng(self.state, self.faces)

    def randint(self, a: int, b: int) -> int:
        if a != 1 or not self.faces:
            return super().randint(a, b)
        face = self.faces.pop(0)
        if not 1 <= face <= b:
            raise ValueError(f"the script rolls {face} on a die of {b} sides")
        return face
