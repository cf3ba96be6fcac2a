"""What happens in a TACTICA war, as facts; each seat's rules-log line is rendered from them.

Events name cards by id and hexes by axial (q, r), and say them the way the
log always has: 'SUN Foot 3', 'hex 4-9'. The summary, the balance figures and
the tests read the facts (`BattleWon.turns`, `Captured.capturer`), never the
text, so the wording can change without changing what they count. The one
private fact is what a draw brought into a barracks: its owner reads the
cards, the other seat how many (engine.core.events).

A card id says its deck, its face and its number (state.py), so a line can
name a card without the table: the rules need not look names up for a line
nobody may ever read.
"""

from __future__ import annotations

from engine.core.events import Event, event
from engine.games.tactica.board import CONTENT, GEOM
from engine.games.tactica.field import Coord
from engine.games.tactica.state import DEPLOYMENT, SIDE_NAMES, Phase, owner_of, seat


def face_of(card: str) -> str:
    """A card's face key, read from its id: 'sun-foot-3' is a foot, 'training-07' training."""
    return card.split("-")[-2]


def label(card: str) -> str:
    """A card as the log names it: 'SUN Foot 3', 'Training 07'."""
    number = card.rsplit("-", 1)[-1]
    owner = owner_of(card)
    name = CONTENT.name(face_of(card))
    return f"{name} {number}" if owner is None else f"{SIDE_NAMES[owner]} {name} {number}"


def card_name(card: str) -> str:
    """A card by its name alone: 'ENGINEER', 'Foot'."""
    return CONTENT.name(face_of(card))


def where(c: Coord) -> str:
    """A hex by the mat's numbers: 'hex 4-9'."""
    col, row = GEOM.offset[c]
    return f"hex {col + 1}-{row + 1}"


# -- the war, its battles and turns ---------------------------------------------------------


@event("battle")
class BattleBegins(Event):
    number: int
    gap: int  # hexes between the wall lines
    first: int  # the seat that goes first

    def say(self, full: bool) -> str:
        return (f"Battle {self.number} begins: the wall lines are {self.gap} hexes apart; "
                f"{seat(self.first)} ({SIDE_NAMES[self.first]}) goes first")


@event("landmark")
class LandmarkPlaced(Event):
    seat: int
    card: str
    side: str  # "ridge" or "ravine", the side face up
    at: Coord

    def say(self, full: bool) -> str:
        return f"{seat(self.seat)} places a {self.side.upper()} at {where(self.at)}"


@event("phase")
class PhaseBegins(Event):
    phase: Phase
    troops: int = 0  # DEPLOYMENT: the troops each side may place

    def say(self, full: bool) -> str:
        if self.phase is DEPLOYMENT:
            return f"DEPLOYMENT: each side places up to {self.troops} troops by its walls"
        return str(self.phase)


@event("turn")
class TurnBegins(Event):
    battle: int
    turn: int  # the turn of this battle
    seat: int

    def say(self, full: bool) -> str:
        return f"Battle {self.battle}, turn {self.turn}: {seat(self.seat)}"


@event("points")
class LandmarksHeld(Event):
    """At the end of a turn: the landmarks `seat` controls, and its points since."""

    seat: int
    landmarks: int
    points: int

    def say(self, full: bool) -> str:
        return (f"{seat(self.seat)} controls {self.landmarks} landmark(s): {self.points} "
                "points")


@event("battle-won")
class BattleWon(Event):
    winner: int
    battle: int
    reason: str
    how: str  # "points", "wipe-out" or "turn limit": the balance figures count them
    turns: int  # the battle's turns, counting this last one

    def say(self, full: bool) -> str:
        return f"{seat(self.winner)} wins battle {self.battle}: {self.reason}"


@event("result")
class WarWon(Event):
    winner: int
    reason: str

    def say(self, full: bool) -> str:
        return f"{seat(self.winner)} ({SIDE_NAMES[self.winner]}) wins the war: {self.reason}"


@event("collect")
class CardsCollected(Event):
    """Between battles every card but the LOST ones goes back to its pile."""

    lost: tuple[int, int]  # cards in each side's LOST

    def say(self, full: bool) -> str:
        returned = ", ".join(f"{SIDE_NAMES[p]} {n} LOST" for p, n in enumerate(self.lost))
        return f"Every card but the LOST ones returns to its pile ({returned})"


# -- piles and barracks ---------------------------------------------------------------------


