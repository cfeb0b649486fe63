"""The arena: two bot levels play the same deals from both sides.

Each deal is played twice with the same cards and the same dealer: level A as NS and B as
EW, then swapped. A deal is won by the level whose two hand scores (the points written on
the sheet, pad and štiglja included) sum higher; equal sums are a tie. An illegal action
from a bot (or an exception) is counted in ``illegal`` and replaced by the first legal action.

``run_arena`` returns the JSON object ``bela arena`` prints; ``jobs > 1`` spreads the deals
over processes (CPython only: ``multiprocessing`` is imported only then, so the module
imports under Pyodide too).
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bela.actions import Action
from bela.bots import LEVELS, Budget, decide
from bela.cards import Card
from bela.deal import deal_cards, derive_seed
from bela.hand import Hand
from bela.observation import observe
from bela.rules import HouseRules
from bela.scoring import score_hand
from bela.seats import SEATS, Seat, Team

__all__ = [
    "Player",
    "Tally",
    "Watch",
    "decide",
    "level_player",
    "percentiles",
    "play_deals",
    "play_hand",
    "run_arena",
    "share",
]


@dataclass
class Tally:
    a_wins: int = 0
    b_wins: int = 0
    ties: int = 0
    deal_scores: list[float] = field(default_factory=list)  # 1, 0.5, 0 for A per deal
    a_points: int = 0
    b_points: int = 0
    a_ms: list[float] = field(default_factory=list)
    b_ms: list[float] = field(default_factory=list)
    illegal: int = 0
    hands: int = 0

    def add(self, other: Tally) -> None:
        self.a_wins += other.a_wins
        self.b_wins += other.b_wins
        self.ties += other.ties
        self.deal_scores += other.deal_scores
        self.a_points += other.a_points
        self.b_points += other.b_points
        self.a_ms += other.a_ms
        self.b_ms += other.b_ms
        self.illegal += other.illegal
        self.hands += other.hands


Player = Callable[[Hand, Seat, int], Action]
"""A seat's player: (the hand, the seat to act, the decision's seed) -> its action."""

Watch = Callable[[Hand, Seat, Action, float], None]
"""Told of every action before it is applied: (the hand, the seat, the action, its milliseconds)."""


def level_player(level: str, budget: Budget | None = None) -> Player:
    """The ``level`` bot, seeing nothing but its seat's observation; ``budget`` replaces the
    level's search limits (for experiments: ``scripts/arena``, ``scripts/fit``)."""

    def play(hand: Hand, seat: Seat, seed: int) -> Action:
        return decide(observe(hand, seat), level, seed, budget).action

    return play


def play_hand(
    dealer: Seat,
    deal: Mapping[Seat, Sequence[Card]],
    players: Mapping[Seat, Player],
    rules: HouseRules | None,
    seed: int,
    watch: Watch | None = None,
    until: Callable[[Hand], bool] | None = None,
) -> tuple[Hand, int]:
    """Play one hand to its end (or until ``until(hand)``), the seeds ``derive_seed(seed,
    actions so far)``; returns the hand and the number of illegal actions (a bot's exception
    counts as one: the first legal action is played instead). The one hand-playing loop of
    the arenas (``bela arena``, ``scripts/arena/arena_vs.py``, ``scripts/arena/bid_arena.py``)."""
    hand = Hand(dealer, deal, rules)
    illegal = 0
    while not hand.finished and (until is None or not until(hand)):
        seat = hand.turn
        assert seat is not None
        start = time.perf_counter()
        action: Action | None
        try:
            action = players[seat](hand, seat, derive_seed(seed, len(hand.actions)))
        except Exception as e:  # a bot bug must not stop the arena
            print(f"arena: {seat.name} raised {type(e).__name__}: {e}", file=sys.stderr)
            action = None
        elapsed = (time.perf_counter() - start) * 1000
        if action is None or hand.check(action) is not None:
            illegal += 1
            action = hand.legal_actions()[0]
        if watch is not None:
            watch(hand, seat, action, elapsed)
        hand.apply(action)
    return hand, illegal


