"""Fixtures: a TACTICA match open in the real window (see tactica_table.Table)."""

from __future__ import annotations

import pytest

from tests.app.tactica.tactica_table import Table


@pytest.fixture
def table(qtbot) -> Table:
    return Table(qtbot)


@pytest.fixture
def make_table(qtbot):
    return lambda **kwargs: Table(qtbot, **kwargs)
