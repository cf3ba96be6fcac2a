"""Wintergrim's rules on the core's frames: set-up, the turn, and what is checked always.

What a seat may do on its turn is listed by phase (How to Play): start-phase texts,
move steps, attacks, paying and placing, and tactics at any time. Everything that
waits for an answer or still has to happen is a frame (frames.py). Food and the
fate of defeated units are settled before anything else, at every step.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from engine.core.actions import Action
from engine.core.basegame import BaseGame
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import GameState
from engine.core.options import GameOptions
from engine.core.rng import Rng
from engine.core.zones import Layout, Table, Visibility, Zone
from engine.games.wintergrim import combat, moving, placing, tactics, turns, world
from engine.games.wintergrim.actions import (
    END_TURN,
    Attack,
    EndTurn,
    Move,
    Place,
    PlayTactic,
    Step,
    UseStart,
)
from engine.games.wintergrim.content import WintergrimContent, deck_problem
from engine.games.wintergrim.doing import draw, follow_the_cards, roll, to_removed
from engine.games.wintergrim.events import (
    AttackDeclared,
    FoodShort,
    TacticWorks,
    TurnBegins,
    WeatherEnds,
)
from engine.games.wintergrim.frames import (
    BattleRoll,
    CaptureChoice,
    Founding,
    Guarding,
    Payment,
    SearchPick,
    Starving,
    TacticsWindow,
    TurnOver,
    play_tactic,
)
from engine.games.wintergrim.state import (
    PHASES,
    SKY,
    WintergrimOptions,
    WintergrimState,
    captured,
    deck,
    hand,
    play,
    removed,
)
from engine.games.wintergrim.turns import PHASE_AT

if TYPE_CHECKING:
    from engine.games.wintergrim.policy import WintergrimPolicy

PHASE_OF: dict[type[Action], str] = {UseStart: "start", Move: "move", Step: "move",
                                     Attack: "attack", Place: "end"}


def _wg(state: GameState) -> WintergrimState:
    assert isinstance(state, WintergrimState)
    return state


class WintergrimGame(BaseGame):
    name = "wintergrim"
    title = "Wintergrim"
    options_model = WintergrimOptions

    def __init__(self, content: WintergrimContent | None = None) -> None:
        self.content = content or world.content()

    def after_referee(self, state: GameState) -> None:
        """The board follows the cards a referee moved (doing.follow_the_cards)."""
        follow_the_cards(_wg(state))

    def card_name(self, face: str) -> str:
        return self.content.name_of(face)

    def agent(self) -> WintergrimPolicy:
        """The computer player (engine.core.agent.Agent): see policy.py."""
        from engine.games.wintergrim.policy import WintergrimPolicy

        return WintergrimPolicy()


    # -- set-up ---------------------------------------------------------------------------------
    def setup(self, options: GameOptions, rng: Rng) -> GameState:
        """How to Play, Setting up the game: a deck each, the roll for who goes first, then
        each searches (the winner first) for an HQ and two workers."""
        assert isinstance(options, WintergrimOptions)
        faces: dict[str, str] = {}
        decks: list[list[str]] = []
        names: list[str] = []
        realms: list[str] = []
        for seat in range(options.players):
            key = options.deck_of(seat)
            counts, name, realm = self._deck(options, key)
            cards = [face for face, n in sorted(counts.items()) for _ in range(n)]
            rng.shuffle(cards)  # ids are numbered after a shuffle: an id says no face
            ids = [f"w{seat}{n:02d}" for n in range(len(cards))]
            faces.update(zip(ids, cards, strict=True))
            decks.append(ids)
            names.append(name)
            realms.append(realm)
        table = Table(faces)
        for seat, ids in enumerate(decks):
            who = f"Player {seat + 1}"
            table.add_zone(Zone(deck(seat), f"{who}'s deck", Visibility.HIDDEN,
                                Layout.STACK, seat, ids))
            table.add_zone(Zone(hand(seat), f"{who}'s hand", Visibility.OWNER,
                                Layout.SPREAD, seat))
            table.add_zone(Zone(removed(seat), f"{who}'s removed pile", Visibility.PUBLIC,
                                Layout.STACK, seat))
            table.add_zone(Zone(captured(seat), f"{who}'s captured pile", Visibility.PUBLIC,
                                Layout.STACK, seat))
            table.add_zone(Zone(play(seat), f"{who}'s cards in play", Visibility.PUBLIC,
                                Layout.SPREAD, seat))
        state = WintergrimState(options.players, table, rng)
        state.deck_names = names
        state.realms = realms
        state.mode = options.mode
        state.out = [False] * options.players
        state.first, state.first_rolls = _roll_for_first(rng, options.players)
        order = [(state.first + k) % options.players for k in range(options.players)]
        for seat in reversed(order):  # the winner searches and places first
            state.frames.append(Founding(seats=(seat,)))
        state.active = state.first
        return state

    def _deck(self, options: WintergrimOptions, key: str) -> tuple[dict[str, int], str, str]:
        """A seat's deck: a built one brought into the match, or a shipped one."""
        if key in options.deck_lists:
            counts = options.deck_lists[key]
            problem = deck_problem(self.content.cards, counts)
            if problem is not None:
                raise ValueError(f"deck {key!r} may not be played: {problem}")
            hq = next(k for k in counts if self.content.cards[k].hq)
            return counts, key, self.content.cards[hq].realm
        if key not in self.content.decks:
            known = ", ".join(self.content.decks)
            raise ValueError(f"there is no deck {key!r} (shipped decks: {known})")
        listed = self.content.decks[key]
        return listed.cards, listed.name, listed.realm

    # -- the turn ------------------------------------------------------------------------------
    def turn_actions(self, state: GameState) -> list[Action]:
        s = _wg(state)
        if s.phase == "found":
            return []
        seat = s.active
        if s.out[seat]:
            return [END_TURN]
        at = PHASES.index(s.phase)
        ground = world.Ground(s)  # one reading of the board for the whole listing
        out: list[Action] = _start_uses(s, seat) if at == 0 else []
        units = ground.units.get(seat, ())
        if at <= 2 and units:
            by_id, faces = s.pieces.by_id, s.table.faces
            if at <= 1:
                texts = moving.step_texts()
                for unit in units:
                    entity = by_id[unit]
                    if not (moving.SPENT & entity.tokens) and \
                            not (entity.counters and world.netted(entity)):
                        out += moving.steps(s, seat, unit, ground)
                        if faces[unit] in texts:
                            out += moving.move_steps(s, seat, unit, units)
            armed = combat.armed()
            for unit in units:
                kind = armed.get(faces[unit])
                if kind is None:
                    continue
                entity = by_id[unit]  # inside only a ship's RC shoots; one attack a turn
                if (entity.inside and kind != "rc") or "attacked" in entity.tokens:
                    continue
                if combat.can_attack(s, unit):
                    out += [Attack(unit, t, kind) for t in combat.targets(s, unit)]
        out += placing.placements(s, seat, ground=ground)
        out += tactics.plays(s, seat, ground=ground)
        out.append(END_TURN)
        return out

    def check_turn(self, state: GameState, action: Action) -> None:
        """Refuse `action` unless `turn_actions` lists it, worked out for that action alone
        (a save loads by checking every action it replays: listing the whole turn for each
        was most of a load), by the one question its kind asks (`_OFFERS`); a turn's end is
        always offered."""
        assert isinstance(state, WintergrimState)  # not _wg: a load checks every action
        kind, seat = type(action), state.active
        offered = _OFFERS.get(kind)
        if state.phase != "found" and (kind is EndTurn or (
                offered is not None and not state.out[seat] and offered(state, seat, action))):
            return
        raise IllegalAction(self._refusal(state, action))

    def _refusal(self, s: WintergrimState, action: Action) -> str:
        """The rule an action breaks, in the rulebook's words where it has them."""
        phase = PHASE_OF.get(type(action))
        if phase is not None and PHASES.index(phase) < PHASES.index(s.phase):
            return f"the {s.phase} phase has begun: a turn never goes back to the " \
                   f"{phase} phase"
        unit = getattr(action, "unit", "")
        if unit and (unit not in s.pieces or s.pieces[unit].owner != s.active):
            return "that is not one of your units in play"
        if isinstance(action, Move | Step):
            entity = s.pieces[unit]
            if "moved" in entity.tokens:
                return "each unit moves one move step a turn"
            if "attacked" in entity.tokens:
                return "a unit that has attacked may not move"
            if entity.counter("netted"):
                return "a Net holds it until the end of your next turn"
            if isinstance(action, Move) and action.into and action.into in s.pieces and \
                    world.room_left(s, action.into) < -world.card_of(s, unit).room:
                return "there is no room left inside"
            return "units move in, out or between your local structures, or between " \
                   "your areas when outside; enemy areas need a path or Navigate"
        if isinstance(action, Attack):
            entity = s.pieces[unit]
            if entity.inside:
                return "inside units can defend, but not attack"
            if "attacked" in entity.tokens:
                return "each unit attacks once a turn"
            if "moved" in entity.tokens:
                return "a unit that has moved may not attack (unless it has Assault)"
            return "a unit attacks what is in its own area, with its weapon's kind"
        card = getattr(action, "card", "")
        if isinstance(action, Place | PlayTactic):
            if card not in s.table.cards_in(hand(s.active)):
                return "that card is not in your hand"
            kind = world.card_of(s, card)
            if len(s.table.cards_in(hand(s.active))) - 1 < kind.cost:
                return f"{kind.name} costs {kind.cost}: you need that many other cards " \
                       "in your hand to remove"
            req = world.unmet(s, s.active, kind, getattr(action, "area", ""))
            if req is not None:
                return f"{kind.name} requires a {req.describe(self.content.names)} in play"
            if kind.kind == "weather" and world.weather(s):
                return "no more weather may be played until the weather in play is removed"
            if isinstance(action, Place) and action.into and action.into in s.pieces \
                    and world.room_left(s, action.into) < -kind.room:
                return "there is no room left inside; check the room before you pay"
            return f"{kind.name} may not be placed there"
        return f"that is not something you may do now ({action.describe()})"

    def perform(self, state: GameState, action: Action) -> list[Event]:
        assert isinstance(state, WintergrimState)
        kind = type(action)
        phase = PHASE_OF.get(kind)
        if phase is None or phase == state.phase:  # most steps: the phase goes on
            return _PERFORMS[kind](state, state.active, action)
        return turns.enter_phase(state, phase) + _PERFORMS[kind](state, state.active, action)

    def advance(self, state: GameState) -> list[Event] | None:
        """After the set-up searches: the decks are shuffled and the first turn begins
        (asked after every step: the phase is read first)."""
        s = state
        assert isinstance(s, WintergrimState)
        if s.phase != "found":
            return None
        for seat in range(s.players):
            s.table.shuffle(deck(seat), s.rng)
        s.phase = "start"
        s.active = s.first
        return [TurnBegins(seat=s.first, turn=s.turn)]

    def state_checks(self, state: GameState) -> list[Event]:
        """ALWAYS: a defeated enemy unit waits for its victor's choice (a capture may end
        an Enslave game); the game modes' endings (a player out starves no more); and food
        is summarized, units removed while it is negative."""
        s = state
        assert isinstance(s, WintergrimState)
        if s.frames and isinstance(s.frames[-1], _DECIDING):
            return []
        pieces, quiet, whole = s.pieces, s.quiet, True
        if quiet is not None and quiet[1] == s.out and quiet[2] == pieces.roster:
            if quiet[0] == pieces.stamp:
                return []  # nothing has changed since they found nothing: a pass, a payment
            if quiet[0] == pieces.prior:  # one piece has changed since: a move step
                whole = _read_whole(s, pieces.touched)
                if whole is None:
                    s.quiet = (pieces.stamp, quiet[1], quiet[2])
                    return []
        if whole:
            for unit in combat.fallen(s):
                s.frames.append(CaptureChoice(seats=(combat.captor(s, unit),), unit=unit))
                return []
            if s.phase == "found":
                return []
            ended = turns.endings(s, world.census(s))
            if ended:
                return ended
        found = world.census(s)
        foods = found.food if found.fed else world.foods(s, found)
        if min(foods) < 0:
            for seat, short in enumerate(foods):
                if short < 0 and world.units(s, seat):
                    s.frames.append(Starving(seats=(seat,)))
                    return [FoodShort(seat=seat, food=short)]
        if s.mode != "enslave":
            s.quiet = (pieces.stamp, list(s.out), pieces.roster)
        return []


