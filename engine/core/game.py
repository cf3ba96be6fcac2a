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
from typing import Any, ClassVar, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from engine.core.actions import Action
from engine.core.declared import Declared, state_field
from engine.core.events import Event
from engine.core.frames import Frame
from engine.core.prompts import Prompt
from engine.core.rng import Rng
from engine.core.zones import Table


class RuleMode(StrEnum):
    """How strictly a match follows the rules.

    enforced: only moves the rules allow. assisted: the rules plus referee
    overrides, each logged as such, for rulebook exceptions no engine
    foresees. sandbox: a free table where only referee actions exist.
    """

    ENFORCED = "enforced"
    ASSISTED = "assisted"
    SANDBOX = "sandbox"


class GameOptions(BaseModel):
    """Options every game has; each game extends it with its own fields."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int = Field(2, ge=1, le=8, description="Number of seats at the table")
    computer_seats: list[int] = Field(
        default_factory=list,
        description="Seats (0-based) played by the computer; the rest are people at this computer")
    stop_for_answers: Literal["only when I can answer", "always"] = Field(
        "only when I can answer", title="Stop for my answers",
        description="Only when I can answer: windows where you could only pass go by "
                    "(faster, but the table can tell you held nothing). Always: you are "
                    "asked every time, so nobody learns what you hold")

    @model_validator(mode="after")
    def _seats_exist(self) -> GameOptions:
        """A computer seat must be one of the table's seats, named once."""
        seats = self.computer_seats
        if len(set(seats)) != len(seats):
            raise ValueError("computer_seats names a seat twice")
        for seat in seats:
            if not 0 <= seat < self.players:
                raise ValueError(f"computer seat {seat + 1} is not at a table of "
                                 f"{self.players} seat(s)")
        return self


def make_options(model: type[GameOptions], data: dict[str, Any]) -> GameOptions:
    """Validated options, or a ValueError whose one line names the option and the problem."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        problem = first["msg"].removeprefix("Value error, ")
        raise ValueError(f"option '{where}': {problem}" if where else problem) from None


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
