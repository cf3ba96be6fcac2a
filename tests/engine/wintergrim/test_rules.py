"""Wintergrim's rules, one test each, citing the rulebook section (wintergrim.txt) or the
designed rule (assets/wintergrim/rules.md) it checks."""

from __future__ import annotations

from engine.core.frames import Pass
from engine.games.wintergrim import world
from engine.games.wintergrim.actions import (
    END_TURN,
    Attack,
    Capture,
    Dismiss,
    Found,
    Move,
    PayWith,
    Place,
    PlayTactic,
    UseStart,
)
from engine.games.wintergrim.doing import put
from engine.games.wintergrim.frames import (
    CaptureChoice,
    Founding,
    Starving,
    TacticsWindow,
)
from engine.games.wintergrim.state import captured, deck, hand, removed
from tests.engine.wintergrim.helpers import (
    GAME,
    act,
    begun,
    bring,
    duel,
    give,
    hq,
    legal,
    new,
    piece,
    refusal,
    windows,
)

P1, P2 = 0, 1


def end_turn(state) -> None:
    act(state, END_TURN)
    windows(state)


def to_p2(state) -> None:
    """Player 1 ends its first turn; Player 2's begins."""
    end_turn(state)
    assert state.active == P2


# -- Setting up the game -----------------------------------------------------------------------
def test_highest_roll_goes_first_and_a_tie_rolls_again() -> None:
    """How to Play, Setting up: "Each player rolls a dice, and the player who gets highest
    are the first"; those tied for highest roll again."""
    state = new((4, 4, 2, 6))
    assert state.first == P2 and state.first_rolls == [2, 6]
    assert state.deciding() == (P2,) and isinstance(state.frames[-1], Founding)


def test_the_search_offers_an_hq_and_two_workers_of_its_realm() -> None:
    """Setting up: 1 card with HQ and "2 workers with the text Req: Vanheim (or) Asheim
    structure"; they go inside it, so both must fit its room."""
    state = new()
    starts = legal(state)
    assert Found("forest-and-cabin", ("ranger", "woodsman")) in starts
    cards = world.content().cards
    for start in starts:
        assert isinstance(start, Found) and cards[start.hq].hq
        assert all(cards[w].is_("worker") and cards[w].realm == "vanheim"
                   for w in start.workers)


def test_the_first_player_places_first_then_the_decks_are_shuffled() -> None:
    """Setting up: the winner places first, the others after; "The players shuffle"."""
    state = new()
    act(state, Found("forest-and-cabin", ("ranger", "woodsman")))
    assert state.deciding() == (P2,) and state.phase == "found"
    act(state, Found("tundra-and-village", ("farmer", "reeve")))
    assert state.phase == "start" and state.active == P1
    assert len(state.table.cards_in(deck(P1))) == 47


# -- the phases ------------------------------------------------------------------------------
def test_phases_never_go_back() -> None:
    """Asbjorn VS Vanessa: "She can't go back to any of the previous phases"."""
    state = begun()
    cabin, woodsman = hq(state, P1), piece(state, P1, "woodsman")
    act(state, Move(woodsman, cabin, ""))
    assert state.phase == "move"
    assert "never goes back" in refusal(state, UseStart(cabin))


def test_start_phase_draws_a_card_per_worker_inside() -> None:
    """Forest and Cabin: "draw one card for each worker inside this structure"."""
    state = begun()
    act(state, UseStart(hq(state, P1)))
    assert len(state.table.cards_in(hand(P1))) == 2
    assert UseStart(hq(state, P1)) not in legal(state)  # once a turn


def test_an_empty_deck_draws_nothing() -> None:
    """Game Questions, The deck: "Nothing. You can't draw more cards"."""
    state = begun()
    for card in list(state.table.cards_in(deck(P1))):
        state.table.move(card, removed(P1))
    events = act(state, UseStart(hq(state, P1)))
    assert state.table.cards_in(hand(P1)) == ()
    assert "no card left to draw" in events[-1].text_for(None)


