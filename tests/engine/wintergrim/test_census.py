"""The census (world.Census) and the layout (world.Layout) kept on a state must answer as
the pieces do, whatever way the state came about: played on, cloned and played
differently (a step at a time on the same state), undone, loaded."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from engine.core import saves
from engine.core.game import GameState, RuleMode
from engine.core.match import Match
from engine.core.rng import Rng
from engine.games.wintergrim import placing, world
from engine.games.wintergrim.content import Card
from engine.games.wintergrim.doing import to_removed
from engine.games.wintergrim.events import FoodShort, PlayerOut, Won
from engine.games.wintergrim.state import PLAYED, SKY, WintergrimOptions, WintergrimState
from engine.games.wintergrim.turns import TURN_TOKENS, next_turn
from tests.engine.wintergrim.helpers import GAME, P2, begun, bring, hq, piece


def _read_afresh(state: GameState) -> tuple[list[int], set[int | None]]:
    """Food and the HQ holders by the rulebook's definitions, from every piece in play."""
    assert isinstance(state, WintergrimState)
    foods = [0] * state.players
    tended: set[str] = set()
    for ident, entity in state.pieces.by_id.items():
        card = world.card_of(state, ident)
        if entity.owner is not None:
            foods[entity.owner] += card.food
            if entity.inside and card.is_("worker"):
                tended.add(entity.inside)
    for ident in tended:
        power = world.card_of(state, ident).power("tended")
        owner = state.pieces[ident].owner
        if power is not None and owner is not None:
            foods[owner] += power.amount  # type: ignore[union-attr]
    holders = {e.owner for i, e in state.pieces.by_id.items()
               if e.at == i and world.card_of(state, i).hq}
    return foods, holders


def _board_afresh(state: WintergrimState) -> dict[str, object]:
    """What a listing reads of the board (world.Ground), by the rulebook's definitions,
    from every piece in play."""
    on_board = {i: e for i, e in state.pieces.by_id.items() if e.at != PLAYED}
    areas = [i for i, e in on_board.items() if e.at == i]
    structures = [i for i in on_board if world.card_of(state, i).kind == "structure"]
    seats = range(-1, state.players)
    realms = {seat: {world.card_of(state, i).realm for i, e in on_board.items()
                     if e.owner == seat} for seat in seats}
    asked = _asked(state)
    return {
        "unmet": {(seat, card.key): next((r for r in card.req if not any(
            (r.kind is None or c.kind == r.kind) and (r.realm is None or c.realm == r.realm)
            and (r.role is None or r.role in c.roles)
            and (r.structure is None or c.structure == r.structure)
            and (r.card is None or c.key == r.card)
            for c in (world.card_of(state, i) for i, e in on_board.items()
                      if e.owner == seat))), None)
            for seat in seats for card in asked},
        "homes": {(seat, card.key): [(on_board[i].at, i) for i in structures
                                     if on_board[i].owner == seat
                                     and placing.houses(world.card_of(state, i), card)]
                  for seat in seats for card in asked if card.kind == "unit"},
        "areas": areas,
        "area_owner": {a: on_board[a].owner for a in areas},
        "structures_at": {a: [i for i in structures if on_board[i].at == a]
                          for a in {on_board[i].at for i in structures}},
        "room": {i: world.room_left(state, i) for i in structures},
        "units": {seat: world.units(state, seat) for seat in seats},
        "held": {seat: sorted((world.card_of(state, i).key, e.at) for i, e in on_board.items()
                              if e.owner == seat) for seat in seats},
        "weather": any(e.at == SKY for e in on_board.values()),
        "realms": realms,
        "ways": {(seat, here): [there for there in areas if there != here and (
            (on_board[here].owner == seat and on_board[there].owner == seat) or any(
                (p := world.card_of(state, a).power("passage")) is not None
                and p.realm in realms[seat] for a in (here, there)))]  # type: ignore[union-attr]
            for seat in seats for here in areas},
    }


