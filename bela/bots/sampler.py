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
from bela.bots.rng import Source
from bela.seats import SEATS, Seat

Hands = list[int]  # held cards per seat, engine numbering


class _Draw:
    """What every draw for one Knowledge shares: the cards to deal, what each seat still
    needs, and the cards grouped by the seats that may take them, with the number of
    consistent deals below each step (exact counting, so every draw is uniform over the
    deals meeting the card facts: no deal is favoured by the order cards are dealt in)."""

    __slots__ = ("allowed", "groups", "memo", "need", "ok", "others", "pool", "start")

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
        by_seats: dict[tuple[Seat, ...], list[int]] = {}
        for c in self.pool:
            seats = tuple(s for s in others if self.allowed[s] >> c & 1)
            by_seats.setdefault(seats, []).append(c)
        # a card no seat may take: no deal at all
        if () in by_seats:
            self.ok = False
        self.groups = sorted(by_seats.items(), key=lambda kv: (len(kv[0]), kv[0]))
        self.start = [k.must[s] if s != k.seat else k.mine for s in SEATS]
        self.memo: dict[tuple[int, int, int, int, int], tuple[int, list[tuple[int, tuple[int, ...]]]]] = {}

    def _splits(
        self, j: int, left: tuple[int, int, int, int]
    ) -> tuple[int, list[tuple[int, tuple[int, ...]]]]:
        """The number of ways to deal groups ``j..`` to seats still needing ``left``, and for
        group ``j`` each way to split it among its seats (how many to each) with the number
        of completions it leads to."""
        key = (j, *left)
        got = self.memo.get(key)
        if got is not None:
            return got
        if j == len(self.groups):
            out: tuple[int, list[tuple[int, tuple[int, ...]]]] = (1 if not any(left) else 0, [])
            self.memo[key] = out
            return out
        seats, cards = self.groups[j]
        n = len(cards)
        options: list[tuple[int, tuple[int, ...]]] = []
        total = 0
        for split in _compositions(n, [left[s] for s in seats]):
            rest = list(left)
            ways = _factorial(n)
            for s, a in zip(seats, split, strict=True):
                rest[s] -= a
                ways //= _factorial(a)
            below = self._splits(j + 1, (rest[0], rest[1], rest[2], rest[3]))[0]
            if below:
                w = ways * below
                options.append((w, split))
                total += w
        out = (total, options)
        self.memo[key] = out
        return out

    def count(self) -> int:
        """How many deals meet the card facts."""
        if not self.ok:
            return 0
        return self._splits(0, (self.need[0], self.need[1], self.need[2], self.need[3]))[0]

    def once(self, rng: Source) -> Hands | None:
        if not self.ok:
            return None
        hands = list(self.start)
        left = (self.need[0], self.need[1], self.need[2], self.need[3])
        for j, (seats, cards) in enumerate(self.groups):
            total, options = self._splits(j, left)
            if total == 0:
                return None
            r = rng.below(total)
            split: tuple[int, ...] = options[-1][1]
            for w, sp in options:
                r -= w
                if r < 0:
                    split = sp
                    break
            items = list(cards)
            if len(seats) > 1:
                rng.shuffle(items)
            rest = list(left)
            pos = 0
            for s, a in zip(seats, split, strict=True):
                for c in items[pos : pos + a]:
                    hands[s] |= 1 << c
                pos += a
                rest[s] -= a
            left = (rest[0], rest[1], rest[2], rest[3])
        return hands


CardWeights = dict[int, list[float]]  # per free unseen card (engine number): weight per seat
_Option = tuple[float, int, tuple[int, int, int, int]]  # weight, seat, the needs left after


