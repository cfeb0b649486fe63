"""The bots' random numbers: the standard library's Mersenne Twister, seeded from 64 bits.

The deals keep :class:`bela.deal.SplitMix64` (a record's cards must never depend on the
``random`` module), but a search draws hundreds of thousands of numbers a decision, and
SplitMix64 written in Python's integers costs about 2 µs a number in Pyodide (whose integers
have 30-bit digits: its 64-bit products are slow) against 0.15 µs for ``random.Random``'s
C code. ``Rng`` offers SplitMix64's methods (:class:`Source`), built only on the parts of
``random.Random`` whose output has not changed since Python 3.2 (the seeding by an integer,
``random()``, ``getrandbits``), so a seed gives the same numbers in CPython and Pyodide.

>>> r = Rng(2026)
>>> [r.below(10) for _ in range(8)]
[1, 5, 8, 8, 1, 3, 9, 9]
>>> round(r.random(), 6), r.next() < 1 << 64
(0.556559, True)
>>> items = list(range(6)); r.shuffle(items); items
[1, 2, 0, 5, 3, 4]
"""

from __future__ import annotations

import random as _random
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from bela.deal import Shuffler

T = TypeVar("T")

_MASK = (1 << 64) - 1


class Source(Protocol):
    """What the bots draw from: :class:`Rng` in play, any :class:`bela.deal.SplitMix64` too."""

    def next(self) -> int: ...

    def random(self) -> float: ...

    def below(self, n: int) -> int: ...

    def shuffle(self, items: list[T]) -> None: ...

    def choice(self, items: Sequence[T]) -> T: ...


class Rng(Shuffler):
    """SplitMix64's methods over a Mersenne Twister seeded with ``seed`` (64 bits kept); its
    ``shuffle`` and ``choice`` are SplitMix64's own (:class:`bela.deal.Shuffler`)."""

    __slots__ = ("_bits", "random")

    random: Callable[[], float]  # a float in [0, 1) with 53 random bits (the C method itself)

    def __init__(self, seed: int) -> None:
        mt = _random.Random(seed & _MASK)
        self.random = mt.random
        self._bits: Callable[[int], int] = mt.getrandbits

    def next(self) -> int:
        """64 random bits."""
        return self._bits(64)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n): the fewest bits that can hold n - 1, drawn again while
        they are n or more (no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        k = n.bit_length()
        bits = self._bits
        r = bits(k)
        while r >= n:
            r = bits(k)
        return r
