"""Computer players. PLACEHOLDER until issue 3: every level plays a random legal action.

The protocol every caller relies on (the page, the arena, ``bela hint``):

    decide(observation, level, seed) -> Decision

Given the same observation, level and seed, the same decision. A bot never receives
anything but the seat's Observation.
"""

from __future__ import annotations

from dataclasses import dataclass

from bela.actions import Action
from bela.deal import SplitMix64
from bela.observation import Observation

LEVELS: tuple[str, ...] = ("easy", "medium", "hard")


@dataclass(frozen=True, slots=True)
class Decision:
    action: Action
    reason: str = ""


def decide(obs: Observation, level: str, seed: int) -> Decision:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (easy, medium or hard)")
    if not obs.legal:
        raise ValueError(f"it is not {obs.seat}'s turn")
    return Decision(SplitMix64(seed).choice(obs.legal), "random")
