"""The computer clan: a fast heuristic that plays Yggdrasil from its own seat's view.

Every decision values its choices in Glory with the seat's reading of the board
(`appraisal.Look`) and takes the best:

- **Gods' Gifts**: each pick is the card that adds most to the hand already drafted: the
  strongest battle cards (each further one counts less), quests by the chance the board
  gives them (two quests of one region pay twice for one majority), upgrades by what
  they do in the Ages left, less their Rage, while the Age's Rage pays for them
  (`gifts`). The card kept into the next Age is the one worth most.
- **Action phase** (`campaign`): invasions and marches by what they change in the
  Glory the Age is likely to pay (Ragnarök, quests, pillages to come, figures staying
  on), upgrades by what they do, pillages where the clan's STR and its best card likely
  beat what the others have there and could call in; quests committed when likely met;
  before the last Rage, the free pillages and quests still worth it; otherwise passing.
- **Battles** (`fighting`): Call to Battle when a figure raises the chance to win by more
  than it risks; the cheapest card that likely wins, or one that pays for losing;
  Heimdall's Eye or Gaze added after the reveal when it turns the battle.
- Stat steps where they bring the end-of-game bonus nearest; free invasions where they
  add most; the Volur Witch always retreats; Odin's Tide keeps the strongest figure.

It reads only the view it is given (the other hands, packets, quests and laid cards are
hidden there) and uses no randomness and no memory, so the same view gives the same
choice.
"""

from __future__ import annotations

import itertools

from engine.core.actions import Action
from engine.core.agent import GuardedPolicy
from engine.core.frames import Pass, Triggered, Use
from engine.core.game import GameState
from engine.core.rng import Rng
from engine.games.yggdrasil import board, campaign, fighting
from engine.games.yggdrasil.actions import (
    Choose,
    Go,
    Invade,
    Keep,
    Pick,
    Raise,
    Reclaim,
    Rest,
)
from engine.games.yggdrasil.appraisal import Look
from engine.games.yggdrasil.battle import (
    YggAfterReveal,
    YggBattleCards,
    YggCall,
    YggKeepOne,
    YggProwess,
)
from engine.games.yggdrasil.frames import (
    YggChooseStat,
    YggDraft,
    YggKeep,
    YggLeaderMove,
    YggMarchOn,
    YggOffer,
    YggSacrifice,
    YggSpare,
)
from engine.games.yggdrasil.gifts import card_worth, pick_worth
from engine.games.yggdrasil.state import YggdrasilState, hand, kept


class YggdrasilPolicy(GuardedPolicy):
    """The computer player (engine.core.agent.Agent); see the module docstring.

    `strict`: raise on a mistake of its own rather than fall back to a safe answer (the
    tests use it; the table never should crash on the computer's turn)."""

    def decide(self, state: GameState, actions: list[Action], rng: Rng) -> Action | None:
        assert isinstance(state, YggdrasilState)
        seat = state.to_move()
        assert seat is not None
        look = Look(state, seat)
        frame = state.frames[-1] if state.frames and state.frames[-1].seats else None
        if frame is None:
            return campaign.choose_turn(look, actions)
        if isinstance(frame, YggDraft):
            return _pick(look, actions)
        if isinstance(frame, YggKeep):
            return _keep(look, actions)
        if isinstance(frame, YggBattleCards):
            return fighting.lay(look, actions)
        if isinstance(frame, YggAfterReveal):
            return fighting.after_reveal(look, actions)
        if isinstance(frame, YggCall):
            return fighting.call(look, actions)
        if isinstance(frame, YggKeepOne):
            return fighting.keep_one(look, actions)
        if isinstance(frame, YggSpare):
            return fighting.spare(look, actions)
        if isinstance(frame, YggChooseStat):
            return max((a for a in actions if isinstance(a, Raise)),
                       key=lambda a: look.raise_worth(a.stat))
        if isinstance(frame, YggOffer):
            return _free_invasion(look, actions)
        if isinstance(frame, YggMarchOn):
            return campaign.march_along(look, actions, frame.source, frame.to) or Pass()
        if isinstance(frame, YggLeaderMove):
            return _leader_move(look, actions)
        if isinstance(frame, YggSacrifice):
            mine = [a for a in actions if isinstance(a, Choose)]
            cheapest = campaign.cheapest_figures(look, len(mine), look.worth())
            return next(a for f in cheapest for a in mine if a.figure == f)
        if isinstance(frame, YggProwess):
            return _reclaim(look, actions)
        if isinstance(frame, Triggered):
            return _use(look, frame)
        return self.safe(actions)

    def safe(self, actions: list[Action]) -> Action:
        """Passing where the rules allow it, else the first answer (never a crash)."""
        return next((a for a in actions if isinstance(a, Pass | Rest)), actions[0])


