import itertools
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.boards.areagraph import AreaGraph


def world() -> AreaGraph:
    """Asgard - Bifrost - Midgard - Jotunheim, Midgard ~sea~ Vanaheim ~sea~ Asgard."""
    g = AreaGraph()
    for name in ("Midgard", "Asgard", "Bifrost", "Jotunheim", "Vanaheim"):
        g.add_area(name, realm=name != "Bifrost")
    g.link("Asgard", "Bifrost")
    g.link("Bifrost", "Midgard")
    g.link("Midgard", "Jotunheim")
    g.link("Midgard", "Vanaheim", kind="sea")
    g.link("Vanaheim", "Asgard", kind="sea")
    return g


def test_areas_and_attrs():
    g = world()
    assert g.areas() == ["Asgard", "Bifrost", "Jotunheim", "Midgard", "Vanaheim"]
    assert g.attrs("Bifrost") == {"realm": False}
    with pytest.raises(TypeError):
        g.attrs("Bifrost")["realm"] = True  # type: ignore[index]


def test_attribute_may_be_called_name():
    g = AreaGraph()
    g.add_area("Hel", name="Helheim")
    assert g.attrs("Hel") == {"name": "Helheim"}


def test_links_are_undirected_with_kinds():
    g = world()
    assert g.linked("Asgard", "Bifrost")
    assert g.linked("Bifrost", "Asgard")
    assert not g.linked("Asgard", "Midgard")
    assert g.link_kind("Vanaheim", "Midgard") == "sea"
    assert g.neighbours("Midgard") == ["Bifrost", "Jotunheim", "Vanaheim"]
    assert g.neighbours("Midgard", kind="land") == ["Bifrost", "Jotunheim"]
    assert g.neighbours("Midgard", kind="sea") == ["Vanaheim"]


def test_relinking_changes_kind():
    g = world()
    g.link("Bifrost", "Asgard", kind="bridge")
    assert g.link_kind("Asgard", "Bifrost") == "bridge"
    assert g.neighbours("Asgard") == ["Bifrost", "Vanaheim"]


def test_unlink_and_remove_area():
    g = world()
    g.unlink("Bifrost", "Asgard")
    assert not g.linked("Asgard", "Bifrost")
    g.remove_area("Midgard")
    assert g.areas() == ["Asgard", "Bifrost", "Jotunheim", "Vanaheim"]
    assert g.neighbours("Bifrost") == []
    assert g.neighbours("Vanaheim") == ["Asgard"]


def test_shortest_path_and_distance():
    g = world()
    # two routes of length 2 from Asgard to Midgard; the sorted BFS picks via Bifrost
    assert g.shortest_path("Asgard", "Midgard") == ["Asgard", "Bifrost", "Midgard"]
    assert g.shortest_path("Asgard", "Jotunheim") == ["Asgard", "Bifrost", "Midgard", "Jotunheim"]
    assert g.shortest_path("Asgard", "Midgard", kind="sea") == ["Asgard", "Vanaheim", "Midgard"]
    assert g.shortest_path("Asgard", "Jotunheim", kind="sea") is None
    assert g.shortest_path("Midgard", "Midgard") == ["Midgard"]
    assert g.distance("Asgard", "Jotunheim") == 3
    assert g.distance("Jotunheim", "Jotunheim") == 0
    g.unlink("Midgard", "Jotunheim")
    assert g.distance("Asgard", "Jotunheim") is None


def test_errors_name_the_area():
    g = world()
    with pytest.raises(KeyError, match="unknown area 'Niflheim'"):
        g.link("Asgard", "Niflheim")
    with pytest.raises(KeyError, match="unknown area 'Niflheim'"):
        g.neighbours("Niflheim")
    with pytest.raises(KeyError, match="unknown area 'Niflheim'"):
        g.remove_area("Niflheim")
    with pytest.raises(KeyError, match="unknown area 'Niflheim'"):
        g.shortest_path("Niflheim", "Asgard")
    with pytest.raises(KeyError, match="unknown area 'Niflheim'"):
        g.attrs("Niflheim")
    with pytest.raises(ValueError, match="area 'Asgard' already exists"):
        g.add_area("Asgard")
    with pytest.raises(ValueError, match="cannot link area 'Asgard' to itself"):
        g.link("Asgard", "Asgard")
    with pytest.raises(ValueError, match="areas 'Asgard' and 'Midgard' are not linked"):
        g.unlink("Asgard", "Midgard")
    with pytest.raises(ValueError, match="not linked"):
        g.link_kind("Asgard", "Midgard")


def test_clone_is_independent():
    g = world()
    c = g.clone()
    assert c == g
    c.unlink("Asgard", "Bifrost")
    c.link("Asgard", "Jotunheim")
    c.add_area("Hel")
    c.remove_area("Vanaheim")
    assert g == world()
    assert c != g


def test_json_is_plain_sorted_and_round_trips():
    g = world()
    data = g.to_json()
    assert data == {
        "areas": [
            {"name": "Asgard", "attrs": {"realm": True}},
            {"name": "Bifrost", "attrs": {"realm": False}},
            {"name": "Jotunheim", "attrs": {"realm": True}},
            {"name": "Midgard", "attrs": {"realm": True}},
            {"name": "Vanaheim", "attrs": {"realm": True}},
        ],
        "links": [
            ["Asgard", "Bifrost", "land"],
            ["Asgard", "Vanaheim", "sea"],
            ["Bifrost", "Midgard", "land"],
            ["Jotunheim", "Midgard", "land"],
            ["Midgard", "Vanaheim", "sea"],
        ],
    }
    assert AreaGraph.from_json(json.loads(json.dumps(data))) == g


names = st.sampled_from(["A", "B", "C", "D", "E", "F"])
kinds = st.sampled_from(["land", "sea", "root"])


@st.composite
def graphs(draw) -> AreaGraph:
    g = AreaGraph()
    for name in draw(st.sets(names, min_size=2)):
        g.add_area(name, size=draw(st.integers(0, 9)))
    areas = g.areas()
    for a, b, kind in draw(
        st.lists(st.tuples(st.sampled_from(areas), st.sampled_from(areas), kinds))
    ):
        if a != b:
            g.link(a, b, kind)
    return g


@given(graphs(), st.data())
def test_link_unlink_round_trip(g, data):
    a, b = data.draw(st.sampled_from(g.areas())), data.draw(st.sampled_from(g.areas()))
    if a == b or g.linked(a, b):
        return
    before = g.clone()
    g.link(a, b, data.draw(kinds))
    assert g.linked(a, b)
    assert b in g.neighbours(a)
    assert a in g.neighbours(b)
    g.unlink(b, a)
    assert g == before


@given(graphs())
def test_json_round_trip_property(g):
    data = g.to_json()
    assert AreaGraph.from_json(json.loads(json.dumps(data))) == g
    assert AreaGraph.from_json(data).to_json() == data


@given(graphs(), st.data())
def test_path_is_a_chain_of_links_and_distance_symmetric(g, data):
    a, b = data.draw(st.sampled_from(g.areas())), data.draw(st.sampled_from(g.areas()))
    path = g.shortest_path(a, b)
    assert g.distance(a, b) == g.distance(b, a)
    if path is not None:
        assert path[0] == a
        assert path[-1] == b
        assert all(g.linked(x, y) for x, y in itertools.pairwise(path))
        assert len(set(path)) == len(path)
