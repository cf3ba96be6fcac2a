"""Nordguard: a co-operative run across the ice, one location card at a time.

The Game class: what is legal now (`legal_actions`), why an action is not
(`check`, in the rulebook's words), and doing it (`apply`). The day's
mechanics live in flow.py, combat.py, mapchanges.py and items.py; this module
decides who may do what, and when the match ends.
"""

from __future__ import annotations

from functools import cache

from engine.boards.locationgrid import Direction
from engine.core.actions import Action
from engine.core.basegame import BaseGame
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import GameOptions, GameState, Outcome
from engine.core.rng import Rng
from engine.games.nordguard import ENTRY, combat, flow
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
from engine.games.nordguard.build import MAX_PLAYERS, NordguardOptions, build
from engine.games.nordguard.challenges import (
    Check,
    can_restock_here,
    pending_check,
    spends_limited_item,
    stranded,
)
from engine.games.nordguard.content import NordguardContent, load
from engine.games.nordguard.english import possessive
from engine.games.nordguard.items import (
    binoculars,
    drop,
    effect_of,
    fresh_binoculars,
    give,
    has_room,
    kind_of,
    name,
    restock_kinds,
    seat_with_ability,
    seats_with_room,
    spend,
    starting_held,
    starting_missing,
    to_deck,
    who,
)
from engine.games.nordguard.mapchanges import scout, worth_scouting
from engine.games.nordguard.policy import NordguardPolicy
from engine.games.nordguard.state import (
    CHARACTERS,
    DROPPED,
    EVENT_DECK,
    ITEM_DECK,
    MAP,
    POOL,
    TEAM,
    NordguardState,
)

DIRECTIONS = {d.name: d for d in Direction}
WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}
PROMPT_ANSWERS = {
    "combat": (Fire, Strike, StopFighting),
    "event": (NextEvent,),
    "steal": (GiveUp,),
    "barter": (Barter, Decline),
}


