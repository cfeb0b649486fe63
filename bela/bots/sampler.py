"""Deals consistent with what a seat knows (determinization).

:func:`sample_hidden` deals the unseen cards to the other three seats so that every hard fact
of :class:`~bela.bots.knowledge.Knowledge` holds (known cards, voids and ceilings, counts,
declarations); :func:`sample_deals` draws more candidates than it needs and keeps a weighted
subset (sampling importance resampling), the weight being how well each hand agrees with the
bids made on its first six cards (see :mod:`bela.bots.bidding`).
"""

from __future__ import annotations

from collections.abc import Callable

from bela.bots.cardset import bits
from bela.bots.knowledge import Knowledge, declarations_fit
from bela.deal import SplitMix64
from bela.seats import SEATS, Seat

Hands = list[int]  # held cards per seat, engine numbering


class _Draw:
    """What every draw for one Knowledge shares: the cards to deal, what each seat still
    needs, which seats may take each card (the most constrained cards dealt first)."""

    __slots__ = ("allowed", "groups", "need", "ok", "others", "pool", "start")

    def __init__(self, k: Knowledge) -> None:
        others = [s for s in SEATS if s != k.seat]
        self.others = others
        known = 0
        for s in others:
            known |= k.must[s]
        self.pool = bits(k.unseen & ~known)
        self.need = [k.count[s] - k.must[s].bit_count() if s != k.seat else 0 for s in SEATS]
        self.ok = not any(self.need[s] < 0 for s in others) and sum(self.need[s] for s in others) == len(
            self.pool
        )
        self.allowed = [~k.cannot[s] if s != k.seat else 0 for s in SEATS]
        by_count: dict[int, list[tuple[int, list[Seat]]]] = {}
        for c in self.pool:
            seats = [s for s in others if self.allowed[s] >> c & 1]
            by_count.setdefault(len(seats), []).append((c, seats))
        self.groups = [by_count[n] for n in sorted(by_count)]
        self.start = [k.must[s] if s != k.seat else k.mine for s in SEATS]

    def once(self, rng: SplitMix64) -> Hands | None:
        hands = list(self.start)
        left = list(self.need)
        for group in self.groups:
            items = list(group)
            if len(items) > 1:
                rng.shuffle(items)
            for c, eligible in items:
                if len(eligible) == 1:
                    s = eligible[0]
                    if left[s] <= 0:
                        return None
                else:
                    total = 0
                    for x in eligible:
                        total += left[x]
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


def sample_hidden(k: Knowledge, rng: SplitMix64, tries: int = 60, draw: _Draw | None = None) -> Hands | None:
    """One assignment of the unseen cards to the other seats meeting every hard fact, or None
    if none was found (the facts then contradict each other, which a consistent observation
    never does; the caller falls back to fewer facts)."""
    d = draw if draw is not None else _Draw(k)
    if not d.ok:
        return None
    for _ in range(tries):
        hands = d.once(rng)
        if hands is not None:
            return hands
    return _exhaustive(k, d.pool, d.need, d.allowed, rng)


def enumerate_deals(k: Knowledge, limit: int) -> list[Hands] | None:
    """Every assignment of the unseen cards meeting the card facts (not yet the declaration
    facts), in a fixed order; None when there are more than ``limit``."""
    d = _Draw(k)
    if not d.ok:
        return None
    order = [(c, seats) for group in d.groups for c, seats in group]
    hands = list(d.start)
    left = list(d.need)
    out: list[Hands] = []
    steps = [0]

    def go(j: int) -> bool:
        if j == len(order):
            out.append(list(hands))
            return len(out) <= limit
        steps[0] += 1
        if steps[0] > 40 * (limit + 1):
            return False
        c, seats = order[j]
        for s in seats:
            if left[s] > 0:
                hands[s] |= 1 << c
                left[s] -= 1
                more = go(j + 1)
                hands[s] ^= 1 << c
                left[s] += 1
                if not more:
                    return False
        return True

    return out if go(0) else None


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
    draw = _Draw(k)
    while len(candidates) < want and attempts < want * 8:
        attempts += 1
        hands = sample_hidden(k, rng, draw=draw)
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


def deals_for_search(
    k: Knowledge,
    rng: SplitMix64,
    n: int,
    first: Seat,
    weight: Weight | None = None,
    enum_limit: int = 0,
) -> tuple[list[Hands], list[float] | None]:
    """The deals a search averages over, and their weights (None: equal weights).

    When at most ``enum_limit`` deals agree with the facts, all of them, in a random order,
    each weighted by how well it agrees with the bids (the mean of a few draws of
    ``weight``): no deal that separates two cards is missed. Otherwise ``n`` sampled deals
    (:func:`sample_deals`)."""
    if enum_limit > 0:
        every = enumerate_deals(k, enum_limit)
        if every:
            if k.no_decl or k.exact_decl or k.beaten_by:
                every = [
                    h for h in every if declarations_fit(k, [h[s] | k.played_by[s] for s in SEATS], first)
                ]
            if every:
                rng.shuffle(every)
                if weight is None:
                    return every, None
                weights = [sum(weight(h, rng) for _ in range(ENUM_WEIGHT_DRAWS)) for h in every]
                if sum(weights) > 0:
                    return every, weights
                return every, None
    return sample_deals(k, rng, n, first, weight), None


ENUM_WEIGHT_DRAWS = 4  # draws of a bid weight averaged for an enumerated deal
