"""What the rules still have to do is a run of core frames, the first to happen on top.

Rulebook, The Events and Key Terms (Challenge): a location's own challenges, then each
permanent event lying on it, are met one after another, and only then is the team in;
an event's effects happen in the order the card gives them, a failed combat check's
penalty right after the check; several events are dealt with one at a time. A step
that needs the leader's answer puts its question on top of the rest, which carries on
in the same order once it is answered. These tests pin that order down.
"""

from __future__ import annotations

from engine.core.frames import Frame
from engine.core.rng import Rng
from engine.games.nordguard.actions import (
    Attempt,
    ChooseCharacter,
    DoneStocking,
    Fire,
    NextEvent,
    SetOut,
    StopFighting,
)
from engine.games.nordguard.build import NordguardOptions
from engine.games.nordguard.content import (
    CharactersFile,
    EventCard,
    EventsFile,
    ItemsFile,
    LocationsFile,
    NordguardContent,
    shipped,
)
from engine.games.nordguard.flow import (
    EnterLocation,
    EntryCombat,
    EventCombat,
    EventStep,
    FinishEvent,
    MeetChallenge,
    MoreEvents,
)
from engine.games.nordguard.rules import NordguardGame
from engine.games.nordguard.state import OBSTACLES, NordguardState
from tests.engine.nordguard.helpers import (
    act,
    asked,
    day_one,
    dice,
    hand,
    lay,
    plain_map,
    stack_events,
    texts,
)


def kinds(frames: list[Frame]) -> list[type]:
    return [type(frame) for frame in frames]


def obstacle(state: NordguardState, key: str, location: str) -> str:
    """A permanent event of kind `key` lying on `location` (placed after any already there)."""
    card = next(c for c in state.table.cards_in("event-deck")
                if state.table.faces[c] == f"event:{key}")
    state.table.move(card, OBSTACLES)
    state.table.set_face(card, True)
    state.placed[card] = location
    return card


def test_a_location_s_challenges_are_met_in_order_with_a_fight_in_the_middle() -> None:
    """The Pressure Ridge's roll (and its day), then the Wolf Territory lying on it (a
    combat check: the leader is asked, with the rest of the attempt waiting below), then
    the Avalanche lying on it; only then is the team in, pays the day, and draws."""
    state = day_one()
    ridge = lay(state, 1, "pressure-ridge", face_up=True)  # 2d6 on ice, need 7; a day
    wolves = obstacle(state, "wolf-territory", ridge)  # combat, total 7
    avalanche = obstacle(state, "avalanche", ridge)  # 2d6 on snow, need 8
    (rifle,) = hand(state, 0, "rifle")
    (quiet,) = stack_events(state, "quiet-night")
    countdown = state.countdown
    dice(state, 4, 4)
    before = act(state, Attempt("E"))
    assert kinds(state.frames) == [EnterLocation, MeetChallenge, EntryCombat]
    assert state.frames[0] == EnterLocation(target=1, days=1)
    assert state.frames[1] == MeetChallenge(card=avalanche, index=0)
    assert state.combat is asked(state) and state.combat.need == 7
    assert [e.kind for e in before] == ["attempt", "roll", "combat"]
    assert "Pressure Ridge" in before[1].text and "Wolf Territory" in before[2].text
    assert wolves in state.table.cards_in(OBSTACLES)

    dice(state, 6)
    act(state, Fire(rifle))
    assert kinds(state.frames) == [EnterLocation, MeetChallenge, EntryCombat]
    dice(state, 1, 5, 4)
    after = act(state, Fire(rifle))
    assert [e.kind for e in after] == ["roll", "combat-end", "roll", "enter", "days", "event"]
    assert "Avalanche" in after[2].text and "the team gets through" in after[2].text
    assert state.sled == 1 and state.countdown == countdown - 1 and not state.frames
    assert quiet in state.table.cards_in("event-discard")


def test_a_failed_challenge_takes_the_rest_of_the_attempt_off_the_stack() -> None:
    """The Events: failing keeps the team out, draws no event, and nothing after the
    failure is met (the Avalanche's roll is never made, the day never paid)."""
    state = day_one()
    ridge = lay(state, 1, "pressure-ridge", face_up=True)
    obstacle(state, "wolf-territory", ridge)
    obstacle(state, "avalanche", ridge)
    hand(state, 0, "rifle")
    countdown = state.countdown
    dice(state, 4, 4, 1)
    act(state, Attempt("E"))
    events = act(state, StopFighting())
    assert [e.kind for e in events] == ["stop", "combat-end", "stay"]
    assert not state.frames and state.sled == 0 and state.countdown == countdown
    assert state.rng.faces == [1], "no die was rolled for the Avalanche"


