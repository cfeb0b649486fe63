"""The rollouts' lead (:func:`bela.bots.rollout.rollout_card` when a seat leads): the card
the hard player itself would most likely lead, by a conditional logit over the leader's cards
fitted to its own leads (``scripts/fit/fit_leads.py``; docs/experiments.md, the seventeenth
to twentieth passes). Two fits: :func:`learned_lead`, to the hard player's leads as the
eighteenth pass shipped it, for the searching seat and its opponents; :func:`partner_lead`, to
an earlier hard player's, for the searching seat's partner (a partner at a person's table:
fitted closer to the hard player, it made the hard player a worse partner of medium). The
opponents draw their leads by the first fit's odds (:func:`drawn_lead`: its best card is the
hard player's lead only about two times in five; the twenty-fourth and twenty-fifth passes).

Each candidate card is described by :data:`FEATURES`, read as a player at the table could:
from the leader's own hand and the cards still out (every card not yet played nor in the
leader's hand), never from who holds them. A card's score is the sum of its features times
their weights (:data:`bela.data.lead_weights.WEIGHTS` or ``PARTNER_WEIGHTS``, in the order of
:data:`FEATURES`); the lead is the card of the highest score, the weakest of the first suit
between equals, or a card drawn with odds ``exp(score)`` (the conditional logit's).

Cards are the search's internal numbers (``suit * 8 + strength``, :mod:`bela.bots.cardset`).

>>> from bela.bots.cardset import SUIT_MASK
>>> hand = 0b1000_0000 | (1 << 8)  # the trump ace's place (the master trump) and a side seven
>>> out = SUIT_MASK[0] & ~hand  # the other trumps are all out
>>> partner_lead(hand, out, 0)  # the first round pulls trumps with the master trump
7
>>> learned_lead(hand, out, 0)  # the second keeps it, the only trump against seven, and leads the seven
8
>>> drawn_lead(hand, out, 0, 0.1), drawn_lead(hand, out, 0, 0.99)  # drawn: the seven 46 times in 100
(7, 8)
"""

from __future__ import annotations

from math import exp
from typing import Protocol

from bela.bots.cardset import ABOVE, POINTS, SUIT_MASK
from bela.data.lead_weights import PARTNER_WEIGHTS, WEIGHTS

FEATURES: tuple[str, ...] = (
    "trump",  # the card is a trump
    "master",  # no card out beats it in its suit
    "points",  # its points / 10
    "top",  # the leader's highest of the suit
    "lowest",  # the leader's lowest of the suit
    "length",  # the leader's cards of the suit / 4
    "out",  # the suit's cards out / 4
    "none out",  # no card of the suit is out
    "ruff feared",  # a side suit with two cards out or fewer, and trumps out
    "underlead",  # not master, while the leader holds the suit's master
    "trumps held",  # a trump: the leader's trumps / 4
    "trumps out",  # a trump: the trumps out / 4
    "points master",  # points / 10 of a master
    "points not master",  # points / 10 of a card that is not master
    "side singleton",  # the leader's only card of a side suit, with trumps in hand
    "side master, one or two out",  # a side master with one or two of its suit out
    "one above",  # exactly one card out beats it
    "top x length",  # the leader's highest of the suit: its length / 4
    "pull",  # the master trump while trumps are out
    "low of three",  # the lowest of a side suit of three cards or more
    "big, not master",  # worth 10 or more, not master, three cards of its suit out or more
)


