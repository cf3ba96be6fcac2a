"""A day's moving parts: the move attempt, the events it draws, and what they do.

Rulebook, The Events: meeting every challenge moves the team in and draws an
event; failing keeps it in place with no event. Several events are dealt with
one at a time, and leaving the location cancels the rest. Whenever a combat
check, a thief or a trader needs the leader's answer, the work waits in
`state.attempt` / `state.run` and a prompt is opened; the answer resumes it here.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.dice import DicePool
from engine.core.events import Event
from engine.core.prompts import Prompt
from engine.games.nordguard import combat
from engine.games.nordguard.challenges import (
    bypass_item,
    reroll_ready,
    roll_bonus,
    scout_key,
    sources,
)
from engine.games.nordguard.content import (
    Challenge,
    CombatEffect,
    EventEffect,
    NordguardContent,
    RollChallenge,
    StealEffect,
)
from engine.games.nordguard.english import possessive
from engine.games.nordguard.items import (
    character_of,
    drop,
    effect_of,
    item_of,
    kind_of,
    name,
    seat_with_ability,
    spend,
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
    Attempt,
    EventRun,
    NordguardState,
)

Log = list[Event]


def add_days(s: NordguardState, amount: int) -> None:
    """Days gained or lost; the countdown never goes below zero (Rulebook, The Countdown:
    at zero time has run out, and the run is lost at once)."""
    s.table.counters["countdown"] = max(0, s.countdown + amount)


def out_of_time(s: NordguardState) -> bool:
    return s.countdown <= 0


def days_left(s: NordguardState) -> str:
    """The countdown as the log reads it: '3 days left', '1 day left', 'no days are left'."""
    if out_of_time(s):
        return "no days are left"
    return f"{s.countdown} day{'s' if s.countdown != 1 else ''} left"


# -- the move attempt ----------------------------------------------------------------------

def attempt(c: NordguardContent, s: NordguardState, target: int, spend_limited: bool,
            log: Log, heading: str) -> None:
    s.attempted = True
    reveal(c, s, target, log, f"The team heads {heading}")
    location = s.location_at(target)
    log.append(Event("attempt", f"The team attempts to enter {name(c, s, location)}",
                     data={"cell": target}))
    queue: list[tuple[str, int]] = []
    for src in sources(c, s, target):
        item = bypass_item(c, s, src, spend_limited)
        if item is not None:
            log.append(Event("bypass", f"{possessive(who(c, s, s.carrier(item)))} "
                                       f"{name(c, s, item)} bypasses {src.label}",
                             data={"card": item}))
            spend(c, s, item, log)
            continue
        queue.extend((src.card, i) for i in range(len(src.challenges)))
    s.attempt = Attempt(s.sled, target, tuple(queue), 0)
    continue_attempt(c, s, log)


def _challenge(c: NordguardContent, s: NordguardState, card: str, index: int) -> Challenge:
    face = s.table.faces[card]
    key = face.partition(":")[2]
    if face.startswith("loc:"):
        return c.locations[key].challenge[index]
    obstacle = c.events[key].obstacle
    assert obstacle is not None
    return obstacle.challenge


def continue_attempt(c: NordguardContent, s: NordguardState, log: Log) -> None:
    """Meet the queued challenges in order; stop at a failure or a combat prompt."""
    while True:
        att = s.attempt
        assert att is not None
        if not att.queue:
            _enter(c, s, log)
            return
        (card, index), rest = att.queue[0], att.queue[1:]
        ch = _challenge(c, s, card, index)
        s.attempt = Attempt(att.origin, att.target, rest, att.days)
        if ch.kind == "roll":
            if not _roll(c, s, card, index, ch, log):
                _attempt_failed(c, s, log)
                return
        elif ch.kind == "blocked":
            log.append(Event("blocked", f"{name(c, s, card)} blocks the way: only a bypass "
                                        "gets through"))
            _attempt_failed(c, s, log)
            return
        elif ch.kind == "days":
            s.attempt = Attempt(att.origin, att.target, rest, att.days + ch.days)
        else:
            won = combat.start(c, s, name(c, s, card), ch.total, log)
            if won is None:
                return
            if not won:
                _attempt_failed(c, s, log)
                return


def _roll(c: NordguardContent, s: NordguardState, card: str, index: int, ch: RollChallenge,
          log: Log) -> bool:
    pool = DicePool((6,) * ch.dice, roll_bonus(c, s, ch.terrain))
    scouted = s.scouted.pop(scout_key(card, index), None)
    faces = scouted if scouted is not None else pool.roll(s.rng).faces
    met = _log_roll(c, s, card, pool, faces, ch.target, scouted is not None, log)
    if not met and scouted is None and reroll_ready(c, s):
        s.rerolled = True
        seat = seat_with_ability(c, s, "reroll")
        assert seat is not None
        log.append(Event("reroll", f"{who(c, s, seat)} tries again (once a day)"))
        faces = pool.roll(s.rng).faces
        met = _log_roll(c, s, card, pool, faces, ch.target, False, log)
    return met


def _log_roll(c: NordguardContent, s: NordguardState, card: str, pool: DicePool,
              faces: tuple[int, ...], target: int, scouted: bool, log: Log) -> bool:
    total = sum(faces) + pool.modifier
    met = total >= target
    shown = "+".join(str(f) for f in faces)
    if pool.modifier:
        shown += f"{pool.modifier:+d}"
    how = "The scouted roll" if scouted else f"Rolled {pool}"
    verdict = "the team gets through" if met else "the team cannot get in"
    log.append(Event("roll", f"{how} = {shown} = {total} against {possessive(name(c, s, card))} "
                             f"{target}: {verdict}",
                     data={"pool": str(pool), "faces": list(faces), "total": total,
                           "target": target, "met": met, "scouted": scouted}))
    return met


def _attempt_failed(c: NordguardContent, s: NordguardState, log: Log) -> None:
    att = s.attempt
    assert att is not None
    s.attempt = None
    forget_scouting(s, s.location_at(att.target))
    log.append(Event("stay", f"The team stays at {name(c, s, s.location_at(s.sled))}: "
                             "no event is drawn"))


def _enter(c: NordguardContent, s: NordguardState, log: Log) -> None:
    att = s.attempt
    assert att is not None
    s.attempt = None
    location = s.location_at(att.target)
    forget_scouting(s, location)
    move_team(c, s, att.target, log)
    log.append(Event("enter", f"The team enters {name(c, s, location)}",
                     data={"cell": att.target}))
    if att.days:
        add_days(s, -att.days)
        log.append(Event("days", f"Getting in cost {att.days} day(s): {days_left(s)}",
                         data={"days": -att.days}))
        if out_of_time(s):
            return  # the run is lost: no event is drawn
    loc = c.locations[kind_of(s, location)]
    if loc.role == "location" and loc.events:
        next_event(c, s, att.target, loc.events - 1, log)


# -- events --------------------------------------------------------------------------------

def next_event(c: NordguardContent, s: NordguardState, cell: int, left: int, log: Log) -> None:
    """Draw the top event (reshuffling the discards into a deck first if it is empty)."""
    if not s.table.cards_in(EVENT_DECK):
        discards = list(s.table.cards_in(EVENT_DISCARD))
        if not discards:
            s.run = None
            log.append(Event("event", "No event cards are left to draw"))
            return
        for card in discards:
            s.table.move(card, EVENT_DECK)
            s.table.set_face(card, False)
        deck = s.table.zones[EVENT_DECK].cards
        assert deck is not None
        s.rng.shuffle(deck)
        log.append(Event("shuffle", f"The event deck is empty: its {len(discards)} discards "
                                    "are shuffled into a new deck", data={"zone": EVENT_DECK}))
    card = s.table.cards_in(EVENT_DECK)[-1]
    s.table.move(card, EVENT_CURRENT)
    s.table.set_face(card, True)
    ev = c.events[kind_of(s, card)]
    log.append(Event("event", f"Event: {ev.name}. {ev.text}", data={"card": card}))
    s.run = EventRun(card, tuple((i,) for i in range(len(ev.effects))), cell, left)
    continue_event(c, s, log)


def _effect(c: NordguardContent, s: NordguardState, card: str,
            path: tuple[int, ...]) -> EventEffect:
    effect = c.events[kind_of(s, card)].effects[path[0]]
    if len(path) == 2:
        assert isinstance(effect, CombatEffect)
        return effect.fail[path[1]]
    return effect


def continue_event(c: NordguardContent, s: NordguardState, log: Log) -> None:
    """Do the current event's effects in order until one waits for an answer, or until
    time has run out (the run is lost at once: nothing more happens)."""
    while not out_of_time(s):
        run = s.run
        assert run is not None
        if not run.todo:
            _finish_event(c, s, log)
            return
        path, rest = run.todo[0], run.todo[1:]
        s.run = EventRun(run.card, rest, run.cell, run.left)
        effect = _effect(c, s, run.card, path)
        if effect.kind == "retreat":
            retreat(c, s, effect.to, log)
            _finish_event(c, s, log)
            return
        if effect.kind in ("combat", "barter") or (effect.kind == "steal"
                                                   and effect.choice == "team"):
            s.run = EventRun(run.card, rest, run.cell, run.left, path)
            if _ask(c, s, effect, log):
                return
            s.run = EventRun(run.card, s.run.todo, run.cell, run.left)
            continue
        _plain(c, s, run.card, effect, log)


def _ask(c: NordguardContent, s: NordguardState, effect: EventEffect, log: Log) -> bool:
    """Start an effect that may need the leader; True while it waits for an answer."""
    run = s.run
    assert run is not None
    if effect.kind == "combat":
        won = combat.start(c, s, name(c, s, run.card), effect.total, log)
        if won is None:
            return True
        _combat_effect_over(c, s, won)
        return False
    if effect.kind == "barter":
        return _offer_barter(c, s, log)
    assert isinstance(effect, StealEffect)
    s.steal_left = effect.count
    return _ask_thief(c, s, effect, log)


def _combat_effect_over(c: NordguardContent, s: NordguardState, won: bool) -> None:
    """After an event's combat check: on failure, its `fail` effects come next."""
    run = s.run
    assert run is not None and run.waiting
    todo = run.todo
    if not won:
        effect = _effect(c, s, run.card, run.waiting)
        assert isinstance(effect, CombatEffect)
        todo = (*[(run.waiting[0], j) for j in range(len(effect.fail))], *todo)
    s.run = EventRun(run.card, todo, run.cell, run.left)


