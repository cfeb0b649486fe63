"""The player's rating against the computer players: Elo's scale, updated after each finished
hand as a Gaussian belief (mean and spread, as Glicko does), against the levels' fixed ratings
(web/progress/levels.py).

Each hand is one game: won (we wrote more points than they did), tied, or lost, which is the
very measure of the levels' arena shares, so the player's number sits on their scale. (A hand's
margin was the other candidate: it would carry more information per hand, but the levels'
figures are shares of deals won, and a margin's scale (a 162-point hand, a pad, a štiglja) is
not Elo's; results keep one scale for all.)

Our side's strength is the mean of the player's rating and their computer partner's; theirs the
mean of the two opponents'. The expected result is Elo's ``1 / (1 + 10^((them - us) / 400))``;
the player's part of "us" is a half, so a hand moves the player's rating by its surprise times
the spread's share (the Kalman / Glicko step), and narrows the spread. Before each hand the
spread widens a little (``DRIFT``), so that a player who improves is followed.

>>> r = Rating()
>>> r.mean, round(r.sd), r.shown()
(1500.0, 350, False)
>>> r = r.update("medium", ("medium", "medium"), 1.0)
>>> round(r.mean), round(r.sd), r.hands
(1641, 313, 1)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from web.progress.levels import ANCHOR, level_rating

START_SD = 350.0  # a new player's spread: anywhere from below easy to well above hard
DRIFT = 6.0  # the spread's widening per hand (points of rating)
MIN_HANDS = 8  # the rating is shown from this many hands on ("after a few hands")
Q = math.log(10) / 400
SHARE = 0.5  # the player's part of their side's strength


def expected(us: float, them: float) -> float:
    """Elo's expected result of a side rated ``us`` against one rated ``them``.

    >>> expected(1500, 1500), round(expected(1700, 1500), 3)
    (0.5, 0.76)
    """
    return 1 / (1 + 10 ** ((them - us) / 400))


@dataclass(frozen=True, slots=True)
class Rating:
    mean: float = ANCHOR
    sd: float = START_SD
    hands: int = 0  # hands rated

    def shown(self) -> bool:
        return self.hands >= MIN_HANDS

    def interval(self) -> tuple[float, float]:
        """The 95 % interval of the rating."""
        return (self.mean - 1.96 * self.sd, self.mean + 1.96 * self.sd)

    def update(self, partner: str, opponents: tuple[str, str], result: float) -> Rating:
        """After one hand: ``result`` 1 (won), 0.5 (tied) or 0 (lost) with a computer
        ``partner`` of that level against ``opponents``."""
        var = min(self.sd**2 + DRIFT**2, START_SD**2)
        us = (self.mean + level_rating(partner)) / 2
        them = (level_rating(opponents[0]) + level_rating(opponents[1])) / 2
        e = expected(us, them)
        slope = Q * SHARE  # d(log-odds) / d(the player's rating)
        var = 1 / (1 / var + slope**2 * e * (1 - e))
        mean = self.mean + var * slope * (result - e)
        return replace(self, mean=mean, sd=math.sqrt(var), hands=self.hands + 1)
