"""A Match: game, options, seed and the actions taken; its state is their fold.

Undo never re-rolls and redo meets the very same dice, because the RNG lives
in the state and the recorded actions are re-applied to it. The match keeps
the current state and a checkpoint every `CHECKPOINT` steps; an earlier state
is rebuilt by replaying at most `CHECKPOINT - 1` recorded actions from the
checkpoint before it. A snapshot per action made long matches cost hundreds
of megabytes and minutes to load; checkpoints keep undo and the log's
moments quick while the record grows by little more than its actions.

Between checkpoints, an action the rules listed is applied to the current
state itself, unless someone was handed that state (`state`): a state once
handed out never changes, and one nobody holds need not be copied. Such a step,
as a step read from a save, leaves what it showed whom to be worked out when undo
asks (`_revealed`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

from engine.core import flow, referee
from engine.core.actions import Action
from engine.core.basegame import BaseGame
from engine.core.errors import IllegalAction, RecordRefused, one_line
from engine.core.events import Event
from engine.core.frames import Pass
from engine.core.game import GameState, Outcome, RuleMode
from engine.core.rng import Rng, SealedRng

if TYPE_CHECKING:
    from engine.core.options import GameOptions

# The modes as globals: in Python 3.11 `RuleMode.ENFORCED` goes through the enum's
# metaclass (~100 ns), and every listing and action asks.
_ENFORCED, _ASSISTED, _SANDBOX = RuleMode.ENFORCED, RuleMode.ASSISTED, RuleMode.SANDBOX
CHECKPOINT = 32  # steps between kept states; undo replays fewer actions than this
UPGRADE_PASSES = 20  # windows an older record may have left unasked before one action


class Step(NamedTuple):
    """One applied action with what it did; `random` and `revealed_to` gate undo.

    `revealed_to` holds every seat at the end of the match: the finished table
    shows every hidden card, so the end cannot be taken back without take-backs.
    A named tuple, not a frozen dataclass: one is made for every action, and a
    frozen dataclass sets each field through object.__setattr__ (several times
    slower)."""

    action: Action
    actor: int
    events: tuple[Event, ...]
    random: bool
    # None: not worked out yet (a step read from a save, or applied in place): `_revealed`
    revealed_to: frozenset[int] | None
    ended: bool = False


_step = tuple.__new__  # a Step without its Python-level __new__: one is made per action


def shared_steps(old: Sequence[object], new: Sequence[object]) -> int:
    """How many leading steps a record read earlier (`old`) shares with the match's now
    (`new`), for readers that keep what they read of the steps (the log, the dice
    history, the save's lines). A match only ever adds steps at the end or takes them
    off it, so the last place both hold the very same step marks everything before it."""
    count = min(len(old), len(new))
    while count and old[count - 1] is not new[count - 1]:
        count -= 1
    return count


class Match:
    def __init__(self, game: BaseGame, options: GameOptions, seed: int,
                 mode: RuleMode = RuleMode.ENFORCED, take_backs: bool = False) -> None:
        self.game = game
        self.options = options
        self.seed = seed
        self.mode = mode
        self.take_backs = take_backs
        # The rules' entry points, straight into the core's flow where the game keeps
        # BaseGame's own (every game does): those only forward, and every listing, action
        # and question of the end went through them, a Python call each time.
        kind = type(game)
        self._list_rules = partial(flow.legal_actions, game) \
            if kind.legal_actions is BaseGame.legal_actions else game.legal_actions
        self._apply_rules = partial(flow.apply, game) if kind.apply is BaseGame.apply \
            else game.apply
        self._plain_outcome = kind.outcome is BaseGame.outcome
        self._current: GameState = game.setup(options, Rng(seed))
        self._seated = frozenset(range(self._current.players))  # every seat at the table
        self._checkpoints: dict[int, GameState] = {0: self._current}
        # Whether the current state is the match's alone: neither a checkpoint nor handed
        # out (`state`). Then an action the rules listed changes it in place: a clone per
        # action, and freeing the state before, were a tenth of every step.
        self._own = False
        self._moment = 0  # counts every change of the current state
        self.steps: list[Step] = []
        self._redo: list[tuple[Action, int]] = []
        # The last list `legal_actions` made: (moment, seat, whether the seat was the one
        # to move, actions). An action submitted from it, at that very moment and for that
        # seat, is not checked a second time, nor is who moves asked again.
        self._listed: tuple[int, int | None, bool, list[Action]] | None = None

    # -- reading --------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The current state; callers must not change it (submit actions instead). It
        never changes under whoever holds it: the next action is applied to a copy."""
        self._own = False
        return self._current

    @property
    def players(self) -> int:
        return self._current.players

    def to_move(self) -> int | None:
        return self._current.to_move()

    def outcome(self) -> Outcome | None:
        current = self._current
        return current.result if self._plain_outcome else self.game.outcome(current)

    def view(self, player: int | None) -> GameState:
        """What `player` may see now (None: everything, for the referee and the end)."""
        return self._sealed(self.game.view(self._current, player), player)

    def view_at(self, step: int, player: int | None) -> GameState:
        """The table as `player` saw it right after `step` (0 is the set-up)."""
        if not 0 <= step <= len(self.steps):
            raise IndexError(f"there is no step {step} in this match")
        return self._sealed(self.game.view(self._state_at(step), player), player)

    @staticmethod
    def _sealed(seen: GameState, player: int | None) -> GameState:
        """A seat's view never carries the dice to come, whatever the game's view did."""
        if player is not None:
            seen.rng = SealedRng()
        return seen

    def state_hash(self) -> str:
        return self._current.state_hash()

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The game's moves for `seat` (default: the first deciding seat; none on a free
        table) and referee actions (unless enforced)."""
        current = self._current
        if (current.result if self._plain_outcome else self.game.outcome(current)) is not None:
            return []
        mode = self.mode
        if mode is _ENFORCED:
            listed = self._list_rules(current, seat)
        elif mode is _SANDBOX:
            listed = referee.legal_actions(current)
        else:
            listed = [*self._list_rules(current, seat), *referee.legal_actions(current)]
        # Kept as the rules made it (the one copy goes to the caller, who may reorder it).
        if seat is None:
            self._listed = (self._moment, current.to_move(), True, listed)
        else:
            self._listed = (self._moment, seat, False, listed)
        return listed.copy()

    def log(self) -> Iterator[tuple[int, Event]]:
        """Every event so far with the number of the step that made it (1-based)."""
        for number, step in enumerate(self.steps, start=1):
            for event in step.events:
                yield number, event

    @property
    def kept_states(self) -> int:
        """How many states the record holds (checkpoints and the current one)."""
        return len(self._checkpoints) + (len(self.steps) % CHECKPOINT != 0)

    @property
    def redo_actions(self) -> list[tuple[Action, int]]:
        """Actions undone and not replaced, next one last."""
        return list(self._redo)

    def redo_events(self) -> list[tuple[Event, ...]]:
        """What each redoable action would log, next one last (for undo-stack labels)."""
        state = self._current.clone()
        out: list[tuple[Event, ...]] = []
        for action, actor in reversed(self._redo):
            out.append(tuple(self._apply(state, action, actor)))
        out.reverse()
        return out

    # -- changing -------------------------------------------------------
    def check(self, action: Action, player: int | None = None) -> None:
        """Raise IllegalAction if `action` by `player` is not allowed now; changes nothing."""
        self._apply(self._current.clone(), action, player)

    def submit(self, action: Action, player: int | None = None) -> list[Event]:
        """Apply `action` for `player` (default: whoever must decide now)."""
        current = self._current
        # Whether `action` is one of the engine's own listed moves for this state and seat
        # (the very object: an equal one from elsewhere is checked as any other).
        listed = False
        made = self._listed
        if made is not None and made[0] == self._moment:
            mover = made[1]
            # the seat to move is known from a listing that was asked for that seat
            actor = (mover if made[2] else current.to_move()) if player is None else player
            if actor == mover and actor is not None:
                # A plain loop: twice as quick here as any() over map(is_, ...).
                for one in made[3]:
                    if one is action:
                        listed = True
                        break
        else:
            actor = current.to_move() if player is None else player
        over, dice = current.result is not None, current.rng.state
        if listed and self._own and not action.referee:
            # A move the rules listed for the current state, applied to that very state.
            # The rules listed it, so they carry it out; should they fail half way all the
            # same, the state is rebuilt from its checkpoint and the failure goes on.
            # Nor is who may act asked again (`_apply`): the rules list nothing once the
            # match is over and list a seat's moves only while it decides
            # (flow.legal_actions). What the step showed whom is worked out only if undo
            # asks (`_revealed`), from the states around it: noting every card moved cost
            # a twentieth of every step, and most in-place steps (self-play, search) are
            # never asked.
            try:
                events = self._apply_rules(current, action, actor, False)
            except BaseException:
                self._current = self._replayed(len(self.steps))
                self._moment += 1
                raise
            new = current
        else:
            new = current.clone()
            new.table.track()
            events = self._apply(new, action, actor, checked=not listed)
        assert actor is not None  # _apply refuses an action nobody may take
        self._record(action, actor, events, new, over, dice)
        if self._redo:  # most steps have nothing to redo
            self._redo.clear()
        return events

    def _apply(self, state: GameState, action: Action, player: int | None,
               checked: bool = True) -> list[Event]:
        """Check and apply `action` to `state` in place, as `player` (default: the mover).
        `checked=False` skips the rules' second look at an action they listed themselves
        for this state and seat; who may act is checked all the same."""
        if state.result is not None:
            raise IllegalAction("the match is over")
        actor = state.to_move() if player is None else player
        if actor is None or not 0 <= actor < state.players:
            raise IllegalAction("no seat may act now")
        if action.referee:
            if self.mode is _ENFORCED:
                raise IllegalAction("referee actions are off: this match enforces the rules "
                                    "(start it in assisted mode to allow overrides)")
            events = referee.apply(state, action, actor, self.game.card_name)
            state.drop_caches()
            self.game.after_referee(state)
            if self.mode is _ASSISTED:
                events = [replace(e, override=True) for e in events]
            return events
        if self.mode is _SANDBOX:
            raise IllegalAction("this is a free table: only table actions are possible")
        deciding = state.deciding()
        if actor not in deciding:
            raise IllegalAction(flow.not_yours(deciding))
        return self._apply_rules(state, action, actor, checked)

    def _record(self, action: Action, actor: int, events: list[Event], new: GameState,
                over: bool, dice: int) -> None:
        """Note the step that made `new` from a state that was `over` (or not) and had
        `dice` as its generator's state."""
        ended = new.result is not None and not over
        seats = self._seated
        table = new.table
        if ended:
            revealed: frozenset[int] | None = seats
        elif table.touched is None:  # applied in place: worked out if undo asks (_revealed)
            revealed = None
        else:
            revealed = table.revealed_by_touched(seats)
        table.touched = None
        steps = self.steps
        steps.append(_step(Step, (action, actor, tuple(events), new.rng.state != dice,
                                  revealed, ended)))
        self._current = new
        self._moment += 1
        if len(steps) % CHECKPOINT == 0:
            self._checkpoints[len(steps)] = new
            self._own = False
        else:
            self._own = True

    def _state_at(self, step: int) -> GameState:
        """The state after `step` steps: the current one, a checkpoint, or a replay."""
        if step == len(self.steps):
            return self._current
        if step % CHECKPOINT == 0:
            return self._checkpoints[step]
        return self._replayed(step)

    def _replayed(self, step: int) -> GameState:
        """A new copy of the state after `step` steps, replayed from its checkpoint."""
        base = step - step % CHECKPOINT
        state = self._checkpoints[base].clone()
        for index in range(base, step):
            recorded = self.steps[index]
            self._apply(state, recorded.action, recorded.actor)
        return state

    def replay(self) -> Iterator[tuple[int, GameState]]:
        """Every state of the match in order, (0, set-up) first, in one pass.

        The state yielded is a working copy that the next step changes: read it,
        never keep it. For summaries that walk a whole match; cheaper than asking
        for each step's state on its own.
        """
        state = self._checkpoints[0].clone()
        yield 0, state
        for number, step in enumerate(self.steps, start=1):
            self._apply(state, step.action, step.actor)
            yield number, state

    def replay_record(self, record: Iterable[tuple[Action, int]], upgrade: bool = False) -> None:
        """Apply recorded actions (a save's) through the rules, in place.

        Each action is checked as when it was first played, so a save can never reach
        a state the rules could not; but no state is cloned per action and what each
        step showed is worked out only when undo asks (`_revealed`), which made loading
        several times faster. Raises RecordRefused at the first refused action.

        `upgrade` reads a record an older version wrote: where its next action is
        refused because a window is open that the older rules did not open (they
        asked only a seat holding an answer), the seat asked passes, as it would
        have, and the recorded action is tried again. The passes join the record."""
        state = self._current.clone()
        step = self._step_in_place
        for number, (action, actor) in enumerate(record, start=1):
            try:
                step(state, action, actor)
            except IllegalAction as exc:
                self._upgraded(state, action, actor, number, exc.reason, upgrade)
        self._current = state
        self._moment += 1
        self._own = len(self.steps) % CHECKPOINT != 0
        if not self._own:
            self._checkpoints[len(self.steps)] = state
        self._redo.clear()

    def _upgraded(self, state: GameState, action: Action, actor: int, number: int,
                  reason: str, upgrade: bool) -> None:
        """Step `number` of a record was refused for `reason`. Reading an older record
        (`upgrade`), the seat asked passes each window the older rules did not open, as
        it would have, and the action is tried again; else RecordRefused."""
        for attempt in range(UPGRADE_PASSES):
            if attempt:
                try:
                    self._step_in_place(state, action, actor)
                    return
                except IllegalAction as exc:
                    reason = exc.reason
            window = state.frames[-1] if state.frames else None
            if not (upgrade and window is not None and window.passable and window.seats):
                raise RecordRefused(number, reason) from None
            self._step_in_place(state, Pass(), window.seats[0])
        raise RecordRefused(number, "the record does not fit these rules")

    def _step_in_place(self, state: GameState, action: Action, actor: int) -> None:
        """Apply one recorded action to the working state of `replay_record`."""
        dice = state.rng.state
        events = self._apply(state, action, actor)  # refused once the match is over
        ended = state.result is not None
        steps = self.steps
        steps.append(_step(Step, (action, actor, tuple(events), state.rng.state != dice,
                                  self._seated if ended else None, ended)))
        if len(steps) % CHECKPOINT == 0:
            self._checkpoints[len(steps)] = state.clone()

    def _revealed(self, index: int) -> frozenset[int]:
        """Who step `index` (0-based) showed a hidden card to, worked out once."""
        step = self.steps[index]
        if step.revealed_to is None:
            before, after = self._state_at(index), self._state_at(index + 1)
            seen = after.table.revealed_since(before.table, self._seated)
            step = self.steps[index] = step._replace(revealed_to=seen)
        assert step.revealed_to is not None
        return step.revealed_to

    def can_undo(self, by: Collection[int] | None = None) -> tuple[bool, str]:
        """Whether the seats `by` (default: whoever took the last step) may undo it, and
        if not, why. A step that showed one of them a hidden card stays, even when
        another seat (a computer player) took it."""
        if not self.steps:
            return False, "nothing to undo"
        if self.take_backs:
            return True, ""
        self._revealed(len(self.steps) - 1)
        step = self.steps[-1]
        if step.random:
            return False, "dice were rolled or a pile shuffled; take-backs are off"
        if step.ended:
            return False, "the match is over and every hidden card was shown; take-backs are off"
        if (step.revealed_to or frozenset()).intersection((step.actor,) if by is None else by):
            return False, "a hidden card was shown to you; take-backs are off"
        return True, ""

    def undo(self, by: Collection[int] | None = None) -> Step:
        allowed, reason = self.can_undo(by)
        if not allowed:
            raise IllegalAction(f"cannot undo: {reason}")
        previous = self._state_at(len(self.steps) - 1)
        self._checkpoints.pop(len(self.steps), None)
        step = self.steps.pop()
        self._current = previous
        self._moment += 1
        self._own = len(self.steps) % CHECKPOINT != 0  # a replayed copy, not a checkpoint
        self._redo.append((step.action, step.actor))
        return step

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> list[Event]:
        if not self._redo:
            raise IllegalAction("nothing to redo")
        action, actor = self._redo[-1]
        current = self._current
        new = current.clone()
        new.table.track()
        events = self._apply(new, action, actor)
        self._redo.pop()
        self._record(action, actor, events, new, current.result is not None,
                     current.rng.state)
        return events

    def restore_redo(self, redo: list[tuple[Action, int]]) -> None:
        """Reinstate a redo list read from a save (next action last).

        Each action is checked in turn against the state the ones before it
        reach, as the recorded actions are: a redo list from another match or
        another game is refused (IllegalAction naming the entry), never kept.
        """
        state = self._current.clone()
        for number, (action, actor) in enumerate(reversed(redo), start=1):
            try:
                self._apply(state, action, actor)
            except IllegalAction as exc:
                raise IllegalAction(f"redo action {number} ({one_line(action.describe(), 80)}) "
                                    f"is not legal there: {exc.reason}") from None
        self._redo = list(redo)
