"""The core's modifier vocabulary (issue "One engine for five rulebooks", item 6): "+N to X
while/when condition" as content, validated by pydantic, read the same way by every game.

The vocabulary here is a made-up one in the words of games still to come (Yggdrasil's
upgrades, Wintergrim's skills and weather), to show it is not Nordguard's alone.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.core import modifiers
from engine.core.content import load_content
from engine.core.errors import ContentError
from engine.core.modifiers import Modifier, Quantity, Vocabulary

SAGA = Vocabulary(
    "Saga",
    quantities=(
        Quantity("axes", "a clan's Axes in battle", add=(-3, 3), dice=(1, 2),
                 conditions=("province", "phase"), timings=("while", "once-per-battle")),
        Quantity("cc", "close combat", add=(1, 4), conditions=("attacking-from",)),
        Quantity("movement", "areas moved", add=(-2, 2), conditions=("weather",)),
        Quantity("ambush", "an ambush", prevent=True, conditions=("weather",)),
        Quantity("recruit", "recruiting", allow=True, conditions=("province",)),
    ),
    conditions={"province": ("fjord", "mountain", "plain"), "phase": ("spring", "winter"),
                "attacking-from": ("ship", "land"), "weather": ("snow", "clear", "fog")},
    timings=("while", "once-per-battle"),
)


class SagaModifier(Modifier):
    vocabulary = SAGA


class Upgrade(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    name: str
    modifiers: list[SagaModifier] = Field(max_length=4)


class UpgradesFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    cards: list[Upgrade]


def m(**data: object) -> SagaModifier:
    return SagaModifier.model_validate(data)


# -- evaluation ---------------------------------------------------------------------------

def test_a_condition_holds_when_the_fact_names_one_of_its_words() -> None:
    """"+1 Axes while in a province with a fjord": only there."""
    fjord = m(to="axes", add=1, when={"province": ["fjord"]})
    assert modifiers.holds(fjord, {"province": "fjord"})
    assert not modifiers.holds(fjord, {"province": "plain"})
    assert not modifiers.holds(fjord, {}), "a fact not given does not hold"
    assert modifiers.total([fjord], "axes", {"province": "fjord"}) == 1
    assert modifiers.total([fjord], "axes", {"province": "mountain"}) == 0


def test_every_condition_must_hold_and_a_fact_may_hold_several_words() -> None:
    both = m(to="axes", add=2, when={"province": ["fjord", "mountain"], "phase": ["winter"]})
    assert modifiers.holds(both, {"province": "mountain", "phase": "winter"})
    assert not modifiers.holds(both, {"province": "mountain", "phase": "spring"})
    # an event with several hazards, a province with several features: any one will do
    assert modifiers.holds(both, {"province": ["plain", "fjord"], "phase": ["winter"]})
    assert not modifiers.holds(both, {"province": ["plain"], "phase": ["winter"]})


def test_totals_fold_only_the_quantity_asked_and_its_timing() -> None:
    """"+2 CC when attacking from a ship", beside other modifiers of a card."""
    card = [m(to="cc", add=2, when={"attacking-from": ["ship"]}),
            m(to="axes", add=1),
            m(to="axes", add=-1, when={"phase": ["winter"]}),
            m(to="axes", dice=1, timing="once-per-battle")]
    assert modifiers.total(card, "cc", {"attacking-from": "ship"}) == 2
    assert modifiers.total(card, "cc", {"attacking-from": "land"}) == 0
    assert modifiers.total(card, "axes", {"phase": "winter"}) == 0  # +1 and -1
    assert modifiers.total(card, "axes", {"phase": "spring"}) == 1
    assert modifiers.total(card, "axes", {}, timing="while") == 1
    assert modifiers.dice(card, "axes", {}) == 1
    assert modifiers.dice(card, "axes", {}, timing="while") == 0
    assert [x.to for x in modifiers.matching(card, "axes", {}, "once-per-battle")] == ["axes"]


def test_prevent_and_allow() -> None:
    card = [m(to="ambush", prevent=True, when={"weather": ["fog"]}),
            m(to="recruit", allow=True, when={"province": ["plain"]})]
    assert modifiers.prevents(card, "ambush", {"weather": "fog"})
    assert not modifiers.prevents(card, "ambush", {"weather": "clear"})
    assert modifiers.allows(card, "recruit", {"province": "plain"})
    assert not modifiers.allows(card, "recruit", {"province": "fjord"})
    assert modifiers.words_of(card, "weather") == ["fog"]


def test_a_modifier_says_itself_in_words() -> None:
    assert m(to="axes", add=1, when={"province": ["fjord"]}).describe() == \
        "+1 to axes when province is fjord"
    assert m(to="movement", add=-1, when={"weather": ["snow", "fog"]}).describe() == \
        "-1 to movement when weather is snow or fog"
    assert m(to="axes", dice=2, timing="once-per-battle").describe() == \
        "+2 dice to axes, once per battle"
    assert m(to="ambush", prevent=True).describe() == "prevents ambush"
    assert m(to="recruit", allow=True).describe() == "allows recruit"


# -- validation ---------------------------------------------------------------------------

BAD = [
    ({"to": "gold", "add": 1}, "to", "'gold' is not something a Saga modifier changes: one of "
     "axes, cc, movement, ambush, recruit"),
    ({"to": "cc", "add": 9}, "add", "+N to cc must be from 1 to 4"),
    ({"to": "cc", "add": 0}, "add", "+N to cc must be from 1 to 4"),
    ({"to": "cc", "dice": 1}, "dice", "cc is not changed by +N dice"),
    ({"to": "cc", "add": "2"}, "add", "Input should be a valid integer"),
    ({"to": "cc", "add": 1, "when": {"season": ["winter"]}}, "when",
     "'season' is not a Saga condition: one of province, phase, attacking-from, weather"),
    ({"to": "cc", "add": 1, "when": {"weather": ["snow"]}}, "when",
     "a modifier to cc cannot depend on weather (it may on attacking-from)"),
    ({"to": "axes", "add": 1, "when": {"province": ["desert"]}}, "when",
     "province 'desert' is not one of fjord, mountain, plain"),
    ({"to": "axes", "add": 1, "when": {"province": []}}, "when",
     "province names no word, so it would never hold"),
    ({"to": "cc", "add": 1, "timing": "once-per-battle"}, "timing",
     "cc counts while, not 'once-per-battle'"),
    ({"to": "axes", "add": 1, "dice": 1}, "", "exactly one of add, dice, prevent or allow "
     "(it has add, dice)"),
    ({"to": "axes"}, "", "exactly one of add, dice, prevent or allow (it has nothing)"),
    ({"to": "axes", "prevent": True}, "", "axes cannot be prevented"),
    ({"to": "ambush", "allow": True}, "", "ambush is not something a modifier allows"),
    ({"to": "axes", "add": 1, "colour": "red"}, "colour", "Extra inputs are not permitted"),
]


@pytest.mark.parametrize(("data", "field", "message"), BAD, ids=[b[2][:40] for b in BAD])
def test_a_bad_modifier_is_refused_in_the_vocabulary_s_words(data: dict[str, object],
                                                             field: str, message: str) -> None:
    with pytest.raises(ValidationError) as caught:
        SagaModifier.model_validate(data)
    first = caught.value.errors()[0]
    assert ".".join(str(p) for p in first["loc"]) == field
    assert message in first["msg"]


def test_a_content_file_names_file_card_and_field_in_one_line(tmp_path: Path) -> None:
    """The content loader's rule (DESIGN, Content) holds for modifiers too."""
    path = tmp_path / "upgrades.json"
    path.write_text(json.dumps({"cards": [
        {"name": "Longship", "modifiers": [{"to": "cc", "add": 2,
                                            "when": {"attacking-from": ["ship"]}}]},
        {"name": "Berserker", "modifiers": [{"to": "axes", "add": 1},
                                            {"to": "axes", "add": 7}]}]}), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_content(path, UpgradesFile)
    message = str(caught.value)
    assert message == (f"{path}: cards[1] (Berserker).modifiers[1].add: Value error, +N to "
                       "axes must be from -3 to 3")
    assert "\n" not in message


def test_a_vocabulary_names_only_its_own_words() -> None:
    with pytest.raises(ValueError, match=r"Saga: cc names unknown words \['tide'\]"):
        Vocabulary("Saga", quantities=(Quantity("cc", "close combat", add=(1, 2),
                                                conditions=("tide",)),),
                   conditions={"weather": ("snow",)})
