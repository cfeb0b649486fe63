"""rules.md "Declarations (zvanja)" and belot: what a hand declares, the comparison, and belot."""

from __future__ import annotations

import pytest
from strategies import DECL, cards, deal_of

from bela.actions import PASS, Bid, Declare, Phase
from bela.cards import Suit
from bela.declarations import belot_suit, compare, find_declarations
from bela.hand import Hand
from bela.rules import HouseRules
from bela.scoring import score_hand
from bela.seats import Seat, Team


def points(text: str) -> list[int]:
    return sorted(d.points for d in find_declarations(cards(text)))


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("7H 8H 9H KS 7D 9C JD AC", [20]),  # terca
        ("9H TH JH QH 7D 9C JD AC", [50]),  # kvarta
        ("TH JH QH KH AH 7D 9C JS", [100]),  # 5 cards
        ("9H TH JH QH KH AH 7D 9C", [100]),  # 6 cards: one run, 100 (not 50 + 20)
        ("8H 9H TH JH QH KH AH 7D", [100]),  # 7 cards
        ("7H 8H 9H JH QH KH 7D 9C", [20, 20]),  # two runs in one suit, the ten missing
        ("QS KS AS 7H 8H 9H 7D 9C", [20, 20]),  # runs in two suits
        ("KH AH 7H 8H JD QD 9C TC", []),  # no wrapping from A to 7; runs of two are nothing
        ("7H 8H 7S 8S 9D TD JC QC", []),  # runs do not cross suits
        ("JH JD JS JC 7H 9D KS AC", [200]),  # four jacks
        ("9H 9D 9S 9C 7H JD KS AC", [150]),  # four nines
        ("AH AD AS AC 7H 9D KS JC", [100]),
        ("TH TD TS TC 7H 9D KS JC", [100]),
        ("KH KD KS KC 7H 9D AS JC", [100]),
        ("QH QD QS QC 7H 9D AS JC", [100]),
        ("8H 8D 8S 8C 7H 9D AS JC", []),  # four eights: nothing
        ("7H 7D 7S 7C 8H 9D AS JC", []),  # four sevens: nothing
        ("9H TH JH JD JS JC 7D AC", [20, 200]),  # JH in both the four and the run
        ("JH JD JS JC 9H TH QH KH", [100, 200]),  # JH joins 9-K of hearts: a 5-card run
        ("AH AD AS AC KH KD KS KC", [100, 100]),  # two fours
    ],
)
def test_declarations_of_a_hand(hand: str, expected: list[int]) -> None:
    assert points(hand) == expected


def test_eight_of_a_suit_is_a_belot_not_a_declaration() -> None:
    eight = cards("7H 8H 9H TH JH QH KH AH")
    assert find_declarations(eight) == []
    assert belot_suit(eight) is Suit.HEARTS
    assert belot_suit(cards("7H 8H 9H TH JH QH KH AS")) is None


# name: (seat -> its 8 cards, the first to speak, winning team, winning seat, recorded points)
COMPARISONS: dict[str, tuple[dict[Seat, str], Seat, Team, Seat, int]] = {
    "more points wins (kvarta over terca)": (
        {Seat.S: "7H 8H 9H KS 7D 9C JD AC", Seat.E: "9S TS JS QS 8D 7C QD KC"},
        Seat.S,
        Team.EW,
        Seat.E,
        50,
    ),
    "four of a kind beats a sequence of equal points": (
        {Seat.S: "7H 8H 9H TH JH 7D 9C 8S", Seat.E: "AH AD AS AC 7S 8D 9D QC"},
        Seat.S,
        Team.EW,
        Seat.E,
        100,
    ),
    "three of a kind is nothing: the run wins": (
        {Seat.S: "8H 9H TH JH QH KH AH 7D", Seat.E: "TD TS TC 7S 8D 9S QC KD"},
        Seat.E,
        Team.NS,
        Seat.S,
        100,
    ),
    "the longer sequence at equal points": (
        {Seat.S: "TH JH QH KH AH 7D 9C 8S", Seat.W: "9S TS JS QS KS AS 8D 9D"},
        Seat.S,
        Team.EW,
        Seat.W,
        100,
    ),
    "the higher top card between runs of one length": (
        {Seat.N: "7D 8D 9D KS 7C 9C JH AC", Seat.E: "8S 9S TS 7H QD 8C JC AH"},
        Seat.S,
        Team.EW,
        Seat.E,
        20,
    ),
    "full tie: N speaks before W when S speaks first": (
        {Seat.N: "7D 8D 9D KS 7C 9C JH AC", Seat.W: "7S 8S 9S KD 8C TC QH AS"},
        Seat.S,
        Team.NS,
        Seat.N,
        20,
    ),
    "full tie: W speaks first": (
        {Seat.N: "7D 8D 9D KS 7C 9C JH AC", Seat.W: "7S 8S 9S KD 8C TC QH AS"},
        Seat.W,
        Team.EW,
        Seat.W,
        20,
    ),
    "full tie: E first, N before W": (
        {Seat.N: "7D 8D 9D KS 7C 9C JH AC", Seat.W: "7S 8S 9S KD 8C TC QH AS"},
        Seat.E,
        Team.NS,
        Seat.N,
        20,
    ),
}


