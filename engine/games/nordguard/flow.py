"""A day's moving parts: the move attempt, the events it draws, and what they do.

Rulebook, The Events: meeting every challenge moves the team in and draws an
event; failing keeps it in place with no event. Several events are dealt with
one at a time, and leaving the location cancels the rest.

What is still to do is a run of automatic core frames on `state.frames`, pushed so
that the first to happen is on top: an attempt is its challenges (`MeetChallenge`)
above the entry (`EnterLocation`); an event is its effects (`EventStep`) above its
end (`FinishEvent`). A step that needs the leader's answer (a combat check, a thief's
pick, a trader, the next of several events) pushes a question on top of the rest;
the answer carries on from there, and the core runs the frames below in turn. A
failure or a retreat takes what it cancels off the stack.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from engine.core.actions import Action
from engine.core.dice import DicePool
from engine.core.events import Event
from engine.core.frames import Frame
from engine.core.game import GameState
from engine.games.nordguard import combat
from engine.games.nordguard.actions import Barter, Decline, Drop, GiveUp, NextEvent
from engine.games.nordguard.anytime import Question
from engine.games.nordguard.challenges import (
    bypass_item,
    reroll_ready,
    roll_bonus,
    scout_key,
    sources,
)
from engine.games.nordguard.combat import CombatCheck
from engine.games.nordguard.content import (
    Challenge,
    CombatEffect,
    EventEffect,
    NordguardContent,
    RollChallenge,
    StealEffect,
)
from engine.games.nordguard.events import (
    Attempted,
    Bartered,
    Blocked,
    Bypassed,
    ChallengeRoll,
    DaysChanged,
    Entered,
    EntryCost,
    EventDeckRenewed,
    EventDrawn,
    EventsCancelled,
    Found,
    MoreEventsDrawn,
    NoEventsLeft,
    NoOffer,
    NothingFound,
    NothingStolen,
    ObstaclePlaced,
    OfferDeclined,
    Rerolled,
    RestockAllowed,
    Stayed,
    Stolen,
    TheftFoiled,
    Warded,
)
from engine.games.nordguard.items import (
    content_of,
    drop,
    item_of,
    kind_of,
    name,
    powers_of,
    reroller,
    spend,
    team_powers,
    to_deck,
    who,
)
from engine.games.nordguard.mapchanges import (
    drift,
    forget_scouting,
    move_team,
    retreat,
    reveal,
    shuffle_map,
)
from engine.games.nordguard.state import (
    DROPPED,
    EVENT_CURRENT,
    EVENT_DECK,
    EVENT_DISCARD,
    ITEM_DECK,
    OBSTACLES,
    NordguardState,
)

Log = list[Event]


def add_days(s: NordguardState, amount: int) -> None:
    """Days gained or lost; the countdown never goes below zero (Rulebook, The Countdown:
    at zero time has run out, and the run is lost at once)."""
    s.table.counters["countdown"] = max(0, s.countdown + amount)


def out_of_time(s: NordguardState) -> bool:
    return s.countdown <= 0


# -- the move attempt ----------------------------------------------------------------------

def attempt(c: NordguardContent, s: NordguardState, target: int, spend_limited: bool,
            heading: str) -> Log:
    """Start the day's move attempt: bypasses are taken at once; the challenges left go on
    the stack above the entry, the first to meet on top (a day cost is paid on entering)."""
    s.attempted = True
    log: Log = []
    reveal(c, s, target, log, "heading", heading)
    location = s.location_at(target)
    log.append(Attempted(name(c, s, location), target))
    steps: list[MeetChallenge] = []
    days = 0
    for src in sources(c, s, target):
        item = bypass_item(c, s, src, spend_limited)
        if item is not None:
            log.append(Bypassed(who(c, s, s.carrier(item)), item, name(c, s, item),
                                src.label))
            spend(c, s, item, log)
            continue
        for index, challenge in enumerate(src.challenges):
            if challenge.kind == "days":
                days += challenge.days
            else:
                steps.append(MeetChallenge(card=src.card, index=index))
    s.frames.append(EnterLocation(target=target, days=days))
    s.frames.extend(reversed(steps))
    return log


def _challenge(c: NordguardContent, s: NordguardState, card: str, index: int) -> Challenge:
    face = s.table.faces[card]
    key = face.partition(":")[2]
    if face.startswith("loc:"):
        return c.locations[key].challenge[index]
    obstacle = c.events[key].obstacle
    assert obstacle is not None
    return obstacle.challenge


@dataclass(frozen=True, slots=True)
class MeetChallenge(Frame):
    """Meet challenge `index` of `card` (the location, or a permanent event on it): a roll,
    a blocked way, or a combat check; failing ends the attempt."""

    card: str = ""
    index: int = 0

    def run(self, state: GameState) -> Log:
        assert isinstance(state, NordguardState)
        s, c = state, content_of(state)
        ch = _challenge(c, s, self.card, self.index)
        if ch.kind == "roll":
            log: Log = []
            return log if _roll(c, s, self.card, self.index, ch, log) \
                else log + attempt_failed(c, s)
        if ch.kind == "blocked":
            return [Blocked(name(c, s, self.card)), *attempt_failed(c, s)]
        assert ch.kind == "combat"
        return combat.start(c, s, EntryCombat(label=name(c, s, self.card), need=ch.total))


@dataclass(frozen=True, slots=True)
class EntryCombat(CombatCheck):
    """A location's (or a permanent event's) combat check: falling short keeps the team out."""

    leaving: ClassVar[bool] = True  # the attempt is under way (Starting Items)

    def lost(self, s: NordguardState) -> Log:
        return attempt_failed(content_of(s), s)


def attempt_failed(c: NordguardContent, s: NordguardState) -> Log:
    """The team stays where it is: the rest of the attempt comes off the stack."""
    while isinstance(s.frames[-1], MeetChallenge):
        s.frames.pop()
    entry = s.frames.pop()
    assert isinstance(entry, EnterLocation)
    forget_scouting(s, s.location_at(entry.target))
    return [Stayed(name(c, s, s.location_at(s.sled)))]


def _roll(c: NordguardContent, s: NordguardState, card: str, index: int, ch: RollChallenge,
          log: Log) -> bool:
    pool = DicePool((6,) * ch.dice, roll_bonus(c, s, ch.terrain))
    scouted = s.scouted.pop(scout_key(card, index), None)
    faces = scouted if scouted is not None else pool.roll(s.rng).faces
    met = _log_roll(c, s, card, pool, faces, ch.target, scouted is not None, log)
    if not met and scouted is None and reroll_ready(c, s):
        s.rerolled = True
        by = reroller(c, s)
        assert by is not None  # reroll_ready found it
        log.append(Rerolled(by))
        faces = pool.roll(s.rng).faces
        met = _log_roll(c, s, card, pool, faces, ch.target, False, log)
    return met


def _log_roll(c: NordguardContent, s: NordguardState, card: str, pool: DicePool,
              faces: tuple[int, ...], target: int, scouted: bool, log: Log) -> bool:
    total = sum(faces) + pool.modifier
    met = total >= target
    log.append(ChallengeRoll(s.active, str(pool), faces, total, name(c, s, card), target,
                             pool.modifier, met, scouted))
    return met


@dataclass(frozen=True, slots=True)
class EnterLocation(Frame):
    """Every challenge is met: the team moves in, pays what getting in costs in days, and
    draws the location's events (none at Frontier and Destination)."""

    target: int = 0
    days: int = 0

    def run(self, state: GameState) -> Log:
        assert isinstance(state, NordguardState)
        s, c = state, content_of(state)
        log: Log = []
        location = s.location_at(self.target)
        forget_scouting(s, location)
        move_team(c, s, self.target, log)
        log.append(Entered(name(c, s, location), self.target))
        if self.days:
            add_days(s, -self.days)
            log.append(EntryCost(self.days, s.countdown))
            if out_of_time(s):
                return log  # the run is lost: no event is drawn
        loc = c.locations[kind_of(s, location)]
        if loc.role == "location" and loc.events:
            log += draw_event(c, s, self.target, loc.events - 1)
        return log


