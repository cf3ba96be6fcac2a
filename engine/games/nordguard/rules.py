"""Nordguard: a co-operative run across the ice, one location card at a time.

The Game class gives the core (engine.core.flow) the turn's actions when no question
is open (`turn_actions`), why one is refused (`check_turn`, in the rulebook's words),
doing it (`perform`), and the checks made at all times (`state_checks`: time running
out, the team stranded). Everything a move attempt and its events still have to do,
and every question they ask, are frames (flow.py, combat.py, anytime.py); the day's
other mechanics live in mapchanges.py and items.py.
"""

from __future__ import annotations

from functools import cache

from engine.boards.locationgrid import Direction
from engine.core.actions import Action
from engine.core.basegame import BaseGame
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import GameState, Outcome
from engine.core.options import GameOptions
from engine.core.rng import Rng
from engine.games.nordguard import ENTRY, flow
from engine.games.nordguard.actions import (
    Attempt,
    Barter,
    ChooseCharacter,
    Decline,
    DoneStocking,
    Drop,
    EndDay,
    Fire,
    GiveUp,
    Look,
    NextEvent,
    PickUp,
    Restock,
    Scout,
    SetOut,
    StopFighting,
    Strike,
    Survey,
    TakeItem,
    Trade,
    UseItem,
)
from engine.games.nordguard.anytime import DO_FREE, check_free, check_seat, free_actions
from engine.games.nordguard.build import MAX_SIDE, NordguardOptions, build
from engine.games.nordguard.challenges import (
    Check,
    can_restock_here,
    pending_check,
    spends_limited_item,
    stranded,
)
from engine.games.nordguard.content import NordguardContent, shipped
from engine.games.nordguard.english import possessive
from engine.games.nordguard.events import (
    CharacterChosen,
    DayBegins,
    ItemTaken,
    ItemUsed,
    MapStudied,
    Restocked,
    RunLost,
    RunWon,
    Stocked,
    SurveyCost,
    TeamSetsOut,
)
from engine.games.nordguard.items import (
    binoculars,
    can_survey,
    first_missing,
    fresh_binoculars,
    give,
    has_room,
    kind_of,
    name,
    powers_of,
    restock,
    restock_kinds,
    roster,
    scout_seat,
    spend,
    stock,
    to_deck,
    who,
)
from engine.games.nordguard.mapchanges import scout, scoutable, worth_scouting
from engine.games.nordguard.policy import NordguardPolicy
from engine.games.nordguard.state import (
    CHARACTERS,
    COUNTDOWN,
    EVENT_DECK,
    ITEM_DECK,
    MAP,
    POOL,
    SLOT_ZONES,
    TEAM,
    NordguardState,
    cell_moves,
)

DIRECTIONS = {d.name: d for d in Direction}
WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}