@event("shuffle")
class Shuffled(Event):
    pile: str  # the zone
    label: str  # how the table names it: 'SUN troop pile'
    count: int

    def say(self, full: bool) -> str:
        return f"{self.label} is shuffled ({self.count} cards)"


@event("draw")
class Drawn(Event):
    """Cards drawn into a barracks: their owner reads which, the other seat how many."""

    seat: int
    pile: str  # "troop" or "tactics"
    count: int
    cards: tuple[str, ...]
    private = ("cards",)

    def say(self, full: bool) -> str:
        if full:
            return f"{seat(self.seat)} draws {', '.join(map(card_name, self.cards))}"
        plural = "s" if self.count > 1 else ""
        return f"{seat(self.seat)} draws {self.count} {self.pile} card{plural}"


@event("route")
class Routed(Event):
    """RESOLUTION: a played tactics card goes where its use says."""

    card: str
    to: str  # the zone's label: 'SUN RESUPPLY'

    def say(self, full: bool) -> str:
        return f"{label(self.card)} goes to {self.to}"


# -- troops on the field ---------------------------------------------------------------------


@event("deploy")
class Deployed(Event):
    seat: int
    troop: str
    at: Coord

    def say(self, full: bool) -> str:
        return f"{seat(self.seat)} deploys {label(self.troop)} at {where(self.at)}"


@event("muster")
class Mustered(Event):
    seat: int
    troop: str
    at: Coord

    def say(self, full: bool) -> str:
        return f"{seat(self.seat)} musters {label(self.troop)} at {where(self.at)}"


@event("train")
class Trained(Event):
    seat: int
    troop: str
    level: int  # 1 or 2

    def say(self, full: bool) -> str:
        return f"{seat(self.seat)} trains {label(self.troop)} to {self.level}x"


@event("move")
class Moved(Event):
    seat: int
    troop: str
    to: Coord

    def say(self, full: bool) -> str:
        return f"{seat(self.seat)} moves {label(self.troop)} to {where(self.to)}"


@event("swap")
class Swapped(Event):
    """SAVED or SHIELDWALL: two troops switch places."""

    seat: int
    troops: tuple[str, str]

    def say(self, full: bool) -> str:
        a, b = self.troops
        return f"{seat(self.seat)} swaps {label(a)} and {label(b)}"


@event("attack")
class Attacked(Event):
    attacker: str
    target: str
    off: int  # what this attack adds
    damage: int  # the target's damage this turn, with it
    defence: int  # damage must exceed this to capture

    def say(self, full: bool) -> str:
        return (f"{label(self.attacker)} attacks {label(self.target)} for {self.off}: "
                f"{self.damage} damage against DEF {self.defence}")


@event("damage")
class Survived(Event):
    """RESOLUTION: a troop whose damage did not exceed its DEF."""

    troop: str
    damage: int

    def say(self, full: bool) -> str:
        return f"{label(self.troop)} survives {self.damage} damage"


@event("lost")
class TrainingLost(Event):
    """A captured troop's training card goes to its owner's LOST (Part 2)."""

    card: str
    troop: str
    owner: int

    def say(self, full: bool) -> str:
        return f"{label(self.card)} under {label(self.troop)} goes to {seat(self.owner)}'s LOST"


@event("capture")
class Captured(Event):
    capturer: int
    troop: str
    points: int  # the capturer's points, with this capture

    def say(self, full: bool) -> str:
        return f"{seat(self.capturer)} captures {label(self.troop)} ({self.points} points)"


@event("crown")
class CrownHostage(Event):
    owner: int

    def say(self, full: bool) -> str:
        return (f"{seat(self.owner)}'s CROWN is a hostage: {seat(self.owner)} must pay a "
                "ransom every RESOLUTION from the next turn on")


@event("ransom")
class RansomPaid(Event):
    seat: int
    hostage: str
    owner: int  # whose RESUPPLY the hostage goes to

    def say(self, full: bool) -> str:
        return (f"{seat(self.seat)} pays a ransom: {label(self.hostage)} goes to "
                f"{seat(self.owner)}'s RESUPPLY")


@event("ransom")
class NoRansom(Event):
    seat: int

    def say(self, full: bool) -> str:
        return (f"{seat(self.seat)} has no hostage to ransom and cannot use tactics cards "
                "until they hold one")


