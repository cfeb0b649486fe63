"""Decision times, measured the same way under CPython and Pyodide (``time.perf_counter``).

``decision_times(level, positions, seed)`` plays hands between bots of ``level`` (seeded, so
the positions are the same in both runtimes), times ``decide`` on every decision until
``positions`` decisions have been timed, and returns milliseconds
``{"p50", "p95", "max", "mean", "n"}``. Only the bot's own call is timed.
"""

from __future__ import annotations

import math
import time

from bela.bots import LEVELS, decide
from bela.deal import deal_cards, derive_seed
from bela.hand import Hand
from bela.observation import observe
from bela.seats import SEATS


def summary(ms: list[float]) -> dict[str, float]:
    if not ms:
        return {"p50": 0.0, "p95": 0.0, "max": 0.0, "mean": 0.0, "n": 0}
    xs = sorted(ms)

    def at(q: float) -> float:
        return round(xs[min(len(xs) - 1, math.ceil(q * len(xs)) - 1)], 3)

    return {
        "p50": at(0.5),
        "p95": at(0.95),
        "max": round(xs[-1], 3),
        "mean": round(sum(xs) / len(xs), 3),
        "n": len(xs),
    }


def decision_times(level: str, positions: int = 200, seed: int = 1) -> dict[str, float]:
    """Time ``positions`` decisions of ``level`` in hands it plays against itself."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    ms: list[float] = []
    number = 0
    while len(ms) < positions:
        number += 1
        dealer = SEATS[number % 4]
        hand = Hand(dealer, deal_cards(derive_seed(seed, number), dealer))
        while not hand.finished and len(ms) < positions:
            seat = hand.turn
            assert seat is not None
            obs = observe(hand, seat)
            start = time.perf_counter()
            decision = decide(obs, level, derive_seed(seed, number, len(hand.actions)))
            ms.append((time.perf_counter() - start) * 1000)
            hand.apply(decision.action)
    return summary(ms)
