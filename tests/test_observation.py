"""What a seat may know of a hand: its own 6 cards before trump and its 8 after, what everyone
says and plays, and the winning declarations once the first trick is over (rules.md). Nothing
else: the observation of two deals that differ only in cards the seat cannot see is the same."""

from __future__ import annotations

from strategies import DECL, C, cards, cards_in, deal_of, visible

from bela.actions import PASS, Bid, Declare, Phase, Play
from bela.cards import Suit
from bela.hand import Hand
from bela.observation import observe
from bela.rules import HouseRules
from bela.seats import SEATS, Seat, Team


def test_six_cards_before_trump_then_eight() -> None:
    hand = Hand(Seat.W, DECL)
    obs = observe(hand, Seat.E)
    assert obs.cards == tuple(DECL[Seat.E][:6]) and obs.talon == ()
    assert set(cards_in(obs)) <= set(DECL[Seat.E][:6])
    hand.apply(PASS)
    hand.apply(Bid(Suit.CLUBS))
    obs = observe(hand, Seat.E)
    assert set(obs.cards) == set(DECL[Seat.E]) and obs.talon == tuple(DECL[Seat.E][6:])
    assert obs.trump is Suit.CLUBS and obs.caller is Seat.E
    assert set(cards_in(obs)) == set(DECL[Seat.E])


def test_winning_declarations_are_shown_after_the_first_trick() -> None:
    hand = Hand(Seat.W, DECL)
    hand.apply(Bid(Suit.CLUBS))
    for card in cards("9H AH 8C"):
        hand.apply(Play(card))
        obs = observe(hand, Seat.E)
        assert obs.shown_declarations == () and obs.declarations_winner is None
        assert [d.points for d in obs.own_declarations] == [20]  # E's own terca
    hand.apply(Play(C("7H")))  # W follows: the first trick is over, N's trump takes it
    obs = observe(hand, Seat.E)
    assert obs.declarations_winner is Team.NS
    shown = {seat: sorted(d.points for d in ds) for seat, ds in obs.shown_declarations}
    assert shown == {Seat.S: [50], Seat.N: [20]}  # E's terca lost: not shown
    assert set(cards_in(obs)) == visible(hand, Seat.E)
    assert C("9S") in set(cards_in(obs))  # N's 7-9 of spades is public now


def test_legal_actions_only_for_the_seat_to_act() -> None:
    hand = Hand(Seat.W, DECL)
    assert observe(hand, Seat.S).legal and observe(hand, Seat.E).legal == ()


def test_the_observation_never_holds_a_card_the_seat_cannot_see() -> None:
    hand = Hand(Seat.W, DECL, HouseRules(declarations="choose"))
    hand.apply(Bid(Suit.CLUBS))
    while hand.phase is Phase.DECLARING:
        hand.apply(Declare(True))
    for card in cards("9H AH 8C 7H"):
        hand.apply(Play(card))
        for seat in SEATS:
            assert set(cards_in(observe(hand, seat))) <= visible(hand, seat), seat


# S's view while N and W choose. W's 7H and E's QC (both unseen by S) are swapped in the
# second deal, which gives W a terca J-K of clubs; E keeps its terca 8-10 of diamonds.
SWAPPED = deal_of(
    "9H TH JH QH 7D 9C JD AC",
    "8D 9D TD KH 7C 7H JS AH",
    "7S 8S 9S KD 8C TC QS AS",
    "QC 8H QD AD TS KS JC KC",
)


def test_choose_does_not_tell_who_holds_a_declaration() -> None:
    # rules.md: 'choose: each player says "zovem" (declare all) or "ne zovem" (declare none)',
    # and declarations are shown only after the first trick. Asking only the seats that hold a
    # declaration tells S whether W holds one: S's view must not depend on W's and E's cards.
    assert set(DECL[Seat.S]) == set(SWAPPED[Seat.S])
    rules = HouseRules(declarations="choose")
    one, two = Hand(Seat.W, DECL, rules), Hand(Seat.W, SWAPPED, rules)
    for h in (one, two):
        h.apply(PASS)
        h.apply(Bid(Suit.CLUBS))
    for _ in range(3):  # S, E and N say "zovem"
        assert observe(one, Seat.S) == observe(two, Seat.S)
        for h in (one, two):
            h.apply(Declare(True))
    assert observe(one, Seat.S) == observe(two, Seat.S)
