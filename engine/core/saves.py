"""Save files: JSON match records, validated on the way in, written atomically.

A save holds the game, options, seed, rule mode and the actions (with any
undone ones still redoable), plus the state hash so a hand-edited file is
caught. Loading replays the actions through the rules, so a save can never
put a match into a state the rules could not reach.
"""

from __future__ import annotations

import gc
import glob
import json
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core import registry
from engine.core.actions import Action, action_from_json
from engine.core.errors import (
    EXCERPT,
    ContentError,
    IllegalAction,
    RecordRefused,
    SaveError,
    one_line,
)
from engine.core.game import GameState, RuleMode
from engine.core.match import Match, Step, shared_steps

if TYPE_CHECKING:
    from pydantic import ValidationError

    from engine.core.save_file import SavedAction, SaveFile

FORMAT = "runetable-save"
SCHEMA = 3
# Version 1 hashed the state as each game wrote it by hand; version 2 hashes the declared
# fields (engine.core.declared); version 3 records the passes of windows the games now open
# for every seat the rules allow (TACTICA's NEGATE and counter windows). Older saves still
# load: their actions are replayed through the rules, which is the guarantee, a seat asked
# in a window the older rules did not open passes (engine.core.match.replay_record), and
# only the old hash cannot be checked.
READS = (1, 2, 3)
EXTENSION = ".runetable"
# Far beyond any real match (a TACTICA war is a few thousand actions), low enough that
# a hostile file cannot keep the program busy for minutes: see README, "Saves".
MAX_ACTIONS = 100_000
MAX_BYTES = 64 * 1024 * 1024
STALE_TEMP_SECONDS = 60  # a temp file older than this belongs to no write in progress


def _saved(action: Action, actor: int) -> dict[str, Any]:
    return {"actor": actor, "action": action.to_json()}


def to_dict(match: Match, with_actions: bool = True) -> dict[str, Any]:
    data = _head(match)
    data["state_hash"] = match.state_hash()
    if with_actions:
        data["actions"] = [_saved(s.action, s.actor) for s in match.steps]
        data["redo"] = [_saved(a, actor) for a, actor in match.redo_actions]
    return data


def _head(match: Match) -> dict[str, Any]:
    """The fields of a save besides the actions and the state's hash."""
    return {
        "format": FORMAT,
        "schema_version": SCHEMA,
        "game": match.game.name,
        "options": match.options.model_dump(mode="json"),
        "seed": match.seed,
        "mode": str(match.mode),
        "take_backs": match.take_backs,
    }


_encode = json.JSONEncoder(sort_keys=True).encode  # one encoder: dumps() makes one a call


class Rows:
    """The encoded lines of a match's recorded steps, kept between saves.

    A step's line never changes, and the window saves after every action: only
    the steps added since the last save are encoded again (an undo drops lines).
    """

    def __init__(self) -> None:
        self._steps: list[Step] = []
        self._lines: list[str] = []

    def lines(self, match: Match) -> list[str]:
        """Each step's line, indented as the save writes it (the list is this object's:
        the next call changes it)."""
        steps = match.steps
        keep = shared_steps(self._steps, steps)
        del self._steps[keep:], self._lines[keep:]
        for step in steps[keep:]:
            self._steps.append(step)
            self._lines.append("  " + _encode(_saved(step.action, step.actor)))
        return self._lines


@dataclass(frozen=True, slots=True)
class Pending:
    """A save taken in microseconds where the match lives (the window's thread); `text()`
    makes the file's text wherever it is called, the autosave's writer thread included:
    the state it holds is never changed once it is the match's (every action makes a
    new state), and its hash, a third of a save's cost, is worked out there."""

    head: dict[str, Any]
    actions: list[str]
    redo: list[str]
    state: GameState

    def text(self) -> str:
        data: dict[str, Any] = {**self.head, "state_hash": self.state.state_hash()}
        fields = []
        for key in sorted((*data, "actions", "redo")):
            if key in ("actions", "redo"):
                lines = self.actions if key == "actions" else self.redo
                text = "[\n" + ",\n".join(lines) + "\n ]" if lines else "[]"
            else:
                text = _encode(data[key])
            fields.append(f" {_encode(key)}: {text}")
        return "{\n" + ",\n".join(fields) + "\n}\n"