# -- food and room -------------------------------------------------------------------------------
def test_food_is_summarized_across_all_areas() -> None:
    """ALWAYS: "Always summarize all your F values across all areas", even enemy areas."""
    state = begun()
    assert world.food(state, P1) == 4 - 2
    woodsman = piece(state, P1, "woodsman")
    state.pieces.change(woodsman, at=hq(state, P2), inside="")
    assert world.food(state, P1) == 2


def test_negative_food_removes_units_at_once() -> None:
    """Values, Food: "as soon as the total value is negative, you must remove units"."""
    state = begun()
    cabin = hq(state, P1)
    bring(state, P1, "troll", cabin)  # F -3: the total is -1
    act(state, Move(piece(state, P1, "woodsman"), cabin, ""))  # any step settles the rules
    assert isinstance(state.frames[-1], Starving) and state.deciding() == (P1,)
    troll = piece(state, P1, "troll")
    act(state, Dismiss(troll))
    assert troll in state.table.cards_in(removed(P1))
    assert world.food(state, P1) >= 0 and not state.frames


def test_a_full_structure_takes_nobody_in() -> None:
    """Values, Room: "If a structure has no more room, no other units that need room can
    enter"."""
    state = begun()
    cabin = hq(state, P1)
    ranger = give(state, P1, "ranger")
    give(state, P1, "gatherer")
    assert world.room_left(state, cabin) == 0
    assert not [a for a in legal(state) if isinstance(a, Place) and a.card == ranger]
    assert "no room" in refusal(state, Place(ranger, cabin, cabin))


# -- paying and placing ----------------------------------------------------------------------
def test_the_cost_is_paid_by_removing_cards_from_the_hand() -> None:
    """How to Play, 4: End: "Remove 3 cards to pay a cost of 3"."""
    state = begun()
    woodsman = piece(state, P1, "woodsman")
    act(state, Move(woodsman, hq(state, P1), ""))
    lodge = give(state, P1, "lodge")  # cost 2, requires a local Vanheim worker
    assert "costs 2" in refusal(state, Place(lodge, hq(state, P1)))
    first, second = give(state, P1, "gnome"), give(state, P1, "gnome")
    act(state, Place(lodge, hq(state, P1)))
    act(state, PayWith(first))
    assert world.card_of(state, lodge).cost == 2 and lodge not in state.pieces
    act(state, PayWith(second))
    assert state.pieces[lodge].at == hq(state, P1)
    assert set(state.table.cards_in(removed(P1))) == {first, second}


def test_a_requirement_is_checked_only_when_paying() -> None:
    """Explain the Cards, Req: "If the required card(s) is later taken out of play, it
    doesn't affect the card that required it"."""
    state = begun()
    ranger = piece(state, P1, "ranger")  # the only Vanheim leader
    windstorm = give(state, P1, "windstorm")
    give(state, P1, "gnome")
    act(state, Place(windstorm))
    act(state, PayWith(piece_in_hand(state, P1, "gnome")))
    _remove(state, ranger)
    assert world.weather(state) == [windstorm]


def piece_in_hand(state, seat: int, key: str) -> str:
    return next(c for c in state.table.cards_in(hand(seat)) if state.table.faces[c] == key)


def _remove(state, card: str) -> None:
    from engine.games.wintergrim.doing import to_removed
    to_removed(state, card)


def test_an_unmet_requirement_is_refused_with_its_reason() -> None:
    """Explain the Cards, Req: "what is required to already have in play"."""
    state = begun()
    _remove(state, piece(state, P1, "ranger"))  # no Vanheim leader left
    troll = give(state, P1, "troll")
    for key in ("gnome", "gnome", "woodsman", "herbalist"):
        give(state, P1, key)
    reason = refusal(state, Place(troll, hq(state, P1), hq(state, P1)))
    assert "requires a Vanheim leader" in reason


def test_one_weather_at_a_time() -> None:
    """Card types, Weather: "No more weather cards can be played until it is removed"."""
    state = begun()
    bring(state, P2, "rain", "sky")
    windstorm = give(state, P1, "windstorm")
    give(state, P1, "gnome")
    assert "no more weather" in refusal(state, Place(windstorm))


