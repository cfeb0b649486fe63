"""rules.md "Table" and "Card ranks and points", and the trick winner of "Play"."""

from __future__ import annotations

import pytest
from strategies import cards

from bela.cards import DECK, Card, Rank, Suit, trick_winner_index
from bela.hand import Trick
from bela.seats import SEATS, Seat, Team

# rules.md: the two tables, strongest first, with their points.
TRUMP_TABLE = [("J", 20), ("9", 14), ("A", 11), ("T", 10), ("K", 4), ("Q", 3), ("8", 0), ("7", 0)]
PLAIN_TABLE = [("A", 11), ("T", 10), ("K", 4), ("Q", 3), ("J", 2), ("9", 0), ("8", 0), ("7", 0)]


@pytest.mark.parametrize("suit", list("HDSC"))
@pytest.mark.parametrize("trump", list("HDSC"))
def test_points_of_every_card(suit: str, trump: str) -> None:
    table = TRUMP_TABLE if suit == trump else PLAIN_TABLE
    for rank, points in table:
        assert Card.parse(rank + suit).points(Suit.parse(trump)) == points, rank + suit


@pytest.mark.parametrize("trump", list(Suit))
def test_152_in_the_cards(trump: Suit) -> None:
    # 62 in trumps (20+14+11+10+4+3) and 30 (11+10+4+3+2) in each other suit
    assert sum(c.points(trump) for c in DECK if c.suit == trump) == 62
    assert sum(c.points(trump) for c in DECK if c.suit != trump) == 90
    assert sum(c.points(trump) for c in DECK) == 152


@pytest.mark.parametrize("suit", list("HDSC"))
def test_strength_order_in_trump_and_other_suits(suit: str) -> None:
    for table, trump in (
        (TRUMP_TABLE, Suit.parse(suit)),
        (PLAIN_TABLE, Suit.parse("HDSC".replace(suit, "")[0])),
    ):
        ordered = [Card.parse(rank + suit) for rank, _ in table]
        strengths = [c.strength(trump) for c in ordered]
        assert strengths == sorted(strengths, reverse=True), (suit, trump)
        assert len(set(strengths)) == 8


def test_deck_is_32_different_cards_in_record_notation() -> None:
    assert len(DECK) == 32
    assert {str(c) for c in DECK} == {r + s for r in "789TJQKA" for s in "HDSC"}
    assert Card.parse("TH").rank is Rank.TEN and Card.parse("TH").suit is Suit.HEARTS


@pytest.mark.parametrize("text", ["th", "10H", "T", "TX", "1H", "HT", "", "TH ", " TH", "Th", "tH"])
def test_card_names_are_exact(text: str) -> None:
    with pytest.raises(ValueError):
        Card.parse(text)


def test_sequence_order_of_ranks() -> None:
    # rules.md: 7 8 9 10 J Q K A, the order of runs
    assert [r.letter for r in sorted(Rank)] == list("789TJQKA")


def test_seats_in_play_order_teams_and_partners() -> None:
    assert [s.name for s in SEATS] == ["S", "E", "N", "W"]
    assert [s.next.name for s in SEATS] == ["E", "N", "W", "S"]
    assert [s.partner.name for s in SEATS] == ["N", "W", "S", "E"]
    assert [s.team for s in SEATS] == [Team.NS, Team.EW, Team.NS, Team.EW]


@pytest.mark.parametrize(
    ("trick", "trump", "winner"),
    [
        ("7S AS KS TS", "H", 1),  # highest of the suit led
        ("9D AS KS TS", "H", 0),  # led 9D: cards of another suit never win
        ("AS 7H KS TS", "H", 1),  # any trump beats the suit led
        ("AS 7H 8H TS", "H", 2),  # the highest trump
        ("AS JH 9H AH", "H", 1),  # J is the highest trump, then 9
        ("AS 9H AH TH", "H", 1),  # 9 over A over 10 in trump
        ("JS 9S AS TS", "H", 2),  # not trump: A over 10 over J and 9
        ("JH 9H AH TH", "H", 0),  # trump led
        ("KD QD AC AS", "D", 0),  # aces of other suits do not win
        ("QS KS 7C 8C", "C", 3),  # two trumps, 8 over 7
    ],
)
def test_trick_winner(trick: str, trump: str, winner: int) -> None:
    assert trick_winner_index(cards(trick), Suit.parse(trump)) == winner
    # the same through a Trick led by E: the winner is the seat that played that card
    assert Trick(Seat.E, cards(trick)).winner(Suit.parse(trump)) == Seat.E.after(winner)
