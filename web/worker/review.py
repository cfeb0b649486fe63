"""The review's work in the bots' worker (web/worker/main.py sends it requests of kind ``review``):
one part of one finished hand's review at a time, so that the page shows the first trick's
costs at once and the worker answers decisions between parts. Plain Python (bela.review).

A request ``{"kind": "review", "record", "hand", "part"}``, ``part`` one of ``bids``,
``trick:K`` (K from 0 to 7: its plays costed by what each seat knew, and with every card known
for the last four tricks), ``dd:K`` (with every card known, for the first four tricks, within
the solver's budget) or ``decided``, is answered with ``{"bids": [...]}``, ``{"plays": [...]}``,
``{"dd": [{"index", "best_dd", "cost_dd"}...]}`` or ``{"decided": {...}}`` (bela.review's
JSON).

>>> from bela.match import played_at_random
>>> from bela.record import dumps
>>> m = played_at_random(3)
>>> hand = m.hands[0]
>>> [p["index"] for p in answer(dumps(m), 1, "trick:7")["plays"]]
[28, 29, 30, 31]
"""

from __future__ import annotations

from typing import Any

from bela import review, review_decided, review_results
from bela.match import Match
from bela.record import loads

_matches: dict[str, Match] = {}
_answers: dict[tuple[str, int, str], dict[str, Any]] = {}


def _match(record: str) -> Match:
    match = _matches.get(record)
    if match is None:
        match = loads(record)
        _matches.clear()
        _matches[record] = match
    return match


def answer(record: str, number: int, part: str) -> dict[str, Any]:
    """One part of the review of hand ``number`` of the recorded match (kept: asked again, the
    same answer at once)."""
    key = (record, number, part)
    found = _answers.get(key)
    if found is not None:
        return found
    match = _match(record)
    if part == "bids":
        out: dict[str, Any] = {"bids": [b.to_json() for b in review.review_bids(match, number)]}
    elif part == "decided":
        out = {"decided": review_decided.decided(match, number).to_json()}
    elif part.startswith("trick:"):
        trick = int(part.partition(":")[2])
        always = 4 * trick >= 32 - review_results.DD_ALWAYS
        out = {"plays": [p.to_json() for p in review.review_trick(match, number, trick, dd=always)]}
    elif part.startswith("dd:"):
        costs = review.dd_trick(match, number, int(part.partition(":")[2]))
        out = {
            "dd": [
                {"index": k, "best_dd": None if best is None else str(best), "cost_dd": cost}
                for k, best, cost in costs
            ]
        }
    else:
        raise ValueError(f"no such part of a review: {part!r}")
    if len(_answers) > 200:
        _answers.clear()
    _answers[key] = out
    return out


def timed_hands(hands: int = 20, seed: int = 1) -> dict[str, Any]:
    """``make bench``: ``hands`` hands played by medium players (seeds ``seed``...), each
    reviewed part by part as the page asks (fresh, nothing kept): the first trick's ms, the
    whole hand's ms, and how far back the solver reached (the first play, 0-based, from which
    every play has its double-dummy value), in whichever Python runs it."""
    import time

    from bela.bots import decide
    from bela.record import dumps
    from web.review.view import ReviewData

    first: list[float] = []
    whole: list[float] = []
    reach: list[int] = []
    decided_found = 0
    for n in range(hands):
        match = Match(seed=seed + n)
        hand = match.start_hand()
        while not hand.finished:
            seat = hand.turn
            assert seat is not None
            hand.apply(decide(match.observation(seat), "medium", seed + n).action)
        record = dumps(match)
        _answers.clear()
        _matches.clear()
        data = ReviewData()
        start = time.perf_counter()
        while (part := data.next_part(hand)) is not None:
            data.take(part, answer(record, 1, part))
            if part == "trick:0":
                first.append((time.perf_counter() - start) * 1000)
        whole.append((time.perf_counter() - start) * 1000)
        reached = review_results.solver_reach(list(data.plays.values()))
        if reached is not None:
            reach.append(reached)
        if data.decided is not None and data.decided.pad is not None:
            decided_found += 1
    _answers.clear()
    return {
        "hands": hands,
        "first_trick_ms": _percentiles(first),
        "whole_hand_ms": _percentiles(whole),
        "solver_from": {"min": min(reach, default=None), "max": max(reach, default=None), "all": reach},
        "pad_decided_found": decided_found,
    }


def _percentiles(ms: list[float]) -> dict[str, float]:
    import math

    xs = sorted(ms)
    if not xs:
        return {}

    def at(q: float) -> float:
        return round(xs[min(len(xs) - 1, max(0, math.ceil(q * len(xs)) - 1))], 1)

    return {"p50": at(0.5), "p95": at(0.95), "max": round(xs[-1], 1)}
