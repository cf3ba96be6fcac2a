"""A computer clan in a battle: whether to answer Call to Battle, which card to lay, what
to add after the reveal, which figure Odin's Tide leaves standing, which to save.

The STR of every clan in the battle is public, and so are the cards once revealed;
before the reveal the others' cards are odds (`forecast`). The winner discards the
cards it played and the losers take theirs back (facts 41): a card laid in a battle
that is lost costs nothing, so the clan lays the card that wins if one likely does
(the cheapest such), and otherwise one whose text pays for losing, or its least card.
"""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.frames import Pass
from engine.games.yggdrasil import board
from engine.games.yggdrasil.actions import Choose, Join, Lay
from engine.games.yggdrasil.appraisal import CALLED, RAGE_GLORY, Look
from engine.games.yggdrasil.campaign import RAGE_PRICE, keep_worth, without
from engine.games.yggdrasil.content import Gain, InValhalla, Take
from engine.games.yggdrasil.forecast import Rival
from engine.games.yggdrasil.gifts import WIN_ODDS

DENIAL = 0.3  # another clan's gain kept from it, against the seat's own (four clans)
FIGURE_LOST = 0.6  # a figure sent to Valhalla: Rage and a village to win back


def stakes(look: Look) -> float:
    """What winning this battle brings the seat: its Axes, the reward if it pillages,
    its figures there kept alive."""
    s, seat = look.s, look.seat
    win = float(board.stat(s, "axes", seat))
    if s.pillager == seat:
        win += look.reward_worth(s.fight)
    return win + figures_at_stake(look)


def figures_at_stake(look: Look) -> float:
    """What the seat's figures in the battle are worth where they stand (losers' die)."""
    s = look.s
    here = [f for f, (owner, _, at) in look.on_board.items()
            if owner == look.seat and at in look.places[s.fight]]
    if not here:
        return 0.0
    return (look.worth() - look.worth(without(look, here))) + FIGURE_LOST * len(here)


def rivals_now(look: Look, joining: bool) -> dict[int, Rival]:
    """The other clans in the battle by their STR there (and, while Call to Battle goes
    on, what they could still bring)."""
    out = {}
    for o in look.others:
        strength = look.enemy_str[look.s.fight][o]
        if joining:
            strength += CALLED * sum(look.reach[look.s.fight][o])
        if strength > 0 or o in look.s.fighters:
            out[o] = Rival(strength, look.hands[o])
    return out


# -- Call to Battle ------------------------------------------------------------------------
def call(look: Look, actions: list[Action]) -> Action:
    """Send a figure when it raises the chance of winning by more than it risks."""
    s, seat = look.s, look.seat
    joins = [a for a in actions if isinstance(a, Join)]
    mine = look.mine()[s.fight]
    card = look.best_card()
    rivals = list(rivals_now(look, True).values())
    before = look.odds.win_chance(mine + card, rivals) if mine else 0.0
    gain = stakes(look) + (DENIAL * look.reward_worth(s.fight) if seat != s.pillager else 0.0)
    now = look.worth()
    best: Action = Pass()
    best_value = 0.1
    for a in joins:
        _, kind, at = look.figures[a.figure]
        strength = look.figure_str(seat, kind, s.fight)
        after = look.odds.win_chance(mine + strength + card, rivals)
        moved = look.spots(seat)
        moved.remove((kind, at))
        leave = now - look.worth([*moved, (kind, s.fight)])
        risk = (1 - after) * (FIGURE_LOST + _glorious(look))
        value = (after - before) * gain - leave - risk
        if value > best_value:
            best, best_value = a, value
    return best


def _glorious(look: Look) -> float:
    """Dying is a cost, unless a committed quest of a glorious death wants it."""
    return -1.0 if any(isinstance(q.goal, InValhalla) for q in look.quests) else 0.0


