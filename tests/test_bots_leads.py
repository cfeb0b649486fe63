"""The rollouts' lead (bela.bots.leads) and its fit (scripts/fit/fit_leads.py)."""

from __future__ import annotations

import math
import random
from pathlib import Path

from bela.actions import action_text, parse_action
from bela.bots import decide
from bela.bots.cardset import FULL, SUIT_MASK
from bela.bots.leads import FEATURES, drawn_lead, lead_features, learned_lead, partner_lead
from bela.data import lead_weights
from bela.deal import derive_seed
from bela.observation import observe
from scripts.fit import fit_leads
from scripts.fit.fit_locations import new_hand, read_hands

# hearts (suit 0) trump in the examples below; in a side suit the eight cards run 7, 8, 9, J,
# Q, K, 10, A (strength 0 to 7: spades are 16 to 23, clubs 24 to 31)
SPADE_7, SPADE_8, SPADE_Q, SPADE_K, SPADE_10, SPADE_A = 16, 17, 20, 21, 22, 23
CLUB_7, CLUB_8 = 24, 25


def plain_lead(hand: int, out: int, trump: int, weights: tuple[float, ...] = lead_weights.WEIGHTS) -> int:
    """The card of ``hand`` whose features, times ``weights``, sum highest, the lowest number
    between equal sums: every card looked at."""
    scores = plain_scores(hand, out, trump, weights)
    return min(scores, key=lambda c: (-scores[c], c))


def plain_scores(
    hand: int, out: int, trump: int, weights: tuple[float, ...] = lead_weights.WEIGHTS
) -> dict[int, float]:
    """Each card of ``hand``: the sum of its features times ``weights``."""
    return {
        c: math.fsum(w * f for w, f in zip(lead_features(hand, out, c, trump), weights, strict=True))
        for c in range(32)
        if hand >> c & 1
    }


def random_lead(rng: random.Random) -> tuple[int, int, int]:
    """A leader's hand of 1 to 8 cards, up to three times as many cards out, and a trump."""
    cards = list(range(32))
    rng.shuffle(cards)
    k = rng.randint(1, 8)
    hand = sum(1 << c for c in cards[:k])
    out = sum(1 << c for c in cards[k : k + rng.randint(0, 3 * k)])
    return hand, out, rng.randrange(4)


def test_the_lead_is_the_best_sum_of_its_features() -> None:
    # twice over the same leads: the second time every suit's scores are the ones kept
    differ = 0
    for _ in range(2):
        rng = random.Random(2035)
        for _ in range(4000):
            hand, out, trump = random_lead(rng)
            assert learned_lead(hand, out, trump) == plain_lead(hand, out, trump)
            partners = plain_lead(hand, out, trump, lead_weights.PARTNER_WEIGHTS)
            assert partner_lead(hand, out, trump) == partners
            differ += partners != plain_lead(hand, out, trump)
    assert differ > 200  # the two sets of weights lead differently


def test_the_features_of_a_known_lead() -> None:
    # the queen of spades led from Q-A of spades and the 7 of clubs, hearts trump; out: the
    # king and ten of spades (both above the queen), two trumps, the 8 of clubs
    hand = 1 << SPADE_Q | 1 << SPADE_A | 1 << CLUB_7
    out = 1 << SPADE_K | 1 << SPADE_10 | 1 << 0 | 1 << 1 | 1 << CLUB_8
    got = dict(zip(FEATURES, lead_features(hand, out, SPADE_Q, 0), strict=True))
    assert got == {
        "trump": 0,
        "master": 0,
        "points": 0.3,  # a queen is worth 3
        "top": 0,
        "lowest": 1,
        "length": 0.5,
        "out": 0.5,
        "none out": 0,
        "ruff feared": 1,  # two spades out, and trumps
        "underlead": 1,  # the ace of spades is the suit's master, and it is held
        "trumps held": 0,
        "trumps out": 0,
        "points master": 0,
        "points not master": 0.3,
        "side singleton": 0,
        "side master, one or two out": 0,
        "one above": 0,  # two cards out beat it
        "top x length": 0,
        "pull": 0,
        "low of three": 0,
        "big, not master": 0,
    }


def test_the_leader_cashes_a_master_it_holds_rather_than_lead_under_it() -> None:
    # spades A and 7, the rest of spades out, no trumps anywhere: not the 7 under the ace
    hand = 1 << SPADE_A | 1 << SPADE_7
    out = SUIT_MASK[2] & ~hand
    assert learned_lead(hand, out, 0) == SPADE_A


