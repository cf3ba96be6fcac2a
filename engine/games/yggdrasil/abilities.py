"""Every "when / if / after" text of Yggdrasil's cards as a core ability.

The core collects what an event triggered and resolves it by priority class, then
clockwise from the pillager (`start_seat`): Thor's Primacy (class 1), Heimdall's Watch
(class 2), then everything else (class 3) (rulings 3, 4, 23). A battle card's text works
only while it is revealed and not cancelled, and only for the reveal it came with (a
Watch that forces new cards must not let the old ones act again).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from engine.core.events import Event
from engine.core.frames import Ability
from engine.games.yggdrasil import board
from engine.games.yggdrasil.battle import (
    YggKeepOne,
    begin_pillage,
    lay_cards,
)
from engine.games.yggdrasil.content import DestroyOnInvade, Gain, Take
from engine.games.yggdrasil.doing import glory, put, rage, raise_stat
from engine.games.yggdrasil.events import CardWorks
from engine.games.yggdrasil.frames import (
    YggLeaderMove,
    choose_stat,
    kill,
    offer,
)
from engine.games.yggdrasil.state import YggdrasilState, figure_id, sheet, shown

SEATS = range(4)
Facts = dict[str, Any]
Whose = Callable[[YggdrasilState, Event], int | None]
SHEETS = tuple(sheet(k) for k in SEATS)  # each clan's sheet, by seat


def _bare(state: YggdrasilState, seat: int) -> bool:
    """Whether `seat`'s sheet holds no upgrade, so that no upgrade's text is its (most
    sheets, most of a match): read before the sheet itself by the texts every invasion
    and every death asks after."""
    return not state.table.zones[SHEETS[seat]].cards


def _fresh(state: YggdrasilState, facts: Facts) -> bool:
    """A revealed card's text stands only for the reveal it came with: once Heimdall's
    Watch has discarded the cards and new ones are laid, what the old ones triggered is
    dropped unasked (ruling 20)."""
    return facts.get("round") == state.reveals


def _text(key: str) -> Callable[[int], Whose]:
    """Whose a text waiting for the reveal is, seat by seat: the clan `k` if it is in the
    battle and shows a card whose text `key` still works (board.has_live_text, read in
    whose own call, its zone named once: every reveal asks it of every clan for each of
    four texts)."""
    def of(k: int) -> Whose:
        zone = shown(k)

        def whose(state: YggdrasilState, event: Event) -> int | None:
            if k not in state.fighters:
                return None
            table, having, cancelled = state.table, board.with_rule(key), state.cancelled
            faces = table.faces
            for card in table.zones[zone].cards:
                if card not in cancelled and faces[card] in having:
                    return k
            return None
        return whose
    return of


def _in_battle(holds: Callable[[YggdrasilState, int], bool]) -> Callable[[int], Whose]:
    """Whose an ability is, seat by seat: the clan `k` if it is in the battle and `holds`."""
    def of(k: int) -> Whose:
        return lambda state, event: k if k in state.fighters and holds(state, k) else None
    return of


def _per_seat(name: str, on: str, whose: Callable[[int], Whose],
              effect: Callable[[YggdrasilState, int, Facts], list[Event]], order: int = 3,
              may: bool = False, prompt: str = "",
              live: Callable[[YggdrasilState, Facts], bool] | None = None,
              ) -> tuple[Ability, ...]:
    """One ability per seat (`whose(k)` says whether it is seat k's): an event such as a
    reveal can trigger it for several clans, each resolving in its turn from the pillager.
    Only seats at the table fight: the clans in the battle are asked and no other."""
    return tuple(Ability(name, on=on, whose=whose(k), effect=effect, order=order, may=may,
                         prompt=prompt, live=live) for k in SEATS)


def _gain(state: YggdrasilState, seat: int, gain: Gain, why: str, times: int = 1,
          but: str = "") -> list[Event]:
    """Pay a Gain: Glory and Rage `times` over, and its stat steps."""
    out: list[Event] = []
    if gain.glory and times:
        out.append(glory(state, seat, gain.glory * times, why))
    if gain.rage and times:
        out.append(rage(state, seat, gain.rage * times, why))
    if gain.stats == "all":
        for stat in ("rage", "axes", "horns"):
            out += raise_stat(state, seat, stat, why)
    elif gain.stats in ("any", "another"):
        choose_stat(state, seat, why, but if gain.stats == "another" else "")
    return out


def _gains(cards: list[str], state: YggdrasilState, on: str) -> list[tuple[str, Gain]]:
    return [(c, e) for c in cards for e in board.card(state, c).effects
            if isinstance(e, Gain) and e.on == on]


def _live_shown(state: YggdrasilState, seat: int) -> list[str]:
    return [c for c in board.shown_cards(state, seat) if c not in state.cancelled]


# -- the reveal (facts 37, 67) -------------------------------------------------------------
def _primacy(state: YggdrasilState, seat: int, facts: Facts) -> list[Event]:
    """Thor's Primacy: the texts of every opponent's revealed cards do nothing; their STR
    counts (ruling 23)."""
    if not board.has_live_text(state, seat, "cancel-texts"):
        return []
    hit = [c for s in state.fighters if s != seat for c in board.shown_cards(state, s)]
    state.cancelled.update(hit)
    names = ", ".join(board.name(state, c) for c in hit) or "nothing"
    return [CardWorks(seat=seat, card_name="Thor's Primacy", outcome=f"cancels {names}")]


def _watch(state: YggdrasilState, seat: int, facts: Facts) -> list[Event]:
    """Heimdall's Watch: every revealed card is discarded for good, its player gains their
    +STR in Glory, and every clan with cards lays a new one (ruling 20)."""
    if not board.has_live_text(state, seat, "discard-and-replay"):
        return []
    revealed = [c for s in state.fighters for c in board.shown_cards(state, s)]
    worth = sum(board.card_str(state, board.owner_of_shown(state, c), c) for c in revealed)
    for c in revealed:
        put(state, c, "discard")
        state.boosted.pop(c, None)
    out: list[Event] = [CardWorks(seat=seat, card_name="Heimdall's Watch",
                                  outcome="every revealed card is discarded; new cards "
                                          "are laid")]
    if worth:
        out.append(glory(state, seat, worth, "Heimdall's Watch"))
    lay_cards(state)
    return out


def _smite(state: YggdrasilState, seat: int, facts: Facts) -> list[Event]:
    """Odin's Smite: one Warrior of each opponent in the battle dies (ruling 10)."""
    out: list[Event] = []
    for _ in board.live_text(state, seat, "smite-warrior"):
        dying = []
        for other in state.fighters:
            if other == seat:
                continue
            warriors = [f for f in board.figures_in(state, board.battle_places(state, state.fight))
                        if state.figures[f].owner == other and state.figures[f].kind == "warrior"]
            dying += warriors[:1]
        out += kill(state, dying, "Odin's Smite")
    return out


def _tide(state: YggdrasilState, seat: int, facts: Facts) -> list[Event]:
    """Odin's Tide: every clan in the battle keeps one figure there; the rest die."""
    if not board.has_live_text(state, seat, "keep-one-figure"):
        return []
    places = board.battle_places(state, state.fight)
    for other in reversed(state.fighters):
        if len([f for f in board.figures_in(state, places)
                if state.figures[f].owner == other]) > 1:
            state.frames.append(YggKeepOne(seats=(other,)))
    return [CardWorks(seat=seat, card_name="Odin's Tide",
                      outcome="every clan keeps one figure in the battle")]


def _quest_bonus(state: YggdrasilState, seat: int) -> int:
    return board.clan_sheet(state, seat).quest_bonus


def _unboosted_quests(state: YggdrasilState, seat: int) -> list[str]:
    return [c for c in board.shown_cards(state, seat)
            if board.card(state, c).kind == "quest" and c not in state.boosted]


def _boost(state: YggdrasilState, seat: int, facts: Facts) -> list[Event]:
    """Tyr's Domain, Tyr's Wrath: a revealed quest may count as a battle card (ruling 19)."""
    bonus = _quest_bonus(state, seat)
    out: list[Event] = []
    for c in _unboosted_quests(state, seat):
        state.boosted[c] = bonus
        out.append(CardWorks(seat=seat, card_name=board.name(state, c),
                             outcome=f"counts as a +{bonus} battle card"))
    return out


# -- winning, losing, and what a battle cost (facts 41, 42, 67) ----------------------------------
def _winner(state: YggdrasilState, event: Event) -> int | None:
    """The winner, when a card it revealed pays for winning (_on_win)."""
    seat = event.seat  # type: ignore[attr-defined]
    return seat if board.shows_live(state, seat, board.gaining("win")) else None


def _on_win(state: YggdrasilState, seat: int, facts: Facts) -> list[Event]:
    """Thor's Hammer, Thor's Oath, Thor's Ascension."""
    out: list[Event] = []
    for c, gain in _gains(_live_shown(state, seat), state, "win"):
        out += _gain(state, seat, gain, board.name(state, c))
    return out


def _taker(state: YggdrasilState, event: Event) -> int | None:
    seat = event.seat  # type: ignore[attr-defined]
    if event.winner < 0:  # type: ignore[attr-defined]
        return None
    return seat if board.shows_live(state, seat, board.taking()) else None


def _take(state: YggdrasilState, seat: int, facts: Facts) -> list[Event]:
    """Loki's Trickery and Backstab: the loser takes Rage or Glory from the winner, never
    more than it has (ruling 17; designed for Glory)."""
    winner = facts["winner"]
    out: list[Event] = []
    for c in _live_shown(state, seat):
        for e in board.card(state, c).effects:
            if not isinstance(e, Take) or e.cards:
                continue
            why = board.name(state, c)
            if e.rage:
                got = min(e.rage, state.rage[winner])
                if got:
                    out += [rage(state, winner, -got, why), rage(state, seat, got, why)]
            if e.glory:
                got = min(e.glory, max(0, state.glory[winner]))
                if got:
                    out += [glory(state, winner, -got, why), glory(state, seat, got, why)]
    return out


def _blessed(state: YggdrasilState, event: Event) -> int | None:
    seat = event.seat  # type: ignore[attr-defined]
    if _bare(state, seat) or board.rule(state, seat, "invade-after-loss") is None:
        return None
    return seat


def _blessing(state: YggdrasilState, seat: int, facts: Facts) -> list[Event]:
    """Loki's Blessing: a Warrior from the reserve may invade where the clan lost, even
    Yggdrasil (ruling 6)."""
    offer(state, seat, ("warrior",), "blessing", (facts["province"],))
    return []


def _pillager(state: YggdrasilState, event: Event) -> int | None:
    """The pillager, when a card it revealed or an upgrade on its sheet may pay for the
    pillage (_on_pillage); most pillages have none, and its frame would resolve to
    nothing."""
    seat = event.seat  # type: ignore[attr-defined]
    if board.shows_live(state, seat, board.gaining("pillage")):
        return seat
    sheet = board.clan_sheet(state, seat)
    if not sheet.gains("pillage-with-leader") and \
            sheet.rules.get("leader-moves-after-pillage") is None:
        return None
    leader_at = state.figures[figure_id(seat, "leader")].at
    return seat if leader_at == event.province else None  # type: ignore[attr-defined]


def _on_pillage(state: YggdrasilState, seat: int, facts: Facts) -> list[Event]:
    """Frigga's Grace (another stat, ruling 11), and the Leader upgrades when the Leader
    stands in the pillaged province: Lord of Axes, Lord of Spears, Lord of Hammers."""
    out: list[Event] = []
    kind = state.tokens[facts["province"]]
    but = kind if kind in ("rage", "axes", "horns") else ""
    for c, gain in _gains(_live_shown(state, seat), state, "pillage"):
        out += _gain(state, seat, gain, board.name(state, c), but=but)
    leader = figure_id(seat, "leader")
    if state.figures[leader].at != facts["province"]:
        return out
    for c in board.upgrades(state, seat):
        for e in c.effects:
            if isinstance(e, Gain) and e.on == "pillage-with-leader":
                out += _gain(state, seat, e, c.name)
        if c.rule("leader-moves-after-pillage") is not None:
            move = YggLeaderMove(seats=(seat,), figure=leader)
            if move.answers(state, seat):
                state.frames.append(move)
    return out


def _pays(gain: Gain, times: int) -> bool:
    """Whether `_gain` pays anything for `gain` paid `times` over (stat steps come once
    whatever the times)."""
    return bool(times and (gain.glory or gain.rage)) or gain.stats != "none"


def _deaths_paid(state: YggdrasilState, seat: int) -> list[tuple[Gain, str, int]]:
    """What a battle's deaths pay `seat`: each gain, its card's name and how many times.
    Odin's Judgement (every death), the Valkyrie (enemy deaths) and Thor's Glory (two or
    more enemy deaths, paid once: ruling 10)."""
    killed = state.killed
    deaths = sum(killed)
    enemies = deaths - killed[seat]
    out = [(gain, board.name(state, c), deaths)
           for c, gain in _gains(_live_shown(state, seat), state, "figure-destroyed")]
    for f in state.joined:
        m = board.monster(state.figures[f].kind)
        if state.figures[f].owner == seat and m is not None:
            out += [(e, m.name, enemies) for e in m.effects
                    if isinstance(e, Gain) and e.on == "enemy-destroyed-with-this"]
    if enemies >= 2:
        out += [(_gain_of(c, "two-enemies-destroyed"), c.name, 1)
                for c in board.gains(state, seat, "two-enemies-destroyed")]
    return out


def _may_be_paid(state: YggdrasilState, seat: int) -> bool:
    """Whether `seat` has anything at all that pays for deaths (what _deaths_paid reads:
    a revealed Odin's Judgement, a Valkyrie that joined, Thor's Glory on its sheet), read
    without naming what it pays: every clan in every battle is asked, and most have
    nothing."""
    if board.shows_live(state, seat, board.gaining("figure-destroyed")):
        return True
    killers, by_id = _killers(), state.figures.by_id
    for f in state.joined:
        e = by_id[f]
        if e.owner == seat and e.kind in killers:
            return True
    return not _bare(state, seat) and \
        bool(board.clan_sheet(state, seat).gains("two-enemies-destroyed"))


@cache
def _killers() -> frozenset[str]:
    """The monsters (by kind) that gain when enemies die in a battle they joined."""
    return frozenset(key for key, c in board.content().cards.items() if c.kind == "monster"
                     and any(isinstance(e, Gain) and e.on == "enemy-destroyed-with-this"
                             for e in c.effects))


def _tallied(k: int) -> Callable[[YggdrasilState, Event], int | None]:
    """Whose "Deaths in battle" it is: a clan in the battle that its deaths pay. Most
    battles pay nobody, and a frame for each clan, pushed and resolved to nothing, was
    most of what ending a battle cost; the frames resolve at once, one after another,
    and pay only Glory, so none is ever seen on the stack or changes what another pays."""
    def whose(state: YggdrasilState, event: Event) -> int | None:
        if k in state.fighters and _may_be_paid(state, k) and \
                any(_pays(gain, times) for gain, _, times in _deaths_paid(state, k)):
            return k
        return None
    return whose


def _tally(state: YggdrasilState, seat: int, facts: Facts) -> list[Event]:
    """Pay what the battle's deaths pay the clan (_deaths_paid)."""
    out: list[Event] = []
    for gain, why, times in _deaths_paid(state, seat):
        out += _gain(state, seat, gain, why, times=times)
    return out


def _gain_of(card: Any, on: str) -> Gain:
    return next(e for e in card.effects if isinstance(e, Gain) and e.on == on)


# -- invading, dying, coming back ----------------------------------------------------------------
def _crusher(state: YggdrasilState, event: Event) -> int | None:
    if state.figures.by_id[event.figure].kind in _crushers():  # type: ignore[attr-defined]
        return event.seat  # type: ignore[attr-defined]
    return None


@cache
def _crushers() -> frozenset[str]:
    """The monsters (by kind) whose invasion destroys enemy figures (_crush), read once:
    every invasion asks."""
    return frozenset(key for key, c in board.content().cards.items() if c.kind == "monster"
                     and any(isinstance(e, DestroyOnInvade) for e in c.effects))


def _crush(state: YggdrasilState, seat: int, facts: Facts) -> list[Event]:
    """The Troll and the Fire Giant: enemy figures of the kinds named die where it
    invades, the Fire Giant's reaching into the fjords (ruling 22)."""
    figure = facts["figure"]
    m = board.monster(state.figures[figure].kind)
    assert m is not None
    crush = next(e for e in m.effects if isinstance(e, DestroyOnInvade))
    place = state.figures[figure].at
    places = board.battle_places(state, place) if crush.fjords else (place,)
    dying = [f for f in board.figures_in(state, places)
             if state.figures[f].owner != seat and state.figures[f].kind in crush.figures]
    return kill(state, dying, f"the {m.name} invades")


def _succoured(state: YggdrasilState, event: Event) -> int | None:
    seat = event.seat  # type: ignore[attr-defined]
    if event.how == "extra" or _bare(state, seat) or \
            board.rule(state, seat, "extra-warrior-on-invade") is None:  # type: ignore[attr-defined]
        return None
    return seat


def _succor(state: YggdrasilState, seat: int, facts: Facts) -> list[Event]:
    """Frigga's Succor: one Warrior more where the figure invaded; beside a ship's fjord,
    in either province it supports (ruling 13)."""
    place = state.figures[facts["figure"]].at
    places = tuple(board.supported(state, place)) if board.is_fjord(place) else (place,)
    offer(state, seat, ("warrior",), "extra", places)
    return []


def _domain(state: YggdrasilState, event: Event) -> int | None:
    """Thor's Domain may pillage where a clan has just invaded (never in a battle under
    way, and once for an invasion with Frigga's Succor's Warrior, designed)."""
    seat, to, how = event.seat, event.to, event.how  # type: ignore[attr-defined]
    if state.fight or how == "extra" or to in state.pillaged or board.is_fjord(to):
        return None  # asked first: what the event says is read without the clan's sheet
    if _bare(state, seat):
        return None
    rule = board.rule(state, seat, "pillage-after-invade")
    if rule is None or state.rage[seat] < rule.params["rage"]:
        return None
    return seat


def _pillage_now(state: YggdrasilState, seat: int, facts: Facts) -> list[Event]:
    rule = board.rule(state, seat, "pillage-after-invade")
    assert rule is not None
    if state.fight or facts["to"] in state.pillaged:
        return []
    return begin_pillage(state, seat, facts["to"], rule.params["rage"])


def _shipwright(state: YggdrasilState, event: Event) -> int | None:
    seat = event.seat  # type: ignore[attr-defined]
    if event.ship and not _bare(state, seat) and \
            board.clan_sheet(state, seat).gains("ship-destroyed"):  # type: ignore[attr-defined]
        return seat
    return None


def _ship_lost(state: YggdrasilState, seat: int, facts: Facts) -> list[Event]:
    """Loki's, Fire and Eternal Dragons: Glory for each ship of yours destroyed (never
    doubled by Odin's Inspiration, ruling 24)."""
    return [out for c in board.gains(state, seat, "ship-destroyed")
            for out in _gain(state, seat, _gain_of(c, "ship-destroyed"), c.name)]


def _released_whose(state: YggdrasilState, event: Event) -> int | None:
    seat = event.seat  # type: ignore[attr-defined]
    if _bare(state, seat) or not board.clan_sheet(state, seat).gains("released"):
        return None
    return seat


def _released(state: YggdrasilState, seat: int, facts: Facts) -> list[Event]:
    """Loki's Domain, Eminence and Wrath: Glory per figure released from Valhalla."""
    return [out for c in board.gains(state, seat, "released")
            for out in _gain(state, seat, _gain_of(c, "released"), c.name,
                             times=facts["count"])]


ABILITIES: tuple[Ability, ...] = (
    *_per_seat("Thor's Primacy", "ygg-revealed", _text("cancel-texts"), _primacy, order=1,
               live=_fresh),
    *_per_seat("Heimdall's Watch", "ygg-revealed", _text("discard-and-replay"), _watch,
               order=2, live=_fresh),
    *_per_seat("Odin's Smite", "ygg-revealed", _text("smite-warrior"), _smite, live=_fresh),
    *_per_seat("Odin's Tide", "ygg-revealed", _text("keep-one-figure"), _tide, live=_fresh),
    *_per_seat("Quest card as battle strength", "ygg-revealed",
               _in_battle(lambda s, k: _quest_bonus(s, k) > 0 and bool(_unboosted_quests(s, k))),
               _boost,
               may=True, prompt="Count your revealed quest as a battle card?", live=_fresh),
    Ability("On winning", on="ygg-won", whose=_winner, effect=_on_win),
    Ability("Loki takes from the winner", on="ygg-lost", whose=_taker, effect=_take),
    Ability("Loki's Blessing", on="ygg-lost", whose=_blessed, effect=_blessing),
    Ability("On pillaging", on="ygg-pillaged", whose=_pillager, effect=_on_pillage),
    *(Ability("Deaths in battle", on="ygg-over", whose=_tallied(k), effect=_tally)
      for k in SEATS),
    Ability("Crushing invasion", on="ygg-invaded", whose=_crusher, effect=_crush, order=1),
    Ability("Frigga's Succor", on="ygg-invaded", whose=_succoured, effect=_succor, order=3),
    Ability("Thor's Domain", on="ygg-invaded", whose=_domain, effect=_pillage_now, order=3,
            may=True, prompt="Thor's Domain: pay Rage to pillage this province at once?"),
    Ability("Dragons", on="ygg-destroyed", whose=_shipwright, effect=_ship_lost),
    Ability("Loki's gifts of return", on="ygg-released", whose=_released_whose,
            effect=_released),
)
