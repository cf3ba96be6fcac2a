"""Save files (engine.core.saves): canonical bytes, redo kept, every bad input refused cleanly."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.core import saves
from engine.core.errors import SaveError
from engine.core.game import RuleMode
from engine.core.match import Match
from engine.core.referee import FlipCard, MoveCard, RollDice, SetCounter, ShuffleZone
from engine.games import get_game


def played_match(take_backs: bool = True) -> Match:
    """A sandbox match with a draw, a roll, a shuffle, moves, and two actions undone."""
    game = get_game("sandbox")
    m = Match(game, game.options_model(players=3), 11, RuleMode.SANDBOX, take_backs)
    for action in (MoveCard("?deck#51", "hand:0"), RollDice("3d6"), ShuffleZone("deck"),
                   MoveCard("t-gold-1", "board", x=5, y=-5), FlipCard("t-red-1"),
                   SetCounter("score", 2), MoveCard("?deck#0", "hand:2", index=0)):
        m.submit(action)
    m.undo()
    m.undo()
    return m


def snapshot(root: Path) -> dict[str, tuple[bytes, int] | None]:
    """Every file and folder under root with its bytes and modification time."""
    out: dict[str, tuple[bytes, int] | None] = {}
    for path in sorted(root.rglob("*")):
        key = str(path.relative_to(root))
        out[key] = (path.read_bytes(), path.stat().st_mtime_ns) if path.is_file() else None
    return out


# -- round trips -----------------------------------------------------------------------
def test_save_load_save_is_byte_identical(tmp_path: Path) -> None:
    """save -> load -> save gives the same bytes, and the same state."""
    m = played_match()
    path = tmp_path / "m.runetable"
    saves.save(m, path)
    text = path.read_text(encoding="utf-8")
    assert text == saves.dumps(m)
    loaded = saves.load(path)
    assert loaded.state_hash() == m.state_hash()
    assert saves.dumps(loaded) == text
    saves.save(loaded, tmp_path / "again.runetable")
    assert (tmp_path / "again.runetable").read_bytes() == path.read_bytes()


def test_save_holds_the_match_record() -> None:
    """A save is the game, options, seed, mode, take-backs, actions, redo and state hash."""
    m = played_match()
    data = json.loads(saves.dumps(m))
    assert data["format"] == "runetable-save" and data["schema_version"] == 3
    assert data["game"] == "sandbox" and data["options"] == {"players": 3, "computer_seats": [],
                               "stop_for_answers": "only when I can answer"}
    assert data["seed"] == 11 and data["mode"] == "sandbox" and data["take_backs"] is True
    assert len(data["actions"]) == 5 and len(data["redo"]) == 2
    assert data["actions"][1] == {"actor": 0, "action": {"t": "roll", "pool": "3d6"}}
    assert data["state_hash"] == m.state_hash()
    assert saves.dumps(m).endswith("}\n")


def test_redo_list_survives_a_save(tmp_path: Path) -> None:
    """Undone actions stay redoable after load, and redo reaches the same states."""
    m = played_match()
    path = tmp_path / "m.runetable"
    saves.save(m, path)
    loaded = saves.load(path)
    assert loaded.redo_actions == m.redo_actions
    assert loaded.redo_actions[-1][0] == SetCounter("score", 2)
    m.redo()
    loaded.redo()
    assert loaded.state_hash() == m.state_hash()
    m.redo()
    loaded.redo()
    assert loaded.state_hash() == m.state_hash()


def test_loaded_match_keeps_the_undo_policy(tmp_path: Path) -> None:
    """A reloaded match refuses the same undo its original refused (the record is rebuilt)."""
    game = get_game("sandbox")
    m = Match(game, game.options_model(), 4, RuleMode.SANDBOX, take_backs=False)
    m.submit(RollDice("2d6"))
    path = tmp_path / "m.runetable"
    saves.save(m, path)
    loaded = saves.load(path)
    assert loaded.take_backs is False
    assert loaded.can_undo() == m.can_undo() == (
        False, "dice were rolled or a pile shuffled; take-backs are off")


def test_loaded_match_rolls_the_same_future_dice(tmp_path: Path) -> None:
    """The RNG comes back with the record: the next roll after loading matches the original's."""
    m = played_match()
    path = tmp_path / "m.runetable"
    saves.save(m, path)
    loaded = saves.load(path)
    assert loaded.submit(RollDice("4d6"))[0] == m.submit(RollDice("4d6"))[0]


