"""A close call gets more deals (bela.bots.search.evaluate's extra_samples): the test of
closeness, and that the extra deals are searched only when it says so."""

from __future__ import annotations

from positions import searched_position

from bela.bots.knowledge import infer
from bela.bots.search import _close, evaluate
from bela.deal import SplitMix64
from bela.observation import Observation


def test_a_lead_of_many_standard_errors_is_not_close() -> None:
    # card 1 beats card 2 by 10 on every deal but one: the lead is sure
    deals = [{1: 10, 2: 0}] * 9 + [{1: 0, 2: 5}]
    assert not _close(deals, 2.0)


def test_a_lead_inside_the_noise_is_close() -> None:
    # card 1 leads by 2 on average, each deal +-40 apart: well under 2 standard errors
    deals = [{1: 40, 2: 0}, {1: 0, 2: 38}] * 5
    assert _close(deals, 2.0)
    # the same figures with a z of nothing are never close
    assert not _close(deals, 0.0)


def test_cards_worth_the_same_on_every_deal_are_a_tie_not_a_close_call() -> None:
    deals = [{1: 12, 2: 12, 3: -30}, {1: -4, 2: -4, 3: -50}, {1: 7, 2: 7, 3: -9}]
    assert not _close(deals, 2.0)


def test_one_deal_or_one_card_is_never_close() -> None:
    assert not _close([{1: 3, 2: 4}], 9.0)
    assert not _close([{1: 3}, {1: -3}, {1: 8}], 9.0)


def _searched_position() -> Observation:
    """A seeded position with some cards played (17 to 24 left) and several legal cards."""
    return searched_position(7, 17, 24)


def test_extra_deals_are_searched_only_for_a_close_call() -> None:
    obs = _searched_position()
    k = infer(obs)

    def samples(extra: int, z: float) -> int:
        result = evaluate(obs, k, SplitMix64(5), 8, None, 12, 10**9, extra_samples=extra, close_z=z)
        return result.samples

    assert samples(0, 1e9) == 8  # no extra deals asked for
    assert samples(6, 0.0) == 8  # nothing is close under a z of 0
    assert samples(6, 1e9) == 14  # everything not tied is close under a huge z


def test_the_extra_deals_stay_within_the_node_budget() -> None:
    obs = _searched_position()
    k = infer(obs)
    full = evaluate(obs, k, SplitMix64(5), 8, None, 12, 10**9, extra_samples=40, close_z=1e9)
    assert full.samples == 48
    budget = full.nodes // 3
    cut = evaluate(obs, k, SplitMix64(5), 8, None, 12, budget, extra_samples=40, close_z=1e9)
    assert 8 <= cut.samples < 48
    assert cut.nodes <= budget + budget // 8 + full.nodes // 48 * 2