def _read_whole(s: WintergrimState, touched: str) -> bool | None:
    """What the checks made always must read again when they found nothing before the one
    change of `touched` (no piece joined, left or changed hands, nobody went out): every
    check when it is fallen or an HQ (Destroy reads whether an HQ stands), only food when
    it is a worker and some seat may go short (food reads the structures they tend),
    nothing otherwise (None)."""
    found = world.census(s)
    if touched in found.hq_ids or "fallen" in s.pieces.by_id[touched].tokens:
        return True
    return False if touched in found.workers and not found.fed else None


_DECIDING = (CaptureChoice, Starving)  # what state_checks waits for before it checks again


def _start_offered(s: WintergrimState, seat: int, action: UseStart) -> bool:
    return s.phase == "start" and action in _start_uses(s, seat)


def _place_offered(s: WintergrimState, seat: int, action: Place) -> bool:
    listed = _listed_copy(s, action)
    return listed in placing.placements(s, seat, only=listed.card)


def _tactic_offered(s: WintergrimState, seat: int, action: PlayTactic) -> bool:
    listed = _listed_copy(s, action)
    return listed in tactics.plays(s, seat, only=listed.card)


def _step_offered(s: WintergrimState, seat: int, action: Step) -> bool:
    unit = action.unit
    entity = s.pieces.by_id.get(unit)
    return entity is not None and entity.owner == seat and PHASE_AT[s.phase] <= 1 \
        and world.card_of(s, unit).kind == "unit" and moving.may_step(s, unit) \
        and action in moving.move_steps(s, seat, unit)