@pytest.mark.parametrize("name", list(COMPARISONS))
def test_comparison(name: str) -> None:
    hands, first, team, seat, pts = COMPARISONS[name]
    result = compare({s: find_declarations(cards(text)) for s, text in hands.items()}, first)
    assert (result.winner, result.best_seat, result.points) == (team, seat, pts)


def test_four_aces_beat_a_seven_card_run() -> None:
    run7 = find_declarations(cards("7D 8D 9D TD JD QD KD 7H"))  # 7 to K of diamonds: 100
    four_aces = find_declarations(cards("AH AD AS AC 7S 8S 9C QC"))
    result = compare({Seat.S: run7, Seat.E: four_aces}, Seat.S)
    assert (result.winner, result.best_seat, result.points) == (Team.EW, Seat.E, 100)


@pytest.mark.parametrize(
    ("low", "high"), [("T", "Q"), ("T", "K"), ("T", "A"), ("Q", "K"), ("Q", "A"), ("K", "A")]
)
def test_between_fours_of_100_the_higher_rank_in_sequence_order(low: str, high: str) -> None:
    weak = find_declarations(cards(" ".join(low + s for s in "HDSC")))
    strong = find_declarations(cards(" ".join(high + s for s in "HDSC")))
    # the weaker four speaks first, so only the rank can decide
    result = compare({Seat.S: weak, Seat.E: strong}, Seat.S)
    assert (result.winner, result.best_seat, result.points) == (Team.EW, Seat.E, 100)


def test_jacks_over_nines_over_100() -> None:
    nines = find_declarations(cards("9H 9D 9S 9C"))
    jacks = find_declarations(cards("JH JD JS JC"))
    run = find_declarations(cards("8H 9H TH JH QH KH AH"))
    assert compare({Seat.S: run, Seat.E: nines}, Seat.S).winner is Team.EW
    assert compare({Seat.S: nines, Seat.E: jacks}, Seat.S).winner is Team.EW


def test_the_winning_team_counts_both_players_and_the_other_nothing() -> None:
    declared = {
        Seat.S: find_declarations(cards("9H TH JH QH 7D 9C JD AC")),  # kvarta 50, the best
        Seat.N: find_declarations(cards("7S 8S 9S KD 8C TC QS AS")),  # terca 20
        Seat.E: find_declarations(cards("8D 9D TD KH 7C QC JS AH")),  # terca 20, counts nothing
    }
    result = compare(declared, Seat.E)
    assert (result.winner, result.points) == (Team.NS, 70)
    assert set(result.declarations) == {Seat.S, Seat.N}


def test_a_partner_adds_a_four_to_the_best() -> None:
    declared = {
        Seat.S: find_declarations(cards("JH JD JS JC 7H 9D 8S AC")),  # four jacks, the best
        Seat.N: find_declarations(cards("KH KD KS KC 7D 8D 7S 8C")),  # four kings
        Seat.E: find_declarations(cards("9H 9D 9S 9C TH TD TS TC")),  # 150 + 100, second best
    }
    result = compare(declared, Seat.E)
    assert (result.winner, result.points) == (Team.NS, 300)


def test_nobody_declares() -> None:
    result = compare({Seat.S: [], Seat.E: []}, Seat.E)
    assert result.winner is None and result.points == 0


