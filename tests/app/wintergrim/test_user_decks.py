"""A player's Wintergrim decks on disk: saved only when playable, written atomically, and
read back without trusting the files (a bad one is named, left out, and left alone)."""

from __future__ import annotations

import json

import pytest

from app.games.wintergrim.user_decks import (
    DeckRefused,
    deck_choices,
    folder,
    read_user_decks,
    save_user_deck,
)
from tests.app.wintergrim.deck_helpers import one_short, shipped, write_deck, write_text


def test_a_playable_deck_is_saved_as_its_own_file_and_read_back():
    saved = save_user_deck("  Grey Wolves ", shipped("asheim"))
    path = folder() / "grey-wolves.json"
    assert saved.key == "grey-wolves" and path.is_file()
    assert json.loads(path.read_text(encoding="utf-8")) == {
        "key": "grey-wolves", "name": "Grey Wolves", "realm": "asheim",
        "cards": dict(sorted(shipped("asheim").items()))}
    [deck] = read_user_decks().decks
    assert (deck.key, deck.name, deck.realm, deck.problem, deck.user) == (
        "grey-wolves", "Grey Wolves", "asheim", None, True)
    assert dict(deck.counts) == shipped("asheim")


def test_a_deck_that_breaks_a_rule_is_refused_with_the_rule_and_nothing_is_written():
    """General Questions: 50 cards, at most 4 of a name."""
    with pytest.raises(DeckRefused, match=r"exactly 50 cards \(this one has 49\)"):
        save_user_deck("Short", one_short("vanheim"))
    game = shipped("vanheim")
    five = game | {"troll": 5}
    five["woodsman"] -= 5 - game["troll"]  # still 50 cards
    with pytest.raises(DeckRefused, match="at most 4 cards of a name"):
        save_user_deck("Trolls", five)
    with pytest.raises(DeckRefused, match="needs a name"):
        save_user_deck("   ", shipped("vanheim"))
    with pytest.raises(DeckRefused, match="already named Spirits of Summer"):
        save_user_deck("spirits of summer", shipped("vanheim"))
    assert not list(folder().glob("*"))


def test_saving_under_a_key_rewrites_that_deck_and_a_new_name_never_takes_a_file():
    first = save_user_deck("Wolves", shipped("asheim"))
    renamed = save_user_deck("Winter Wolves", shipped("asheim"), key=first.key)
    assert renamed.key == first.key
    assert [d.name for d in read_user_decks().decks] == ["Winter Wolves"]
    broken = write_text("summer.json", "{ not a deck")
    again = save_user_deck("Summer", shipped("vanheim"))
    assert again.key == "summer-2"
    assert broken.read_text(encoding="utf-8") == "{ not a deck"  # nothing is lost


def test_a_failed_write_leaves_the_saved_deck_as_it_was(monkeypatch):
    """Atomic: the old file stays whole, and no temp file is left beside it."""
    save_user_deck("Wolves", shipped("asheim"))
    before = (folder() / "wolves.json").read_bytes()

    def crash(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("engine.core.saves.os.replace", crash)
    with pytest.raises(OSError, match="No space left"):
        save_user_deck("Wolves of the Fjord", shipped("asheim"), key="wolves")
    assert (folder() / "wolves.json").read_bytes() == before
    assert [p.name for p in folder().iterdir()] == ["wolves.json"]


def test_bad_files_are_named_and_left_out_and_an_unplayable_deck_is_kept_to_be_fixed():
    good = write_deck("good", "Good", shipped("asheim"))
    binary = folder() / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    files = {
        "garbage.json": write_text("garbage.json", "{ not json"),
        "binary.json": binary,
        "typo.json": write_deck("typo", "Typo", {"farmer": "four"}),
        "moved.json": write_deck("elsewhere", "Moved", shipped("asheim"), file="moved.json"),
        "vanheim.json": write_deck("vanheim", "Mine", shipped("vanheim"), realm="vanheim"),
    }
    write_deck("short", "Short", one_short("asheim"))
    before = {p.name: p.read_bytes() for p in folder().iterdir()}

    shelf = read_user_decks()
    assert [d.key for d in shelf.decks] == ["good", "short"]
    assert shelf.decks[1].problem == "a deck has exactly 50 cards (this one has 49)"
    lines = dict(line.split(": ", 1) for line in shelf.problems)
    assert set(lines) == {*files, "short.json"}
    assert lines["garbage.json"].startswith("not valid JSON (line 1")
    assert lines["binary.json"] == "not UTF-8 text; left out"
    assert lines["typo.json"].startswith("cards.farmer: Input should be a valid integer")
    assert "rename the file to elsewhere.json" in lines["moved.json"]
    assert "Spirits of Summer, which comes with the game" in lines["vanheim.json"]
    assert lines["short.json"] == ("Short may not be played yet: a deck has exactly 50 "
                                   "cards (this one has 49)")
    assert all("\n" not in line for line in shelf.problems)
    assert {p.name: p.read_bytes() for p in folder().iterdir()} == before
    assert good.exists()


def test_a_seat_may_choose_the_games_decks_then_the_players_own():
    write_deck("mine", "Mine", shipped("asheim"))
    write_text("broken.json", "[]")
    shelf = deck_choices()
    assert [(d.key, d.user) for d in shelf.decks] == [("vanheim", False), ("asheim", False),
                                                      ("mine", True)]
    assert [(d.name, d.realm, d.problem) for d in shelf.decks[:2]] == [
        ("Spirits of Summer", "vanheim", None), ("Wolves of Winter", "asheim", None)]
    assert len(shelf.problems) == 1 and shelf.problems[0].startswith("broken.json: ")


def test_an_unusable_data_folder_is_a_line_not_a_crash(monkeypatch, tmp_path):
    blocker = tmp_path / "blocked"
    blocker.write_text("a file where the folder should be")
    monkeypatch.setenv("RUNETABLE_DATA_DIR", str(blocker / "data"))
    shelf = read_user_decks()
    assert shelf.decks == [] and len(shelf.problems) == 1
    assert "is a file, not a folder" in shelf.problems[0]
    with pytest.raises(OSError, match="is a file, not a folder"):
        save_user_deck("Wolves", shipped("asheim"))