def test_the_leader_pulls_trumps_with_the_master_trump() -> None:
    # the jack of hearts (7, the master trump) and the 7 of clubs; every other card out
    hand = 1 << 7 | 1 << CLUB_7
    assert learned_lead(hand, FULL & ~hand, 0) == 7


def test_equal_cards_are_one_choice() -> None:
    # clubs 7 and 8, nothing between them: one choice; spades 7 and 9 with the 8 out between
    # them: two; the queen and the king of spades (worth 3 and 4): one each
    spade_9 = 18
    hand = 1 << SPADE_7 | 1 << spade_9 | 1 << SPADE_Q | 1 << SPADE_K | 1 << CLUB_7 | 1 << CLUB_8
    out = 1 << SPADE_8
    rep = fit_leads.choices(hand, out, 0)
    assert rep == {
        SPADE_7: SPADE_7,
        spade_9: spade_9,
        SPADE_Q: SPADE_Q,
        SPADE_K: SPADE_K,
        CLUB_7: CLUB_7,
        CLUB_8: CLUB_7,
    }


def test_the_fit_finds_a_planted_feature() -> None:
    # feature 4 ("lowest") marks the card led three times in four, feature 9 is noise: the
    # weights must make 4 large, leave 9 small, and beat a uniform choice
    rng = random.Random(44)
    k = len(FEATURES)
    data: list[fit_leads.Example] = []
    for _ in range(400):
        marked = rng.randrange(3)
        led = marked if rng.random() < 0.75 else (marked + 1) % 3
        rows = [[0.0] * k for _ in range(3)]
        rows[marked][4] = 1.0
        for row in rows:
            row[9] = float(rng.random() < 0.5)
        data.append((rows, led))
    w = fit_leads.fit(data)
    assert w[4] > 1.2 and abs(w[9]) < 0.4, (w[4], w[9])
    hit, loss = fit_leads.score(data, w)
    assert hit > 0.7 and loss < fit_leads.score(data, None)[1] - 0.2


def test_the_shipped_weights_are_what_the_fit_makes_of_the_kept_hands() -> None:
    assert fit_leads.main(["--check"]) == 0


def test_a_recorded_round_is_the_hard_players_hands_played_out(tmp_path: Path) -> None:
    # --record plays the next round's hands (the held-out seed's first, then the training seed's)
    path = tmp_path / "round.jsonl"
    assert fit_leads.main(["--record", str(path), "--hands", "1", "--tests", "1"]) == 0
    hands = list(read_hands(path))
    assert [(seed, i) for seed, i, _ in hands] == [(2027, 0), (2026, 0)]
    for seed, i, actions in hands:
        hand = new_hand(seed, i)
        for text in actions:
            seat = hand.turn
            assert seat is not None
            chosen = decide(observe(hand, seat), "hard", derive_seed(seed, i, len(hand.actions))).action
            assert text == action_text(chosen)  # the hard player as shipped, as the arena seeds it
            hand.apply(parse_action(text))
        assert hand.finished and len(hand.plays) == 32
    assert len(fit_leads.leads(2026, 0, hands[1][2])) >= 1  # the hand's leads with a choice


def test_a_drawn_lead_follows_the_fits_odds() -> None:
    # the odds of each card are exp(its score), its score the plain sum of its features times
    # the weights; u on an even grid of [0, 1) draws each card that share of the grid
    rng = random.Random(2042)
    grid = 2000
    for _ in range(40):
        hand, out, trump = random_lead(rng)
        scores = plain_scores(hand, out, trump)
        total = math.fsum(math.exp(v) for v in scores.values())
        drawn = [drawn_lead(hand, out, trump, (i + 0.5) / grid) for i in range(grid)]
        assert set(drawn) <= set(scores)
        for c, v in scores.items():
            assert abs(drawn.count(c) - grid * math.exp(v) / total) <= 1.5, (hand, c)


def test_a_drawn_lead_leads_more_than_the_best_card() -> None:
    # the fit's best card gets under one lead in two here: the odds are spread
    hand = 1 << 7 | 1 << 8 | 1 << SPADE_7 | 1 << SPADE_10 | 1 << SPADE_A | 1 << 27
    out = FULL & ~hand & ~(1 << 1 | 1 << 30)
    drawn = [drawn_lead(hand, out, 0, (i + 0.5) / 1000) for i in range(1000)]
    best = learned_lead(hand, out, 0)
    assert 200 < drawn.count(best) < 500
    assert len(set(drawn)) == 6  # every card of the hand drawn sometimes