class NordguardGame(BaseGame):
    """Nordguard: co-operative, 1-7 players cross a map of face-down locations."""

    name = ENTRY.name
    title = ENTRY.title
    options_model = NordguardOptions

    def __init__(self, content: NordguardContent | None = None) -> None:
        self.content = content if content is not None else shipped()

    def setup(self, options: GameOptions, rng: Rng) -> GameState:
        assert isinstance(options, NordguardOptions)
        return build(self.content, options, rng)

    def card_name(self, face: str) -> str:
        return self.content.name_of(face)

    def pending_check(self, state: GameState) -> list[Check]:
        """What each possible move would take, with exact odds (for the dice dock)."""
        return pending_check(self.content, _ng(state))

    def agent(self) -> NordguardPolicy:
        """The computer team (engine.core.agent.Agent): see policy.py."""
        return NordguardPolicy(self.content)

    # -- what may be done when no question is open -----------------------------------------
    def turn_actions(self, state: GameState) -> list[Action]:
        s: NordguardState = state  # type: ignore[assignment]  # only its own; no call
        if s.phase == "day":
            return self._day_actions(self.content, s)
        if s.phase == "characters":
            return [ChooseCharacter(card) for card in s.table.cards_in(CHARACTERS)]
        if s.phase == "stock":
            return [*map(_take, _first_of_each_kind(s.table.cards_in(POOL), s.table.faces)),
                    DONE_STOCKING]
        return [SET_OUT]  # the study

    def _day_actions(self, c: NordguardContent, s: NordguardState) -> list[Action]:
        zones, faces, day_uses = s.table.zones, s.table.faces, c.day_uses
        rooms: list[int] = []  # the seats with a free slot
        hands: list[tuple[str, ...]] = []  # the items each seat carries
        surveying = keeps = False
        glasses: list[str] = []  # items that scout a neighbour (Binoculars)
        usable: list[Action] = []  # items used on their own (Rations)
        team = roster(c, s)
        for seat, cap in enumerate(team.caps):
            cards = zones[SLOT_ZONES[seat]].cards
            hands.append(cards)
            if len(cards) < cap:
                rooms.append(seat)
            for card in cards:
                uses = day_uses.get(faces[card])
                if uses is not None:
                    looks, surveys, days, keeping = uses
                    if looks:
                        glasses.append(card)
                    surveying = surveying or surveys
                    keeps = keeps or keeping
                    if days:
                        usable.append(_use(card))
        out: list[Action] = []
        if not s.attempted and (s.sled != 0 or first_missing(s) is None):
            for cell, attempt, keeping_attempt in _attempts(s.width, s.height)[s.sled]:
                out.append(attempt)
                if keeps and spends_limited_item(c, s, cell):
                    out.append(keeping_attempt)
        if not s.scouted_today and team.scout is not None:
            out.extend([SCOUTS[cell] for cell in scoutable(c, s)])
        if glasses or surveying:
            useful = [cell for cell in s.next_to(s.sled) if worth_scouting(c, s, cell)]
            if not s.looked.issuperset(glasses):  # a pair has not looked today
                out.extend([LOOKS[cell] for cell in useful])
            if surveying and not s.surveyed and useful:
                out.append(SURVEY)
        out += free_actions(c, s, rooms=rooms, hands=hands)
        if rooms and can_restock_here(c, s):
            out += stock(c, s).offers_to(rooms)
        out.extend(usable)
        out.append(END_DAY)
        return out

    # -- why not -------------------------------------------------------------------------
    def check_turn(self, state: GameState, action: Action) -> None:
        s: NordguardState = state  # type: ignore[assignment]  # only its own; no call
        if isinstance(action, ANSWERS):
            raise IllegalAction("there is no question to answer now")
        match action:
            case ChooseCharacter() | TakeItem() | DoneStocking() | SetOut():
                self._check_setup(s, action)
            case _:
                if not isinstance(action, _DAY_ACTIONS):
                    super().check_turn(s, action)
                if s.phase != "day":
                    raise IllegalAction("the team has not set out yet: finish the set-up first")
                self._check_day(s, action)

    def _check_setup(self, s: NordguardState, action: Action) -> None:
        c = self.content
        match action:
            case ChooseCharacter():
                if s.phase != "characters":
                    raise IllegalAction("every player has a Character already")
                if s.table.where.get(action.character) != CHARACTERS:
                    raise IllegalAction("pick one of the Character cards still free")
            case TakeItem():
                if s.phase != "stock":
                    raise IllegalAction("items are taken from the pool only while stocking")
                if s.table.where.get(action.item) != POOL:
                    raise IllegalAction("take an item from the face-up pool")
                if not has_room(c, s, s.active):
                    raise IllegalAction(f"{possessive(who(c, s, s.active))} item slots are full")
            case DoneStocking():
                if s.phase != "stock":
                    raise IllegalAction("nobody is stocking items now")
            case SetOut():
                if s.phase != "study":
                    raise IllegalAction("the team sets out after choosing and stocking")

    def _check_day(self, s: NordguardState, action: Action) -> None:
        c = self.content
        match action:
            case Attempt():
                direction = DIRECTIONS.get(action.direction)
                if direction is None:
                    raise IllegalAction("the team moves North, South, East or West, never "
                                        "diagonally (Rulebook, The Map)")
                if s.attempted:
                    raise IllegalAction("the team has attempted a move today already: one "
                                        "attempt a day (Rulebook, The Map)")
                if s.neighbour(s.sled, direction) is None:
                    raise IllegalAction("there is no location that way: the map ends there")
                missing = self._starting_items_missing(s)
                if missing is not None:
                    raise IllegalAction(missing)
            case Scout():
                seat = scout_seat(c, s)
                if seat is None:
                    raise IllegalAction("only a scout (Nickel) can scout any location")
                if s.scouted_today:
                    raise IllegalAction(f"{who(c, s, seat)} has scouted today already "
                                        "(once a day)")
                self._check_scout_cell(s, action.cell, anywhere=True)
            case Look():
                if not binoculars(self.content, s):
                    raise IllegalAction("looking ahead needs Binoculars (Rulebook, Scout)")
                if fresh_binoculars(c, s) is None:
                    raise IllegalAction("each pair of Binoculars scouts once a day, and the "
                                        "team's have looked today (Rulebook, Scout)")
                self._check_scout_cell(s, action.cell, anywhere=False)
            case Survey():
                if not can_survey(c, s):
                    raise IllegalAction("surveying needs Binoculars (Rulebook, Scout)")
                if s.surveyed:
                    raise IllegalAction("the team has surveyed today already")
                if not any(worth_scouting(c, s, cell) for _, cell in s.neighbours(s.sled)):
                    raise IllegalAction("every neighbouring location is scouted already")
            case Trade() | Drop() | PickUp():
                check_free(c, s, action)
            case Restock():
                if not can_restock_here(c, s):
                    raise IllegalAction("the team restocks only at Frontier, or where a card "
                                        "says so (Rulebook, Restock)")
                check_seat(s, action.to)
                if not has_room(c, s, action.to):
                    raise IllegalAction(f"{possessive(who(c, s, action.to))} item slots are full")
                if not restock_kinds(c, s).get(action.item_kind):
                    raise IllegalAction("no item of that kind remains in the Item deck")
            case UseItem():
                if s.holder(action.item) is None:
                    raise IllegalAction("only an item the team carries can be used")
                if not powers_of(c, s, action.item).days:
                    raise IllegalAction(f"the {name(c, s, action.item)} is not used on its own")
            case EndDay():
                pass

    def _check_scout_cell(self, s: NordguardState, cell: int, anywhere: bool) -> None:
        if not 0 <= cell < s.width * s.height:
            raise IllegalAction("that place is not on the map")
        if not anywhere and cell not in {n for _, n in s.neighbours(s.sled)}:
            raise IllegalAction("Binoculars reach only the locations directly North, South, "
                                "East or West (Rulebook, Scout)")
        if cell == s.sled or not worth_scouting(self.content, s, cell):
            raise IllegalAction("there is nothing left to scout there")

    def _starting_items_missing(self, s: NordguardState) -> str | None:
        """Rulebook, Starting Items: carried by their Character when first leaving Frontier."""
        missing = first_missing(s) if s.sled == 0 else None
        if missing is None:
            return None
        seat, card = missing
        return (f"{who(self.content, s, seat)} must carry the starting "
                f"{name(self.content, s, card)} when the team first leaves "
                "Frontier (Rulebook, Starting Items)")

    # -- doing it ------------------------------------------------------------------------
    def perform(self, state: GameState, action: Action) -> list[Event]:
        s: NordguardState = state  # type: ignore[assignment]  # only its own; no call
        log: list[Event] = []
        if s.phase != "day":
            self._apply_setup(s, action, log)
            return log
        free = DO_FREE.get(type(action))  # the commonest, without a match on classes
        if free is not None:
            return free(self.content, s, action)
        self._apply_day(s, action, log)
        return log

    def _apply_setup(self, s: NordguardState, action: Action, log: list[Event]) -> None:
        c = self.content
        match action:
            case ChooseCharacter():
                seat = s.active
                s.table.move(action.character, TEAM)
                s.character = (*s.character[:seat], action.character, *s.character[seat + 1:])
                character = c.characters[kind_of(s, action.character)]
                starting = []
                faces = s.table.faces
                for key in character.start:
                    face = f"item:{key}"
                    card = next(card for card in s.table.cards_in(POOL) if faces[card] == face)
                    give(c, s, card, seat)
                    starting.append(card)
                s.starting = (*s.starting[:seat], tuple(starting), *s.starting[seat + 1:])
                log.append(CharacterChosen(seat, action.character, character.name,
                                           tuple(name(c, s, card) for card in starting)))
                if seat + 1 < s.players:
                    s.active = seat + 1
                else:
                    s.phase, s.active = "stock", 0
                    self._skip_full_seats(s, log)
            case TakeItem():
                give(c, s, action.item, s.active)
                log.append(ItemTaken(who(c, s, s.active), action.item,
                                     name(c, s, action.item)))
                if not has_room(c, s, s.active):
                    self._next_stocker(s, log)
            case DoneStocking():
                log.append(Stocked(who(c, s, s.active)))
                self._next_stocker(s, log)
            case SetOut():
                self._set_out(s, log)

    def _next_stocker(self, s: NordguardState, log: list[Event]) -> None:
        s.active += 1
        self._skip_full_seats(s, log)

    def _skip_full_seats(self, s: NordguardState, log: list[Event]) -> None:
        while s.active < s.players and not has_room(self.content, s, s.active):
            s.active += 1
        if s.active >= s.players:
            s.phase, s.active = "study", 0
            log.append(MapStudied())

    def _set_out(self, s: NordguardState, log: list[Event]) -> None:
        """Rulebook, The Map and The Team: locations face down, the unused items and the
        events shuffled into face-down piles; day 1 begins with seat 0 leading."""
        table = s.table
        for cell, card in enumerate(table.cards_in(MAP)):
            if cell not in (0, s.destination_cell):
                table.set_face(card, False)
        to_deck(s, *table.cards_in(POOL))
        for zone in (ITEM_DECK, EVENT_DECK):
            table.shuffle(zone, s.rng)
        s.phase = "day"
        s.turn = 1
        s.active = 0
        log.append(TeamSetsOut(who(self.content, s, 0), s.countdown))

    def _apply_day(self, s: NordguardState, action: Action, log: list[Event]) -> None:
        c = self.content
        match action:  # the commonest first (trades, drops and pick-ups: `perform`)
            case Restock():
                card = restock(c, s, action.item_kind, action.to)
                log.append(RESTOCKED(who(c, s, action.to), card, name(c, s, card)))
            case Attempt():
                target = s.neighbour(s.sled, DIRECTIONS[action.direction])
                assert target is not None
                log += flow.attempt(c, s, target, action.spend, WORDS[action.direction])
            case Scout():
                seat = scout_seat(c, s)
                assert seat is not None
                s.scouted_today = True
                scout(c, s, action.cell, log, seat, who(c, s, seat))
            case Look():
                glasses = fresh_binoculars(c, s)
                assert glasses is not None
                s.looked = s.looked | {glasses}
                holder = s.carrier(glasses)
                scout(c, s, action.cell, log, holder, f"{who(c, s, holder)} (Binoculars)")
            case Survey():
                s.surveyed = True
                for _, cell in s.neighbours(s.sled):
                    if worth_scouting(c, s, cell):
                        scout(c, s, cell, log, s.active, "The team (Binoculars survey)")
                flow.add_days(s, -1)
                log.append(SurveyCost(s.countdown))
            case UseItem():
                days = powers_of(c, s, action.item).days
                flow.add_days(s, days)
                log.append(ItemUsed(action.item, name(c, s, action.item), days, s.countdown))
                spend(c, s, action.item, log)
            case EndDay():
                self._end_day(s, log)

    def _end_day(self, s: NordguardState, log: list[Event]) -> None:
        """Rulebook, The Countdown: a day off the countdown at the end of every turn (time
        running out is the state check's to call)."""
        if s.sled == s.destination_cell:
            s.result = Outcome(tuple(range(s.players)),
                               "the team reached Destination in time")
            log.append(RunWon(s.turn, s.countdown))
            return
        flow.add_days(s, -1)
        if flow.out_of_time(s):
            return
        s.turn += 1
        s.active = (s.turn - 1) % s.players
        s.attempted = s.surveyed = s.scouted_today = s.rerolled = False
        s.looked = frozenset()
        log.append(DayBegins(s.turn, who(self.content, s, s.active), s.countdown))

    # -- checked always ------------------------------------------------------------------
    def state_checks(self, state: GameState) -> list[Event]:
        """Rulebook, The Countdown: the team loses when time runs out (at once, whatever is
        under way), or when it can move in no direction at all (judged when nothing is
        under way and no question is open)."""
        s: NordguardState = state  # type: ignore[assignment]  # only its own; no call
        if s.phase != "day":
            return []
        if s.table.counters[COUNTDOWN] <= 0:
            return self._lose(s, RunLost("time"))
        if s.frames or s.sled == s.width * s.height - 1:  # at Destination (asked every move)
            return []
        blocked = stranded(self.content, s)
        if blocked is not None:
            return self._lose(s, RunLost("stranded", tuple(blocked)))
        return []

    def _lose(self, s: NordguardState, lost: RunLost) -> list[Event]:
        s.result = Outcome((), lost.why)
        return [lost]