def pending(match: Match, rows: Rows | None = None) -> Pending:
    """The match's save, to be written out by `Pending.text()`; `rows` keeps the lines
    of earlier steps from one save to the next."""
    return Pending(_head(match), list((rows or Rows()).lines(match)),
                   ["  " + _encode(_saved(a, actor)) for a, actor in match.redo_actions],
                   match.state)


def dumps(match: Match, rows: Rows | None = None) -> str:
    """The canonical text of a save: equal matches give byte-identical files.

    One field a line and one action a line: readable and diffable like indented
    JSON, but each line comes from the C encoder (indenting runs Python's own,
    several times slower, and the window autosaves after every action). `rows`
    keeps the lines of earlier steps from one save to the next.
    """
    return pending(match, rows).text()


def _problem(source: str, what: str) -> SaveError:
    """One line naming the file and the problem, short enough for a status bar."""
    return SaveError(one_line(f"{source}: {what}"))


def _describe_validation(exc: ValidationError) -> str:
    first = exc.errors(include_url=False, include_input=False)[0]
    where = ".".join(one_line(str(p), EXCERPT) for p in first["loc"]) or "the top level"
    return f"field '{where}': {first['msg']}"


def from_dict(data: Any, source: str = "save") -> Match:
    """Rebuild a match from a save's parsed JSON; SaveError says what is wrong."""
    with _collector_waits():
        return _rebuild(data, source)


Record = list[tuple[Action, int]]
_ROWS_OPEN = '{\n "actions": [\n'  # the start of a save as `Pending.text` lays it out
_ROWS_CLOSE = "\n ],\n"
_NO_ROWS = '{\n "actions": [],\n'


class _NotAsWritten(Exception):
    """The text is not laid out as `dumps` writes it, or a row is not plain: the general
    reading takes it, and names what is wrong."""


def _as_written(text: str) -> tuple[dict[str, Any], Record] | None:
    """The save's fields (its actions left out) and its decoded actions, when `text` has the
    layout `dumps` writes, one action a line, and every row is plain; None otherwise.

    Most lines of a long match repeat an earlier one (every pass, every "end the day"), so
    each distinct line is parsed, checked and decoded once, and the rows never go through
    pydantic: parsing every row, validating it and keying the decoded actions by their
    values was a third of loading a 5,000-action table. Nothing is taken on trust: a row
    is accepted only when pydantic would accept it as it is (an object of exactly `actor`,
    an int, and `action`, an object, all made by the JSON parser), and every action is
    decoded with every check; a line that is anything else sends the whole text to the
    general reading, so what is refused, and the message naming it, are the same."""
    if not text.startswith(_ROWS_OPEN):
        return None
    end = text.find(_ROWS_CLOSE, len(_ROWS_OPEN))
    if end < 0:
        return None
    *rows, last = text[len(_ROWS_OPEN):end].split("\n")
    if len(rows) >= MAX_ACTIONS:
        return None
    try:
        # JSON strings hold no line breaks, so the rows end at the first line that closes a
        # list; the rest is read as a whole, with no rows and no key given twice (the
        # parser would keep the last, which could be a second "actions").
        head = json.loads(_NO_ROWS + text[end + len(_ROWS_CLOSE):], object_pairs_hook=_once)
        if not _rules_read(head.get("game")):
            return None
        seen: dict[str, tuple[Action, int]] = {}
        record: Record = []
        for line in rows:
            row = seen.get(line)
            if row is None:
                if not line.endswith(","):
                    return None
                row = seen[line] = _plain_row(line, len(line) - 1)
            record.append(row)
        record.append(_plain_row(last, len(last)))  # no comma after the last row
    except (_NotAsWritten, ValueError, RecursionError):
        return None
    return head, record


def _rules_read(game: Any) -> bool:
    """Whether the rules of `game` are read, reading them if they are not: a save's actions
    are decoded by the classes its game's rules register, and the first save of a game
    opened in a session found none of them and went the general way (a TACTICA war of
    2,000 actions took 7 ms more to read). A name that is no game, or a game that cannot
    be read, is left to the general reading, which names the problem."""
    if not isinstance(game, str):
        return False
    try:
        registry.load(registry.entry(game).rules)
    except (KeyError, ImportError, ContentError):
        return False
    return True


def _once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        raise _NotAsWritten
    return data


# The decoder's own scanner (C): raw_decode is a Python call around it, which only turns
# the scanner's StopIteration into an error, for every distinct row of a save.
_scan_json = json.JSONDecoder().scan_once