def _asked(state: WintergrimState) -> list[Card]:
    """The cards of the match with requirements, none of them local (world.unmet keeps
    what those find in the layout)."""
    cards = {world.card_of(state, i).key: world.card_of(state, i) for i in state.table.faces}
    return [c for c in cards.values() if c.req and not any(r.local for r in c.req)]


def _board_kept(state: WintergrimState) -> dict[str, object]:
    g = world.Ground(state)
    seats = range(-1, state.players)
    asked = _asked(state)
    structures = [i for i in state.pieces.by_id if world.card_of(state, i).kind == "structure"]
    return {
        "unmet": {(seat, card.key): world.unmet(state, seat, card, "", g)
                  for seat in seats for card in asked},
        "homes": {(seat, card.key): sorted(g.layout.homes(seat, card),
                                           key=lambda home: structures.index(home[1]))
                  for seat in seats for card in asked if card.kind == "unit"},
        "areas": g.areas,
        "area_owner": g.area_owner,
        "structures_at": g.structures_at,
        "room": {i: g.room(i) for standing in g.structures_at.values() for i in standing},
        "units": {seat: list(g.units.get(seat, ())) for seat in seats},
        "held": {seat: sorted((card.key, at) for card, at in g.held(seat)) for seat in seats},
        "weather": g.weather,
        "realms": {seat: set(g.realms(seat)) for seat in seats},
        "ways": {(seat, here): g.ways(seat, here) for seat in seats for here in g.areas},
    }


def _agrees(state: GameState) -> None:
    assert isinstance(state, WintergrimState)
    assert (world.foods(state), world.hq_holders(state)) == _read_afresh(state)
    assert _board_kept(state) == _board_afresh(state)


def test_the_census_answers_as_the_pieces_do_through_play_clones_undo_and_load(
        tmp_path: Path) -> None:
    for seed, players, mode in ((1, 2, "destroy"), (2, 3, "destroy"), (3, 2, "assassinate")):
        match = Match(GAME, WintergrimOptions(players=players, mode=mode), seed,
                      RuleMode.ENFORCED, take_backs=True)
        rng = Rng(seed)
        while match.outcome() is None and len(match.steps) < 600:
            legal = match.legal_actions()
            match.submit(legal[rng.below(len(legal))])
            _agrees(match.state)
            if len(match.steps) % 50 == 0:  # a clone goes another way, sharing the census
                other = match.state.clone()
                for _ in range(20):
                    if other.result is not None:
                        break
                    seat = other.deciding()[0]
                    actions = GAME.legal_actions(other, seat)
                    GAME.apply(other, actions[-1], seat)
                    _agrees(other)
                _agrees(match.state)
        for _ in range(min(120, len(match.steps))):
            match.undo()
            _agrees(match.state)
        path = tmp_path / f"census-{seed}{saves.EXTENSION}"
        saves.save(match, path)
        _agrees(saves.load(path).state)


def test_the_checks_made_always_look_again_after_any_change_of_the_pieces_or_who_is_out(
        ) -> None:
    """state_checks keeps the mark of the pieces at which it last found nothing to do
    (`quiet`), shared with clones: a clone whose pieces changed, or in which a seat went
    out, with the pieces as they were, is checked afresh."""
    state = begun()
    assert GAME.state_checks(state) == [] and state.quiet is not None
    assert GAME.state_checks(state) == []  # nothing changed: nothing to do, still
    lost = state.clone()
    to_removed(lost, hq(lost, 1))
    assert [type(e) for e in GAME.state_checks(lost)] == [PlayerOut, Won]
    out = state.clone()
    out.out[1] = True
    assert [type(e) for e in GAME.state_checks(out)] == [Won]
    assert GAME.state_checks(state) == [] and state.result is None


