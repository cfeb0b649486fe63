"""The rollout policy's card pickers (bela.bots.rollout), against their plain definitions."""

from __future__ import annotations

import random

from bela.bots.cardset import POINTS
from bela.bots.rollout import _cheapest, _richest


def plain_cheapest(m: int, pts: tuple[int, ...]) -> int:
    """The card of ``m`` with the fewest points, the weakest between equals, the lowest number
    on a tie: every card looked at."""
    cards = [i for i in range(32) if m >> i & 1]
    return min(cards, key=lambda i: (pts[i], i & 7, i))


def plain_richest(m: int, pts: tuple[int, ...]) -> int:
    cards = [i for i in range(32) if m >> i & 1]
    return min(cards, key=lambda i: (-pts[i], i & 7, i))


def test_the_pickers_agree_with_looking_at_every_card() -> None:
    rng = random.Random(35)
    for trump in range(4):
        pts = POINTS[trump]
        for _ in range(5000):
            m = rng.getrandbits(32) & rng.getrandbits(32)
            if m:
                assert _cheapest(m, pts) == plain_cheapest(m, pts)
                assert _richest(m, pts) == plain_richest(m, pts)


def test_a_known_hand() -> None:
    # hearts trump: J (7) and 9 (6) of trump; spades (suit 2): A (23), 7 (16), 8 (17)
    pts = POINTS[0]
    hand = 1 << 7 | 1 << 6 | 1 << 23 | 1 << 16 | 1 << 17
    assert _cheapest(hand, pts) == 16  # the 7 of spades
    assert _richest(hand, pts) == 7  # the jack of trump, 20
    assert _richest(1 << 16 | 1 << 17, pts) == 16  # nothing but blanks: the weakest
