"""assets/nordguard: the designed cards load, and bad content names file, card and field."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.core.errors import ContentError
from engine.games.nordguard.content import ASSETS, load

FILES = ("items.json", "characters.json", "locations.json", "events.json")


def test_the_shipped_content_meets_the_brief() -> None:
    """At least 8 Characters (Nickel among them), 18 kinds of Item, 40 Location cards with
    several Waypoints and the blue-backed pair, 36 Event cards; everything has provenance."""
    c = load()
    assert len(c.characters) >= 8 and c.characters["nickel"].powers.scouts
    assert len(c.items) >= 18
    assert {"knife", "binoculars", "rope", "shovel", "dynamite"} <= set(c.items)
    assert any(item.powers.gun for item in c.items.values())
    assert sum(loc.copies for loc in c.locations.values()) >= 40
    assert sum(1 for loc in c.locations.values() if loc.waypoint) >= 3
    assert c.frontier is not None and c.destination is not None
    assert sum(ev.copies for ev in c.events.values()) >= 36
    for family in (c.characters, c.items, c.locations, c.events):
        assert all(card.provenance == "designed" for card in family.values())


def test_the_content_covers_every_challenge_and_event_kind() -> None:
    c = load()
    challenges = {ch.kind for loc in c.locations.values() for ch in loc.challenge}
    assert challenges == {"roll", "combat", "blocked", "days"}
    assert any(loc.bypass for loc in c.locations.values())
    effects = {e.kind for ev in c.events.values() for e in ev.effects}
    assert {"retreat", "steal", "days", "combat", "find", "restock", "shuffle", "drift",
            "draw", "barter"} <= effects
    assert any(ev.obstacle for ev in c.events.values())
    retreats = {e.to for ev in c.events.values() for e in ev.effects if e.kind == "retreat"}
    assert "waypoint" in retreats
    assert any(not item.stealable for item in c.items.values())
    assert any(item.uses == "unlimited" for item in c.items.values())


def copy_assets(tmp_path: Path) -> Path:
    for name in FILES:
        shutil.copy(ASSETS / name, tmp_path / name)
    return tmp_path


def edit(folder: Path, name: str, change: Callable[[dict[str, Any]], None]) -> None:
    path = folder / name
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def card(data: dict[str, Any], key: str) -> dict[str, Any]:
    return next(c for c in data["cards"] if c["key"] == key)


BAD: list[tuple[str, str, Callable[[dict[str, Any]], None], str]] = [
    ("items.json", "uses missing",
     lambda d: card(d, "rope").pop("uses"), r"items.json: cards\[\d+\] \(Rope\)\.uses"),
    ("items.json", "gun without a use count",
     lambda d: card(d, "rifle").__setitem__("uses", "unlimited"),
     r"cards\[\d+\] \(Rifle\).*number of uses"),
    ("items.json", "unknown modifier quantity",
     lambda d: card(d, "knife")["modifiers"][0].__setitem__("to", "laser"),
     r"cards\[\d+\] \(Knife\)\.modifiers\[0\]\.to: .*'laser' is not something"),
    ("items.json", "a limited item adding to rolls",
     lambda d: card(d, "crampons").__setitem__("uses", 3),
     r"cards\[\d+\] \(Crampons\).*never used up"),
    ("locations.json", "a roll target as text",
     lambda d: card(d, "snowdrift")["challenge"][0].__setitem__("target", "eight"),
     r"locations.json: cards\[\d+\] \(Snowdrift\)\.challenge\[0\]\.roll\.target"),
    ("locations.json", "bypass names an item that does not exist",
     lambda d: card(d, "crevasse")["bypass"].append("jetpack"),
     r"cards\[\d+\] \(Crevasse Field\)\.bypass: no item called 'jetpack'"),
    ("locations.json", "two frontiers",
     lambda d: card(d, "tundra").__setitem__("role", "frontier") or
     card(d, "tundra").__setitem__("copies", 1),
     r"exactly one frontier"),
    ("events.json", "retreat before another effect",
     lambda d: card(d, "macs-telegram")["effects"].reverse(),
     r"Mac's Telegram.*retreat ends the event"),
    ("events.json", "unknown field",
     lambda d: card(d, "tailwind").__setitem__("colour", "blue"),
     r"cards\[\d+\] \(Tailwind\)\.colour: Extra inputs"),
    ("characters.json", "starting item unknown",
     lambda d: card(d, "pi")["start"].append("bazooka"),
     r"characters.json: cards\[\d+\] \(Pi\)\.start: no item called 'bazooka'"),
    ("items.json", "a modifier the rules never read on an item",
     lambda d: card(d, "rope")["modifiers"].__setitem__(0, {"to": "theft", "prevent": True}),
     r"cards\[\d+\] \(Rope\): Value error, modifiers\[0\] \(prevents theft\): the rules "
     r"read no such modifier on an item"),
    ("items.json", "a day-giving item without uses",
     lambda d: card(d, "rations").__setitem__("uses", "unlimited"),
     r"cards\[\d+\] \(Rations\).*number of uses"),
    ("characters.json", "a Character scouting only its neighbours",
     lambda d: card(d, "nickel")["modifiers"][0]["when"].__setitem__("reach", ["adjacent"]),
     r"cards\[\d+\] \(Nickel\): .*\(\+1 to scouts when reach is adjacent, once a day\): "
     r"the rules read no such modifier on a Character"),
    ("characters.json", "a condition its quantity does not understand",
     lambda d: card(d, "london")["modifiers"][0]["when"].__setitem__("hazard", ["cold"]),
     r"\(London\)\.modifiers\[0\]\.when: .*cannot depend on hazard"),
    ("characters.json", "a word its condition does not know",
     lambda d: card(d, "london")["modifiers"][0]["when"].__setitem__("terrain", ["lava"]),
     r"\(London\)\.modifiers\[0\]\.when: .*terrain 'lava' is not one of snow, ice"),
    ("characters.json", "a timing its quantity does not count",
     lambda d: card(d, "freki")["modifiers"][0].__setitem__("timing", "once-a-day"),
     r"\(Freki\)\.modifiers\[0\]\.timing: .*combat counts while, on-use, "
     r"once-per-combat, not 'once-a-day'"),
    ("events.json", "a thief after a kind of item nobody knows",
     lambda d: card(d, "ravens")["effects"][0].__setitem__("only", ["jewels"]),
     r"\(Raven Thieves\): .*a thief is only after items by gun, roll"),
    ("characters.json", "duplicate key",
     lambda d: card(d, "geri").__setitem__("key", "freki"),
     r"cards\[\d+\] \(.*\)\.key: 'freki' is used twice"),
]


@pytest.mark.parametrize(("file", "what", "change", "message"), BAD,
                         ids=[f"{b[0]}: {b[1]}" for b in BAD])
def test_bad_content_names_file_card_and_field(tmp_path: Path, file: str, what: str,
                                               change: Callable[[dict[str, Any]], None],
                                               message: str) -> None:
    folder = copy_assets(tmp_path)
    edit(folder, file, change)
    with pytest.raises(ContentError, match=message) as caught:
        load(folder)
    assert str(folder / file) in str(caught.value)


def test_not_enough_copies_for_every_starting_hand(tmp_path: Path) -> None:
    folder = copy_assets(tmp_path)
    edit(folder, "characters.json",
         lambda d: card(d, "geri")["start"].append("lawmans-revolver"))
    with pytest.raises(ContentError, match=r"Lawman's Revolver\)\.copies: 2 characters"):
        load(folder)


def test_broken_json_names_the_file(tmp_path: Path) -> None:
    folder = copy_assets(tmp_path)
    (folder / "events.json").write_text("{\"cards\": [", encoding="utf-8")
    with pytest.raises(ContentError, match=r"events.json: not valid JSON"):
        load(folder)


def test_card_texts_state_the_numbers_the_rules_use() -> None:
    """A card's printed text and its data agree (targets, totals), so players read true."""
    c = load()
    for loc in c.locations.values():
        for ch in loc.challenge:
            if ch.kind == "roll":
                assert f"{ch.dice}d6, need {ch.target}" in loc.text, loc.name
            elif ch.kind == "combat":
                assert f"total {ch.total}" in loc.text, loc.name
    for ev in c.events.values():
        for effect in ev.effects:
            if effect.kind == "combat":
                assert f"total {effect.total}" in ev.text, ev.name


