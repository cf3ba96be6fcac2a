"""assets/yggdrasil: the board, clan sheet and the three Age decks say what the facts
(../shared/rules/yggdrasil-facts.md, "facts N") and the rulings ("ruling N") say, and a
damaged file is refused in one line naming file, card and field."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.core.errors import ContentError
from engine.core.modifiers import total
from engine.games.yggdrasil.content import (
    ASSETS,
    RULES,
    TRIGGERS,
    Gain,
    Rule,
    Take,
    load,
)

FILES = ("board.json", "clan.json", "cards.json")
RING = ["myrkulor", "elvagar", "angerboda", "muspelheim", "horgr", "utgard", "andlang",
        "gimle"]


# -- the board (facts 8-16) ----------------------------------------------------------------
def test_nine_provinces_in_three_regions() -> None:
    """facts 8: Yggdrasil in the centre; Manheim, Jotunheim and Alfheim around it."""
    c = load()
    assert len(c.provinces) == 9 and c.yggdrasil.key == "yggdrasil"
    by_region: dict[str | None, set[str]] = {}
    for p in c.board.provinces:
        by_region.setdefault(p.region, set()).add(p.key)
    assert by_region == {None: {"yggdrasil"},
                         "manheim": {"myrkulor", "elvagar", "angerboda"},
                         "jotunheim": {"utgard", "horgr", "muspelheim"},
                         "alfheim": {"andlang", "gimle"}}


def test_ring_villages_and_layout() -> None:
    """facts 10, 12: the ring clockwise from the top left, its village counts (32 in all),
    Yggdrasil with none, and the 3×3 layout."""
    c = load()
    assert c.board.ring == RING
    assert [c.provinces[k].villages for k in RING] == [3, 4, 5, 5, 4, 3, 3, 5]
    assert c.yggdrasil.villages == 0
    assert sum(p.villages for p in c.board.provinces) == 32
    assert c.board.layout == [["myrkulor", "elvagar", "angerboda"],
                              ["gimle", "yggdrasil", "muspelheim"],
                              ["andlang", "utgard", "horgr"]]


def test_adjacency_is_the_ring_and_the_tree() -> None:
    """facts 9, 12: each outer province borders its two ring neighbours and Yggdrasil;
    Yggdrasil borders all eight; adjacency is mutual."""
    c = load()
    for i, key in enumerate(RING):
        assert set(c.provinces[key].adjacent) == {RING[i - 1], RING[(i + 1) % 8], "yggdrasil"}
    assert set(c.yggdrasil.adjacent) == set(RING)
    for p in c.board.provinces:
        for other in p.adjacent:
            assert p.key in c.provinces[other].adjacent


def test_four_fjords_on_the_named_seams() -> None:
    """facts 11, 12: four fjords, each supporting two ring neighbours."""
    c = load()
    assert {frozenset(f.supports) for f in c.board.fjords} == {
        frozenset({"elvagar", "angerboda"}), frozenset({"muspelheim", "horgr"}),
        frozenset({"utgard", "andlang"}), frozenset({"gimle", "myrkulor"})}
    assert [f.key for f in c.fjords_of("gimle")] == ["fjord-gimle-myrkulor"]
    assert c.fjords_of("yggdrasil") == [] and c.fjords_of("horgr")


def test_geometry_is_marked_uncertain() -> None:
    """facts 12 and "still uncertain": the geometry rests on fan implementations."""
    c = load()
    assert all(p.uncertain for p in c.outer) and not c.yggdrasil.uncertain
    assert all(f.uncertain for f in c.board.fjords)


def test_pillage_token_mix() -> None:
    """facts 14: Yggdrasil's token raises all three stats; 3 Rage, 2 Axes, 2 Horns and one
    +5 Glory are shuffled onto the outer provinces, one each."""
    c = load()
    fixed = [t for t in c.board.pillage_tokens if t.place is not None]
    assert [(t.reward, t.place) for t in fixed] == [("all-stats", "yggdrasil")]
    outer = c.outer_tokens()
    assert len(outer) == len(c.outer) == 8
    assert Counter(t.reward for t in outer) == {"rage": 3, "axes": 2, "horns": 2, "glory": 1}
    assert [t.glory for t in outer if t.reward == "glory"] == [5]


def test_ragnarok_tokens_and_destroyed_provinces() -> None:
    """facts 15, 16, 45: a token per outer province; 2/3/4 Glory per figure dying in Ages
    1/2/3; 4 players start with 1 province destroyed, 3 with 2, 2 with 3."""
    rag = load().board.ragnarok
    assert sorted(rag.tokens) == sorted(RING)
    assert rag.glory == [2, 3, 4]
    assert rag.destroyed_at_start == {"4": 1, "3": 2, "2": 3}


# -- the clan sheet (facts 1-7, 32, 48) ----------------------------------------------------
def test_stat_tracks_and_start() -> None:
    """facts 4, 5: three 6-step tracks; clans start on step 1: Rage 6, Axes 3, Horns 4."""
    c = load()
    assert c.track("rage").steps == [6, 7, 8, 9, 12, 12]
    assert c.track("axes").steps == [3, 4, 5, 6, 8, 8]
    assert c.track("horns").steps == [4, 5, 6, 7, 10, 10]
    start = c.clan.start_step - 1
    assert [c.track(s).steps[start] for s in ("rage", "axes", "horns")] == [6, 3, 4]


def test_figures_and_slots() -> None:
    """facts 1, 3, 7, 28, 32: Leader STR 3 (invades free), 8 Warriors STR 1, a Ship STR 2;
    slots 1 Leader, 1 Warrior, 1 Ship, 2 Monster, 3 Clan; at most 2 monsters."""
    c = load()
    assert (c.figure("leader").str, c.figure("leader").count) == (3, 1)
    assert c.figure("leader").invade_cost == 0
    assert (c.figure("warrior").str, c.figure("warrior").count) == (1, 8)
    assert (c.figure("ship").str, c.figure("ship").count) == (2, 1)
    assert c.figure("warrior").invade_cost is None  # its STR
    assert c.clan.slots == {"leader": 1, "warrior": 1, "ship": 1, "monster": 2, "clan": 3}
    assert c.clan.monsters == 2
    cards = load().cards
    assert [cards[k].slot for k in ("a1-lord-of-hammers", "a1-brothers-in-arms",
                                    "a1-lokis-dragons", "a1-troll", "a1-lokis-domain",
                                    "a1-tyrs-bash", "a1-quest-of-alfheim")] == \
        ["leader", "warrior", "ship", "monster", "clan", None, None]


def test_end_of_game_stat_glory() -> None:
    """facts 48: +10 Glory for a stat at step 4 or 5, +20 at step 6."""
    assert load().clan.end_glory == [0, 0, 0, 10, 10, 20]


# -- the decks (facts 17, 21-23, 50-64) ----------------------------------------------------
@pytest.mark.parametrize("age", [1, 2, 3])
def test_deck_sizes_per_player_count(age: int) -> None:
    """facts 17: 34 cards = 20 for any count + 6 marked 3+ + 8 marked 4+, so 20/26/34."""
    c = load()
    assert [len(c.deck(age, players)) for players in (2, 3, 4)] == [20, 26, 34]
    marks = Counter(card.mark for card in c.deck(age, 4))
    assert marks == {"none": 20, "3+": 6, "4+": 8}
    assert all(card.mark == "none" for card in c.deck(age, 2))
    assert all(card.mark != "4+" for card in c.deck(age, 3))


def test_a_deck_for_five_players_is_refused() -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        load().deck(1, 5)


def test_draft_numbers() -> None:
    """facts 21-23, 43: 8 dealt, 6 picked (2 at a time with 2 players), 1 kept; the
    leftovers are 2 cards with 3-4 players and 4 with 2 players."""
    c = load()
    draft = c.decks.draft
    assert (draft.dealt, draft.hand, draft.kept) == (8, 6, 1)
    assert draft.picks == {"2": 2, "3": 1, "4": 1}
    left = {p: len(c.deck(1, p)) - p * draft.dealt for p in (2, 3, 4)}
    assert left == {2: 4, 3: 2, 4: 2}
    assert c.decks.quest_steps == 1  # facts 44


def names(age: int, kind: str) -> Counter[tuple[str, str]]:
    return Counter((c.name, c.mark) for c in load().decks.cards
                   if c.age == age and c.kind == kind)


def test_age_1_cards() -> None:
    """facts 50-54: Age 1's monsters, upgrades and battle cards with marks and numbers."""
    c = load().cards
    assert names(1, "monster") == {("Troll", "none"): 1, ("Dwarf Chieftain", "none"): 1,
                                   ("Sea Serpent", "3+"): 1}
    assert (c["a1-troll"].str, c["a1-troll"].cost) == (2, 2)
    assert (c["a1-dwarf-chieftain"].str, c["a1-dwarf-chieftain"].cost) == (2, 0)
    assert (c["a1-sea-serpent"].str, c["a1-sea-serpent"].cost) == (3, 3)
    assert {(k.name, k.troop, k.cost) for k in c.values() if k.age == 1 and k.kind == "troop"} \
        == {("Lord of Hammers", "leader", 3), ("Brothers in Arms", "warrior", 1),
            ("Loki's Dragons", "ship", 2)}
    assert {(k.name, k.mark, k.cost) for k in c.values() if k.age == 1 and k.kind == "clan"} \
        == {("Loki's Domain", "none", 1), ("Frigga's Charm", "none", 0),
            ("Thor's Glory", "none", 2), ("Frigga's Succor", "3+", 2),
            ("Tyr's Domain", "3+", 0), ("Loki's Blessing", "4+", 1)}
    assert names(1, "battle") == {
        ("Odin's Smite", "none"): 1, ("Odin's Smite", "3+"): 1, ("Tyr's Bash", "none"): 1,
        ("Heimdall's Sight", "none"): 1, ("Frigga's Grace", "none"): 1,
        ("Frigga's Grace", "4+"): 1, ("Loki's Trickery", "none"): 1,
        ("Loki's Trickery", "4+"): 1, ("Tyr's Smash", "none"): 1, ("Tyr's Smash", "3+"): 1,
        ("Tyr's Smite", "none"): 1, ("Thor's Hammer", "none"): 1, ("Tyr's Crush", "4+"): 1}
    assert {k.name: k.str for k in c.values() if k.age == 1 and k.kind == "battle"} == {
        "Odin's Smite": 1, "Tyr's Bash": 2, "Heimdall's Sight": 0, "Frigga's Grace": 2,
        "Loki's Trickery": 0, "Tyr's Smash": 3, "Tyr's Smite": 5, "Thor's Hammer": 1,
        "Tyr's Crush": 4}


