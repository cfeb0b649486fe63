"""The computer players' fixed ratings, from the arena (README, "hard vs medium" and "medium vs
easy", ``bela arena A B --deals 400``): the share of deals won by a team of two A players
against two B players (a tied deal counts a half), with its 95 % interval. A share p is an Elo
difference of ``400 log10(p / (1 - p))``; medium is put at 1500.

>>> round(elo_gap(0.75))
191
>>> {k: round(v) for k, v in LEVEL_RATINGS.items()}
{'easy': 1344, 'medium': 1500, 'hard': 1618}
>>> {k: (round(a), round(b)) for k, (a, b) in LEVEL_INTERVALS.items()}
{'easy': (1305, 1379), 'medium': (1500, 1500), 'hard': (1587, 1652)}
"""

from __future__ import annotations

import math

ANCHOR = 1500.0  # medium's rating: the scale's fixed point
#: (share, low, high) of deals won: hard vs medium (400 deals, seed 40011, after the fifth
#: pass of the hard player), medium vs easy (400 deals, seed 40012).
HARD_VS_MEDIUM = (0.664, 0.622, 0.706)
MEDIUM_VS_EASY = (0.711, 0.668, 0.754)


def elo_gap(share: float) -> float:
    """The rating difference at which the stronger side wins ``share`` of the deals."""
    return 400 * math.log10(share / (1 - share))


LEVEL_RATINGS: dict[str, float] = {
    "easy": ANCHOR - elo_gap(MEDIUM_VS_EASY[0]),
    "medium": ANCHOR,
    "hard": ANCHOR + elo_gap(HARD_VS_MEDIUM[0]),
}
#: Each level's 95 % interval, from its share's interval (medium is the anchor: exact).
LEVEL_INTERVALS: dict[str, tuple[float, float]] = {
    "easy": (ANCHOR - elo_gap(MEDIUM_VS_EASY[2]), ANCHOR - elo_gap(MEDIUM_VS_EASY[1])),
    "medium": (ANCHOR, ANCHOR),
    "hard": (ANCHOR + elo_gap(HARD_VS_MEDIUM[1]), ANCHOR + elo_gap(HARD_VS_MEDIUM[2])),
}


def level_rating(level: str) -> float:
    """A level's rating; an unknown level (a friend in a room) counts as medium."""
    return LEVEL_RATINGS.get(level, ANCHOR)