# -- moving ------------------------------------------------------------------------------------
def test_enemy_areas_need_a_path_or_navigate() -> None:
    """Game Questions: outside units "can move between your areas, but not to or from
    enemy areas unless ... a path, or maybe a unit with the skill Navigate"."""
    state = begun()
    woodsman, village = piece(state, P1, "woodsman"), hq(state, P2)
    act(state, Move(woodsman, hq(state, P1), ""))
    state.pieces.change(woodsman, tokens=frozenset())
    assert "need a path or Navigate" in refusal(state, Move(woodsman, village, ""))
    to_p2(state)
    raider = bring(state, P2, "raider", village)
    act(state, Move(raider, hq(state, P1), ""))  # Navigate
    assert state.pieces[raider].at == hq(state, P1)


def test_a_path_lets_through_only_the_players_it_names() -> None:
    """Overgrown Forest: "Players with vanheim cards in play may move units between this
    and enemy areas"; "Asbjorn can't use Vanessa's path"."""
    state = begun()
    path = bring(state, P1, "overgrown-forest")
    state.pieces.change(path, at=path)
    woodsman = piece(state, P1, "woodsman")
    state.pieces.change(woodsman, at=path, inside="")
    assert Move(woodsman, hq(state, P2), "") in legal(state)
    to_p2(state)
    farmer = piece(state, P2, "farmer")
    act(state, Move(farmer, hq(state, P2), ""))
    state.pieces.change(farmer, tokens=frozenset())
    assert Move(farmer, path, "") not in legal(state)


def test_one_move_step_a_turn_and_no_attack_after_moving() -> None:
    """How to Play, 2: Move: "if they have moved, they may not attack"; Skills, Assault."""
    state = begun()
    cabin = hq(state, P1)
    woodsman = piece(state, P1, "woodsman")
    act(state, Move(woodsman, cabin, ""))
    assert "one move step a turn" in refusal(state, Move(woodsman, cabin, cabin))
    rider = bring(state, P1, "wolf-rider", hq(state, P2))
    state.pieces.mark(rider, "moved")
    farmer = piece(state, P2, "farmer")
    state.pieces.change(farmer, inside="")
    assert Attack(rider, farmer, "cc") in legal(state)  # Assault
    state.pieces.change(woodsman, at=hq(state, P2))
    assert Attack(woodsman, farmer, "cc") not in legal(state)


# -- combat -------------------------------------------------------------------------------
def test_the_attacker_needs_more_successes() -> None:
    """How to Play, 3: Attack: "If the attacking unit gets more 4+ rolls than the
    defending unit, it deals damage"; a tie deals nothing."""
    state, woodsman, farmer = duel((5, 4))
    act(state, Attack(woodsman, farmer, "cc"))
    windows(state)
    assert state.pieces[farmer].counter("damage") == 0 and farmer in state.pieces


def test_armour_absorbs_and_health_damage_stays() -> None:
    """How to Play, 3: "A:1 and H:2 ... only gets 1 permanent Health damage"."""
    state, woodsman, carl = duel((5, 1, 1), defender="housecarl")
    # Axe 3 against A1 H2: 2 to Health, defeated
    act(state, Attack(woodsman, carl, "cc"))
    windows(state)
    assert isinstance(state.frames[-1], CaptureChoice)
    state2, spear, carl2 = duel((5, 1, 1), attacker="forest-sentinel", defender="housecarl")
    act(state2, Attack(spear, carl2, "cc"))
    windows(state2)
    assert state2.pieces[carl2].counter("damage") == 1  # Spear 2 - A1


def test_a_six_is_a_perfect_hit_that_ignores_armour() -> None:
    """How to Play, 3: "If the unit ... has rolled atleast one 6, it's a perfect hit and
    it may ignore Armour"."""
    state, spear, carl = duel((6, 1, 1, 1), attacker="forest-sentinel",
                               defender="housecarl")
    act(state, Attack(spear, carl, "cc"))
    windows(state)
    assert isinstance(state.frames[-1], CaptureChoice)  # 2 damage, no Armour: H2 gone


