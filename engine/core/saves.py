"""Save files: JSON match records, validated on the way in, written atomically.

A save holds the game, options, seed, rule mode and the actions (with any
undone ones still redoable), plus the state hash so a hand-edited file is
caught. Loading replays the actions through the rules, so a save can never
put a match into a state the rules could not reach.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from engine.core.actions import Action, action_from_json
from engine.core.errors import ContentError, IllegalAction, SaveError
from engine.core.game import RuleMode
from engine.core.match import Match

FORMAT = "runetable-save"
SCHEMA = 1
EXTENSION = ".runetable"


class SavedAction(BaseModel):
    # strict: a hand-edited "5" for 5 or "yes" for true is an error, not a guess
    model_config = ConfigDict(extra="forbid", strict=True)
    actor: int
    action: dict[str, Any]


class SaveFile(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    format: Literal["runetable-save"]
    schema_version: int
    game: str
    options: dict[str, Any]
    seed: int
    mode: Literal["enforced", "assisted", "sandbox"]
    take_backs: bool
    actions: list[SavedAction]
    redo: list[SavedAction]
    state_hash: str


def _saved(action: Action, actor: int) -> dict[str, Any]:
    return {"actor": actor, "action": action.to_json()}


def to_dict(match: Match) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "schema_version": SCHEMA,
        "game": match.game.name,
        "options": match.options.model_dump(mode="json"),
        "seed": match.seed,
        "mode": str(match.mode),
        "take_backs": match.take_backs,
        "actions": [_saved(s.action, s.actor) for s in match.steps],
        "redo": [_saved(a, actor) for a, actor in match.redo_actions],
        "state_hash": match.state_hash(),
    }


def dumps(match: Match) -> str:
    """The canonical text of a save: equal matches give byte-identical files."""
    return json.dumps(to_dict(match), indent=1, sort_keys=True) + "\n"


def _problem(source: str, what: str) -> SaveError:
    return SaveError(f"{source}: {what}")


def _describe_validation(exc: ValidationError) -> str:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "the top level"
    return f"field '{where}': {first['msg']}"


def from_dict(data: Any, source: str = "save") -> Match:
    """Rebuild a match from a save's parsed JSON; SaveError says what is wrong."""
    from engine.games import get_game

    if not isinstance(data, dict):
        raise _problem(source, "not a Runetable save (expected a JSON object)")
    if data.get("format") != FORMAT:
        raise _problem(source, "not a Runetable save (no 'format': 'runetable-save')")
    version = data.get("schema_version")
    if isinstance(version, int) and version != SCHEMA:
        newer = "a newer" if version > SCHEMA else "an older"
        raise _problem(source, f"written by {newer} Runetable (save version {version}; "
                               f"this version reads {SCHEMA})")
    try:
        save = SaveFile.model_validate(data)
    except ValidationError as exc:
        raise _problem(source, _describe_validation(exc)) from None
    try:
        game = get_game(save.game)
    except KeyError as exc:
        raise _problem(source, str(exc.args[0])) from None
    except ContentError as exc:
        raise _problem(source, f"the game's content files are damaged: {exc}") from None
    try:
        options = game.options_model.model_validate(save.options, strict=True)
    except ValidationError as exc:
        raise _problem(source, "options " + _describe_validation(exc)) from None
    match = Match(game, options, save.seed, RuleMode(save.mode), save.take_backs)
    for number, saved in enumerate(save.actions, start=1):
        action = _decode(source, number, saved)
        try:
            match.submit(action, saved.actor)
        except IllegalAction as exc:
            raise _problem(source, f"action {number} ({action.describe()}) is not legal "
                                   f"there: {exc.reason}") from None
    if match.state_hash() != save.state_hash:
        raise _problem(source, "the state hash does not match the actions "
                               "(the file was changed by hand or is damaged)")
    redo = [(_decode(source, len(save.actions) + i, s), s.actor)
            for i, s in enumerate(save.redo, start=1)]
    match.restore_redo(redo)
    return match


def _decode(source: str, number: int, saved: SavedAction) -> Action:
    try:
        return action_from_json(saved.action)
    except ValueError as exc:
        raise _problem(source, f"action {number}: {exc}") from None


def loads(text: str, source: str = "save") -> Match:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _problem(source, f"not valid JSON (line {exc.lineno}, column {exc.colno}: "
                               f"{exc.msg}); the file may be truncated or damaged") from None
    return from_dict(data, source)


def load(path: str | os.PathLike[str]) -> Match:
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read ({exc.strerror})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a Runetable save (not UTF-8 text)") from None
    return loads(text, str(path))


def write_atomic(path: str | os.PathLike[str], text: str, keep_previous: bool = False) -> None:
    """Write `text` so a crash leaves either the old file or the new one, never half.

    With `keep_previous`, the file being replaced is kept beside it as
    `<name>.prev`, so even a save that was itself wrong can be recovered.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if keep_previous and path.exists():
            # A copy, not a rename: the old file stays in place until the new one replaces it.
            shutil.copy2(path, path.with_name(path.name + ".prev"))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    if hasattr(os, "O_DIRECTORY"):
        dir_fd = os.open(path.parent, os.O_DIRECTORY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def save(match: Match, path: str | os.PathLike[str], keep_previous: bool = False) -> None:
    write_atomic(path, dumps(match), keep_previous)