# -- bad input ---------------------------------------------------------------------------
def _edit(change: Callable[[dict[str, Any]], None]) -> Callable[[str], bytes]:
    def make(text: str) -> bytes:
        data = json.loads(text)
        change(data)
        return json.dumps(data, indent=1).encode()
    return make


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: d.__setitem__(key, value)


def _set_action(number: int, action: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: d["actions"][number - 1].__setitem__("action", action)


BAD_SAVES: list[tuple[str, Callable[[str], bytes], str]] = [
    ("truncated", lambda t: t[: len(t) // 2].encode(),
     "; the file may be truncated or damaged"),
    ("empty", lambda t: b"", "not valid JSON (line 1, column 1: Expecting value)"),
    ("not JSON", lambda t: b"this is not a save\n", "not valid JSON (line 1, column 1"),
    ("JSON array", lambda t: b"[1, 2, 3]", "not a Runetable save (expected a JSON object)"),
    ("wrong format", _edit(_set("format", "other-save")),
     "not a Runetable save (no 'format': 'runetable-save')"),
    ("newer schema", _edit(_set("schema_version", 4)),
     "written by a newer Runetable (save version 4; this version reads 1 to 3)"),
    ("older schema", _edit(_set("schema_version", 0)),
     "written by an older Runetable (save version 0; this version reads 1 to 3)"),
    ("missing format", _edit(lambda d: d.pop("format")),
     "not a Runetable save (no 'format': 'runetable-save')"),
    ("missing schema version", _edit(lambda d: d.pop("schema_version")),
     "field 'schema_version': Field required"),
    ("missing seed", _edit(lambda d: d.pop("seed")), "field 'seed': Field required"),
    ("missing actions", _edit(lambda d: d.pop("actions")), "field 'actions': Field required"),
    ("mistyped seed", _edit(_set("seed", "eleven")),
     "field 'seed': Input should be a valid integer"),
    ("mistyped mode", _edit(_set("mode", "chaos")), "field 'mode': Input should be"),
    ("seed as text", _edit(_set("seed", "11")), "field 'seed': Input should be a valid integer"),
    ("take-backs as text", _edit(_set("take_backs", "yes")),
     "field 'take_backs': Input should be a valid boolean"),
    ("players as text", _edit(_set("options", {"players": "2"})),
     "options field 'players': Input should be a valid integer"),
    ("mistyped actions", _edit(_set("actions", {"one": 1})),
     "field 'actions': Input should be a valid list"),
    ("mistyped actor", _edit(lambda d: d["actions"][0].__setitem__("actor", "me")),
     "field 'actions.0.actor': Input should be a valid integer"),
    ("unknown field", _edit(_set("cheats", True)),
     "field 'cheats': Extra inputs are not permitted"),
    ("unknown game", _edit(_set("game", "chess")), "unknown game 'chess' (known: sandbox"),
    ("bad options", _edit(_set("options", {"players": 9})),
     "options field 'players': Input should be less than or equal to 4"),
    ("unknown option", _edit(_set("options", {"players": 2, "colour": "red"})),
     "options field 'colour': Extra inputs are not permitted"),
    ("unknown action kind", _edit(_set_action(2, {"t": "teleport"})),
     "action 2: unknown action kind 'teleport'"),
    ("action missing field", _edit(_set_action(1, {"t": "move", "to": "hand:0"})),
     "action 1: action 'move' is missing field 'card'"),
    ("action mistyped field", _edit(_set_action(3, {"t": "shuffle", "zone": 7})),
     "action 3: action 'shuffle' field 'zone' has a wrong value 7"),
    ("illegal action", _edit(_set_action(4, {"t": "move", "card": "t-gold-1", "to": "moon"})),
     "action 4 (move t-gold-1 to moon) is not legal there: there is no zone called 'moon'"),
    ("actor not seated", _edit(lambda d: d["actions"][0].__setitem__("actor", 7)),
     "action 1 (move ?deck#51 to hand:0) is not legal there: no seat may act now"),
    ("bad redo action", _edit(lambda d: d["redo"][0].__setitem__("action", {"t": "nope"})),
     "redo action 2: unknown action kind 'nope'"),
    ("state hash edited", _edit(_set("state_hash", "0" * 64)),
     "the state hash does not match the actions (the file was changed by hand or is damaged)"),
    ("seed edited", _edit(_set("seed", 12)), "the state hash does not match the actions"),
    ("non-UTF-8", lambda t: b"\xff\xfe\x00{" + t.encode("utf-16-le"),
     "not a Runetable save (not UTF-8 text)"),
]


@pytest.mark.parametrize(("make", "problem"), [(m, p) for _, m, p in BAD_SAVES],
                         ids=[name for name, _, _ in BAD_SAVES])
def test_bad_save_is_refused_naming_file_and_problem(
        tmp_path: Path, make: Callable[[str], bytes], problem: str) -> None:
    """Each damaged save gives one SaveError naming the file and the problem; no file changes."""
    path = tmp_path / "bad.runetable"
    path.write_bytes(make(saves.dumps(played_match())))
    (tmp_path / "other.runetable").write_text("untouched")
    before = snapshot(tmp_path)
    with pytest.raises(SaveError) as info:
        saves.load(path)
    message = str(info.value)
    assert message.startswith(f"{path}: ")
    assert problem in message
    assert "\n" not in message
    assert snapshot(tmp_path) == before


def test_missing_file(tmp_path: Path) -> None:
    """A missing save is a SaveError naming it, and nothing is created."""
    path = tmp_path / "gone.runetable"
    with pytest.raises(SaveError) as info:
        saves.load(path)
    assert str(info.value) == f"{path}: no such file"
    assert list(tmp_path.iterdir()) == []


def test_directory_instead_of_file(tmp_path: Path) -> None:
    """A folder where a save should be is a SaveError saying it is a folder."""
    path = tmp_path / "folder.runetable"
    path.mkdir()
    (path / "inside").write_text("x")
    before = snapshot(tmp_path)
    with pytest.raises(SaveError) as info:
        saves.load(path)
    assert str(info.value) == f"{path}: is a folder, not a save"
    assert snapshot(tmp_path) == before


def test_loads_names_its_source() -> None:
    """loads() names the source it was given in the message."""
    with pytest.raises(SaveError, match=r"^clipboard: not a Runetable save"):
        saves.loads("42", "clipboard")


# -- atomic writes -------------------------------------------------------------------------
def test_write_atomic_writes_and_leaves_no_temp_files(tmp_path: Path) -> None:
    """write_atomic puts the text in place and leaves only that file behind."""
    path = tmp_path / "deep" / "er" / "m.runetable"
    saves.write_atomic(path, "one\n")
    assert path.read_text(encoding="utf-8") == "one\n"
    assert sorted(p.name for p in path.parent.iterdir()) == ["m.runetable"]


def test_keep_previous_keeps_the_replaced_file(tmp_path: Path) -> None:
    """With keep_previous the old file is kept as <name>.prev; without it, nothing extra."""
    path = tmp_path / "m.runetable"
    saves.write_atomic(path, "one", keep_previous=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.runetable"]  # no old file yet
    saves.write_atomic(path, "two", keep_previous=True)
    assert path.read_text() == "two"
    assert (tmp_path / "m.runetable.prev").read_text() == "one"
    saves.write_atomic(path, "three", keep_previous=True)
    assert (tmp_path / "m.runetable.prev").read_text() == "two"
    saves.write_atomic(path, "four")
    assert path.read_text() == "four" and (tmp_path / "m.runetable.prev").read_text() == "two"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.runetable", "m.runetable.prev"]


def _broken(exc_type: type[BaseException] = OSError) -> Callable[..., None]:
    def fail(*args: object, **kwargs: object) -> None:
        raise exc_type("disk on fire")
    return fail


@pytest.mark.parametrize("keep_previous", [False, True])
@pytest.mark.parametrize("broken", ["fsync", "replace"])
def test_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         broken: str, keep_previous: bool) -> None:
    """A failure while writing leaves the old file as it was, and no temp file behind."""
    path = tmp_path / "m.runetable"
    prev = tmp_path / "m.runetable.prev"
    saves.write_atomic(path, "older", keep_previous=True)
    saves.write_atomic(path, "old", keep_previous=True)
    before = snapshot(tmp_path)
    monkeypatch.setattr(saves.os, broken, _broken())
    with pytest.raises(OSError, match="disk on fire"):
        saves.write_atomic(path, "new", keep_previous=keep_previous)
    monkeypatch.undo()
    after = snapshot(tmp_path)
    assert after.keys() == before.keys() == {"m.runetable", "m.runetable.prev"}
    assert after["m.runetable"] == before["m.runetable"]
    # the backup is either untouched or already a copy of the (unchanged) old file
    assert prev.read_text() in ({"older"} if not keep_previous else {"older", "old"})


def test_failure_on_the_final_rename_keeps_the_old_file(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """If only putting the new file in place fails, the old file is still where it was."""
    path = tmp_path / "m.runetable"
    saves.write_atomic(path, "old")
    real_replace = os.replace

    def replace(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        if str(src).endswith(".tmp"):
            raise OSError("disk on fire")
        real_replace(src, dst)

    monkeypatch.setattr(saves.os, "replace", replace)
    with pytest.raises(OSError, match="disk on fire"):
        saves.write_atomic(path, "new", keep_previous=True)
    monkeypatch.undo()
    assert path.read_text() == "old"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_interrupt_while_writing_cleans_up(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Even a KeyboardInterrupt mid-write removes the temp file and keeps the old one."""
    path = tmp_path / "m.runetable"
    saves.write_atomic(path, "old")
    monkeypatch.setattr(saves.os, "fsync", _broken(KeyboardInterrupt))
    with pytest.raises(KeyboardInterrupt):
        saves.write_atomic(path, "new")
    monkeypatch.undo()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.runetable"]
    assert path.read_text() == "old"


def test_a_version_1_save_still_loads_by_its_actions(tmp_path: Path) -> None:
    """Version 1 hashed the state as each game wrote it; its saves load by replaying their
    actions through the rules (the guarantee) without checking the old hash."""
    m = played_match()
    data = json.loads(saves.dumps(m))
    data["schema_version"] = 1
    data["state_hash"] = "f" * 64  # a hash of the old way of writing the state
    loaded = saves.from_dict(data, "old.runetable")
    assert loaded.state_hash() == m.state_hash()
    assert json.loads(saves.dumps(loaded))["schema_version"] == saves.SCHEMA


FIXTURES = Path(__file__).parent / "fixtures"


@pytest.mark.parametrize("game", ["tactica", "nordguard"])
def test_a_save_of_the_version_before_the_core_frames_still_loads(game: str) -> None:
    """Schema 2 saves were written before the games ran on the core's frames: TACTICA then
    asked only a seat holding an answer, and had a pass of its own. Such a save loads:
    the seat asked in a window the older rules did not open passes, every recorded action
    is replayed through the rules, and saving it again writes the current schema."""
    loaded = saves.load(FIXTURES / f"{game}-schema2.runetable")
    recorded = json.loads((FIXTURES / f"{game}-schema2.runetable").read_text())["actions"]
    passes = sum(1 for step in loaded.steps if step.action.kind == "pass")
    assert len(loaded.steps) >= len(recorded)
    assert len(loaded.steps) - len(recorded) <= passes
    again = saves.loads(saves.dumps(loaded), "again")
    assert again.state_hash() == loaded.state_hash()
    assert json.loads(saves.dumps(loaded))["schema_version"] == saves.SCHEMA


def test_a_current_save_missing_a_pass_is_refused() -> None:
    """Only older records are read leniently: in a current save every pass is recorded."""
    loaded = saves.load(FIXTURES / "tactica-schema2.runetable")
    data = json.loads(saves.dumps(loaded))
    first = next(i for i, a in enumerate(data["actions"]) if a["action"]["t"] == "pass")
    del data["actions"][first]
    with pytest.raises(SaveError, match=f"action {first + 1} .* is not legal there"):
        saves.from_dict(data, "s")


def test_a_repeated_action_is_decoded_by_its_exact_values() -> None:
    """Loading decodes each distinct action once; `true` where the first copy said 1 is
    still a wrong value (1 == True in Python, not in a save)."""
    game = get_game("sandbox")
    m = Match(game, game.options_model(players=2), 3, RuleMode.SANDBOX)
    m.submit(SetCounter("x", 1))
    m.submit(SetCounter("x", 1))
    data = json.loads(saves.dumps(m))
    assert saves.loads(json.dumps(data)).state_hash() == m.state_hash()
    data["actions"][1]["action"]["value"] = True
    with pytest.raises(SaveError, match=r"action 2: .*'value' has a wrong value"):
        saves.loads(json.dumps(data))


def test_a_save_taken_now_and_written_later_is_the_save_of_now() -> None:
    """The autosave takes a save where the match lives and makes its text on its writer
    thread, after the window has gone on: what it writes is the match as it was taken,
    whatever was played, undone and redone meanwhile."""
    m = played_match()
    rows = saves.Rows()
    saves.pending(m, rows)  # an earlier save keeps its lines in `rows`
    expected = saves.dumps(m)
    taken = saves.pending(m, rows)

    m.undo()
    m.submit(RollDice("1d6"))
    saves.pending(m, rows)  # the next save changes the rows `taken` was made from

    assert taken.text() == expected
    assert saves.dumps(m) != expected
