"""What the review of a finished hand finds (:mod:`bela.review` computes it): plain values, read
back from JSON where the page's worker sends them, and what a page makes of them. No search
here: the page imports this without the bots.

>>> p = PlayReview(4, Seat.S, Card.parse("7S"), Card.parse("TS"), 12.5, 10, cost_dd=0)
>>> p.trick, p.mark, PlayReview.from_json(p.to_json()) == p
(1, 'mistake', True)
>>> lost_to_mistakes([p])[1][Team.NS], solver_reach([p])
(12.5, 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bela.actions import Bid
from bela.cards import Card, Suit
from bela.seats import SEATS, Seat, Team

#: a play costing at least this many points by what the seat knew is a mistake
MISTAKE = 10.0
#: the last this many plays are always solved exactly
DD_ALWAYS = 16


@dataclass(frozen=True, slots=True)
class PlayReview:
    index: int  # 0 for the hand's first card
    seat: Seat
    card: Card
    best: Card  # the hard player's choice from the seat's observation
    cost: float  # mean margin of ``best`` minus that of ``card`` (0 or more)
    samples: int  # deals the search tried (0: one card to choose from, nothing to search)
    best_dd: Card | None = None  # with every card known; None where the solver did not reach
    cost_dd: int | None = None

    @property
    def trick(self) -> int:
        return self.index // 4

    @property
    def mistake(self) -> bool:
        return self.cost >= MISTAKE

    @property
    def unlucky(self) -> bool:
        return not self.mistake and self.cost_dd is not None and self.cost_dd >= MISTAKE

    @property
    def mark(self) -> str:
        return "mistake" if self.mistake else "unlucky" if self.unlucky else ""

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "trick": self.trick + 1,
            "seat": self.seat.name,
            "card": str(self.card),
            "best": str(self.best),
            "cost": plain_number(self.cost),
            "samples": self.samples,
            "best_dd": None if self.best_dd is None else str(self.best_dd),
            "cost_dd": self.cost_dd,
            "mistake": self.mistake,
            "unlucky": self.unlucky,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PlayReview:
        best_dd = data.get("best_dd")
        cost_dd = data.get("cost_dd")
        return cls(
            index=int(data["index"]),
            seat=Seat.parse(str(data["seat"])),
            card=Card.parse(str(data["card"])),
            best=Card.parse(str(data["best"])),
            cost=float(data["cost"]),
            samples=int(data.get("samples", 0)),
            best_dd=None if best_dd is None else Card.parse(str(best_dd)),
            cost_dd=None if cost_dd is None else int(cost_dd),
        )


@dataclass(frozen=True, slots=True)
class BidReview:
    seat: Seat
    bid: Bid  # what was said
    hard: Bid  # what the hard player would have said at that position
    rule: str  # why (a stable id, web/i18n words it)
    params: tuple[tuple[str, str | int | float], ...]
    reason: str
    cost: float = 0.0  # by the hard player's trump model (bela.review.bid_values), 0 or more

    @property
    def mistake(self) -> bool:
        return self.cost >= MISTAKE

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat.name,
            "bid": str(self.bid),
            "hard": str(self.hard),
            "rule": self.rule,
            "params": dict(self.params),
            "reason": self.reason,
            "cost": plain_number(self.cost),
            "mistake": self.mistake,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BidReview:
        return cls(
            seat=Seat.parse(str(data["seat"])),
            bid=_parse_bid(str(data["bid"])),
            hard=_parse_bid(str(data["hard"])),
            rule=str(data.get("rule", "")),
            params=tuple(dict(data.get("params", {})).items()),
            reason=str(data.get("reason", "")),
            cost=float(data.get("cost", 0.0)),
        )


@dataclass(frozen=True, slots=True)
class Decided:
    """After how many cards (0 to 32) the pad and the štiglja could no longer change, with every
    card known; ``None`` where the search ran out of budget before finding it (then it was
    decided no later than ``searched_from``)."""

    pad: int | None
    stiglja: int | None
    searched_from: int

    def to_json(self) -> dict[str, Any]:
        return {"pad": self.pad, "stiglja": self.stiglja, "searched_from": self.searched_from}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Decided:
        pad, stiglja = data.get("pad"), data.get("stiglja")
        return cls(
            None if pad is None else int(pad),
            None if stiglja is None else int(stiglja),
            int(data.get("searched_from", 32)),
        )


def plain_number(x: float) -> int | float:
    """A cost as a plain number: ``12``, ``7.5``."""
    r = round(x + 0.0, 1)
    return int(r) if r == int(r) else r


def _parse_bid(text: str) -> Bid:
    return Bid(None if text == "pass" else Suit.parse(text))


def lost_to_mistakes(plays: Sequence[PlayReview]) -> tuple[dict[Seat, float], dict[Team, float]]:
    """Points lost to mistakes, by seat and by team."""
    seats = dict.fromkeys(SEATS, 0.0)
    for p in plays:
        if p.mistake:
            seats[p.seat] += p.cost
    teams = {team: sum(seats[s] for s in team.seats) for team in Team}
    return seats, teams


def solver_reach(plays: Sequence[PlayReview]) -> int | None:
    """The first play from which every later one has its double-dummy value."""
    first: int | None = None
    for p in sorted(plays, key=lambda p: -p.index):
        if p.cost_dd is None:
            break
        first = p.index
    return first