def _plain_row(line: str, end: int) -> tuple[Action, int]:
    """The action and actor of the row `line` holds, indented by two spaces, up to `end`;
    ValueError or _NotAsWritten for anything else, or anything not plain."""
    try:
        row, stop = _scan_json(line, 2)
    except StopIteration:  # no JSON value there
        raise _NotAsWritten from None
    if stop != end or not line.startswith("  ") or type(row) is not dict or len(row) != 2:
        raise _NotAsWritten
    actor, data = row.get("actor"), row.get("action")
    if type(actor) is not int or type(data) is not dict:
        raise _NotAsWritten
    return action_from_json(data), actor


@contextmanager
def _collector_waits() -> Iterator[None]:
    """Keep the cyclic collector off while a save is read, validated and replayed.

    Reading makes thousands of objects (parsed rows, validated records, states), and
    every few hundred of them the collector walked what was young, and now and then
    everything alive: a sandbox table of 5,000 actions ran some 40 collections while
    it was read and validated, more time than the validation itself. It runs again
    afterwards."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _rebuild(data: Any, source: str, record: Record | None = None) -> Match:
    """The match `data` records; `record`, when given, is its actions, decoded already
    (`data` then lists none)."""
    if not isinstance(data, dict):
        raise _problem(source, "not a Runetable save (expected a JSON object)")
    if data.get("format") != FORMAT:
        raise _problem(source, "not a Runetable save (no 'format': 'runetable-save')")
    version = data.get("schema_version")
    if isinstance(version, int) and version not in READS:
        newer = "a newer" if version > SCHEMA else "an older"
        raise _problem(source, f"written by {newer} Runetable (save version {version}; "
                               f"this version reads {READS[0]} to {READS[-1]})")
    # pydantic is read on the first load, not before the window comes up.
    from pydantic import ValidationError

    from engine.core.save_file import SaveFile

    try:
        save = SaveFile.model_validate(data)
    except ValidationError as exc:
        raise _problem(source, _describe_validation(exc)) from None
    try:
        game = registry.get_game(save.game)
    except KeyError as exc:
        raise _problem(source, str(exc.args[0])) from None
    except ContentError as exc:
        raise _problem(source, f"the game's content files are damaged: {exc}") from None
    try:
        options = game.options_model.model_validate(save.options, strict=True)
    except ValidationError as exc:
        raise _problem(source, "options " + _describe_validation(exc)) from None
    match = Match(game, options, save.seed, RuleMode(save.mode), save.take_backs)
    if record is None:
        record = _decoded(save, source)
    _replay(match, record, save.schema_version, source)
    if save.schema_version == SCHEMA and match.state_hash() != save.state_hash:
        raise _problem(source, "the state hash does not match the actions "
                               "(the file was changed by hand or is damaged)")
    redo = [(_decode(source, f"redo action {i}", s), s.actor)
            for i, s in enumerate(reversed(save.redo), start=1)]
    try:
        match.restore_redo(list(reversed(redo)))
    except IllegalAction as exc:
        if save.schema_version == SCHEMA:
            raise _problem(source, exc.reason) from None
        # An older record's undone actions may not fit the windows the rules open now;
        # they are only what could have been redone, so the match loads without them.
    return match


def _decoded(save: SaveFile, source: str) -> Record:
    """The recorded actions, decoded, naming the first one that cannot be."""
    # A match repeats its actions (every "end the day", every pass): each distinct one
    # is decoded once. Actions are frozen values, so the record may share them.
    # The key carries each value's type: 1, 1.0 and true are equal in Python, not here.
    decoded: dict[tuple[tuple[str, type, Any], ...], Action] = {}
    record: Record = []
    for number, saved in enumerate(save.actions, start=1):
        data = saved.action
        try:
            key = (tuple(data.items()), tuple(map(type, data.values())))
            hash(key)
        except TypeError:  # a list inside: decode it on its own
            key = None
        action = decoded.get(key) if key is not None else None
        if action is None:
            action = _decode(source, f"action {number}", saved)
            if key is not None:
                decoded[key] = action
        record.append((action, saved.actor))
    return record


def _replay(match: Match, record: Record, version: int, source: str) -> None:
    """Replay the recorded actions through the rules, naming the first one refused."""
    try:
        match.replay_record(record, upgrade=version < SCHEMA)
    except RecordRefused as exc:
        raise _problem(source, f"action {exc.number} ({_short(record[exc.number - 1][0])}) "
                               f"is not legal there: {exc.reason}") from None
    except (ArithmeticError, LookupError, TypeError, ValueError) as exc:
        # The rules should have refused it with a reason; say so rather than crash.
        number = len(match.steps) + 1
        raise _problem(source, f"action {number} ({_short(record[number - 1][0])}) could "
                               f"not be replayed (a Runetable bug: {type(exc).__name__}); "
                               "please report it with this file") from None


def _short(action: Action) -> str:
    """An action as the rules log names it, cut short: a hostile file may hold huge ids."""
    return one_line(action.describe(), 2 * EXCERPT)


def _decode(source: str, which: str, saved: SavedAction) -> Action:
    try:
        return action_from_json(saved.action)
    except ValueError as exc:
        raise _problem(source, f"{which}: {exc}") from None


def loads(text: str, source: str = "save") -> Match:
    """Parse and replay a save's text; anything wrong is one SaveError line."""
    if len(text) > MAX_BYTES:
        raise _problem(source, f"too large for a Runetable save (over {MAX_BYTES // 2**20} MB)")
    with _collector_waits():
        written = _as_written(text)
        data, record = (_parsed(text, source), None) if written is None else written
        try:
            return _rebuild(data, source, record)
        except RecursionError:
            raise _problem(source, "not a Runetable save (a value is nested too "
                                   "deeply)") from None


