"""Referee overrides in an assisted TACTICA match, then the rules again (DESIGN.md,
"Rule modes": assisted play is the rules plus logged overrides)."""

from __future__ import annotations

from engine.core import saves
from engine.core.game import RuleMode
from engine.core.match import Match
from engine.core.referee import MoveCard
from engine.games import get_game
from engine.games.tactica.actions import Move


def _override_then_move() -> tuple[Match, Move]:
    """An assisted match played by first choices until a troop may move; the referee puts
    that troop on another hex, and it then makes a Move it could not make from the old one."""
    game = get_game("tactica")
    match = Match(game, game.options_model(), 1, RuleMode.ASSISTED)
    while not (moves := [a for a in match.legal_actions() if isinstance(a, Move)]):
        match.submit(next(a for a in match.legal_actions() if not a.referee))
    troop = moves[0].troop
    reach = {(m.q, m.r) for m in moves if m.troop == troop}
    q, r = min(reach)
    match.submit(MoveCard(troop, "field", x=q, y=r))
    onward = [m for m in match.legal_actions()
              if isinstance(m, Move) and m.troop == troop and (m.q, m.r) not in reach]
    assert onward, "the troop reaches hexes from its new spot it could not reach before"
    match.submit(onward[0])
    return match, onward[0]


def test_a_troop_the_referee_moved_walks_from_its_new_hex_in_the_save_too() -> None:
    """A save replays the override and the Move on one state: the field snapshot must not
    keep the old hex (it did: the save could not be loaded, "not enough MOV")."""
    match, move = _override_then_move()

    loaded = saves.from_dict(saves.to_dict(match))

    assert loaded.state_hash() == match.state_hash()
    assert loaded.state.table.pos[move.troop] == (move.q, move.r)


def test_the_match_replayed_for_its_summary_meets_the_table_that_was_played() -> None:
    """The end-of-battle summary replays every step in place, overrides included."""
    match, _ = _override_then_move()

    hashes = [state.state_hash() for _, state in match.replay()]

    assert hashes[-1] == match.state_hash()