@event("rescue-draw")
class RescueDrawn(Event):
    """A rescue without the RESCUE card frees a hostage chosen at random."""

    seat: int
    hostage: str
    among: int  # the hostages it was chosen from

    def say(self, full: bool) -> str:
        return (f"{seat(self.seat)} attempts a rescue without the card: {label(self.hostage)} "
                f"is chosen at random from {self.among} hostage(s)")


@event("rescue")
class Rescued(Event):
    seat: int
    hostage: str
    at: Coord | None  # where a rescued Champion or CROWN appears; None: to RESUPPLY

    def say(self, full: bool) -> str:
        if self.at is None:
            return f"{seat(self.seat)} rescues {label(self.hostage)} to RESUPPLY"
        return f"{seat(self.seat)} rescues {label(self.hostage)}, who appears at {where(self.at)}"


# -- tactics cards ---------------------------------------------------------------------------


@event("play")
class TacticPlayed(Event):
    seat: int
    card: str
    phase: str  # "muster", "movement" or "combat"
    target: str = ""

    def say(self, full: bool) -> str:
        on = f" on {label(self.target)}" if self.target else ""
        return f"{seat(self.seat)} plays {card_name(self.card)}{on} ({self.phase.upper()})"


@event("pass")
class Passed(Event):
    """A seat lets a window go by: the log says only that it passed."""

    seat: int

    def say(self, full: bool) -> str:
        return f"{seat(self.seat)} passes"


@event("negate")
class NegatePlayed(Event):
    seat: int
    cards: tuple[str, ...]  # one NEGATE, or two together
    against: str  # the card it answers

    def say(self, full: bool) -> str:
        two = " (two together)" if len(self.cards) == 2 else ""
        return f"{seat(self.seat)} plays NEGATE{two} against {label(self.against)}"


@event("negated")
class Negated(Event):
    card: str

    def say(self, full: bool) -> str:
        return f"{card_name(self.card)} is negated"


@event("fizzle")
class NoEffect(Event):
    card: str
    reason: str

    def say(self, full: bool) -> str:
        return f"{card_name(self.card)} has no effect: {self.reason}"


@event("crown")
class CrownTakesPlace(Event):
    """CROWN replaces a Champion or Foot, which returns to the barracks."""

    card: str
    replaced: str
    at: Coord

    def say(self, full: bool) -> str:
        old = label(self.replaced)
        return (f"the CROWN takes the place of {old} at {where(self.at)}; {old} returns to the "
                "barracks")


@event("disengage")
class Disengaged(Event):
    """DISENGAGE in MOVEMENT, played on a locked troop: it may move this phase."""

    troop: str

    def say(self, full: bool) -> str:
        return f"{label(self.troop)} may move this phase although enemies are next to it"


@event("disengage")
class DisengagedTo(Event):
    """DISENGAGE in answer to an engaging move: the troop steps away."""

    troop: str
    to: Coord

    def say(self, full: bool) -> str:
        return f"{label(self.troop)} disengages to {where(self.to)}"


@event("disengage")
class FallBackReady(Event):
    """DISENGAGE in answer to an attack: +1 DEF, and a hex to fall back to in RESOLUTION."""

    troop: str
    to: Coord

    def say(self, full: bool) -> str:
        return (f"{label(self.troop)} gains +1 DEF and will fall back to {where(self.to)} if "
                "it survives")


@event("disengage")
class FellBack(Event):
    troop: str
    to: Coord

    def say(self, full: bool) -> str:
        return f"{label(self.troop)} falls back to {where(self.to)}"


@event("engineer")
class Engineered(Event):
    troop: str

    def say(self, full: bool) -> str:
        return f"{label(self.troop)} ignores landmark and wall movement costs this phase"


@event("engineer")
class FeatureRemoved(Event):
    """ENGINEER in COMBAT: a wall or landmark leaves the war."""

    feature: str
    owner: int

    def say(self, full: bool) -> str:
        return (f"{label(self.feature)} is removed from the war and goes to "
                f"{seat(self.owner)}'s LOST")


@event("damage")
class AttackRecounted(Event):
    """An attack made this phase, counted again without the feature ENGINEER removed."""

    feature: str
    attacker: str
    target: str
    change: int
    damage: int  # the target's damage now

    def say(self, full: bool) -> str:
        return (f"without {label(self.feature)}, the attack of {label(self.attacker)} counts "
                f"{self.change:+d}: {label(self.target)} has {self.damage} damage")


@event("horse")
class GroupMoves(Event):
    """HORSE in MOVEMENT: the troop and its neighbours move as a group."""

    troop: str
    companions: int

    def say(self, full: bool) -> str:
        return (f"HORSE: {label(self.troop)} and {self.companions} adjacent troop(s) gain 2 "
                "MOV for the first card move")


