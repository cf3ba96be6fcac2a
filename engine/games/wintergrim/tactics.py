"""Tactic cards (Card types, Tactic): what each may be played on, and what they do.

Tactics are the only cards played out of turn, at any time but while dice roll.
Tactics played in answer to each other are "played at the same time": nothing
is removed until every one of them has had its effect, so it does not matter
which is rolled for first (`resolve_together`).
"""

from __future__ import annotations

from engine.core.events import Event
from engine.games.wintergrim import world
from engine.games.wintergrim.actions import PlayTactic
from engine.games.wintergrim.combat import remove_unit
from engine.games.wintergrim.doing import draw, roll, to_removed
from engine.games.wintergrim.events import TacticWorks
from engine.games.wintergrim.state import PLAYED, WintergrimState, hand

Played = tuple[str, str, int]  # (tactic card, target, the seat that played it)


def effect_of(state: WintergrimState, card: str) -> str:
    return next(p.kind for p in world.card_of(state, card).powers
                if p.kind in ("net", "strike", "mend", "draw", "calm", "attach", "bribe",
                              "counter", "passage"))


def plays(state: WintergrimState, seat: int, waiting: tuple[Played, ...] = (),
          only: str = "", ground: world.Ground | None = None) -> list[PlayTactic]:
    """Every tactic `seat` may pay and play now, one card of each name, with each target
    it may have (`only`: that card's alone). `waiting`: tactics already played in the
    open window (a Counter's targets); `ground`: the board as the listing already read
    it (else read once, when a tactic's Req asks)."""
    cards = state.table.cards_in(hand(seat))
    out: list[PlayTactic] = []
    for card in world.one_of_each(state, cards):
        if only and card != only:
            continue
        kind = world.card_of(state, card)
        if kind.kind != "tactic" or len(cards) - 1 < kind.cost:
            continue
        if kind.req:  # none is met locally: a tactic is not placed in an area
            ground = ground or world.Ground(state)
            if world.unmet(state, seat, kind, "", ground) is not None:
                continue
        out += [PlayTactic(card, target)
                for target in _targets(state, seat, card, waiting, ground)]
    return out


def _targets(state: WintergrimState, seat: int, card: str, waiting: tuple[Played, ...],
             ground: world.Ground | None) -> list[str]:
    effect = effect_of(state, card)
    if effect in ("draw", "passage"):
        return [""]
    if effect == "calm":
        return world.weather(state)
    if effect == "counter":
        return [t for t, _, who in waiting if who != seat]
    kind = world.card_of(state, card)
    if ground is None:
        mine, every = world.units(state, seat), world.units(state)
    else:
        mine, every = list(ground.units.get(seat, ())), ground.every_unit
    enemies = [u for u in every if state.pieces[u].owner != seat]
    if effect == "net":
        owned = set(world.owned_areas(state, seat))
        # Card types, Trap: "A trap can be ignored by a unit with Spy"
        return [u for u in enemies if "arrived" in state.pieces[u].tokens
                and state.pieces[u].at in owned and not world.has(state, u, "spy")]
    if effect == "mend":
        return [i for i in mine + world.structures(state, seat)
                if state.pieces[i].counter("damage")
                and world.card_of(state, i).structure != "dwelling"]
    if effect == "attach":
        own = next(p for p in kind.powers if p.kind == "attach").own  # type: ignore[union-attr]
        return mine if own else enemies
    # strike, bribe: a local enemy unit (where `seat` has a unit)
    where = {state.pieces[u].at for u in mine}
    local = any(getattr(p, "local", True) for p in kind.powers if p.kind == "strike") \
        or effect == "bribe"
    return [u for u in enemies if not local or state.pieces[u].at in where]


def target_name(state: WintergrimState, target: str) -> str:
    return world.name(state, target) if target in state.table.faces else ""


