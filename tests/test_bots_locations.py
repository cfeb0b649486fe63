"""The card-location model: built from the observation only, blind to what the seat cannot
tell apart, drawn from exactly, and fitted reproducibly from a seed."""

from __future__ import annotations

import inspect
import re
from collections import Counter
from pathlib import Path

import pytest
from test_bots import swapped_twin
from test_bots_knowledge import brute_force_deals, positions
from test_bots_sampler import chi2, chi2_critical, small_positions

from bela.actions import Bid, Play
from bela.bots import locations
from bela.bots.knowledge import infer
from bela.bots.sampler import WeightedDraw, deal_weight
from bela.cards import Card, Suit, parse_cards
from bela.data import card_locations
from bela.deal import SplitMix64
from bela.hand import Hand
from bela.observation import Observation, observe
from bela.seats import Seat
from scripts.fit import fit_locations

ROOT = Path(__file__).resolve().parent.parent


def test_the_model_reads_the_observation_only() -> None:
    # its inputs are the observation and what the seat infers from it (bela.bots.knowledge)
    for fn in (
        locations.buckets,
        locations.card_weights,
        locations.evidence,
        locations.features,
        locations.plays,
        locations.roles,
    ):
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
    first = fit_locations.self_play(7, 2)
    assert first and first == fit_locations.self_play(7, 2)
    assert first != fit_locations.self_play(8, 2)
    f = fit_locations.fit(first, 5)
    assert f == fit_locations.fit(fit_locations.self_play(7, 2), 5)
    text = fit_locations.write(f, "note")
    assert text == fit_locations.write(fit_locations.fit(first, 5), "note")


def test_recorded_hands_give_the_same_examples(tmp_path: Path) -> None:
    # hands recorded once (deal and actions) and replayed make the data of playing them again;
    # a second recording keeps the hands the file has and plays only the missing ones
    path = tmp_path / "hands.jsonl"
    fit_locations.record(path, 7, 1, jobs=1)
    fit_locations.record(path, 7, 2, jobs=1)
    assert [(s, i) for s, i, _ in fit_locations.read_hands(path)] == [(7, 0), (7, 1)]
    assert fit_locations.recorded(path, 7, 2) == fit_locations.self_play(7, 2)
    assert fit_locations.recorded(path, 7, 1) == fit_locations.self_play(7, 1)
    assert fit_locations.recorded(path, 8, 2) == []


def test_a_gzipped_recording_reads_as_a_plain_one(tmp_path: Path) -> None:
    plain, packed = tmp_path / "hands.jsonl", tmp_path / "hands.jsonl.gz"
    fit_locations.record(plain, 7, 1, jobs=1)
    fit_locations.record(packed, 7, 1, jobs=1)
    fit_locations.record(packed, 7, 2, jobs=1)  # appended: a second gzip member
    assert packed.read_bytes()[:2] == b"\x1f\x8b"
    assert list(fit_locations.read_hands(packed))[:1] == list(fit_locations.read_hands(plain))
    assert [(s, i) for s, i, _ in fit_locations.read_hands(packed)] == [(7, 0), (7, 1)]


def test_the_kept_recording_is_whole() -> None:
    # the hands recorded for the next fit (docs/experiments.md, the ninth pass): 2,500 of the
    # training seed and 500 held out, each number once, each hand replayed by the engine
    path = Path(fit_locations.__file__).parent / "data" / "hands.jsonl.gz"
    numbers: dict[int, list[int]] = {}
    for seed, i, actions in fit_locations.read_hands(path):
        numbers.setdefault(seed, []).append(i)
        assert len(actions) >= 33  # one bid at least, then 32 cards (a bela call rides on a card)
    got = {seed: sorted(them) for seed, them in numbers.items()}
    assert got == {2027: list(range(500)), 2026: list(range(2500))}
    assert fit_locations.recorded(path, 2026, 1) and fit_locations.recorded(path, 2027, 1)


def test_the_self_play_does_not_hang_on_the_shipped_factors(monkeypatch: pytest.MonkeyPatch) -> None:
    # the hands are played with deals drawn by the bids, so a refit makes the same data
    first = fit_locations.self_play(9, 1)
    monkeypatch.setattr(
        locations, "_FACTORS", tuple(3.0 if i % 2 else 0.3 for i in range(locations.FEATURES))
    )
    assert fit_locations.self_play(9, 1) == first


