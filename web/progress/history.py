"""What Statistics keep of the player's history for the rating and the charts, bounded so that
years of play stay small in localStorage: the rating now, its trail (thinned to at most
``TRAIL_MAX`` points, each at the count of hands it was reached after), the hands won, tied and
lost against each level of opponents, and the last ``REVIEWS_MAX`` reviewed hands.

>>> p = Progress().add_hand("medium", ("hard", "hard"), (100, 62)).add_review(5, 8, 12.5)
>>> p.rating.hands, p.results["hard"], p.reviews
(1, (1, 0, 0), ((5, 8, 125),))
>>> Progress.from_json(p.to_json()) == p
True
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from web.progress.rating import Rating

TRAIL_MAX = 200
REVIEWS_MAX = 200
LEVEL_NAMES = ("easy", "medium", "hard")

Trail = tuple[tuple[int, float, float], ...]  # (hands rated, rating, spread)


@dataclass(frozen=True, slots=True)
class Progress:
    rating: Rating = field(default_factory=Rating)
    trail: Trail = ()
    results: dict[str, tuple[int, int, int]] = field(default_factory=dict)  # level → (won, tied, lost)
    reviews: tuple[tuple[int, int, int], ...] = ()  # (best cards, cards, points lost × 10)

    def add_hand(self, partner: str, opponents: tuple[str, str], written: tuple[int, int]) -> Progress:
        """One finished hand with a computer ``partner`` against ``opponents`` (levels);
        ``written``: the sheet's points of it, ours first."""
        result = 1.0 if written[0] > written[1] else 0.5 if written[0] == written[1] else 0.0
        rating = self.rating.update(partner, opponents, result)
        trail = (*self.trail, (rating.hands, round(rating.mean, 1), round(rating.sd, 1)))
        if len(trail) > TRAIL_MAX:  # every other point of the older ones: the shape stays
            trail = (*trail[:-1:2], trail[-1])
        results = dict(self.results)
        level = opponents[0] if opponents[0] in LEVEL_NAMES else "medium"
        won, tied, lost = results.get(level, (0, 0, 0))
        results[level] = (won + (result == 1), tied + (result == 0.5), lost + (result == 0))
        return replace(self, rating=rating, trail=trail, results=results)

    def add_review(self, best: int, cards: int, lost: float) -> Progress:
        reviews = (*self.reviews, (best, cards, round(lost * 10)))[-REVIEWS_MAX:]
        return replace(self, reviews=reviews)

    def empty(self) -> bool:
        return not (self.trail or self.reviews)

    def to_json(self) -> dict[str, Any]:
        r = self.rating
        return {
            "rating": [r.mean, r.sd, r.hands],
            "trail": [list(p) for p in self.trail],
            "results": {k: list(v) for k, v in sorted(self.results.items())},
            "reviews": [list(v) for v in self.reviews],
        }

    @classmethod
    def from_json(cls, data: object) -> Progress:
        """Read it back; anything malformed is refused with a clear ValueError."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise ValueError("statistics: progress must be an object")
        mean, sd, hands = _numbers(data.get("rating"), 3, "rating")
        trail = tuple(
            (int(x), float(m), float(s))
            for x, m, s in (_numbers(p, 3, "trail") for p in _list(data, "trail"))
        )
        raw = data.get("results", {})
        if not isinstance(raw, dict) or not all(k in LEVEL_NAMES for k in raw):
            raise ValueError("statistics: progress results must map levels to counts")
        results = {k: _counts(v, "results") for k, v in raw.items()}
        reviews = tuple(_counts(v, "reviews") for v in _list(data, "reviews"))
        rating = Rating(float(mean), float(sd), int(hands))
        if rating.sd <= 0 or rating.hands < 0:
            raise ValueError("statistics: the rating's spread must be positive")
        return cls(rating, trail, results, reviews)


def _list(data: dict[str, Any], name: str) -> list[Any]:
    value = data.get(name, [])
    if not isinstance(value, list):
        raise ValueError(f"statistics: progress {name} must be a list")
    return value


def _numbers(value: object, n: int, name: str) -> list[float]:
    if not (isinstance(value, list) and len(value) == n):
        raise ValueError(f"statistics: progress {name} must hold {n} numbers")
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value):
        raise ValueError(f"statistics: progress {name} must hold {n} numbers")
    return [float(v) for v in value]


def _counts(value: object, name: str) -> tuple[int, int, int]:
    nums = _numbers(value, 3, name)
    if not all(v >= 0 and v == int(v) for v in nums):
        raise ValueError(f"statistics: progress {name} must be counts")
    return (int(nums[0]), int(nums[1]), int(nums[2]))
