"""What the trump-naming fits share: the simulated deals and their split over processes."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TypeVar

from bela.cards import Card
from bela.deal import deal_cards, derive_seed
from bela.declarations import belot_suit
from bela.seats import SEATS, Seat

T = TypeVar("T")


def deals(seed: int, indices: Sequence[int]) -> Iterator[tuple[int, Seat, Mapping[Seat, Sequence[Card]]]]:
    """Deal ``i`` of ``seed`` for each index (its dealer by turn), but none with a whole suit
    in one hand (belot: the hand is not played)."""
    for i in indices:
        dealer = SEATS[i % 4]
        deal = deal_cards(derive_seed(seed, i), dealer)
        if any(belot_suit(deal[s]) is not None for s in SEATS):
            continue
        yield i, dealer, deal


def simulate_all(
    simulate: Callable[[tuple[int, list[int]]], list[T]], seed: int, n: int, jobs: int
) -> list[T]:
    """``simulate``'s rows of deals 0 to ``n - 1``, split by turns over ``jobs`` processes, in
    the same order for the same ``jobs``."""
    chunks = [(seed, list(range(j, n, jobs))) for j in range(jobs)]
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            parts = pool.map(simulate, chunks)
    else:
        parts = [simulate(chunks[0])]
    return [r for part in parts for r in part]


def coordinate_ascent(
    margin: Callable[[int, list[float]], float],
    grid: Sequence[float],
    start: Sequence[float],
    rounds: int = 4,
) -> list[float]:
    """The naming thresholds of positions 0 to 2 (the dealer must name), each in turn set to
    the grid's value that gives ``margin(position, thresholds)`` its highest value (the higher
    value on a tie), ``rounds`` times over."""
    thresholds = list(start)
    for _ in range(rounds):
        for position in range(3):
            scores = []
            for t in grid:
                trial = list(thresholds)
                trial[position] = t
                scores.append((margin(position, trial), t))
            thresholds[position] = max(scores)[1]
    return thresholds
