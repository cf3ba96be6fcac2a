"""The Wintergrim decks players build, kept as one JSON file each in the data folder.

A deck file is `<key>.json` in `wintergrim-decks/` of the user's data folder and
holds the deck's key, name, realm and card counts. The key is the deck's identity
in a match (`WintergrimOptions.decks`, `deck_lists`), so it is the file's name too:
renaming a deck keeps its key, and two files can never claim one key.

Files are edited by hand and outlive card-list updates, so reading trusts nothing:
a file that cannot be read is left out, one that breaks a deck rule is listed with
the rule, and each gets one line naming the file and what is wrong. Reading never
deletes or rewrites anything; saving writes atomically and never takes the name of
a file already there, readable or not.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from app import paths
from engine.core.content import describe_location
from engine.core.saves import write_atomic
from engine.games.wintergrim.content import Card, DeckList, WintergrimContent, deck_problem, load

FOLDER = "wintergrim-decks"
LARGEST_FILE = 256 * 1024  # a 50-card deck is about 1 KB; anything this big is not one
NAME_LENGTH = next(m.max_length for m in DeckList.model_fields["name"].metadata
                   if hasattr(m, "max_length"))
KEY_STEM = 32  # room left in a 40-character key for "-NN" when a name's key is taken


class DeckRefused(ValueError):
    """A deck that is not saved; `reason` says why in a player's words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class DeckChoice:
    """A deck a seat may be given: `problem` is the deck rule it breaks (then it may not
    be played until fixed), `user` says it is a player's own (its counts travel with the
    match in `deck_lists`)."""

    key: str
    name: str
    realm: str
    counts: Mapping[str, int]
    problem: str | None
    user: bool


@dataclass(frozen=True, slots=True)
class Shelf:
    """Decks read, and one line for each file that is left out or may not be played."""

    decks: list[DeckChoice] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def folder() -> Path:
    """The user's deck folder (StorageError, an OSError, when the data folder is unusable)."""
    return paths.data_dir() / FOLDER


def deck_realm(cards: Mapping[str, Card], counts: Mapping[str, int]) -> str:
    """The realm of the HQ a playable deck starts with: the table colours its seat by it."""
    for key in counts:
        hq = cards[key]
        workers = sum(n for k, n in counts.items()
                      if cards[k].is_("worker") and cards[k].realm == hq.realm)
        if hq.hq and workers >= 2:
            return hq.realm
    raise ValueError("only a playable deck has a realm (deck_problem says why not)")


def _read_one(path: Path, content: WintergrimContent) -> DeckChoice:
    """The deck in `path`, or DeckRefused naming what is wrong with the file."""
    try:
        if path.stat().st_size > LARGEST_FILE:
            raise DeckRefused("too large to be a deck")
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DeckRefused(f"cannot be read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise DeckRefused("not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise DeckRefused(f"not valid JSON (line {exc.lineno}, column {exc.colno}: "
                          f"{exc.msg})") from None
    try:
        deck = DeckList.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise DeckRefused(f"{describe_location(data, tuple(first['loc']))}: "
                          f"{first['msg']}") from None
    if deck.key != path.stem:
        raise DeckRefused(f"its key {deck.key!r} is not its file name (rename the file to "
                          f"{deck.key}.json)")
    if deck.key in content.decks:
        raise DeckRefused(f"its key {deck.key!r} is the key of the deck "
                          f"{content.decks[deck.key].name}, which comes with the game")
    return DeckChoice(deck.key, deck.name, deck.realm, dict(deck.cards),
                      deck_problem(content.cards, deck.cards), user=True)


def read_user_decks(content: WintergrimContent | None = None) -> Shelf:
    """Every deck file in the folder, by name; a file that cannot be read is left out and
    one breaking a deck rule is kept (so it can be opened and fixed), each with its line."""
    content = content or load()
    try:
        files = sorted(folder().glob("*.json"))
    except OSError as exc:
        return Shelf(problems=[f"Your decks cannot be read: {exc}"])
    shelf = Shelf()
    for path in files:
        try:
            deck = _read_one(path, content)
        except DeckRefused as refused:
            shelf.problems.append(f"{path.name}: {refused.reason}; left out")
            continue
        if deck.problem is not None:
            shelf.problems.append(f"{path.name}: {deck.name} may not be played yet: "
                                  f"{deck.problem}")
        shelf.decks.append(deck)
    shelf.decks.sort(key=lambda d: d.name.casefold())
    return shelf


def deck_choices(content: WintergrimContent | None = None) -> Shelf:
    """The decks a seat may be given: those that come with the game, then the player's."""
    content = content or load()
    shipped = [DeckChoice(d.key, d.name, d.realm, dict(d.cards), None, user=False)
               for d in content.decks.values()]
    mine = read_user_decks(content)
    return Shelf(shipped + mine.decks, mine.problems)


def _fresh_key(name: str, content: WintergrimContent, where: Path) -> str:
    """A key made from the name that no shipped deck and no file in the folder has."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    stem = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:KEY_STEM].strip("-") or "deck"
    key, n = stem, 1
    while key in content.decks or (where / f"{key}.json").exists():
        n += 1
        key = f"{stem}-{n}"
    return key


def save_user_deck(name: str, counts: Mapping[str, int], key: str | None = None,
                   content: WintergrimContent | None = None) -> DeckChoice:
    """Write a playable deck to its file: over the deck `key` names, or as a new deck.

    DeckRefused when the deck breaks a rule, has no name or takes another deck's name
    (seats choose decks by name); OSError when the folder cannot be written.
    """
    content = content or load()
    name = name.strip()
    counts = {k: n for k, n in sorted(counts.items()) if n > 0}
    if not name:
        raise DeckRefused("the deck needs a name")
    if len(name) > NAME_LENGTH:
        raise DeckRefused(f"a deck's name is at most {NAME_LENGTH} characters")
    problem = deck_problem(content.cards, counts)
    if problem is not None:
        raise DeckRefused(problem)
    same = [d for d in deck_choices(content).decks
            if d.name.casefold() == name.casefold() and d.key != key]
    if same:
        raise DeckRefused(f"another deck is already named {same[0].name}")
    where = folder()
    key = key or _fresh_key(name, content, where)
    realm = deck_realm(content.cards, counts)
    text = json.dumps({"key": key, "name": name, "realm": realm, "cards": counts},
                      indent=1, ensure_ascii=False)
    write_atomic(where / f"{key}.json", text + "\n")
    return DeckChoice(key, name, realm, counts, None, user=True)


def delete_user_deck(key: str) -> None:
    """Remove a player's deck file; a file already gone is no error."""
    (folder() / f"{key}.json").unlink(missing_ok=True)