def _one_change(state: WintergrimState, rng: Rng) -> None:
    """One change of one piece, of the kinds a step makes: a unit steps in or out, falls
    to an enemy, an HQ is taken off its area."""
    by_id = state.pieces.by_id
    ident = list(by_id)[rng.below(len(by_id))]
    entity = by_id[ident]
    card = world.card_of(state, ident)
    if card.kind == "unit" and rng.below(4) == 0:
        foe = (entity.owner or 0) + 1
        state.pieces.change(ident, tokens=entity.tokens | {"fallen"},
                            counters=(("fallen-to", foe + 1),))
    elif card.kind == "unit" and entity.inside:
        state.pieces.change(ident, inside="")
    elif card.kind == "unit":
        homes = [s for s in world.structures(state) if by_id[s].at == entity.at]
        if homes:
            state.pieces.change(ident, inside=homes[rng.below(len(homes))])
    elif card.hq:
        state.pieces.change(ident, at=world.SKY)


def _quiet_states(seeds: tuple[tuple[int, int], ...]) -> Iterator[tuple[WintergrimState, Rng]]:
    """Each state of random matches (seed, players) in which the checks made always last
    found nothing (what they keep), with the match's generator."""
    for seed, players in seeds:
        match = Match(GAME, WintergrimOptions(players=players), seed, RuleMode.ENFORCED)
        rng = Rng(seed)
        while match.outcome() is None and len(match.steps) < 400:
            legal = match.legal_actions()
            match.submit(legal[rng.below(len(legal))])
            state = match.state
            if state.quiet is not None and state.quiet[0] == state.pieces.stamp:
                yield state, rng


def _found_as_afresh(kept: WintergrimState) -> None:
    """The checks find in `kept` what they find with nothing kept, and do the same."""
    afresh = kept.clone()
    afresh.quiet = None
    assert repr(GAME.state_checks(kept)) == repr(GAME.state_checks(afresh))
    assert repr(kept.frames) == repr(afresh.frames)
    assert kept.to_json() == afresh.to_json()


def test_after_one_change_of_one_piece_the_checks_find_what_they_would_afresh() -> None:
    """state_checks reads again only what one changed piece can have changed since it last
    found nothing (its fall, an HQ's place, a worker's and so food): whatever the change,
    it finds what it finds with nothing kept."""
    for state, rng in _quiet_states(((4, 2), (5, 3), (6, 4))):
        kept = state.clone()
        _one_change(kept, rng)
        _found_as_afresh(kept)


def test_a_turn_passing_keeps_what_the_checks_found_and_they_find_it_afresh_too() -> None:
    """The end of a turn takes every piece's turn tokens off (one change of many pieces),
    which no check made always reads: what they last found nothing in stays found, and
    the next checks find what they would with nothing kept, Nets letting go included."""
    carried = 0
    for state, _ in _quiet_states(((7, 2), (8, 3), (9, 4))):
        if not any(e.tokens & TURN_TOKENS for e in state.pieces.by_id.values()):
            continue
        kept = state.clone()
        next_turn(kept)
        carried += kept.quiet[0] == kept.pieces.stamp
        _found_as_afresh(kept)
    assert carried > 20


def test_a_worker_that_leaves_the_field_it_tends_is_missed_at_the_next_check() -> None:
    """A seat fed only by a tended structure: its worker's one step out of it (one change
    of one piece since the checks last found nothing) leaves the seat short."""
    state = begun()
    field = bring(state, P2, "farmstead")
    for key in ("berserker", "hersir", "bowman"):  # F -5 printed: -1 in all, +2 tended
        bring(state, P2, key)
    farmer = piece(state, P2, "farmer")
    state.pieces.change(farmer, inside=field)
    assert GAME.state_checks(state) == [] and state.quiet is not None
    assert not world.census(state).fed
    state.pieces.change(farmer, inside="")
    assert [(type(e), e.seat) for e in GAME.state_checks(state)] == [(FoodShort, P2)]
