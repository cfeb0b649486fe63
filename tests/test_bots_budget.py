"""The hard player's deals where they pay (bela.bots.Budget.early_scale): while the search
rolls out (more cards left than it solves exactly), early_scale times the deals, a close
call's deals and the node budget; from the exact solve on, the budget as it is."""

from __future__ import annotations

import dataclasses

from positions import searched_position

from bela.bots import BUDGETS, Budget, search
from bela.bots.knowledge import infer
from bela.deal import SplitMix64
from bela.observation import Observation

BASE = Budget(samples=6, exact_cards=12, search_from=32, node_budget=10**9, min_samples=2, close_z=0.0)


def _position(low: int, high: int) -> Observation:
    return searched_position(11, low, high)


def _samples(obs: Observation, budget: Budget) -> int:
    return search(obs, infer(obs), SplitMix64(3), budget).samples


def test_a_rolled_out_decision_searches_early_scale_times_the_deals() -> None:
    obs = _position(17, 28)  # more cards left than exact_cards: rolled out
    assert _samples(obs, BASE) == 6
    assert _samples(obs, dataclasses.replace(BASE, early_scale=2)) == 12
    assert _samples(obs, dataclasses.replace(BASE, early_scale=3)) == 18


def test_a_close_call_gets_early_scale_times_its_extra_deals() -> None:
    obs = _position(17, 28)
    close = dataclasses.replace(BASE, extra_samples=4, close_z=1e9)  # every untied lead is close
    assert _samples(obs, close) == 10
    assert _samples(obs, dataclasses.replace(close, early_scale=2)) == 20


def test_the_node_budget_scales_too() -> None:
    obs = _position(17, 28)
    nodes = search(obs, infer(obs), SplitMix64(3), BASE).nodes
    tight = dataclasses.replace(BASE, samples=40, node_budget=nodes)  # about six deals' nodes
    cut = _samples(obs, tight)
    assert 4 <= cut < 40
    assert cut < _samples(obs, dataclasses.replace(tight, early_scale=2)) < 40


def test_a_solved_decision_keeps_the_budget() -> None:
    obs = _position(5, 12)  # exact_cards or fewer left: solved exactly
    assert _samples(obs, dataclasses.replace(BASE, early_scale=2)) == _samples(obs, BASE) == 6


def test_the_hard_player_doubles_its_rolled_out_deals_and_medium_does_not() -> None:
    assert BUDGETS["hard"].early_scale == 2
    assert BUDGETS["medium"].early_scale == 1
