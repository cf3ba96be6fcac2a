"""Fixtures: the deck builder shown on screen, and the questions it asks answered.

Every QMessageBox.question is recorded and answered from `answers.queue`, or with the
box's own default (Cancel, No) when the test queued nothing: a question a test did not
expect never waits for a click that will not come, not even when pytest-qt closes the
builder at the end of the test.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from PySide6.QtWidgets import QMessageBox

from app.dialogs.deck_builder import DeckBuilder


@dataclass
class Answers:
    queue: list[QMessageBox.StandardButton] = field(default_factory=list)
    asked: list[str] = field(default_factory=list)


@pytest.fixture(autouse=True)
def answers(monkeypatch) -> Answers:
    given = Answers()

    def question(parent, title, text, buttons=None, default=None):
        given.asked.append(text)
        return given.queue.pop(0) if given.queue else default

    monkeypatch.setattr(QMessageBox, "question", question)
    return given


@pytest.fixture
def builder(qtbot) -> DeckBuilder:
    dialog = DeckBuilder()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog
