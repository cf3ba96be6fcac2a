"""Who decides next: NEGATE chains, counter-card windows and the other interruptions.

Playing a tactics card puts it on the table; if the other player holds a
NEGATE they are prompted to answer, then the first player may NEGATE that
NEGATE, and so on until someone passes. Two NEGATEs may be played together as
one answer (Part 2's double Negate: one goes to RESUPPLY, the second and the
negated card to LOST). The card at the bottom resolves if it was not negated.

Counter windows (designed timing): after an attack on your troop, or an enemy
card move that ends next to one of your troops (a HORSE group move is one card
move, answered once the whole group has moved), you are prompted with the
counter-cards you can use (DISENGAGE, SAVED, SHIELDWALL) until you pass. The
window opens only when there is something you could play, so a player with no
answer is never asked.
"""

from __future__ import annotations

from itertools import combinations

from engine.core.actions import Action
from engine.core.events import Event
from engine.core.prompts import Prompt
from engine.games.tactica import cards as cardmoves
from engine.games.tactica import tactics, war
from engine.games.tactica.actions import (
    ChooseCard,
    Done,
    Move,
    Negate,
    Pass,
    PlaceRescued,
    PlayTactic,
    SpyStack,
    Swap,
)
from engine.games.tactica.board import CONTENT, GEOM, MELEE, TROOP_FACES, board
from engine.games.tactica.cards import label
from engine.games.tactica.movement import group_gathered, group_moves
from engine.games.tactica.state import (
    PLAYED,
    Choice,
    CounterWindow,
    Frame,
    GroupMove,
    NegateChain,
    Phase,
    Rearrange,
    TacticaState,
    barracks,
    hostages,
    searching,
    seat,
    tactics_pile,
    troop_pile,
)

# -- NEGATE -------------------------------------------------------------------------


def negates_held(state: TacticaState, player: int) -> list[str]:
    if tactics.blocked(state, player):
        return []
    faces = state.table.faces
    return [c for c in state.table.zones[barracks(player)].cards or () if faces[c] == "negate"]


def play_card(state: TacticaState, player: int, action: PlayTactic) -> list[Event]:
    play, event = tactics.begin(state, player, action)
    if tactics.negatable(state, play) and negates_held(state, 1 - player):
        state.pending.append(NegateChain(play))
        return [event]
    return [event, *tactics.resolve(state, play)]


def negate_answers(state: TacticaState, frame: NegateChain) -> list[Action]:
    held = negates_held(state, frame.player)
    out: list[Action] = []
    if held:
        out.append(Negate((held[0],)))
    if len(held) >= 2:
        out.append(Negate((held[0], held[1])))
    out.append(Pass())
    return out


def answer_negate(state: TacticaState, frame: NegateChain, action: Action) -> list[Event]:
    state.pending.pop()
    if isinstance(action, Pass):
        return close_chain(state, frame)
    assert isinstance(action, Negate)
    for card in action.cards:
        cardmoves.put(state, card, PLAYED)
    two = " (two together)" if len(action.cards) == 2 else ""
    target = frame.links[-1][1][0] if frame.links else frame.play.card
    events = [Event("negate", f"{seat(frame.player)} plays NEGATE{two} against "
                              f"{label(state, target)}", data={"card": action.cards[0]})]
    chain = NegateChain(frame.play, (*frame.links, (frame.player, action.cards)))
    if negates_held(state, chain.player):
        state.pending.append(chain)
        return events
    return events + close_chain(state, chain)


def close_chain(state: TacticaState, chain: NegateChain) -> list[Event]:
    """Resolve from the top: each standing NEGATE cancels the card right below it."""
    entries = [(chain.play.player, (chain.play.card,)), *chain.links]
    stands = [False] * len(entries)
    stands[-1] = True
    for j in range(len(entries) - 1, 0, -1):
        stands[j - 1] = not stands[j]
    for j in range(1, len(entries)):
        if not stands[j]:
            continue
        used = entries[j][1]
        tactics.route(state, used[0], "resupply")
        dest = "resupply"
        if len(used) > 1:
            tactics.route(state, used[1], "lost")
            dest = "lost"
        for card in entries[j - 1][1]:
            tactics.route(state, card, dest)
    if stands[0]:
        return tactics.resolve(state, chain.play)
    face = state.table.faces[chain.play.card]
    return [Event("negated", f"{tactics.name(face)} is negated", data={"card": chain.play.card})]


