"""Keeping the garbage collector off a match's long-lived record.

A match holds many objects that live as long as it does (its steps, checkpoints and
the current state's shared zones). Each full collection walked them all: pauses of
30-170 ms under the mouse in a long match, and a few per cent of every step. The
program that plays a match (the window, the speed benchmark that stands for it) moves
them out of the collector's sight every few steps, and lets the old match's objects go
when a new one begins. Games and the Match itself never touch the collector: the
policy belongs to whoever owns the process.
"""

from __future__ import annotations

import gc

FREEZE_EVERY = 10  # steps between moving the match's objects out of the collector's sight


def new_match() -> None:
    """A match begins: the last one's frozen objects go back to the collector, which
    frees what nobody holds any more, and what is left (the program) is frozen."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def after_step(steps: int) -> None:
    """The match has `steps` steps now: every FREEZE_EVERY, freeze what it holds."""
    if steps % FREEZE_EVERY == 0:
        gc.freeze()