class NordguardGame(BaseGame):
    """Nordguard: co-operative, 1-7 players cross a map of face-down locations."""

    name = ENTRY.name
    title = ENTRY.title
    options_model = NordguardOptions

    def __init__(self, content: NordguardContent | None = None) -> None:
        self.content = content if content is not None else load()

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

    # -- what may be done ----------------------------------------------------------------
    def legal_actions(self, state: GameState, seat: int | None = None) -> list[Action]:
        s = _ng(state)
        c = self.content
        if s.result is not None:
            return []
        if s.prompt is not None:
            return self.answers(s) + self._free_actions(s, s.team_items(),
                                                        seats_with_room(c, s))
        if s.phase == "characters":
            return [ChooseCharacter(card) for card in s.table.cards_in(CHARACTERS)]
        if s.phase == "stock":
            out: list[Action] = []
            seen: set[str] = set()
            for card in s.table.cards_in(POOL):
                key = kind_of(s, card)
                if key not in seen:
                    seen.add(key)
                    out.append(TakeItem(card))
            out.append(DoneStocking())
            return out
        if s.phase == "study":
            return [SetOut()]
        return self._day_actions(c, s)

    def answers(self, state: GameState) -> list[Action]:
        """The open question's answers alone (the table shows them as buttons); trades,
        drops and pick-ups are legal beside them (see legal_actions)."""
        s = _ng(state)
        c = self.content
        prompt = s.prompt
        if prompt is None:
            return []
        if prompt.kind == "combat":
            return combat.answers(c, s)
        if prompt.kind == "event":
            return [NextEvent()]
        if prompt.kind == "steal":
            return [GiveUp(card) for card in flow.thief_choices(c, s)]
        return [*(Barter(card) for _, card in s.team_items()), Decline()]

    def _day_actions(self, c: NordguardContent, s: NordguardState) -> list[Action]:
        out: list[Action] = []
        if not s.attempted and self._starting_items_missing(s) is None:
            for direction, cell in s.neighbours(s.sled):
                out.append(Attempt(direction.name))
                if spends_limited_item(c, s, cell):
                    out.append(Attempt(direction.name, spend=False))
        if not s.scouted_today and seat_with_ability(c, s, "scout") is not None:
            out.extend(Scout(cell) for cell in range(s.width * s.height)
                       if cell != s.sled and worth_scouting(c, s, cell))
        if binoculars(self.content, s):
            useful = [cell for _, cell in s.neighbours(s.sled) if worth_scouting(c, s, cell)]
            if fresh_binoculars(c, s) is not None:
                out.extend(Look(cell) for cell in useful)
            if not s.surveyed and useful:
                out.append(Survey())
        team = s.team_items()
        rooms = seats_with_room(c, s)
        out.extend(self._free_actions(s, team, rooms))
        faces = s.table.faces
        if rooms and can_restock_here(c, s):
            for key in sorted(restock_kinds(c, s)):
                row = _restocks(key)
                out.extend([row[to] for to in rooms])
        usable = c.effects_by_face
        out.extend([_use(card) for _, card in team if "gain_days" in usable[faces[card]]])
        out.append(END_DAY)
        return out

    def _free_actions(self, s: NordguardState, team: list[tuple[int, str]],
                      rooms: list[int]) -> list[Action]:
        """Trades, drops and pick-ups (`rooms`: the seats with a free slot): allowed at any
        point, questions included (Rulebook, Key Terms: Trade "at any point", Drop "at
        any time")."""
        out: list[Action] = []
        held = starting_held(s)
        if held:
            team = [(seat, card) for seat, card in team if card not in held]
        if rooms:
            for seat, card in team:
                row = _trades(card)
                out.extend([row[to] for to in rooms if to != seat])
        out.extend([_drop(card) for _, card in team])
        for card in s.table.cards_in(DROPPED):
            row = _pick_ups(card)
            out.extend([row[to] for to in rooms])
        return out

    # -- why not -------------------------------------------------------------------------
    def check(self, state: GameState, action: Action, seat: int | None = None) -> None:
        s = _ng(state)
        if s.result is not None:
            raise IllegalAction("the match is over")
        if s.prompt is not None:
            if isinstance(action, FREE_ACTIONS):
                self._check_day(s, action)
            else:
                self._check_answer(s, action)
            return
        if isinstance(action, Fire | Strike | StopFighting | NextEvent | GiveUp | Barter
                      | Decline):
            raise IllegalAction("there is no question to answer now")
        match action:
            case ChooseCharacter() | TakeItem() | DoneStocking() | SetOut():
                self._check_setup(s, action)
            case _:
                if not isinstance(action, _DAY_ACTIONS):
                    super().check(s, action)
                if s.phase != "day":
                    raise IllegalAction("the team has not set out yet: finish the set-up first")
                self._check_day(s, action)

    def _check_answer(self, s: NordguardState, action: Action) -> None:
        prompt = s.prompt
        assert prompt is not None
        if not isinstance(action, PROMPT_ANSWERS[prompt.kind]):
            raise IllegalAction(f"answer the question first: {prompt.question} (trades, drops "
                                "and pick-ups may still be made)")
        if action not in self.answers(s):
            match action:
                case Fire():
                    raise IllegalAction("only a gun the team carries with a use left can be "
                                        "fired (Rulebook, Combat Check)")
                case Strike():
                    raise IllegalAction("an item adding a set amount may only be used once per "
                                        "combat, and must be carried (Rulebook, Combat Check)")
                case GiveUp():
                    raise IllegalAction("the thief can only take a stealable item the team "
                                        "carries (Rulebook, Steal)")
                case _:
                    raise IllegalAction("only an item the team carries can be traded")

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
                seat = seat_with_ability(c, s, "scout")
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
                if not binoculars(self.content, s):
                    raise IllegalAction("surveying needs Binoculars (Rulebook, Scout)")
                if s.surveyed:
                    raise IllegalAction("the team has surveyed today already")
                if not any(worth_scouting(c, s, cell) for _, cell in s.neighbours(s.sled)):
                    raise IllegalAction("every neighbouring location is scouted already")
            case Trade():
                holder = s.holder(action.item)
                if holder is None:
                    raise IllegalAction("only an item a Character carries can be traded")
                self._check_seat(s, action.to)
                if holder == action.to:
                    raise IllegalAction("that Character carries it already")
                if not has_room(c, s, action.to):
                    raise IllegalAction(f"{possessive(who(c, s, action.to))} item slots are full: "
                                        "nobody may exceed their slots (Rulebook, The Team)")
                self._check_not_leaving_with(s, action.item)
            case Drop():
                if s.holder(action.item) is None:
                    raise IllegalAction("only an item a Character carries can be dropped")
                self._check_not_leaving_with(s, action.item)
            case PickUp():
                if s.table.where.get(action.item) != DROPPED:
                    raise IllegalAction("only an item lying here can be picked up "
                                        "(Rulebook, Drop)")
                self._check_seat(s, action.to)
                if not has_room(c, s, action.to):
                    raise IllegalAction(f"{possessive(who(c, s, action.to))} item slots are full")
            case Restock():
                if not can_restock_here(c, s):
                    raise IllegalAction("the team restocks only at Frontier, or where a card "
                                        "says so (Rulebook, Restock)")
                self._check_seat(s, action.to)
                if not has_room(c, s, action.to):
                    raise IllegalAction(f"{possessive(who(c, s, action.to))} item slots are full")
                if not restock_kinds(c, s).get(action.item_kind):
                    raise IllegalAction("no item of that kind remains in the Item deck")
            case UseItem():
                if s.holder(action.item) is None:
                    raise IllegalAction("only an item the team carries can be used")
                if effect_of(c, s, action.item, "gain_days") is None:
                    raise IllegalAction(f"the {name(c, s, action.item)} is not used on its own")
            case EndDay():
                pass

    def _check_seat(self, s: NordguardState, seat: int) -> None:
        if not 0 <= seat < s.players:
            raise IllegalAction(f"there is no Player {seat + 1} in this team")

    def _check_scout_cell(self, s: NordguardState, cell: int, anywhere: bool) -> None:
        if not 0 <= cell < s.width * s.height:
            raise IllegalAction("that place is not on the map")
        if not anywhere and cell not in {n for _, n in s.neighbours(s.sled)}:
            raise IllegalAction("Binoculars reach only the locations directly North, South, "
                                "East or West (Rulebook, Scout)")
        if cell == s.sled or not worth_scouting(self.content, s, cell):
            raise IllegalAction("there is nothing left to scout there")

    def _check_not_leaving_with(self, s: NordguardState, item: str) -> None:
        """A starting item stays in its Character's hands while the team first leaves."""
        if item in starting_held(s):
            c = self.content
            raise IllegalAction(f"{who(c, s, s.carrier(item))} must carry the starting "
                                f"{name(c, s, item)} when the team first leaves Frontier, and "
                                "the team is leaving now (Rulebook, Starting Items)")

    def _starting_items_missing(self, s: NordguardState) -> str | None:
        """Rulebook, Starting Items: carried by their Character when first leaving Frontier."""
        if s.departed or s.sled != 0:
            return None
        for seat in range(s.players):
            for card in starting_missing(s, seat):
                return (f"{who(self.content, s, seat)} must carry the starting "
                        f"{name(self.content, s, card)} when the team first leaves "
                        "Frontier (Rulebook, Starting Items)")
        return None

    def _deck_card(self, s: NordguardState, key: str) -> str | None:
        return next((card for card in s.table.cards_in(ITEM_DECK) if kind_of(s, card) == key),
                    None)

    # -- doing it ------------------------------------------------------------------------
    def apply(self, state: GameState, action: Action, seat: int | None = None) -> list[Event]:
        self.check(state, action)
        s = _ng(state)
        log: list[Event] = []
        if s.prompt is not None and isinstance(action, FREE_ACTIONS):
            self._apply_day(s, action, log)
            flow.thief_left_nothing(self.content, s, log)
        elif s.prompt is not None:
            self._answer(s, action, log)
        elif s.phase != "day":
            self._apply_setup(s, action, log)
        else:
            self._apply_day(s, action, log)
        if s.phase == "day" and s.result is None:
            self._check_end(s, log)
        return log

    def _answer(self, s: NordguardState, action: Action, log: list[Event]) -> None:
        c = self.content
        match action:
            case Fire():
                won = combat.fire(c, s, action.item, log)
            case Strike():
                won = combat.strike(c, s, action.item, log)
            case StopFighting():
                won = combat.stop(s, log)
            case NextEvent():
                flow.draw_next(c, s, log)
                return
            case GiveUp():
                flow.give_up(c, s, action.item, log)
                return
            case Barter():
                flow.barter(c, s, action.item, log)
                return
            case _:
                flow.barter(c, s, None, log)
                return
        if won is not None:
            flow.combat_over(c, s, won, log)

    def _apply_setup(self, s: NordguardState, action: Action, log: list[Event]) -> None:
        c = self.content
        match action:
            case ChooseCharacter():
                seat = s.active
                s.table.move(action.character, TEAM)
                s.character[seat] = action.character
                character = c.characters[kind_of(s, action.character)]
                starting = []
                for key in character.start:
                    card = next(card for card in s.table.cards_in(POOL)
                                if kind_of(s, card) == key)
                    give(c, s, card, seat)
                    starting.append(card)
                s.starting[seat] = tuple(starting)
                text = f"Player {seat + 1} chooses {character.name}"
                if starting:
                    text += " and takes the starting " + ", ".join(
                        name(c, s, card) for card in starting)
                log.append(Event("choose", text, data={"card": action.character}))
                if seat + 1 < s.players:
                    s.active = seat + 1
                else:
                    s.phase, s.active = "stock", 0
                    self._skip_full_seats(s, log)
            case TakeItem():
                give(c, s, action.item, s.active)
                log.append(Event("take", f"{who(c, s, s.active)} takes the "
                                         f"{name(c, s, action.item)}",
                                 data={"card": action.item}))
                if not has_room(c, s, s.active):
                    self._next_stocker(s, log)
            case DoneStocking():
                log.append(Event("stocked", f"{who(c, s, s.active)} is ready"))
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
            log.append(Event("study", "The team studies the map, face up, before setting out"))

    def _set_out(self, s: NordguardState, log: list[Event]) -> None:
        """Rulebook, The Map and The Team: locations face down, the unused items and the
        events shuffled into face-down piles; day 1 begins with seat 0 leading."""
        table = s.table
        for cell, card in enumerate(table.cards_in(MAP)):
            if cell not in (0, s.destination_cell):
                table.set_face(card, False)
        for card in list(table.cards_in(POOL)):
            to_deck(s, card)
        for zone in (ITEM_DECK, EVENT_DECK):
            cards = table.zones[zone].cards
            assert cards is not None
            s.rng.shuffle(cards)
        s.phase = "day"
        s.turn = 1
        s.active = 0
        log.append(Event("set-out", "The locations are turned face down; the unused items and "
                                    "the events are shuffled into face-down decks. Day 1: "
                                    f"{who(self.content, s, 0)} leads, {s.countdown} days on "
                                    "the countdown", data={"zone": MAP}))

    def _apply_day(self, s: NordguardState, action: Action, log: list[Event]) -> None:
        c = self.content
        match action:
            case Attempt():
                target = s.neighbour(s.sled, DIRECTIONS[action.direction])
                assert target is not None
                flow.attempt(c, s, target, action.spend, log, WORDS[action.direction])
            case Scout():
                seat = seat_with_ability(c, s, "scout")
                assert seat is not None
                s.scouted_today = True
                scout(c, s, action.cell, log, who(c, s, seat))
            case Look():
                glasses = fresh_binoculars(c, s)
                assert glasses is not None
                s.looked.add(glasses)
                scout(c, s, action.cell, log, f"{who(c, s, s.carrier(glasses))} (Binoculars)")
            case Survey():
                s.surveyed = True
                for _, cell in s.neighbours(s.sled):
                    if worth_scouting(c, s, cell):
                        scout(c, s, cell, log, "The team (Binoculars survey)")
                flow.add_days(s, -1)
                log.append(Event("days", f"The survey costs a day: {flow.days_left(s)}",
                                 data={"days": -1}))
            case Trade():
                giver = s.carrier(action.item)
                give(c, s, action.item, action.to)
                left = s.uses.get(action.item)
                uses = f" ({left} use{'s' if left != 1 else ''} left)" if left is not None else ""
                log.append(Event("trade", f"{who(c, s, giver)} trades the "
                                          f"{name(c, s, action.item)} to "
                                          f"{who(c, s, action.to)}{uses}",
                                 data={"card": action.item}))
            case Drop():
                giver = s.carrier(action.item)
                drop(s, action.item)
                flow.dropped_during_question(s, action.item)
                log.append(Event("drop", f"{who(c, s, giver)} drops the "
                                         f"{name(c, s, action.item)} here",
                                 data={"card": action.item}))
            case PickUp():
                give(c, s, action.item, action.to)
                log.append(Event("pick-up", f"{who(c, s, action.to)} picks up the "
                                            f"{name(c, s, action.item)}",
                                 data={"card": action.item}))
            case Restock():
                card = self._deck_card(s, action.item_kind)
                assert card is not None
                give(c, s, card, action.to)
                log.append(Event("restock", f"{who(c, s, action.to)} restocks a "
                                            f"{name(c, s, card)} from the Item deck",
                                 data={"card": card}))
            case UseItem():
                effect = effect_of(c, s, action.item, "gain_days")
                assert effect is not None and effect.kind == "gain_days"
                flow.add_days(s, effect.amount)
                log.append(Event("use", f"The {name(c, s, action.item)} buys the team "
                                        f"{effect.amount} day(s): {flow.days_left(s)}",
                                 data={"days": effect.amount}))
                spend(c, s, action.item, log)
            case EndDay():
                self._end_day(s, log)

    def _end_day(self, s: NordguardState, log: list[Event]) -> None:
        """Rulebook, The Countdown: a day off the countdown at the end of every turn."""
        if s.sled == s.destination_cell:
            s.result = Outcome(tuple(range(s.players)),
                               "the team reached Destination in time")
            log.append(Event("win", f"The team ends day {s.turn} at Destination before the "
                                    f"countdown runs out ({s.countdown} on it): the run "
                                    "succeeds"))
            return
        flow.add_days(s, -1)
        if flow.out_of_time(s):
            self._lose(s, "the countdown ran out", log)
            return
        s.turn += 1
        s.active = (s.turn - 1) % s.players
        s.attempted = s.surveyed = s.scouted_today = s.rerolled = False
        s.looked = set()
        log.append(Event("day", f"Day {s.turn}: {who(self.content, s, s.active)} leads; "
                                f"{flow.days_left(s)} on the countdown"))

    def _check_end(self, s: NordguardState, log: list[Event]) -> None:
        """Rulebook, The Countdown: the team loses when time runs out, or when it can move
        in no direction at all."""
        if flow.out_of_time(s):
            self._lose(s, "the countdown ran out", log)
            return
        if s.prompt is not None or s.sled == s.destination_cell:
            return
        blocked = stranded(self.content, s)
        if blocked is not None:
            self._lose(s, "the team cannot move in any direction (" + ", ".join(blocked) + ")",
                       log)

    def _lose(self, s: NordguardState, why: str, log: list[Event]) -> None:
        s.result = Outcome((), why)
        s.prompt, s.combat, s.attempt, s.run = None, None, None, None
        log.append(Event("lose", f"The run fails: {why}"))


# Actions are immutable values: those a card or a kind takes part in are built once and
# handed out again (a row per seat), since building them dominated legal_actions.
END_DAY = EndDay()


@cache
def _trades(card: str) -> tuple[Trade, ...]:
    return tuple(Trade(card, to) for to in range(MAX_PLAYERS))


@cache
def _pick_ups(card: str) -> tuple[PickUp, ...]:
    return tuple(PickUp(card, to) for to in range(MAX_PLAYERS))


@cache
def _restocks(kind: str) -> tuple[Restock, ...]:
    return tuple(Restock(kind, to) for to in range(MAX_PLAYERS))


@cache
def _drop(card: str) -> Drop:
    return Drop(card)


@cache
def _use(card: str) -> UseItem:
    return UseItem(card)


FREE_ACTIONS = (Trade, Drop, PickUp)  # also legal while a question is open
_DAY_ACTIONS = (Attempt, Scout, Look, Survey, Trade, Drop, PickUp, Restock, UseItem, EndDay)


def _ng(state: GameState) -> NordguardState:
    assert isinstance(state, NordguardState)
    return state

