"""What the main window asks of every game's presenter, with the defaults.

The window and its docks are shared by all games; a presenter says, for its
game, which panels the hand dock shows, which buttons a seat may press, what
the phase bar reads and which roll is about to be made. Everything it
returns is built from a view of the state, and every button carries the
action it would submit, so the window can grey out what the rules refuse and
say why.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from app.board.cards import CardLook
from app.dragdrop import CardDrag
from engine.core.actions import Action
from engine.core.dice import Distribution
from engine.core.game import GameState, Outcome
from engine.core.match import Match
from engine.core.referee import ShuffleZone

if TYPE_CHECKING:
    from app.match_controller import MatchController


@dataclass(frozen=True)
class Panel:
    """One row of the hand dock: a zone's cards, with empty slots drawn up to `slots`."""

    zone: str
    title: str
    cards: list[tuple[str, CardLook, str]] = field(default_factory=list)  # ref, look, tip
    slots: int | None = None
    note: str = ""  # a line under the title, e.g. a character's ability
    portrait: tuple[str, CardLook, str] | None = None  # a card shown first, not draggable


@dataclass(frozen=True)
class Button:
    """A command for the seat at the computer; `action` None shows it disabled."""

    label: str
    tooltip: str
    action: Action | None


@dataclass(frozen=True)
class RollPreview:
    """A roll the rules are about to call for: the dice dock shows its exact odds."""

    pool: str  # DicePool text, e.g. "2d6+1"; empty when no dice decide it (said in caption)
    target: int | None  # succeeds at >= target
    caption: str  # what the roll is for, in the game's words
    # An opposed roll of success pools (Wintergrim's attacks): the exact law of the
    # attacker's successes less the defender's, charted instead of a total; 1 or more wins.
    contest: Distribution | None = None


@dataclass(frozen=True)
class Series:
    """One line of a summary chart: (x, y) points, e.g. (turn, points)."""

    name: str
    points: list[tuple[float, float]]
    colour: str | None = None  # the seat's own colour, where it has one (else the palette's)


@dataclass(frozen=True)
class Chart:
    title: str
    x_label: str
    y_label: str
    series: list[Series]


@dataclass(frozen=True)
class Summary:
    """What the end-of-match summary shows: who won and why, facts, charts over the match."""

    headline: str
    facts: list[tuple[str, str]] = field(default_factory=list)  # (what, value)
    charts: list[Chart] = field(default_factory=list)


T = TypeVar("T")
Work = Generator[None, None, T]
"""Work done a slice at a time: it yields between slices and returns its result. A
summary reads the whole match (TACTICA's war, ~1,000 steps, in 80 ms); in slices the
window keeps answering while it is worked out."""
SUMMARY_SLICE = 100  # steps of a match a summary reads in one turn of the event loop (~7 ms)


def finish(work: Work[T]) -> T:
    """Do all of `work` at once."""
    while True:
        try:
            next(work)
        except StopIteration as done:
            return done.value


class ViewerSeat:
    """The seat at the computer and its legal actions, listed once per state: a table
    whose gestures ask "may this go there?" on every mouse move (TACTICA, Wintergrim)
    reads them here."""

    def __init__(self, controller: MatchController) -> None:
        self.controller = controller
        self.viewer: int | None = None  # the seat whose eyes the table uses
        self._legal_for: GameState | None = None  # held, so its id is never reused meanwhile
        self._legal: list[Action] = []

    def deciding(self) -> bool:
        """Whether the seat at the computer is the one that must decide now."""
        c = self.controller
        return (self.viewer is not None and c.match is not None and c.seat() == self.viewer
                and c.computer_to_move() is None and c.match.outcome() is None)

    def legal(self) -> list[Action]:
        """The deciding seat's legal actions (none while someone else decides)."""
        if not self.deciding():
            return []
        match = self.controller.match_or_fail()
        if match.state is not self._legal_for:
            self._legal_for = match.state
            self._legal = [a for a in match.legal_actions() if not a.referee]
        return self._legal


class GamePresenter:
    """Defaults for the hooks the shared window calls; games override what they use."""

    uses_dice = True  # a game without dice (TACTICA) has the Dice dock put away
    pile_commands = False  # Shuffle / Take top on any pile: free tables only (and referees)
    front_dock = "log"  # the right-hand tab in front at first: "log", "dice" or "piles"

    def hand_zone(self, seat: int) -> str | None:
        return None

    def hand_panels(self, state: GameState, seat: int) -> list[Panel]:
        """The panels the hand dock shows to `seat` (its hand by default)."""
        zone = self.hand_zone(seat)
        if zone is None or zone not in state.table.zones:
            return []
        cards = [(ref, self.look(state, ref), self.tooltip(state, ref))
                 for ref in state.table.cards_in(zone)]
        return [Panel(zone, f"Player {seat + 1}'s hand · {len(cards)} card(s)", cards)]

    def stood_as(self, state: GameState, ref: str) -> str | None:
        """The Hand-dock card that showed `ref` before it was shown itself, where a row
        shows one card for all of a kind (Nordguard's Item deck row): a card restocked
        from it glides from there. None: the card was shown as itself, or not at all."""
        return None

    def buttons(self, state: GameState, seat: int) -> list[Button]:
        return []

    def status(self, state: GameState, seat: int | None) -> str:
        """The phase bar's text: whose turn, which phase, what is left to do."""
        return ""

    def pending_rolls(self, state: GameState) -> list[RollPreview]:
        return []

    def look(self, state: GameState, ref: str) -> CardLook:
        return CardLook(None)

    def tooltip(self, state: GameState, ref: str) -> str:
        return ""

    def card_text(self, state: GameState, ref: str | None) -> str:
        return ""

    def drop_action(self, drag: CardDrag, zone: str, pos: object) -> Action | None:
        return None

    def take_top_action(self, state: GameState, zone: str, seat: int) -> Action | None:
        return None

    def play_from_hand_action(self, state: GameState, ref: str) -> Action | None:
        return None

    def shuffle_action(self, zone: str) -> Action | None:
        """A referee's shuffle: allowed in assisted matches, refused with the reason otherwise."""
        return ShuffleZone(zone)

    def describe(self, state: GameState, action: Action) -> str:
        """An action as the action palette lists it: the rules' words, in the seat's view."""
        return action.describe()

    def summary(self, match: Match) -> Summary:
        """The end-of-match summary, worked out at once."""
        return finish(self.summarize(match))

    def summarize(self, match: Match) -> Work[Summary]:
        """The end-of-match summary, worked out a slice at a time (see Work); games add
        their own facts and charts."""
        outcome = match.outcome()
        assert outcome is not None
        yield from ()
        return Summary(self.ending(match.state, outcome),
                       [("Actions", str(len(match.steps)))])

    def ending(self, state: GameState, outcome: Outcome) -> str:
        """How the status bar announces the end: who won, and why."""
        names = [self.seat_name(state, seat) for seat in outcome.winners]
        if not names:
            return f"Nobody wins: {outcome.reason}"
        verb = "wins" if len(names) == 1 else "win"
        return f"{' and '.join(names)} {verb}: {outcome.reason}"

    def seat_name(self, state: GameState, seat: int) -> str:
        return f"Player {seat + 1}"
