"""The rulebook's worked example, "Dive in to an example! - Asbjorn VS Vanessa", move for
move through the engine with the dice it rolls (Vanessa plays Vanheim as Player 1,
Asbjorn Asheim as Player 2). The decks are stacked so each draws what the example
draws; every roll comes from the script."""

from __future__ import annotations

from engine.games.wintergrim import world
from engine.games.wintergrim.actions import (
    END_TURN,
    Attack,
    Capture,
    Found,
    Move,
    PayWith,
    Place,
    PlayTactic,
    Step,
    Take,
    UseStart,
)
from engine.games.wintergrim.frames import CaptureChoice, SearchPick
from engine.games.wintergrim.state import captured, hand, removed
from tests.engine.wintergrim.helpers import (
    act,
    in_hand,
    legal,
    log,
    new,
    piece,
    stack,
    windows,
)

VANESSA, ASBJORN = 0, 1
# Set-up 5 v 3; Asbjorn's Farmer 2 v Woodsman 6; Vanessa's Woodsman: P 5 in the rain, CC 4
# v the Reeve's 2; Asbjorn keeps the Rain on 1, 5; his Farmer's CC 6 (the Woodsman's P roll
# to defend, 3, fails, so it rolls no CC).
DICE = (5, 3, 2, 6, 5, 4, 2, 1, 5, 6, 3)


def end_turn(state) -> None:
    act(state, END_TURN)
    windows(state)


