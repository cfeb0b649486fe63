"""Naming trump from the six cards seen before the talon.

- easy counts: the suit with the most cards, named with 3 cards or more (the dealer names his
  longest suit);
- medium adds points per card from a table (:mod:`bela.data.trump_table`, fitted offline by
  ``scripts/fit/fit_trump.py``) and names the best suit when it reaches the threshold of its
  speaking position;
- hard predicts the hand score margin of naming each suit with a richer linear model (pairs,
  length, side aces and tens, side lengths, voids, visible declarations), one per speaking
  position, each fitted (``scripts/fit/fit_rich.py``, :mod:`bela.data.rich_table`) on the
  hands that reach it: the first seat's on every deal, a later seat's only where the seats
  before it passed by the same rule, so that what the passes say is in its weights.

Positions: 0 is the first to speak (who also leads the first trick), 3 the dealer, who must
name a suit (mus).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from bela.cards import Card, Rank, Suit
from bela.data import rich_table
from bela.data import trump_table as table

__all__ = [
    "bid_likelihood",
    "easy_choice",
    "holds_jack_or_nine",
    "medium_choice",
    "rich_choice",
    "rich_features",
    "table_score",
]

Choice = tuple[Suit | None, str, dict[str, str | int | float]]


def easy_choice(cards: Sequence[Card], position: int) -> Choice:
    """A casual count: name the longest suit when it has three cards or more (ties: the one
    with the jack or nine); the dealer names it anyway."""
    counts = [0, 0, 0, 0]
    honours = [0, 0, 0, 0]
    for c in cards:
        counts[c.suit] += 1
        if c.rank in (Rank.JACK, Rank.NINE):
            honours[c.suit] += 1
    best = max(Suit, key=lambda s: (counts[s], honours[s], -int(s)))
    n = counts[best]
    if position == 3:
        return best, "bid.easy.must", {"suit": best.letter, "count": n}
    if n >= 3:
        return best, "bid.easy.count", {"suit": best.letter, "count": n}
    return None, "bid.easy.pass", {"count": n}


def table_score(cards: Sequence[Card], suit: Suit) -> float:
    total = 0.0
    for c in cards:
        total += table.TRUMP_POINTS[c.rank] if c.suit == suit else table.SIDE_POINTS[c.rank]
    return total


def medium_choice(cards: Sequence[Card], position: int) -> Choice:
    scores = {s: table_score(cards, s) for s in Suit}
    best = max(Suit, key=lambda s: (scores[s], -int(s)))
    points = round(scores[best], 1)
    if position == 3:
        return best, "bid.table.must", {"suit": best.letter, "points": points}
    threshold = table.THRESHOLDS[position]
    if scores[best] >= threshold:
        return best, "bid.table.name", {"suit": best.letter, "points": points, "threshold": threshold}
    return None, "bid.table.pass", {"suit": best.letter, "points": points, "threshold": threshold}


RICH_NAMES: tuple[str, ...] = (
    "bias",
    *(f"trump_{r.letter}" for r in Rank),
    "trumps>=3",
    "trumps>=4",
    "trumps>=5",
    "J+9",
    "K+Q",
    "side_aces",
    "side_tens_with_ace",
    "side_tens_bare",
    "side_kings",
    "side_voids",
    "visible_declarations/10",
    "J+3_trumps",
    "9_without_J",
    "J_without_9_short",
    "trump_A+J",
    "trump_T+9",
    "longest_side",
    "side_bare_tens",
    "side_singletons",
)


def _visible_declarations(cards: Sequence[Card]) -> int:
    held = {c.index for c in cards}
    pts = 0
    for rank, value in ((Rank.JACK, 200), (Rank.NINE, 150), (Rank.ACE, 100), (Rank.KING, 100)):
        if all(s * 8 + rank in held for s in range(4)):
            pts += value
    for s in range(4):
        run = 0
        for r in range(9):
            if r < 8 and s * 8 + r in held:
                run += 1
                continue
            if run >= 3:
                pts += {3: 20, 4: 50}.get(run, 100)
            run = 0
    return pts


def rich_features(cards: Sequence[Card], suit: Suit) -> list[float]:
    """The hard model's features of naming ``suit`` with these six cards (:data:`RICH_NAMES`).

    >>> from bela.cards import Card
    >>> f = rich_features([Card.parse(c) for c in ("JH", "9H", "AH", "TS", "7C", "8C")], Suit.HEARTS)
    >>> {n: v for n, v in zip(RICH_NAMES, f) if v and n != "bias"}  # doctest: +NORMALIZE_WHITESPACE
    {'trump_9': 1.0, 'trump_J': 1.0, 'trump_A': 1.0, 'trumps>=3': 1.0, 'J+9': 1.0, 'side_tens_bare': 1.0,
     'side_voids': 1.0, 'J+3_trumps': 1.0, 'trump_A+J': 1.0, 'longest_side': 2.0, 'side_bare_tens': 1.0,
     'side_singletons': 1.0}
    """
    trumps = [c for c in cards if c.suit == suit]
    ranks = {c.rank for c in trumps}
    f: list[float] = [1.0]
    f.extend(1.0 if r in ranks else 0.0 for r in Rank)
    n = len(trumps)
    f.extend([float(n >= 3), float(n >= 4), float(n >= 5)])
    jack, nine = Rank.JACK in ranks, Rank.NINE in ranks
    f.append(float(jack and nine))
    f.append(float(Rank.KING in ranks and Rank.QUEEN in ranks))
    side = [c for c in cards if c.suit != suit]
    aces = {c.suit for c in side if c.rank == Rank.ACE}
    f.append(float(len(aces)))
    tens = [c for c in side if c.rank == Rank.TEN]
    f.append(float(sum(1 for c in tens if c.suit in aces)))
    f.append(float(sum(1 for c in tens if c.suit not in aces)))
    f.append(float(sum(1 for c in side if c.rank == Rank.KING)))
    lengths = {s: 0 for s in Suit if s != suit}
    for c in side:
        lengths[c.suit] += 1
    f.append(float(sum(1 for v in lengths.values() if not v)))
    f.append(_visible_declarations(cards) / 10.0)
    f.append(float(jack and n >= 3))
    f.append(float(nine and not jack))
    f.append(float(jack and not nine and n <= 2))
    f.append(float(jack and Rank.ACE in ranks))
    f.append(float(nine and Rank.TEN in ranks))
    f.append(float(max(lengths.values())))
    f.append(float(sum(1 for c in tens if lengths[c.suit] == 1)))
    f.append(float(sum(1 for v in lengths.values() if v == 1)))
    return f


def rich_value(cards: Sequence[Card], suit: Suit, position: int) -> float:
    """The hand score margin the hard model predicts for naming ``suit`` from ``position``."""
    w = rich_table.WEIGHTS[position]
    return sum(a * b for a, b in zip(w, rich_features(cards, suit), strict=True))


def holds_jack_or_nine(cards: Sequence[Card], suit: Suit) -> bool:
    """Whether the cards hold the trump jack or nine of ``suit``: what a player's bid says."""
    return any(c.suit == suit and c.rank in (Rank.JACK, Rank.NINE) for c in cards)


