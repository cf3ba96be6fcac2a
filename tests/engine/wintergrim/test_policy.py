"""The computer player (engine/games/wintergrim/policy.py): legal, sensible choices made
from its own seat's view, and the balance runner that reports policy-vs-policy games."""

from __future__ import annotations

import io
from contextlib import redirect_stdout

import pytest

from engine.core.agent import RandomAgent
from engine.core.frames import Pass
from engine.core.rng import Rng
from engine.games.wintergrim import balance, odds, world
from engine.games.wintergrim.actions import (
    END_TURN,
    Attack,
    Found,
    Move,
    PayWith,
    Place,
    PlayTactic,
    UseStart,
)
from engine.games.wintergrim.appraisal import Look
from engine.games.wintergrim.doing import enter
from engine.games.wintergrim.frames import Payment, TacticsWindow
from engine.games.wintergrim.policy import WintergrimPolicy
from engine.games.wintergrim.state import WintergrimOptions, WintergrimState, deck, hand
from tests.engine.wintergrim.helpers import (
    GAME,
    P1,
    P2,
    act,
    begun,
    bring,
    give,
    hq,
    legal,
    new,
    outside,
    piece,
    windows,
)

POLICY = WintergrimPolicy(strict=True)  # a mistake of its own raises instead of passing


def choose(state: WintergrimState, seat: int | None = None) -> object:
    """The policy's choice for the deciding seat, made on that seat's view."""
    seat = state.deciding()[0] if seat is None else seat
    return POLICY.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), Rng(7))


def to_p2(state: WintergrimState) -> WintergrimState:
    """Player 1 ends its first turn at once; Player 2's turn begins."""
    act(state, END_TURN)
    windows(state)
    assert state.active == P2
    return state


def lay_path(state: WintergrimState, seat: int, key: str) -> str:
    """Test set-up: a path of `seat` already lies on the table, an area of its own."""
    card = next(c for c in state.table.cards_in(deck(seat)) if state.table.faces[c] == key)
    enter(state, card, seat, card)
    return card


def test_the_game_offers_its_policy() -> None:
    assert isinstance(GAME.agent(), WintergrimPolicy)


# -- set-up and the start phase --------------------------------------------------------------
def test_starts_with_an_hq_and_two_workers_a_leader_among_them() -> None:
    """How to Play, Setting up the game: an HQ and two workers; the policy takes a leader
    among them so that the cards requiring a leader may be played."""
    state = new()
    cards = GAME.content.cards
    for _ in range(2):
        found = choose(state)
        assert isinstance(found, Found)
        workers = [cards[w] for w in found.workers]
        assert cards[found.hq].hq and all(w.is_("worker") for w in workers)
        assert any(w.is_("leader") for w in workers)
        act(state, found)


def test_uses_its_start_phase_texts_first() -> None:
    """1: Start — the HQ's draw is always taken before anything else is done."""
    state = begun()
    assert isinstance(choose(state), UseStart)


# -- attacks -------------------------------------------------------------------------------------
def test_attacks_the_hq_it_can_destroy() -> None:
    """Destroy: the enemy HQ one hit from falling is the target, not a unit beside it."""
    state = begun()
    village = hq(state, P2)
    troll = bring(state, P1, "troll", village)
    outside(state, piece(state, P2, "farmer"), village)
    state.pieces.count(village, "damage", 7)  # H 8: any hit brings it down
    state.phase = "attack"
    assert choose(state) == Attack(troll, village, "cc")


def test_attacks_a_target_it_can_defeat() -> None:
    """A Gnome's 1-damage knife defeats a Thrall (CC 0, H 1) half the time and a Housecarl
    (A 1, H 2, CC 2) almost never: it attacks the Thrall."""
    state = begun()
    path = lay_path(state, P2, "mountain-pass")
    gnome = bring(state, P1, "gnome", path)
    housecarl = bring(state, P2, "housecarl", path)
    thrall = bring(state, P2, "thrall", path)
    state.phase = "attack"
    assert {Attack(gnome, housecarl, "cc"), Attack(gnome, thrall, "cc")} <= set(legal(state))
    assert choose(state) == Attack(gnome, thrall, "cc")


