"""Match options: what every game asks before a match, validated by pydantic.

Kept apart from engine.core.game because pydantic costs more to import than Qt's
widgets: the window comes up first, and this module is read when a match is set up.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator


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
