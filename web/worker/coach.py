"""The coach's work in the bots' worker (web/worker/main.py sends it requests of kind ``coach``):
while the player thinks, every card they may play is priced by what their seat knows, with the
review's own search, budget and seed (:func:`bela.review.coach_values`), so that the coach's
note says what ``bela review`` will say of that card. Plain Python.

A request ``{"kind": "coach", "record"}`` (the match up to the player's turn) is answered with
``{"kind": "card", "best": "AS", "values": {"AS": 12.5, ...}, "samples": 24}`` (each legal
card's mean margin on the sheet), while naming trump with ``{"kind": "bid", "best": "H",
"values": {"H": 20.1, ..., "pass": -6.0}}`` (each bid by the hard player's trump model:
bela.review.bid_values), or ``{"best": null}`` when there is nothing to price (one card to play,
a declaration).

>>> from bela.match import Match
>>> from bela.record import dumps
>>> m = Match(seed=3)
>>> hand = m.start_hand()
>>> while hand.phase.value != "playing":
...     hand.apply(hand.legal_actions()[0])
>>> reply = answer(dumps(m))
>>> reply["best"] in reply["values"], reply["samples"] > 0
(True, True)
"""

from __future__ import annotations

from typing import Any

from bela import review
from bela.cards import Suit
from bela.record import loads

_answers: dict[str, dict[str, Any]] = {}


def answer(record: str) -> dict[str, Any]:
    """The prices of the seat to play in the recorded match's current hand (kept: asked again,
    the same answer at once)."""
    found = _answers.get(record)
    if found is not None:
        return found
    match = loads(record)
    priced = review.coach_values(match)
    bidding = review.coach_bid_values(match) if priced is None else None
    if priced is not None:
        best, values, samples = priced
        out: dict[str, Any] = {
            "kind": "card",
            "best": str(best),
            "values": {str(c): v for c, v in values.items()},
            "samples": samples,
        }
    elif bidding is not None:
        bid, bids = bidding
        out = {"kind": "bid", "best": str(bid), "values": {bid_text(s): v for s, v in bids.items()}}
    else:
        out = {"best": None}
    if len(_answers) > 50:
        _answers.clear()
    _answers[record] = out
    return out


def bid_text(suit: Suit | None) -> str:
    """A bid as the record writes it: a suit's letter, or ``pass``."""
    return "pass" if suit is None else suit.letter