def test_every_unit_that_may_attack_does() -> None:
    """Defenders deal no damage (How to Play, 3): an attack costs the attacker nothing, so
    the policy does not end its turn while an attack with a chance is left."""
    state = begun()
    village = hq(state, P2)
    woodsman = outside(state, piece(state, P1, "woodsman"), village)
    state.phase = "attack"
    action = choose(state)
    assert isinstance(action, Attack) and action.unit == woodsman


# -- tactics at their windows ----------------------------------------------------------------------
def test_nets_an_enemy_fighter_as_it_arrives() -> None:
    """Net Trap: "Play when an enemy unit has moved into one of your areas"."""
    state = to_p2(begun())
    village, cabin = hq(state, P2), hq(state, P1)
    raider = bring(state, P2, "raider", village)
    net = give(state, P1, "net-trap")
    act(state, Move(raider, cabin))
    assert isinstance(state.frames[-1], TacticsWindow)
    assert choose(state) == PlayTactic(net, raider)


def test_counters_a_tactic_that_hurts_it() -> None:
    """Rune of Binding against the Net Trap thrown over its Raider (tactics played at the
    same time: the Counter takes the other out before it has any effect)."""
    state = to_p2(begun())
    village, cabin = hq(state, P2), hq(state, P1)
    raider = bring(state, P2, "raider", village)
    net = give(state, P1, "net-trap")
    rune = give(state, P2, "rune-of-binding")
    give(state, P2, "thrall")  # something to pay the Rune's cost with
    act(state, Move(raider, cabin))
    act(state, PlayTactic(net, raider))
    assert state.deciding() == (P2,)
    assert choose(state) == PlayTactic(rune, net)


def test_strikes_a_weak_attacker_before_the_dice_roll() -> None:
    """Ambush (2 dice, 1 damage each 4+) on the Woodsman (H 1) attacking its Farmer: the
    Woodsman most likely falls, and the attack with it."""
    state = begun()
    village = hq(state, P2)
    woodsman = outside(state, piece(state, P1, "woodsman"), village)
    farmer = outside(state, piece(state, P2, "farmer"), village)
    ambush = give(state, P2, "ambush")
    give(state, P2, "thrall")
    state.phase = "attack"
    act(state, Attack(woodsman, farmer, "cc"))
    assert state.deciding() == (P2,)
    assert choose(state) == PlayTactic(ambush, woodsman)


def test_passes_a_window_with_nothing_worth_playing() -> None:
    state = to_p2(begun())
    act(state, END_TURN)
    assert isinstance(state.frames[-1], TacticsWindow)
    assert choose(state) == Pass()


def test_mends_a_damaged_valuable_unit() -> None:
    state = to_p2(begun())
    housecarl = bring(state, P2, "housecarl")
    state.pieces.count(housecarl, "damage", 1)
    mead = give(state, P2, "mead")
    give(state, P2, "thrall")
    state.phase = "end"
    assert choose(state) == PlayTactic(mead, housecarl)


# -- paying, placing, food -------------------------------------------------------------------------
def test_pays_with_the_least_useful_card() -> None:
    """A second weather cannot be played while Rain is up: it pays before a Troll or a
    Net Trap does."""
    state = begun()
    enter(state, next(c for c in state.table.cards_in(deck(P2))
                      if state.table.faces[c] == "rain"), P2, "sky")
    archer = give(state, P1, "forest-archer")
    windstorm = give(state, P1, "windstorm")
    give(state, P1, "troll")
    give(state, P1, "net-trap")
    state.phase = "end"
    lodge = bring(state, P1, "lodge")
    state.frames.append(Payment(seats=(P1,), card=archer, area=hq(state, P1), into=lodge,
                                owed=1))
    assert choose(state) == PayWith(windstorm)


def test_never_places_a_unit_that_would_starve_the_others() -> None:
    """ALWAYS: food is summarized; a unit placed with no food for it would have another
    sent away at once. With food at 0 and only a Gnome to place, the turn ends."""
    state = begun()
    bring(state, P1, "spirit-tree")  # room for a Gnome, and F+1
    bring(state, P1, "troll")  # F-3: the Cabin's 4, the Tree's 1, less 2 workers and it
    assert world.food(state, P1) == 0
    gnome = give(state, P1, "gnome")
    give(state, P1, "healing-herbs")
    state.phase = "end"
    assert any(isinstance(a, Place) and a.card == gnome for a in legal(state))
    assert choose(state) == END_TURN


