"""Entities (issue "One engine for five rulebooks", item 5): units and markers with a place,
a facing, counters, status tokens and attached cards, declared like every state field, seen
by the zones' rule."""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import invariants, registry
from engine.core.declared import state_field
from engine.core.entities import HIDDEN_ENTITY, Entities, Entity
from engine.core.game import GameState, RuleMode
from engine.core.match import Match
from engine.core.rng import Rng
from engine.core.zones import Table, Visibility, Zone
from tests.engine.duel import DUEL_ENTRY, Duel, Lay, champion


class Board(GameState):
    units: Entities = state_field(Entities)


def board() -> Board:
    table = Table({"c1": "spear", "c2": "shield"})
    table.add_zone(Zone("hand:0", "Hand", Visibility.OWNER, owner=0, cards=["c1"]))
    table.add_zone(Zone("field", "Field", Visibility.PUBLIC, cards=["c2"]))
    table.face_up.add("c2")
    state = Board(2, table, Rng(3))
    units = state.units
    units.add("ship", Entity("longship", 0, at="fjord"))
    units.add("jarl", Entity("jarl", 0, at="fjord", inside="ship",
                             counters=(("wounds", 1),), attached=("c1",)))
    units.add("spy", Entity("spy", 1, at="hall", tokens=frozenset({"hidden"}),
                            visibility=Visibility.OWNER))
    units.add("troll", Entity("troll", None, at="cave", attached=("c2",)))
    return state


def test_moving_a_container_carries_what_is_inside() -> None:
    units = board().units
    units.move("ship", "coast")
    assert units["jarl"].at == "coast" and units["jarl"].inside == "ship"
    assert units.at("coast") == ["ship", "jarl"] and units.inside("ship") == ["jarl"]


def test_a_container_carries_whoever_boards_it_between_moves_in_a_clone_too() -> None:
    """What a move carries follows every change of who is inside what, in the entities
    and in a clone of them: a troll boarding after the first voyage sails on the next;
    a jarl who went ashore stays; a spy who climbs on the troll (no one was ever inside
    it before) goes where the troll goes."""
    units = board().units
    units.move("ship", "coast")  # the jarl sails along
    units.move("troll", "coast", inside="ship")
    units.move("jarl", "coast")  # ashore
    units.move("spy", "coast", inside="troll")
    twin = units.clone()
    for entities in (units, twin):
        entities.move("ship", "isle")
        assert entities["troll"].at == entities["spy"].at == "isle"
        assert entities["jarl"].at == "coast"


def test_counters_tokens_and_attached_cards_change_by_replacing_the_entity() -> None:
    units = board().units
    before = units["jarl"]
    units.count("jarl", "wounds", 3)
    units.mark("jarl", "stunned")
    units.detach("jarl", "c1")
    assert units["jarl"].counter("wounds") == 3 and units["jarl"].tokens == {"stunned"}
    assert units["jarl"].attached == () and before.attached == ("c1",)  # a value, untouched
    units.count("jarl", "wounds", 0)
    assert units["jarl"].counters == ()  # 0 is dropped: equal entities save equally
    units.mark("jarl", "stunned", on=False)
    assert units["jarl"].tokens == frozenset()


@pytest.mark.parametrize(("change", "problem"), [
    (lambda u: u.change("ship", inside="jarl"), "cannot be inside itself"),
    (lambda u: u.move("troll", "cave", inside="nowhere"), "there is no 'nowhere'"),
    (lambda u: u.attach("troll", "c1"), "attached already"),
    (lambda u: u.remove("ship"), "still holds others"),
    (lambda u: u.add("ship", Entity("boat")), "exists already"),
    (lambda u: u.add(f"{HIDDEN_ENTITY}x", Entity("boat")), "kept for views"),
    (lambda u: u.detach("troll", "c1"), "is not attached"),
])
def test_impossible_changes_are_refused_and_change_nothing(change, problem: str) -> None:
    state = board()
    before = state.state_hash()
    with pytest.raises(ValueError, match=problem):
        change(state.units)
    assert state.state_hash() == before


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(("kind", "owner", "at", "inside", "facing", "counters",
                                        "tokens", "attached", "visibility")),
                       st.sampled_from(("", "x", 0, 2, None, (), frozenset({"stunned"}))),
                       max_size=4))
def test_an_entity_changed_is_the_entity_replaced(facts: dict) -> None:
    """Entity.changed (what every move of a unit asks) makes what dataclasses.replace makes,
    for any facts named; a fact no entity has is refused by name."""
    entity = Entity("jarl", 1, "hall", "ship", 2, (("wounds", 1),), frozenset({"x"}), ("c1",))
    assert entity.changed(facts) == dataclasses.replace(entity, **facts)
    with pytest.raises(TypeError, match="no fact 'colour'"):
        entity.changed({**facts, "colour": "red"})