# -- events --------------------------------------------------------------------------------

def draw_event(c: NordguardContent, s: NordguardState, cell: int, left: int) -> Log:
    """Draw the top event (reshuffling the discards into a deck first if it is empty) and
    put its effects on the stack above its end, the first on top; `left` events are still
    to be drawn here after it."""
    log: Log = []
    if not s.table.cards_in(EVENT_DECK):
        discards = list(s.table.cards_in(EVENT_DISCARD))
        if not discards:
            return [NoEventsLeft()]
        for card in discards:
            s.table.move(card, EVENT_DECK)
            s.table.set_face(card, False)
        s.table.shuffle(EVENT_DECK, s.rng)
        log.append(EventDeckRenewed(len(discards)))
    card = s.table.cards_in(EVENT_DECK)[-1]
    s.table.move(card, EVENT_CURRENT)
    s.table.set_face(card, True)
    ev = c.events[kind_of(s, card)]
    log.append(EventDrawn(card, ev.name, ev.text))
    s.frames.append(FinishEvent(card=card, cell=cell, left=left))
    s.frames.extend(EventStep(card=card, path=(i,)) for i in reversed(range(len(ev.effects))))
    return log


def _effect(c: NordguardContent, s: NordguardState, card: str,
            path: tuple[int, ...]) -> EventEffect:
    effect = c.events[kind_of(s, card)].effects[path[0]]
    if len(path) == 2:
        assert isinstance(effect, CombatEffect)
        return effect.fail[path[1]]
    return effect