def test_the_defender_rolls_the_same_kind_without_a_weapon() -> None:
    """How to Play, 3: "The defending unit also rolls CC even if it has no weapon"; it
    deals no damage while defending."""
    state, woodsman, reeve = duel((2, 6), defender="reeve")
    events = act(state, Attack(woodsman, reeve, "cc")) + windows(state)
    texts = [e.text_for(None) for e in events]
    assert "Player 2 rolls CC for Reeve to defend: 6 (1 success)" in texts
    assert state.pieces[woodsman].counter("damage") == 0


def test_inside_units_defend_but_do_not_attack() -> None:
    """Card types, Structure: "Units inside ... a structure can defend, but not attack"."""
    state = begun()
    woodsman = piece(state, P1, "woodsman")
    state.pieces.change(woodsman, at=hq(state, P2), inside="")
    end_turn(state)
    farmer = piece(state, P2, "farmer")
    assert not [a for a in legal(state) if isinstance(a, Attack) and a.unit == farmer]
    state.pieces.change(farmer, inside="")
    assert Attack(farmer, woodsman, "cc") in legal(state)


def test_a_capture_goes_to_the_captured_pile() -> None:
    """Game Questions, capture: "Place them in a captured pile"."""
    state, woodsman, farmer = duel((6, 1))
    act(state, Attack(woodsman, farmer, "cc"))
    windows(state)
    act(state, Capture(True))
    assert state.table.cards_in(captured(P1)) == (farmer,)


def test_a_fallen_building_takes_its_inside_units() -> None:
    """Card types, Building: "If a building is defeated, any inside units are also
    defeated"; Area: the player's structures there go, the rest move outside an owned
    area."""
    state = begun()
    village = hq(state, P2)
    woodsman = piece(state, P1, "woodsman")
    state.pieces.change(woodsman, at=village, inside="")
    from engine.games.wintergrim.combat import defeated
    defeated(state, village, by=P1)
    assert piece_gone(state, "farmer") and piece_gone(state, "reeve")
    assert state.pieces[woodsman].at == hq(state, P1)  # sent home, outside
    assert not state.pieces[woodsman].inside


def piece_gone(state, key: str) -> bool:
    return not any(state.table.faces[i] == key and e.owner == P2
                   for i, e in state.pieces.by_id.items())


def test_destroy_the_last_hq_and_win() -> None:
    """Game modes, Destroy: "Defeat your opponent until he/she has no HQ left"."""
    state = begun()
    from engine.games.wintergrim.combat import defeated
    defeated(state, hq(state, P2), by=P1)
    act(state, Move(piece(state, P1, "woodsman"), hq(state, P1), ""))
    assert state.result is not None and state.result.winners == (P1,)


def test_weather_does_not_reach_inside_a_building() -> None:
    """Card types, Building: "A unit inside a building is not affected by weather"."""
    state = begun()
    bring(state, P2, "rain", "sky")
    woodsman = piece(state, P1, "woodsman")
    assert not world.must_roll_psyche(state, woodsman)  # inside the Cabin, a dwelling
    state.pieces.change(woodsman, inside="")
    assert world.must_roll_psyche(state, woodsman)
    assert world.value(state, woodsman, "p") == 1
    farmer = piece(state, P2, "farmer")
    state.pieces.change(farmer, inside="")
    assert not world.must_roll_psyche(state, farmer)  # Asheim: Rain spares it


# -- tactics --------------------------------------------------------------------------------
def test_a_window_opens_whether_or_not_the_other_holds_a_tactic() -> None:
    """Card types, Tactic, and DESIGN "No leak through windows": the end-of-turn window
    opens for the other player with an empty hand all the same."""
    state = begun()
    assert state.table.cards_in(hand(P2)) == ()
    act(state, END_TURN)
    assert isinstance(state.frames[-1], TacticsWindow) and state.deciding() == (P2,)
    assert legal(state) == [Pass()]