def test_clone_shares_entities_and_never_the_container() -> None:
    state = board()
    twin = state.clone()
    assert twin.units == state.units and twin.units is not state.units
    assert twin.units["ship"] is state.units["ship"]  # frozen values: shared
    twin.units.move("ship", "coast")
    assert state.units["ship"].at == "fjord" and state.units["jarl"].at == "fjord"


def test_json_and_hash_cover_every_fact_of_every_entity() -> None:
    state = board()
    again = Board.from_json(state.to_json(), state)
    assert again.units == state.units and again.state_hash() == state.state_hash()
    state.units.change("troll", facing=3)
    assert again.state_hash() != state.state_hash()


def test_a_seat_sees_what_stands_there_but_not_what_it_may_not_see() -> None:
    """The spy is Player 2's alone: Player 1 sees something of Player 2's in the hall,
    under a name that is its place; Player 2 sees the spy. The jarl's attached card lies
    in Player 1's hand: Player 2's view leaves it out."""
    state = board()
    first = state.clone()
    state.view_fields(first, 0, state.table.hidden_from(0))
    assert "spy" not in first.units
    (masked,) = [first.units[i] for i in first.units if i.startswith(HIDDEN_ENTITY)]
    assert masked == Entity("", 1, at="hall", visibility=Visibility.OWNER)
    assert first.units["jarl"].attached == ("c1",)
    second = state.clone()
    state.view_fields(second, 1, state.table.hidden_from(1))
    assert second.units["spy"].tokens == {"hidden"}
    assert second.units["jarl"].attached == ()
    assert second.units["troll"].attached == ("c2",)  # face up on the field: public


def test_two_unseen_units_that_swap_places_look_as_they_did() -> None:
    """A face-down card cannot be followed through a shuffle; an unseen unit cannot be
    followed through a move: Player 1 sees the same table after Player 2's spy and scout
    trade places (the names once counted across the table in the order units came)."""
    units = Entities()
    units.add("spy", Entity("spy", 1, at="hall", visibility=Visibility.OWNER))
    units.add("scout", Entity("scout", 1, at="yard", visibility=Visibility.OWNER))
    before = units.view(0, frozenset())
    swapped = units.clone()
    swapped.move("spy", "yard")
    swapped.move("scout", "hall")

    after = swapped.view(0, frozenset())

    assert after.to_json() == before.to_json()
    assert list(after.by_id) == list(before.by_id)


def test_the_entity_invariant_reads_containers_and_attached_cards() -> None:
    state = board()
    assert state.units.check(frozenset(state.table.faces)) is None
    state.units.by_id["jarl"] = Entity("jarl", 0, at="hall", inside="ship")
    assert "stands apart" in (state.units.check(frozenset(state.table.faces)) or "")
    state.units.by_id["jarl"] = Entity("jarl", 0, at="fjord", attached=("c9",))
    assert "not on the table" in (state.units.check(frozenset(state.table.faces)) or "")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["move", "count", "mark", "turn", "attach"]),
                          st.sampled_from(["ship", "jarl", "spy", "troll"]),
                          st.integers(0, 5)), max_size=25))
def test_any_sequence_of_changes_round_trips_and_clones_apart(steps) -> None:
    """Generated clone, JSON and hash follow every change (hypothesis)."""
    state = board()
    for what, ident, n in steps:
        twin = state.clone()
        try:
            match what:
                case "move":
                    state.units.move(ident, ["fjord", "hall", "cave"][n % 3],
                                     state.units[ident].inside and "")
                case "count":
                    state.units.count(ident, "wounds", n)
                case "mark":
                    state.units.mark(ident, "stunned", on=bool(n % 2))
                case "turn":
                    state.units.change(ident, facing=n)
                case "attach":
                    state.units.attach(ident, "c2")
        except ValueError:
            assert state.units == twin.units
        again = Board.from_json(state.to_json(), state)
        assert again.state_hash() == state.state_hash() and again.units == state.units
        assert twin.units is not state.units



def _scan(units: Entities, place: str) -> tuple[str, ...]:
    """Who stands at `place`, read from every entity (what the index must say)."""
    return tuple(i for i, e in units.by_id.items() if e.at == place)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["move", "clone", "add", "forget", "read"]),
                          st.integers(0, 5), st.integers(0, 3)), max_size=40))
