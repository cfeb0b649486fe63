"""The rating against the computer players and the charts of Statistics (web/progress/), on
constructed histories: expected values written out, never computed by the code under test."""

from __future__ import annotations

import json
import time

import pytest

from web.i18n import Translator
from web.progress.charts import charts, place
from web.progress.history import TRAIL_MAX, Progress
from web.progress.levels import LEVEL_RATINGS
from web.progress.rating import MIN_HANDS, Rating
from web.stats import Stats

EN = Translator("en")
WON, LOST = (120, 42), (42, 120)


def play(hands: int, opponents: str, written: tuple[int, int], partner: str = "medium") -> Progress:
    p = Progress()
    for _ in range(hands):
        p = p.add_hand(partner, (opponents, opponents), written)
    return p


def test_always_beating_hard_rises_above_hard() -> None:
    p = play(30, "hard", WON)
    assert p.rating.mean > 1618  # hard's rating (levels.py: 1500 + 400 log10(0.664 / 0.336))
    assert p.rating.interval()[0] > 1500  # and surely above medium


def test_always_losing_to_easy_falls_below_easy() -> None:
    p = play(30, "easy", LOST)
    assert p.rating.mean < 1344  # easy's rating (1500 - 400 log10(0.711 / 0.289))


def test_the_uncertainty_narrows_with_hands_and_the_rating_is_shown_after_a_few() -> None:
    sds = [play(n, "medium", WON if n % 2 else LOST).rating.sd for n in (1, 5, 20, 80)]
    assert sds == sorted(sds, reverse=True) and sds[0] < 350
    assert not play(MIN_HANDS - 1, "medium", WON).rating.shown()
    assert play(MIN_HANDS, "medium", WON).rating.shown()


def test_a_player_as_good_as_medium_stays_near_medium() -> None:
    p = Progress()
    for i in range(200):  # won and lost in turn with a medium partner against medium
        p = p.add_hand("medium", ("medium", "medium"), WON if i % 2 else LOST)
    assert abs(p.rating.mean - 1500) < 60
    low, high = p.rating.interval()
    assert low < 1500 < high


def test_the_levels_are_in_order() -> None:
    assert LEVEL_RATINGS["easy"] < LEVEL_RATINGS["medium"] < LEVEL_RATINGS["hard"]


def test_a_tie_counts_half() -> None:
    p = play(1, "medium", (81, 81))
    assert p.rating.mean == 1500 and p.results == {"medium": (0, 1, 0)}


def test_the_trail_stays_small() -> None:
    p = play(3000, "medium", WON)
    assert len(p.trail) <= TRAIL_MAX
    assert p.trail[-1][0] == 3000 and p.trail[0][0] == 1  # the first and the last are kept
    assert len(json.dumps(p.to_json())) < 10_000


def test_progress_is_saved_with_the_statistics_and_read_back() -> None:
    stats = Stats().rate_hand("hard", ("easy", "easy"), WON).add_review(3, 4, 7.5)
    again = Stats.from_json(json.loads(json.dumps(stats.to_json())))
    assert again.progress == stats.progress
    assert "progress" not in Stats().to_json()  # an older page's save stays as it was


@pytest.mark.parametrize(
    "bad",
    [
        [],
        {"rating": [1500]},
        {"rating": [1500, 0, 1]},
        {"rating": [1500, 300, 1], "results": {"god": [1, 0, 0]}},
    ],
)
def test_a_bad_progress_is_refused_clearly(bad: object) -> None:
    with pytest.raises(ValueError, match="statistics"):
        Progress.from_json(bad)


def history() -> Stats:
    """Ten hands against hard, a trail written by hand, two reviews, two days."""
    trail = tuple((i, 1500.0 + 10 * i, 300.0 - i) for i in range(1, 11))
    progress = Progress(
        Rating(1600.0, 290.0, 10), trail, {"hard": (6, 1, 3)}, ((5, 8, 125), (0, 0, 0), (7, 7, 0))
    )
    return Stats(progress=progress, daily=(("2026-12-01", 12), ("2026-12-03", -20)))


def test_the_charts_points_from_a_history() -> None:
    found = {c.name: c for c in charts(history(), EN)}
    assert [(p.x, p.y) for p in found["rating"].points][:2] == [(1, 1510), (2, 1520)]
    assert found["rating"].points[-1].value == "1600 ± 568"  # the last point: 1.96 × 290
    assert [(p.x, p.y) for p in found["accuracy"].points] == [(1, 62), (3, 100)]  # the empty review has none
    assert [p.y for p in found["lost"].points] == [12.5, 0, 0]
    assert [(p.label, p.y) for p in found["levels"].points] == [("hard", 65)]  # (6 + 1/2) / 10
    assert [(p.label, p.y) for p in found["daily"].points] == [("2026-12-01", 12), ("2026-12-03", -20)]


def test_no_rating_chart_before_a_few_hands_and_no_chart_with_nothing() -> None:
    early = Stats().rate_hand("medium", ("medium", "medium"), WON)
    assert {c.name: len(c.points) for c in charts(early, EN)} == {
        "rating": 0,
        "accuracy": 0,
        "lost": 0,
        "levels": 1,
        "daily": 0,
    }


def test_points_are_placed_inside_the_box() -> None:
    for chart in charts(history(), EN):
        for x, y in place(chart):
            assert 0 <= x <= 320 and 0 <= y <= 160, chart.name


def test_statistics_of_200_matches_make_their_charts_quickly() -> None:
    """A benchmark, printed (not a pass/fail on time): 200 matches of about 15 hands."""
    stats = Stats()
    for i in range(3000):
        stats = stats.rate_hand("medium", ("hard", "hard"), WON if i % 3 else LOST)
        if i % 15 == 0:
            stats = stats.add_review(6, 8, 10.0)
    start = time.perf_counter()
    made = charts(stats, EN)
    placed = [place(c) for c in made]
    took = (time.perf_counter() - start) * 1000
    print(
        f"\ncharts of 200 matches (3000 hands, {len(stats.progress.trail)} points kept):",
        f"{took:.1f} ms in CPython",
    )
    assert sum(len(p) for p in placed) > 0