def test_tactics_played_together_resolve_together() -> None:
    """Card types, Tactic: "then those tactics are played out at the same time": a unit
    struck to H 0 and mended in the same window survives."""
    state = begun((4, 4))  # the Will-o'-the-Wisp's 2 dice: 2 damage
    village = hq(state, P2)
    woodsman = piece(state, P1, "woodsman")
    state.pieces.change(woodsman, at=village, inside="")
    carl = bring(state, P2, "housecarl", village)  # A1 H2
    state.pieces.count(carl, "damage", 1)
    wisp = give(state, P1, "will-o-wisp")
    give(state, P1, "gnome")
    act(state, PlayTactic(wisp, carl))
    act(state, PayWith(piece_in_hand(state, P1, "gnome")))
    assert state.deciding() == (P2,)
    mead = give(state, P2, "mead")
    give(state, P2, "thrall")
    act(state, PlayTactic(mead, carl), P2)
    act(state, PayWith(piece_in_hand(state, P2, "thrall")), P2)
    windows(state)
    # mended 1 -> 0 first or struck 1 + 1 first: together, the Housecarl stands
    assert carl in state.pieces


def test_a_counter_cancels_a_tactic_played_at_the_same_time() -> None:
    """Designed (rules.md): Rune of Binding answers a tactic in its window; the cancelled
    card goes to the removed pile without effect."""
    state = begun()
    trapper = bring(state, P1, "forest-sentinel")  # H2, 1 damage
    state.pieces.count(trapper, "damage", 1)
    herbs = give(state, P1, "healing-herbs")
    give(state, P1, "gnome")
    rune = give(state, P2, "rune-of-binding")
    give(state, P2, "thrall")
    act(state, PlayTactic(herbs, trapper))
    act(state, PayWith(piece_in_hand(state, P1, "gnome")))
    act(state, PlayTactic(rune, herbs), P2)
    act(state, PayWith(piece_in_hand(state, P2, "thrall")), P2)
    windows(state)
    assert state.pieces[trapper].counter("damage") == 1
    assert herbs in state.table.cards_in(removed(P1))


def test_a_net_holds_an_arriving_enemy_until_its_next_turn_ends() -> None:
    """Designed Net Trap (Card types, Trap: "used directly after units have ... walked
    into your area")."""
    state = begun()
    to_p2(state)
    raider = bring(state, P2, "raider", hq(state, P2))
    net = give(state, P1, "net-trap")
    act(state, Move(raider, hq(state, P1), ""))
    assert isinstance(state.frames[-1], TacticsWindow) and state.deciding() == (P1,)
    act(state, PlayTactic(net, raider), P1)
    windows(state)
    assert state.pieces[raider].counter("netted")
    end_turn(state)  # Player 1's turn
    end_turn(state)  # Player 2's turn: the raider is still held
    assert not [a for a in legal(state) if getattr(a, "unit", "") == raider]
    end_turn(state)
    end_turn(state)
    assert state.pieces[raider].counter("netted") == 0


def test_loyal_units_ignore_bribes() -> None:
    """Card types, Bribe: "can often be ignored by units with Honor or Loyal"; the others
    roll P and, with no 4+, leave their player (designed Silver)."""
    state = new((5, 3, 1), decks=["asheim", "asheim"])
    act(state, Found("tundra-and-village", ("farmer", "reeve")))
    act(state, Found("tundra-and-village", ("farmer", "reeve")))
    village = hq(state, P2)
    hersir, farmer = bring(state, P2, "hersir", village), piece(state, P2, "farmer")
    state.pieces.change(farmer, inside="")
    state.pieces.change(piece(state, P1, "farmer"), at=village, inside="")
    silver = give(state, P1, "silver-bribe")  # the deck's one Silver, played twice here
    for target in (hersir, farmer):
        put(state, silver, hand(P1))
        give(state, P1, "thrall")
        act(state, PlayTactic(silver, target))
        act(state, PayWith(piece_in_hand(state, P1, "thrall")))
        windows(state)
    assert hersir in state.pieces  # Loyal
    assert farmer not in state.pieces and farmer in state.table.cards_in(removed(P2))


