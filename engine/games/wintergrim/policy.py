"""The computer player: a fast heuristic that plays Wintergrim sensibly from its own view.

Each decision scores the legal actions with the rules a careful player uses, and takes
the best one worth doing (or passes, or ends the turn):

- **Set-up**: an HQ and two workers that draw, a leader among them (so the cards that
  require a leader can be played), those that eat least.
- **Start phase**: every "on your start phase" text is used (draws, keep rolls).
- **Economy**: workers stay inside the HQ to draw; more workers go in while a draw is
  free, then into a farm to tend it. Structures that house warriors are built before
  the warriors that need them, food structures when food runs short, a structure that
  mixes the removed pile back into the deck when the deck runs out. A unit that would
  make food negative is placed only if what the rules then send away is worth less.
  With no leader in play, a leader comes first.
- **Paying** uses the least useful cards: duplicates of what is not needed, cards
  whose requirement is not in play, costs the hand will not reach soon; a big hand
  spares its cards more easily.
- **Moving**: a fighter (a unit with a weapon and no draw or farm to work) comes out of
  its structure, stands to meet enemies in its home area or comes back to it, and
  marches on the enemy HQ along the shortest way (its own path, Navigate, a Flank roll
  weighed by its chance); workers go where they draw or tend.
- **Attacking**: every attack is scored by its exact odds (the pools `combat.pools`
  reads, engine.core.dice, and the damage rule `combat.harm`/`combat.lethal` apply)
  times what the defeat or the damage is worth: the HQ that ends the game above all,
  an enemy unit by its worth and by the danger it stands for (its own best attack on
  what the seat has where it stands). A defender's Counter-attack counts against.
  Attacks otherwise cost the attacker nothing, so every unit that may attack does.
- **Tactics** at the windows where they pay: Net Trap on an arriving fighter, a Strike
  on an enemy it may defeat (most of all an attacker before the dice roll), Mend on a
  damaged valuable unit, a Counter against an enemy tactic that hurts, Calm against
  the enemy's weather, a Bribe on a weak-willed enemy, a path once fighters are ready
  to march (played before the move steps, so they may step onto it that turn); the
  weather whose modifiers hurt the enemy's units more than its own.
- Defeated enemy units are always captured (Enslave counts captures).

It reads only its seat's view: cards in play, the public piles and its own hand; the
opponent's hand and every deck are hidden references it never looks into (their sizes
are public). It uses no randomness and keeps no state between decisions, so the same
view gives the same choice, and a thousand games simulate in a minute or two.
"""

from __future__ import annotations

from collections import Counter

from engine.core.actions import Action
from engine.core.agent import GuardedPolicy
from engine.core.frames import Pass
from engine.core.game import GameState
from engine.core.modifiers import allows, total
from engine.core.rng import Rng
from engine.games.wintergrim import combat, tactics, world
from engine.games.wintergrim.actions import (
    Attack,
    Capture,
    Dismiss,
    EndTurn,
    Found,
    Intercept,
    Move,
    PayWith,
    Place,
    PlayTactic,
    Step,
    Take,
    UseStart,
    Vanguard,
)
from engine.games.wintergrim.appraisal import (
    DRAW_WORKER,
    Look,
    any_success,
    is_fighter,
    strike_kills,
    threat,
    toughness,
)
from engine.games.wintergrim.content import Card
from engine.games.wintergrim.frames import (
    BattleRoll,
    CaptureChoice,
    Guarding,
    Payment,
    SearchPick,
    Starving,
    TacticsWindow,
)
from engine.games.wintergrim.state import WintergrimState, removed

WORTH_DOING = 0.15  # an action worth less than this is not worth a card or a step
TACTIC_MARGIN = 0.3  # a tactic must beat what its cost takes from the hand by this much
ARRIVE = 3.0  # a fighter stepping into the enemy HQ's area
STAGE = 2.0  # a fighter stepping onto the way there
COME_OUT = 1.2  # a fighter coming out of its structure, ready to move or attack