# -- resolving ---------------------------------------------------------------------------------
def resolve_together(state: WintergrimState, played: tuple[Played, ...]) -> list[Event]:
    """Every tactic of one window, at the same time: Counters first take their targets out;
    then each has its effect; units brought to H 0 are removed only once all have."""
    events: list[Event] = []
    cancelled = {target for card, target, _ in played
                 if card in state.pieces and effect_of(state, card) == "counter"}
    for card, target, seat in played:
        if card not in state.pieces:
            continue  # stopped by a Vanguard
        name = world.name(state, card)
        if card in cancelled:
            events.append(TacticWorks(seat=seat, card_name=name,
                                      outcome="cancelled, it has no effect"))
            to_removed(state, card)
            continue
        events += _effect(state, card, target, seat, name)
    if not world.counted(state):
        return events  # no piece carries damage (a window mostly closes on passes alone)
    for unit in world.units(state):
        entity = state.pieces[unit]
        if world.hurt(entity) and entity.counter("damage") >= world.value(state, unit, "h"):
            events += remove_unit(state, unit, "defeated and removed")
    return events


def _effect(state: WintergrimState, card: str, target: str, seat: int,
            name: str) -> list[Event]:
    kind = world.card_of(state, card)
    effect = effect_of(state, card)
    power = next(p for p in kind.powers if p.kind == effect)
    events: list[Event] = []
    gone = bool(target) and target not in state.pieces
    if gone:
        outcome = "its target is gone, it has no effect"
    elif effect == "passage":
        state.pieces.change(card, at=card)  # the path opens as an area of its own
        outcome = "a new path lies on the table"
    elif effect == "attach":
        state.pieces.forget(card)
        state.pieces.attach(target, card)
        outcome = f"stays on {world.name(state, target)}"
    elif effect == "net":
        state.pieces.count(target, "netted", _their_next_turn(state, target))
        outcome = f"{world.name(state, target)} may not move or attack until the end of " \
                  "its player's next turn"
    elif effect == "strike":
        _faces, wins, rolled = roll(state, seat, power.dice, f"for {name}")  # type: ignore[union-attr]
        events.append(rolled)
        armour = world.value(state, target, "a")
        hurt = max(0, wins - armour)
        if hurt:
            state.pieces.count(target, "damage", state.pieces[target].counter("damage") + hurt)
        outcome = f"{wins} damage to {world.name(state, target)}, {hurt} to Health"
    elif effect == "mend":
        left = max(0, state.pieces[target].counter("damage") - power.amount)  # type: ignore[union-attr]
        state.pieces.count(target, "damage", left)
        outcome = f"{world.name(state, target)} is mended"
    elif effect == "draw":
        events.append(draw(state, seat, power.amount, name))  # type: ignore[union-attr]
        outcome = "cards drawn"
    elif effect == "calm":
        outcome = f"{world.name(state, target)} is over"
        to_removed(state, target)
    elif effect == "bribe":
        if world.has(state, target, "honor") or world.has(state, target, "loyal"):
            outcome = f"{world.name(state, target)} will not be bought"
        else:
            owner = state.pieces[target].owner or 0
            _, wins, rolled = roll(state, owner, world.value(state, target, "p"),
                                   f"P for {world.name(state, target)} against {name}")
            events.append(rolled)
            if wins:
                outcome = f"{world.name(state, target)} stays loyal"
            else:
                outcome = f"{world.name(state, target)} takes the bribe and leaves"
                events.append(TacticWorks(seat=seat, card_name=name, outcome=outcome))
                events += remove_unit(state, target, "bribed away")
                to_removed(state, card)
                return events
    else:
        outcome = "it has no effect"
    events.append(TacticWorks(seat=seat, card_name=name, outcome=outcome))
    if card in state.pieces and state.pieces[card].at == PLAYED:
        to_removed(state, card)
    return events


def _their_next_turn(state: WintergrimState, unit: str) -> int:
    """The turn number of the end of the unit's player's next turn."""
    owner = state.pieces[unit].owner or 0
    ahead = (owner - state.active) % state.players
    return state.turn + (ahead or state.players)