def test_asbjorn_vs_vanessa() -> None:
    state = new(DICE)
    # Setup: "Vanessa rolled 5 and Asbjorn rolled 3. Vanessa gets to start."
    assert state.first == VANESSA and state.first_rolls == [5, 3]
    assert state.deciding() == (VANESSA,)
    act(state, Found("forest-and-cabin", ("ranger", "woodsman")))
    # "It's now Asbjorn's turn to finish searching for workers"
    assert state.deciding() == (ASBJORN,)
    act(state, Found("tundra-and-village", ("farmer", "reeve")))
    cabin, village = piece(state, VANESSA, "forest-and-cabin"), piece(state, ASBJORN,
                                                                       "tundra-and-village")
    woodsman, farmer = piece(state, VANESSA, "woodsman"), piece(state, ASBJORN, "farmer")
    reeve = piece(state, ASBJORN, "reeve")
    assert state.pieces[woodsman].inside == cabin  # "now considered inside the structure"
    stack(state, VANESSA, ["ranger", "windstorm", "overgrown-forest", "woodsman"])
    stack(state, ASBJORN, ["rain", "farmer", "smith", "thrall", "fisher"])

    # Vanessa's first turn: "4 minus 2 for the workers means that she has 2 food left"
    assert world.food(state, VANESSA) == 2
    assert state.active == VANESSA and state.phase == "start"
    act(state, UseStart(cabin))  # draws a Ranger and a weather card
    assert sorted(state.table.faces[c] for c in state.table.cards_in(hand(VANESSA))) == \
        ["ranger", "windstorm"]
    ranger = in_hand(state, VANESSA, "ranger")
    # The cabin is full (R:2): the Ranger may not go in yet
    assert Place(ranger, cabin, cabin) not in legal(state)
    act(state, Move(woodsman, cabin, ""))  # the Woodsman moves outside: the move phase
    assert state.phase == "move"
    act(state, Place(ranger, cabin, cabin))  # the end phase: pay 1
    assert state.phase == "end"
    act(state, PayWith(in_hand(state, VANESSA, "windstorm")))
    assert state.pieces[ranger].inside == cabin
    assert [state.table.faces[c] for c in state.table.cards_in(removed(VANESSA))] == \
        ["windstorm"]
    end_turn(state)

    # Asbjorn's first turn: draws 2 and declares his turn over
    act(state, UseStart(village))
    assert len(state.table.cards_in(hand(ASBJORN))) == 2
    end_turn(state)

    # Vanessa's second turn: two workers inside, two cards; one is Overgrown Forest
    act(state, UseStart(cabin))
    first_ranger = piece(state, VANESSA, "ranger")
    act(state, Step(first_ranger, "search"))  # removed as a move step
    assert isinstance(state.frames[-1], SearchPick)
    act(state, Take("net-trap"))  # "shows it and puts it in her hand"
    assert first_ranger in state.table.cards_in(removed(VANESSA))
    path = in_hand(state, VANESSA, "overgrown-forest")
    assert len(state.table.cards_in(hand(VANESSA))) == 3
    # The path requires a Vanheim leader: the other Ranger inside is one. Cost 2.
    act(state, PlayTactic(path, ""))
    for card in list(state.table.cards_in(hand(VANESSA))):
        act(state, PayWith(card))
    windows(state)  # Asbjorn does not answer
    assert world.is_area(state, path) and state.phase == "move"  # "still in her move phase"
    act(state, Move(woodsman, path, ""))  # own areas: no trouble
    end_turn(state)

    # Asbjorn's second turn: draws 2, moves a Farmer outside as a defence
    act(state, UseStart(village))
    act(state, Move(farmer, village, ""))
    assert state.pieces[farmer].at == village and not state.pieces[farmer].inside
    end_turn(state)

    # Vanessa's third turn: one worker inside, one card; through her path to the Village
    act(state, UseStart(cabin))
    act(state, Move(woodsman, village, ""))
    windows(state)  # the arrival window: Asbjorn passes
    # "a unit can't attack if it has moved"
    assert not [a for a in legal(state) if isinstance(a, Attack)]
    end_turn(state)

    # Asbjorn's third turn: draws one; the Farmer (not moved) attacks the Woodsman with CC
    act(state, UseStart(village))
    events = act(state, Attack(farmer, woodsman, "cc"))
    events += windows(state)
    lines = log(events)
    assert "Player 2 rolls CC for Farmer: 2 (0 successes)" in lines
    assert "Player 1 rolls CC for Woodsman to defend: 6 (1 success)" in lines
    assert state.pieces[woodsman].counter("damage") == 0  # defenders deal no damage
    # The Rain: requires a leader (the Reeve inside), played in the end phase
    rain = in_hand(state, ASBJORN, "rain")
    act(state, Place(rain))
    act(state, PayWith(next(c for c in state.table.cards_in(hand(ASBJORN)) if c != rain)))
    assert world.weather(state) == [rain]
    end_turn(state)

    # Vanessa's fourth turn: the Woodsman attacks the inside leader; Rain: P 2 - 1 = 1 die
    act(state, UseStart(cabin))
    assert world.value(state, woodsman, "p") == 1 and world.must_roll_psyche(state, woodsman)
    events = act(state, Attack(woodsman, reeve, "cc")) + windows(state)
    lines = log(events)
    assert "Player 1 rolls P for Woodsman (weather): 5 (1 success)" in lines
    assert "Player 1 rolls CC for Woodsman: 4 (1 success)" in lines
    assert "Player 2 rolls CC for Reeve to defend: 2 (0 successes)" in lines
    assert isinstance(state.frames[-1], CaptureChoice)  # "she wants to capture it"
    act(state, Capture(True))
    assert state.table.cards_in(captured(VANESSA)) == (reeve,)
    end_turn(state)

    # Asbjorn's fourth turn: no worker inside, no draw; he rolls 1 and 5 for the Rain
    assert not any(isinstance(a, UseStart) and a.card == village for a in legal(state))
    act(state, UseStart(rain))
    assert world.weather(state) == [rain]  # "so it continues to rain"
    events = act(state, Attack(farmer, woodsman, "cc")) + windows(state)
    lines = log(events)
    assert "Player 2 rolls CC for Farmer: 6 (1 success)" in lines
    assert "Player 1 rolls P for Woodsman to defend (weather): 3 (0 successes)" in lines
    act(state, Capture(True))  # "now captured by Asbjorn"
    assert state.table.cards_in(captured(ASBJORN)) == (woodsman,)
    assert state.rng.faces == []  # every scripted die was rolled, in order


def test_an_unrolled_rain_is_removed() -> None:
    """"If he would forget, or ignore it, the rain would be placed in his removed-pile.\""""
    state = new((5, 3))
    act(state, Found("forest-and-cabin", ("ranger", "woodsman")))
    act(state, Found("tundra-and-village", ("farmer", "reeve")))
    rain = _rain_in_play(state)
    end_turn(state)  # Vanessa's turn ends; Asbjorn's begins
    assert state.active == ASBJORN
    farmer = piece(state, ASBJORN, "farmer")
    act(state, Move(farmer, state.pieces[farmer].at, ""))  # on to the move phase, no roll
    assert rain in state.table.cards_in(removed(ASBJORN))
    assert world.weather(state) == []


def _rain_in_play(state) -> str:
    """Put Asbjorn's Rain into play directly (the rule under test is the keep roll)."""
    from engine.games.wintergrim.doing import enter
    rain = next(c for c, f in state.table.faces.items() if f == "rain" and c.startswith("w1"))
    enter(state, rain, ASBJORN, "sky")
    return rain
