"""The deal sampler is uniform over the deals a seat cannot rule out (and, with bid weights,
in proportion to them): a chi-square test against the exact list of consistent deals, on small
positions, that a biased sampler (the greedy dealer the bots used before) fails."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from test_bots_knowledge import brute_force_deals, positions

from bela.bots.knowledge import Knowledge, infer
from bela.bots.rng import Source
from bela.bots.sampler import Hands, _Draw, sample_deals, sample_hidden
from bela.deal import SplitMix64
from bela.observation import observe
from bela.seats import SEATS

Z_999 = 3.0902  # one-sided normal quantile of 0.999


def chi2_critical(df: int, z: float = Z_999) -> float:
    """The chi-square value exceeded with probability about 0.001 (Wilson-Hilferty)."""
    a = 2.0 / (9.0 * df)
    return df * (1.0 - a + z * math.sqrt(a)) ** 3


def chi2(observed: Counter[tuple[int, ...]], expected: dict[tuple[int, ...], float]) -> float:
    assert set(observed) <= set(expected), "a deal outside the consistent ones was drawn"
    return sum((observed.get(d, 0) - e) ** 2 / e for d, e in expected.items())


def greedy_once(k: Knowledge, rng: SplitMix64) -> Hands | None:
    """The sampler the bots used before: the most constrained cards first, each card to a seat
    in proportion to the cards it still needs. Every deal it returns is consistent, but not
    every consistent deal is equally likely."""
    d = _Draw(k)
    by_count: dict[int, list[tuple[int, list[int]]]] = {}
    for seats, cards in d.groups:
        for c in cards:
            by_count.setdefault(len(seats), []).append((c, [int(s) for s in seats]))
    hands = list(d.start)
    left = list(d.need)
    for n in sorted(by_count):
        items = list(by_count[n])
        rng.shuffle(items)
        for c, eligible in items:
            total = sum(left[x] for x in eligible)
            if total <= 0:
                return None
            r = rng.below(total)
            for s in eligible:
                r -= left[s]
                if r < 0:
                    break
            hands[s] |= 1 << c
            left[s] -= 1
    return hands


def small_positions() -> list[Knowledge]:
    """Late positions (seeded random play) where voids or ceilings leave between 6 and 60
    consistent deals, some cards open to only some seats."""
    out: list[Knowledge] = []
    for hand in positions(31, 400, late=True):
        seat = hand.turn
        assert seat is not None
        k = infer(observe(hand, seat))
        d = _Draw(k)
        if len(d.groups) < 2 or not 6 <= d.count() <= 60:
            continue
        out.append(k)
        if len(out) == 12:
            break
    return out


def pooled_statistic(
    draw: Callable[[Knowledge, SplitMix64], Hands | None], per_deal: int
) -> tuple[float, float]:
    """The chi-square statistic summed over the small positions, and its 0.001 critical value."""
    rng = SplitMix64(2026)
    stat = 0.0
    df = 0
    for k in small_positions():
        every = brute_force_deals(k)
        n = per_deal * len(every)
        seen: Counter[tuple[int, ...]] = Counter()
        for _ in range(n):
            hands = draw(k, rng)
            if hands is not None:
                seen[tuple(hands)] += 1
        drawn = sum(seen.values())
        stat += chi2(seen, {d: drawn / len(every) for d in every})
        df += len(every) - 1
    return stat, chi2_critical(df)


def test_exact_count_is_the_number_of_consistent_deals() -> None:
    ks = small_positions()
    assert len(ks) == 12
    for k in ks:
        assert _Draw(k).count() == len(brute_force_deals(k))


def test_the_sampler_is_uniform_over_consistent_deals() -> None:
    stat, critical = pooled_statistic(lambda k, rng: sample_hidden(k, rng), 60)
    assert stat < critical, (stat, critical)


def test_the_test_fails_on_the_greedy_sampler() -> None:
    stat, critical = pooled_statistic(greedy_once, 60)
    assert stat > critical, (stat, critical)


def test_weighted_sampling_follows_the_weights() -> None:
    # a deterministic weight (the bid weight draws 6 of the 8 cards at random); with many
    # candidates per deal kept, the kept deals follow uniform x weight
    rng = SplitMix64(7)
    stat = 0.0
    df = 0
    # the declaration facts dropped: this checks the card facts and the weights
    plain = [replace(k, no_decl=(), exact_decl={}, beaten_by=None, losers=()) for k in small_positions()]
    for k in plain[:6]:
        every = sorted(brute_force_deals(k))
        other = next(s for s in SEATS if s != k.seat)

        def weight(hands: Hands, _rng: Source, other: int = other) -> float:
            return 1.0 + (hands[other] & 0x0F0F0F0F).bit_count()

        w = {d: weight(list(d), rng) for d in every}
        total = sum(w.values())
        seen: Counter[tuple[int, ...]] = Counter()
        for _ in range(40):
            for d in sample_deals(k, rng, len(every), SEATS[0], weight, oversample=30):
                seen[tuple(d)] += 1
        drawn = sum(seen.values())
        stat += chi2(seen, {d: drawn * w[d] / total for d in every})
        df += len(every) - 1
    # resampling in a batch is not independent draws: systematic resampling makes the counts
    # vary less than multinomial ones, so the multinomial critical value is a fair bound
    assert stat < chi2_critical(df), (stat, df)