def _timer(times: dict[Team, list[float]]) -> Watch:
    def timed(hand: Hand, seat: Seat, action: Action, ms: float) -> None:
        times[seat.team].append(ms)

    return timed


def play_deals(a: str, b: str, seed: int, indices: Sequence[int], rules: HouseRules) -> Tally:
    tally = Tally()
    for i in indices:
        deal_seed = derive_seed(seed, i)
        dealer = SEATS[i % 4]
        deal = deal_cards(deal_seed, dealer)
        a_sum = b_sum = 0
        for game, a_team in enumerate((Team.NS, Team.EW)):
            players = {s: level_player(a if s.team is a_team else b) for s in SEATS}
            times: dict[Team, list[float]] = {Team.NS: [], Team.EW: []}
            hand, bad = play_hand(dealer, deal, players, rules, derive_seed(seed, i, game), _timer(times))
            written = score_hand(hand).written
            a_sum += written[a_team]
            b_sum += written[a_team.other]
            tally.a_ms += times[a_team]
            tally.b_ms += times[a_team.other]
            tally.illegal += bad
            tally.hands += 1
        tally.a_points += a_sum
        tally.b_points += b_sum
        if a_sum > b_sum:
            tally.a_wins += 1
            tally.deal_scores.append(1.0)
        elif b_sum > a_sum:
            tally.b_wins += 1
            tally.deal_scores.append(0.0)
        else:
            tally.ties += 1
            tally.deal_scores.append(0.5)
    return tally


def _chunk(args: tuple[str, str, int, list[int], HouseRules]) -> Tally:
    return play_deals(*args)


def percentiles(ms: Sequence[float], digits: int = 2) -> dict[str, float]:
    """The median, 95th percentile (nearest rank) and maximum of ``ms``, rounded; zeros if empty."""
    if not ms:
        return {"p50": 0.0, "p95": 0.0, "max": 0.0}
    xs = sorted(ms)

    def at(q: float) -> float:
        return round(xs[min(len(xs) - 1, math.ceil(q * len(xs)) - 1)], digits)

    return {"p50": at(0.5), "p95": at(0.95), "max": round(xs[-1], digits)}


def share(deal_scores: Sequence[float]) -> dict[str, Any]:
    """A's share of the deals (1 won, 0.5 tied, 0 lost) and its 95% interval (normal
    approximation, clipped to 0..1)."""
    n = len(deal_scores)
    mean = sum(deal_scores) / n
    var = sum((x - mean) ** 2 for x in deal_scores) / max(n - 1, 1)
    half = 1.96 * math.sqrt(var / n)
    return {
        "a_share": round(mean, 4),
        "ci95": [round(max(0.0, mean - half), 4), round(min(1.0, mean + half), 4)],
    }


def run_arena(
    a: str, b: str, deals: int, seed: int, jobs: int = 1, rules: HouseRules | None = None
) -> dict[str, Any]:
    for level in (a, b):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r} (easy, medium or hard)")
    if deals < 1:
        raise ValueError("--deals must be at least 1")
    rules = rules or HouseRules()
    indices = list(range(deals))
    tally = Tally()
    if jobs > 1:
        import multiprocessing

        chunks = [(a, b, seed, indices[j::jobs], rules) for j in range(jobs)]
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for part in pool.map(_chunk, chunks):
                tally.add(part)
    else:
        tally = play_deals(a, b, seed, indices, rules)
    return {
        "a": a,
        "b": b,
        "deals": len(tally.deal_scores),
        "seed": seed,
        "a_wins": tally.a_wins,
        "b_wins": tally.b_wins,
        "ties": tally.ties,
        **share(tally.deal_scores),
        "points_per_hand": {
            "a": round(tally.a_points / tally.hands, 2),
            "b": round(tally.b_points / tally.hands, 2),
        },
        "decision_ms": {"a": percentiles(tally.a_ms), "b": percentiles(tally.b_ms)},
        "illegal": tally.illegal,
        "rules": rules.to_json(),
    }