@dataclass(frozen=True, slots=True)
class EventStep(Frame):
    """Carry out one effect of the event `card` (its `path`, see state.py)."""

    card: str = ""
    path: tuple[int, ...] = ()

    def run(self, state: GameState) -> Log:
        assert isinstance(state, NordguardState)
        s, c = state, content_of(state)
        effect = _effect(c, s, self.card, self.path)
        log: Log = []
        match effect.kind:
            case "retreat":
                retreat(c, s, effect.to, log)
                while isinstance(s.frames[-1], EventStep):
                    s.frames.pop()  # the team has left: the event ends here
            case "combat":
                return combat.start(c, s, EventCombat(label=name(c, s, self.card),
                                                      need=effect.total, card=self.card,
                                                      effect=self.path[0]))
            case "barter":
                _offer_barter(c, s, self.card, log)
            case "steal" if effect.choice == "team":
                assert isinstance(effect, StealEffect)
                _ask_thief(c, s, ThiefsPick(card=self.card, path=self.path,
                                            left=effect.count), log)
            case _:
                _plain(c, s, self.card, effect, log)
        return log


@dataclass(frozen=True, slots=True)
class EventCombat(CombatCheck):
    """An event's combat check: falling short brings what the card says, next."""

    card: str = ""  # the event
    effect: int = 0  # its combat effect's index

    def lost(self, s: NordguardState) -> Log:
        effect = _effect(content_of(s), s, self.card, (self.effect,))
        assert isinstance(effect, CombatEffect)
        s.frames.extend(EventStep(card=self.card, path=(self.effect, j))
                        for j in reversed(range(len(effect.fail))))
        return []


@dataclass(frozen=True, slots=True)
class FinishEvent(Frame):
    """The event is done: the card goes to the discard, or stays on its location as an
    obstacle; the next event here waits for the leader, unless the team has left."""

    card: str = ""
    cell: int = 0
    left: int = 0  # events still to draw here

    def run(self, state: GameState) -> Log:
        assert isinstance(state, NordguardState)
        s, c = state, content_of(state)
        log: Log = []
        ev = c.events[kind_of(s, self.card)]
        if ev.obstacle is not None:
            location = s.location_at(self.cell)
            s.table.move(self.card, OBSTACLES)
            s.placed[self.card] = location
            log.append(ObstaclePlaced(self.card, ev.name, name(c, s, location)))
        else:
            s.table.move(self.card, EVENT_DISCARD)
        if self.left <= 0:
            return log
        if s.sled != self.cell:
            log.append(EventsCancelled(self.left))
            return log
        s.frames.append(MoreEvents(seats=(s.active,), cell=self.cell, left=self.left))
        return log


def _draw_more(s: NordguardState, count: int) -> None:
    """An effect says more events are drawn here: the event's end counts them."""
    frames = s.frames
    for i in range(len(frames) - 1, -1, -1):
        frame = frames[i]
        if isinstance(frame, FinishEvent):
            frames[i] = replace(frame, left=frame.left + count)
            return
    raise AssertionError("an event effect runs outside its event")


@dataclass(frozen=True, slots=True)
class MoreEvents(Question):
    """Several events here, dealt with one at a time: the leader draws the next when ready."""

    cell: int = 0
    left: int = 0

    replies_to: ClassVar[tuple[type[Action], ...]] = (NextEvent,)

    def prompt_text(self, state: GameState) -> str:
        return f"{self.left} more event(s) here: draw the next one"

    def replies(self, s: NordguardState) -> list[Action]:
        return [NEXT_EVENT]

    def reply(self, s: NordguardState, action: Action) -> Log:
        return draw_event(content_of(s), s, self.cell, self.left - 1)