class WeightedDraw(_Draw):
    """Deals meeting the card facts drawn with probability proportional to the product, over
    the free unseen cards, of ``weights[card][seat holding it]`` (a card missing from
    ``weights`` weighs 1 everywhere): exact, by the sum of those products below each step
    (the seats' needs are the state). With every weight 1 it is the uniform draw."""

    __slots__ = ("cards", "omemo", "table", "zmemo")

    def __init__(self, k: Knowledge, weights: CardWeights) -> None:
        super().__init__(k)
        self.cards = [c for _seats, cards in self.groups for c in cards]
        self.table = []
        for c in self.cards:
            w = weights.get(c)
            row = [0.0, 0.0, 0.0, 0.0]
            for s in self.others:
                if self.allowed[s] >> c & 1:
                    row[s] = 1.0 if w is None else max(w[s], 1e-9)
            self.table.append(row)
        self.zmemo: dict[tuple[int, int, int, int, int], float] = {}
        # per state (card j, needs left): the seats that may take card j, with their weights
        # and the weights' sum; a search draws a hundred deals through the same states
        self.omemo: dict[tuple[int, int, int, int, int], tuple[list[_Option], float]] = {}

    def _z(self, j: int, left: tuple[int, int, int, int]) -> float:
        key = (j, *left)
        got = self.zmemo.get(key)
        if got is not None:
            return got
        if j == len(self.cards):
            z = 1.0 if not any(left) else 0.0
        else:
            z = 0.0
            row = self.table[j]
            for s in self.others:
                if left[s] > 0 and row[s] > 0.0:
                    rest = list(left)
                    rest[s] -= 1
                    z += row[s] * self._z(j + 1, (rest[0], rest[1], rest[2], rest[3]))
        self.zmemo[key] = z
        return z

    def _options(self, j: int, left: tuple[int, int, int, int]) -> tuple[list[_Option], float]:
        """The seats that may take card ``j`` with ``left`` still needed, each with its weight
        (the card's weight there times the ways to deal the rest) and the needs left after
        it, and the weights' sum."""
        row = self.table[j]
        options: list[_Option] = []
        total = 0.0
        for s in self.others:
            if left[s] > 0 and row[s] > 0.0:
                rest = list(left)
                rest[s] -= 1
                after = (rest[0], rest[1], rest[2], rest[3])
                w = row[s] * self._z(j + 1, after)
                if w > 0.0:
                    options.append((w, s, after))
                    total += w
        return options, total

    def count(self) -> int:
        raise NotImplementedError("a weighted draw has no count")

    def once(self, rng: Source) -> Hands | None:
        if not self.ok:
            return None
        left = (self.need[0], self.need[1], self.need[2], self.need[3])
        if self._z(0, left) <= 0.0:
            return None
        hands = list(self.start)
        omemo = self.omemo
        for j, c in enumerate(self.cards):
            key = (j, *left)
            got = omemo.get(key)
            if got is None:
                got = omemo[key] = self._options(j, left)
            options, total = got
            if not options:
                return None
            r = rng.random() * total
            _w, pick, after = options[-1]
            for w, holder, then in options:
                r -= w
                if r < 0:
                    pick, after = holder, then
                    break
            hands[pick] |= 1 << c
            left = after
        return hands


def deal_weight(hands: Hands, weights: CardWeights) -> float:
    """The product of the weights of where each weighted card lies in ``hands``."""
    w = 1.0
    for c, row in weights.items():
        for s in range(4):
            if hands[s] >> c & 1:
                w *= row[s]
                break
    return w


def _compositions(n: int, caps: list[int]) -> list[tuple[int, ...]]:
    """Every way to write ``n`` as ``len(caps)`` parts, part ``i`` at most ``caps[i]``."""
    if len(caps) == 1:
        return [(n,)] if 0 <= n <= caps[0] else []
    out: list[tuple[int, ...]] = []
    for a in range(min(n, caps[0]), -1, -1):
        for rest in _compositions(n - a, caps[1:]):
            out.append((a, *rest))
    return out


_FACT = [1]
for _i in range(1, 33):
    _FACT.append(_FACT[-1] * _i)


def _factorial(n: int) -> int:
    return _FACT[n]


def sample_hidden(k: Knowledge, rng: Source, tries: int = 60, draw: _Draw | None = None) -> Hands | None:
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
    order = [(c, seats) for seats, cards in d.groups for c in cards]
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
    k: Knowledge, pool: list[int], need: list[int], allowed: list[int], rng: Source
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


Weight = Callable[[Hands, Source], float]


def sample_deals(
    k: Knowledge,
    rng: Source,
    n: int,
    first: Seat,
    weight: Weight | None = None,
    oversample: int = 3,
    card_weights: CardWeights | None = None,
) -> list[Hands]:
    """``n`` deals (held cards per seat) agreeing with the hard facts; with ``weight``, drawn
    from ``oversample * n`` candidates in proportion to their weights."""
    full_checks = bool(k.no_decl or k.exact_decl or k.beaten_by)
    want = n * (oversample if weight is not None else 1)
    candidates: list[Hands] = []
    weights: list[float] = []
    attempts = 0
    draw = _Draw(k) if card_weights is None else WeightedDraw(k, card_weights)
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
    rng: Source,
    n: int,
    first: Seat,
    weight: Weight | None = None,
    enum_limit: int = 0,
    card_weights: CardWeights | None = None,
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
                if weight is None and card_weights is None:
                    return every, None
                weights = [
                    (sum(weight(h, rng) for _ in range(ENUM_WEIGHT_DRAWS)) if weight is not None else 1.0)
                    * (deal_weight(h, card_weights) if card_weights is not None else 1.0)
                    for h in every
                ]
                if sum(weights) > 0:
                    return every, weights
                return every, None
    return sample_deals(k, rng, n, first, weight, card_weights=card_weights), None


ENUM_WEIGHT_DRAWS = 4  # draws of a bid weight averaged for an enumerated deal