def combat_over(c: NordguardContent, s: NordguardState, won: bool, log: Log) -> None:
    """A combat check has ended: resume the move attempt or the event that started it."""
    if s.attempt is not None:
        if won:
            continue_attempt(c, s, log)
        else:
            _attempt_failed(c, s, log)
        return
    _combat_effect_over(c, s, won)
    continue_event(c, s, log)


def _finish_event(c: NordguardContent, s: NordguardState, log: Log) -> None:
    """The event card goes to the discard, or stays on its location as an obstacle;
    the next event here waits for the leader, unless the team has left."""
    run = s.run
    assert run is not None
    ev = c.events[kind_of(s, run.card)]
    if ev.obstacle is not None:
        location = s.location_at(run.cell)
        s.table.move(run.card, OBSTACLES)
        s.placed[run.card] = location
        log.append(Event("obstacle", f"{ev.name} stays on {name(c, s, location)}: from now on "
                                     "it is one more challenge to enter it",
                         data={"card": run.card}))
    else:
        s.table.move(run.card, EVENT_DISCARD)
    if run.left <= 0:
        s.run = None
        return
    if s.sled != run.cell:
        s.run = None
        log.append(Event("cancel", f"The team has left: the {run.left} other event(s) there "
                                   "are not drawn"))
        return
    s.run = EventRun("", (), run.cell, run.left)
    s.prompt = Prompt(s.active, "event", f"{run.left} more event(s) here: draw the next one",
                      can_pass=False)


