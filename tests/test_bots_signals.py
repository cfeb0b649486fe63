"""The partners' call (bela.bots.signals): a small discard on the partner's trick from a suit
whose ace the discarder holds, given by the hard player when it costs next to nothing and
read by it as that ace in the partner's hand."""

from __future__ import annotations

from bela.actions import Bid, Play
from bela.bots import BUDGETS, _with_calls, decide
from bela.bots.signals import call_card, discarding_on_partner, is_call, read_calls
from bela.cards import Card, Suit
from bela.deal import deal_cards
from bela.hand import Hand
from bela.observation import Observation, observe
from bela.seats import Seat


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


# Clubs named by S, who leads AH; E follows; N (S's partner) and W hold neither hearts nor clubs
DEAL = {
    Seat.S: tuple(cards("AH KH QH JH 7C 8C 9C TC")),
    Seat.E: tuple(cards("7H 8H 9H TH JC QC KC AC")),
    Seat.N: tuple(cards("AD 7D 8D 9D AS 7S 8S 9S")),
    Seat.W: tuple(cards("TD JD QD KD TS JS QS KS")),
}


def play(hand: Hand, *texts: str) -> Hand:
    for text in texts:
        card = Card.parse(text)
        hand.apply(next(a for a in hand.legal_actions() if isinstance(a, Play) and a.card == card))
    return hand


def start() -> Hand:
    hand = Hand(Seat.W, DEAL)
    hand.apply(Bid(Suit.CLUBS))
    return hand


def to_act(hand: Hand) -> Observation:
    assert hand.turn is not None
    return observe(hand, hand.turn)


def test_a_call_is_a_small_side_card_whose_ace_stays() -> None:
    hand = cards("AD 7D 8D KS 7S AC 7C")
    assert is_call(Card.parse("7D"), hand, Suit.CLUBS)
    assert not is_call(Card.parse("7S"), hand, Suit.CLUBS)  # no ace of spades
    assert not is_call(Card.parse("AD"), hand, Suit.CLUBS)  # the ace itself is no call
    assert not is_call(Card.parse("7C"), hand, Suit.CLUBS)  # trump
    assert not is_call(Card.parse("KS"), hand, Suit.CLUBS)


def test_the_call_is_given_on_the_partners_trick_within_the_slack() -> None:
    obs = to_act(play(start(), "AH", "7H"))  # N, third: its partner S holds the trick
    assert obs.seat == Seat.N and discarding_on_partner(obs)
    ad, s7, d7 = Card.parse("AD"), Card.parse("7S"), Card.parse("7D")
    ranked = [(ad, 3.0), (s7, 2.0), (d7, -5.0)]
    assert call_card(obs, ranked, 2.0) == s7  # 1 point below the best: the call is played
    assert call_card(obs, [(ad, 3.0), (s7, 0.5), (d7, -5.0)], 2.0) is None  # 2.5 below: not
    assert call_card(obs, [(ad, 3.0), (s7, 0.5), (d7, 1.5)], 2.0) == d7
    assert call_card(obs, [(s7, 3.0), (d7, 3.0)], 2.0) is None  # the search's card already calls


def test_no_call_when_an_opponent_holds_the_trick_or_the_seat_can_follow() -> None:
    # W, fourth on AH 7H 7S: S (W's opponent) holds the trick
    assert not discarding_on_partner(to_act(play(start(), "AH", "7H", "7S")))
    # E, second on AH: it holds hearts and must follow
    assert not discarding_on_partner(to_act(play(start(), "AH")))


def test_the_partners_call_is_read_as_its_ace_and_weighs_in_the_deals() -> None:
    hand = play(start(), "AH", "7H", "7S", "TD")  # N calls spades on S's ace; S takes the trick
    obs = to_act(hand)
    assert obs.seat == Seat.S
    assert read_calls(obs) == [(int(Seat.N), Card.parse("AS"))]
    weights = _with_calls(obs, None, 6.0)
    assert weights == {Card.parse("AS").index: [1.0, 1.0, 6.0, 1.0]}
    # W's discard (TD) fell on S's trick, an opponent's for W: no call for E to read
    assert read_calls(observe(hand, Seat.E)) == []


def test_a_called_ace_already_played_is_not_read() -> None:
    hand = play(start(), "AH", "7H", "7S", "TD")
    play(hand, "KH", "TH", "AS", "JD")  # N throws the ace it called on the next trick
    assert read_calls(observe(hand, Seat.S)) == []


def test_the_hard_player_gives_the_call() -> None:
    # found by playing hands of hard players (deals seed 7): E holds AD and no clubs or spades
    # left; its partner W holds the trick
    assert BUDGETS["hard"].signals
    hand = Hand(Seat.E, deal_cards(2291563645928964381, Seat.E))
    for word in ["pass", "pass", "pass", "S"]:
        hand.apply(Bid(None if word == "pass" else Suit.parse(word)))
    play(hand, *["9S", "7S", "QS", "8S", "7C", "KC", "TC", "9C", "QC", "TS", "8C"])
    obs = to_act(hand)
    decision = decide(obs, "hard", 1)
    assert decision.rule == "search.call", decision.reason
    played = decision.action
    assert isinstance(played, Play) and played.card.rank.letter in "789"
    assert is_call(played.card, obs.cards, Suit.SPADES)