def test_the_rules_page_lists_every_character_as_designed() -> None:
    """Help → Rules: the Characters table matches the cards."""
    page = (ASSETS / "rules.md").read_text(encoding="utf-8")
    c = load()
    for character in c.characters.values():
        assert f"| {character.name} | {character.slots} |" in page, character.name
    assert "(designed)" in page


def field(path: str) -> Callable[[dict[str, Any], object], None]:
    """Set the value at `path` ('key.part.0.name') inside the card with that key."""
    key, *steps = path.split(".")

    def put(data: dict[str, Any], value: object) -> None:
        node: Any = card(data, key)
        for step in steps[:-1]:
            node = node[int(step)] if step.isdigit() else node[step]
        last = steps[-1]
        node[int(last) if last.isdigit() else last] = value

    return put


# (file, the card's key and the field's path inside it, the card's name, how the message
# names the field). Every number a card carries, each set absurdly high and negative.
NUMBERS: list[tuple[str, str, str, str]] = [
    ("items.json", "rope.copies", "Rope", r"\.copies"),
    ("items.json", "rifle.uses", "Rifle", r"\.uses"),
    ("items.json", "knife.modifiers.0.add", "Knife", r"\.modifiers\[0\]\.add"),
    ("items.json", "snowshoes.modifiers.0.add", "Snowshoes", r"\.modifiers\[0\]\.add"),
    ("items.json", "rations.modifiers.0.add", "Rations", r"\.modifiers\[0\]\.add"),
    ("items.json", "rifle.modifiers.0.dice", "Rifle", r"\.modifiers\[0\]\.dice"),
    ("characters.json", "nickel.slots", "Nickel", r"\.slots"),
    ("characters.json", "pi.modifiers.0.add", "Pi", r"\.modifiers\[0\]\.add"),
    ("characters.json", "london.modifiers.0.add", "London", r"\.modifiers\[0\]\.add"),
    ("characters.json", "freki.modifiers.0.add", "Freki", r"\.modifiers\[0\]\.add"),
    ("locations.json", "tundra.copies", "Open Tundra", r"\.copies"),
    ("locations.json", "sea-ice.events", "Sea Ice", r"\.events"),
    ("locations.json", "snowdrift.challenge.0.dice", "Snowdrift", r"\.challenge\[0\]\.roll\.dice"),
    ("locations.json", "snowdrift.challenge.0.target", "Snowdrift",
     r"\.challenge\[0\]\.roll\.target"),
    ("locations.json", "wolf-den.challenge.0.total", "Wolf Den",
     r"\.challenge\[0\]\.combat\.total"),
    ("locations.json", "long-detour.challenge.0.days", "Long Detour",
     r"\.challenge\[0\]\.days\.days"),
    ("events.json", "snowstorm.copies", "Snowstorm", r"\.copies"),
    ("events.json", "blizzard.effects.0.amount", "Blizzard", r"\.effects\[0\]\.days\.amount"),
    ("events.json", "ravens.effects.0.count", "Raven Thieves", r"\.effects\[0\]\.steal\.count"),
    ("events.json", "trappers-gift.effects.0.count", "Trapper's Gift",
     r"\.effects\[0\]\.find\.count"),
    ("events.json", "bad-omens.effects.0.count", "Bad Omens", r"\.effects\[0\]\.draw\.count"),
    ("events.json", "polar-bear.effects.0.total", "Polar Bear", r"\.effects\[0\]\.combat\.total"),
    ("events.json", "wolf-territory.obstacle.challenge.total", "Wolf Territory",
     r"\.obstacle\.challenge\.combat\.total"),
]