# -- counter windows -----------------------------------------------------------------


def open_window(state: TacticaState, player: int, trigger: str) -> None:
    window = CounterWindow(player, trigger)
    if tactics.plays(state, player, window):
        state.pending.append(window)


def engaged(state: TacticaState, troop: str) -> bool:
    """Whether `troop` now stands next to an enemy troop (an engaging move)."""
    b = board(state)
    c = b.pos.get(troop)
    owner = 0 if troop.startswith("sun-") else 1
    return c is not None and b.enemy_adjacent(c, owner)


# -- the other frames ------------------------------------------------------------------


def group_answers(state: TacticaState, frame: GroupMove) -> list[Action]:
    """The group's moves, and Done once every companion stands next to the anchor."""
    b = board(state)
    out: list[Action] = []
    for t in frame.members:
        dests = group_moves(state, b, frame, t)
        out.extend(Move(t, c[0], c[1]) for c in sorted(dests))
    if group_gathered(b, frame):
        out.append(Done())
    return out


def end_group(state: TacticaState, frame: GroupMove) -> list[Event]:
    """Close a HORSE group move: it is one card move, so the defender's counter window
    for an engaging move opens now, once, if a troop that moved ends next to an enemy."""
    state.pending.pop()
    if any(engaged(state, t) for t in frame.moved):
        open_window(state, 1 - frame.player, "move")
    return [Event("horse", "the HORSE group move is over")]


def rearrange_answers(state: TacticaState, frame: Rearrange) -> list[Action]:
    if frame.swaps_left <= 0:
        return []
    b = board(state)
    on = [t for t in frame.members if t in b.pos]
    out: list[Action] = [Swap(a, c) for a, c in combinations(on, 2)]
    if out:
        out.append(Done())
    return out


def melee_pairs(state: TacticaState, player: int) -> list[tuple[str, str]]:
    b = board(state)
    faces = state.table.faces
    out = []
    for t in sorted(b.troops[player]):
        if faces[t] not in MELEE:
            continue
        for n in GEOM.neighbours[b.pos[t]]:
            other = b.troop_at.get(n)
            if (other is not None and other > t and other in b.troops[player]
                    and faces[other] in MELEE):
                out.append((t, other))
    return out


def spy_faces(state: TacticaState, player: int) -> tuple[list[str], list[str]]:
    """The troop faces and the tactics faces among the cards `player` is looking through."""
    faces = state.table.faces
    seen = {faces[c] for c in state.table.zones[searching(player)].cards or ()}
    return (sorted(f for f in seen if f in TROOP_FACES and f != "crown"),
            sorted(f for f in seen if f not in TROOP_FACES or f == "crown"))


def choice_answers(state: TacticaState, frame: Choice) -> list[Action]:
    table = state.table
    if frame.kind == "spy-return":
        return [ChooseCard(c) for c in table.zones[barracks(frame.player)].cards or ()]
    if frame.kind == "ransom":
        return [ChooseCard(c) for c in table.zones[hostages(frame.player)].cards or ()]
    if frame.kind == "spy-stack":
        troop_faces, tactic_faces = spy_faces(state, frame.player)
        return [SpyStack(a, t) for a in ["", *troop_faces] for t in ["", *tactic_faces]]
    if frame.kind == "place-rescued":
        b = board(state)
        if frame.anchor not in b.pos:
            return []
        return [PlaceRescued(c[0], c[1])
                for c in sorted(tactics.rescue_hexes(b, frame.anchor, frame.player))]
    if frame.kind == "saved-swap":
        out: list[Action] = [Swap(a, c) for a, c in melee_pairs(state, frame.player)]
        return [*out, Done()] if out else []
    raise AssertionError(frame.kind)