# -- Gods' Gifts and the Discard phase ------------------------------------------------------
def _pick(look: Look, actions: list[Action]) -> Action:
    s = look.s
    held = [look.card(c) for c in (*s.table.cards_in(hand(look.seat)),
                                   *s.table.cards_in(kept(look.seat)))]
    picks = [a for a in actions if isinstance(a, Pick)]

    def worth(pick: Pick) -> float:
        best = float("-inf")
        for order in itertools.permutations(pick.cards):
            cards = list(held)
            value = 0.0
            for c in order:
                card = look.card(c)
                value += pick_worth(look, cards, card)
                cards.append(card)
            best = max(best, value)
        return best
    return max(picks, key=worth)


def _keep(look: Look, actions: list[Action]) -> Action:
    keeps = [a for a in actions if isinstance(a, Keep) and a.card]
    if not keeps:
        return Keep("")
    return max(keeps, key=lambda a: card_worth(look, look.card(a.card)))


# -- small choices ---------------------------------------------------------------------------
def _free_invasion(look: Look, actions: list[Action]) -> Action:
    now = look.worth()
    invasions = [a for a in actions if isinstance(a, Invade)]
    best = max(invasions, key=lambda a: campaign.invade_value(look, a.figure, a.to, now))
    return best if campaign.invade_value(look, best.figure, best.to, now) > 0 else Pass()


def _leader_move(look: Look, actions: list[Action]) -> Action:
    now = look.worth()
    leader = next(f for f, (owner, kind, _) in look.figures.items()
                  if owner == look.seat and kind == "leader")
    best: Action = Pass()
    best_value = 0.0
    for a in actions:
        if isinstance(a, Go):
            spots = campaign.without(look, [leader])
            gain = look.worth([*spots, ("leader", a.to)]) - now
            if gain > best_value:
                best, best_value = a, gain
    return best


def _reclaim(look: Look, actions: list[Action]) -> Action:
    rule = board.rule(look.s, look.seat, "keep-cards-after-win")
    price = (rule.params["rage"] if rule is not None else 1) * campaign.RAGE_PRICE
    reclaims = [a for a in actions if isinstance(a, Reclaim)]
    best = max(reclaims, key=lambda a: campaign.keep_worth(look, a.card), default=None)
    if best is not None and campaign.keep_worth(look, best.card) > price:
        return best
    return Pass()


def _use(look: Look, frame: Triggered) -> Action:
    """A "may" ability: a quest counts as a battle card (always better); Thor's Domain
    pillages at once when the pillage is worth its Rage."""
    facts = dict(frame.facts)
    if frame.ability == "Thor's Domain":
        to = str(facts.get("to", ""))
        if to not in look.places:
            return Pass()
        rule = board.rule(look.s, look.seat, "pillage-after-invade")
        price = (rule.params["rage"] if rule is not None else 2) * campaign.RAGE_PRICE
        return Use(frame.ability) if campaign.pillage_value(look, to, look.worth()) > price \
            else Pass()
    return Use(frame.ability)