def test_age_2_cards() -> None:
    """facts 55-59."""
    c = load().cards
    assert names(2, "monster") == {("Valkyrie", "none"): 1, ("Dark Elf", "none"): 1,
                                   ("Fire Giant", "3+"): 1}
    assert [(c[k].str, c[k].cost) for k in ("a2-valkyrie", "a2-dark-elf", "a2-fire-giant")] \
        == [(2, 2), (1, 1), (4, 4)]
    assert {(k.name, k.troop, k.cost) for k in c.values() if k.age == 2 and k.kind == "troop"} \
        == {("Lord of Axes", "leader", 3), ("Experts in Arms", "warrior", 2),
            ("Fire Dragons", "ship", 2)}
    assert {(k.name, k.mark, k.cost) for k in c.values() if k.age == 2 and k.kind == "clan"} \
        == {("Odin's Inspiration", "none", 2), ("Tyr's Challenge", "none", 0),
            ("Frigga's Protection", "none", 0), ("Loki's Eminence", "3+", 2),
            ("Tyr's Prowess", "3+", 2), ("Thor's Domain", "4+", 1)}
    assert names(2, "battle") == {
        ("Tyr's Crush", "none"): 1, ("Heimdall's Eye", "none"): 2, ("Heimdall's Eye", "3+"): 1,
        ("Odin's Tide", "none"): 1, ("Odin's Tide", "4+"): 1, ("Loki's Backstab", "none"): 1,
        ("Loki's Backstab", "4+"): 1, ("Tyr's Rage", "none"): 1,
        ("Heimdall's Watch", "none"): 1, ("Thor's Oath", "none"): 1, ("Tyr's Smite", "3+"): 1,
        ("Tyr's Smash", "4+"): 1}
    assert {k.name: k.str for k in c.values() if k.age == 2 and k.kind == "battle"} == {
        "Tyr's Crush": 4, "Heimdall's Eye": 2, "Odin's Tide": 1, "Loki's Backstab": 0,
        "Tyr's Rage": 6, "Heimdall's Watch": 0, "Thor's Oath": 1, "Tyr's Smite": 5,
        "Tyr's Smash": 3}


