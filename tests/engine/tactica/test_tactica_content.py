"""Content: the Part 2 numbers are in the data, every other number is marked designed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from engine.core.errors import ContentError
from engine.games.tactica import content


def test_troop_values_the_seed_fixes():
    # Part 2, TRAINING: Champion DEF 2 and Foot DEF 1 (doubled/tripled by training);
    # Crossbow OFF 2 and Archer OFF 1 (doubled at 2x). CROWN: OFF 3 DEF 2 RNG 1 MOV 2.
    troops = content.load().troops
    assert troops["champion"].def_ == 2 and troops["foot"].def_ == 1
    assert troops["crossbow"].off == 2 and troops["archer"].off == 1
    crown = troops["crown"]
    assert (crown.off, crown.def_, crown.rng, crown.mov) == (3, 2, 1, 2)
    assert troops["champion"].melee and troops["foot"].melee and crown.melee
    assert not troops["crossbow"].melee and not troops["archer"].melee


def test_every_stat_the_seed_does_not_give_is_marked_designed():
    troops = content.load().troops
    assert troops["champion"].stat_provenance["off"] == "designed"
    assert troops["champion"].stat_provenance["def"] == "seed"
    assert troops["crossbow"].stat_provenance["rng"] == "designed"
    assert all(v == "seed" for v in troops["crown"].stat_provenance.values())


def test_resolution_destinations_follow_part_2():
    uses = {k: t.uses for k, t in content.load().tactics.items()}
    assert uses["horse"] == {"movement": "barracks", "combat": "lost"}
    assert uses["press"] == {"muster": "lost", "movement": "resupply", "combat": "barracks"}
    assert uses["spy"] == {"muster": "barracks", "movement": "lost", "combat": "resupply"}
    assert uses["rescue"] == {"movement": "resupply", "combat": "barracks"}
    assert uses["engineer"] == {"movement": "barracks", "combat": "resupply"}
    assert uses["disengage"]["combat"] == "barracks-or-resupply"
    assert "muster" not in uses["saved"] and "muster" not in uses["shieldwall"]


def test_counter_cards_are_the_five_part_2_marks():
    counters = {k for k, t in content.load().tactics.items() if t.counter}
    assert counters == {"disengage", "negate", "press", "saved", "shieldwall"}


def test_decks_are_designed_and_walls_are_five_from_the_seed():
    c = content.load()
    assert [d.name for d in c.decks] == ["SUN", "MOON"]
    for deck in c.decks:
        assert deck.provenance == "designed"
        assert deck.walls.value == 5 and deck.walls.provenance == "seed"
        assert deck.tactics["crown"] == 1
    assert c.training_cards == 10
    assert c.field.wall_gaps.value == [9, 7, 5]


def test_every_designed_rule_says_where_it_comes_from():
    rules = content.load().rules
    for name, rule in rules:
        assert rule.provenance in ("seed", "designed"), name
        assert rule.note, name
    assert rules.card_moves.value == 3 and rules.card_moves.provenance == "seed"


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "tactica"
    shutil.copytree(content.ASSETS, folder)
    return folder


def test_a_bad_troop_file_names_the_card_and_the_field(tmp_path):
    folder = _copy(tmp_path)
    path = folder / "troops.json"
    data = json.loads(path.read_text())
    data["troops"][1]["off"] = -1
    path.write_text(json.dumps(data))
    with pytest.raises(ContentError, match=r"troops\[1\] \(Foot\)\.off"):
        content.load.__wrapped__(folder)


def test_a_deck_with_two_crowns_is_refused(tmp_path):
    folder = _copy(tmp_path)
    path = folder / "decks.json"
    data = json.loads(path.read_text())
    data["decks"][0]["tactics"]["crown"] = 2
    path.write_text(json.dumps(data))
    with pytest.raises(ContentError, match="CROWN is unique"):
        content.load.__wrapped__(folder)


# -- damaged copies: every file, every kind of number ------------------------------------


def _damaged(tmp_path: Path, name: str, change) -> Path:
    """A copy of the assets with `change(data)` applied to one file's JSON."""
    folder = _copy(tmp_path)
    path = folder / name
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    return folder


