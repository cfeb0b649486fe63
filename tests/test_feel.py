"""The table's feel, its plain rules (web/feel/): which card plays by itself, which cues an
action calls for."""

from __future__ import annotations

from bela.actions import Bid, Declare, Play
from bela.cards import Card, Suit
from bela.hand import Hand
from bela.seats import Seat, Team
from web.feel.autoplay import forced_card
from web.feel.cues import CUES, cues_of
from web.session import Outcome


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


#: South holds one spade (AS), East leads spades after naming hearts: South's only card is AS.
#: Each seat's first 6 cards are seen before trump.
DEAL = {
    Seat.E: cards("7S 8S 9S JH QH KH 7D 8D"),
    Seat.N: cards("JS QS KS 7C 8C 9C TD JD"),
    Seat.W: cards("TS 7H 8H 9H TH AH 9D QD"),
    Seat.S: cards("AS KD AD TC JC QC KC AC"),
}


def turn(hand: Hand) -> Seat | None:
    return hand.turn  # read afresh (mypy would keep the first answer)


def position() -> Hand:
    hand = Hand(Seat.S, DEAL)  # dealer South: East bids and leads first
    hand.apply(Bid(Suit.HEARTS))
    while any(isinstance(a, Declare) for a in hand.legal_actions()):
        hand.apply(Declare(False))
    return hand


def test_the_only_legal_card_is_found_and_only_then() -> None:
    hand = position()
    assert turn(hand) is Seat.E
    assert forced_card(hand) is None  # not South's turn
    hand.apply(Play(Card.parse("7S")))
    hand.apply(Play(Card.parse("JS")))
    hand.apply(Play(Card.parse("TS")))
    assert turn(hand) is Seat.S
    assert forced_card(hand) == Card.parse("AS")
    hand.apply(Play(Card.parse("AS")))
    # South took the trick and leads: seven cards to choose from
    assert turn(hand) is Seat.S
    assert forced_card(hand) is None


def test_no_forced_card_while_bidding() -> None:
    hand = Hand(Seat.W, DEAL)  # dealer West: South bids first
    assert turn(hand) is Seat.S
    assert forced_card(hand) is None


def test_cues_of_actions() -> None:
    play = Play(Card.parse("AS"))
    assert cues_of(Outcome(Seat.E, play), None, None) == ["card"]
    trick_out = Outcome(Seat.E, play, trick=object(), trick_winner=Seat.E)  # type: ignore[arg-type]
    assert cues_of(trick_out, None, None) == ["card", "trick"]
    last = Outcome(Seat.S, play, trick=object(), hand_finished=True)  # type: ignore[arg-type]
    assert cues_of(last, (30, 132), None) == ["card", "hand-lost"]
    assert cues_of(last, (132, 30), None) == ["card", "hand-won"]
    assert cues_of(last, (132, 30), Team.NS) == ["card", "match-won"]
    assert cues_of(last, (30, 132), Team.EW) == ["card", "hand-lost"]
    assert cues_of(Outcome(Seat.N, play, belot=Seat.N), None, None) == ["card", "bela"]


def test_every_cue_is_short_and_soft() -> None:
    for name, notes in CUES.items():
        assert notes, name
        assert max(n.at + n.length for n in notes) <= 1.0, name
        assert all(0 < n.gain <= 0.5 and 100 < n.freq < 2000 for n in notes), name