def lead_features(hand: int, out: int, card: int, trump: int) -> list[float]:
    """The features of leading ``card`` from ``hand`` (in the order of :data:`FEATURES`), with
    ``out`` the cards still out."""
    s = card >> 3
    sm = SUIT_MASK[s]
    pts = POINTS[trump][card]
    is_trump = s == trump
    mine = hand & sm
    o = out & sm
    olen = o.bit_count()
    mlen = mine.bit_count()
    above = o & ABOVE[card]
    master = not above
    top = card == mine.bit_length() - 1
    lowest = (mine & -mine).bit_length() - 1 == card
    trumps_out = (out & SUIT_MASK[trump]).bit_count()
    trumps_held = (hand & SUIT_MASK[trump]).bit_count()
    holds_master = not (o & ABOVE[mine.bit_length() - 1])
    return [
        float(is_trump),
        float(master),
        pts / 10,
        float(top),
        float(lowest),
        mlen / 4,
        olen / 4,
        float(olen == 0),
        float(not is_trump and trumps_out > 0 and olen <= 2),
        float(holds_master and not master),
        trumps_held / 4 if is_trump else 0.0,
        trumps_out / 4 if is_trump else 0.0,
        pts / 10 if master else 0.0,
        0.0 if master else pts / 10,
        float(not is_trump and mlen == 1 and trumps_held > 0),
        float(master and not is_trump and 1 <= olen <= 2),
        float(above.bit_count() == 1),
        mlen / 4 if top else 0.0,
        float(is_trump and master and trumps_out > 0),
        float(not is_trump and mlen >= 3 and lowest),
        float(not master and pts >= 10 and olen >= 3),
    ]


class DrawnLead(Protocol):
    """A lead drawn by a set of weights' odds (:func:`make_leads`): a card of ``hand``, by
    ``u`` uniform in [0, 1), with ``out`` the cards still out."""

    def __call__(self, hand: int, out: int, trump: int, u: float) -> int: ...


class Lead(Protocol):
    """A lead by a set of weights (:func:`make_leads`): the card of ``hand`` of the highest
    score, with ``out`` the cards still out; each card with its score added to ``scored``, if
    given."""

    def __call__(
        self, hand: int, out: int, trump: int, scored: list[tuple[int, float]] | None = None
    ) -> int: ...


def make_leads(weights: tuple[float, ...]) -> tuple[Lead, DrawnLead]:
    """A lead by these weights (in the order of :data:`FEATURES`), as :func:`learned_lead`, and
    a lead drawn by their odds, as :func:`drawn_lead`.

    A suit's cards score by that suit's two bytes (the leader's and the cards out) alone, and,
    for a side suit, by whether trumps are held and out: each suit's scores are worked out once
    and kept (at most a few thousand suits; the same sums in the same order, so the same
    floats as working them out each time)."""
    # a suit's scores, by its key (below)
    kept: dict[int, _Suit] = {}

    def suit_scores(key: int) -> _Suit:
        entry = kept[key] = _suit_scores(weights, key)
        return entry

    def lead(hand: int, out: int, trump: int, scored: list[tuple[int, float]] | None = None) -> int:
        """The card of ``hand`` of the highest score (the same sum as :func:`lead_features` with
        the weights, worked out suit by suit), with ``out`` the cards still out; each card with
        its score added to ``scored``, if given."""
        shift = 8 * trump
        flags = (_TRUMPS_OUT_BIT if out >> shift & 0xFF else 0) | (
            _TRUMPS_HELD_BIT if hand >> shift & 0xFF else 0
        )
        best, score = -1, -1e300
        for s in (0, 1, 2, 3):
            mine = hand >> (8 * s) & 0xFF
            if not mine:
                continue
            key = mine << 8 | out >> (8 * s) & 0xFF | (_IS_TRUMP if s == trump else flags)
            entry = kept.get(key) or suit_scores(key)
            if scored is not None:
                scored.extend((8 * s + c, v) for c, v in entry[0])
            if entry[2] > score:
                best, score = 8 * s + entry[1], entry[2]
        return best

    def drawn(hand: int, out: int, trump: int, u: float) -> int:
        """A card of ``hand`` drawn with the odds ``exp(score)`` (the conditional logit's), by
        ``u`` uniform in [0, 1), with ``out`` the cards still out."""
        shift = 8 * trump
        flags = (_TRUMPS_OUT_BIT if out >> shift & 0xFF else 0) | (
            _TRUMPS_HELD_BIT if hand >> shift & 0xFF else 0
        )
        suits = []
        total = 0.0
        for s in (0, 1, 2, 3):
            mine = hand >> (8 * s) & 0xFF
            if mine:
                key = mine << 8 | out >> (8 * s) & 0xFF | (_IS_TRUMP if s == trump else flags)
                entry = kept.get(key) or suit_scores(key)
                suits.append((s, entry))
                total += entry[4]
        x = u * total
        for s, entry in suits:
            if x >= entry[4]:
                x -= entry[4]
                continue
            for (c, _), o in zip(entry[0], entry[3], strict=True):
                x -= o
                if x < 0:
                    return 8 * s + c
        return lead(hand, out, trump)  # only by rounding

    return lead, drawn


