"""A Match: game, options, seed and the actions taken; its state is their fold.

The match keeps a snapshot after every action, so undo is instant and never
re-rolls (the RNG lives in the snapshot), and redo re-applies the recorded
action to reach the very same dice.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass, replace

from engine.core import referee
from engine.core.actions import Action
from engine.core.basegame import BaseGame
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import GameOptions, GameState, Outcome, RuleMode
from engine.core.rng import Rng


@dataclass(frozen=True, slots=True)
class Step:
    """One applied action with what it did; `random` and `revealed_to` gate undo."""

    action: Action
    actor: int
    events: tuple[Event, ...]
    random: bool
    revealed_to: frozenset[int]


class Match:
    def __init__(self, game: BaseGame, options: GameOptions, seed: int,
                 mode: RuleMode = RuleMode.ENFORCED, take_backs: bool = False) -> None:
        self.game = game
        self.options = options
        self.seed = seed
        self.mode = mode
        self.take_backs = take_backs
        self._states: list[GameState] = [game.setup(options, Rng(seed))]
        self.steps: list[Step] = []
        self._redo: list[tuple[Action, int]] = []

    # -- reading --------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The current state; callers must not change it (submit actions instead)."""
        return self._states[-1]

    @property
    def players(self) -> int:
        return self.state.players

    def to_move(self) -> int | None:
        return self.state.to_move()

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def view(self, player: int | None) -> GameState:
        return self.game.view(self.state, player)

    def view_at(self, step: int, player: int | None) -> GameState:
        """The table as `player` saw it right after `step` (0 is the set-up)."""
        if not 0 <= step < len(self._states):
            raise IndexError(f"there is no step {step} in this match")
        return self.game.view(self._states[step], player)

    def state_hash(self) -> str:
        return self.state.state_hash()

    def legal_actions(self) -> list[Action]:
        """The game's moves (unless a free table) and referee actions (unless enforced)."""
        if self.outcome() is not None:
            return []
        out: list[Action] = []
        if self.mode is not RuleMode.SANDBOX:
            out.extend(self.game.legal_actions(self.state))
        if self.mode is not RuleMode.ENFORCED:
            out.extend(referee.legal_actions(self.state))
        return out

    def log(self) -> Iterator[tuple[int, Event]]:
        """Every event so far with the number of the step that made it (1-based)."""
        for number, step in enumerate(self.steps, start=1):
            for event in step.events:
                yield number, event

    @property
    def redo_actions(self) -> list[tuple[Action, int]]:
        """Actions undone and not replaced, next one last."""
        return list(self._redo)

    # -- changing -------------------------------------------------------
    def check(self, action: Action, player: int | None = None) -> None:
        """Raise IllegalAction if `action` by `player` is not allowed now; changes nothing."""
        self._checked_apply(self.state.clone(), action, player)

    def submit(self, action: Action, player: int | None = None) -> list[Event]:
        """Apply `action` for `player` (default: whoever must decide now)."""
        events, new, actor = self._checked_apply(self.state.clone(), action, player)
        self._record(action, actor, events, new)
        self._redo.clear()
        return events

    def _checked_apply(self, new: GameState, action: Action,
                       player: int | None) -> tuple[list[Event], GameState, int]:
        state = self.state
        mover = state.to_move()
        if self.outcome() is not None:
            raise IllegalAction("the match is over")
        actor = mover if player is None else player
        if actor is None or not 0 <= actor < state.players:
            raise IllegalAction("no seat may act now")
        if action.referee:
            if self.mode is RuleMode.ENFORCED:
                raise IllegalAction("referee actions are off: this match enforces the rules "
                                    "(start it in assisted mode to allow overrides)")
            events = referee.apply(new, action, actor, self.game.card_name)
            if self.mode is RuleMode.ASSISTED:
                events = [replace(e, text="Referee: " + e.text, override=True,
                                  secret=None if e.secret is None else "Referee: " + e.secret)
                          for e in events]
        else:
            if self.mode is RuleMode.SANDBOX:
                raise IllegalAction("this is a free table: only table actions are possible")
            if actor != mover:
                raise IllegalAction(f"it is Player {mover + 1 if mover is not None else '?'} "
                                    "who must decide now")
            events = self.game.apply(new, action)
        return events, new, actor

    def _record(self, action: Action, actor: int, events: list[Event], new: GameState) -> None:
        old = self.state
        revealed = frozenset(new.table.revealed_since(old.table, range(old.players)))
        self.steps.append(Step(action, actor, tuple(events), new.rng.state != old.rng.state,
                               revealed))
        self._states.append(new)

    def can_undo(self, by: Collection[int] | None = None) -> tuple[bool, str]:
        """Whether the seats `by` (default: whoever took the last step) may undo it, and
        if not, why. A step that showed one of them a hidden card stays, even when
        another seat (a computer player) took it."""
        if not self.steps:
            return False, "nothing to undo"
        if self.take_backs:
            return True, ""
        step = self.steps[-1]
        if step.random:
            return False, "dice were rolled or a pile shuffled; take-backs are off"
        if step.revealed_to.intersection((step.actor,) if by is None else by):
            return False, "a hidden card was shown to you; take-backs are off"
        return True, ""

    def undo(self, by: Collection[int] | None = None) -> Step:
        allowed, reason = self.can_undo(by)
        if not allowed:
            raise IllegalAction(f"cannot undo: {reason}")
        step = self.steps.pop()
        self._states.pop()
        self._redo.append((step.action, step.actor))
        return step

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> list[Event]:
        if not self._redo:
            raise IllegalAction("nothing to redo")
        action, actor = self._redo[-1]
        events, new, actor = self._checked_apply(self.state.clone(), action, actor)
        self._redo.pop()
        self._record(action, actor, events, new)
        return events

    def restore_redo(self, redo: list[tuple[Action, int]]) -> None:
        """Reinstate a redo list read from a save (next action last)."""
        self._redo = list(redo)