def _parsed(text: str, source: str) -> Any:
    """The JSON of a save's text, read as a whole."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise _problem(source, f"not valid JSON (line {exc.lineno}, column {exc.colno}: "
                               f"{exc.msg}); the file may be truncated or damaged") from None
    except RecursionError:
        raise _problem(source, "not a Runetable save (its JSON is nested too deeply)") from None
    except ValueError:  # Python refuses integers of more than 4,300 digits
        raise _problem(source, "not a Runetable save (it holds a number too long to "
                               "read)") from None


def load(path: str | os.PathLike[str]) -> Match:
    path = Path(path)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise SaveError(f"{path}: too large for a Runetable save "
                            f"(over {MAX_BYTES // 2**20} MB)")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise SaveError(f"{path}: is a folder, not a save") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read ({exc.strerror})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a Runetable save (not UTF-8 text)") from None
    return loads(text, str(path))


def _temp_beside(path: Path) -> str:
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    os.close(fd)
    return tmp


def _keep_previous(path: Path) -> None:
    """Make `<name>.prev` the current file, atomically: a kill leaves the old backup or
    the new one, never an empty or half-copied file.

    A hard link costs no copying; where the file system has none, a full copy is
    written and synced beside it first. Either way the rename is what replaces it.
    """
    tmp = _temp_beside(path)
    try:
        try:
            os.unlink(tmp)
            os.link(path, tmp)
        except OSError:
            shutil.copyfile(path, tmp)
            with open(tmp, "rb+") as handle:
                os.fsync(handle.fileno())
        os.replace(tmp, path.with_name(path.name + ".prev"))
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_atomic(path: str | os.PathLike[str], text: str, keep_previous: bool = False) -> None:
    """Write `text` so a crash leaves either the old file or the new one, never half.

    With `keep_previous`, the file being replaced is kept beside it as
    `<name>.prev`, so even a save that was itself wrong can be recovered.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = _temp_beside(path)
    try:
        with open(tmp, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if keep_previous and path.exists():
            _keep_previous(path)
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


def remove_stale_temps(path: str | os.PathLike[str], older_than: float = STALE_TEMP_SECONDS
                       ) -> list[Path]:
    """Delete the temp files an interrupted `write_atomic` of `path` left behind.

    Only files older than `older_than` seconds go: a younger one may belong to a
    write that another Runetable window is making right now.
    """
    path = Path(path)
    now = time.time()
    removed = []
    for tmp in path.parent.glob(f"{glob.escape(path.name)}.*.tmp"):
        try:
            if now - tmp.stat().st_mtime >= older_than:
                tmp.unlink()
                removed.append(tmp)
        except OSError:
            continue  # gone already, or not ours to remove
    return removed


def save(match: Match, path: str | os.PathLike[str], keep_previous: bool = False) -> None:
    write_atomic(path, dumps(match), keep_previous)