def _error(folder: Path) -> str:
    with pytest.raises(ContentError) as caught:
        content.load.__wrapped__(folder)
    message = str(caught.value)
    assert "\n" not in message  # one line, as the status bar and the log show it
    return message


def _set(path: tuple, value: object):
    def change(data: dict) -> None:
        node = data
        for step in path[:-1]:
            node = node[step]
        node[path[-1]] = value
    return change


@pytest.mark.parametrize(("name", "path", "value", "where", "why"), [
    ("decks.json", ("decks", 0, "tactics", "shieldwall"), 1_000_000_000,
     "decks[0] (SUN).tactics.shieldwall", "less than or equal to 10"),
    ("decks.json", ("decks", 1, "troops", "foot"), -3,
     "decks[1] (MOON).troops.foot", "greater than or equal to 0"),
    ("decks.json", ("decks", 0, "troops", "dragon"), 2,
     "decks[0] (SUN).troops.dragon.[key]", "'champion', 'foot', 'crossbow' or 'archer'"),
    ("decks.json", ("decks", 0, "walls", "value"), 0,
     "decks[0] (SUN).walls.value", "greater than or equal to 1"),
    ("decks.json", ("decks", 1, "landmarks", "value"), 40,
     "decks[1] (MOON).landmarks.value", "less than or equal to 4"),
    ("decks.json", ("training_cards", "value"), 10**12,
     "training_cards.value", "less than or equal to 30"),
    ("troops.json", ("troops", 0, "def"), -2, "troops[0] (Champion).def",
     "greater than or equal to 0"),
    ("troops.json", ("troops", 3, "off"), 99, "troops[3] (Archer).off",
     "less than or equal to 12"),
    ("troops.json", ("troops", 2, "rng"), 0, "troops[2] (Crossbow).rng",
     "greater than or equal to 1"),
    ("troops.json", ("troops", 1, "mov"), 1000, "troops[1] (Foot).mov",
     "less than or equal to 4"),
    ("designed_rules.json", ("rules", "muster_actions", "value"), -1,
     "rules.muster_actions.value", "greater than or equal to 1"),
    ("designed_rules.json", ("rules", "turn_limit", "value"), 10**9,
     "rules.turn_limit.value", "less than or equal to 200"),
    ("designed_rules.json", ("rules", "barracks_limit", "value"), 0,
     "rules.barracks_limit.value", "greater than or equal to 1"),
    ("designed_rules.json", ("rules", "draw_tactics", "value"), 500,
     "rules.draw_tactics.value", "less than or equal to 5"),
    ("field.json", ("width", "value"), 1_000_000, "width.value", "less than or equal to 21"),
    ("field.json", ("landmark_min_spacing", "value"), -1, "landmark_min_spacing.value",
     "greater than or equal to 1"),
    ("field.json", ("wall_gaps", "value"), [9, 7, -5], "wall_gaps.value[2]",
     "greater than or equal to 1"),
    ("tactics.json", ("tactics", 8, "uses", "combat"), "hand",
     "tactics[8] (SHIELDWALL).uses.combat",
     "'field', 'barracks', 'resupply', 'lost' or 'barracks-or-resupply'"),
])
def test_a_damaged_content_file_is_refused_naming_file_item_and_field(
        tmp_path, name, path, value, where, why):
    """A number out of its sane range (DESIGN: bad content fails loading with the file,
    the card and the field named) is refused when the file is read, so a billion
    SHIELDWALLs cannot hang the program while it builds the decks."""
    message = _error(_damaged(tmp_path, name, _set(path, value)))
    assert message.startswith(f"{tmp_path / 'tactica' / name}: {where}: "), message
    assert why in message, message


def test_more_walls_than_the_field_is_wide_are_refused(tmp_path):
    # Part 2, WALL CARD: a side's walls stand in one row; the designed field is 9 hexes wide.
    folder = _damaged(tmp_path, "decks.json", _set(("decks", 1, "walls", "value"), 9))
    path = folder / "field.json"
    data = json.loads(path.read_text())
    data["width"]["value"] = 7
    path.write_text(json.dumps(data))
    message = _error(folder)
    assert message.startswith(f"{folder / 'decks.json'}: decks[1] (MOON).walls.value: 9 walls")
    assert "7 hexes wide" in message
