"""Saves read a line at a time (engine.core.saves._as_written): the same match, or the very
same refusal, as reading the whole text with json and pydantic.

A save in the layout `dumps` writes is read one action line at a time, each distinct line
once; any other text, and any line that is not a plain row, goes to the general reading.
Every text below, damaged line by line, must load to the same steps and state or be
refused with the same message both ways.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.core import saves
from engine.core.errors import SaveError
from engine.core.game import RuleMode
from engine.core.match import Match
from engine.core.referee import FlipCard, MoveCard, RollDice, SetCounter, ShuffleZone
from engine.core.rng import Rng
from engine.games import get_game
from engine.simulate import play_one

ROOT = Path(__file__).resolve().parents[2]


def sandbox_text() -> str:
    """A sandbox table whose actions repeat (the same flips, the same counter), with
    numbers, booleans and None among their fields, and a redo list."""
    game = get_game("sandbox")
    m = Match(game, game.options_model(players=3), 5, RuleMode.SANDBOX, take_backs=True)
    for action in (MoveCard("?deck#51", "hand:0"), RollDice("2d6"), FlipCard("t-red-1"),
                   FlipCard("t-red-1"), SetCounter("score", 1), SetCounter("score", 1),
                   MoveCard("t-gold-1", "board", x=5, y=-5, face_up=True), ShuffleZone("deck"),
                   FlipCard("t-red-1"), SetCounter("score", 2), MoveCard("?deck#0", "hand:2",
                                                                         index=0)):
        m.submit(action)
    m.undo()
    return saves.dumps(m)


def game_text(game: str) -> str:
    match = play_one(game, 3, 120, checks=False)
    match.take_backs = True
    match.undo()
    return saves.dumps(match)


def outcome(read: Callable[[], Match]) -> str:
    """What reading gives: the refusal's message, or the loaded match's record and state."""
    try:
        match = read()
    except SaveError as exc:
        return f"refused: {exc}"
    return f"{match.steps!r} {match.redo_actions!r} {match.state_hash()} {match.can_undo()}"


def general(text: str) -> str:
    """The reading of the whole text, as every save was read before lines were."""
    def read() -> Match:
        saved = saves._as_written
        saves._as_written = lambda _text: None
        try:
            return saves.loads(text, "s")
        finally:
            saves._as_written = saved
    return outcome(read)


def damaged(text: str, rng: Rng) -> list[tuple[str, str]]:
    """The text damaged in each way a line can be, at a line `rng` picks."""
    lines = text.split("\n")
    first = lines.index(' "actions": [') + 1
    end = lines.index(" ],", first)
    rows = range(first, end)

    def pick() -> int:
        return rows[rng.below(len(rows))]

    def at(change: Callable[[str], str], where: int | None = None) -> str:
        where = pick() if where is None else where
        out = list(lines)
        out[where] = change(out[where])
        return "\n".join(out)

    def comma(line: str) -> str:
        return "," if line.endswith(",") else ""

    valued = [i for i in rows if set(json.loads(lines[i].rstrip(","))["action"]) - {"t"}]

    def at_value(value: str) -> str:
        """A row that has a field besides its kind, with the first such field `value` (raw
        JSON)."""
        def change(line: str) -> str:
            row = json.loads(line.rstrip(","))
            row["action"][next(k for k in row["action"] if k != "t")] = "@@"
            return "  " + json.dumps(row, sort_keys=True).replace('"@@"', value) + comma(line)
        return at(change, valued[rng.below(len(valued))])

    def actor(value: str) -> Callable[[str], str]:
        """The row's actor written as `value` (raw JSON)."""
        return lambda line: line[:line.rindex('"actor": ')] + f'"actor": {value}}}' + comma(line)

    def swap(i: int, j: int) -> str:
        out = list(lines)
        out[i], out[j] = out[j], out[i]
        return "\n".join(out)

    last = end - 1
    return [
        ("as written", text),
        ("true for a number or a name", at_value("true")),
        ("1 for a flag or a name", at_value("1")),
        ("1.0 for a number", at_value("1.0")),
        ("null for a name", at_value("null")),
        ("a list for a value", at_value("[1, 2]")),
        ("a number of 5,000 digits", at_value("9" * 5000)),
        ("nested deeply", at_value("[" * 50_000 + "]" * 50_000)),
        ("an unknown kind", at(lambda s: s.replace('"t": "', '"t": "x', 1))),
        ("an unknown field", at(lambda s: s.replace('{"action": {', '{"action": {"zz": 1, ', 1))),
        ("a row key more", at(lambda s: s.replace('{"action"', '{"x": 0, "action"', 1))),
        ("the actor as text", at(actor('"0"'))),
        ("the actor a flag", at(actor("true"))),
        ("the actor huge", at(actor("9" * 30))),
        ("the actor not seated", at(actor("7"))),
        ("the actor missing", at(lambda s: s[:s.rindex(', "actor": ')] + "}" + comma(s))),
        ("a row that is a list", at(lambda s: "  [1, 2]" + comma(s))),
        ("an action that is text", at(lambda s: '  {"action": "move", "actor": 0}' + comma(s))),
        ("a key given twice in a row", at(lambda s: s.replace('{"action": {', '{"action": {'
                                                              '"t": "nope", ', 1))),
        ("a comma lost", at(lambda s: s.rstrip(","), rows[0])),
        ("a comma after the last", at(lambda s: s + ",", last)),
        ("a comma doubled", at(lambda s: s + ",", rows[0])),
        ("a space for the comma", at(lambda s: s[:-1] + " ", rows[0])),
        ("a trailing space", at(lambda s: s + " ")),
        ("a space before the comma", at(lambda s: s[:-1] + " ,", rows[0])),
        ("a tab for the indent", at(lambda s: "\t" + s.lstrip())),
        ("three spaces", at(lambda s: " " + s)),
        ("a letter before the row", at(lambda s: "x " + s.lstrip())),
        ("carriage returns", text.replace("\n", "\r\n")),
        ("two rows on a line", at(lambda s: s + " " + lines[first].strip(), rows[0])),
        ("a row cut in two", at(lambda s: s.replace(', "actor"', ',\n  "actor"', 1))),
        ("a row in a row", at(lambda s: s.replace('{"action": {', '{"action": {"zz":\n  '
                                                  '{"action": {}, "actor": 0}, ', 1))),
        ("an empty line", at(lambda s: s + "\n", rows[0])),
        ("two lines swapped", swap(pick(), pick())),
        ("a line repeated", at(lambda s: s + "\n" + s if s.endswith(",") else s + ",\n" + s)),
        ("a line lost", "\n".join(lines[:(k := pick())] + lines[k + 1:])),
        ("the list closed early", at(lambda _s: " ],", rows[len(rows) // 2])),
        ("a second actions field", text.replace('\n "format"', '\n "\\u0061ctions": [],\n '
                                                '"format"', 1)),
        ("a second game field", text.replace('\n "format"', '\n "game": "sandbox",\n '
                                             '"format"', 1)),
        ("a field after the rows damaged", text.replace('"mode": "', '"mode": "x', 1)),
        ("the hash edited", text.replace('"state_hash": "', '"state_hash": "0', 1)),
        ("cut short", text[: len(text) * 2 // 3]),
        ("the end cut off", text[: text.index("\n ],")]),
        ("no rows", text[: text.index("[\n") + 1] + text[text.index("\n ],") + 3:]),
    ]


# Damage each reading must refuse, whatever the game and the line it falls on.
REFUSED = {"an unknown kind", "an unknown field", "a row key more", "the actor as text",
           "the actor a flag", "the actor missing", "the actor not seated", "the actor huge",
           "a row that is a list", "an action that is text", "a number of 5,000 digits",
           "nested deeply", "a comma lost", "a comma after the last", "a comma doubled",
           "a space for the comma", "a letter before the row", "two rows on a line",
           "a row in a row",
           "the list closed early", "a second actions field", "the hash edited",
           "a field after the rows damaged", "cut short", "the end cut off", "no rows"}
# Layouts `dumps` does not write that are still the same save: the general reading loads them.
LOADED = {"as written", "a trailing space", "a space before the comma", "a tab for the indent",
          "three spaces", "carriage returns", "a row cut in two", "an empty line"}


@pytest.mark.parametrize("game", ["sandbox", "tactica", "wintergrim", "nordguard",
                                  "yggdrasil"])
def test_a_save_read_a_line_at_a_time_reads_as_the_whole_text(game: str) -> None:
    """Loaded or refused, each damaged text gives the same as the general reading, and a
    save as written is read a line at a time."""
    text = sandbox_text() if game == "sandbox" else game_text(game)
    assert saves._as_written(text) is not None
    rng = Rng(17)
    for _round in range(2):
        refused = set()
        for what, changed in damaged(text, rng):
            expected = general(changed)
            assert outcome(lambda c=changed: saves.loads(c, "s")) == expected, what
            if expected.startswith("refused"):
                refused.add(what)
        assert refused >= REFUSED and not LOADED & refused, (REFUSED - refused, LOADED & refused)


def test_a_repeated_line_is_read_once_and_shared() -> None:
    """Equal lines give the very same action object (it is decoded once); a line that
    differs only in how a value is written (true for 1) is decoded on its own."""
    text = sandbox_text()
    _data, record = saves._as_written(text)
    flips = [action for action, _actor in record if isinstance(action, FlipCard)]
    assert len(flips) == 3 and flips[0] is flips[1] is flips[2]
    counters = [action for action, _actor in record if action == SetCounter("score", 1)]
    assert len(counters) == 2 and counters[0] is counters[1]
    second = text.index('"value": 1}', text.index('"value": 1}') + 1)
    changed = text[:second] + '"value": true}' + text[second + len('"value": 1}'):]
    with pytest.raises(SaveError, match=r"action 6: .*'value' has a wrong value True"):
        saves.loads(changed, "s")


def test_the_first_save_of_a_game_in_a_session_is_read_a_line_at_a_time(tmp_path) -> None:
    """A save's actions are decoded by the classes its game's rules register: read before
    anything had read the rules (the first save of a game opened in a session), every row
    was refused and the whole text went the general, slower way. A fresh interpreter
    has read no game's rules."""
    path = tmp_path / f"war{saves.EXTENSION}"
    path.write_text(game_text("tactica"), encoding="utf-8")
    probe = ("import sys; from engine.core import saves; "
             "print(saves._as_written(open(sys.argv[1], encoding='utf-8').read()) is not None)")
    out = subprocess.run([sys.executable, "-c", probe, str(path)], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True"]