def draw_next(c: NordguardContent, s: NordguardState, log: Log) -> None:
    run = s.run
    assert run is not None and not run.card
    s.prompt = None
    next_event(c, s, run.cell, run.left - 1, log)


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
            log.append(Event("restock", "The team may restock here from the Item deck until "
                                        "it leaves"))
        case "shuffle":
            shuffle_map(c, s, log)
        case "drift":
            drift(c, s, effect.axis, log)
        case "draw":
            run = s.run
            assert run is not None
            s.run = EventRun(run.card, run.todo, run.cell, run.left + effect.count)
            log.append(Event("draw", f"{effect.count} more event(s) will be drawn here"))
        case "reveal":
            for _, cell in s.neighbours(s.sled):
                reveal(c, s, cell, log, "The view clears")
        case _:
            raise AssertionError(effect)


def _ward(c: NordguardContent, s: NordguardState, hazards: list[str]) -> tuple[str, str | None]:
    """Who keeps the days: a Character's ward (free), else a ward item (spends a use)."""
    for seat in range(s.players):
        character = character_of(c, s, seat)
        if (character is not None and character.ability.kind == "ward"
                and set(character.ability.against) & set(hazards)):
            return character.name, None
    for _, item in s.team_items():
        effect = effect_of(c, s, item, "ward")
        if effect is not None and effect.kind == "ward" and set(effect.against) & set(hazards):
            return name(c, s, item), item
    return "", None


