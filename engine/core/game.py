"""The Game protocol every game implements, and the shared state base.

The engine contract of DESIGN.md: setup, legal_actions, apply, outcome,
view. A game's state carries the seeded RNG, so apply draws its dice from
the state it changes and a clone carries the dice with it.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar, Protocol

from engine.core.actions import Action
from engine.core.declared import Declared, state_field
from engine.core.events import Event
from engine.core.frames import Frame
from engine.core.prompts import Prompt
from engine.core.rng import Rng
from engine.core.zones import Table

if TYPE_CHECKING:
    from engine.core.options import GameOptions


class RuleMode(StrEnum):
    """How strictly a match follows the rules.

    enforced: only moves the rules allow. assisted: the rules plus referee
    overrides, each logged as such, for rulebook exceptions no engine
    foresees. sandbox: a free table where only referee actions exist.
    """

    ENFORCED = "enforced"
    ASSISTED = "assisted"
    SANDBOX = "sandbox"


@dataclass(frozen=True, slots=True)
class Outcome:
    winners: tuple[int, ...]
    reason: str
    scores: dict[int, int] = field(default_factory=dict)


class GameState(Declared):
    """Fields every game's state has; each game declares its own beside them (see
    engine.core.declared: clone, JSON, hash and views come from the declaration)."""

    players: int
    table: Table
    rng: Rng
    active: int = 0
    turn: int = 1
    prompt: Prompt | None = None
    result: Outcome | None = None
    frames: list[Frame] = state_field(list)  # who decides what, top last (core.frames)
    replaced_in_view: ClassVar[tuple[str, ...]] = ("table", "rng")  # a seat's own, sealed

    def __init__(self, players: int, table: Table, rng: Rng) -> None:
        self.init_fields()
        self.players = players
        self.table = table
        self.rng = rng

    def to_move(self) -> int | None:
        """Who decides now: the first seat of the open frame (or a prompt's addressee),
        before the active player."""
        if self.result is not None:
            return None
        if self.frames and self.frames[-1].seats:
            return self.frames[-1].seats[0]
        return self.prompt.player if self.prompt is not None else self.active

    def deciding(self) -> tuple[int, ...]:
        """Every seat that may act now (a window may be answered by any of them)."""
        if self.result is not None:
            return ()
        if self.frames and self.frames[-1].seats:
            return self.frames[-1].seats
        mover = self.to_move()
        return () if mover is None else (mover,)

    def state_hash(self) -> str:
        text = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()


class Game(Protocol):
    """What the Match, the simulator, the AI and the UI need from a game."""

    name: ClassVar[str]
    title: ClassVar[str]
    options_model: ClassVar[type[GameOptions]]

    def setup(self, options: GameOptions, rng: Rng) -> GameState: ...

    def legal_actions(self, state: GameState) -> list[Action]:
        """The game's own actions for whoever must decide now, in a fixed order."""
        ...

    def check(self, state: GameState, action: Action) -> None:
        """Raise IllegalAction with the rule's reason when `action` is not allowed."""
        ...

    def apply(self, state: GameState, action: Action, seat: int | None = None,
              checked: bool = True) -> list[Event]:
        """Check (unless `checked` is False: an action `legal_actions` listed for this
        state and seat), then change `state` in place; the RNG is `state.rng`."""
        ...

    def outcome(self, state: GameState) -> Outcome | None: ...

    def view(self, state: GameState, player: int | None) -> GameState: ...

    def all_cards(self, state: GameState) -> frozenset[str]:
        """Every card id of the match, for the conservation invariant."""
        ...