DAMAGE = {"huge": 1_000_000_000, "negative": -1, "hugely negative": -1_000_000_000}
DAMAGED = [(*number, value) for number in NUMBERS for how, value in DAMAGE.items()
           if not (how == "negative" and number[1] == "blizzard.effects.0.amount")]


@pytest.mark.parametrize(("file", "path", "card_name", "where", "value"), DAMAGED,
                         ids=[f"{d[0]}: {d[1]} = {d[4]}" for d in DAMAGED])
def test_every_number_on_a_card_is_bounded(tmp_path: Path, file: str, path: str,
                                           card_name: str, where: str, value: int) -> None:
    """Content rule (DESIGN, Content): a damaged count is refused at loading, in one line
    naming the file, the card and the field, never played (a billion copies would hang
    the set-up; negative uses would never run out)."""
    folder = copy_assets(tmp_path)
    edit(folder, file, lambda d: field(path)(d, value))
    with pytest.raises(ContentError) as caught:
        load(folder)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{folder / file}: cards[")
    assert re.search(rf"cards\[\d+\] \({re.escape(card_name)}\){where}: ", message), message


@pytest.mark.parametrize("value", ["3", 3.0, True], ids=["text", "fraction", "true"])
def test_a_count_is_a_whole_number(tmp_path: Path, value: object) -> None:
    """A count written as text, with a decimal point or as true is refused, not read as 3."""
    folder = copy_assets(tmp_path)
    edit(folder, "items.json", lambda d: field("rope.copies")(d, value))
    with pytest.raises(ContentError, match=r"items.json: cards\[\d+\] \(Rope\)\.copies: "):
        load(folder)


def test_uses_name_their_range_in_one_message(tmp_path: Path) -> None:
    """Uses are a number of uses or 'unlimited' (the designer's ruling on uses): one reason,
    not one per kind of value it could have been."""
    folder = copy_assets(tmp_path)
    edit(folder, "items.json", lambda d: field("rope.uses")(d, 0))
    with pytest.raises(ContentError, match=r"\(Rope\)\.uses: Value error, uses must be a whole "
                                           r"number from 1 to 10, or 'unlimited'$"):
        load(folder)


def test_too_few_characters_for_the_largest_team(tmp_path: Path) -> None:
    """Rulebook, Recommended Maps: up to 7 players, each picks a Character: a file with fewer
    would leave a seat with nothing to choose."""
    folder = copy_assets(tmp_path)
    edit(folder, "characters.json", lambda d: d.__setitem__("cards", d["cards"][:6]))
    with pytest.raises(ContentError, match=r"characters.json: cards: List should have at "
                                           r"least 7 items"):
        load(folder)
