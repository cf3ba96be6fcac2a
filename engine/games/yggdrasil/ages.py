"""An Age's six phases in order (facts 19): each phase begins when the last one's frames are
all done, and the game ends after the third Age's Release Valhalla (facts 48)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.events import Event
from engine.core.frames import Frame
from engine.core.game import GameState, Outcome
from engine.games.yggdrasil import board
from engine.games.yggdrasil.content import InValhalla, MostInProvince, MostInRegion
from engine.games.yggdrasil.doing import glory, place_name, put, put_all
from engine.games.yggdrasil.events import (
    AgeBegins,
    Doom,
    GameEnds,
    PhaseBegins,
    QuestShown,
    Released,
    made_once,
)
from engine.games.yggdrasil.frames import DISCARDED, YggKeep, asked, choose_stat, draft_round, kill
from engine.games.yggdrasil.state import (
    PHASES,
    RESERVE,
    STATS,
    VALHALLA,
    YggdrasilState,
    deck,
    hand,
    packet,
    quests,
)


def next_phase(state: YggdrasilState) -> list[Event]:
    """Nothing is open and the phase has run its course: begin the next one."""
    at = PHASES.index(state.phase)
    if at + 1 < len(PHASES):
        state.phase = PHASES[at + 1]
        begin = BEGIN[state.phase]
        return [PHASE_BEGINS(state.age, state.phase), *begin(state)]
    return end_of_age(state)


def gods_gifts(state: YggdrasilState) -> list[Event]:
    """Deal 8 to each clan, the rest of the deck away unseen, and draft (facts 20-23); the
    card kept from the last Age waits in ``kept:s`` until the draft is done."""
    state.phase, state.picks = "gifts", 0
    draft = board.content().decks.draft
    age = deck(state.age)
    state.table.shuffle(age, state.rng)
    cards = state.table.cards_in(age)
    for seat in range(state.players):  # each packet dealt in one move, as one card at a time
        put_all(state, cards[seat * draft.dealt:(seat + 1) * draft.dealt], packet(seat))
    put_all(state, cards[state.players * draft.dealt:], "box")
    state.frames.append(draft_round(tuple(range(state.players)),
                                    draft.picks[str(state.players)]))  # type: ignore[index]
    return [AGE_BEGINS(state.age, state.first), PHASE_BEGINS(state.age, "gifts")]


def action(state: YggdrasilState) -> list[Event]:
    """Every clan's Rage is set to its Rage stat; the first player acts first (facts 24)."""
    state.rage = [board.stat(state, "rage", seat) for seat in range(state.players)]
    state.active, state.acted = state.first, False
    return []


def discard(state: YggdrasilState) -> list[Event]:
    """Keep at most one card; in Age 3 every hand is discarded (facts 43)."""
    seats = tuple(s for s in range(state.players) if state.table.cards_in(hand(s)))
    if state.age < 3 and seats:
        state.frames.append(asked(YggKeep, seats, seats))
        return []
    for seat in seats:
        put_all(state, state.table.cards_in(hand(seat)), "box")
    return [DISCARDED(state.age)]


def quest(state: YggdrasilState) -> list[Event]:
    """Committed quests are revealed from the first player on: each fulfilled one pays its
    Glory (twice with Odin's Throne) and a stat step of its clan's choice (facts 44)."""
    out: list[Event] = []
    stat_choices: list[int] = []
    for seat in board.seats_from(state, state.first):
        for c in state.table.cards_in(quests(seat)):
            card = board.card(state, c)
            done = fulfilled(state, seat, card.goal)
            put(state, c, "discard")
            out.append(QUEST_SHOWN(seat, card.name, done))
            if done:
                times = 2 if board.rule(state, seat, "double-quest-glory") else 1
                out.append(glory(state, seat, (card.glory or 0) * times, card.name))
                stat_choices.append(seat)
    for seat in reversed(stat_choices):
        choose_stat(state, seat, "a fulfilled quest")
    return out


def fulfilled(state: YggdrasilState, seat: int, goal: object) -> bool:
    """A quest's goal: most STR (fjords included, a tie fails) in a province or in one
    standing province of a region, or figures enough in Valhalla."""
    if isinstance(goal, InValhalla):
        return sum(1 for f in state.figures.at(VALHALLA)
                   if state.figures[f].owner == seat) >= goal.figures
    if isinstance(goal, MostInProvince):
        return most_str(state, seat, goal.province)
    assert isinstance(goal, MostInRegion)
    return any(most_str(state, seat, p.key) for p in board.content().outer
               if p.region == goal.region and p.key not in state.destroyed)


