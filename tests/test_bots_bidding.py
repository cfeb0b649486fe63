"""The hard player's trump-naming model (bela.bots.bidding, bela/data/rich_table.py)."""

from __future__ import annotations

from bela.bots import bidding
from bela.cards import Card, Suit
from bela.data import rich_table


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def test_the_table_has_one_row_of_weights_per_speaking_position() -> None:
    assert len(rich_table.WEIGHTS) == 4
    assert all(len(w) == len(bidding.RICH_NAMES) for w in rich_table.WEIGHTS)
    assert len(rich_table.THRESHOLDS) == 3  # the dealer must name: no threshold


def test_a_strong_trump_suit_is_named_from_every_position() -> None:
    hand = cards("JH 9H AH 7H AS 8D")  # jack, nine, ace and a small one of hearts, a side ace
    for position in range(4):
        suit, rule, _ = bidding.rich_choice(hand, position)
        assert suit is Suit.HEARTS, position
        assert rule == ("bid.model.must" if position == 3 else "bid.model.name")


def test_a_lone_nine_is_passed_before_the_dealer() -> None:
    hand = cards("9H 7S 8S 7D 8D 7C")  # the nine of hearts and nothing else of worth
    for position in range(3):
        suit, rule, _ = bidding.rich_choice(hand, position)
        assert suit is None and rule == "bid.model.pass", position
    assert bidding.rich_choice(hand, 3)[0] is Suit.HEARTS  # the dealer must, and prefers the nine


def test_each_position_has_its_own_weights() -> None:
    # fitted apart on the hands that reach each position: the same six cards are worth
    # differently after passes (the fit's weights differ; one shared row would give equal values)
    hand = cards("JH TH KH AS 7D 8C")
    values = {bidding.rich_value(hand, Suit.HEARTS, p) for p in range(4)}
    assert len(values) == 4
