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