@event("horse")
class GroupMoveOver(Event):
    def say(self, full: bool) -> str:
        return "the HORSE group move is over"


@event("horse")
class Charge(Event):
    """HORSE in COMBAT."""

    troop: str

    def say(self, full: bool) -> str:
        return f"{label(self.troop)} gains +1 OFF for its attack"


@event("press")
class Climbing(Event):
    """PRESS in MOVEMENT: the troop may go onto an enemy wall."""

    troop: str

    def say(self, full: bool) -> str:
        return f"{label(self.troop)} may climb an enemy wall this phase"


@event("press")
class Pressed(Event):
    """PRESS in COMBAT."""

    troop: str
    bonus: int

    def say(self, full: bool) -> str:
        return f"{label(self.troop)} gains +{self.bonus} OFF against an adjacent enemy"


@event("damage")
class MoreDamage(Event):
    """PRESS played after its troop's attack adds to that attack."""

    troop: str
    more: int
    damage: int  # the troop's damage now

    def say(self, full: bool) -> str:
        return f"{label(self.troop)} takes {self.more} more damage ({self.damage} in all)"


@event("saved")
class SwapDue(Event):
    """SAVED in MOVEMENT: the swap waits for the end of movement."""

    seat: int

    def say(self, full: bool) -> str:
        return f"{seat(self.seat)} may swap two adjacent melee troops once movement is over"


@event("saved")
class NoSwap(Event):
    seat: int

    def say(self, full: bool) -> str:
        return f"{seat(self.seat)} makes no SAVED swap"


@event("saved")
class Defended(Event):
    """SAVED in COMBAT: DEF from the troop's defenders."""

    troop: str
    bonus: int

    def say(self, full: bool) -> str:
        return f"{label(self.troop)} gains +{self.bonus} DEF from its defenders"


@event("saved")
class SavedSwapped(Event):
    """RESOLUTION: a SAVED troop that survived switches places with its defender."""

    troop: str
    partner: str

    def say(self, full: bool) -> str:
        return f"{label(self.troop)} and {label(self.partner)} swap places"


@event("shieldwall")
class ShieldwallOpened(Event):
    """SHIELDWALL in MOVEMENT: the group may switch places."""

    troop: str

    def say(self, full: bool) -> str:
        return f"{label(self.troop)} and its adjacent melee troops may switch places"


@event("shieldwall")
class ShieldwallFormed(Event):
    def say(self, full: bool) -> str:
        return "the SHIELDWALL is formed"


@event("shieldwall")
class ShieldwallRaised(Event):
    """SHIELDWALL in COMBAT."""

    foot: int  # the Foot that gain +2 DEF

    def say(self, full: bool) -> str:
        return f"SHIELDWALL: {self.foot} Foot gain +2 DEF this combat"


@event("spy")
class BarracksSeen(Event):
    """SPY in MUSTER: the enemy's barracks and training, shown to the spy."""

    seat: int
    enemy: int
    cards: tuple[str, ...]
    training: tuple[tuple[str, int], ...]  # (troop, level) of each trained enemy troop

    def say(self, full: bool) -> str:
        names = ", ".join(map(label, self.cards)) or "nothing"
        levels = ", ".join(f"{label(t)} {n}x" for t, n in self.training) or "no trained troops"
        return (f"SPY: {seat(self.seat)} sees {seat(self.enemy)}'s barracks: {names}; "
                f"training: {levels}")


@event("spy")
class PilesSearched(Event):
    """SPY in MOVEMENT: the spy looks through its own piles."""

    seat: int

    def say(self, full: bool) -> str:
        return f"SPY: {seat(self.seat)} looks through their troop and tactics piles"


@event("spy")
class PilesStacked(Event):
    seat: int

    def say(self, full: bool) -> str:
        return f"{seat(self.seat)} stacks the top of their troop and tactics piles"


@event("spy")
class ReturnDue(Event):
    """SPY in COMBAT: the enemy must return a barracks card."""

    seat: int

    def say(self, full: bool) -> str:
        return f"SPY: {seat(self.seat)} must return a barracks card to its pile"


@event("spy")
class CardReturned(Event):
    seat: int
    pile: str  # "troop" or "tactics"

    def say(self, full: bool) -> str:
        return f"{seat(self.seat)} returns a {self.pile} card to its pile"