def test_age_3_cards() -> None:
    """facts 60-64."""
    c = load().cards
    assert names(3, "monster") == {("Frost Giant", "none"): 1, ("Soldier of Hel", "none"): 1,
                                   ("Volur Witch", "3+"): 1}
    assert [(c[k].str, c[k].cost) for k in ("a3-frost-giant", "a3-soldier-of-hel",
                                             "a3-volur-witch")] == [(4, 4), (3, 0), (3, 3)]
    assert {(k.name, k.troop, k.cost) for k in c.values() if k.age == 3 and k.kind == "troop"} \
        == {("Lord of Spears", "leader", 3), ("Masters in Arms", "warrior", 2),
            ("Eternal Dragons", "ship", 2)}
    assert {(k.name, k.mark, k.cost) for k in c.values() if k.age == 3 and k.kind == "clan"} \
        == {("Frigga's Domain", "none", 0), ("Odin's Throne", "none", 2),
            ("Thor's Conquest", "none", 3), ("Frigga's Sacrifice", "3+", 1),
            ("Tyr's Wrath", "3+", 1), ("Loki's Wrath", "4+", 3)}
    assert names(3, "battle") == {
        ("Heimdall's Gaze", "none"): 1, ("Heimdall's Gaze", "3+"): 1,
        ("Thor's Primacy", "none"): 1, ("Thor's Primacy", "3+"): 1,
        ("Thor's Ascension", "none"): 1, ("Thor's Ascension", "4+"): 1,
        ("Odin's Judgement", "none"): 1, ("Odin's Judgement", "4+"): 1,
        ("Tyr's Rage", "none"): 1, ("Heimdall's Watch", "none"): 1, ("Tyr's Crush", "none"): 1,
        ("Loki's Poison", "none"): 1, ("Tyr's Smite", "4+"): 1}
    assert {k.name: k.str for k in c.values() if k.age == 3 and k.kind == "battle"} == {
        "Heimdall's Gaze": 3, "Thor's Primacy": 3, "Thor's Ascension": 1,
        "Odin's Judgement": 2, "Tyr's Rage": 6, "Heimdall's Watch": 0, "Tyr's Crush": 4,
        "Loki's Poison": 0, "Tyr's Smite": 5}