def frame_answers(state: TacticaState, frame: Frame) -> list[Action]:
    if isinstance(frame, NegateChain):
        return negate_answers(state, frame)
    if isinstance(frame, CounterWindow):
        plays: list[Action] = list(tactics.plays(state, frame.player, frame))
        return [*plays, Pass()] if plays else []
    if isinstance(frame, GroupMove):
        return group_answers(state, frame)
    if isinstance(frame, Rearrange):
        return rearrange_answers(state, frame)
    return choice_answers(state, frame)


def answer_choice(state: TacticaState, frame: Choice, action: Action) -> list[Event]:
    """Carry out a Choice answer (already checked to be one of the frame's answers)."""
    state.pending.pop()
    table = state.table
    p = frame.player
    if frame.kind == "spy-return":
        assert isinstance(action, ChooseCard)
        face = table.faces[action.card]
        pile = troop_pile(p) if face in TROOP_FACES and face != "crown" else tactics_pile(p)
        cardmoves.put(state, action.card, pile, face_up=False)
        kind = "troop" if pile == troop_pile(p) else "tactics"
        return [Event("spy", f"{seat(p)} returns a {kind} card to its pile"),
                *tactics.reshuffle(state, p)]
    if frame.kind == "ransom":
        assert isinstance(action, ChooseCard)
        state.ransom_due.pop(0)
        return war.pay_ransom(state, p, action.card)
    if frame.kind == "spy-stack":
        assert isinstance(action, SpyStack)
        cardmoves.restack(state, p, (action.troop_face, action.tactic_face))
        return [Event("spy", f"{seat(p)} stacks the top of their troop and tactics piles")]
    if frame.kind == "place-rescued":
        assert isinstance(action, PlaceRescued)
        return tactics.rescue(state, p, frame.anchor, frame.subject, (action.q, action.r))
    assert isinstance(action, Swap | Done)
    if isinstance(action, Done):
        return [Event("saved", f"{seat(p)} makes no SAVED swap")]
    return swap(state, p, action)


def swap(state: TacticaState, player: int, action: Swap) -> list[Event]:
    cardmoves.swap(state, action.a, action.b)
    return [Event("swap", f"{seat(player)} swaps {label(state, action.a)} and "
                          f"{label(state, action.b)}")]


# -- settling ------------------------------------------------------------------------

QUESTIONS = {
    "negate": "NEGATE {card}?",
    "counter": "Answer with a counter-card?",
    "horse": "HORSE: move the group (the troop HORSE was played on first)",
    "shieldwall": "SHIELDWALL: switch places within the group",
    "spy-return": "SPY: choose a barracks card to return to its pile",
    "spy-stack": "SPY: choose the cards to put on top of your piles",
    "ransom": "Ransom: choose a hostage to send back",
    "place-rescued": "Choose where the rescued troop appears",
    "saved-swap": "SAVED: swap two adjacent melee troops",
}


def prompt_for(state: TacticaState, frame: Frame) -> Prompt:
    if isinstance(frame, NegateChain):
        target = frame.links[-1][1][0] if frame.links else frame.play.card
        face = state.table.faces[target]
        return Prompt(frame.player, "negate",
                      QUESTIONS["negate"].format(card=CONTENT.name(face)), True, (target,))
    if isinstance(frame, CounterWindow):
        return Prompt(frame.player, "counter", QUESTIONS["counter"], True, (frame.trigger,))
    if isinstance(frame, GroupMove):
        return Prompt(frame.player, "horse", QUESTIONS["horse"], False,
                      (frame.anchor, *frame.members))
    if isinstance(frame, Rearrange):
        return Prompt(frame.player, "shieldwall", QUESTIONS["shieldwall"], False, frame.members)
    return Prompt(frame.player, frame.kind, QUESTIONS[frame.kind], False,
                  tuple(x for x in (frame.subject, frame.anchor) if x))


def settle(state: TacticaState) -> list[Event]:
    """Drop interruptions with nothing left to decide, run RESOLUTION, set the prompt."""
    events: list[Event] = []
    while True:
        if state.result is not None:
            state.pending.clear()
            state.prompt = None
            return events
        if state.pending:
            top = state.pending[-1]
            if not frame_answers(state, top):
                state.pending.pop()
                continue
            state.prompt = prompt_for(state, top)
            return events
        if state.phase is Phase.RESOLUTION:
            events += war.continue_resolution(state)
            continue
        state.prompt = None
        return events
