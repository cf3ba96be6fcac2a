"""What a clan does, by ids only: its action of the turn, and its answers to the frames
(a draft pick, a battle card, a figure called to battle, a stat to raise)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import Action


# -- the Action phase (facts 24-34) ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Invade(Action):
    """Put a figure from the reserve (or, with Frigga's Domain, from Valhalla) on the board.
    `figure` is ``leader``, ``warrior``, ``ship`` or a monster's card key."""

    kind = "ygg-invade"
    figure: str
    to: str
    from_valhalla: bool = False

    def describe(self) -> str:
        where = " from Valhalla" if self.from_valhalla else ""
        return f"invade {self.to} with a {self.figure}{where}"


@dataclass(frozen=True, slots=True)
class March(Action):
    """March a figure from its province to another; more may follow it (MarchAlong)."""

    kind = "ygg-march"
    figure: str
    to: str

    def describe(self) -> str:
        return f"march {self.figure} to {self.to}"


@dataclass(frozen=True, slots=True)
class Upgrade(Action):
    """Put an upgrade or monster card on the clan sheet; `replace` names the card it
    replaces when its slots are full."""

    kind = "ygg-upgrade"
    card: str
    replace: str = ""

    def describe(self) -> str:
        return f"upgrade with {self.card}" + (f" in place of {self.replace}"
                                               if self.replace else "")


@dataclass(frozen=True, slots=True)
class Quest(Action):
    kind = "ygg-quest"
    card: str

    def describe(self) -> str:
        return "commit a quest"


@dataclass(frozen=True, slots=True)
class Pillage(Action):
    kind = "ygg-pillage"
    province: str

    def describe(self) -> str:
        return f"pillage {self.province}"


@dataclass(frozen=True, slots=True)
class Sacrifice(Action):
    """Frigga's Sacrifice: destroy two of your figures to raise `stat` a step."""

    kind = "ygg-sacrifice"
    stat: str

    def describe(self) -> str:
        return f"sacrifice two figures to raise {self.stat}"


@dataclass(frozen=True, slots=True)
class Rest(Action):
    """Pass: Rage drops to 0 for the rest of the phase (facts 26)."""

    kind = "ygg-rest"

    def describe(self) -> str:
        return "pass for the rest of the Action phase"


REST = Rest()


# -- answers -----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Pick(Action):
    """A draft pick: one card, or two with two players (facts 22, 23)."""

    kind = "ygg-pick"
    cards: tuple[str, ...]

    def describe(self) -> str:
        return "pick " + " and ".join(self.cards)


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Keep a card for the next Age (facts 43); `card` "" keeps none."""

    kind = "ygg-keep"
    card: str = ""

    def describe(self) -> str:
        return f"keep {self.card}" if self.card else "keep no card"


@dataclass(frozen=True, slots=True)
class Lay(Action):
    """Lay a battle card face down (facts 37), or add one after the reveal (facts 38)."""

    kind = "ygg-lay"
    card: str

    def describe(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Join(Action):
    """Call to Battle: move a figure from an adjacent province into the battle (facts 35)."""

    kind = "ygg-join"
    figure: str

    def describe(self) -> str:
        return f"call {self.figure} to battle"


@dataclass(frozen=True, slots=True)
class MarchAlong(Action):
    kind = "ygg-march-along"
    figure: str

    def describe(self) -> str:
        return f"march {self.figure} along"


@dataclass(frozen=True, slots=True)
class Raise(Action):
    kind = "ygg-raise"
    stat: str

    def describe(self) -> str:
        return f"raise {self.stat}"


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Name a figure: the one Odin's Tide leaves standing, one to sacrifice, one to save
    with Frigga's Protection, the Volur Witch's retreat."""

    kind = "ygg-choose"
    figure: str
    how: str = ""  # "save", "retreat" or "" (the frame's own question)

    def describe(self) -> str:
        return f"{self.how or 'choose'} {self.figure}"


@dataclass(frozen=True, slots=True)
class Go(Action):
    """Take up an offer at a place: a free invasion there, the Leader's move, Thor's
    Domain's pillage."""

    kind = "ygg-go"
    to: str

    def describe(self) -> str:
        return f"go to {self.to}"


@dataclass(frozen=True, slots=True)
class Reclaim(Action):
    """Tyr's Prowess: keep a revealed card for Rage."""

    kind = "ygg-reclaim"
    card: str

    def describe(self) -> str:
        return f"keep {self.card}"
