"""What Items and Characters do is one list of modifiers each, in the core's vocabulary
("+N to X while/when condition", engine.core.modifiers) with Nordguard's words: the
designed cards do what their text says, and a new card needs no new Python."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.games.nordguard.actions import (
    Attempt,
    ChooseCharacter,
    DoneStocking,
    EndDay,
    SetOut,
    StopFighting,
)
from engine.games.nordguard.build import NordguardOptions
from engine.games.nordguard.challenges import combat_base, roll_bonus
from engine.games.nordguard.content import (
    CharactersFile,
    EventsFile,
    Item,
    ItemsFile,
    LocationsFile,
    NordguardContent,
    shipped,
)
from engine.games.nordguard.rules import NordguardGame
from engine.games.nordguard.state import NordguardState
from tests.engine.nordguard.helpers import (
    GAME,
    act,
    day_one,
    dice,
    hand,
    lay,
    stack_events,
    texts,
)

C = GAME.content


def test_every_card_reads_its_modifiers_into_the_numbers_the_rules_use() -> None:
    """The cards as the rules read them (content.Powers), from their modifiers alone."""
    items, characters = C.items, C.characters
    assert items["rifle"].powers.gun == 1 and not items["rifle"].powers.strike
    assert items["knife"].powers.strike == 2 and not items["knife"].powers.gun
    assert items["ice-axe"].powers.strike == 1
    assert dict(items["ice-axe"].powers.roll) == {"ice": 1, "climb": 1}
    assert items["rations"].powers.days == 1
    assert items["binoculars"].powers.looks and items["binoculars"].powers.surveys
    assert items["tent"].powers.keeps_days(["storm", "cold"])
    assert not items["tent"].powers.keeps_days(["injury"])
    assert characters["nickel"].powers.scouts and not characters["nickel"].powers.looks
    assert characters["freki"].powers.combat == 2
    assert dict(characters["london"].powers.roll) == {"snow": 1, "fog": 1}
    assert characters["geri"].powers.rerolls
    assert characters["iyoto"].powers.restock == ("waypoint",)
    assert characters["oleg"].powers.guards(own=True)
    assert not characters["oleg"].powers.guards(own=False), "only what he carries"
    pi = characters["pi"].powers
    assert pi.extra_uses(items["rifle"].powers.tags, own=True) == 2
    assert pi.extra_uses(items["rifle"].powers.tags, own=False) == 0, "only her own guns"
    assert pi.extra_uses(items["dynamite"].powers.tags, own=True) == 0, "guns only"


def test_london_adds_to_rolls_on_snow_and_fog_only() -> None:
    """London: +1 to every roll on snow and in fog (his Compass adds 1 more in fog)."""
    state = day_one(("london",))
    assert roll_bonus(C, state, "snow") == 1
    assert roll_bonus(C, state, "fog") == 2
    assert roll_bonus(C, state, "ice") == 0
    lay(state, 1, "snowdrift", face_up=True)  # 2d6 on snow, need 8
    stack_events(state, "quiet-night")
    dice(state, 3, 4)
    events = act(state, Attempt("E"))
    assert "Rolled 2d6+1 = 3+4+1 = 8" in texts(events) and state.sled == 1


def test_two_of_one_kind_count_once_two_kinds_both_count() -> None:
    """Designed: items adding to a roll count one of each kind (two Ice Axes add 1 on ice,
    an Ice Axe and Crampons add 2)."""
    state = day_one(("nickel", "geri"))
    hand(state, 0, "ice-axe")
    hand(state, 1, "ice-axe")
    assert roll_bonus(C, state, "ice") == 1
    hand(state, 0, "crampons")
    assert roll_bonus(C, state, "ice") == 2
    assert roll_bonus(C, state, "climb") == 1


def test_geri_rolls_a_failed_challenge_roll_again_once_a_day() -> None:
    """Geri: once a day, a failed challenge roll is rolled again."""
    state = day_one(("geri",))
    lay(state, 1, "blue-ice", face_up=True)  # 1d6 on ice, need 5
    stack_events(state, "quiet-night")
    dice(state, 2, 3)
    events = act(state, Attempt("E"))
    assert "Geri tries again (once a day)" in texts(events) and state.sled == 0
    assert state.rerolled
    act(state, EndDay())
    assert not state.rerolled, "a new day, a new re-roll"
    dice(state, 1, 6)
    act(state, Attempt("E"))
    assert state.sled == 1


EXTRA = [
    {"key": "war-horn", "name": "War Horn", "uses": "unlimited", "copies": 1,
     "provenance": "designed", "text": "Adds 1 to every combat total while carried.",
     "modifiers": [{"to": "combat", "add": 1}]},
    {"key": "lucky-charm", "name": "Lucky Charm", "uses": "unlimited", "copies": 1,
     "provenance": "designed", "text": "Once a day a failed challenge roll is rolled again.",
     "modifiers": [{"to": "rerolls", "add": 1, "when": {"challenge": ["roll"]},
                    "timing": "once-a-day"}]},
]


def test_a_new_card_is_data_only() -> None:
    """A card written in the vocabulary works without new Python: a War Horn adds to every
    combat total while carried, a Lucky Charm re-rolls like Geri."""
    c = shipped()
    items = [*c.item_list, *(Item.model_validate(card) for card in EXTRA)]
    game = NordguardGame(NordguardContent(ItemsFile(cards=items),
                                          CharactersFile(cards=c.character_list),
                                          LocationsFile(cards=c.location_list),
                                          EventsFile(cards=c.event_list)))
    state = game.setup(NordguardOptions(players=1, width=4, height=4), Rng(7))
    assert isinstance(state, NordguardState)
    for action in (ChooseCharacter("ch-freki"), DoneStocking(), SetOut()):
        game.apply(state, action)
    hand(state, 0, "war-horn", "lucky-charm")
    assert combat_base(game.content, state) == 2 + 1  # Freki's brawn and the horn
    lay(state, 1, "wolf-den", face_up=True)
    events = game.apply(state, Attempt("E"))
    assert "(abilities add 3)" in texts(events)
    game.apply(state, StopFighting())
    game.apply(state, EndDay())
    lay(state, 1, "blue-ice", face_up=True)
    stack_events(state, "quiet-night")
    dice(state, 1, 6)
    events = game.apply(state, Attempt("E"))
    assert "Lucky Charm tries again (once a day)" in texts(events) and state.sled == 1
