"""The drag payload shared by docks and the board: which card, from which zone.

One custom MIME type means any dock can accept a card from any other place
without knowing who started the drag.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from PySide6.QtCore import QMimeData

CARD_MIME = "application/x-runetable-card"


@dataclass(frozen=True)
class CardDrag:
    ref: str  # card id, or a hidden place like ?deck#51
    zone: str  # where it comes from


def encode(drag: CardDrag) -> QMimeData:
    mime = QMimeData()
    mime.setData(CARD_MIME, json.dumps({"ref": drag.ref, "zone": drag.zone}).encode())
    mime.setText(drag.ref)
    return mime


def decode(mime: QMimeData | None) -> CardDrag | None:
    """The card being dragged, or None for anything that is not ours."""
    if mime is None or not mime.hasFormat(CARD_MIME):
        return None
    try:
        data = json.loads(bytes(mime.data(CARD_MIME).data()).decode())
        return CardDrag(str(data["ref"]), str(data["zone"]))
    except (ValueError, KeyError, TypeError):
        return None
