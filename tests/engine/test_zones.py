"""Zones and the Table (engine.core.zones): moves, layouts, visibility, views, conservation."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.zones import _NO_SIGHTS, Layout, Table, Visibility, Zone, hidden_ref

FACES = {"d1": "AS", "d2": "2S", "d3": "3S", "h1": "KH", "h2": "QH", "b1": "T1", "b2": "T2"}


def make_table() -> Table:
    """deck (hidden stack), pile (public stack), board (public free), two owner hands."""
    t = Table(dict(FACES))
    t.add_zone(Zone("deck", "Deck", Visibility.HIDDEN, Layout.STACK, None, ["d1", "d2", "d3"]))
    t.add_zone(Zone("pile", "Pile", Visibility.PUBLIC, Layout.STACK))
    t.add_zone(Zone("board", "Board", Visibility.PUBLIC, Layout.FREE, None, ["b1", "b2"]))
    t.add_zone(Zone("hand:0", "Hand 1", Visibility.OWNER, Layout.SPREAD, 0, ["h1", "h2"]))
    t.add_zone(Zone("hand:1", "Hand 2", Visibility.OWNER, Layout.SPREAD, 1))
    t.pos.update({"b1": (10, 20), "b2": (30, 40)})
    t.face_up.add("b1")  # b2 lies face down on the board
    return t


# -- building and moving -------------------------------------------------------
def test_add_zone_indexes_cards_and_refuses_duplicates() -> None:
    """add_zone records where each card is; a second zone of the same name is refused."""
    t = make_table()
    assert t.where["d2"] == "deck" and t.where["h1"] == "hand:0"
    with pytest.raises(ValueError, match="exists already"):
        t.add_zone(Zone("deck", "Deck again", Visibility.HIDDEN))


def test_unknown_zone_is_a_key_error_naming_it() -> None:
    """Asking for a zone that does not exist names it."""
    with pytest.raises(KeyError, match="nowhere"):
        make_table().zone("nowhere")


def test_move_puts_cards_on_top_by_default() -> None:
    """move() without an index puts the card on top, i.e. the end of the list."""
    t = make_table()
    t.move("d3", "pile")
    t.move("d2", "pile")
    assert list(t.cards_in("pile")) == ["d3", "d2"]
    assert list(t.cards_in("deck")) == ["d1"]
    assert t.where["d2"] == "pile"


def test_move_with_index_inserts_at_that_place() -> None:
    """index 0 is the bottom; an index past the end is the top; a negative one the bottom."""
    t = make_table()
    t.move("d1", "pile")
    t.move("d2", "pile", index=0)
    assert list(t.cards_in("pile")) == ["d2", "d1"]
    t.move("d3", "pile", index=1)
    assert list(t.cards_in("pile")) == ["d2", "d3", "d1"]
    t.move("h1", "pile", index=99)
    assert t.cards_in("pile")[-1] == "h1"
    t.move("h2", "pile", index=-5)
    assert t.cards_in("pile")[0] == "h2"


def test_move_within_the_same_zone_reorders() -> None:
    """Moving a card to its own zone takes it out and puts it back at the index."""
    t = make_table()
    t.move("d3", "deck", index=0)
    assert list(t.cards_in("deck")) == ["d3", "d1", "d2"]


def test_free_layout_keeps_positions() -> None:
    """A FREE zone records a position per card ((0, 0) if none given); leaving drops it."""
    t = make_table()
    t.move("d1", "board", pos=(-5, 7))
    assert t.pos["d1"] == (-5, 7)
    t.move("d2", "board")
    assert t.pos["d2"] == (0, 0)
    t.move("b1", "pile")
    assert "b1" not in t.pos
    t.move("b2", "board", pos=(1, 2))  # a move on the board itself
    assert t.pos["b2"] == (1, 2)
    t.move("d3", "pile", pos=(9, 9))  # positions mean nothing off a free zone
    assert "d3" not in t.pos


ALL = tuple(FACES)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(ALL), unique=True, max_size=len(ALL)),
       st.sampled_from(("deck", "pile", "board", "hand:0", "hand:1")))
def test_moving_cards_together_is_moving_each_in_turn(cards: list[str], to: str) -> None:
    """move_all (a packet passed on in one go) leaves the table as moves of each card in
    turn would: the zones' order, where each card is, spots on a free zone, and the cards
    noted as touched for the step's reveal."""
    together, in_turn = make_table(), make_table()
    together.track()
    in_turn.track()
    together.move_all(tuple(cards), to)
    for card in cards:
        in_turn.move(card, to)
    assert together.to_json() == in_turn.to_json()
    assert together.touched == in_turn.touched  # each card with who saw it before
    assert together.touched is not None and set(together.touched) == set(cards)
    assert together.where == in_turn.where and together.pos == in_turn.pos
    assert together.check_conservation(FACES) is None


def test_moving_cards_together_refuses_a_card_named_twice_or_a_zone_not_there() -> None:
    t = make_table()
    with pytest.raises(ValueError, match="named twice"):
        t.move_all(("d1", "d1"), "pile")
    with pytest.raises(KeyError, match="nowhere"):
        t.move_all(("d1",), "nowhere")
    assert t.to_json() == make_table().to_json()


ZONES = ("deck", "pile", "board", "hand:0", "hand:1")


@settings(max_examples=60, deadline=None)
@given(st.permutations(ZONES).flatmap(lambda order: st.integers(2, len(ZONES)).map(
    lambda n: tuple(order[:n]))))
def test_passing_the_round_is_moving_each_zone_on_in_turn(names: tuple[str, ...]) -> None:
    """pass_round (every packet of a draft passed on to the next seat) leaves the table as
    moving each zone's cards, as they were, onto the next zone in turn would: order,
    places, spots on a free zone, and the cards noted as touched for the step's reveal."""
    at_once, in_turn = make_table(), make_table()
    at_once.track()
    in_turn.track()
    at_once.pass_round(names)
    held = [in_turn.cards_in(name) for name in names]
    for at, cards in enumerate(held):
        in_turn.move_all(cards, names[(at + 1) % len(names)])
    assert at_once.to_json() == in_turn.to_json()
    assert at_once.touched == in_turn.touched
    assert at_once.where == in_turn.where and at_once.pos == in_turn.pos
    assert at_once.check_conservation(FACES) is None
    for at, name in enumerate(names):
        assert at_once.cards_in(name) == make_table().cards_in(names[at - 1])


def test_passing_the_round_refuses_a_zone_named_twice_or_not_there() -> None:
    t = make_table()
    with pytest.raises(ValueError, match="named twice"):
        t.pass_round(("hand:0", "hand:1", "hand:0"))
    with pytest.raises(KeyError, match="nowhere"):
        t.pass_round(("hand:0", "nowhere"))
    assert t.to_json() == make_table().to_json()


def test_clone_is_independent() -> None:
    """A clone's zones, faces-up, positions and counters change without touching the original."""
    t = make_table()
    t.counters["score"] = 1
    c = t.clone()
    c.move("d1", "pile")
    c.set_face("b2", True)
    c.pos["b1"] = (0, 0)
    c.counters["score"] = 2
    assert list(t.cards_in("deck")) == ["d1", "d2", "d3"] and t.where["d1"] == "deck"
    assert "b2" not in t.face_up and t.pos["b1"] == (10, 20) and t.counters["score"] == 1
    assert c.faces is t.faces  # faces never change in a match, so clones share them


# -- visibility ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("card", "player", "seen"),
    [
        ("d1", 0, False),  # hidden deck: nobody
        ("d1", 1, False),
        ("b1", 0, True),  # public and face up: everybody
        ("b1", 1, True),
        ("b2", 0, False),  # public and face down: nobody
        ("b2", 1, False),
        ("h1", 0, True),  # owner zone: the owner
        ("h1", 1, False),  # ... but not the others
        ("d1", None, True),  # the referee (None) sees everything
        ("h1", None, True),
    ],
)
def test_visible_to(card: str, player: int | None, seen: bool) -> None:
    """Visibility follows the zone (public/owner/hidden) and the card's face."""
    assert make_table().visible_to(card, player) is seen


def test_face_up_card_in_a_hand_is_seen_by_all_but_not_in_a_deck() -> None:
    """A face-up card in an owner zone is shown to everyone; in a hidden zone to nobody."""
    t = make_table()
    t.set_face("h1", True)
    t.set_face("d1", True)
    assert t.visible_to("h1", 1)
    assert not t.visible_to("d1", 0) and not t.visible_to("d1", 1)
    t.set_face("h1", False)
    assert not t.visible_to("h1", 1)


