"""Engine throughput, measured the same way under CPython and in Pyodide (the page's runtime).

>>> r = random_hands(hands=3, seed=1)
>>> r["hands"], r["actions"] > 3 * 32
(3, True)
"""

from __future__ import annotations

import time
from typing import Any

from bela.deal import SplitMix64, deal_cards, derive_seed
from bela.hand import Hand
from bela.seats import SEATS


def random_hands(hands: int = 200, seed: int = 1) -> dict[str, Any]:
    """Deal and play ``hands`` whole hands with random legal actions."""
    rng = SplitMix64(seed)
    actions = 0
    start = time.perf_counter()
    for i in range(hands):
        dealer = SEATS[i % 4]
        hand = Hand(dealer, deal_cards(derive_seed(seed, i), dealer))
        while not hand.finished:
            hand.apply(rng.choice(hand.legal_actions()))
            actions += 1
    seconds = time.perf_counter() - start
    return {
        "hands": hands,
        "actions": actions,
        "seconds": round(seconds, 4),
        "hands_per_second": round(hands / seconds, 1),
    }


def legal_generations(positions: int = 200, repeat: int = 20, seed: int = 2) -> dict[str, Any]:
    """Time ``legal_actions()`` over positions met in random play (each asked ``repeat`` times)."""
    rng = SplitMix64(seed)
    found: list[Hand] = []
    i = 0
    while len(found) < positions:
        dealer = SEATS[i % 4]
        hand = Hand(dealer, deal_cards(derive_seed(seed, i), dealer))
        i += 1
        while not hand.finished and len(found) < positions:
            if rng.random() < 0.3:
                found.append(hand.copy())
            hand.apply(rng.choice(hand.legal_actions()))
    start = time.perf_counter()
    count = 0
    for hand in found:
        for _ in range(repeat):
            hand.legal_actions()
            count += 1
    seconds = time.perf_counter() - start
    return {
        "generations": count,
        "seconds": round(seconds, 4),
        "generations_per_second": round(count / seconds, 1),
    }


def engine_figures(hands: int = 200, positions: int = 200) -> dict[str, Any]:
    return {"random_hands": random_hands(hands), "legal_actions": legal_generations(positions)}