def _attack_offered(s: WintergrimState, seat: int, action: Attack) -> bool:
    unit = action.unit
    entity = s.pieces.by_id.get(unit)
    if entity is None or entity.owner != seat or PHASE_AT[s.phase] > 2:
        return False
    card = world.card_of(s, unit)
    weapon = card.weapon
    return card.kind == "unit" and weapon is not None and action.combat == weapon.kind \
        and combat.can_attack(s, unit) and action.target in combat.targets(s, unit)


# What each kind of turn action asks to be offered (an action of any other kind never is).
_OFFERS: dict[type[Action], Callable[[WintergrimState, int, Any], bool]] = {
    UseStart: _start_offered, Place: _place_offered, PlayTactic: _tactic_offered,
    Move: moving.allows, Step: _step_offered, Attack: _attack_offered}


def _listed_copy(state: WintergrimState, action: Place | PlayTactic) -> Place | PlayTactic:
    """The form of `action` the listing offers: a card in hand is listed once per name
    (`world.one_of_each`), so any copy of it is the same choice."""
    return dataclasses.replace(action, card=world.listed_copy(state, state.active, action.card))


def _roll_for_first(rng: Rng, players: int) -> tuple[int, list[int]]:
    """Each rolls a die; the highest goes first; those tied for highest roll again."""
    rolling = list(range(players))
    last = [0] * players
    while True:
        for seat in rolling:
            last[seat] = rng.randint(1, 6)
        best = max(last[s] for s in rolling)
        rolling = [s for s in rolling if last[s] == best]
        if len(rolling) == 1:
            return rolling[0], last


