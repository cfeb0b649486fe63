"""Where the unseen cards are likely to be: a small model learned from self-play.

For each unseen card and each other seat that may hold it, a *bucket* sums up what the
seat's observation says about that pair:

- the seat's part in the bidding: it named trump; it passed (its partner or an opponent of
  the caller); it never spoke (its partner or an opponent of the caller) — 5 roles;
- the card: trump jack, nine, ace, ten, king or queen, 7 or 8; side ace, ten, king to jack,
  7 to 9 — 10 kinds;
- what the seat did in the card's suit: led it; discarded from it (played it on another
  suit's trick); followed it; nothing yet — 4 kinds.

The model is one factor per bucket (200 factors, fitted by ``scripts/fit_locations.py`` on
self-play and shipped in :mod:`bela.data.card_locations`): the odds that a seat holds a card
are the factor of its bucket times a constant per card (the hand sizes do the rest). The
deal sampler draws whole deals with probability proportional to the product of the factors
of where each card lies, every hard fact kept (:class:`bela.bots.sampler.WeightedDraw`).

Only the observation is read, through :class:`~bela.bots.knowledge.Knowledge` facts and the
public bids and plays: unseen cards a seat cannot tell apart get the same buckets.
"""

from __future__ import annotations

from bela.bots.knowledge import Knowledge
from bela.cards import Rank
from bela.observation import Observation
from bela.seats import SEATS

ROLES = 5  # caller, caller's partner passed / silent, opponent passed / silent
KINDS = 10
EVIDENCE = 4  # nothing, followed, discarded, led
BUCKETS = ROLES * KINDS * EVIDENCE

_TRUMP_KIND = {
    Rank.JACK: 0,
    Rank.NINE: 1,
    Rank.ACE: 2,
    Rank.TEN: 3,
    Rank.KING: 4,
    Rank.QUEEN: 4,
    Rank.EIGHT: 5,
    Rank.SEVEN: 5,
}
_SIDE_KIND = {
    Rank.ACE: 6,
    Rank.TEN: 7,
    Rank.KING: 8,
    Rank.QUEEN: 8,
    Rank.JACK: 8,
    Rank.NINE: 9,
    Rank.EIGHT: 9,
    Rank.SEVEN: 9,
}


def roles(obs: Observation) -> list[int]:
    """Each seat's part in the bidding (0 caller, 1/2 its partner passed/silent, 3/4 an
    opponent passed/silent)."""
    caller = obs.caller
    assert caller is not None
    spoke = {s for s, _ in obs.bids}
    out = [0, 0, 0, 0]
    for s in SEATS:
        if s == caller:
            out[s] = 0
        elif s.team is caller.team:
            out[s] = 1 if s in spoke else 2
        else:
            out[s] = 3 if s in spoke else 4
    return out


def evidence(obs: Observation) -> list[list[int]]:
    """Per seat and suit: 3 led it, 2 discarded from it, 1 followed it, 0 nothing."""
    out = [[0, 0, 0, 0] for _ in SEATS]
    plays = obs.plays
    for start in range(0, len(plays), 4):
        trick = plays[start : start + 4]
        led = trick[0][1].suit
        s0, c0 = trick[0]
        out[s0][c0.suit] = 3
        for s, c in trick[1:]:
            if c.suit == led:
                out[s][c.suit] = max(out[s][c.suit], 1)
            elif c.suit != obs.trump:
                out[s][c.suit] = max(out[s][c.suit], 2)
    return out


def buckets(obs: Observation, k: Knowledge) -> dict[int, list[int]]:
    """For each unseen card (engine numbering) not known to be in a hand, its bucket for each
    seat (-1 for the asking seat and for a seat that cannot hold it)."""
    trump = obs.trump
    assert trump is not None
    role = roles(obs)
    ev = evidence(obs)
    known = 0
    for s in SEATS:
        if s != k.seat:
            known |= k.must[s]
    out: dict[int, list[int]] = {}
    m = k.unseen & ~known
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        suit, rank = c >> 3, Rank(c & 7)
        kind = _TRUMP_KIND[rank] if suit == trump else _SIDE_KIND[rank]
        row = [-1, -1, -1, -1]
        for s in SEATS:
            if s != k.seat and not (k.cannot[s] >> c & 1):
                row[s] = (role[s] * KINDS + kind) * EVIDENCE + ev[s][suit]
        out[c] = row
    return out


_FACTORS: tuple[float, ...] | None = None


def factors() -> tuple[float, ...]:
    """The shipped factors, imported when first needed (the bots' worker loads them then)."""
    global _FACTORS
    if _FACTORS is None:
        from bela.data.card_locations import FACTORS

        assert len(FACTORS) == BUCKETS
        _FACTORS = FACTORS
    return _FACTORS


def card_weights(
    obs: Observation, k: Knowledge, table: tuple[float, ...] | None = None
) -> dict[int, list[float]]:
    """For each free unseen card, the model's weight of each seat holding it (0: cannot)."""
    f = factors() if table is None else table
    return {c: [f[b] if b >= 0 else 0.0 for b in row] for c, row in buckets(obs, k).items()}