@pytest.mark.parametrize(("age", "region", "other"), [(1, 5, 6), (2, 7, 8), (3, 9, 11)])
def test_quests(age: int, region: int, other: int) -> None:
    """facts 53, 58, 63 and section C: region quests 5/7/9, Glorious Death and Yggdrasil
    6/8/11; one of each region and Glorious Death at any count, a second at 4+, Yggdrasil
    at 3+; Glorious Death needs 4 figures in Valhalla."""
    quests = [c for c in load().decks.cards if c.age == age and c.kind == "quest"]
    got = Counter((q.goal.kind, getattr(q.goal, "region", None) or
                   getattr(q.goal, "province", None), q.mark, q.glory)
                  for q in quests if q.goal is not None)
    want: Counter[tuple[str, str | None, str, int]] = Counter()
    for mark in ("none", "4+"):
        for name in ("alfheim", "jotunheim", "manheim"):
            want["most-str-region", name, mark, region] += 1
        want["valhalla", None, mark, other] += 1
    want["most-str-province", "yggdrasil", "3+", other] += 1
    assert got == want
    assert {q.goal.figures for q in quests if q.goal and q.goal.kind == "valhalla"} == {4}


# -- what the cards do -------------------------------------------------------------------
def effect(key: str, index: int = 0) -> Any:
    return load().cards[key].effects[index]