def _start_uses(state: WintergrimState, seat: int) -> list[Action]:
    """Start phase texts not yet used this turn: draws for workers inside, keep rolls."""
    out: list[Action] = []
    texts, faces = _start_texts(), state.table.faces
    for ident, entity in state.pieces.by_id.items():
        text = texts.get(faces[ident])
        if text is None or entity.owner != seat or "used" in entity.tokens \
                or "rolled" in entity.tokens:
            continue
        draws, keeps = text
        drawing = draws and any(
            world.card_of(state, u).is_("worker") for u in world.inside(state, ident))
        if drawing or (keeps and entity.at == SKY):
            out.append(UseStart(ident))
    return out


@cache
def _start_texts() -> dict[str, tuple[bool, bool]]:
    """Per card key with a start phase text: whether it draws for workers inside, whether
    it rolls to be kept. Read once: the start phase's listing asks of every piece."""
    return {key: (card.power("draw-per-worker") is not None,
                  card.power("keep-roll") is not None)
            for key, card in world.content().cards.items()
            if card.power("draw-per-worker") is not None or card.power("keep-roll") is not None}


def _use_start(state: WintergrimState, seat: int, action: UseStart) -> list[Event]:
    card = action.card
    kind = world.card_of(state, card)
    draws = kind.power("draw-per-worker")
    if draws is not None:
        state.pieces.mark(card, "used")
        workers = sum(1 for u in world.inside(state, card) if world.card_of(state, u).is_("worker"))
        return [draw(state, seat, min(workers, draws.most), kind.name)]  # type: ignore[union-attr]
    keep = kind.power("keep-roll")
    assert keep is not None
    state.pieces.mark(card, "rolled")
    _, wins, rolled = roll(state, seat, keep.dice, f"to keep {kind.name}")  # type: ignore[union-attr]
    if wins:
        return [rolled]
    to_removed(state, card)
    return [rolled, WeatherEnds(seat=seat, card_name=kind.name, why="no die showed 4+")]


