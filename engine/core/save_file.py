"""The shape of a save file, checked by pydantic before anything in it is replayed.

Apart from engine.core.saves so that pydantic, which costs more to import than Qt's
widgets, is read on the first load rather than before the window comes up.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core.saves import MAX_ACTIONS

SEED_RANGE = (-(2**63), 2**64 - 1)  # what a 64-bit seed may be, signed or not


class SavedAction(BaseModel):
    # strict: a hand-edited "5" for 5 or "yes" for true is an error, not a guess
    model_config = ConfigDict(extra="forbid", strict=True)
    actor: int
    action: dict[str, Any]


Seed = Annotated[int, Field(ge=SEED_RANGE[0], le=SEED_RANGE[1])]


class SaveFile(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    format: Literal["runetable-save"]
    schema_version: int
    game: str
    options: dict[str, Any]
    seed: Seed
    mode: Literal["enforced", "assisted", "sandbox"]
    take_backs: bool
    actions: Annotated[list[SavedAction], Field(max_length=MAX_ACTIONS)]
    redo: Annotated[list[SavedAction], Field(max_length=MAX_ACTIONS)]
    state_hash: str
