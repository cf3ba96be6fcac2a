"""What Nordguard's gestures mean, and what the docks and the phase bar show.

The hand dock holds a panel per seat (the Character as portrait, its items in
their slots, empty slots drawn) and, when they matter, the rows items come
from: the Characters still free, the stocking pool, the Item deck at Frontier,
the items lying where the team stands. A drag between two of those rows is one
engine action (take, restock, trade, drop, pick up); the question open on top of
the engine's frames (a combat check, a thief's pick, ...) is answered with buttons.
Everything shown is built from a view of the state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from app.board.cards import CardLook
from app.dragdrop import CardDrag
from app.games.base import Button, GamePresenter, Panel, RollPreview, Summary, Work
from app.games.nordguard import looks, odds, summary, wording
from app.games.nordguard.seats import seat_colour, seat_label, seat_symbol
from app.match_controller import MatchController
from app.words import possessive
from engine.core.actions import Action
from engine.core.game import GameState, Outcome
from engine.core.match import Match
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
from engine.games.nordguard.anytime import Question, open_question
from engine.games.nordguard.challenges import restock_open, spends_limited_item
from engine.games.nordguard.content import NordguardContent
from engine.games.nordguard.items import (
    binoculars,
    character_of,
    receiver,
    restock_kinds,
    scout_seat,
    starting_missing,
    who,
)
from engine.games.nordguard.rules import WORDS, NordguardGame
from engine.games.nordguard.state import (
    CHARACTERS,
    DROPPED,
    ITEM_DECK,
    POOL,
    NordguardState,
    slots,
)

T = TypeVar("T")
KIND_PREFIX = "kind:"  # a restock card in the hand dock names an item kind, not a card


def _ng(state: GameState) -> NordguardState:
    assert isinstance(state, NordguardState)
    return state


def seat_of_zone(zone: str) -> int | None:
    return int(zone[6:]) if zone.startswith("slots:") else None


class NordguardPresenter(GamePresenter):
    """Reads every rule from the engine (legal_actions, the open question's replies and the
    public helpers):
    the table decides nothing the engine would decide differently."""

    def __init__(self, game: NordguardGame, controller: MatchController) -> None:
        self.game = game
        self.content = game.content
        self.controller = controller
        self._memo_for: NordguardState | None = None
        self._memo: dict[str, object] = {}

    # -- worked out once per rendered state ------------------------------------------------
    def _once(self, s: NordguardState, what: str, make: Callable[[], T]) -> T:
        """`make()` for this state, remembered: the window hands every hook (scene,
        panels, buttons, phase bar, dice dock) the same view, and several of them ask
        the same questions of it."""
        if self._memo_for is not s:
            self._memo_for, self._memo = s, {}
        if what not in self._memo:
            self._memo[what] = make()
        return self._memo[what]  # type: ignore[return-value]

    def legal_list(self, s: NordguardState) -> list[Action]:
        """What the deciding seat may do in this view, in the engine's order."""
        return self._once(s, "legal list", lambda: self.game.legal_actions(s))

    def legal(self, s: NordguardState) -> frozenset[Action]:
        return self._once(s, "legal", lambda: frozenset(self.legal_list(s)))

    def moves(self, s: NordguardState) -> dict[int, odds.MoveOdds]:
        """Every move the team could try today, with its exact chance, by cell."""
        return self._once(s, "moves", lambda: odds.move_odds(self.content, s)
                          if s.phase == "day" and s.result is None else {})

    def _clicks(self, s: NordguardState) -> dict[int, Action]:
        """What a click on each location means: a legal look comes first, then a legal
        scout; failing both, the gesture the team has the means for, so that the click
        is refused with the rule's reason. Locations missing mean nothing."""
        if s.phase != "day" or s.frames or s.result is not None:
            return {}
        c = self.content
        out: dict[int, Action] = {}
        adjacent = {cell for _, cell in s.neighbours(s.sled)}
        has_binoculars = bool(binoculars(c, s))
        has_scout = scout_seat(c, s) is not None
        for cell in range(s.width * s.height):
            if cell == s.sled:
                continue
            if cell in adjacent and has_binoculars:
                out[cell] = Look(cell)
            elif has_scout:
                out[cell] = Scout(cell)
        legal = self.legal(s)
        for cell, action in list(out.items()):
            if action not in legal and isinstance(action, Look) and Scout(cell) in legal:
                out[cell] = Scout(cell)
        return out

    # -- reading the table ---------------------------------------------------------------
    def _now(self) -> NordguardState | None:
        """The table as the seat deciding now sees it (drops are judged against it)."""
        match = self.controller.match
        if match is None:
            return None
        seat = self.controller.seat()
        return _ng(match.view(seat if seat is not None else -1))

    def _refuse(self, reason: str) -> None:
        self.controller.refuse(reason)

    # -- the hand dock -----------------------------------------------------------------
    def hand_panels(self, state: GameState, seat: int) -> list[Panel]:
        """What the deciding seat acts on stays at the top of the dock: during set-up the
        row to choose from, then its own panel; on the road its own panel, then the rows
        it may take items from, then the rest of the team."""
        s = _ng(state)
        c = self.content
        sources: list[Panel] = []
        if s.phase == "characters" and s.result is None:
            cards = [(ref, looks.character_look(c, s, ref), looks.character_tip(c, s, ref)
                      + "<br><i>Drag onto the choosing player's panel, or double-click</i>")
                     for ref in s.table.cards_in(CHARACTERS)]
            sources.append(Panel(CHARACTERS, f"Characters still free — Player {s.active + 1} "
                                 "chooses: drag one onto that panel, or double-click it", cards))
        if s.phase == "stock":
            sources.append(self._pool_panel(s))
        if s.phase == "day" and restock_open(c, s):
            sources.append(self._restock_panel(s))
        if s.phase == "day" and s.table.cards_in(DROPPED):
            here = looks.name_of(c, s, s.location_at(s.sled))
            # What the tray is for goes in its cards' tips: under a lone card the panel is
            # narrow, and a note on its title ran three lines deep and pushed the card
            # below the dock's edge.
            cards = [(ref, looks.item_look(c, s, ref), looks.item_tip(c, s, ref)
                      + "<br><i>Drag onto a Character to pick it up; left behind, it goes "
                      "back to the Item deck</i>")
                     for ref in s.table.cards_in(DROPPED)]
            sources.append(Panel(DROPPED, f"Lying at {here}", cards))
        first = s.active if s.result is None else 0
        order = [first, *(p for p in range(s.players) if p != first)]
        seats = [self._seat_panel(s, p) for p in order]
        if s.phase in ("characters", "stock"):
            return sources + seats
        return seats[:1] + sources + seats[1:]

    def stood_as(self, state: GameState, ref: str) -> str | None:
        """An item new to the Hand dock was its kind's card in the Item deck row (a
        restock), or in the stocking pool, which shows the first card of each kind."""
        s = _ng(state)
        key = looks.kind(s, ref)
        if key is None or looks.family(s, ref) != "item":
            return None
        if s.phase != "stock":
            return KIND_PREFIX + key
        return next((other for other in s.table.cards_in(POOL) if looks.kind(s, other) == key),
                    None)

    def _seat_panel(self, s: NordguardState, seat: int) -> Panel:
        c = self.content
        ch = character_of(c, s, seat)
        title = seat_label(seat) + (f" · {ch.name}" if ch is not None else "")
        tags = []
        if seat in self.controller.computer_seats():
            tags.append("computer")
        if s.result is None and s.phase == "day" and seat == s.active:
            tags.append("leads today")
        elif s.result is None and s.phase in ("characters", "stock") and seat == s.active:
            tags.append("chooses now" if s.phase == "characters" else "stocks now")
        if tags:
            title += " (" + ", ".join(tags) + ")"
        if ch is None:
            return Panel(slots(seat), title, [], None, "no Character yet")
        starting = set(s.starting[seat]) if not s.departed else set()
        missing = starting_missing(s, seat)
        cards = []
        for ref in s.carried(seat):
            tip = looks.item_tip(c, s, ref)
            if ref in starting:
                tip += "<br><b>Starting item</b>: must be carried out of Frontier"
            cards.append((ref, looks.item_look(c, s, ref), tip
                          + "<br><i>Drag to another Character to trade, onto the team's "
                            "location to drop</i>"))
        note = looks.character_line(ch)
        if missing:
            note += (" · must carry " + ", ".join(looks.name_of(c, s, ref) for ref in missing)
                     + " out of Frontier")
        ref = s.character[seat]
        assert ref is not None
        look = replace(looks.character_look(c, s, ref), face_colour=seat_colour(seat),
                       symbol=seat_symbol(seat))  # the seat's colour, never without its mark
        portrait = (ref, look, looks.character_tip(c, s, ref))
        return Panel(slots(seat), title, cards, ch.slots, note, portrait)

    def _pool_panel(self, s: NordguardState) -> Panel:
        c = self.content
        first: dict[str, str] = {}
        count: Counter[str] = Counter()
        for ref in s.table.cards_in(POOL):
            key = looks.kind(s, ref) or ""
            first.setdefault(key, ref)
            count[key] += 1
        cards = []
        for key, ref in first.items():
            look = looks.item_look(c, s, ref, badge=f"×{count[key]}")
            cards.append((ref, _with_uses(look, c, key), looks.item_tip(c, s, ref)
                          + f"<br>{count[key]} in the pool<br><i>Drag into the stocking "
                            "player's slots, or double-click</i>"))
        return Panel(POOL, f"Items to stock from — {who(c, s, s.active)} takes: drag into "
                           "the slots, or double-click", cards)

    def _restock_panel(self, s: NordguardState) -> Panel:
        c = self.content
        cards = []
        left = restock_kinds(c, s)
        for key, item in c.items.items():
            n = left.get(key, 0)
            if not n:
                continue
            cards.append((KIND_PREFIX + key, _with_uses(looks.kind_look(c, item, f"×{n}"), c, key),
                          f"<b>{item.name}</b> — {n} left in the Item deck<br>{item.text}"
                          "<br><i>Drag onto a Character to restock, or double-click</i>"))
        where = "Frontier" if s.sled == 0 else "here"
        return Panel(ITEM_DECK, f"Item deck — restock at {where}: drag an item to a Character",
                     cards)

    # -- words ---------------------------------------------------------------------------
    def describe(self, state: GameState, action: Action) -> str:
        return wording.describe(self.content, _ng(state), action)

    def ending(self, state: GameState, outcome: Outcome) -> str:
        return wording.ending(self.content, _ng(state), outcome)

    def summarize(self, match: Match) -> Work[Summary]:
        outcome = match.outcome()
        assert outcome is not None
        return summary.summarize(self.content, match, self.ending(match.state, outcome))

    def seat_name(self, state: GameState, seat: int) -> str:
        s = _ng(state)
        ch = character_of(self.content, s, seat)
        return seat_label(seat) + (f" · {ch.name}" if ch is not None else "")

    # -- buttons -------------------------------------------------------------------------
    def buttons(self, state: GameState, seat: int) -> list[Button]:
        s = _ng(state)
        c = self.content
        if s.result is not None:
            return []
        question = open_question(s)
        if question is not None:
            return self._answers(s, question)
        if s.phase == "stock":
            return [Button("Done stocking", f"{who(c, s, s.active)} has taken enough: the "
                           "next player stocks", DoneStocking())]
        if s.phase == "study":
            return [Button("Set out", "Turn the locations face down, shuffle the unused items "
                           "and the events into decks, and begin day 1", SetOut())]
        if s.phase != "day":
            return []
        legal = self.legal(s)
        out = self._keep_limited(s, legal)
        if binoculars(self.content, s):
            out.append(Button("Survey (−1 day)", "Binoculars: scout every neighbouring "
                              "location at once, for a day of the countdown", Survey()))
        for action in self.legal_list(s):
            if isinstance(action, UseItem):
                days = c.powers[s.table.faces[action.item]].days
                out.append(Button(f"Use {looks.name_of(c, s, action.item)} "
                                  f"(+{days} day)",
                                  f"{who(c, s, s.carrier(action.item))} uses it: the countdown "
                                  f"gains {looks.plural(days, 'day')}", action))
        out.append(Button("End day", "End the day: a day comes off the countdown and the "
                          "next player leads", EndDay()))
        return out

    def _keep_limited(self, s: NordguardState, legal: frozenset[Action]) -> list[Button]:
        """Moves a limited item (Dynamite) would bypass: also offer going without spending it."""
        c = self.content
        out = []
        for direction, cell in s.neighbours(s.sled):
            item = spends_limited_item(c, s, cell)
            if item is not None and Attempt(direction.name, spend=False) in legal:
                word = WORDS[direction.name]
                out.append(Button(f"Go {word}, keep {looks.name_of(c, s, item)}",
                                  f"Attempt {word} and meet the challenge instead of "
                                  "spending the item", Attempt(direction.name, spend=False)))
        return out

    def _answers(self, s: NordguardState, question: Question) -> list[Button]:
        """One button per answer the open question offers (trades, drops and pick-ups,
        also open, are gestures)."""
        c = self.content
        out: list[Button] = []
        for action in question.replies(s):
            match action:
                case Fire(item=ref):
                    name, left = looks.name_of(c, s, ref), s.uses[ref]
                    out.append(Button(f"Fire {name} ({left})",
                                      f"{who(c, s, s.carrier(ref))} fires the {name}: one d6 "
                                      f"added to the total ({left} uses left)", action))
                case Strike(item=ref):
                    name = looks.name_of(c, s, ref)
                    amount = c.powers[s.table.faces[ref]].strike
                    out.append(Button(f"Use {name} (+{amount})",
                                      f"{who(c, s, s.carrier(ref))} adds {amount} with "
                                      f"the {name} (once per combat)", action))
                case StopFighting():
                    out.append(Button("Stop", "Stop fighting: the total stays short and the "
                                      "check fails", action))
                case NextEvent():
                    out.append(Button("Draw next event", question.prompt_text(s), action))
                case GiveUp(item=ref):
                    holder = s.holder(ref)
                    owner = possessive(who(c, s, holder)) if holder is not None else "the dropped"
                    out.append(Button(f"Lose {looks.name_of(c, s, ref)}",
                                      f"The thief takes {owner} {looks.name_of(c, s, ref)}",
                                      action))
                case Barter(item=ref):
                    out.append(Button(f"Barter {looks.name_of(c, s, ref)}",
                                      f"{who(c, s, s.carrier(ref))} hands it over for a random "
                                      "item from the Item deck", action))
                case Decline():
                    out.append(Button("Decline", "Keep everything", action))
        return out

    # -- the phase bar and the dice dock -------------------------------------------------
    def status(self, state: GameState, seat: int | None) -> str:
        s = _ng(state)
        c = self.content
        if s.result is not None:
            return (f"{wording.ending(c, s, s.result)} · "
                    f"{looks.plural(s.countdown, 'day')} left on the countdown")
        countdown = f"{looks.plural(s.countdown, 'day')} on the countdown"
        if s.phase == "characters":
            return (f"Set-up · Player {s.active + 1} chooses a Character: drag one from the "
                    f"Characters row onto their panel (or double-click it) · {countdown}")
        if s.phase == "stock":
            ch = character_of(c, s, s.active)
            free = (ch.slots if ch else 0) - len(s.carried(s.active))
            return (f"Set-up · {who(c, s, s.active)} stocks: drag items from the pool "
                    f"into the {looks.plural(free, 'free slot')}, then Done stocking")
        if s.phase == "study":
            return (f"Set-up · Study the map while it lies face up. Then {who(c, s, 0)} "
                    f"presses Set out: the locations turn face down and day 1 begins "
                    f"· {countdown}")
        head = f"Day {s.turn} · {countdown} · {who(c, s, s.active)} leads"
        if s.active in self.controller.computer_seats():
            return f"{head} (a computer teammate): watch the table and the log"
        question = open_question(s)
        if question is not None:
            return (f"{head} · {question.prompt_text(s)} (items may still be traded, dropped or "
                    "picked up)")
        legal = self.legal(s)
        todo = []
        if any(isinstance(a, Attempt) for a in legal):
            todo.append("drag the sled onto a glowing neighbour to attempt the move")
        elif s.attempted:
            todo.append("the day's move attempt is made")
        else:
            todo.append("carry the starting items before leaving Frontier")
        scout = scout_seat(c, s)
        if scout is not None and any(isinstance(a, Scout) for a in legal):
            todo.append(f"click a location for {who(c, s, scout)} to scout")
        if any(isinstance(a, Look) for a in legal):
            todo.append("click a neighbour to look through the Binoculars")
        if restock_open(c, s):
            todo.append("restock from the Item deck row")
        todo.append("End day when done")
        return f"{head} · " + "; ".join(todo)

    def pending_rolls(self, state: GameState) -> list[RollPreview]:
        s = _ng(state)
        return odds.rolls(self.content, s, self.moves(s))

    # -- cards ---------------------------------------------------------------------------
    def look(self, state: GameState, ref: str) -> CardLook:
        return looks.look(self.content, _ng(state), ref)

    def tooltip(self, state: GameState, ref: str) -> str:
        return looks.tooltip(self.content, _ng(state), ref)

    def card_text(self, state: GameState, ref: str | None) -> str:
        return looks.name_of(self.content, _ng(state), ref)

    # -- gestures ------------------------------------------------------------------------
    def drop_action(self, drag: CardDrag, zone: str, pos: object) -> Action | None:
        """The action a card dropped on `zone` means; None (with the reason) when none."""
        s = self._now()
        if s is None or zone == drag.zone:
            return None
        c = self.content
        to = seat_of_zone(zone)
        source = drag.zone
        if to is not None:
            if source == CHARACTERS:
                if s.phase == "characters" and to != s.active:
                    self._refuse(f"Player {s.active + 1} chooses a Character now: drop it on "
                                 "that panel")
                    return None
                return ChooseCharacter(drag.ref)
            if source == POOL:
                if s.phase == "stock" and to != s.active:
                    self._refuse(f"{who(c, s, s.active)} is stocking now: the others wait "
                                 "their turn")
                    return None
                return TakeItem(drag.ref)
            if source == ITEM_DECK and drag.ref.startswith(KIND_PREFIX):
                return Restock(drag.ref[len(KIND_PREFIX):], to)
            if source == DROPPED:
                return PickUp(drag.ref, to)
            if seat_of_zone(source) is not None:
                return Trade(drag.ref, to)
        if zone == DROPPED and seat_of_zone(source) is not None:
            return Drop(drag.ref)
        self._refuse("That card does not go there: trade between Characters, drop on the "
                     "team's location, pick up or restock into a Character's slots")
        return None

    def take_top_action(self, state: GameState, zone: str, seat: int) -> Action | None:
        s = _ng(state)
        cards = s.table.cards_in(zone) if zone in s.table.zones else []
        if not cards:
            return None
        top = cards[-1]
        if zone == DROPPED:
            return PickUp(top, self._receiver(s, seat))
        if zone == CHARACTERS:
            return ChooseCharacter(top)
        if zone == POOL:
            return TakeItem(top)
        return None

    def play_from_hand_action(self, state: GameState, ref: str) -> Action | None:
        """Double-click: choose that Character; take, restock, pick up or use that item."""
        s = _ng(state)
        where = s.table.where.get(ref)
        viewer = self.controller.seat()
        seat = viewer if viewer is not None else s.active
        if ref.startswith(KIND_PREFIX):
            return Restock(ref[len(KIND_PREFIX):], self._receiver(s, seat))
        if where == CHARACTERS:
            return ChooseCharacter(ref)
        if where == POOL:
            return TakeItem(ref)
        if where == DROPPED:
            return PickUp(ref, self._receiver(s, seat))
        if seat_of_zone(where or "") is not None and \
                self.content.powers[s.table.faces[ref]].days:
            return UseItem(ref)
        return None

    def _receiver(self, s: NordguardState, seat: int) -> int:
        return receiver(self.content, s, seat)

    def click_action(self, state: GameState, cell: int) -> Action | None:
        """Clicking a location: look through the Binoculars at a neighbour, or scout."""
        s = _ng(state)
        return self._once(s, "clicks", lambda: self._clicks(s)).get(cell)

    def click_hint(self, action: Action | None, s: NordguardState) -> str:
        if action is None or action not in self.legal(s):
            return ""
        if isinstance(action, Look):
            return "Click to look through the Binoculars (once a day for each pair)"
        if isinstance(action, Scout):
            c = self.content
            scout = who(c, s, scout_seat(c, s) or 0)
            return f"Click for {scout} to scout it: its rolls are made in advance (once a day)"
        return ""

    def sled_action(self, state: GameState, cell: int) -> Action | None:
        """The move attempt dropping the sled on `cell` means (only a neighbour has one)."""
        s = _ng(state)
        for direction, n in s.neighbours(s.sled):
            if n == cell:
                return Attempt(direction.name)
        return None


def _with_uses(look: CardLook, c: NordguardContent, key: str) -> CardLook:
    """A fresh item's printed uses as one more line (the badge counts the copies)."""
    item = c.items[key]
    if not item.limited:
        return look
    return replace(look, body=(*look.body, looks.plural(int(item.uses), "use")))
