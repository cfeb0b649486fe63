"""The bots' generator (bela.bots.rng): the numbers of the Mersenne Twister as published
(Matsumoto and Nishimura's mt19937ar.c, written out below without the ``random`` module), so
a seed gives the same decisions in CPython and Pyodide whatever either's ``random`` does."""

from __future__ import annotations

from collections import Counter

import pytest

from bela.bots.rng import Rng

_M32 = 0xFFFFFFFF


class Reference:
    """mt19937ar.c: ``init_by_array`` with the seed's 32-bit words (least significant first),
    ``genrand_int32`` and ``genrand_res53``."""

    def __init__(self, seed: int) -> None:
        words = []
        while True:
            words.append(seed & _M32)
            seed >>= 32
            if not seed:
                break
        mt = [0] * 624
        mt[0] = 19650218
        for i in range(1, 624):
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & _M32
        i, j = 1, 0
        for _ in range(max(624, len(words))):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + words[j] + j) & _M32
            i, j = i + 1, j + 1
            if i >= 624:
                mt[0], i = mt[623], 1
            if j >= len(words):
                j = 0
        for _ in range(623):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & _M32
            i += 1
            if i >= 624:
                mt[0], i = mt[623], 1
        mt[0] = 0x80000000
        self.mt, self.index = mt, 624

    def int32(self) -> int:
        if self.index >= 624:
            mt = self.mt
            for k in range(624):
                y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7FFFFFFF)
                mt[k] = mt[(k + 397) % 624] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
            self.index = 0
        y = self.mt[self.index]
        self.index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)

    def res53(self) -> float:
        a, b = self.int32() >> 5, self.int32() >> 6
        return (a * 67108864.0 + b) / 9007199254740992.0

    def bits(self, k: int) -> int:
        """k <= 32 bits: the word's top k; 64: two words, the first the low half."""
        if k <= 32:
            return self.int32() >> (32 - k)
        low = self.int32()
        return low | self.int32() << 32


def test_the_numbers_are_the_published_mersenne_twisters() -> None:
    # 0, a small seed, a 64-bit one (the bots' seeds are 64 bits: two words)
    for seed in (0, 5, 2026, 0x9E3779B97F4A7C15, (1 << 64) - 1):
        rng, ref = Rng(seed), Reference(seed)
        for _ in range(700):  # past the first 624 words: the state regenerated once
            assert rng.random() == ref.res53()
            assert rng.next() == ref.bits(64)


def test_below_draws_the_fewest_bits_again_until_they_fit() -> None:
    for seed in (3, 4):
        rng, ref = Rng(seed), Reference(seed)
        for n in (1, 2, 3, 5, 8, 13, 32, 100, 1000, 4095):
            k = n.bit_length()
            want = ref.bits(k)
            while want >= n:
                want = ref.bits(k)
            assert rng.below(n) == want


def test_below_is_uniform_and_refuses_an_empty_range() -> None:
    rng = Rng(7)
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert sorted(counts) == list(range(6))
    chi2 = sum((c - 10_000) ** 2 / 10_000 for c in counts.values())
    assert chi2 < 20.5  # 5 degrees of freedom: p = 0.001
    with pytest.raises(ValueError, match="positive"):
        rng.below(0)


def test_shuffle_and_choice_are_splitmix64s_over_its_numbers() -> None:
    # the Fisher-Yates of bela.deal.SplitMix64 (bela.deal.Shuffler), over Rng's own below()
    items = list(range(10))
    a, b = Rng(11), Rng(11)
    a.shuffle(items)
    want = list(range(10))
    for i in range(9, 0, -1):
        j = b.below(i + 1)
        want[i], want[j] = want[j], want[i]
    assert items == want and sorted(items) == list(range(10))
    assert Rng(12).choice("abcdef") == "abcdef"[Rng(12).below(6)]