class WintergrimPolicy(GuardedPolicy):
    """The computer player (engine.core.agent.Agent); see the module docstring.

    `strict`: raise on a mistake of its own rather than fall back to a safe answer (the
    tests use it; the table never should crash on the computer's turn)."""

    # -- dispatch ------------------------------------------------------------------------------
    def decide(self, state: GameState, actions: list[Action], rng: Rng) -> Action | None:
        assert isinstance(state, WintergrimState)
        s = state
        seat = s.to_move()
        assert seat is not None
        if isinstance(actions[0], Found):
            return self._found(s, actions)
        look = Look(s, seat)
        frame = s.frames[-1] if s.frames and s.frames[-1].seats else None
        if isinstance(frame, Payment):
            return self._pay(look, actions)
        if isinstance(frame, CaptureChoice):
            return Capture(True) if Capture(True) in actions else actions[0]
        if isinstance(frame, Starving):
            return self._starve(look, actions)
        if isinstance(frame, SearchPick):
            return self._search(look, actions)
        if isinstance(frame, Guarding):
            return self._guard(look, frame, actions)
        if isinstance(frame, TacticsWindow):
            return self._window(look, frame, actions)
        if frame is not None:
            return self.safe(actions)
        return self._turn(look, actions, rng)

    def safe(self, actions: list[Action]) -> Action:
        """An answer that never hurts: pass a window, end the turn, else the first listed."""
        for action in actions:
            if isinstance(action, Pass):
                return action
        for action in actions:
            if isinstance(action, EndTurn):
                return action
        for action in actions:
            if isinstance(action, Capture) and action.keep:
                return action
        return actions[0]

    # -- set-up -------------------------------------------------------------------------------
    def _found(self, s: WintergrimState, actions: list[Action]) -> Action:
        cards = world.content().cards

        def score(action: Found) -> float:
            workers = [cards[w] for w in action.workers]
            leader = any(w.is_("leader") for w in workers)
            return (10.0 if leader else 0.0) + sum(w.food for w in workers) + \
                sum(0.4 * threat(w) for w in workers) + \
                (0.5 if workers[0].key != workers[1].key else 0.0) + \
                0.2 * cards[action.hq].food
        return max((a for a in actions if isinstance(a, Found)), key=score)

    # -- paying ---------------------------------------------------------------------------------
    def _pay(self, look: Look, actions: list[Action]) -> Action | None:
        counts: Counter[str] = Counter()
        best, best_value = None, 0.0
        pays = [a for a in actions if isinstance(a, PayWith)]
        values: dict[str, float] = {}
        for card in look.hand:
            values[card] = look.keep_value(card, counts)
            counts[look.s.table.faces[card]] += 1
        for action in pays:
            face = look.s.table.faces[action.card]
            # the cheapest card of this name (the frame lists one per name)
            value = min(v for c, v in values.items() if look.s.table.faces[c] == face)
            if best is None or value < best_value:
                best, best_value = action, value
        return best

    # -- what the rules ask now and then --------------------------------------------------------
    def _starve(self, look: Look, actions: list[Action]) -> Action | None:
        s = look.s
        short = -look.food

        def cost(action: Dismiss) -> float:
            card = world.card_of(s, action.unit)
            relief = -card.food
            if relief <= 0:
                return 1e6 + look.unit_worth(action.unit)
            return look.unit_worth(action.unit) / min(relief, short) \
                + (0.0 if relief >= short else 0.5)
        dismissals = [a for a in actions if isinstance(a, Dismiss)]
        return min(dismissals, key=cost) if dismissals else None

    def _search(self, look: Look, actions: list[Action]) -> Action | None:
        takes = [a for a in actions if isinstance(a, Take)]
        cards = world.content().cards

        def score(action: Take) -> float:
            kind = cards[action.face]
            value = look.card_use(kind)
            held = sum(1 for c in look.hand if look.s.table.faces[c] == action.face)
            return value * 0.7 ** held
        return max(takes, key=score) if takes else None

    def _guard(self, look: Look, frame: Guarding, actions: list[Action]) -> Action | None:
        s = look.s
        attacker = frame.attacker
        card = world.card_of(s, attacker)
        if card.weapon is None or frame.target not in s.pieces:
            return Pass()
        kind = card.weapon.kind
        loss = look.attack_score(attacker, frame.target, kind)
        best: Action = Pass()
        for action in actions:
            if isinstance(action, Intercept):
                other = look.attack_score(attacker, action.unit, kind)
                if other < loss - 0.2:
                    best, loss = action, other
        return best

    # -- tactics --------------------------------------------------------------------------------
    def _window(self, look: Look, frame: TacticsWindow, actions: list[Action]) -> Action | None:
        best: Action = Pass()
        best_value = TACTIC_MARGIN
        for action in actions:
            if isinstance(action, PlayTactic):
                value = self.tactic_value(look, action, frame) - \
                    look.pay_cost(action.card, world.card_of(look.s, action.card).cost) - \
                    self._waiting(look, action.card)
            elif isinstance(action, Vanguard):
                value = self._harm(look, action.tactic, frame) - \
                    look.unit_worth(action.unit)
            else:
                continue
            if value > best_value:
                best, best_value = action, value
        return best

    def tactic_value(self, look: Look, action: PlayTactic,
                     frame: TacticsWindow | None = None) -> float:
        """What playing this tactic on its target does for the seat, in worth."""
        s, seat = look.s, look.seat
        kind = world.card_of(s, action.card)
        effect = kind.power(tactics.effect_of(s, action.card))
        assert effect is not None
        target = action.target
        if effect.kind == "passage":
            if look.my_path():
                return 0.0
            ready = len(look.fighters())
            return 2.5 + 1.5 * min(ready, 3) if ready else 0.5
        if effect.kind == "draw":
            return 1.0 * effect.amount  # type: ignore[union-attr]
        if effect.kind == "calm":
            if target in s.pieces and s.pieces[target].owner != seat:
                return 4.0
            return -1.0
        if effect.kind == "counter":
            if frame is None:
                return 0.0
            return self._harm(look, target, frame)
        if target not in s.pieces:
            return 0.0
        card = world.card_of(s, target)
        if effect.kind == "net":
            if card.weapon is None:
                return 0.3
            return 1.0 + threat(card) + 0.5 * look.danger(target)
        if effect.kind == "strike":
            kill, hurt = strike_kills(effect.dice, world.value(s, target, "a"),  # type: ignore[union-attr]
                                      max(1, world.health_left(s, target)))
            value = look.target_worth(target)
            score = kill * value + 0.3 * hurt / max(1, world.health_left(s, target)) * value
            if frame is not None and frame.why == "before the dice roll" and \
                    target in self._attackers(s):
                score += kill * 3.0  # the attack is lost with its attacker
            return score
        if effect.kind == "mend":
            damage = s.pieces[target].counter("damage")
            mended = min(damage, effect.amount)  # type: ignore[union-attr]
            health = max(1, world.value(s, target, "h")) if card.kind == "unit" else max(1, card.h)
            return mended / health * look.target_worth(target) * 0.8
        if effect.kind == "bribe":
            if world.has(s, target, "honor") or world.has(s, target, "loyal"):
                return 0.0
            return (0.5 ** world.value(s, target, "p")) * look.unit_worth(target)
        if effect.kind == "attach":
            if effect.own:  # type: ignore[union-attr]
                if not is_fighter(card):
                    return 0.1
                bonus = 0.3 if not s.pieces[target].inside else 0.0
                return 0.8 + 0.25 * threat(card) + bonus
            return 0.3 * threat(card) if card.weapon is not None else 0.0
        return 0.0

    def _waiting(self, look: Look, card: str) -> float:
        """What a tactic that answers the enemy is worth kept for a better moment."""
        if tactics.effect_of(look.s, card) in ("net", "counter", "strike"):
            return 0.4 * look.keep_value(card)
        return 0.0

    def _attackers(self, s: WintergrimState) -> set[str]:
        return {f.unit for f in s.frames if isinstance(f, BattleRoll)}

    def _harm(self, look: Look, tactic: str, frame: TacticsWindow) -> float:
        """What an enemy tactic waiting in the window would cost the seat."""
        s = look.s
        if tactic not in s.pieces or s.pieces[tactic].owner == look.seat:
            return 0.0
        target = next((t for c, t, _ in frame.played if c == tactic), "")
        effect = world.card_of(s, tactic).power(tactics.effect_of(s, tactic))
        if effect is None:
            return 0.0
        if effect.kind == "passage":
            return 4.0
        if effect.kind == "counter":
            mine = next((c for c, _, who in frame.played if c == target and who == look.seat),
                        "")
            return 2.0 if mine else 0.0
        if effect.kind in ("draw", "mend"):
            return 1.0
        if effect.kind == "calm":
            return 2.5 if target in s.pieces and s.pieces[target].owner == look.seat else 0.0
        if target not in s.pieces:
            return 0.0
        if effect.kind == "net":
            return 1.0 + threat(world.card_of(s, target))
        if effect.kind == "strike":
            kill, _ = strike_kills(effect.dice, world.value(s, target, "a"),  # type: ignore[union-attr]
                                   max(1, world.health_left(s, target)))
            return kill * look.unit_worth(target) + 0.5
        if effect.kind == "bribe":
            return (0.5 ** world.value(s, target, "p")) * look.unit_worth(target)
        if effect.kind == "attach":
            return 1.0 + 0.3 * threat(world.card_of(s, target))
        return 0.5

    # -- the turn -------------------------------------------------------------------------------
    def _turn(self, look: Look, actions: list[Action], rng: Rng) -> Action | None:
        s = look.s
        starts = [a for a in actions if isinstance(a, UseStart)]
        if starts:
            return starts[0]
        plays = [a for a in actions if isinstance(a, PlayTactic)]
        moves = [a for a in actions if isinstance(a, Move | Step)]
        attacks = [a for a in actions if isinstance(a, Attack)]
        # a path first, so fighters may step onto it this very turn
        path = self._best_tactic(look, [a for a in plays if world.card_of(
            s, a.card).tactic == "path"])
        if path is not None:
            return path
        if moves:
            move, value = self._best_move(look, moves)
            if move is not None and value > WORTH_DOING:
                return move
        if attacks:
            best = max(attacks, key=lambda a: look.attack_score(a.unit, a.target, a.combat))
            if look.attack_score(best.unit, best.target, best.combat) > 0.02:
                return best
        tactic = self._best_tactic(look, plays)
        if tactic is not None:
            return tactic
        places = [a for a in actions if isinstance(a, Place)]
        place = self._best_place(look, places)
        if place is not None:
            return place
        return next((a for a in actions if isinstance(a, EndTurn)), None)

    def _best_tactic(self, look: Look, plays: list[PlayTactic]) -> PlayTactic | None:
        best, best_value = None, TACTIC_MARGIN
        for action in plays:
            kind = world.card_of(look.s, action.card)
            value = self.tactic_value(look, action) - look.pay_cost(action.card, kind.cost) \
                - self._waiting(look, action.card)
            if value > best_value:
                best, best_value = action, value
        return best

    # -- moving ---------------------------------------------------------------------------------
    def _best_move(self, look: Look, moves: list[Move | Step]) -> tuple[Action | None, float]:
        best: Action | None = None
        best_value = 0.0
        stays: dict[str, float] = {}
        for action in moves:
            if action.unit not in stays:
                stays[action.unit] = look.best_attack(action.unit)
            value = self._move_value(look, action) - stays[action.unit]
            if value > best_value:
                best, best_value = action, value
        return best, best_value

    def _move_value(self, look: Look, action: Move | Step) -> float:
        s = look.s
        unit = action.unit
        card = world.card_of(s, unit)
        entity = s.pieces[unit]
        if isinstance(action, Step):
            return self._step_value(look, action)
        here, inside = entity.at, entity.inside
        there, into = action.area, action.into
        chance = 1.0
        if there != here and not look.passable(unit, here, there):
            chance *= any_success(world.value(s, unit, "l"))  # Flank
        if world.must_roll_psyche(s, unit):
            chance *= any_success(world.value(s, unit, "p"))
        job = look.job(unit)
        if job in ("draw", "tend"):
            return 0.0
        work = self._worker_move(look, unit, card, here, inside, there, into) \
            if card.is_("worker") else 0.0
        if job == "idle":
            return chance * work
        return chance * max(work, self._fighter_move(look, unit, card, here, inside, there,
                                                     into))

    def _fighter_move(self, look: Look, unit: str, card: Card, here: str, inside: str,
                      there: str, into: str) -> float:
        """A fighter comes out, defends its home area, and marches on the enemy HQ."""
        home_threat = look.threatened(here) if here in look.home else 0.0
        if into:
            return 0.0  # fighters do not go (back) inside
        if there == here:  # coming out
            if home_threat:
                return COME_OUT + 1.5
            if look.way_open() or "flank" in card.skills or "navigate" in card.skills:
                return COME_OUT
            return 0.3
        if home_threat > 1.0 and look.best_attack(unit) > 0:
            return 0.0  # defend where it stands
        s = look.s
        if s.mode == "conquer" and here in s.goals and sum(
                1 for u in look.mine if s.pieces[u].at == here) == 1:
            return 0.0  # the only one holding a starting path stays on it
        before = look.steps_to_enemy(unit, here, bool(inside))
        after = look.steps_to_enemy(unit, there, False)
        if after >= before:
            if there in look.home and look.threatened(there) > 1.0:
                return min(4.0, 1.0 + 0.1 * look.threatened(there))  # back to defend
            return 0.0
        value = ARRIVE if after == 0 else STAGE
        if after == 0 and "assault" in card.skills:
            value += 1.0
        if after == 0:
            value += 0.2 * threat(card)
        return value

    def _worker_move(self, look: Look, unit: str, card: Card, here: str, inside: str,
                     there: str, into: str) -> float:
        s = look.s
        if there != here:
            if inside:
                return 0.0
            return 0.5 if there in look.home and not look.threatened(there) else 0.0
        if not into:
            return 0.0
        target = world.card_of(s, into)
        holder = world.card_of(s, inside) if inside else None
        if target.power("draw-per-worker") is not None:
            if holder is not None and holder.power("draw-per-worker") is not None:
                return 0.0
            workers = sum(1 for u in world.inside(s, into) if world.card_of(s, u).is_("worker"))
            most = target.power("draw-per-worker").most  # type: ignore[union-attr]
            return 3.0 if workers < most else 0.0
        if target.power("tended") is not None:
            tended = any(world.card_of(s, u).is_("worker") for u in world.inside(s, into))
            if tended:
                return 0.0
            if holder is not None and holder.power("draw-per-worker") is not None:
                workers = sum(1 for u in world.inside(s, inside)
                              if world.card_of(s, u).is_("worker"))
                most = holder.power("draw-per-worker").most  # type: ignore[union-attr]
                return 1.5 if workers > most else 0.0
            return 2.0
        if not inside and card.weapon is None:
            return 0.6  # shelter from the weather
        return 0.0

    def _step_value(self, look: Look, action: Step) -> float:
        s = look.s
        if action.power == "search":
            unit = action.unit
            if unit in s.marked:
                return 0.0  # Assassinate: losing the marked leader loses the game
            leaders = len(look.leaders)
            card = world.card_of(s, unit)
            if card.is_("leader") and leaders <= 1:
                return 0.0
            if look.job(unit) in ("draw", "tend"):
                return 0.0
            return 1.0
        if action.target not in s.pieces:
            return 0.0
        if action.power == "heal":
            if not s.pieces[action.target].counter("damage"):
                return 0.5
            return 0.5 * look.unit_worth(action.target)
        if action.power == "exorcism":
            return 1.0 + 0.3 * threat(world.card_of(s, action.target))
        return 0.0

    # -- paying and placing ----------------------------------------------------------------------
    def _best_place(self, look: Look, places: list[Place]) -> Place | None:
        best, best_value = None, WORTH_DOING
        for action in places:
            kind = world.card_of(look.s, action.card)
            value = self._place_value(look, action, kind)
            if value <= best_value:
                continue
            value -= look.pay_cost(action.card, kind.cost)
            if value > best_value:
                best, best_value = action, value
        return best

    def _place_value(self, look: Look, action: Place, kind: Card) -> float:
        s = look.s
        if kind.kind == "weather":
            return self._weather_value(look, kind)
        if kind.kind == "unit":
            gain = kind.food
            holder = world.card_of(s, action.into) if action.into else None
            tended = holder.power("tended") if holder is not None else None
            if tended is not None and kind.is_("worker") and not any(
                    world.card_of(s, u).is_("worker") for u in world.inside(s, action.into)):
                gain += tended.amount  # type: ignore[union-attr]
            short = -(look.food + gain)
            tight = 0.3 if short == 0 else 0.0
            if short > 0:  # the rules would send units away at once: only if it pays
                tight = 1.2 * self._dismissal(look, short) + 0.5
            if kind.is_("worker"):
                # with no leader in play, cards that require one may not be played
                lead = 2.0 if kind.is_("leader") and not look.leaders else 0.0
                if holder is not None and holder.power("draw-per-worker") is not None:
                    workers = sum(1 for u in world.inside(s, action.into)
                                  if world.card_of(s, u).is_("worker"))
                    if workers < holder.power("draw-per-worker").most:  # type: ignore[union-attr]
                        return DRAW_WORKER - tight + lead
                if holder is not None and holder.power("tended") is not None and not any(
                        world.card_of(s, u).is_("worker") for u in world.inside(s, action.into)):
                    return 2.0 + max(0, kind.food) - tight + lead
                value = 0.2 + 0.8 * max(0, kind.food) + 0.3 * threat(kind) - tight + lead
                if kind.weapon is not None and not look.fighters():
                    value += 0.8
                return value
            value = 0.5 + threat(kind) + 0.3 * toughness(kind) - tight
            if kind.weapon is not None:
                value += 1.0 if look.fighters() else 2.0  # a first fighter: defend, march
            if kind.is_("leader") and not look.leaders:
                value += 2.0
            if not action.into:  # Emerge: outside, in any area
                if action.area in look.foe_hq:
                    value += 1.0
                elif action.area not in look.home:
                    value -= 0.5
            return value
        # a structure
        if action.area not in look.home:
            return 0.0
        value = 0.0
        houses = kind.power("houses")
        if houses is not None and (not houses.roles or {"warrior", "elite"} & set(houses.roles)):  # type: ignore[union-attr]
            waiting = sum(-world.card_of(s, c).room for c in look.hand
                          if world.card_of(s, c).kind == "unit" and not
                          world.card_of(s, c).is_("worker"))
            room = look.housing_room()
            if room == 0:
                value += 3.0 if waiting else 1.2
            elif waiting > room:
                value += 1.5
            else:
                value += 0.2
        if kind.power("tended") is not None or kind.food > 0:
            food = kind.food + (kind.power("tended").amount if kind.power("tended")  # type: ignore[union-attr]
                                is not None else 0)
            hungry = sum(-world.card_of(s, c).food for c in look.hand
                         if world.card_of(s, c).kind == "unit" and world.card_of(s, c).food < 0)
            if look.food <= 1:
                value += 0.6 * food
            elif look.food < hungry:
                value += 0.4 * food
            else:
                value += 0.1 * food
        if kind.power("reshuffle-removed") is not None:
            spent = len(s.table.cards_in(removed(look.seat)))
            value += 0.05 * spent + (2.0 if look.deck_left < 6 and spent > 8 else 0.0)
        return value

    def _dismissal(self, look: Look, short: int) -> float:
        """What sending away units until `short` food is made up would cost (the
        least worth per food first); unaffordable when it cannot be made up."""
        s = look.s
        eaters = sorted((look.unit_worth(u) / -world.card_of(s, u).food, u)
                        for u in look.mine if world.card_of(s, u).food < 0)
        cost = 0.0
        for _, unit in eaters:
            if short <= 0:
                break
            cost += look.unit_worth(unit)
            short += world.card_of(s, unit).food
        return cost if short <= 0 else 1e6

    def _weather_value(self, look: Look, kind: Card) -> float:
        """Weather that hurts the enemy's units more than the seat's own, read from its
        modifiers for every unit in play as it stands (a sheltered unit feels it less)."""
        if look.weather:
            return 0.0
        s = look.s
        gain = 0.0
        for unit in look.mine + look.foes:
            card = world.card_of(s, unit)
            facts = world.facts(s, unit)
            harm = 0.0
            if card.weapon is not None and card.weapon.kind in ("cc", "rc"):
                harm -= 0.6 * total(kind.modifiers, card.weapon.kind, facts)
            harm -= 0.3 * total(kind.modifiers, "p", facts)
            if allows(kind.modifiers, "psyche-roll", facts):
                p = world.value(s, unit, "p") + total(kind.modifiers, "p", facts)
                harm += 1.5 * (1.0 - any_success(p))
            if kind.key == combat.RAIN and "fire-arrows" in card.skills:
                harm += 1.5
            if world.sheltered(s, unit):
                harm *= 0.3
            gain += harm if s.pieces[unit].owner != look.seat else -harm
        mine = s.realms[look.seat] if look.seat < len(s.realms) else ""
        return gain + (1.0 if kind.realm == mine else 0.0)