def test_the_place_index_follows_moves_in_the_original_and_its_clones(steps) -> None:
    """The index of who stands where is kept up to date by moves instead of read again,
    and shared with clones until one of them moves: every copy answers "who stands
    here?" as a reading of every entity would, in the order they were added."""
    places = ["fjord", "hall", "cave", "shore"]
    copies = [board().units]
    copies[0].ids_at("fjord")  # the index made before anything moves
    added = 0
    for what, i, n in steps:
        units = copies[i % len(copies)]
        idents = list(units)
        match what:
            case "move" if idents:
                ident = idents[n % len(idents)]
                if not units[ident].inside:
                    units.move(ident, places[(i + n) % 4])
            case "clone":
                copies.append(units.clone())
            case "add":
                added += 1
                units.add(f"warrior{added}", Entity("warrior", 0, at=places[n]))
            case "forget" if idents:
                ident = idents[n % len(idents)]
                if not any(e.inside == ident for e in units.by_id.values()):
                    units.forget(ident)
            case "read":
                units.ids_at(places[n])
        for each in copies:
            for place in places:
                assert each.ids_at(place) == _scan(each, place)
            # every place at once says the same, and names no place where nobody stands
            assert dict(each.places()) == {
                place: _scan(each, place) for place in {e.at for e in each.by_id.values()}}
            for owner in {e.owner for e in each.by_id.values()} | {7}:  # 7: nobody's
                assert each.ids_of(owner) == tuple(  # type: ignore[arg-type]
                    i for i, e in each.by_id.items() if e.owner == owner)
                assert each.of(owner) == list(each.ids_of(owner))  # type: ignore[arg-type]



def test_shedding_tokens_takes_those_off_every_carrier_and_nothing_else() -> None:
    """The end of a turn clears what each piece spent in it: every carrier loses those
    tokens and keeps its others, nobody else changes, and what stands where and inside
    what is as it was (the indexes are kept, not read again)."""
    units = board().units
    units.mark("jarl", "moved")
    units.mark("troll", "moved")
    units.mark("troll", "attacked")
    before = dict(units.by_id)
    units.ids_at("fjord"), units.ids_in("ship")
    units.shed(frozenset({"moved", "attacked", "used"}))
    assert units["jarl"].tokens == frozenset()
    assert units["troll"].tokens == frozenset()
    assert units["spy"].tokens == frozenset({"hidden"}) and units["ship"] is before["ship"]
    assert units["jarl"] == dataclasses.replace(before["jarl"], tokens=frozenset())
    assert units.ids_at("fjord") == ("ship", "jarl") and units.ids_in("ship") == ("jarl",)
    stamp = units.stamp
    units.shed(frozenset({"moved"}))  # nobody carries it: nothing changes
    assert units.stamp == stamp
    assert Entities.from_json(units.to_json()) == units


def _held_scan(units: Entities, holder: str) -> tuple[str, ...]:
    """Who is inside `holder`, read from every entity (what the index must say)."""
    return tuple(i for i, e in units.by_id.items() if e.inside == holder)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["board", "leave", "sail", "clone", "add", "forget",
                                           "read"]),
                          st.integers(0, 5), st.integers(0, 5)), max_size=40))
def test_the_index_of_who_is_inside_what_follows_every_change_and_clone(steps) -> None:
    """Who is inside what is kept up to date by every change instead of read again, and
    shared with clones until one of them changes it: every copy answers "who is inside
    this?" as a reading of every entity would, in the order they were added, for
    containers that stand, were taken off the board, or never held anyone; and a move
    carries exactly those."""
    copies = [board().units]
    copies[0].ids_in("ship")  # the index made before anything changes
    added = 0
    for what, i, n in steps:
        units = copies[i % len(copies)]
        idents = list(units)
        match what:
            case "board" if idents:
                rider, holder = idents[n % len(idents)], idents[(n + i + 1) % len(idents)]
                with contextlib.suppress(ValueError):  # inside itself, or what it holds
                    units.move(rider, units[holder].at, holder)
            case "leave" if idents:
                ident = idents[n % len(idents)]
                units.move(ident, units[ident].at)
            case "sail" if idents:
                ident = idents[n % len(idents)]
                carried = _held_scan(units, ident)
                # stays aboard unless its holder, or one that holder stands in, was forgotten
                # (a move into a holder that stands in nothing there is refused)
                holder = units[ident].inside
                units.move(ident, ["fjord", "hall", "cave"][n % 3],
                           holder if _aboard(units, holder) else "")
                assert all(units[c].at == units[ident].at for c in carried)
            case "clone":
                copies.append(units.clone())
            case "add":
                added += 1
                units.add(f"warrior{added}", Entity("warrior", 0, at="fjord",
                                                    inside="ship" if n % 2 else ""))
            case "forget" if idents:
                units.forget(idents[n % len(idents)])  # what it held stays, inside it
            case "read":
                copies[n % len(copies)].ids_in("ship")
        for each in copies:
            for holder in {*each.by_id, "ship", "nowhere"}:
                assert each.ids_in(holder) == _held_scan(each, holder)
                assert each.inside(holder) == list(_held_scan(each, holder))