# -- through a hand ----------------------------------------------------------------------------


def declared_figures(hand: Hand) -> tuple[int, int]:
    s = score_hand(hand)
    return s.declarations


def test_auto_every_player_declares_all() -> None:
    hand = Hand(Seat.W, DECL, HouseRules())
    assert declared_figures(hand) == (0, 0)  # nothing before trump is named (cards not picked up)
    hand.apply(Bid(Suit.CLUBS))
    assert hand.phase is Phase.PLAYING
    assert declared_figures(hand) == (70, 0)  # an unfinished hand already counts them


@pytest.mark.parametrize(
    ("choices", "expected"),
    [
        ({Seat.S: True, Seat.E: True, Seat.N: True, Seat.W: True}, (70, 0)),
        ({Seat.S: False, Seat.E: True, Seat.N: True, Seat.W: True}, (0, 20)),  # E's 8-10 beats N's 7-9
        ({Seat.S: True, Seat.E: True, Seat.N: False, Seat.W: True}, (50, 0)),  # N's terca no longer counts
        ({Seat.S: False, Seat.E: False, Seat.N: True, Seat.W: True}, (20, 0)),
        ({Seat.S: False, Seat.E: False, Seat.N: False, Seat.W: True}, (0, 0)),
    ],
)
def test_choose_ne_zovem_removes_a_players_declarations(
    choices: dict[Seat, bool], expected: tuple[int, int]
) -> None:
    hand = Hand(Seat.W, DECL, HouseRules(declarations="choose"))
    hand.apply(Bid(Suit.CLUBS))
    while hand.phase is Phase.DECLARING:
        assert hand.turn in choices
        hand.apply(Declare(choices[hand.turn]))
    assert hand.phase is Phase.PLAYING
    assert declared_figures(hand) == expected


# -- belot ---------------------------------------------------------------------------------------

BELOT = deal_of(
    "7H 8H 9H TH JH QH KH AH",
    "7S 8S 9S TS JS QS KS AS",
    "7D 8D 9D TD JD QD KD AD",
    "7C 8C 9C TC JC QC KC AC",
)


@pytest.mark.parametrize("declarations", ["auto", "choose"])
def test_belot_ends_the_hand_when_trump_is_named(declarations: str) -> None:
    deal = deal_of(
        "7H 8H 9H TH JH QH KH AH",
        "7S 8S 9S TS JS QS KD AS",
        "7D 8D 9D TD JD QD KS AC",
        "7C 8C 9C TC JC QC KC AD",
    )
    hand = Hand(Seat.E, deal, HouseRules(declarations=declarations))  # type: ignore[arg-type]
    assert hand.belot is None and hand.phase is Phase.BIDDING  # cut during the bidding: not yet
    hand.apply(PASS)
    hand.apply(Bid(Suit.SPADES))
    assert hand.belot is Seat.S
    assert hand.phase is Phase.FINISHED
    assert hand.legal_actions() == []
    s = score_hand(hand)
    assert (s.outcome, s.belot, s.complete) == ("belot", Seat.S, True)
    assert s.declarations == (0, 0) and s.written == (0, 0)


@pytest.mark.parametrize(
    ("dealer", "winner"),
    [(Seat.W, Seat.S), (Seat.S, Seat.E), (Seat.E, Seat.N), (Seat.N, Seat.W)],
)
def test_four_belots_the_first_from_the_dealers_right_wins(dealer: Seat, winner: Seat) -> None:
    hand = Hand(dealer, BELOT)
    hand.apply(Bid(Suit.HEARTS))
    assert hand.belot is winner


@pytest.mark.parametrize(
    ("dealer", "winner"), [(Seat.W, Seat.S), (Seat.S, Seat.E), (Seat.N, Seat.S), (Seat.E, Seat.S)]
)
def test_two_belots(dealer: Seat, winner: Seat) -> None:
    # S holds every heart, E every spade
    deal = deal_of(
        "7H 8H 9H TH JH QH KH AH",
        "7S 8S 9S TS JS QS KS AS",
        "7D 8D 9D TD JD QD KD 7C",
        "8C 9C TC JC QC KC AC AD",
    )
    hand = Hand(dealer, deal)
    hand.apply(Bid(Suit.CLUBS))
    assert hand.belot is winner