def test_places_a_worker_where_it_draws() -> None:
    """Workers inside the HQ draw a card each at the start (at most 2): a free draw is
    filled first."""
    state = to_p2(begun())
    village = hq(state, P2)
    farmer = piece(state, P2, "farmer")
    state.pieces.change(farmer, inside="")  # out of the Village: a draw is free
    reeve = give(state, P2, "reeve")
    give(state, P2, "mead")
    state.phase = "end"
    assert choose(state) == Place(reeve, village, village)


# -- moving ----------------------------------------------------------------------------------------
def test_fighters_march_along_their_path_to_the_enemy_hq() -> None:
    state = begun()
    cabin, village = hq(state, P1), hq(state, P2)
    path = lay_path(state, P1, "overgrown-forest")
    archer = bring(state, P1, "forest-archer", cabin)
    state.phase = "move"
    assert choose(state) == Move(archer, path)
    act(state, Move(archer, path))
    state.pieces.change(archer, tokens=frozenset())  # a turn later
    assert choose(state) == Move(archer, village)


def test_a_fighter_inside_comes_out_once_a_way_is_open() -> None:
    state = begun()
    cabin = hq(state, P1)
    lay_path(state, P1, "overgrown-forest")
    lodge = bring(state, P1, "lodge")
    troll = bring(state, P1, "troll", inside=lodge)
    state.phase = "move"
    assert choose(state) == Move(troll, cabin, "")


def test_workers_stay_inside_to_draw() -> None:
    state = begun()
    state.phase = "move"
    action = choose(state)
    assert not (isinstance(action, Move) and world.card_of(state, action.unit).is_("worker"))


# -- what it may read, and that it never breaks --------------------------------------------------
class HiddenFaces(dict):
    """Card faces that refuse to be read for the cards a seat may not see."""

    def __init__(self, faces: dict[str, str], hidden: set[str]) -> None:
        super().__init__(faces)
        self.hidden = hidden

    def __getitem__(self, card: str) -> str:
        if card in self.hidden:
            raise AssertionError(f"the policy read the hidden card {card}")
        return super().__getitem__(card)

    def get(self, card: str, default: object = None) -> object:  # type: ignore[override]
        if card in self.hidden:
            raise AssertionError(f"the policy read the hidden card {card}")
        return super().get(card, default)


def test_decides_from_its_view_and_never_reads_a_hidden_card() -> None:
    """Computer players see views (DESIGN.md): handed the whole state with every card its
    seat may not see (the other hand, both decks) made unreadable, the policy decides
    exactly as it does on its seat's view, at every decision of whole games."""
    decisions = 0
    for seed in (3, 4):
        state = GAME.setup(WintergrimOptions(), Rng(seed))
        assert isinstance(state, WintergrimState)
        while state.result is None and decisions < 2500:
            seat = state.deciding()[0]
            actions = GAME.legal_actions(state, seat)
            view = GAME.view(state, seat)
            choice = POLICY.choose(view, actions, Rng(seed))
            if len(actions) > 1 and not isinstance(actions[0], Found):
                truth = state.clone()
                truth.table.faces = HiddenFaces(state.table.faces,
                                                set(state.table.faces) - set(view.table.faces))
                assert POLICY.choose(truth, actions, Rng(seed)) == choice
                decisions += 1
            GAME.apply(state, choice, seat)  # checked: a refused choice raises
        assert state.result is not None
    assert decisions > 200


def test_the_other_hand_and_the_decks_are_hidden_in_what_it_is_given() -> None:
    state = begun()
    view = GAME.view(state, P1)
    assert not set(view.table.cards_in(hand(P2))) & set(view.table.faces)
    assert not set(view.table.cards_in(deck(P1))) & set(view.table.faces)
    assert isinstance(choose(state), UseStart)


def test_chooses_only_legal_actions_in_random_positions() -> None:
    """Positions random play reaches (every kind of frame, odd hands, units anywhere): the
    policy answers every one with one of the legal actions and never raises."""
    for seed in range(12):
        state = GAME.setup(WintergrimOptions(decks=["vanheim", "asheim"][::1 - 2 * (seed % 2)]),
                           Rng(seed))
        walk = Rng(seed + 100)
        for _ in range(300):
            if state.result is not None:
                break
            seat = state.deciding()[0]
            actions = GAME.legal_actions(state, seat)
            assert POLICY.choose(GAME.view(state, seat), actions, Rng(1)) in actions
            GAME.apply(state, walk.choice(actions), seat, checked=False)


