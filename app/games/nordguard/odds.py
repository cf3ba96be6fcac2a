"""Exact chances the table shows: each possible move, and the combat check under way.

The numbers come from the engine's own odds (challenges.pending_check and the
combat arsenal), so the glow on the map, the tooltips and the dice dock say
exactly what the rules will roll. Percentages never round a possible result to
0% or an uncertain one to 100%.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from app.games.base import RollPreview
from engine.games.nordguard import combat
from engine.games.nordguard.challenges import (
    Check,
    combat_base,
    move_chance,
    pending_check,
)
from engine.games.nordguard.content import NordguardContent
from engine.games.nordguard.rules import WORDS
from engine.games.nordguard.state import NordguardState


def percent(p: Fraction) -> str:
    if 0 < p < Fraction(1, 1000):
        return "< 0.1%"
    if Fraction(999, 1000) < p < 1:
        return "> 99.9%"
    return f"{float(p) * 100:.1f}%".replace(".0%", "%")


@dataclass(frozen=True)
class MoveOdds:
    """One possible move: where to, every check it takes, and the chance of all of them."""

    direction: str
    cell: int
    checks: tuple[Check, ...]
    chance: Fraction | None  # None: the location is face down

    @property
    def badge(self) -> str:
        return "?" if self.chance is None else percent(self.chance)

    def lines(self) -> list[str]:
        """Each check in words, e.g. 'Snowdrift (snow): 2d6+1 ≥ 8 — 58.3%'."""
        out = []
        for check in self.checks:
            match check.kind:
                case "unknown":
                    out.append("face down: its challenge shows when the team heads there "
                               "or scouts it")
                case "roll" if check.fixed is not None:
                    verdict = "gets through" if check.fixed >= check.target else "falls short"
                    out.append(f"{check.label}: rolled in advance, {check.fixed} against "
                               f"{check.target} — {verdict}")
                case "roll" | "combat":
                    pool = check.pool or "no gun"
                    what = "every gun use fired" if check.kind == "combat" else ""
                    chance = percent(check.chance) if check.chance is not None else "?"
                    out.append(f"{check.label}: {pool} ≥ {check.target}"
                               + (f" ({what})" if what else "") + f" — {chance}")
                case "days":
                    out.append(f"{check.label}: costs {check.target} day(s)" if check.target
                               else f"{check.label}: no challenge")
                case "blocked":
                    out.append(f"{check.label}: only a bypass item gets through")
                case _:
                    out.append(check.label)
        return out

    def summary(self) -> str:
        head = f"Attempt {WORDS[self.direction]}"
        if self.chance is None:
            return f"{head}: chance unknown (face down)"
        return f"{head}: {percent(self.chance)} with what the team carries"


def move_odds(c: NordguardContent, state: NordguardState) -> dict[int, MoveOdds]:
    """Every neighbouring location the team could try, by cell."""
    checks = pending_check(c, state)
    out: dict[int, MoveOdds] = {}
    for direction, cell in state.neighbours(state.sled):
        mine = tuple(ch for ch in checks if ch.cell == cell)
        out[cell] = MoveOdds(direction.name, cell, mine, move_chance(list(mine),
                                                                     direction.name))
    return out


def combat_preview(c: NordguardContent, state: NordguardState) -> RollPreview | None:
    """The combat check under way: its total so far plus every gun use and set amount left."""
    fight = combat.outlook(c, state)
    if fight is None:
        return None
    if fight.pool is None:
        return RollPreview(f"best {fight.best_without_guns} of {fight.need}", None,
                           f"Combat vs {fight.label}, no gun use left")
    # The dock prints the pool, the need and the exact chance beside the caption.
    caption = f"Combat vs {fight.label}, {fight.total} so far, every gun use fired"
    return RollPreview(str(fight.pool), fight.need, caption)


def rolls(c: NordguardContent, state: NordguardState, moves: dict[int, MoveOdds]
          ) -> list[RollPreview]:
    """What the dice dock lists: the fight under way, then every roll a possible move
    (`moves`, from move_odds) would call for, with what the team carries.

    Only real rolls are listed, since the dock charts each row's dice: a move that
    needs no roll (open, bypassed, pre-rolled by a scout) or cannot be judged yet
    (face down) is told by the glow and the location's tooltip instead.
    """
    out = []
    fight = combat_preview(c, state)
    if fight is not None:
        out.append(fight)
    if state.phase != "day" or state.attempted or state.frames:
        return out
    base = combat_base(c, state)
    for move in moves.values():
        several = len(move.checks) > 1 and move.chance is not None
        overall = f" (move {percent(move.chance)})" if several else ""
        for check in move.checks:
            if check.kind not in ("roll", "combat") or not check.pool or check.fixed is not None:
                continue
            note = ""
            if check.kind == "roll" and check.reroll and 0 < (check.chance or 0) < 1:
                note = f", {percent(check.chance)} with re-roll"
            if check.kind == "combat" and base:
                note = f", abilities +{base}"
            out.append(RollPreview(check.pool, check.target,
                                   f"{move.direction} · {check.label}{note}{overall}"))
    return out
