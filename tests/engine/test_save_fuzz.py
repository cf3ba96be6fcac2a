"""Hostile and damaged saves (issue "Play-test fixes", items 2 and 3).

A seeded mutator damages real saves of every game: flipped bytes, cut files,
deep nesting, huge numbers, long strings, swapped, dropped and foreign
actions. Every result is either refused with one line of under 300
characters, or it loads and saving it again is byte-identical.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.core import saves
from engine.core.errors import SaveError
from engine.core.match import Match
from engine.core.rng import Rng
from engine.games import game_names
from engine.simulate import play_one

ROOT = Path(__file__).resolve().parents[2]
MUTATIONS_PER_GAME = 120
LONG = 1_000_000


def real_save(game: str, seed: int = 3) -> str:
    """A save of a real match with actions and a redo list."""
    match = play_one(game, seed, 80, checks=False)
    match.take_backs = True
    for _ in range(min(3, len(match.steps))):
        match.undo()
    return saves.dumps(match)


@pytest.fixture(scope="module")
def originals() -> dict[str, str]:
    return {game: real_save(game) for game in game_names()}


def judge(raw: bytes, path: Path) -> str:
    """Load `raw`; return "refused" or "loaded", failing on anything a player must not see."""
    path.write_bytes(raw)
    try:
        match = saves.load(path)
    except SaveError as exc:
        message = str(exc)
        assert "\n" not in message, message[:400]
        assert len(message) < 300, message[:400]
        assert "Runetable bug" not in message, message
        return "refused"
    again = saves.dumps(match)
    assert saves.dumps(saves.loads(again, "again")) == again
    return "loaded"


# -- the mutator ------------------------------------------------------------------------
Mutation = Callable[[Rng, dict[str, Any], dict[str, str]], bytes]


def _json(data: Any) -> bytes:
    return json.dumps(data, indent=1, sort_keys=True).encode()


def flip_bytes(rng: Rng, data: dict[str, Any], _others: dict[str, str]) -> bytes:
    raw = bytearray(_json(data))
    for _ in range(1 + rng.below(4)):
        raw[rng.below(len(raw))] ^= 1 << rng.below(8)
    return bytes(raw)


def truncate(rng: Rng, data: dict[str, Any], _others: dict[str, str]) -> bytes:
    raw = _json(data)
    return raw[:rng.below(len(raw))]


def nest_deeply(rng: Rng, data: dict[str, Any], _others: dict[str, str]) -> bytes:
    depth = rng.choice([1_000, 20_000, 100_000])
    where = rng.choice(["whole", "options", "action", "seed"])
    deep = "[" * depth + "]" * depth
    if where == "whole":
        return deep.encode()
    marker = "\"@@DEEP@@\""
    if where == "options":
        data["options"]["players"] = "@@DEEP@@"
    elif where == "action" and data["actions"]:
        data["actions"][0]["action"]["t"] = "@@DEEP@@"
    else:
        data["seed"] = "@@DEEP@@"
    return _json(data).replace(marker.encode(), deep.encode())


def huge_number(rng: Rng, data: dict[str, Any], _others: dict[str, str]) -> bytes:
    digits = rng.choice([19, 20, 300, 4_300, 4_301, 10_000])
    number = "9" * digits
    where = rng.choice(["seed", "actor", "players", "schema", "field"])
    marker = "\"@@NUM@@\""
    if where == "seed":
        data["seed"] = "@@NUM@@"
    elif where == "actor" and data["actions"]:
        data["actions"][rng.below(len(data["actions"]))]["actor"] = "@@NUM@@"
    elif where == "players":
        data["options"]["players"] = "@@NUM@@"
    elif where == "schema":
        data["schema_version"] = "@@NUM@@"
    elif data["actions"]:
        action = data["actions"][rng.below(len(data["actions"]))]["action"]
        fields = [k for k in action if k != "t"] or ["extra"]
        action[rng.choice(fields)] = "@@NUM@@"
    return _json(data).replace(marker.encode(), number.encode())


def long_string(rng: Rng, data: dict[str, Any], _others: dict[str, str]) -> bytes:
    text = "x" * LONG
    where = rng.choice(["game", "kind", "field", "option-key", "option-value", "hash", "mode"])
    if where == "game":
        data["game"] = text
    elif where == "kind" and data["actions"]:
        data["actions"][0]["action"]["t"] = text
    elif where == "field" and data["actions"]:
        action = data["actions"][rng.below(len(data["actions"]))]["action"]
        fields = [k for k in action if k != "t"] or [text]
        action[rng.choice(fields)] = text
    elif where == "option-key":
        data["options"][text] = 1
    elif where == "option-value":
        data["options"][rng.choice(sorted(data["options"]))] = text
    elif where == "hash":
        data["state_hash"] = text
    else:
        data["mode"] = text
    return _json(data)


def shuffle_actions(rng: Rng, data: dict[str, Any], _others: dict[str, str]) -> bytes:
    actions = data["actions"]
    if len(actions) >= 2:
        kind = rng.below(3)
        i, j = rng.below(len(actions)), rng.below(len(actions))
        if kind == 0:
            actions[i], actions[j] = actions[j], actions[i]
        elif kind == 1:
            actions.insert(i, dict(actions[j]))
        else:
            del actions[i]
    return _json(data)


def foreign_actions(rng: Rng, data: dict[str, Any], others: dict[str, str]) -> bytes:
    other = json.loads(others[rng.choice(sorted(others))])
    where = rng.below(3)
    if where == 0 and other["actions"]:
        data["actions"].insert(rng.below(len(data["actions"]) + 1),
                               rng.choice(other["actions"]))
    elif where == 1:
        data["redo"] = other["actions"][:5]
    else:
        data["redo"] = other["redo"] + data["redo"]
    return _json(data)


def wrong_types(rng: Rng, data: dict[str, Any], _others: dict[str, str]) -> bytes:
    key = rng.choice(sorted(data))
    data[key] = rng.choice([None, True, 1.5, [], {}, "", -1])
    return _json(data)


MUTATIONS: tuple[Mutation, ...] = (flip_bytes, truncate, nest_deeply, huge_number, long_string,
                                   shuffle_actions, foreign_actions, wrong_types)


@pytest.mark.parametrize("game", game_names())
def test_every_damaged_save_is_refused_in_one_line_or_round_trips(
        game: str, originals: dict[str, str], tmp_path: Path) -> None:
    """120 seeded mutations of a real save per game: one short line, or a clean load."""
    rng = Rng(sum(map(ord, game)))  # the same cases on every run
    verdicts = {"refused": 0, "loaded": 0}
    others = {name: text for name, text in originals.items() if name != game}
    for case in range(MUTATIONS_PER_GAME):
        mutation = MUTATIONS[case % len(MUTATIONS)]
        raw = mutation(rng, json.loads(originals[game]), others)
        try:
            verdicts[judge(raw, tmp_path / "fuzzed.runetable")] += 1
        except AssertionError as exc:
            raise AssertionError(f"{game} case {case} ({mutation.__name__}): {exc}") from None
    assert verdicts["refused"] > MUTATIONS_PER_GAME // 2


# -- the reported cases, one by one ---------------------------------------------------------
def test_deep_nesting_is_one_error_line_from_replay(tmp_path: Path) -> None:
    """`python -m engine.replay` on `[[[[…` 100,000 deep: one `error:` line, exit 1."""
    path = tmp_path / "deep.runetable"
    path.write_text("[" * 100_000 + "]" * 100_000)
    result = subprocess.run([sys.executable, "-m", "engine.replay", str(path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == f"error: {path}: not a Runetable save (its JSON is nested too " \
                            "deeply)\n"


def test_a_seed_of_4301_digits_is_refused_in_one_line(originals: dict[str, str]) -> None:
    """Python will not read an integer of over 4,300 digits; the save says so in one line."""
    text = originals["sandbox"].replace(f'"seed": {json.loads(originals["sandbox"])["seed"]}',
                                        '"seed": ' + "7" * 4301)
    with pytest.raises(SaveError) as info:
        saves.loads(text, "big.runetable")
    assert str(info.value) == ("big.runetable: not a Runetable save (it holds a number too "
                               "long to read)")


def test_a_seed_beyond_64_bits_is_refused_naming_the_field(originals: dict[str, str]) -> None:
    data = json.loads(originals["sandbox"])
    data["seed"] = 2**64
    with pytest.raises(SaveError, match=r"field 'seed': Input should be less than or equal"):
        saves.from_dict(data, "s")


@pytest.mark.parametrize("where", ["game", "kind"])
def test_a_name_of_a_million_characters_is_quoted_as_an_excerpt(
        originals: dict[str, str], where: str) -> None:
    """Unknown game or action names are quoted by their first characters only."""
    data = json.loads(originals["tactica"])
    if where == "game":
        data["game"] = "q" * LONG
    else:
        data["actions"][0]["action"]["t"] = "q" * LONG
    with pytest.raises(SaveError) as info:
        saves.from_dict(data, "long.runetable")
    message = str(info.value)
    assert len(message) < 200 and "qqqq" in message and "qqq...qqq" in message


def test_a_redo_list_of_another_game_is_refused(originals: dict[str, str]) -> None:
    """The redo list is checked like the action list: a sandbox save cannot carry
    TACTICA's actions to redo."""
    data = json.loads(originals["sandbox"])
    data["redo"] = json.loads(originals["tactica"])["actions"][:3]
    with pytest.raises(SaveError, match=r"redo action 1 .* is not legal there"):
        saves.from_dict(data, "s")


def test_a_redo_list_out_of_order_is_refused(originals: dict[str, str]) -> None:
    """Redo entries are checked in the order they would be redone."""
    data = json.loads(originals["nordguard"])
    assert len(data["redo"]) == 3
    data["redo"] = list(reversed(data["redo"]))
    before = saves.from_dict(json.loads(originals["nordguard"]), "s")
    assert isinstance(before, Match)
    with pytest.raises(SaveError, match="redo action"):
        saves.from_dict(data, "s")


def test_too_many_actions_are_refused_before_replaying(originals: dict[str, str]) -> None:
    """A save over the documented limit is refused at once with the limit named."""
    data = json.loads(originals["sandbox"])
    data["actions"] = data["actions"] * (saves.MAX_ACTIONS // len(data["actions"]) + 1)
    with pytest.raises(SaveError, match=f"at most {saves.MAX_ACTIONS} items"):
        saves.from_dict(data, "s")