def test_visible_cards() -> None:
    """visible_cards lists exactly what a seat may see."""
    t = make_table()
    assert t.visible_cards(0) == {"b1", "h1", "h2"}
    assert t.visible_cards(1) == {"b1"}
    assert t.visible_cards(None) == set(FACES)


# -- views -----------------------------------------------------------------------
def test_view_replaces_unseen_cards_by_places() -> None:
    """view(1) names unseen cards ?zone#index and keeps the ids of seen ones."""
    v = make_table().view(1)
    assert list(v.cards_in("deck")) == ["?deck#0", "?deck#1", "?deck#2"]
    assert list(v.cards_in("hand:0")) == ["?hand:0#0", "?hand:0#1"]
    assert list(v.cards_in("board")) == ["b1", "?board#1"]
    assert list(v.cards_in("pile")) == [] and list(v.cards_in("hand:1")) == []


def test_view_holds_no_unseen_face_or_id() -> None:
    """No face, id, face-up flag or position of an unseen card survives in a view."""
    v = make_table().view(1)
    assert v.faces == {"b1": "T1"}
    assert set(v.where) == {"?deck#0", "?deck#1", "?deck#2", "?hand:0#0", "?hand:0#1",
                            "b1", "?board#1"}
    assert v.face_up == {"b1"}
    assert v.pos == {"b1": (10, 20), "?board#1": (30, 40)}
    hidden = {"d1", "d2", "d3", "h1", "h2", "b2"}
    text = repr(v.to_json()) + repr(v.faces)
    assert not any(f"'{card}'" in text for card in hidden)
    assert not any(face in text for face in ("AS", "2S", "3S", "KH", "QH", "T2"))


def test_view_for_the_owner_shows_the_hand() -> None:
    """The owner's view keeps the hand's ids and faces, and still hides the deck."""
    v = make_table().view(0)
    assert list(v.cards_in("hand:0")) == ["h1", "h2"]
    assert v.faces == {"b1": "T1", "h1": "KH", "h2": "QH"}
    assert list(v.cards_in("deck")) == ["?deck#0", "?deck#1", "?deck#2"]
    assert v.zones["hand:0"].owner == 0 and v.zones["hand:0"].visibility is Visibility.OWNER


def test_view_keeps_counters_and_leaves_the_table_alone() -> None:
    """A view copies counters and does not change the table it was made from."""
    t = make_table()
    t.counters["round"] = 3
    before = t.to_json()
    v = t.view(0)
    v.counters["round"] = 4
    assert t.to_json() == before
    assert v.counters == {"round": 4} and t.counters == {"round": 3}


def test_referee_view_is_everything() -> None:
    """view(None) is the whole table."""
    t = make_table()
    assert t.view(None).to_json() == t.to_json()
    assert t.view(None).faces == FACES


# -- references --------------------------------------------------------------------
def test_hidden_ref_format() -> None:
    """A hidden place is written ?zone#index."""
    assert hidden_ref("hand:0", 3) == "?hand:0#3"


def test_resolve_ids_and_places() -> None:
    """resolve() returns ids as they are and turns ?zone#index into the id there."""
    t = make_table()
    assert t.resolve("h2") == "h2"
    assert t.resolve("?deck#0") == "d1"
    assert t.resolve("?deck#2") == "d3"
    assert t.resolve("?hand:0#1") == "h2"
    v = t.view(1)
    assert all(t.resolve(ref) == card
               for ref, card in zip(v.cards_in("deck"), t.cards_in("deck"), strict=True))


@pytest.mark.parametrize("ref", ["?deck#3", "?deck#-1", "?deck#x", "?nowhere#0", "?deck",
                                 "zz", "?pile#0"])
def test_resolve_refuses_what_is_not_there(ref: str) -> None:
    """A place past the end, a bad index, an unknown zone or id is a KeyError."""
    with pytest.raises(KeyError):
        make_table().resolve(ref)


# -- conservation --------------------------------------------------------------------
def test_conservation_holds_after_moves() -> None:
    """After any moves every card is in exactly one zone."""
    t = make_table()
    for card, to in [("d1", "hand:1"), ("h1", "board"), ("b1", "pile"), ("d3", "deck")]:
        t.move(card, to)
    assert t.check_conservation(FACES) is None


def test_conservation_detects_a_duplicate() -> None:
    """A card in two zones is reported with both zone names."""
    t = make_table()
    t.zones["pile"] = t.zones["pile"].holding((*t.zones["pile"].cards, "d1"))
    assert t.check_conservation(FACES) == "card d1 is in both deck and pile"


def test_conservation_detects_a_vanished_card() -> None:
    """A card in no zone is reported as vanished."""
    t = make_table()
    t.zones["deck"] = t.zones["deck"].holding(tuple(c for c in t.zones["deck"].cards
                                                    if c != "d2"))
    assert t.check_conservation(FACES) == "cards vanished: ['d2']"


def test_conservation_detects_an_appeared_card() -> None:
    """A card no one dealt is reported as appeared."""
    t = make_table()
    t.zones["pile"] = t.zones["pile"].holding((*t.zones["pile"].cards, "x9"))
    assert t.check_conservation(FACES) == "cards appeared from nowhere: ['x9']"


def test_conservation_detects_a_stale_index() -> None:
    """A `where` entry that disagrees with the zones is reported."""
    t = make_table()
    t.where["d1"] = "pile"
    assert t.check_conservation(FACES) == "the card index disagrees with the zones"


def test_to_json_is_sorted_and_complete() -> None:
    """to_json lists zones in order, face-up ids, positions and counters sorted."""
    t = make_table()
    t.counters.update({"b": 2, "a": 1})
    data = t.to_json()
    assert [z["name"] for z in data["zones"]] == ["deck", "pile", "board", "hand:0", "hand:1"]
    assert data["zones"][0] == {"name": "deck", "label": "Deck", "visibility": "hidden",
                                "layout": "stack", "owner": None, "cards": ["d1", "d2", "d3"]}
    assert data["face_up"] == ["b1"]
    assert data["pos"] == {"b1": [10, 20], "b2": [30, 40]}
    assert list(data["counters"]) == ["a", "b"]


def test_a_clone_shares_the_zones_neither_side_has_touched() -> None:
    """Zones are replaced when their cards change, so a clone per action copies no zone."""
    t = make_table()
    c = t.clone()
    assert all(c.zones[name] is zone for name, zone in t.zones.items())
    c.move("d1", "pile")
    assert c.zones["pile"] is not t.zones["pile"] and c.zones["board"] is t.zones["board"]
    assert "d1" in t.cards_in("deck") and "d1" not in c.cards_in("deck")


def test_zone_cards_cannot_be_changed_in_place() -> None:
    """A zone's cards are a tuple: a change that bypasses the table fails loudly."""
    t = make_table()
    with pytest.raises(AttributeError):
        t.zones["deck"].cards.append("d9")  # type: ignore[attr-defined]


def test_arrange_keeps_the_very_cards() -> None:
    t = make_table()
    t.arrange("deck", reversed(t.cards_in("deck")))
    assert list(t.cards_in("deck")) == ["d3", "d2", "d1"]
    with pytest.raises(ValueError, match="its very cards"):
        t.arrange("deck", ["d1", "d2"])


def test_a_seats_sight_of_a_zone_follows_its_faces_and_is_kept_per_zone() -> None:
    """The view of a zone is worked out once per seat and face-up set; turning a card
    over is seen at once, and a face-up card inside a hidden deck stays unseen."""
    t = make_table()
    first, _ = t.view_and_hidden(1)
    again, _ = t.view_and_hidden(1)
    assert again.zones["deck"] is first.zones["deck"]
    t.set_face("d1", True)
    v, hidden = t.view_and_hidden(1)
    assert "d1" not in v.where and "d1" in hidden  # still in the hidden deck
    t.move("d1", "board")
    t.set_face("d1", True)
    v, hidden = t.view_and_hidden(1)
    assert "d1" in v.where and "d1" not in hidden and v.faces["d1"] == FACES["d1"]
    t.set_face("d1", False)
    v, hidden = t.view_and_hidden(1)
    assert "d1" not in v.where and "d1" in hidden


_ZONES = (("deck", Visibility.HIDDEN, None), ("hand0", Visibility.OWNER, 0),
          ("hand1", Visibility.OWNER, 1), ("pool", Visibility.OWNER, None),
          ("field", Visibility.PUBLIC, None))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.sampled_from([z[0] for z in _ZONES]),
                          st.booleans()), min_size=1, max_size=6))