NEXT_EVENT = NextEvent()


# -- effects without a question ------------------------------------------------------------

def _plain(c: NordguardContent, s: NordguardState, card: str, effect: EventEffect,
           log: Log) -> None:
    match effect.kind:
        case "days":
            _days(c, s, card, effect.amount, log)
        case "steal":
            assert isinstance(effect, StealEffect)
            for _ in range(effect.count):
                _random_theft(c, s, effect, log)
        case "find":
            for _ in range(effect.count):
                _find(c, s, log)
        case "restock":
            s.restock_here = True
            log.append(RestockAllowed())
        case "shuffle":
            shuffle_map(c, s, log)
        case "drift":
            drift(c, s, effect.axis, log)
        case "draw":
            _draw_more(s, effect.count)
            log.append(MoreEventsDrawn(effect.count))
        case "reveal":
            for _, cell in s.neighbours(s.sled):
                reveal(c, s, cell, log, "clearing")
        case _:
            raise AssertionError(effect)


def _ward(c: NordguardContent, s: NordguardState, hazards: list[str]) -> tuple[str, str | None]:
    """Who keeps the days: a Character's ward (free), else a ward item (spends a use)."""
    for seat, p in team_powers(c, s):
        if p.keeps_days(hazards):
            return who(c, s, seat), None
    for _, item in s.team_items():
        if powers_of(c, s, item).keeps_days(hazards):
            return name(c, s, item), item
    return "", None


def _days(c: NordguardContent, s: NordguardState, card: str, amount: int, log: Log) -> None:
    ev = c.events[kind_of(s, card)]
    if amount < 0 and ev.hazard:
        guard, item = _ward(c, s, ev.hazard)
        if guard:
            log.append(Warded(guard))
            if item is not None:
                spend(c, s, item, log)
            return
    add_days(s, amount)
    log.append(DaysChanged(amount, s.countdown))


def _stealable(c: NordguardContent, s: NordguardState, seat: int, card: str) -> bool:
    """Rulebook, Steal: an item that cannot be stolen (its card says so, or a Character
    guards it: nothing Oleg carries) is safe."""
    if not item_of(c, s, card).stealable:
        return False
    return not any(p.guards(own=owner == seat) for owner, p in team_powers(c, s))


def _wanted(c: NordguardContent, s: NordguardState, effect: StealEffect, card: str) -> bool:
    """Whether the thief is after this item (any item, unless it wants a kind)."""
    return not effect.only or not powers_of(c, s, card).tags.isdisjoint(effect.only)


def _targets(c: NordguardContent, s: NordguardState, effect: StealEffect) -> list[tuple[int, str]]:
    """The carried items the thief is after."""
    return [(seat, card) for seat, card in s.team_items() if _wanted(c, s, effect, card)]


def _take(c: NordguardContent, s: NordguardState, card: str, effect: StealEffect,
          log: Log) -> None:
    seat = s.holder(card)
    owner = who(c, s, seat) if seat is not None else None
    if effect.to == "here":
        drop(s, card)
    else:
        to_deck(s, card)
    log.append(Stolen(owner, card, name(c, s, card), effect.to == "here"))


def _random_theft(c: NordguardContent, s: NordguardState, effect: StealEffect,
                  log: Log) -> None:
    """Rulebook, Key Terms: Random and Steal: a random item; an unstealable one is safe."""
    targets = _targets(c, s, effect)
    if not targets:
        log.append(NothingStolen("nothing-carried"))
        return
    seat, card = s.rng.choice(targets)
    if not _stealable(c, s, seat, card):
        log.append(TheftFoiled(who(c, s, seat), card, name(c, s, card)))
        return
    _take(c, s, card, effect, log)


def thief_choices(c: NordguardContent, s: NordguardState, pick: ThiefsPick) -> list[str]:
    """What the thief may take: the stealable items the team carries, and any item it
    dropped while the thief waited (designed: dropping at any time is allowed, but it
    does not hide an item from a thief already choosing)."""
    effect = _effect(c, s, pick.card, pick.path)
    assert isinstance(effect, StealEffect)
    out = [card for seat, card in _targets(c, s, effect) if _stealable(c, s, seat, card)]
    out += [card for card in pick.dropped
            if s.table.where.get(card) == DROPPED and item_of(c, s, card).stealable
            and _wanted(c, s, effect, card)]
    return out


