"""Seeded dealing that gives the same cards under CPython and Pyodide.

The generator is SplitMix64 written out in integer arithmetic, so it does not depend on
the ``random`` module's implementation. A match's seed and a hand's number give its deal.

>>> [str(c) for c in deal_cards(1, Seat.W)[Seat.S]]
['8C', 'QD', '9H', 'JC', 'KH', 'TD', '7D', '8S']
>>> deal_cards(1, Seat.W) == deal_cards(1, Seat.W)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from bela.cards import DECK, Card
from bela.seats import SEATS, Seat

_MASK = (1 << 64) - 1
T = TypeVar("T")


class Shuffler:
    """``shuffle`` and ``choice`` for a generator that draws ``below(n)`` (a Fisher-Yates shuffle:
    the same items in the same order from the same numbers, whichever generator draws them)."""

    __slots__ = ()

    def below(self, n: int) -> int:
        raise NotImplementedError

    def shuffle(self, items: list[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]


class SplitMix64(Shuffler):
    """A small, well-known 64-bit generator (Steele, Lea and Flood, 2014)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next() >> 11) / float(1 << 53)


def derive_seed(*parts: int) -> int:
    """Mix several integers (a match seed, a hand number...) into one 64-bit seed."""
    state = 0x6A09E667F3BCC908
    for p in parts:
        state = SplitMix64(state ^ (p & _MASK)).next()
    return state


def deal_cards(seed: int, dealer: Seat) -> dict[Seat, tuple[Card, ...]]:
    """Shuffle the deck with ``seed`` and deal as at the table: starting with the seat after
    the dealer, 3 cards each, then 3 each, then the 2 talon cards each face down."""
    deck = list(DECK)
    SplitMix64(seed).shuffle(deck)
    hands: dict[Seat, list[Card]] = {s: [] for s in SEATS}
    order = dealer.next.order_from()
    pos = 0
    for size in (3, 3, 2):
        for seat in order:
            hands[seat].extend(deck[pos : pos + size])
            pos += size
    return {s: tuple(hands[s]) for s in SEATS}


def first_dealer(seed: int) -> Seat:
    """The first dealer of a match started with ``seed`` (cutting for the deal)."""
    return SEATS[SplitMix64(derive_seed(seed, 0xDEA1)).below(4)]