def test_the_fit_finds_a_planted_feature() -> None:
    # feature 5 marks the holder two times in three, feature 9 is noise: the fit must give 5 a
    # factor far above 1, leave 9 near 1, and beat the hand sizes' log-loss
    rng = SplitMix64(44)
    data: list[fit_locations.Example] = []
    for _ in range(600):
        marked = rng.below(3)
        holder = marked if rng.random() < 2 / 3 else (marked + 1) % 3
        rows: tuple[tuple[int, ...], ...] = tuple((5, 9) if j == marked else (9,) for j in range(3))
        data.append((rows, (4, 4, 4), holder))
    f = fit_locations.fit(data, 60)
    assert f[5] > 2.5 and 0.8 < f[9] < 1.25, (f[5], f[9])
    assert fit_locations.log_loss(data, f) < fit_locations.log_loss(data, None) - 0.1


def test_the_shipped_model_reads_what_players_read() -> None:
    # a seat that led a smaller card of a side suit seldom holds its ace; a small discard calls
    # the ace of its suit; a seat that lost a card onto the other side's trick has no cheaper
    # one there; one that gave its partner a card holds no king-queen-jack above it to smear
    # (flags of bela.bots.locations.plays, relations of relations; kinds: 6 side ace, 8 side
    # K-Q-J, 9 side 7-8-9)
    f = card_locations.FACTORS
    flag, rel, kinds = locations.OFF_FLAG, locations.OFF_RELATION, locations.KINDS
    led_low, small_discard = 1, 6
    lost, above_given = 0, 6
    assert f[flag + led_low * kinds + 6] < 0.8
    assert f[flag + small_discard * kinds + 6] > 1.2
    assert f[rel + lost * kinds + 9] < 0.5 and f[rel + lost * kinds + 8] < 0.5
    assert f[rel + above_given * kinds + 8] < 0.8


def test_the_shipped_factors_name_the_scripts_settings() -> None:
    """The shipped file says how it was made; ``python -m scripts.fit.fit_locations --check`` refits with
    those settings and compares byte for byte (minutes: run by hand, not here)."""
    doc = card_locations.__doc__ or ""
    settings = fit_locations.SHIPPED
    assert re.search(rf"\b{settings['hands']} self-play hands\b", doc)
    assert f"seed {settings['seed']}, {settings['steps']} steps" in doc
    assert len(card_locations.FACTORS) == locations.FEATURES
    assert all(x > 0 for x in card_locations.FACTORS)
    assert (ROOT / "bela" / "data" / "card_locations.py").stat().st_size < 6144


def test_relations_place_each_card_against_what_the_seat_played() -> None:
    # clubs named by S, who leads AH; E loses 9H onto it, N (no heart, no club) discards 8D, W
    # (neither) discards KS: from S's seat, E's cheaper hearts, N's cheaper and dearer diamonds
    # and W's cheaper and dearer spades stand in those relations
    deal = {
        Seat.S: tuple(parse_cards(["AH", "KH", "QH", "JH", "7C", "8C", "9C", "TC"])),
        Seat.E: tuple(parse_cards(["7H", "8H", "9H", "TH", "JC", "QC", "KC", "AC"])),
        Seat.N: tuple(parse_cards(["AD", "7D", "8D", "9D", "AS", "7S", "8S", "9S"])),
        Seat.W: tuple(parse_cards(["TD", "JD", "QD", "KD", "TS", "JS", "QS", "KS"])),
    }
    hand = Hand(Seat.W, deal)
    hand.apply(Bid(Suit.CLUBS))
    for text in ("AH", "9H", "8D", "KS"):
        card = Card.parse(text)
        hand.apply(next(a for a in hand.legal_actions() if isinstance(a, Play) and a.card == card))
    obs = observe(hand, Seat.S)
    rel = locations.relations(obs)

    def m(text: str) -> int:
        return sum(1 << c.index for c in parse_cards(text.split()))

    assert rel[Seat.E][0] == m("7H 8H")  # lost onto the other side's trick: nothing cheaper
    assert rel[Seat.N][2] == m("7D") and rel[Seat.N][7] == m("9D JD QD KD TD AD")
    assert rel[Seat.W][2] == m("7S 8S 9S JS QS") and rel[Seat.W][7] == m("TS AS")
    assert not rel[Seat.E][2] and not rel[Seat.N][0] and not any(rel[Seat.S])
    feats = locations.features(obs, infer(obs))
    h8 = Card.parse("8H").index
    assert locations.OFF_RELATION + 0 * locations.KINDS + 9 in feats[h8][Seat.E]  # side 7-9
    assert not feats[h8][Seat.S]  # the asking seat
    assert not any(f >= locations.OFF_RELATION for f in feats[Card.parse("TH").index][Seat.E])
