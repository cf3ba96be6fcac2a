"""Loading content files (cards, boards) with errors that name file, item and field."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from engine.core.errors import ContentError

M = TypeVar("M", bound=BaseModel)


def describe_location(data: object, loc: tuple[int | str, ...]) -> str:
    """Name a validation error's place the way a content author reads it.

    'cards[3] (Ice Bridge).target' beats a bare index path: when a list item
    has a name or key, the message shows it.
    """
    parts: list[str] = []
    node = data
    for step in loc:
        if isinstance(step, int):
            label = f"[{step}]"
            if isinstance(node, list) and step < len(node) and isinstance(node[step], dict):
                item = node[step]
                named = item.get("name") or item.get("key") or item.get("id")
                if isinstance(named, str):
                    label += f" ({named})"
            parts.append(label)
            node = node[step] if isinstance(node, list) and step < len(node) else None
        else:
            parts.append(("." if parts else "") + str(step))
            node = node.get(step) if isinstance(node, dict) else None
    return "".join(parts) or "the top level"


@cache
def _read(path: Path, model: type[BaseModel]) -> BaseModel:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ContentError(f"{path}: content file is missing") from None
    except OSError as exc:
        raise ContentError(f"{path}: content file cannot be read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise ContentError(f"{path}: not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise ContentError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: "
                           f"{exc.msg})") from None
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = describe_location(data, tuple(first["loc"]))
        raise ContentError(f"{path}: {where}: {first['msg']}") from None


def load_content(path: Path, model: type[M]) -> M:
    """Validated content, read once per process (content files never change mid-run)."""
    result = _read(Path(path), model)
    assert isinstance(result, model)
    return result
