"""Area graph for Wintergrim and Yggdrasil: named areas joined by typed links.

Links change during play (bridges fall, paths open), so the graph is mutable, and the
engine clones game state thousands of times a second, so :meth:`AreaGraph.clone` copies
only the small per-area dicts. That is safe because area attributes are fixed when the
area is added and only exposed read-only; give them immutable, JSON-compatible values
(numbers, strings, booleans, None) so clones and saves stay independent.

A pair of areas has at most one link; its ``kind`` (e.g. 'land', 'sea') lets rules
restrict movement without keeping separate graphs.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any


class AreaGraph:
    """Undirected graph of named areas with attributes and kind-labelled links."""

    __slots__ = ("_attrs", "_links")

    def __init__(self) -> None:
        self._attrs: dict[str, dict[str, Any]] = {}
        self._links: dict[str, dict[str, str]] = {}

    def _check(self, name: str) -> None:
        if name not in self._attrs:
            raise KeyError(f"unknown area {name!r}")

    def add_area(self, name: str, /, **attrs: Any) -> None:
        """Add an area with fixed attributes; adding a name twice is a setup bug."""
        if name in self._attrs:
            raise ValueError(f"area {name!r} already exists")
        self._attrs[name] = dict(attrs)
        self._links[name] = {}

    def remove_area(self, name: str) -> None:
        """Remove an area together with all its links."""
        self._check(name)
        for other in self._links.pop(name):
            del self._links[other][name]
        del self._attrs[name]

    def attrs(self, name: str) -> Mapping[str, Any]:
        """Read-only view of an area's attributes; read-only so clones can share them."""
        self._check(name)
        return MappingProxyType(self._attrs[name])

    def areas(self) -> list[str]:
        """All area names, sorted."""
        return sorted(self._attrs)

    def link(self, a: str, b: str, kind: str = "land") -> None:
        """Join two areas; linking an already linked pair just changes the link's kind."""
        self._check(a)
        self._check(b)
        if a == b:
            raise ValueError(f"cannot link area {a!r} to itself")
        self._links[a][b] = kind
        self._links[b][a] = kind

    def unlink(self, a: str, b: str) -> None:
        """Remove the link between two areas; unlinking an unlinked pair is a rules bug."""
        if not self.linked(a, b):
            raise ValueError(f"areas {a!r} and {b!r} are not linked")
        del self._links[a][b]
        del self._links[b][a]

    def linked(self, a: str, b: str) -> bool:
        """Whether a link of any kind joins ``a`` and ``b``."""
        self._check(a)
        self._check(b)
        return b in self._links[a]

    def link_kind(self, a: str, b: str) -> str:
        """The kind of the link between ``a`` and ``b``."""
        if not self.linked(a, b):
            raise ValueError(f"areas {a!r} and {b!r} are not linked")
        return self._links[a][b]

    def neighbours(self, a: str, kind: str | None = None) -> list[str]:
        """Areas linked to ``a`` (only by links of ``kind`` if given), sorted."""
        self._check(a)
        return sorted(b for b, k in self._links[a].items() if kind is None or k == kind)

    def shortest_path(self, a: str, b: str, kind: str | None = None) -> list[str] | None:
        """Fewest-links route from ``a`` to ``b``, both included, or None if unreachable.

        Breadth-first over sorted neighbours, so among equally short routes the same one
        is always returned. ``kind`` restricts the walk to links of that kind.
        """
        self._check(a)
        self._check(b)
        previous: dict[str, str | None] = {a: None}
        queue = deque([a])
        while queue:
            current = queue.popleft()
            if current == b:
                path = []
                step: str | None = b
                while step is not None:
                    path.append(step)
                    step = previous[step]
                return path[::-1]
            for n in self.neighbours(current, kind):
                if n not in previous:
                    previous[n] = current
                    queue.append(n)
        return None

    def distance(self, a: str, b: str, kind: str | None = None) -> int | None:
        """Number of links on the shortest route, or None if ``b`` cannot be reached."""
        path = self.shortest_path(a, b, kind)
        return None if path is None else len(path) - 1

    def clone(self) -> AreaGraph:
        """Independent copy for search; attribute dicts are shared since they never change."""
        copy = AreaGraph.__new__(AreaGraph)
        copy._attrs = dict(self._attrs)
        copy._links = {name: dict(links) for name, links in self._links.items()}
        return copy

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, AreaGraph):
            return NotImplemented
        return self._attrs == other._attrs and self._links == other._links

    def to_json(self) -> dict[str, Any]:
        """Plain dicts and lists in sorted order, so equal graphs save to identical files."""
        return {
            "areas": [
                {"name": name, "attrs": dict(sorted(self._attrs[name].items()))}
                for name in sorted(self._attrs)
            ],
            "links": [
                [a, b, kind]
                for a in sorted(self._links)
                for b, kind in sorted(self._links[a].items())
                if a < b
            ],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> AreaGraph:
        """Rebuild a graph saved by :meth:`to_json`; bad data fails like the live calls do."""
        graph = cls()
        for area in data["areas"]:
            graph.add_area(area["name"], **area["attrs"])
        for a, b, kind in data["links"]:
            graph.link(a, b, kind)
        return graph
