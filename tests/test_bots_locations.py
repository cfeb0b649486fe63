"""The card-location model: built from the observation only, blind to what the seat cannot
tell apart, drawn from exactly, and fitted reproducibly from a seed."""

from __future__ import annotations

import inspect
import re
import sys
from collections import Counter
from pathlib import Path

from test_bots import swapped_twin
from test_bots_knowledge import brute_force_deals, positions
from test_bots_sampler import chi2, chi2_critical, small_positions

from bela.bots import locations
from bela.bots.knowledge import infer
from bela.bots.sampler import WeightedDraw, deal_weight
from bela.data import card_locations
from bela.deal import SplitMix64
from bela.observation import Observation, observe

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import fit_locations  # noqa: E402


def test_the_model_reads_the_observation_only() -> None:
    # its inputs are the observation and what the seat infers from it (bela.bots.knowledge)
    for fn in (locations.buckets, locations.card_weights, locations.evidence, locations.roles):
        params = list(inspect.signature(fn).parameters.values())
        assert params[0].annotation in ("Observation", Observation), fn
        assert all(p.annotation in ("Knowledge", "tuple[float, ...] | None") for p in params[1:]), fn


def test_swapping_cards_the_seat_cannot_tell_apart_changes_nothing() -> None:
    rng = SplitMix64(41)
    compared = differ = 0
    for hand in positions(42, 400):
        seat = hand.turn
        if seat is None:
            continue
        twin = swapped_twin(hand, seat, rng)
        if twin is None or twin.deal == hand.deal:
            continue
        obs, obs_twin = observe(hand, seat), observe(twin, seat)
        if obs != obs_twin:
            continue  # a shown declaration changed: the seat can tell
        w, w_twin = (locations.card_weights(o, infer(o)) for o in (obs, obs_twin))
        assert w == w_twin
        compared += 1
        # the model is not blind to everything: some card weighs differently for two seats
        differ += any(len({x for x in row if x > 0}) > 1 for row in w.values())
    assert compared >= 100 and differ >= compared // 2


def test_the_weighted_draw_follows_the_weights_exactly() -> None:
    rng = SplitMix64(43)
    stat = 0.0
    df = 0
    for k in small_positions()[:8]:
        every = sorted(brute_force_deals(k))
        free = set()
        for d in every:
            for s in range(4):
                if s != k.seat:
                    free |= {c for c in range(32) if d[s] >> c & 1 and not k.must[s] >> c & 1}
        weights = {c: [0.2 + rng.random() * 3 for _ in range(4)] for c in sorted(free)}
        draw = WeightedDraw(k, weights)
        expected_w = {d: deal_weight(list(d), weights) for d in every}
        total = sum(expected_w.values())
        n = 60 * len(every)
        seen: Counter[tuple[int, ...]] = Counter()
        for _ in range(n):
            hands = draw.once(rng)
            assert hands is not None
            seen[tuple(hands)] += 1
        stat += chi2(seen, {d: n * w / total for d, w in expected_w.items()})
        df += len(every) - 1
    assert stat < chi2_critical(df), (stat, df)


def test_training_is_reproducible_from_a_seed() -> None:
    first = fit_locations.self_play(7, 3)
    assert first == fit_locations.self_play(7, 3)
    assert first != fit_locations.self_play(8, 3)
    f = fit_locations.fit(first, 5)
    assert f == fit_locations.fit(fit_locations.self_play(7, 3), 5)
    text = fit_locations.write(f, "note")
    assert text == fit_locations.write(fit_locations.fit(first, 5), "note")


def test_the_shipped_factors_name_the_scripts_settings() -> None:
    """The shipped file says how it was made; ``scripts/fit_locations.py --check`` refits with
    those settings and compares byte for byte (minutes: run by hand, not here)."""
    doc = card_locations.__doc__ or ""
    settings = fit_locations.SHIPPED
    assert re.search(rf"\b{settings['hands']} self-play hands\b", doc)
    assert f"seed {settings['seed']}, {settings['steps']} steps" in doc
    assert len(card_locations.FACTORS) == locations.BUCKETS
    assert all(x > 0 for x in card_locations.FACTORS)
    assert (ROOT / "bela" / "data" / "card_locations.py").stat().st_size < 4096