def test_every_rule_key_and_moment_is_used_and_explained() -> None:
    """One list of effect keys for the rules engine, each with its meaning; none unused."""
    cards = load().decks.cards
    used_rules = {e.key for c in cards for e in c.effects if isinstance(e, Rule)}
    used_moments = {e.on for c in cards for e in c.effects if isinstance(e, Gain)}
    assert used_rules == set(RULES) and used_moments == set(TRIGGERS)
    assert all(r.meaning for r in RULES.values()) and all(m.meaning for m in TRIGGERS.values())


def test_battle_text_priority() -> None:
    """rulings 3, 23: Thor's Primacy first, Heimdall's Watch second, the rest after."""
    assert RULES["cancel-texts"].order == 1 and RULES["discard-and-replay"].order == 2
    assert {r.order for k, r in RULES.items()
            if k not in ("cancel-texts", "discard-and-replay")} == {3}
    c = load().cards
    assert c["a3-thors-primacy"].rule("cancel-texts") is not None
    assert c["a2-heimdalls-watch"].rule("discard-and-replay") is not None
    assert c["a3-heimdalls-watch"].rule("discard-and-replay") is not None


def test_monsters() -> None:
    """facts 50, 55, 60; rulings 6, 22, 25, 26."""
    c = load().cards
    assert effect("a1-troll").figures == ["warrior"] and not effect("a1-troll").fjords
    fire = effect("a2-fire-giant")  # ruling 22: every non-monster, fjords too
    assert sorted(fire.figures) == ["leader", "ship", "warrior"] and fire.fjords
    assert c["a1-sea-serpent"].rule("as-ship") is not None  # ruling 25
    assert c["a2-dark-elf"].rule("invades-yggdrasil") is not None  # ruling 6
    elf = c["a2-dark-elf"]
    assert elf.str + total(elf.modifiers, "str", {"figure": "this-monster",
                                                  "province": "yggdrasil"}) == 3
    assert elf.str + total(elf.modifiers, "str", {"figure": "this-monster",
                                                  "province": "outer"}) == 1
    assert c["a3-volur-witch"].rule("retreat-to-yggdrasil") is not None  # ruling 26
    assert c["a3-frost-giant"].rule("reward-twice") is not None
    for key in ("a1-dwarf-chieftain", "a3-soldier-of-hel"):  # upgrade and invade for 0
        card = c[key]
        assert card.cost == 0
        assert card.str + total(card.modifiers, "invade-cost", {"figure": "this-monster"}) == 0
    valkyrie = effect("a2-valkyrie")
    assert (valkyrie.on, valkyrie.glory) == ("enemy-destroyed-with-this", 2)


