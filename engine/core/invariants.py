"""The invariants every game must keep, checked by engine.simulate and the conformance suite.

Each check returns a description of what broke, or None; the caller names
the seed and action, so a failure can be replayed exactly.
"""

from __future__ import annotations

from engine.core import saves
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.match import Match
from engine.core.referee import MoveCard
from engine.core.zones import HIDDEN_PREFIX


def conservation(match: Match) -> str | None:
    """Every card of the match is in exactly one zone."""
    return match.state.table.check_conservation(match.game.all_cards(match.state))


def moves_until_end(match: Match) -> str | None:
    """A match that has not ended always offers its decider something to do."""
    if match.outcome() is None and not match.legal_actions():
        return f"no legal action for Player {(match.to_move() or 0) + 1} before the end"
    return None


def hidden_stays_hidden(match: Match) -> str | None:
    """No seat's view holds the face or the id of a card that seat may not see."""
    table = match.state.table
    for player in range(match.players):
        seen = match.view(player).table
        for card in table.where:
            if table.visible_to(card, player):
                continue
            if card in seen.faces or card in seen.where:
                return f"Player {player + 1}'s view shows hidden card {card}"
        if any(ref.startswith(HIDDEN_PREFIX) for ref in seen.faces):
            return f"Player {player + 1}'s view names the face of a hidden place"
    return None


def illegal_changes_nothing(match: Match, action: Action) -> str | None:
    """A refused action raises IllegalAction with a reason and leaves the match alone."""
    before = match.state_hash(), len(match.steps)
    try:
        match.submit(action)
    except IllegalAction as exc:
        if not exc.reason:
            return f"{action.key()} was refused without a reason"
    else:
        return f"{action.key()} should have been refused"
    if (match.state_hash(), len(match.steps)) != before:
        return f"refusing {action.key()} changed the match"
    return None


def bogus_action() -> Action:
    """An action no game can accept: a card that does not exist moved to no zone."""
    return MoveCard("no-such-card", "no-such-zone", x=0, y=0)


def undo_redo_round_trip(match: Match, hashes: list[str]) -> str | None:
    """Undo to the start meets every earlier hash; redo to the end meets them again.

    Take-backs are switched on for the walk (the policy is tested on its
    own); the match is left as it was found.
    """
    policy = match.take_backs
    match.take_backs = True
    try:
        for expected in reversed(hashes[:-1]):
            match.undo()
            if match.state_hash() != expected:
                return f"undo to step {len(match.steps)} gave a different state"
        for expected in hashes[1:]:
            match.redo()
            if match.state_hash() != expected:
                return f"redo to step {len(match.steps)} gave a different state (re-rolled?)"
    finally:
        match.take_backs = policy
    return None


def save_round_trip(match: Match) -> str | None:
    """save -> load -> save is byte-identical and reaches the same state."""
    first = saves.dumps(match)
    again = saves.loads(first, "round trip")
    if again.state_hash() != match.state_hash():
        return "loading the save reached a different state"
    if saves.dumps(again) != first:
        return "saving the loaded match gave different bytes"
    return None


def after_action(match: Match) -> str | None:
    """The checks cheap enough to run after every action."""
    return conservation(match) or moves_until_end(match) or hidden_stays_hidden(match)
