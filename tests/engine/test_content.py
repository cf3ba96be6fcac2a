"""Content loading (engine.core.content): bad files fail naming the file, the item and the field."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.core.content import describe_location, load_content
from engine.core.errors import ContentError
from engine.games.sandbox.content import ASSET, SandboxContent


def sandbox_data() -> dict[str, Any]:
    return json.loads(ASSET.read_text(encoding="utf-8"))


def write(tmp_path: Path, data: Any, name: str = "table.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_shipped_sandbox_content_loads() -> None:
    """assets/sandbox/table.json is valid: 4 suits x 13 ranks, 3 kinds of token."""
    content = load_content(ASSET, SandboxContent)
    assert len(content.card_faces()) == 52
    assert content.card_faces()[:3] == ["AS", "2S", "3S"]
    assert content.card_faces()[-1] == "KC"
    assert [t.name for t in content.tokens] == ["red token", "blue token", "gold coin"]
    assert content.face_name("10D") == "10♦"
    assert content.face_name("token:blue") == "blue token"
    assert content.provenance == "designed"
    assert all(t.provenance in ("seed", "designed") for t in content.tokens)


def test_a_valid_copy_loads(tmp_path: Path) -> None:
    """A valid file elsewhere loads into the model."""
    content = load_content(write(tmp_path, sandbox_data()), SandboxContent)
    assert isinstance(content, SandboxContent)
    assert content.dice == ["2d6", "1d6", "3d6", "1d10", "4d6"]


def _drop(item: str, index: int, field: str) -> Callable[[dict[str, Any]], None]:
    return lambda d: d[item][index].pop(field)


def _put(item: str, index: int, field: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: d[item][index].__setitem__(field, value)


BAD_CONTENT: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("missing token count", _drop("tokens", 1, "count"),
     "tokens[1] (blue token).count: Field required"),
    ("mistyped token count", _put("tokens", 1, "count", "three"),
     "tokens[1] (blue token).count: Input should be a valid integer"),
    ("token count out of range", _put("tokens", 2, "count", 0),
     "tokens[2] (gold coin).count: Input should be greater than or equal to 1"),
    ("bad token colour", _put("tokens", 0, "colour", "red"),
     "tokens[0] (red token).colour: String should match pattern"),
    ("bad token provenance", _put("tokens", 0, "provenance", "guessed"),
     "tokens[0] (red token).provenance: Input should be 'seed' or 'designed'"),
    ("unknown token field", _put("tokens", 2, "weight", 3),
     "tokens[2] (gold coin).weight: Extra inputs are not permitted"),
    ("bad suit colour", _put("suits", 2, "colour", "green"),
     "suits[2] (Diamonds).colour: Input should be 'red' or 'black'"),
    ("suit key too long", _put("suits", 3, "key", "CLB"),
     "suits[3] (Clubs).key: String should have at most 2 characters"),
    ("missing top-level field", lambda d: d.pop("provenance"), "provenance: Field required"),
    ("no suits", lambda d: d.__setitem__("suits", []),
     "suits: List should have at least 1 item"),
    ("mistyped rank", lambda d: d["ranks"].__setitem__(4, 5),
     "ranks[4]: Input should be a valid string"),
    ("tokens not a list", lambda d: d.__setitem__("tokens", {"red": 3}),
     "tokens: Input should be a valid list"),
]


@pytest.mark.parametrize(("change", "where"), [(c, w) for _, c, w in BAD_CONTENT],
                         ids=[name for name, _, _ in BAD_CONTENT])
def test_bad_content_names_file_item_and_field(
        tmp_path: Path, change: Callable[[dict[str, Any]], None], where: str) -> None:
    """A content file failing validation raises ContentError: file: item (name).field: why."""
    data = sandbox_data()
    change(data)
    path = write(tmp_path, data)
    with pytest.raises(ContentError) as info:
        load_content(path, SandboxContent)
    message = str(info.value)
    assert message.startswith(f"{path}: {where}"), message


def test_top_level_not_an_object(tmp_path: Path) -> None:
    """A file holding a list instead of an object says so at 'the top level'."""
    path = write(tmp_path, [1, 2])
    with pytest.raises(ContentError) as info:
        load_content(path, SandboxContent)
    assert str(info.value).startswith(f"{path}: the top level: Input should be a valid dictionary")


def test_bad_json(tmp_path: Path) -> None:
    """Broken JSON names the file, line and column."""
    path = tmp_path / "table.json"
    path.write_text('{"provenance": "designed",\n  "suits": [,]}', encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_content(path, SandboxContent)
    assert str(info.value) == f"{path}: not valid JSON (line 2, column 13: Expecting value)"


def test_missing_file(tmp_path: Path) -> None:
    """A missing content file is named as missing."""
    path = tmp_path / "nope.json"
    with pytest.raises(ContentError) as info:
        load_content(path, SandboxContent)
    assert str(info.value) == f"{path}: content file is missing"


def test_non_utf8_file(tmp_path: Path) -> None:
    """A file that is not UTF-8 text is a ContentError naming the file, not a crash."""
    path = tmp_path / "table.json"
    path.write_bytes(json.dumps(sandbox_data(), ensure_ascii=False).encode("utf-16"))
    with pytest.raises(ContentError) as info:
        load_content(path, SandboxContent)
    assert str(info.value).startswith(f"{path}: ")
    assert "UTF-8" in str(info.value)


def test_directory_instead_of_file(tmp_path: Path) -> None:
    """A folder where a content file should be is a ContentError naming it."""
    path = tmp_path / "table.json"
    path.mkdir()
    with pytest.raises(ContentError) as info:
        load_content(path, SandboxContent)
    assert str(info.value).startswith(f"{path}: ")


def test_content_errors_are_single_lines(tmp_path: Path) -> None:
    """Only the first problem is reported, on one line, for the status bar and the log."""
    data = sandbox_data()
    data["tokens"][0]["count"] = "x"
    data["suits"][0]["colour"] = "blue"
    path = write(tmp_path, data)
    with pytest.raises(ContentError) as info:
        load_content(path, SandboxContent)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    ("data", "loc", "expected"),
    [
        ({"cards": [{"key": "k1"}, {"id": "x"}]}, ("cards", 1, "cost"), "cards[1] (x).cost"),
        ({"cards": [{"key": "k1"}]}, ("cards", 0), "cards[0] (k1)"),
        ({"cards": [{"name": 7}]}, ("cards", 0, "name"), "cards[0].name"),
        ({"cards": ["a"]}, ("cards", 0), "cards[0]"),
        ({"cards": []}, ("cards", 3, "x"), "cards[3].x"),
        ({"a": {"b": [[{"name": "deep"}]]}}, ("a", "b", 0, 0, "c"), "a.b[0][0] (deep).c"),
        ({}, (), "the top level"),
    ],
)
def test_describe_location(data: object, loc: tuple[int | str, ...], expected: str) -> None:
    """Locations read like paths, with an item's name, key or id after its index."""
    assert describe_location(data, loc) == expected


@pytest.mark.parametrize(("edit", "where"), [
    (lambda d: d.__setitem__("ranks", ["A"] * 1_000_000), "ranks"),
    (lambda d: d["tokens"][0].__setitem__("count", 1_000_000_000), "tokens[0] (red token).count"),
    (lambda d: d.__setitem__("suits", d["suits"] * 3), "suits"),
])
def test_sandbox_content_numbers_are_bounded(tmp_path, edit, where) -> None:
    """A huge count or list in table.json is refused naming the field, not built."""
    from engine.core import content as core_content
    from engine.games.sandbox import content as sandbox_content

    data = json.loads(sandbox_content.ASSET.read_text())
    edit(data)
    path = tmp_path / "table.json"
    path.write_text(json.dumps(data))
    core_content._read.cache_clear()
    with pytest.raises(ContentError) as info:
        sandbox_content.load(path)
    assert str(info.value).startswith(f"{path}: {where}: ")