def test_its_odds_are_the_rules_exact_odds() -> None:
    """The policy's float odds of a defeat agree with odds.attack_odds (exact fractions)."""
    compared = 0
    for seed in range(6):
        state = GAME.setup(WintergrimOptions(), Rng(seed))
        walk = Rng(seed)
        for _ in range(1500):
            if state.result is not None:
                break
            actions = GAME.legal_actions(state)
            for a in actions:
                if isinstance(a, Attack):
                    kill, _, _ = Look(state, state.active).attack_odds(a.unit, a.target,
                                                                       a.combat)
                    exact = odds.attack_odds(state, a.unit, a.target, a.combat).defeat
                    assert kill == pytest.approx(float(exact), abs=1e-12)
                    compared += 1
            GAME.apply(state, walk.choice(actions), checked=False)
    assert compared > 50


# -- whole games -----------------------------------------------------------------------------------
def test_beats_a_random_player_clearly() -> None:
    """24 seeded games, each deck and each seat for the policy in turn."""
    won = 0
    for seed in range(24):
        decks = ["vanheim", "asheim"] if seed % 4 < 2 else ["asheim", "vanheim"]
        state = GAME.setup(WintergrimOptions(decks=decks), Rng(seed))
        mine = seed % 2
        agents = {mine: POLICY, 1 - mine: RandomAgent()}
        stream = Rng(seed + 50)
        for _ in range(4000):
            if state.result is not None:
                break
            seat = state.deciding()[0]
            actions = GAME.legal_actions(state, seat)
            action = actions[0] if len(actions) == 1 else \
                agents[seat].choose(GAME.view(state, seat), actions, stream)
            GAME.apply(state, action, seat, checked=False)
        won += state.result is not None and state.result.winners == (mine,)
    assert won >= 21, f"the policy won only {won} of 24 against random play"


def test_games_between_two_policies_end() -> None:
    """Most games end by Destroy well within the cap (both decks, both orders)."""
    results = [balance.play(seed, decks) for seed, decks in balance.schedule(10, 40)]
    ended = [r for r in results if r.winner is not None]
    assert len(ended) >= 9
    assert all(r.actions < 2000 for r in ended)
    assert {r.winning_deck for r in ended} == {"vanheim", "asheim"}


@pytest.mark.parametrize("mode", ["destroy", "assassinate", "conquer", "enslave"])
def test_plays_every_game_mode_to_its_end(mode: str) -> None:
    """Game modes: the policy plays to each mode's ending (the marked leader in
    Assassinate, the starting paths held in Conquer, captures in Enslave)."""
    ends = []
    for seed in range(3):
        state = GAME.setup(WintergrimOptions(mode=mode), Rng(seed))
        for _ in range(3000):
            if state.result is not None:
                break
            seat = state.deciding()[0]
            actions = GAME.legal_actions(state, seat)
            GAME.apply(state, POLICY.choose(GAME.view(state, seat), actions, Rng(1)), seat)
        ends.append(state.result.reason if state.result is not None else "unfinished")
    assert "unfinished" not in ends and "every player is out" not in ends, ends


def test_the_balance_runner_swaps_decks_and_reports() -> None:
    """Games come in pairs on one seed with the decks swapped, so the same seat goes first
    with each deck; the report names every figure."""
    results = balance.run(4, seed=5, jobs=1)
    assert [r.decks for r in results] == [("vanheim", "asheim"), ("asheim", "vanheim")] * 2
    assert results[0].seed == results[1].seed != results[2].seed == results[3].seed
    assert results[0].first == results[1].first and results[2].first == results[3].first
    assert sorted(r.first_deck for r in results) == ["asheim", "asheim", "vanheim", "vanheim"]
    text = balance.report(results)
    for words in ("vanheim wins", "asheim wins", "first player wins", "seat 0 wins",
                  "vanheim going first", "actions per game", "turns per game",
                  "unfinished or drawn"):
        assert words in text
    out = io.StringIO()
    with redirect_stdout(out):
        assert balance.main(["--games", "2", "--jobs", "1", "--seed", "9"]) == 0
    assert "2 games" in out.getvalue()
