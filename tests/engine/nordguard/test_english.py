"""The rules log's English: possessives of names ending in s."""

from __future__ import annotations

from engine.games.nordguard.english import possessive


def test_possessive_takes_the_apostrophe_alone_after_a_final_s() -> None:
    assert possessive("Nickel") == "Nickel's"
    assert possessive("Deep Drifts") == "Deep Drifts'"
    assert possessive("Major Oleg") == "Major Oleg's"
