"""Test-wide set-up: Qt runs offscreen, and nothing writes to a player's real folders.

QT_QPA_PLATFORM must be set before any Qt import, which is why it is here at
module level. QDrag.exec is replaced in app tests because offscreen it
returns at once and under Xvfb it blocks; the replacement delivers the drag
to the widget the test names, through the widget's real drag handlers.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    """Autosaves and settings go to the test's own folder."""
    monkeypatch.setenv("RUNETABLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("RUNETABLE_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path