def warrior_strength(key: str, warriors: int) -> int:
    """STR of `warriors` Warriors in one province under the Warrior upgrade `key`."""
    mods = load().cards[key].modifiers
    each = 1 + total(mods, "str", {"figure": "warrior"})
    return warriors * each + (warriors // 2) * total(mods, "warrior-pair", {})


def test_warrior_upgrades() -> None:
    """facts 51, 56, 61; ruling 27: Brothers pair 3; Experts STR 2; Masters pair 6, lone 2."""
    assert [warrior_strength("a1-brothers-in-arms", n) for n in (1, 2, 3)] == [1, 3, 4]
    assert [warrior_strength("a2-experts-in-arms", n) for n in (1, 2)] == [2, 4]
    assert [warrior_strength("a3-masters-in-arms", n) for n in (1, 2, 3)] == [2, 6, 8]


def test_leader_and_ship_upgrades() -> None:
    """facts 51, 56, 61: the Lords after a pillage with the Leader; the Dragons' Glory per
    ship destroyed 4/8/12."""
    assert load().cards["a1-lord-of-hammers"].rule("leader-moves-after-pillage") is not None
    assert (effect("a2-lord-of-axes").on, effect("a2-lord-of-axes").stats) == \
        ("pillage-with-leader", "any")
    assert effect("a3-lord-of-spears").stats == "all"
    assert [(effect(k).on, effect(k).glory) for k in
            ("a1-lokis-dragons", "a2-fire-dragons", "a3-eternal-dragons")] == \
        [("ship-destroyed", 4), ("ship-destroyed", 8), ("ship-destroyed", 12)]


def test_clan_upgrades() -> None:
    """facts 52, 57, 62; rulings 10, 12-16, 18, 24."""
    c = load().cards
    assert [effect(k).glory for k in ("a1-lokis-domain", "a2-lokis-eminence",
                                      "a3-lokis-wrath")] == [1, 2, 3]
    assert total(c["a1-friggas-charm"].modifiers, "upgrade-cost", {}) == -1  # ruling 12
    glory = effect("a1-thors-glory")  # ruling 10: a flat 2
    assert (glory.on, glory.glory) == ("two-enemies-destroyed", 2)
    assert not TRIGGERS["two-enemies-destroyed"].per_figure
    assert c["a1-friggas-succor"].rule("extra-warrior-on-invade") is not None  # ruling 13
    assert total(c["a1-tyrs-domain"].modifiers, "quest-in-battle", {}) == 3  # ruling 19
    assert total(c["a3-tyrs-wrath"].modifiers, "quest-in-battle", {}) == 5
    assert c["a1-lokis-blessing"].rule("invade-after-loss") is not None  # ruling 6
    assert c["a2-odins-inspiration"].rule("double-ragnarok-glory") is not None  # ruling 24
    params = {k: c[k].effects[0].params for k in (  # type: ignore[union-attr]
        "a2-tyrs-challenge", "a2-friggas-protection", "a2-tyrs-prowess", "a2-thors-domain",
        "a3-friggas-domain", "a3-friggas-sacrifice")}
    assert params == {"a2-tyrs-challenge": {"rage": 2}, "a2-friggas-protection": {"rage": 1},
                      "a2-tyrs-prowess": {"rage": 1}, "a2-thors-domain": {"rage": 2},
                      "a3-friggas-domain": {"rage": 1}, "a3-friggas-sacrifice": {"figures": 2}}
    assert c["a3-odins-throne"].rule("double-quest-glory") is not None
    assert (effect("a3-thors-conquest").on, effect("a3-thors-conquest").glory) == \
        ("game-end-figure", 3)


def test_battle_card_texts() -> None:
    """facts 54, 59, 64; rulings 11, 17-21."""
    c = load().cards
    assert c["a1-odins-smite"].rule("smite-warrior") is not None
    assert c["a1-heimdalls-sight"].rule("copy-highest-card") is not None  # ruling 19
    assert (effect("a1-friggas-grace").on, effect("a1-friggas-grace").stats) == \
        ("pillage", "another")  # ruling 11
    thefts = {k: effect(k) for k in ("a1-lokis-trickery", "a2-lokis-backstab",
                                     "a3-lokis-poison")}
    assert all(isinstance(t, Take) for t in thefts.values())
    assert (thefts["a1-lokis-trickery"].rage, thefts["a2-lokis-backstab"].glory,
            thefts["a3-lokis-poison"].cards) == (1, 2, True)
    assert (effect("a1-thors-hammer").on, effect("a1-thors-hammer").glory) == ("win", 3)
    assert effect("a2-thors-oath").stats == "any"
    ascension = effect("a3-thors-ascension")
    assert (ascension.on, ascension.rage, ascension.glory) == ("win", 3, 3)
    assert (effect("a3-odins-judgement").on, effect("a3-odins-judgement").glory) == \
        ("figure-destroyed", 2)
    assert c["a2-odins-tide"].rule("keep-one-figure") is not None
    for key in ("a2-heimdalls-eye", "a3-heimdalls-gaze"):  # ruling 21
        assert c[key].rule("play-after-reveal") is not None


def test_every_card_has_our_text_and_provenance() -> None:
    cards = load().decks.cards
    assert len(cards) == 102 and len({c.key for c in cards}) == 102
    assert all(c.text and c.provenance == "seed" for c in cards)


def test_rules_page_marks_designed_rules() -> None:
    """The draft rules reference covers set-up and the six phases and marks what is ours."""
    page = (ASSETS / "rules.md").read_text(encoding="utf-8")
    assert "(designed)" in page
    for heading in ("Setting up", "Gods' Gifts", "Action", "Discard", "Quest", "Ragnarök",
                    "Release Valhalla"):
        assert f"## {heading}" in page or f"### {heading}" in page, heading


# -- damaged files -----------------------------------------------------------------------
def copy_assets(tmp_path: Path) -> Path:
    for name in FILES:
        shutil.copy(ASSETS / name, tmp_path / name)
    return tmp_path


def edit(folder: Path, name: str, change: Callable[[Any], None]) -> None:
    path = folder / name
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def card(data: dict[str, Any], key: str) -> dict[str, Any]:
    return next(c for c in data["cards"] if c["key"] == key)


def test_a_copy_loads(tmp_path: Path) -> None:
    assert len(load(copy_assets(tmp_path)).cards) == 102


BAD: list[tuple[str, str, Callable[[Any], None], str]] = [
    ("cards.json", "negative STR", lambda d: card(d, "a1-tyrs-bash").__setitem__("str", -1),
     r"cards\[\d+\] \(Tyr's Bash\)\.str: Input should be greater than or equal to 0"),
    ("cards.json", "unknown effect key",
     lambda d: card(d, "a3-thors-primacy")["effects"][0].__setitem__("key", "thunder"),
     r"cards\[\d+\] \(Thor's Primacy\)\.effects\[0\] \(thunder\)\.rule: .*key: 'thunder' is "
     r"not a Yggdrasil effect key"),
    ("cards.json", "unknown effect kind",
     lambda d: card(d, "a1-thors-hammer")["effects"][0].__setitem__("kind", "smite"),
     r"cards\[\d+\] \(Thor's Hammer\)\.effects\[0\]: Input tag 'smite'"),
    ("cards.json", "unknown moment",
     lambda d: card(d, "a1-thors-hammer")["effects"][0].__setitem__("on", "dawn"),
     r"\(Thor's Hammer\)\.effects\[0\]\.gain: .*on: 'dawn' is not a moment"),
    ("cards.json", "a 4+ card marked for any count",
     lambda d: card(d, "a1-tyrs-crush").__setitem__("mark", "none"),
     r"cards\[\d+\] \(Tyr's Crush\)\.mark: Age 1 has more than 20 cards marked none"),
    ("cards.json", "one 4+ card too many",
     lambda d: card(d, "a2-tyrs-rage").__setitem__("mark", "4+"),
     r"cards\[\d+\] \(Tyr's Smash\)\.mark: Age 2 has more than 8 cards marked 4\+"),
    ("cards.json", "a 4+ card lost",
     lambda d: d["cards"].remove(card(d, "a3-tyrs-smite")),
     r"cards: Age 3 has 7 cards marked 4\+, not 8 \(facts 17\)"),
    ("cards.json", "a key used twice",
     lambda d: card(d, "a1-tyrs-bash").__setitem__("key", "a1-troll"),
     r"cards\[\d+\] \(Tyr's Bash\)\.key: 'a1-troll' is used twice"),
    ("cards.json", "a rule parameter out of bounds",
     lambda d: card(d, "a2-tyrs-challenge")["effects"][0].__setitem__("params", {"rage": 9}),
     r"\(Tyr's Challenge\)\.effects\[0\] \(pillage-again\)\.rule: .*params\.rage"),
    ("cards.json", "a monster without a cost", lambda d: card(d, "a1-troll").pop("cost"),
     r"cards\[0\] \(Troll\): .*cost: upgrades and monsters have a Rage cost"),
    ("cards.json", "a modifier beyond its bounds",
     lambda d: card(d, "a1-friggas-charm")["modifiers"][0].__setitem__("add", -5),
     r"\(Frigga's Charm\)\.modifiers\[0\]\.add: .*upgrade-cost must be from -2 to -1"),
    ("cards.json", "a battle effect on a clan upgrade",
     lambda d: card(d, "a1-lokis-domain")["effects"].append({"kind": "rule",
                                                            "key": "cancel-texts"}),
     r"\(Loki's Domain\): .*effects\[1\] \(rule\) belongs on battle cards"),
    ("cards.json", "a quest for a region that does not exist",
     lambda d: card(d, "a1-quest-of-alfheim")["goal"].__setitem__("region", "asgard"),
     r"\(Quest of Alfheim\)\.goal\.region: no region 'asgard'"),
    ("cards.json", "a STR as text", lambda d: card(d, "a1-tyrs-bash").__setitem__("str", "2"),
     r"\(Tyr's Bash\)\.str: Input should be a valid integer"),
    ("board.json", "one-way adjacency",
     lambda d: d["provinces"][1]["adjacent"].append("horgr"),
     r"provinces\[1\] \(Myrkulor\)\.adjacent: 'horgr' does not list 'myrkulor' back"),
    ("board.json", "a village too many",
     lambda d: d["provinces"][1].__setitem__("villages", 4),
     r"provinces: the board has 32 villages, not 33"),
    ("board.json", "a fjord off the ring",
     lambda d: d["fjords"][0].__setitem__("supports", ["elvagar", "horgr"]),
     r"fjords\[0\] \(Fjord of Elvagar and Angerboda\)\.supports: a fjord lies between two "
     r"outer provinces that are ring neighbours"),
    ("board.json", "a pillage token too many",
     lambda d: d["pillage_tokens"][1].__setitem__("count", 4),
     r"pillage_tokens: one token per province: 9, not 10"),
    ("board.json", "the ring out of step with adjacency",
     lambda d: d["ring"].reverse() or d["ring"].insert(0, d["ring"].pop(3)),
     r"\.adjacent: an outer province borders its two ring neighbours"),
    ("clan.json", "a falling track",
     lambda d: d["tracks"][0]["steps"].__setitem__(2, 5),
     r"tracks\[0\] \(Rage\): .*steps: a stat never falls"),
    ("clan.json", "a seventh step", lambda d: d["tracks"][1]["steps"].append(9),
     r"tracks\[1\] \(Axes\)\.steps: List should have at most 6 items"),
]


@pytest.mark.parametrize(("file", "change", "where"), [(f, c, w) for f, _, c, w in BAD],
                         ids=[name for _, name, _, _ in BAD])
def test_damaged_content_is_refused(tmp_path: Path, file: str, change: Callable[[Any], None],
                                    where: str) -> None:
    folder = copy_assets(tmp_path)
    edit(folder, file, change)
    with pytest.raises(ContentError) as info:
        load(folder)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"{folder / file}: "), message
    assert re.search(where, message), message


def test_bad_json_is_refused(tmp_path: Path) -> None:
    folder = copy_assets(tmp_path)
    (folder / "cards.json").write_text('{"cards": [,]}', encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load(folder)
    assert str(info.value) == (f"{folder / 'cards.json'}: not valid JSON (line 1, column 12: "
                               "Expecting value)")