@dataclass(frozen=True, slots=True)
class ThiefsPick(Question):
    """A thief takes `left` more items, and the card lets the team choose which: one
    question per item, while there is a choice."""

    card: str = ""  # the event
    path: tuple[int, ...] = ()  # its steal effect
    left: int = 1  # items still to take
    dropped: tuple[str, ...] = ()  # items dropped while the thief waits (still its pick)

    replies_to: ClassVar[tuple[type[Action], ...]] = (GiveUp,)

    def prompt_text(self, state: GameState) -> str:
        assert isinstance(state, NordguardState)
        c = content_of(state)
        return f"{name(c, state, self.card)}: choose the item the team loses"

    def replies(self, s: NordguardState) -> list[Action]:
        return [GiveUp(card) for card in thief_choices(content_of(s), s, self)]

    def why_not(self, s: NordguardState, action: Action) -> str:
        return "the thief can only take a stealable item the team carries (Rulebook, Steal)"

    def reply(self, s: NordguardState, action: Action) -> Log:
        assert isinstance(action, GiveUp)
        c = content_of(s)
        effect = _effect(c, s, self.card, self.path)
        assert isinstance(effect, StealEffect)
        log: Log = []
        _take(c, s, action.item, effect, log)
        _ask_thief(c, s, replace(self, left=self.left - 1), log)
        return log

    def after_free(self, s: NordguardState, action: Action) -> Log:
        """An item dropped now stays within the thief's reach; if trades have left it
        nothing it may take (everything handed to a Character whose items cannot be
        stolen), nothing is stolen (Rulebook, Steal) and the event goes on."""
        pick = self
        if isinstance(action, Drop) and action.item not in self.dropped:
            pick = replace(self, dropped=(*self.dropped, action.item))
        if thief_choices(content_of(s), s, pick):
            s.frames.append(pick)
            return []
        return [NothingStolen("nothing-left")]


def _ask_thief(c: NordguardContent, s: NordguardState, pick: ThiefsPick, log: Log) -> None:
    """Ask the leader for each item the thief takes while there is a choice; take the only
    one there is at once."""
    effect = _effect(c, s, pick.card, pick.path)
    assert isinstance(effect, StealEffect)
    left = pick.left
    while left > 0:
        pick = replace(pick, seats=(s.active,), left=left)
        choices = thief_choices(c, s, pick)
        if len(choices) > 1:
            s.frames.append(pick)
            return
        left -= 1
        if not choices:
            log.append(NothingStolen("nothing-stealable"))
            return
        _take(c, s, choices[0], effect, log)


def _find(c: NordguardContent, s: NordguardState, log: Log) -> None:
    """Rulebook, Key Terms: Random: shuffle the Item deck and draw; the find lies here."""
    if not s.table.cards_in(ITEM_DECK):
        log.append(NothingFound())
        return
    s.table.shuffle(ITEM_DECK, s.rng)
    card = s.table.cards_in(ITEM_DECK)[-1]
    drop(s, card)
    log.append(Found(card, name(c, s, card)))


def _offer_barter(c: NordguardContent, s: NordguardState, card: str, log: Log) -> None:
    if not s.table.cards_in(ITEM_DECK) or not s.team_items():
        log.append(NoOffer())
        return
    s.frames.append(TraderOffer(seats=(s.active,), card=card))


@dataclass(frozen=True, slots=True)
class TraderOffer(Question):
    """A trader offers a random item from the Item deck for one of the team's."""

    card: str = ""  # the event

    replies_to: ClassVar[tuple[type[Action], ...]] = (Barter, Decline)

    def prompt_text(self, state: GameState) -> str:
        assert isinstance(state, NordguardState)
        return (f"{name(content_of(state), state, self.card)}: hand over one item for a "
                "random item from the Item deck?")

    def replies(self, s: NordguardState) -> list[Action]:
        return [*(Barter(card) for _, card in s.team_items()), DECLINE]

    def why_not(self, s: NordguardState, action: Action) -> str:
        return "only an item the team carries can be traded"

    def reply(self, s: NordguardState, action: Action) -> Log:
        """The item given goes to the Item deck, a random one lies here."""
        c = content_of(s)
        log: Log = []
        if isinstance(action, Decline):
            log.append(OfferDeclined())
            return log
        assert isinstance(action, Barter)
        seat = s.carrier(action.item)
        _find(c, s, log)
        to_deck(s, action.item)
        log.append(Bartered(who(c, s, seat), action.item, name(c, s, action.item)))
        return log


DECLINE = Decline()