def most_str(state: YggdrasilState, seat: int, province: str) -> bool:
    places = board.battle_places(state, province)
    mine = board.clan_str(state, seat, places)
    return mine > 0 and all(board.clan_str(state, other, places) < mine
                            for other in range(state.players) if other != seat)


def ragnarok(state: YggdrasilState) -> list[Event]:
    """The Age's province is destroyed for good; everything in it and its fjords dies and
    earns Glory per figure (facts 45). Only the Volur Witch may escape (designed)."""
    province = state.doom[state.age - 1]
    dying = board.figures_in(state, board.battle_places(state, province))
    state.destroyed.add(province)
    state.killed = [0] * state.players
    state.frames.append(DOOM_GLORY)
    return [DOOM(province, place_name(province), state.age),
            *kill(state, dying, "Ragnarök", protection=False)]


def release(state: YggdrasilState) -> list[Event]:
    """Every figure in Valhalla returns to its reserve (facts 46)."""
    out: list[Event] = []
    by_id = state.figures.by_id
    dead: dict[int | None, list[str]] = {}  # each clan's, read once: going back changes it
    for f in state.figures.ids_at(VALHALLA):
        dead.setdefault(by_id[f].owner, []).append(f)
    for seat in board.seats_from(state, state.first):
        back = dead.get(seat, ())
        for f in back:
            state.figures.move(f, RESERVE)
        if back:
            out.append(RELEASED(seat, len(back)))
    return out


def end_of_age(state: YggdrasilState) -> list[Event]:
    """Tokens turn back, the first-player marker passes left (facts 47); after Age 3 the
    stat bonuses and Thor's Conquest are paid and the most Glory wins (facts 48)."""
    state.pillaged.clear()
    if state.age == 3:
        out = final_scoring(state)
        state.glory_by_age.append(tuple(state.glory))
        return out
    state.glory_by_age.append(tuple(state.glory))
    state.first = (state.first + 1) % state.players
    state.age += 1
    return gods_gifts(state)


def final_scoring(state: YggdrasilState) -> list[Event]:
    out: list[Event] = []
    bonus = board.content().clan.end_glory
    for seat in range(state.players):
        for stat in STATS:
            extra = bonus[state.step(stat, seat) - 1]
            if extra:
                out.append(glory(state, seat, extra, f"{stat.capitalize()} at step "
                                 f"{state.step(stat, seat)}"))
        for c in board.gains(state, seat, "game-end-figure"):
            per = next(e.glory for e in c.effects if getattr(e, "on", "") == "game-end-figure")
            count = len(board.on_board(state, seat))
            if count:
                out.append(glory(state, seat, per * count, c.name))  # type: ignore[arg-type]
    best = max(state.glory)
    winners = tuple(s for s in range(state.players) if state.glory[s] == best)
    state.phase = "over"
    state.result = Outcome(winners, "the most Glory after the third Age")
    return [*out, GameEnds(glory=tuple(state.glory), winners=winners)]


# the phases' events, made once for each set of facts (events.made_once)
PHASE_BEGINS = made_once(PhaseBegins, "age", "phase")
AGE_BEGINS = made_once(AgeBegins, "age", "first")
QUEST_SHOWN = made_once(QuestShown, "seat", "card_name", "fulfilled")
RELEASED = made_once(Released, "seat", "count")
DOOM = made_once(Doom, "province", "province_name", "age")

BEGIN = {"gifts": gods_gifts, "action": action, "discard": discard, "quest": quest,
         "ragnarok": ragnarok, "release": release}


@dataclass(frozen=True, slots=True)
class YggDoomGlory(Frame):
    """After Ragnarök's deaths: each figure that died earns the Age's Glory, twice with
    Odin's Inspiration (ruling 24)."""

    def run(self, state: GameState) -> list[Event]:
        assert isinstance(state, YggdrasilState)
        per = board.content().board.ragnarok.glory[state.age - 1]
        out: list[Event] = []
        for seat in range(state.players):
            dead = state.killed[seat]
            if dead:
                times = 2 if board.rule(state, seat, "double-ragnarok-glory") else 1
                out.append(glory(state, seat, dead * per * times, "dying in Ragnarök"))
        state.killed = [0] * state.players
        return out


DOOM_GLORY = YggDoomGlory()  # a frame of no facts: one for every Ragnarök