# a suit's scores: the strength and score of each of the leader's cards (weakest first), the
# strength and score of the first best, each card's odds exp(score) and their sum
_Suit = tuple[tuple[tuple[int, float], ...], int, float, tuple[float, ...], float]


def _suit_scores(weights: tuple[float, ...], key: int) -> _Suit:
    """The scores of one suit's cards (by its key, below), worked out as :func:`lead_features`
    with ``weights``."""
    _TRUMP, _MASTER, _POINTS, _TOP, _LOWEST, _LENGTH = weights[:6]
    _OUT, _NONE_OUT, _RUFF, _UNDERLEAD, _TRUMPS_HELD, _TRUMPS_OUT = weights[6:12]
    _POINTS_MASTER, _POINTS_NOT_MASTER, _SINGLETON, _SIDE_MASTER, _ONE_ABOVE = weights[12:17]
    _TOP_LENGTH, _PULL, _LOW_OF_THREE, _BIG = weights[17:]
    is_trump = bool(key & _IS_TRUMP)
    mine = key >> 8 & 0xFF
    o = key & 0xFF
    pts = _TRUMP_POINTS if is_trump else _PLAIN_POINTS
    olen = o.bit_count()
    mlen = mine.bit_count()
    hi = mine.bit_length() - 1
    lo = (mine & -mine).bit_length() - 1
    holds_master = not (o & _ABOVE8[hi])
    # the terms every card of the suit shares
    base = _LENGTH * mlen / 4 + _OUT * olen / 4
    if not olen:
        base += _NONE_OUT
    if is_trump:
        # the trumps held and out are this suit's own
        base += _TRUMP + _TRUMPS_HELD * mlen / 4 + _TRUMPS_OUT * olen / 4
    else:
        if key & _TRUMPS_OUT_BIT and olen <= 2:
            base += _RUFF
        if mlen == 1 and key & _TRUMPS_HELD_BIT:
            base += _SINGLETON
    cards: list[tuple[int, float]] = []
    best, score = -1, -1e300
    m = mine
    while m:
        b = m & -m
        m ^= b
        c = b.bit_length() - 1
        p = pts[c] / 10
        v = base + _POINTS * p
        above = (o & _ABOVE8[c]).bit_count()
        if not above:
            v += _MASTER + _POINTS_MASTER * p
            if is_trump:
                if olen:
                    v += _PULL
            elif 1 <= olen <= 2:
                v += _SIDE_MASTER
        else:
            v += _POINTS_NOT_MASTER * p
            if holds_master:
                v += _UNDERLEAD
            if above == 1:
                v += _ONE_ABOVE
            if pts[c] >= 10 and olen >= 3:
                v += _BIG
        if c == hi:
            v += _TOP + _TOP_LENGTH * mlen / 4
        if c == lo:
            v += _LOWEST
            if not is_trump and mlen >= 3:
                v += _LOW_OF_THREE
        cards.append((c, v))
        if v > score:
            best, score = c, v
    odds = tuple(exp(v) for _, v in cards)
    entry = (tuple(cards), best, score, odds, sum(odds))
    return entry


# a suit's key for make_leads' kept scores: the leader's byte << 8 | the byte out, and these
_IS_TRUMP = 1 << 16
_TRUMPS_OUT_BIT = 1 << 17
_TRUMPS_HELD_BIT = 1 << 18
# by strength within a suit: the points of a trump and of a side card, the strengths above
_TRUMP_POINTS: tuple[int, ...] = POINTS[0][:8]
_PLAIN_POINTS: tuple[int, ...] = POINTS[0][8:16]
_ABOVE8: tuple[int, ...] = ABOVE[:8]


# the searching seat's and its opponents' leads, and the opponents' drawn (the hard player's own
# lead is learned_lead's card only about two times in five)
learned_lead, drawn_lead = make_leads(WEIGHTS)
# the searching seat's partner's
partner_lead, _ = make_leads(PARTNER_WEIGHTS)