GAUNTLET = {
    "key": "gauntlet", "name": "Gauntlet", "provenance": "designed",
    "text": "Gain a day. Wolves attack (combat, total 9): fall short and lose a day and "
            "find an item. Find an item. Draw another event.",
    "effects": [
        {"kind": "days", "amount": 1},
        {"kind": "combat", "total": 9,
         "fail": [{"kind": "days", "amount": -1}, {"kind": "find", "count": 1}]},
        {"kind": "find", "count": 1},
        {"kind": "draw", "count": 1},
    ],
}


def gauntlet_day_one() -> tuple[NordguardGame, NordguardState]:
    """Nickel at Frontier on day 1 of a plain map, with the Gauntlet among the events."""
    game = gauntlet_game()
    state = game.setup(NordguardOptions(players=1, width=4, height=4), Rng(7))
    assert isinstance(state, NordguardState)
    for action in (ChooseCharacter("ch-nickel"), DoneStocking(), SetOut()):
        game.apply(state, action)
    plain_map(state)
    return game, state


def gauntlet_game() -> NordguardGame:
    """The shipped cards and one more event of four effects, a combat check among them."""
    c = shipped()
    events = [*c.event_list, EventCard.model_validate(GAUNTLET)]
    return NordguardGame(NordguardContent(ItemsFile(cards=c.item_list),
                                          CharactersFile(cards=c.character_list),
                                          LocationsFile(cards=c.location_list),
                                          EventsFile(cards=events)))


def test_an_event_s_effects_resolve_in_order_with_a_fight_in_the_middle() -> None:
    """The Events: the card's effects one after another; the combat check asks the leader
    with the effects after it waiting below; falling short brings the card's penalty
    next, then the rest of the card; its "draw another" is the leader's next question."""
    game, state = gauntlet_day_one()
    (rifle,) = hand(state, 0, "rifle")
    gauntlet, quiet = stack_events(state, "gauntlet", "quiet-night")
    countdown = state.countdown
    events = game.apply(state, Attempt("E"))
    frames = state.frames
    assert kinds(frames) == [FinishEvent, EventStep, EventStep, EventCombat]
    assert frames[0] == FinishEvent(card=gauntlet, cell=1, left=0)
    assert [f.path for f in frames[1:3]] == [(3,), (2,)]
    assert state.countdown == countdown + 1, "the first effect came before the fight"
    assert [e.kind for e in events][-3:] == ["event", "days", "combat"]

    dice(state, 2)
    game.apply(state, Fire(rifle))
    events = game.apply(state, StopFighting())
    assert [e.kind for e in events] == ["stop", "combat-end", "days", "find", "find", "draw"]
    assert state.countdown == countdown
    question = asked(state)
    assert isinstance(question, MoreEvents) and question.left == 1
    assert kinds(state.frames) == [MoreEvents]
    assert gauntlet in state.table.cards_in("event-discard")

    events = game.apply(state, NextEvent())
    assert "Quiet Night" in texts(events)
    assert quiet in state.table.cards_in("event-discard") and not state.frames


def test_a_retreat_ends_the_event_and_the_events_still_to_draw() -> None:
    """The Events: an event that makes the team leave cancels what is left of it and the
    events still to be drawn there (Mac's Telegram: the days, then home)."""
    state = day_one()
    plain_map(state)
    lay(state, 1, "haunted-camp")  # two events
    _, quiet = stack_events(state, "macs-telegram", "quiet-night")
    countdown = state.countdown
    events = act(state, Attempt("E"))
    assert [e.kind for e in events][-3:] == ["days", "retreat", "cancel"]
    assert state.sled == 0 and state.countdown == countdown + 2 and not state.frames
    assert quiet in state.table.cards_in("event-deck")


def test_the_frames_round_trip_through_json_in_the_middle_of_a_question() -> None:
    """Declared state: the frames waiting below a question are written and read back
    whole (saves and the state hash cover them), and the match goes on the same way."""
    game, state = gauntlet_day_one()
    (rifle,) = hand(state, 0, "rifle")
    stack_events(state, "gauntlet", "quiet-night")
    game.apply(state, Attempt("E"))
    again = NordguardState.from_json(state.to_json(), state)
    assert again.frames == state.frames and again.state_hash() == state.state_hash()
    dice(state, 2)
    dice(again, 2)
    assert game.apply(again, Fire(rifle)) == game.apply(state, Fire(rifle))
    assert again.state_hash() == state.state_hash()
