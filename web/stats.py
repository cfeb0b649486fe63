"""The player's statistics, counted once per finished hand and per finished match, the
hints the player asked for (one per position where a hint was shown), and the accuracy found
by the reviews of hands (web/review/view.py).

>>> from bela.match import Match
>>> s = Stats()
>>> s.average_points(), s.pad_rate()
(None, None)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from bela.daily import parse_date, today
from bela.scoring import HandScore
from bela.seats import Team
from web.daily.view import signed, streak
from web.progress.history import Progress


@dataclass(frozen=True, slots=True)
class Stats:
    matches: int = 0  # finished matches
    won: int = 0  # finished matches won by mi (NS)
    hands: int = 0  # finished hands
    called: int = 0  # hands in which mi named trump
    pads: int = 0  # ... and fell
    stiglje: int = 0  # hands in which mi took every trick
    stiglje_against: int = 0  # hands in which vi took every trick
    points: int = 0  # points written by mi over all hands
    hints: int = 0  # hints shown (web.hint.advice), one per position asked
    # from the reviews of hands (web.review_view.accuracy), each hand counted once
    reviewed: int = 0  # hands reviewed
    review_cards: int = 0  # the player's cards with a choice in them
    review_best: int = 0  # ... equal to the hard player's choice
    review_lost: int = 0  # points lost to mistakes, in tenths of a point
    coach_flags: int = 0  # the player's cards the coach flagged as costly (web/coach/note.py)
    take_backs: int = 0  # ... and taken back
    daily: tuple[tuple[str, int], ...] = ()  # today's deals played for the record: (date, vs par)
    progress: Progress = field(
        default_factory=Progress
    )  # the rating and what the charts draw (web/progress/)

    def average_points(self) -> float | None:
        return self.points / self.hands if self.hands else None

    def pad_rate(self) -> float | None:
        return self.pads / self.called if self.called else None

    def add_hand(self, score: HandScore, written: tuple[int, int]) -> Stats:
        """Count one finished hand (``written``: what the sheet shows for it, NS first)."""
        called = score.caller is not None and score.caller.team is Team.NS and score.outcome != "belot"
        return replace(
            self,
            hands=self.hands + 1,
            called=self.called + int(called),
            pads=self.pads + int(called and score.outcome == "pad"),
            stiglje=self.stiglje + int(score.stiglja is Team.NS),
            stiglje_against=self.stiglje_against + int(score.stiglja is Team.EW),
            points=self.points + written[0],
        )

    def rate_hand(self, partner: str, opponents: tuple[str, str], written: tuple[int, int]) -> Stats:
        """The rating after one more finished hand (web/progress/rating.py)."""
        return replace(self, progress=self.progress.add_hand(partner, opponents, written))

    def add_match(self, winner: Team) -> Stats:
        return replace(self, matches=self.matches + 1, won=self.won + int(winner is Team.NS))

    def add_hint(self) -> Stats:
        """Count one hint shown.

        >>> Stats().add_hint().add_hint().hints
        2
        """
        return replace(self, hints=self.hints + 1)

    def add_coach_flag(self) -> Stats:
        """Count one costly card the coach flagged.

        >>> Stats().add_coach_flag().add_coach_flag().add_take_back().coach_flags
        2
        """
        return replace(self, coach_flags=self.coach_flags + 1)

    def add_take_back(self) -> Stats:
        return replace(self, take_backs=self.take_backs + 1)

    def add_review(self, best: int, cards: int, lost: float) -> Stats:
        """Count one reviewed hand: the player's cards as the hard player's, points lost.

        >>> s = Stats().add_review(5, 6, 12.5)
        >>> s.accuracy(), s.lost_per_hand()
        (0.8333333333333334, 12.5)
        """
        return replace(
            self,
            reviewed=self.reviewed + 1,
            review_cards=self.review_cards + cards,
            review_best=self.review_best + best,
            review_lost=self.review_lost + round(lost * 10),
            progress=self.progress.add_review(best, cards, lost),
        )

    def accuracy(self) -> float | None:
        return self.review_best / self.review_cards if self.review_cards else None

    def lost_per_hand(self) -> float | None:
        return self.review_lost / 10 / self.reviewed if self.reviewed else None

    def add_daily(self, date: str, vs_par: int) -> Stats:
        """Count a day's result against par, once (a replay is practice).

        >>> Stats().add_daily("2026-12-01", 12).add_daily("2026-12-01", 40).daily
        (('2026-12-01', 12),)
        """
        if any(d == date for d, _ in self.daily):
            return self
        return replace(self, daily=tuple(sorted((*self.daily, (date, vs_par)))))

    def daily_best(self) -> int | None:
        return max((v for _, v in self.daily), default=None)

    def to_json(self) -> dict[str, Any]:
        """The counts to save. ``hints`` (counted since hints came) only once there is one: a
        player who never asked keeps the statistics saved before, unchanged.

        >>> "hints" in Stats().to_json(), Stats().add_hint().to_json()["hints"]
        (False, 1)
        """
        data = asdict(self)
        for name in (
            "hints",
            "reviewed",
            "review_cards",
            "review_best",
            "review_lost",
            "coach_flags",
            "take_backs",
        ):
            if not data[name]:
                del data[name]  # counted since hints (reviews) came: older saves stay as they were
        del data["daily"], data["progress"]
        if not self.progress.empty():  # only once rated: older pages still read the rest
            data["progress"] = self.progress.to_json()
        if self.daily:  # only once a day is played: older pages still read the rest
            data["daily"] = dict(self.daily)
        return data

    @classmethod
    def from_json(cls, data: object) -> Stats:
        if not isinstance(data, dict):
            raise ValueError("statistics must be an object")
        values: dict[str, int] = {}
        for f in fields(cls):
            if f.name in ("daily", "progress"):
                continue
            v = data.get(f.name, 0)
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise ValueError(f"statistics: {f.name} must be a count")
            values[f.name] = v
        progress = Progress.from_json(data.get("progress"))
        return cls(**values, daily=_daily_results(data.get("daily", {})), progress=progress)


def _daily_results(raw: object) -> tuple[tuple[str, int], ...]:
    if not isinstance(raw, dict):
        raise ValueError("statistics: daily must be an object")
    out = []
    for date, v in raw.items():
        if not isinstance(v, int) or isinstance(v, bool) or parse_date(str(date)) is None:
            raise ValueError("statistics: daily must map dates to points")
        out.append((str(date), v))
    return tuple(sorted(out))


def daily_rows(s: Stats, t: Callable[..., str], today: str) -> list[tuple[str, str, str]]:
    """The statistics dialog's rows of today's deals (none before a day is played).

    >>> from web.i18n import Translator
    >>> s = Stats().add_daily("2026-11-30", -4).add_daily("2026-12-01", 12)
    >>> [r[2] for r in daily_rows(s, Translator("en"), "2026-12-01")]
    ['2', '+12', '2']
    """
    if not s.daily:
        return []
    best = s.daily_best()
    return [
        ("daily_days", t("stats.daily_days"), str(len(s.daily))),
        ("daily_best", t("stats.daily_best"), signed(best) if best is not None else t("stats.none")),
        ("daily_streak", t("stats.daily_streak"), str(streak([d for d, _ in s.daily], today))),
    ]


def rows(s: Stats, t: Callable[..., str]) -> list[tuple[str, str, str]]:
    """The statistics dialog's rows: (name, label, value) in the page's language.

    >>> from web.i18n import Translator
    >>> rows(Stats(hands=4, called=2, pads=1, points=300), Translator("en"))[3]
    ('pad_rate', 'Fell when we named trump', '50 % (1/2)')
    """
    rate = s.pad_rate()
    avg = s.average_points()
    acc = s.accuracy()
    lost = s.lost_per_hand()
    return [
        ("matches", t("stats.matches"), str(s.matches)),
        ("won", t("stats.won"), str(s.won)),
        ("hands", t("stats.hands"), str(s.hands)),
        (
            "pad_rate",
            t("stats.pad_rate"),
            f"{rate * 100:.0f} % ({s.pads}/{s.called})" if rate is not None else t("stats.none"),
        ),
        ("stiglje", t("stats.stiglje"), f"{s.stiglje} : {s.stiglje_against}"),
        ("avg_points", t("stats.avg_points"), f"{avg:.0f}" if avg is not None else t("stats.none")),
        ("hints", t("stats.hints"), str(s.hints)),
        (
            "accuracy",
            t("stats.accuracy"),
            f"{acc * 100:.0f} % ({s.review_best}/{s.review_cards})" if acc is not None else t("stats.none"),
        ),
        ("lost", t("stats.lost"), f"{lost:.1f}" if lost is not None else t("stats.none")),
        ("coach_flags", t("stats.coach_flags"), str(s.coach_flags)),
        ("take_backs", t("stats.take_backs"), str(s.take_backs)),
        *daily_rows(s, t, today()),
    ]