# Actions are immutable values: those a card or a kind takes part in are built once and
# handed out again (a row per seat), since building them dominated legal_actions.
END_DAY, DONE_STOCKING, SET_OUT = EndDay(), DoneStocking(), SetOut()
_take = cache(TakeItem)


def _first_of_each_kind(cards: tuple[str, ...], faces: dict[str, str]) -> list[str]:
    """The first card of each face among `cards`, in the order the faces first appear
    (one TakeItem per kind in the pool: the copies are alike). Read in C-level passes:
    the pool is some forty cards, listed again after every item taken."""
    kinds = list(map(faces.__getitem__, cards))
    first = dict(zip(reversed(kinds), reversed(cards), strict=True))  # the earliest wins
    return list(map(first.__getitem__, dict.fromkeys(kinds)))


@cache
def _use(card: str) -> UseItem:
    return UseItem(card)


RESTOCKED = cache(Restocked)  # events are immutable facts too: made once, handed out again
SCOUTS = tuple(Scout(cell) for cell in range(MAX_SIDE * MAX_SIDE))
LOOKS = tuple(Look(cell) for cell in range(MAX_SIDE * MAX_SIDE))
SURVEY = Survey()


@cache
def _attempts(width: int, height: int) -> tuple[tuple[tuple[int, Attempt, Attempt], ...], ...]:
    """Each cell's attempts, N, E, S, W: (the cell it leads to, the attempt, the attempt
    keeping limited items)."""
    return tuple(tuple((cell, Attempt(direction.name), Attempt(direction.name, spend=False))
                       for direction, cell in moves)
                 for moves in cell_moves(width, height))


ANSWERS = (Fire, Strike, StopFighting, NextEvent, GiveUp, Barter, Decline)  # to questions
_DAY_ACTIONS = (Attempt, Scout, Look, Survey, Trade, Drop, PickUp, Restock, UseItem, EndDay)


def _ng(state: GameState) -> NordguardState:
    assert isinstance(state, NordguardState)
    return state

