"""Deals consistent with what a seat knows (determinization).

:func:`sample_hidden` deals the unseen cards to the other three seats so that every hard fact
of :class:`~bela.bots.knowledge.Knowledge` holds (known cards, voids and ceilings, counts,
declarations); :func:`sample_deals` draws more candidates than it needs and keeps a weighted
subset (sampling importance resampling), the weight being how well each hand agrees with the
bids made on its first six cards (see :mod:`bela.bots.bidding`).
"""

from __future__ import annotations

from collections.abc import Callable

from bela.bots.knowledge import Knowledge, declarations_fit
from bela.deal import SplitMix64
from bela.seats import SEATS, Seat

Hands = list[int]  # held cards per seat, engine numbering


def _bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def sample_hidden(k: Knowledge, rng: SplitMix64, tries: int = 60) -> Hands | None:
    """One assignment of the unseen cards to the other seats meeting every hard fact, or None
    if none was found (the facts then contradict each other, which a consistent observation
    never does; the caller falls back to fewer facts)."""
    others = [s for s in SEATS if s != k.seat]
    known = 0
    for s in others:
        known |= k.must[s]
    pool = _bits(k.unseen & ~known)
    need = [k.count[s] - k.must[s].bit_count() if s != k.seat else 0 for s in SEATS]
    if any(need[s] < 0 for s in others) or sum(need[s] for s in others) != len(pool):
        return None
    allowed = [~k.cannot[s] if s != k.seat else 0 for s in SEATS]
    eligible = {c: [s for s in others if allowed[s] >> c & 1] for c in pool}
    for _ in range(tries):
        order = list(pool)
        rng.shuffle(order)
        order.sort(key=lambda c: len(eligible[c]))
        hands = [k.must[s] if s != k.seat else k.mine for s in SEATS]
        left = list(need)
        ok = True
        for c in order:
            choices = [s for s in eligible[c] if left[s] > 0]
            if not choices:
                ok = False
                break
            if len(choices) == 1:
                s = choices[0]
            else:
                total = sum(left[x] for x in choices)
                r = rng.below(total)
                for s in choices:
                    r -= left[s]
                    if r < 0:
                        break
            hands[s] |= 1 << c
            left[s] -= 1
        if ok:
            return hands
    return _exhaustive(k, pool, need, allowed, rng)


def _exhaustive(
    k: Knowledge, pool: list[int], need: list[int], allowed: list[int], rng: SplitMix64
) -> Hands | None:
    """Backtracking in a random order, for the rare tight cases the greedy pass misses."""
    others = [s for s in SEATS if s != k.seat]
    order = list(pool)
    rng.shuffle(order)
    hands = [k.must[s] if s != k.seat else k.mine for s in SEATS]
    left = list(need)
    budget = [20000]

    def go(i: int) -> bool:
        if i == len(order):
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        c = order[i]
        seats = [s for s in others if left[s] > 0 and allowed[s] >> c & 1]
        rng.shuffle(seats)
        for s in seats:
            hands[s] |= 1 << c
            left[s] -= 1
            if go(i + 1):
                return True
            hands[s] &= ~(1 << c)
            left[s] += 1
        return False

    return hands if go(0) else None


Weight = Callable[[Hands, SplitMix64], float]


def sample_deals(
    k: Knowledge,
    rng: SplitMix64,
    n: int,
    first: Seat,
    weight: Weight | None = None,
    oversample: int = 3,
) -> list[Hands]:
    """``n`` deals (held cards per seat) agreeing with the hard facts; with ``weight``, drawn
    from ``oversample * n`` candidates in proportion to their weights."""
    full_checks = bool(k.no_decl or k.exact_decl or k.beaten_by)
    want = n * (oversample if weight is not None else 1)
    candidates: list[Hands] = []
    weights: list[float] = []
    attempts = 0
    while len(candidates) < want and attempts < want * 8:
        attempts += 1
        hands = sample_hidden(k, rng)
        if hands is None:
            break
        if full_checks:
            full = [hands[s] | k.played_by[s] for s in SEATS]
            if not declarations_fit(k, full, first):
                continue
        candidates.append(hands)
        if weight is not None:
            weights.append(weight(hands, rng))
    if not candidates:
        relaxed = sample_hidden(k, rng)
        return [relaxed] * 1 if relaxed is not None else []
    if weight is None or len(candidates) <= n:
        return candidates[:n]
    total = sum(weights)
    if total <= 0:
        return candidates[:n]
    # systematic resampling: n evenly spaced pointers with one random offset
    step = total / n
    pos = rng.random() * step
    out: list[Hands] = []
    acc = 0.0
    j = 0
    for i, w in enumerate(weights):
        acc += w
        while j < n and pos + j * step < acc:
            out.append(candidates[i])
            j += 1
    while len(out) < n:
        out.append(candidates[-1])
    return out
