"""The computer clan (engine/games/yggdrasil/policy.py): only offered actions, decided from
its own seat's view, clearly better than random play, sensible in the battles and
pillages whose answer is plain; and the balance runner that reports policy-vs-policy
games."""

from __future__ import annotations

import io
from contextlib import redirect_stdout

from engine.core.agent import RandomAgent
from engine.core.frames import Pass
from engine.core.rng import Rng
from engine.games.yggdrasil import balance
from engine.games.yggdrasil.actions import Invade, Join, Lay, Pillage
from engine.games.yggdrasil.battle import (
    YggAfterReveal,
    YggBattleCards,
    YggCall,
)
from engine.games.yggdrasil.doing import put
from engine.games.yggdrasil.policy import YggdrasilPolicy
from engine.games.yggdrasil.rules import YggdrasilGame
from engine.games.yggdrasil.state import (
    RESERVE,
    YggdrasilOptions,
    YggdrasilState,
    figure_id,
    hand,
    packet,
)

GAME = YggdrasilGame()
POLICY = YggdrasilPolicy(strict=True)  # a mistake of its own raises instead of passing
ME, ENEMY = 0, 1


def new(players: int = 4, seed: int = 1) -> YggdrasilState:
    state = GAME.setup(YggdrasilOptions(players=players), Rng(seed))
    assert isinstance(state, YggdrasilState)
    return state


def choose(state: YggdrasilState, seat: int | None = None) -> object:
    """The policy's choice for the deciding seat, made on that seat's view."""
    seat = state.deciding()[0] if seat is None else seat
    return POLICY.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), Rng(7))


def action_phase(seed: int = 1) -> YggdrasilState:
    """Age 1's Action phase with an empty board and empty hands, Player 1 to act with
    its full Rage: each test places what it needs."""
    state = new(4, seed)
    while state.phase != "action":
        GAME.apply(state, GAME.legal_actions(state)[0])
    for f in list(state.figures):
        state.figures.move(f, RESERVE)
    for seat in range(state.players):
        for c in state.table.cards_in(hand(seat)):
            put(state, c, "box")
    state.active = ME
    return state


def give(state: YggdrasilState, seat: int, face: str) -> str:
    card = next(c for c, f in state.table.faces.items()
                if f == face and not state.table.where[c].startswith("hand:"))
    put(state, card, hand(seat))
    return card


def place(state: YggdrasilState, seat: int, kind: str, at: str, n: int = 0) -> str:
    figure = figure_id(seat, kind, n)
    state.figures.move(figure, at)
    return figure


def play(state: YggdrasilState, agents: dict[int, object], stream: Rng) -> None:
    while state.result is None:
        seat = state.deciding()[0]
        actions = GAME.legal_actions(state, seat)
        action = actions[0] if len(actions) == 1 else \
            agents[seat].choose(GAME.view(state, seat), actions, stream)  # type: ignore[attr-defined]
        GAME.apply(state, action, seat, checked=False)


def test_the_game_offers_its_policy() -> None:
    assert isinstance(GAME.agent(), YggdrasilPolicy)


# -- what it may choose and read -------------------------------------------------------------
def test_chooses_only_offered_actions_in_random_positions() -> None:
    """Positions random play reaches (every kind of frame, odd hands, figures anywhere),
    2 to 4 clans: the policy answers each with one of the offered actions."""
    for seed in range(6):
        state = new(2 + seed % 3, seed)
        walk = Rng(seed + 100)
        while state.result is None:
            seat = state.deciding()[0]
            actions = GAME.legal_actions(state, seat)
            assert POLICY.choose(GAME.view(state, seat), actions, Rng(1)) in actions
            GAME.apply(state, walk.choice(actions), seat, checked=False)