def _aboard(units: Entities, holder: str) -> bool:
    """Whether `holder` and every holder it stands in are still on the board."""
    while holder:
        if holder not in units:
            return False
        holder = units[holder].inside
    return True


def _roster_of(units: Entities) -> tuple[tuple[str, int | None], ...]:
    return tuple((i, e.owner) for i, e in units.by_id.items())


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["move", "clone", "add", "forget", "own", "mark",
                                           "load", "refused", "shed"]),
                          st.integers(0, 5), st.integers(0, 3)), max_size=40))
def test_a_stamp_names_one_content_across_changes_clones_and_loads(steps) -> None:
    """A game keys a cache on `stamp` (any change) or `roster` (who is there, and whose):
    whatever copy of the entities it is met in, after whatever changes, the same stamp
    must mean the same entities and the same roster the same ids and owners; a change
    draws a new stamp, a move keeps the roster, and the entities at the stamp before the
    last change (`prior`) differ from these in the entity it touched only."""
    places = ["fjord", "hall", "cave", "shore"]
    copies = [board().units]
    seen: dict[int, dict[str, Entity]] = {}
    rosters: dict[int, tuple[tuple[str, int | None], ...]] = {}
    added = 0
    for what, i, n in steps:
        units = copies[i % len(copies)]
        idents = list(units)
        stamp, roster = units.stamp, units.roster
        match what:
            case "move" if idents:
                ident = idents[n % len(idents)]
                if not units[ident].inside:
                    units.move(ident, places[(i + n) % 4])
                    assert units.stamp != stamp and units.roster == roster
            case "clone":
                copies.append(units.clone())
            case "load":
                copies.append(Entities.from_json(units.to_json()))
            case "add":
                added += 1
                units.add(f"warrior{added}", Entity("warrior", 0, at=places[n]))
                assert units.stamp != stamp and units.roster != roster
            case "forget" if idents:
                ident = idents[n % len(idents)]
                if not any(e.inside == ident for e in units.by_id.values()):
                    units.forget(ident)
                    assert units.stamp != stamp and units.roster != roster
            case "own" if idents:
                ident = idents[n % len(idents)]
                units.change(ident, owner=(units[ident].owner or 0) + 1)
                assert units.stamp != stamp and units.roster != roster
            case "mark" if idents:
                units.mark(idents[n % len(idents)], "stunned", on=bool(i % 2))
                assert units.stamp != stamp and units.roster == roster
            case "refused" if idents:
                with pytest.raises(ValueError):
                    units.change(idents[n % len(idents)], inside="nowhere")
                assert units.stamp == stamp
            case "shed":
                carried = any("stunned" in e.tokens for e in units.by_id.values())
                units.shed(frozenset({"stunned", "dazed"}))
                assert (units.stamp != stamp) == carried and units.roster == roster
        for each in copies:
            assert seen.setdefault(each.stamp, dict(each.by_id)) == each.by_id
            assert rosters.setdefault(each.roster, _roster_of(each)) == _roster_of(each)
            before = seen.get(each.prior)
            if before is not None:  # the last change touched one entity only
                others = (set(before) | set(each.by_id)) - {each.touched}
                assert all(before.get(i) == each.by_id.get(i) for i in others)


# -- in a whole game: Duel's champions and banner -----------------------------------------
@pytest.fixture
def duel_registered() -> Iterator[None]:
    with registry.registered(DUEL_ENTRY):
        yield


def test_duel_wounds_the_loser_of_a_round_and_moves_the_banner(duel_registered) -> None:
    game = Duel()
    m = Match(game, game.options_model(), 4, RuleMode.ENFORCED)
    assert m.state.pieces["banner"].at == "mid"
    m.submit(Lay("a4"), player=0)
    m.submit(Lay("b1"), player=1)
    assert m.state.pieces[champion(1)].counter("wounds") == 1
    assert m.state.pieces[champion(0)].counter("wounds") == 0
    assert m.state.pieces["banner"].at == "side:0"
    assert invariants.after_action(m) is None
    m.take_backs = True
    m.undo()
    assert m.state.pieces[champion(1)].counter("wounds") == 0
