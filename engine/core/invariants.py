"""The invariants every game must keep, checked by engine.simulate and the conformance suite.

Each check returns a description of what broke, or None; the caller names
the seed and action, so a failure can be replayed exactly.
"""

from __future__ import annotations

import json
import re

from engine.core import saves
from engine.core.actions import Action
from engine.core.entities import Entities
from engine.core.errors import IllegalAction
from engine.core.match import Match
from engine.core.referee import MoveCard
from engine.core.rng import Rng
from engine.core.zones import HIDDEN_PREFIX


def conservation(match: Match) -> str | None:
    """Every card of the match is in exactly one zone."""
    return match.state.table.check_conservation(match.game.all_cards(match.state))


def entities_hold(match: Match) -> str | None:
    """Every unit or marker stands with what holds it; attached cards are on the table."""
    cards = match.game.all_cards(match.state)
    for name, value in match.state.declared_values().items():
        if isinstance(value, Entities):
            problem = value.check(cards)
            if problem is not None:
                return f"{name}: {problem}"
    return None


def moves_until_end(match: Match) -> str | None:
    """A match that has not ended always offers its decider something to do."""
    if match.outcome() is None and not match.legal_actions():
        return f"no legal action for Player {(match.to_move() or 0) + 1} before the end"
    return None


def hidden_stays_hidden(match: Match) -> str | None:
    """Nothing in a seat's view determines a card that seat may not see.

    Checked on the game's own view function (the Match seals views again): no
    hidden card's face or id in the table, no hidden card's id anywhere in the
    view's fields (ids name their card: `it-rifle-2`), and no trace of the true
    random-number state, which with the rules would rebuild every hidden order.
    """
    state = match.state
    table = state.table
    twin = state.clone()
    twin.rng = Rng(state.rng.state ^ _TWIN_SALT)
    for player in range(match.players):
        seen = match.game.view(state, player)
        hidden = [card for card in table.where if not table.visible_to(card, player)]
        for card in hidden:
            if card in seen.table.faces or card in seen.table.where:
                return f"Player {player + 1}'s view shows hidden card {card}"
        if any(ref.startswith(HIDDEN_PREFIX) for ref in seen.table.faces):
            return f"Player {player + 1}'s view names the face of a hidden place"
        fields = seen.to_json()
        unseen = {ident for value in state.declared_values().values()
                  if isinstance(value, Entities) for ident in value.unseen_by(player)}
        named = _hidden_id_in(fields, frozenset(hidden) | unseen)
        if named is not None:
            return f"Player {player + 1}'s view names hidden card {named} ({named!r} in its fields)"
        if match.game.view(twin, player).to_json() != fields:
            return (f"Player {player + 1}'s view changes with the random-number state: "
                    "it would tell the dice and shuffles to come")
    return None


_TWIN_SALT = 0x9E3779B97F4A7C15


def _hidden_id_in(node: object, hidden: frozenset[str]) -> str | None:
    """A hidden card id used as any string (key or value) in a view's JSON, or inside one
    (as in "<card>/<index>"). The strings are read out of the JSON text once each (a
    view of a board of figures repeats the same few hundred strings thousands of times,
    and walking the nested values was most of the conformance suite's time)."""
    if not hidden:
        return None
    text = json.dumps(node, ensure_ascii=False)
    strings = (_ESCAPED if "\\" in text else _PLAIN).findall(text)
    for item in sorted(set(strings)):
        if item.startswith(HIDDEN_PREFIX):
            continue
        if item in hidden:
            return item
        for part in _ID_PARTS.split(item):
            if part in hidden:
                return part
    return None


_PLAIN = re.compile(r'"([^"]*)"')  # JSON text without a backslash: no escaped quote
_ESCAPED = re.compile(r'"((?:[^"\\]|\\.)*)"')
_ID_PARTS = re.compile(r"[/\s,;:|]+")


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


def only_deciding_seats_act(match: Match) -> str | None:
    """A seat the rules do not ask now may not take the deciding seat's move: refused
    with a reason, and nothing changes."""
    deciding = match.state.deciding()
    others = [seat for seat in range(match.players) if seat not in deciding]
    moves = [a for a in match.legal_actions() if not a.referee]
    if not others or not moves:
        return None
    before = match.state_hash(), len(match.steps)
    try:
        match.submit(moves[0], others[0])
    except IllegalAction as exc:
        if not exc.reason:
            return f"Player {others[0] + 1}'s {moves[0].key()} was refused without a reason"
    else:
        return f"Player {others[0] + 1} took {moves[0].key()} out of turn"
    if (match.state_hash(), len(match.steps)) != before:
        return "refusing a move out of turn changed the match"
    return None


def moves_listed_only_for_deciding_seats(match: Match) -> str | None:
    """The rules list a seat's moves only while it decides (referee actions aside): the
    match applies a listed move without asking again who may act."""
    deciding = match.state.deciding()
    for seat in range(match.players):
        if seat in deciding:
            continue
        moves = [a for a in match.legal_actions(seat) if not a.referee]
        if moves:
            return f"Player {seat + 1} is offered {moves[0].key()} while not deciding"
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
    return (conservation(match) or entities_hold(match) or moves_until_end(match)
            or hidden_stays_hidden(match))