def test_decides_from_its_view_whatever_the_hidden_cards_are() -> None:
    """The cards a seat cannot see (other hands, packets, quests, laid cards, the decks)
    are dealt again among themselves: the policy's choice does not change."""
    compared = 0
    for seed in (2, 3):
        state = new(4, seed)
        shuffle = Rng(seed + 500)
        while state.result is None:
            seat = state.deciding()[0]
            actions = GAME.legal_actions(state, seat)
            choice = POLICY.choose(GAME.view(state, seat), actions, Rng(1))
            if len(actions) > 1 and compared < 400:
                other = state.clone()
                hidden = sorted(set(state.table.faces) - set(GAME.view(state, seat).table.faces))
                faces = [state.table.faces[c] for c in hidden]
                shuffle.shuffle(faces)
                other.table.faces = {**state.table.faces, **dict(zip(hidden, faces, strict=True))}
                assert POLICY.choose(GAME.view(other, seat), actions, Rng(2)) == choice
                compared += 1
            GAME.apply(state, choice, seat)  # checked: a refused choice raises
    assert compared >= 400


def test_beats_a_random_player_clearly() -> None:
    """One computer clan against random clans, each seat in turn, 2 and 4 players: it
    wins nearly every game."""
    won = games = 0
    for seed in range(20):
        players = 2 if seed < 14 else 4
        state = new(players, seed)
        mine = seed % players
        agents = {s: POLICY if s == mine else RandomAgent() for s in range(players)}
        play(state, agents, Rng(seed + 50))
        assert state.result is not None
        won += mine in state.result.winners
        games += 1
    assert won >= games - 1, f"the policy won only {won} of {games} against random play"


# -- pillage and battle ------------------------------------------------------------------------
def test_pillages_a_province_it_obviously_wins() -> None:
    """Its Leader and two Warriors against one enemy Warrior, nobody beside them to call:
    it pillages."""
    state = action_phase()
    place(state, ME, "leader", "angerboda")
    place(state, ME, "warrior", "angerboda", 0)
    place(state, ME, "warrior", "angerboda", 1)
    place(state, ENEMY, "warrior", "angerboda", 0)
    give(state, ME, "a1-tyrs-bash")
    state.destroyed.discard("angerboda")
    assert choose(state) == Pillage("angerboda")


def test_does_not_pillage_where_it_would_lose() -> None:
    """A lone Warrior against the enemy Leader and Warriors: no pillage there."""
    state = action_phase()
    place(state, ME, "warrior", "muspelheim", 0)
    place(state, ENEMY, "leader", "muspelheim")
    place(state, ENEMY, "warrior", "muspelheim", 0)
    place(state, ENEMY, "warrior", "muspelheim", 1)
    state.destroyed.discard("muspelheim")
    assert choose(state) != Pillage("muspelheim")


def battle(my_cards: list[str], enemy_cards: list[str], mine: int, theirs: int) -> YggdrasilState:
    """A pillage of Angerboda by Player 1 (`mine` Warriors there) against Player 2's
    `theirs` Warriors, Call to Battle passed: Player 1 lays a card."""
    state = action_phase()
    state.destroyed.discard("angerboda")
    for n in range(mine):
        place(state, ME, "warrior", "angerboda", n)
    for n in range(theirs):
        place(state, ENEMY, "warrior", "angerboda", n)
    for c in my_cards:
        give(state, ME, c)
    for c in enemy_cards:
        give(state, ENEMY, c)
    GAME.apply(state, Pillage("angerboda"), ME)
    while not isinstance(state.frames[-1], YggBattleCards):
        GAME.apply(state, Pass())
    assert ME in state.deciding()
    return state


def test_lays_its_strongest_card_when_it_matters() -> None:
    """Three Warriors against five, the enemy's hand empty: only Tyr's Smite (+5) wins;
    Tyr's Bash (+2) would lose."""
    state = battle(["a1-tyrs-smite", "a1-tyrs-bash", "a1-quest-of-manheim"], [], 3, 5)
    smite = next(c for c in state.table.cards_in(hand(ME))
                 if state.table.faces[c] == "a1-tyrs-smite")
    assert choose(state, ME) == Lay(smite)


def test_lays_a_cheap_card_when_the_battle_is_won_anyway() -> None:
    """Five Warriors against one, the enemy's hand empty: anything wins, so it keeps its
    Tyr's Smite and lays the least card."""
    state = battle(["a1-tyrs-smite", "a1-thors-hammer"], [], 5, 1)
    hammer = next(c for c in state.table.cards_in(hand(ME))
                  if state.table.faces[c] == "a1-thors-hammer")
    assert choose(state, ME) == Lay(hammer)