# The dealer, who must name a suit, names one holding the jack or nine unless it is worse than
# the best suit by more than this (a predicted hand-score margin).
DEALER_HONOUR_SLACK = 10.0


def rich_choice(cards: Sequence[Card], position: int) -> Choice:
    """Name the suit the model rates best, as players bid: a suit is named freely only with its
    jack or nine (a partner reads a bid as "I hold the top of it"), and the dealer who must
    name one prefers such a suit unless it is clearly worse."""
    values = {s: rich_value(cards, s, position) for s in Suit}
    honoured = [s for s in Suit if holds_jack_or_nine(cards, s)]
    best = max(Suit, key=lambda s: (values[s], -int(s)))
    if position == 3:
        if honoured:
            top = max(honoured, key=lambda s: (values[s], -int(s)))
            if values[top] >= values[best] - DEALER_HONOUR_SLACK:
                best = top
        return best, "bid.model.must", {"suit": best.letter, "margin": round(values[best], 1)}
    threshold = rich_table.THRESHOLDS[position]
    if honoured:
        best = max(honoured, key=lambda s: (values[s], -int(s)))
    v = round(values[best], 1)
    if not honoured:
        return None, "bid.model.bare", {"suit": best.letter, "margin": v}
    if values[best] >= threshold:
        return best, "bid.model.name", {"suit": best.letter, "margin": v, "threshold": threshold}
    return None, "bid.model.pass", {"suit": best.letter, "margin": v, "threshold": threshold}


def bid_likelihood(
    cards: Sequence[Card], position: int, named: Suit | None, temperature: float = 20.0
) -> float:
    """How likely a seat holding these six cards was to say what it said (a soft version of
    the medium table): a pass is likely with a weak best suit, naming a suit with a strong one."""
    scores = [table_score(cards, s) for s in Suit]
    best = max(scores)
    if named is None:
        return _sigmoid((table.THRESHOLDS[min(position, 2)] - best) / temperature)
    gap = best - scores[named]
    fit = math.exp(-gap / temperature)
    if position == 3:
        return fit
    return fit * _sigmoid((scores[named] - table.THRESHOLDS[position]) / temperature)


def _sigmoid(x: float) -> float:
    if x < -30:
        return 1e-13
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))
