"""A small game situation played through the engine, step by step, as the facts tell it:
an Age 2 pillage of Horgr with Call to Battle (facts 34, 35, ruling 1), cards laid at
once and revealed together (facts 37), a Heimdall's Eye added after the reveal by the
pillager first (facts 38, ruling 21), the resolution (facts 39-42) with Thor's Glory
(ruling 10) and Loki's Backstab, then the rest of the Age: Quest (facts 44), Ragnarök
(facts 45) and Release Valhalla (facts 46)."""

from __future__ import annotations

from engine.core.frames import Pass
from engine.games.yggdrasil import board
from engine.games.yggdrasil.actions import REST, Join, Keep, Lay, Pillage, Quest, Raise
from engine.games.yggdrasil.battle import (
    YggAfterReveal,
    YggBattleCards,
    YggCall,
)
from engine.games.yggdrasil.frames import (
    YggChooseStat,
    YggDraft,
)
from engine.games.yggdrasil.state import RESERVE, VALHALLA, hand, kept
from tests.engine.yggdrasil.helpers import (
    FJORD_MH,
    GAME,
    YGG,
    act,
    card,
    give,
    kinds_at,
    place,
    table,
    texts,
    top,
    upgrade,
)

P1, P2, P3 = 0, 1, 2


def test_a_pillage_of_horgr_and_the_rest_of_the_age() -> None:
    """Player 1 (first player, Age 2) has its Leader in Horgr (the Axes token) and its ship
    in the fjord of Muspelheim and Horgr, Thor's Glory on its sheet, and a Warrior in
    Yggdrasil. Player 2 has two Warriors and its Leader in Muspelheim and a Quest of
    Jotunheim in hand; Player 3 a Warrior in Utgard. Ragnarök of Age 2 will strike Horgr."""
    state = table(3, age=2, doom=("angerboda", "horgr", "elvagar"))
    upgrade(state, P1, "a1-thors-glory")
    leader = place(state, P1, "leader", "horgr")[0]
    ship = place(state, P1, "ship", FJORD_MH)[0]
    p1_warrior = place(state, P1, "warrior", YGG)[0]
    p2_warriors = place(state, P2, "warrior", "muspelheim", 2)
    p2_leader = place(state, P2, "leader", "muspelheim")[0]
    p3_warrior = place(state, P3, "warrior", "utgard")[0]
    give(state, P1, "a2-tyrs-crush", "a2-heimdalls-eye-2")
    give(state, P2, "a2-heimdalls-eye", "a2-quest-of-jotunheim")
    give(state, P3, "a2-lokis-backstab")

    # Player 1 pillages Horgr; Call to Battle starts on its left (facts 35, ruling 1).
    events = act(state, Pillage("horgr"))
    assert texts(events) == ["Player 1 pillages Horgr: Call to Battle"]
    assert isinstance(top(state), YggCall) and state.deciding() == (P2,)
    events = act(state, Join(p2_warriors[0]))
    assert texts(events) == ["Player 2 calls its Warrior from Muspelheim to battle"]
    assert state.deciding() == (P3,)
    act(state, Join(p3_warrior))
    assert state.deciding() == (P1,), "the pillager is asked too"
    act(state, Join(p1_warrior))
    # Horgr's 4 villages are full: the call ends; the rest of Player 2 stays home
    assert not isinstance(top(state), YggCall)
    assert set(board.own(state, P2, "muspelheim")) == {p2_warriors[1], p2_leader}

    # Every clan in the battle lays a card face down at once (facts 37).
    frame = top(state)
    assert isinstance(frame, YggBattleCards) and frame.seats == (P1, P2, P3)
    act(state, Lay(card(state, "a2-lokis-backstab")), P3)
    seen_by_p2 = GAME.view(state, P2).table
    assert card(state, "a2-lokis-backstab") not in seen_by_p2.faces
    act(state, Lay(card(state, "a2-tyrs-crush")), P1)
    events = act(state, Lay(card(state, "a2-heimdalls-eye")), P2)
    assert texts(events, P3)[0] == "Player 2 has chosen"
    assert "cards revealed: Player 1 Tyr's Crush, Player 2 Heimdall's Eye, " \
           "Player 3 Loki's Backstab" in texts(events, P3)

    # After the reveal the pillager may add first (facts 38, ruling 21).
    assert isinstance(top(state), YggAfterReveal) and state.deciding() == (P1,)
    events = act(state, Lay(card(state, "a2-heimdalls-eye-2")))
    assert texts(events)[0] == "Player 1 adds Heimdall's Eye after the reveal"
    assert state.deciding() == (P2,), "Player 2 still holds a card: it is asked"
    events = act(state, Pass())

    # Totals (facts 39): Leader 3 + Warrior 1 + ship in the fjord 2 + Crush 4 + Eye 2;
    # Warrior 1 + Eye 2; Warrior 1 + Backstab 0.
    decided = next(e for e in events if e.kind == "ygg-decided")
    assert decided.seats == (P1, P2, P3) and decided.totals == (12, 3, 1)
    assert decided.winner == P1
    lines = texts(events)
    assert lines[:6] == [
        "battle for Horgr: Player 1 12, Player 2 3, Player 3 1; Player 1 wins",
        "Player 2's Warrior in Horgr dies (lost the battle)",
        "Player 3's Warrior in Horgr dies (lost the battle)",
        "Player 1 pillages Horgr and takes its Axes reward",
        "Player 1 raises Axes to step 2 (pillaging Horgr)",
        "Player 1 gains 4 Glory (won the battle)",
    ]
    # Loki's Backstab takes 2 Glory from the winner; Thor's Glory pays 2 for two enemy
    # deaths (ruling 10).
    assert "Player 3 gains 2 Glory (Loki's Backstab)" in lines
    assert "Player 1 gains 2 Glory (Thor's Glory)" in lines
    assert state.glory == [4 - 2 + 2, 0, 2]
    assert "horgr" in state.pillaged
    # The winner discards its cards; the losers take theirs back (facts 41).
    assert state.table.where[card(state, "a2-tyrs-crush")] == "discard"
    assert state.table.where[card(state, "a2-heimdalls-eye-2")] == "discard"
    assert state.table.where[card(state, "a2-heimdalls-eye")] == hand(P2)
    assert state.table.where[card(state, "a2-lokis-backstab")] == hand(P3)
    assert kinds_at(state, P2, VALHALLA) == ["warrior"]
    assert kinds_at(state, P3, VALHALLA) == ["warrior"]
    assert state.active == P2

    # Player 2 commits its quest; then everyone passes and the Age runs on.
    act(state, Quest(card(state, "a2-quest-of-jotunheim")))
    act(state, REST)
    act(state, REST)
    act(state, REST)
    # Discard (facts 43): each keeps at most one card for Age 3.
    assert state.phase == "discard"
    act(state, Keep(card(state, "a2-heimdalls-eye")), P2)
    act(state, Keep(""), P3)
    assert state.phase == "quest"
    assert state.table.where[card(state, "a2-lokis-backstab")] == "box"
    # Quest (facts 44): Player 2 has the most STR in Muspelheim (4 against the 2 of Player
    # 1's ship in its fjord): 7 Glory and a stat step.
    assert state.glory[P2] == 7
    assert isinstance(top(state), YggChooseStat) and state.deciding() == (P2,)
    events = act(state, Raise("rage"))
    # Ragnarök (facts 45): Horgr is destroyed; Player 1's Leader, Warrior and the ship in
    # its fjord die, 3 Glory each in Age 2.
    assert "Ragnarök destroys Horgr" in texts(events)
    assert "horgr" in state.destroyed
    assert state.glory[P1] == 4 + 3 * 3
    # Release Valhalla (facts 46) and the next Age (facts 47).
    assert state.figures[leader].at == RESERVE and state.figures[ship].at == RESERVE
    assert not board.own(state, P2, VALHALLA) and not board.own(state, P3, VALHALLA)
    assert (state.age, state.phase, state.first) == (3, "gifts", 1)
    assert state.table.where[card(state, "a2-heimdalls-eye")] == kept(P2)
    assert isinstance(top(state), YggDraft)
    assert not state.pillaged
