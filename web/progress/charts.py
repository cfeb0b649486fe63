"""The charts of Statistics as plain data: each chart's points (the same numbers go into its
table for screen readers) and where each point goes in an SVG box. web/screens/stats.py draws
them.

>>> from web.i18n import Translator
>>> from web.stats import Stats
>>> s = Stats().add_daily("2026-12-01", 12).add_daily("2026-12-02", -5)
>>> daily = next(c for c in charts(s, Translator("en")) if c.name == "daily")
>>> [(p.x, p.y, p.label, p.value) for p in daily.points]
[(1, 12.0, '2026-12-01', '+12'), (2, -5.0, '2026-12-02', '-5')]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from web.progress.history import LEVEL_NAMES, Progress
from web.progress.levels import LEVEL_RATINGS

T = Callable[..., str]


class Played(Protocol):
    """What the charts read of the statistics (web.stats.Stats): this folder sits below them."""

    @property
    def progress(self) -> Progress: ...

    @property
    def daily(self) -> tuple[tuple[str, int], ...]: ...


WIDTH, HEIGHT = 320, 160  # the SVG's box (it scales to the dialog's width)
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 36, 8, 8, 18


@dataclass(frozen=True, slots=True)
class Point:
    x: float
    y: float
    label: str  # the x in words (a hand's count, a level, a date)
    value: str  # the y in words


@dataclass(frozen=True, slots=True)
class Chart:
    name: str  # data-chart
    title: str
    x_name: str  # the table's column heads
    y_name: str
    kind: str  # "line" or "bar"
    points: tuple[Point, ...]
    marks: tuple[tuple[str, float], ...] = ()  # level lines across the chart: (label, y)


def charts(stats: Played, t: T) -> list[Chart]:
    """The five charts, each with no points while there is nothing to draw yet."""
    p = stats.progress
    rating = p.rating
    trail = p.trail if rating.shown() else ()
    rating_points = tuple(
        Point(x, round(m), str(x), t("progress.pm", value=round(m), pm=round(1.96 * sd)))
        for x, m, sd in trail
    )
    marks = tuple((t(f"settings.level.{k}"), round(v)) for k, v in LEVEL_RATINGS.items())
    reviewed = [(i + 1, b, c, lost) for i, (b, c, lost) in enumerate(p.reviews)]
    accuracy = tuple(
        Point(i, round(100 * b / c), str(i), f"{100 * b / c:.0f} %") for i, b, c, _ in reviewed if c
    )
    lost = tuple(Point(i, lost10 / 10, str(i), f"{lost10 / 10:g}") for i, _, _, lost10 in reviewed)
    results = []
    for i, level in enumerate(LEVEL_NAMES):
        won, tied, lost_hands = p.results.get(level, (0, 0, 0))
        n = won + tied + lost_hands
        if n:
            share = 100 * (won + tied / 2) / n
            words = t("progress.share", share=f"{share:.0f}", won=won, tied=tied, lost=lost_hands)
            results.append(Point(i + 1, round(share), t(f"settings.level.{level}"), words))
    daily = tuple(Point(i + 1, float(v), d, f"{v:+d}") for i, (d, v) in enumerate(stats.daily))
    return [
        Chart(
            "rating",
            t("progress.rating"),
            t("progress.hands"),
            t("progress.rating_y"),
            "line",
            rating_points,
            marks,
        ),
        Chart(
            "accuracy",
            t("progress.accuracy"),
            t("progress.reviewed"),
            t("progress.accuracy_y"),
            "line",
            accuracy,
        ),
        Chart("lost", t("progress.lost"), t("progress.reviewed"), t("progress.lost_y"), "line", lost),
        Chart(
            "levels",
            t("progress.levels"),
            t("progress.opponents"),
            t("progress.share_y"),
            "bar",
            tuple(results),
        ),
        Chart(
            "daily",
            t("progress.daily"),
            t("progress.day"),
            t("progress.vs_par"),
            "bar",
            daily,
            ((t("progress.par"), 0),),
        ),
    ]


def y_range(chart: Chart) -> tuple[float, float]:
    """The y axis' bottom and top: every point and mark inside, a little room around them, and
    0 in it for bars (a bar grows from 0).

    >>> y_range(Chart("x", "", "", "", "bar", (Point(1, 40, "", ""), Point(2, 60, "", ""))))
    (0, 66.0)
    """
    ys = [p.y for p in chart.points] + [y for _, y in chart.marks]
    if chart.kind == "bar":
        ys.append(0)
    low, high = min(ys), max(ys)
    room = (high - low) * 0.1 or 10
    return (low if low == 0 else low - room, high if high == 0 else high + room)


def place(chart: Chart) -> list[tuple[float, float]]:
    """Each point's (x, y) in the SVG box: x spread over the width (bars in equal slots), y up.

    >>> c = Chart("x", "", "", "", "line", (Point(1, 0, "", ""), Point(3, 10, "", "")))
    >>> place(c)
    [(36.0, 142.0), (312.0, 20.2)]
    """
    if not chart.points:
        return []
    low, high = y_range(chart)
    inner_w = WIDTH - PAD_LEFT - PAD_RIGHT
    first = min(p.x for p in chart.points)
    span = max(p.x for p in chart.points) - first
    out = []
    for i, p in enumerate(chart.points):
        if chart.kind == "bar":
            x = PAD_LEFT + inner_w * (i + 0.5) / len(chart.points)
        else:
            x = PAD_LEFT + inner_w * ((p.x - first) / span if span else 0.5)
        out.append((round(x, 1), y_at(p.y, low, high)))
    return out


def y_at(y: float, low: float, high: float) -> float:
    """Where the value ``y`` is drawn, between the top pad and the bottom one."""
    inner_h = HEIGHT - PAD_TOP - PAD_BOTTOM
    return round(PAD_TOP + inner_h * (1 - (y - low) / ((high - low) or 1)), 1)