def test_who_a_step_revealed_to_is_asked_card_by_card_as_seat_by_seat(
        changes: list[tuple[int, str, bool]]) -> None:
    """The undo gate's reading of a step's reveals (each card's sight read once) names
    exactly the seats that see a moved or turned card now and did not before, from what
    the table noted as it changed (no copy of the table as it was: the match may change
    its state in place); the seats seeing a card, read the same way, are those
    `visible_to` names."""
    before = Table({f"c{i}": "X" for i in range(6)})
    for name, visibility, owner in _ZONES:
        before.add_zone(Zone(name, name, visibility, owner=owner,
                             cards=[f"c{i}" for i in range(6)] if name == "deck" else ()))
    before.set_face("c0", True)
    after = before.clone()
    after.track()
    for index, zone, face_up in changes:
        after.move(f"c{index}", zone)
        after.set_face(f"c{index}", face_up)
    seats = range(3)
    expected = {seat for seat in seats for card in after.where
                if after.visible_to(card, seat) and not before.visible_to(card, seat)}
    assert after.revealed_by_touched(seats) == expected
    assert after.revealed_since(before, seats) == expected
    for card in after.where:
        assert after.seats_seeing(card, 3) == {s for s in seats if after.visible_to(card, s)}


def test_a_seats_view_is_a_table_cards_can_be_moved_on() -> None:
    """A computer player may try moves on its view's table: it behaves as any table."""
    view = make_table().view(0)
    view.move("h1", "pile")
    view.set_face("h1", True)
    assert view.cards_in("pile") == ("h1",)


def _fresh_view(table: Table, seat: int) -> tuple[Table, frozenset[str]]:
    """The seat's view worked out from nothing: no sight kept from earlier states, of the
    table or of any zone."""
    alone = table.clone()
    alone.sights = {}
    alone.zones = {name: zone.holding(zone.cards) for name, zone in table.zones.items()}
    return alone.view_and_hidden(seat)


def _as_read(view: Table) -> tuple:
    return ([(name, z.cards, z.visibility, z.owner) for name, z in view.zones.items()],
            view.where, view.faces, view.face_up, view.pos, view.counters)


_CHANGE = st.tuples(st.sampled_from(["move", "turn", "place", "back", "add"]),
                    st.sampled_from(sorted(FACES)), st.sampled_from(
                        ["deck", "pile", "board", "hand:0", "hand:1"]),
                    st.integers(0, 2), st.integers(0, 50))


@settings(max_examples=300, deadline=None)
@given(st.lists(_CHANGE, min_size=1, max_size=25))
def test_a_view_patched_from_the_seats_last_one_is_the_view_made_afresh(
        changes: list[tuple[str, str, str, int, int]]) -> None:
    """Each seat's view of a state starts from its view of an earlier state of the same
    match (the table keeps it) and works out only what changed: after any run of moves,
    turns, new spots, new zones and steps back to an earlier state, every seat's view and
    hidden set are those made from nothing, in the same order."""
    states = [make_table()]
    for kind, card, zone, seat, number in changes:
        table = states[-1].clone()
        if kind == "back":  # an earlier state viewed again (undo, the log's moments)
            table = states[number % len(states)]
        elif kind == "move":
            table.move(card, zone, pos=(number, number) if zone == "board" else None)
        elif kind == "turn":
            table.set_face(card, not table.visible_to(card, None) or card not in table.face_up)
        elif kind == "place" and table.where[card] == "board":
            table.place(card, (number, -number))
        elif kind == "add" and f"extra{number}" not in table.zones:
            table.add_zone(Zone(f"extra{number}", "Extra", Visibility.OWNER, owner=seat % 2))
        states.append(table)
        view, hidden = table.view_and_hidden(seat)
        fresh, fresh_hidden = _fresh_view(table, seat)
        assert _as_read(view) == _as_read(fresh)
        assert hidden == fresh_hidden
        seen = {card for card in table.where if table.visible_to(card, seat)}
        assert hidden == table.hidden_from(seat) == table.where.keys() - seen
        assert view.faces == {card: table.faces[card] for card in seen}
        assert view.face_up == table.face_up & seen
        assert all(view.where[card] == table.where[card] for card in seen)
    assert _NO_SIGHTS == {}  # the sights every new zone shares until its first: never written


def test_a_view_carries_no_seats_kept_sight() -> None:
    """The table keeps every seat's last view to start the next from; a seat's view must
    not carry it (it names the cards the other seats see in their hands)."""
    t = make_table()
    t.view_and_hidden(0)
    view, _ = t.view_and_hidden(1)
    assert 0 in t.sights and view.sights == {}
    assert view.clone().sights == {}