def test_adds_heimdalls_eye_when_it_turns_the_battle() -> None:
    """Revealed: 3 + Tyr's Bash against 4 + Frigga's Grace; Heimdall's Eye (+2) makes it
    7 against 6."""
    state = action_phase()
    state.age = 2
    state.destroyed.discard("angerboda")
    for n in range(3):
        place(state, ME, "warrior", "angerboda", n)
    for n in range(4):
        place(state, ENEMY, "warrior", "angerboda", n)
    give(state, ME, "a1-tyrs-bash")
    eye = give(state, ME, "a2-heimdalls-eye")
    give(state, ENEMY, "a1-friggas-grace")
    GAME.apply(state, Pillage("angerboda"), ME)
    while not isinstance(state.frames[-1], YggBattleCards):
        GAME.apply(state, Pass())
    bash = next(c for c in state.table.cards_in(hand(ME))
                if state.table.faces[c] == "a1-tyrs-bash")
    GAME.apply(state, Lay(bash), ME)
    GAME.apply(state, GAME.legal_actions(state, ENEMY)[0], ENEMY)
    while not (isinstance(state.frames[-1], YggAfterReveal) and ME in state.deciding()):
        GAME.apply(state, Pass())
    assert choose(state, ME) == Lay(eye)


def test_answers_call_to_battle_only_with_a_chance() -> None:
    """Its Leader beside a pillage of a lone enemy Warrior joins it (3 against 1); beside
    the enemy Leader and three Warriors it stays home."""
    for strong, joins in ((False, True), (True, False)):
        state = action_phase()
        state.destroyed.discard("angerboda")
        state.destroyed.discard("elvagar")
        place(state, ENEMY, "warrior", "angerboda", 0)
        if strong:
            place(state, ENEMY, "leader", "angerboda")
            place(state, ENEMY, "warrior", "angerboda", 1)
            place(state, ENEMY, "warrior", "angerboda", 2)
        mine = place(state, ME, "leader", "elvagar")
        state.active = ENEMY
        GAME.apply(state, Pillage("angerboda"), ENEMY)
        while not (isinstance(state.frames[-1], YggCall) and ME in state.deciding()):
            GAME.apply(state, Pass())
        assert (choose(state, ME) == Join(mine)) is joins


def test_invades_the_doomed_province_with_its_last_rage() -> None:
    """Late in the Age, every province but Yggdrasil pillaged, one Rage left: a figure in
    the province Ragnarök destroys this Age earns Glory there (facts 45), anywhere else
    nothing this Age."""
    state = action_phase()
    doom = state.doom[0]
    state.pillaged = set(state.tokens) - {"yggdrasil"}
    state.rage[ME] = 1
    action = choose(state)
    assert isinstance(action, Invade) and action.to == doom


# -- the draft ------------------------------------------------------------------------------
def test_drafts_the_strongest_battle_card_over_a_weak_one() -> None:
    state = new(4, 5)
    ids = list(state.table.cards_in(packet(ME)))
    for c in ids:
        put(state, c, "box")
    weak = give(state, ME, "a1-lokis-trickery")
    strong = give(state, ME, "a1-tyrs-smite")
    for c in (weak, strong):
        put(state, c, packet(ME))
    assert choose(state, ME).cards == (strong,)  # type: ignore[attr-defined]


# -- the balance runner ---------------------------------------------------------------------------
def test_the_balance_runner_reports_every_figure() -> None:
    results = balance.run(2, players=2, seed=3, jobs=1)
    assert all(r.winners for r in results)
    assert [r.seed for r in results] == [3, 4]
    text = balance.report(results)
    for words in ("first in Age 1's turn order wins", "place 2", "seat 1 wins",
                  "actions per game", "decisions per game", "decision time"):
        assert words in text
    out = io.StringIO()
    with redirect_stdout(out):
        assert balance.main(["--games", "1", "--players", "2", "--jobs", "1"]) == 0
    assert "1 games, 2 players" in out.getvalue()
