"""The review's work in the bots' worker (web/worker.py sends it requests of kind ``review``):
one part of one finished hand's review at a time, so that the page shows the first trick's
costs at once and the worker answers decisions between parts. Plain Python (bela.review).

A request ``{"kind": "review", "record", "hand", "part"}``, ``part`` one of ``bids``,
``trick:K`` (K from 0 to 7) or ``decided``, is answered with ``{"bids": [...]}``,
``{"plays": [...]}`` or ``{"decided": {...}}`` (bela.review's JSON).

>>> from bela.match import Match
>>> from bela.record import dumps
>>> from bela.deal import SplitMix64
>>> m = Match(seed=3)
>>> hand = m.start_hand()
>>> rng = SplitMix64(1)
>>> while not hand.finished:
...     hand.apply(hand.legal_actions()[rng.below(len(hand.legal_actions()))])
>>> [p["index"] for p in answer(dumps(m), 1, "trick:7")["plays"]]
[28, 29, 30, 31]
"""

from __future__ import annotations

from typing import Any

from bela import review
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
        out = {"decided": review.decided(match, number).to_json()}
    elif part.startswith("trick:"):
        trick = int(part.partition(":")[2])
        out = {"plays": [p.to_json() for p in review.review_trick(match, number, trick)]}
    else:
        raise ValueError(f"no such part of a review: {part!r}")
    if len(_answers) > 200:
        _answers.clear()
    _answers[key] = out
    return out