# -- laying a card ---------------------------------------------------------------------------
def lay(look: Look, actions: list[Action]) -> Action:
    """The card whose chance of winning, times what winning brings less the card's own
    worth (a winner discards it), plus what its text pays for losing, is highest."""
    s = look.s
    mine = look.mine()[s.fight]
    gain = stakes(look)
    best, best_value = actions[0], float("-inf")
    for a in actions:
        if not isinstance(a, Lay):
            continue
        card = look.card(a.card)
        total = mine + look.battle_str(a.card)
        smite = card.rule("smite-warrior") is not None
        rivals = [Rival(r.strength - _warrior(look, o), r.cards) if smite else r
                  for o, r in rivals_now(look, False).items()]
        chance = look.odds.win_chance(total, rivals)
        on_win = sum(_gain_text(look, e) for e in card.effects if isinstance(e, Gain))
        on_loss = sum(_take_text(e) for e in card.effects if isinstance(e, Take))
        if card.rule("discard-and-replay") is not None:
            on_loss += sum(look.odds.expected_best(r.cards) for r in rivals)
            on_win += sum(look.odds.expected_best(r.cards) for r in rivals)
        v = chance * (gain + on_win - keep_worth(look, a.card)) + (1 - chance) * on_loss
        if v > best_value:
            best, best_value = a, v
    return best


def _warrior(look: Look, seat: int) -> int:
    """What Odin's Smite takes from `seat`: one Warrior's STR, if it has one there."""
    here = [kind for owner, kind, at in look.on_board.values()
            if owner == seat and at in look.places[look.s.fight]]
    return look.figure_str(seat, "warrior", look.s.fight) if "warrior" in here else 0


def _gain_text(look: Look, gain: Gain) -> float:
    """What a card's "if you win" (or "if you pillage") text pays the seat."""
    steps = look.best_raise() if gain.stats != "none" else 0.0
    if gain.stats == "all":
        steps = sum(look.raise_worth(st) for st in ("rage", "axes", "horns"))
    if gain.on == "pillage" and look.s.pillager != look.seat:
        return 0.0
    return gain.glory + gain.rage * RAGE_PRICE + steps


def _take_text(take: Take) -> float:
    """What a Loki card takes from the winner when the seat loses."""
    return take.rage * RAGE_GLORY * WIN_ODDS + take.glory + 3.0 * take.cards


# -- after the reveal -------------------------------------------------------------------------
def after_reveal(look: Look, actions: list[Action]) -> Action:
    """Add Heimdall's Eye or Gaze when it turns the battle: the least card that makes the
    seat the only highest; failing that, one that ties the highest (then everyone
    loses, the seat included, and it takes its card back)."""
    s, seat = look.s, look.seat
    totals = {q: board.battle_total(s, q) for q in s.fighters}
    mine = totals.pop(seat, 0)
    top = max(totals.values(), default=0)
    if mine > top:
        return Pass()
    adds = sorted((a for a in actions if isinstance(a, Lay)),
                  key=lambda a: look.card(a.card).str or 0)
    for a in adds:
        if mine + (look.card(a.card).str or 0) > top:
            return a
    leader = max(totals, key=lambda q: totals[q]) if totals else seat
    for a in adds:
        if mine + (look.card(a.card).str or 0) == top and leader == s.pillager:
            return a
    if adds and sum(look.card(a.card).str or 0 for a in adds) + mine > top:
        return adds[-1]
    return Pass()


# -- figures kept from death -----------------------------------------------------------------
def keep_one(look: Look, actions: list[Action]) -> Action:
    """Odin's Tide: the strongest figure stays."""
    fight = look.s.fight
    return max((a for a in actions if isinstance(a, Choose)),
               key=lambda a: look.figure_str(look.seat, look.figures[a.figure][1], fight))


def spare(look: Look, actions: list[Action]) -> Action:
    """The Volur Witch always retreats; Frigga's Protection saves a figure worth more
    than the Rage it costs."""
    retreat = next((a for a in actions if isinstance(a, Choose) and a.how == "retreat"), None)
    if retreat is not None:
        return retreat
    rule = board.rule(look.s, look.seat, "save-figure")
    price = (rule.params["rage"] if rule is not None else 1) * RAGE_PRICE
    now = look.worth()
    best: Action = Pass()
    best_value = price
    for a in actions:
        if isinstance(a, Choose) and a.how == "save":
            saved = now - look.worth(without(look, [a.figure])) + FIGURE_LOST
            if saved > best_value:
                best, best_value = a, saved
    return best