def _end_turn(state: WintergrimState, seat: int, action: EndTurn) -> list[Event]:
    """The turn ends once the others have had their window for tactics."""
    others = world.seats_after(state, seat)
    state.frames.append(TURN_OVER)
    if others:
        state.frames.append(_last_window(others))
    return []


TURN_OVER = TurnOver()  # frames are immutable values: the same one serves every turn


@cache
def _last_window(others: tuple[int, ...]) -> TacticsWindow:
    """The window before a turn passes, for these seats: made once per set of seats (a
    frame is an immutable value, and making one sets each of its fields in turn)."""
    return TacticsWindow(seats=others, why="before the turn passes")


def _move(state: WintergrimState, seat: int, action: Move) -> list[Event]:
    """A move step; traps may answer a unit arriving in another player's area."""
    events = moving.perform(state, seat, action)
    entity = state.pieces.by_id[action.unit]
    if "arrived" in entity.tokens and entity.at == action.area:
        others = world.seats_after(state, seat)
        state.frames.append(TacticsWindow(seats=others, why="as the enemy arrives"))
    return events


def _place(state: WintergrimState, seat: int, action: Place) -> list[Event]:
    """A card with a cost waits for its payment before it is placed."""
    cost = world.card_of(state, action.card).cost
    if cost:
        state.frames.append(Payment(seats=(seat,), card=action.card, area=action.area,
                                    into=action.into, owed=cost))
        return []
    return placing.finish(state, seat, action.card, action.area, action.into)


def _play(state: WintergrimState, seat: int, action: PlayTactic) -> list[Event]:
    """A tactic waits in a window the others may answer."""
    others = world.seats_after(state, seat)
    state.frames.append(TacticsWindow(seats=others, played=((action.card, action.target,
                                                             seat),)))
    return play_tactic(state, seat, action)


def _step(state: WintergrimState, seat: int, action: Step) -> list[Event]:
    """A move-step text: the Ranger's search, Heal, Exorcism."""
    state.pieces.mark(action.unit, "moved")
    name = world.name(state, action.unit)
    if action.power == "search":
        finds = world.card_of(state, action.unit).power("search")
        assert finds is not None
        to_removed(state, action.unit)
        state.frames.append(SearchPick(seats=(seat,), finds=tuple(finds.finds),  # type: ignore[union-attr]
                                       unit_name=name))
        return []
    target = action.target
    target_name = world.name(state, target)
    if action.power == "heal":
        state.pieces.count(target, "damage", max(0, state.pieces[target].counter("damage") - 1))
        for sickness in moving.attached_of(state, target, "sickness"):
            state.pieces.detach(target, sickness)
            to_removed(state, sickness)
        return [_healed(seat, name, target_name, "heals")]
    for curse in moving.attached_of(state, target, "curse"):
        state.pieces.detach(target, curse)
        to_removed(state, curse)
    return [_healed(seat, name, target_name, "breaks the curse on")]


def _healed(seat: int, name: str, target: str, verb: str) -> Event:
    return TacticWorks(seat=seat, card_name=name, outcome=f"{verb} {target}")


def _declare(state: WintergrimState, seat: int, action: Attack) -> list[Event]:
    """An attack is declared: the dice wait for the defender's guards and the others'
    tactics."""
    target = action.target
    owner = state.pieces[target].owner
    assert owner is not None
    state.frames.append(BattleRoll(unit=action.unit, target=target, combat=action.combat))
    others = world.seats_after(state, seat)
    if others:
        state.frames.append(TacticsWindow(seats=others, why="before the dice roll"))
    if combat.guards(state, target, action.unit):
        state.frames.append(Guarding(seats=(owner,), target=target, attacker=action.unit))
    return [AttackDeclared(seat=seat, unit=action.unit, unit_name=world.name(state, action.unit),
                           target=target, target_name=world.name(state, target),
                           combat=action.combat)]


# How each kind of turn action is carried out, once checked (`WintergrimGame.perform`).
_PERFORMS: dict[type[Action], Callable[[WintergrimState, int, Any], list[Event]]] = {
    EndTurn: _end_turn, UseStart: _use_start, Move: _move, Step: _step, Attack: _declare,
    Place: _place, PlayTactic: _play}