def test_only_deciding_seats_may_act() -> None:
    """A seat outside the open frame is refused with who may act."""
    state = begun()
    from engine.core.errors import IllegalAction
    try:
        GAME.check(state, END_TURN, P2)
    except IllegalAction as exc:
        assert "Player 1" in str(exc)
    else:
        raise AssertionError("Player 2 acted in Player 1's turn")


def test_a_strike_that_takes_the_last_health_removes_the_unit() -> None:
    """Designed Will-o'-the-Wisp: each 4+ deals 1 damage (Armour absorbs); a unit at H 0
    is removed once every tactic of the window has had its effect."""
    state = begun((4, 5))
    village = hq(state, P2)
    state.pieces.change(piece(state, P1, "woodsman"), at=village, inside="")
    carl = bring(state, P2, "housecarl", village)  # A1 H2: 2 damage, 1 through Armour
    state.pieces.count(carl, "damage", 1)
    wisp = give(state, P1, "will-o-wisp")
    give(state, P1, "gnome")
    act(state, PlayTactic(wisp, carl))
    act(state, PayWith(piece_in_hand(state, P1, "gnome")))
    windows(state)
    assert carl not in state.pieces and carl in state.table.cards_in(removed(P2))


def test_a_referees_move_is_followed_by_the_board() -> None:
    """Assisted play: a card the referee takes out of play leaves the board, one put into
    play stands outside in its player's HQ area (designed)."""
    from engine.core.game import RuleMode
    from engine.core.match import Match
    from engine.core.referee import MoveCard
    from engine.games.wintergrim.state import WintergrimOptions, play
    match = Match(GAME, WintergrimOptions(), seed=3, mode=RuleMode.ASSISTED)
    starts = {P1: Found("forest-and-cabin", ("ranger", "woodsman")),
              P2: Found("tundra-and-village", ("farmer", "reeve"))}
    for _ in range(2):
        match.submit(starts[match.state.deciding()[0]])
    state = match.state
    ranger, first = piece(state, P1, "ranger"), state.first
    match.submit(MoveCard(ranger, removed(P1)), first)
    assert ranger not in match.state.pieces
    card = match.state.table.cards_in(deck(P1))[0]
    match.submit(MoveCard(card, play(P1)), first)
    kind = world.card_of(match.state, card)
    if kind.kind in ("unit", "structure"):
        assert match.state.pieces[card].at == hq(match.state, P1)
    else:
        assert card in match.state.pieces or card in match.state.table.cards_in(removed(P1))


def test_any_copy_of_a_card_may_be_placed_or_played() -> None:
    """Two copies of a card in the hand are the same choice: the listing names one, and
    the other is accepted as well (on the turn and in a window)."""
    state = begun()
    _remove(state, piece(state, P1, "woodsman"))  # room in the Cabin for one more
    cabin = hq(state, P1)
    first, second = give(state, P1, "gatherer"), give(state, P1, "gatherer")
    listed = [a for a in legal(state) if isinstance(a, Place)]
    assert Place(first, cabin, cabin) in listed and Place(second, cabin, cabin) not in listed
    act(state, Place(second, cabin, cabin))
    act(state, PayWith(first))
    assert state.pieces[second].inside == cabin
    to_p2(state)
    raider = bring(state, P2, "raider", hq(state, P2))
    give(state, P1, "net-trap")
    other = give(state, P1, "net-trap")
    act(state, Move(raider, cabin, ""))
    act(state, PlayTactic(other, raider), P1)
    assert other in state.pieces


def test_the_payment_question_reads_on_another_seats_view() -> None:
    """The other seat's view hides the card being paid for: the question still reads."""
    state = begun()
    lodge = give(state, P1, "lodge")
    give(state, P1, "gnome")
    give(state, P1, "gnome")
    act(state, Move(piece(state, P1, "woodsman"), hq(state, P1), ""))
    act(state, Place(lodge, hq(state, P1)))
    seen = GAME.view(state, P2)
    assert seen.frames[-1].prompt_text(seen) == "Pay for a card: remove 2 more cards from " \
        "the hand"
    assert state.frames[-1].prompt_text(state).startswith("Pay for Lodge")