def _days(c: NordguardContent, s: NordguardState, card: str, amount: int, log: Log) -> None:
    ev = c.events[kind_of(s, card)]
    if amount < 0 and ev.hazard:
        guard, item = _ward(c, s, ev.hazard)
        if guard:
            log.append(Event("ward", f"{guard} protects the team: no days are lost"))
            if item is not None:
                spend(c, s, item, log)
            return
    add_days(s, amount)
    change = f"gains {amount}" if amount > 0 else f"loses {-amount}"
    log.append(Event("days", f"The countdown {change} day(s): {days_left(s)}",
                     data={"days": amount}))


def _stealable(c: NordguardContent, s: NordguardState, seat: int, card: str) -> bool:
    character = character_of(c, s, seat)
    guarded = character is not None and character.ability.kind == "guard"
    return item_of(c, s, card).stealable and not guarded


def _wanted(c: NordguardContent, s: NordguardState, effect: StealEffect, card: str) -> bool:
    """Whether the thief is after this item (any item, unless it wants a kind)."""
    return not effect.only or any(e.kind in effect.only for e in item_of(c, s, card).effects)


def _targets(c: NordguardContent, s: NordguardState, effect: StealEffect) -> list[tuple[int, str]]:
    """The carried items the thief is after."""
    return [(seat, card) for seat, card in s.team_items() if _wanted(c, s, effect, card)]


def _take(c: NordguardContent, s: NordguardState, card: str, effect: StealEffect,
          log: Log) -> None:
    seat = s.holder(card)
    owner = possessive(who(c, s, seat)) if seat is not None else "The dropped"
    if effect.to == "here":
        drop(s, card)
        where = "it is left lying here"
    else:
        to_deck(s, card)
        where = "it goes back to the Item deck"
    log.append(Event("steal", f"{owner} {name(c, s, card)} is stolen: {where}",
                     data={"card": card}))


def _random_theft(c: NordguardContent, s: NordguardState, effect: StealEffect,
                  log: Log) -> None:
    """Rulebook, Key Terms: Random and Steal: a random item; an unstealable one is safe."""
    targets = _targets(c, s, effect)
    if not targets:
        log.append(Event("steal", "There is nothing for the thief to take"))
        return
    seat, card = s.rng.choice(targets)
    if not _stealable(c, s, seat, card):
        log.append(Event("steal", f"The thief goes for {possessive(who(c, s, seat))} "
                                  f"{name(c, s, card)}, which cannot be stolen: nothing is "
                                  "stolen", data={"card": card}))
        return
    _take(c, s, card, effect, log)


def thief_choices(c: NordguardContent, s: NordguardState) -> list[str]:
    """What the thief may take: the stealable items the team carries, and any item it
    dropped while the thief waited (designed: dropping at any time is allowed, but it
    does not hide an item from a thief already choosing)."""
    run = s.run
    assert run is not None and run.waiting
    effect = _effect(c, s, run.card, run.waiting)
    assert isinstance(effect, StealEffect)
    out = [card for seat, card in _targets(c, s, effect) if _stealable(c, s, seat, card)]
    out += [card for card in _dropped_under_thief(s)
            if s.table.where.get(card) == DROPPED and item_of(c, s, card).stealable
            and _wanted(c, s, effect, card)]
    return out


