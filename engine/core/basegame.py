"""Shared behaviour of games built on the Table: views, outcome, card inventory."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.core import flow
from engine.core.actions import Action
from engine.core.agent import Agent, RandomAgent
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.frames import Ability
from engine.core.game import GameState, Outcome
from engine.core.rng import Rng, SealedRng

if TYPE_CHECKING:
    from engine.core.options import GameOptions


class BaseGame:
    """Defaults for the Game protocol; a game overrides what its rules add."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    options_model: ClassVar[type[GameOptions]]  # each game's own (engine.core.options)

    def setup(self, options: GameOptions, rng: Rng) -> GameState:
        raise NotImplementedError

    abilities: ClassVar[tuple[Ability, ...]] = ()  # triggered abilities (core.frames)
    # Whether the game makes checks at all times (`state_checks`), set for each game from
    # whether it has its own: settling would otherwise ask BaseGame's, which has none, after
    # every action.
    checks_always: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.checks_always = cls.state_checks is not BaseGame.state_checks

    # -- the protocol, run by the core's flow (engine.core.flow) ----------------------
    def legal_actions(self, state: GameState, seat: int | None = None) -> list[Action]:
        """What `seat` (default: the first deciding seat) may do now, in a fixed order."""
        return flow.legal_actions(self, state, seat)

    def check(self, state: GameState, action: Action, seat: int | None = None) -> None:
        flow.check(self, state, action, seat)

    def apply(self, state: GameState, action: Action, seat: int | None = None,
              checked: bool = True) -> list[Event]:
        """Check, carry out, then run the rules on until someone must decide. Search and
        simulation may pass `checked=False` for an action they took from `legal_actions`
        for this state and seat (never for anything else: it is not checked again)."""
        return flow.apply(self, state, action, seat, checked)

    # -- what a game built on frames gives the flow -----------------------------------
    def turn_actions(self, state: GameState) -> list[Action]:
        """The active seat's actions when no frame is open."""
        return []

    def check_turn(self, state: GameState, action: Action) -> None:
        """Raise IllegalAction with the rule's reason unless the active seat may take
        `action` now (no frame is open)."""
        raise IllegalAction(f"{self.title} has no action {action.kind!r}")

    def perform(self, state: GameState, action: Action) -> list[Event]:
        """Carry out a checked turn action; frames it opens go on `state.frames`."""
        raise NotImplementedError

    def advance(self, state: GameState) -> list[Event] | None:
        """The rules' own progress when nothing is open and nobody is asked (the next
        phase, the end of a battle); None when the active seat must act."""
        return None

    def state_checks(self, state: GameState) -> list[Event]:
        """Checks the rules make at all times ("food is checked always"), before
        anything else goes on; events when something had to be done."""
        return []

    def after_referee(self, state: GameState) -> None:
        """A referee moved cards behind the rules' back (assisted play), after the core
        forgot the caches: a game whose board stands beside its cards (entities named by
        card ids) makes the two agree again here."""

    def trigger_start(self, state: GameState) -> int:
        """The seat from which abilities of one priority class resolve, in seat order."""
        return state.active

    def outcome(self, state: GameState) -> Outcome | None:
        return state.result

    def view(self, state: GameState, player: int | None) -> GameState:
        """What `player` may see (None: everything). The table hides what the zones
        hide; every declared field drops the ids of cards the seat cannot see (or
        follows its own view rule); the dice to come are sealed."""
        if player is None:
            return state.clone()
        seen = state.clone_for_view()
        seen.table, hidden = state.table.view_and_hidden(player)
        seen.rng = SealedRng()
        state.view_fields(seen, player, hidden)
        return seen

    def all_cards(self, state: GameState) -> frozenset[str]:
        return frozenset(state.table.faces)

    def agent(self) -> Agent:
        """The computer player for this game; games with a policy return it here."""
        return RandomAgent()

    def card_name(self, face: str) -> str:
        """How the rules log names a card face; games map their content keys to names."""
        return face