def _dropped_under_thief(s: NordguardState) -> tuple[str, ...]:
    """Items dropped while the thief's question is open (kept in the prompt's context)."""
    prompt = s.prompt
    return prompt.context if prompt is not None and prompt.kind == "steal" else ()


def dropped_during_question(s: NordguardState, card: str) -> None:
    """Remember an item dropped while a thief waits for its pick."""
    prompt = s.prompt
    if prompt is not None and prompt.kind == "steal" and card not in prompt.context:
        s.prompt = replace(prompt, context=(*prompt.context, card))


def _ask_thief(c: NordguardContent, s: NordguardState, effect: StealEffect, log: Log,
               dropped: tuple[str, ...] = ()) -> bool:
    """The team picks what the thief takes: one prompt per item, unless there is no choice."""
    while s.steal_left > 0:
        s.prompt = Prompt(s.active, "steal", f"{name(c, s, s.run.card)}: choose the item "
                          "the team loses", can_pass=False, context=dropped)
        choices = thief_choices(c, s)
        if len(choices) > 1:
            return True
        s.prompt = None
        s.steal_left -= 1
        if not choices:
            log.append(Event("steal", "Nothing the team carries can be stolen: nothing is "
                                      "stolen"))
            s.steal_left = 0
            break
        _take(c, s, choices[0], effect, log)
    return False


def give_up(c: NordguardContent, s: NordguardState, card: str, log: Log) -> None:
    run = s.run
    assert run is not None and s.prompt is not None
    effect = _effect(c, s, run.card, run.waiting)
    assert isinstance(effect, StealEffect)
    dropped = s.prompt.context
    s.prompt = None
    s.steal_left -= 1
    _take(c, s, card, effect, log)
    if _ask_thief(c, s, effect, log, dropped):
        return
    _thief_done(c, s, log)


def _thief_done(c: NordguardContent, s: NordguardState, log: Log) -> None:
    run = s.run
    assert run is not None
    s.run = EventRun(run.card, run.todo, run.cell, run.left)
    continue_event(c, s, log)


def thief_left_nothing(c: NordguardContent, s: NordguardState, log: Log) -> None:
    """After a trade during a thief's question: if nothing it may take is left (everything
    handed to a Character whose items cannot be stolen), nothing is stolen (Rulebook,
    Steal) and the event goes on."""
    prompt = s.prompt
    if prompt is None or prompt.kind != "steal" or thief_choices(c, s):
        return
    s.prompt = None
    s.steal_left = 0
    log.append(Event("steal", "Nothing the thief may take is left: nothing is stolen"))
    _thief_done(c, s, log)


def _find(c: NordguardContent, s: NordguardState, log: Log) -> None:
    """Rulebook, Key Terms: Random: shuffle the Item deck and draw; the find lies here."""
    deck = s.table.zones[ITEM_DECK].cards
    assert deck is not None
    if not deck:
        log.append(Event("find", "The Item deck is empty: nothing is found"))
        return
    s.rng.shuffle(deck)
    card = deck[-1]
    drop(s, card)
    log.append(Event("find", f"Found: {name(c, s, card)}, lying here for anyone to pick up",
                     data={"card": card}))


def _offer_barter(c: NordguardContent, s: NordguardState, log: Log) -> bool:
    if not s.table.cards_in(ITEM_DECK) or not s.team_items():
        log.append(Event("barter", "The trader has nothing to offer the team"))
        return False
    run = s.run
    assert run is not None
    s.prompt = Prompt(s.active, "barter", f"{name(c, s, run.card)}: hand over one item for a "
                      "random item from the Item deck?", can_pass=True)
    return True


def barter(c: NordguardContent, s: NordguardState, card: str | None, log: Log) -> None:
    """Answer the trader: the item given goes to the Item deck, a random one lies here."""
    s.prompt = None
    if card is None:
        log.append(Event("barter", "The team declines the trade"))
    else:
        seat = s.carrier(card)
        _find(c, s, log)
        to_deck(s, card)
        log.append(Event("barter", f"{who(c, s, seat)} trades away the {name(c, s, card)}: it "
                                   "goes to the Item deck", data={"card": card}))
    run = s.run
    assert run is not None
    s.run = EventRun(run.card, run.todo, run.cell, run.left)
    continue_event(c, s, log)
