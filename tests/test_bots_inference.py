"""Policy-likelihood weighting (bela.bots.inference): a sampled deal keeps its weight when the
others' plays are what the quick policy would play with that deal's hands, and loses ``eps``
for each play that is not."""

from __future__ import annotations

import math

from bela.actions import Bid, Play
from bela.bots.cardset import POINTS, TO_CARD, TO_INT
from bela.bots.inference import _unlike, play_weight
from bela.bots.knowledge import infer
from bela.bots.sampler import sample_deals
from bela.bots.search import rollout_card, to_internal
from bela.cards import Card, Suit
from bela.deal import SplitMix64, deal_cards
from bela.hand import Hand
from bela.observation import observe
from bela.seats import SEATS, Seat


def natural_hand(plays: int) -> Hand:
    """Hearts named by the first seat; then ``plays`` cards, each the one the quick policy
    chooses with every hand in view."""
    hand = Hand(Seat.W, deal_cards(20261202, Seat.W))
    hand.apply(Bid(Suit.HEARTS))
    while len([a for a in hand.actions if isinstance(a, Play)]) < plays:
        seat = hand.turn
        assert seat is not None
        legal = [a for a in hand.legal_actions() if isinstance(a, Play)]
        if not legal:  # declarations
            hand.apply(hand.legal_actions()[0])
            continue
        t = int(Suit.HEARTS)
        h = [to_internal(sum(1 << c.index for c in hand.held[s]), t) for s in SEATS]
        cards = [TO_INT[t][c.index] for c in hand.trick.cards]
        leader = int(hand.trick.leader)
        card = TO_CARD[t][rollout_card(h, int(seat), leader, cards, t)]
        hand.apply(next(a for a in legal if a.card == card))
    return hand


def held(hand: Hand) -> list[int]:
    return [sum(1 << c.index for c in hand.held[s]) for s in SEATS]


def test_the_real_deal_of_natural_plays_keeps_its_weight_and_others_lose_some() -> None:
    hand = natural_hand(9)
    assert hand.turn is not None
    obs = observe(hand, hand.turn)
    k = infer(obs)
    weight = play_weight(obs, k, 0.5)
    assert weight is not None
    rng = SplitMix64(3)
    assert weight(held(hand), rng) == 1.0
    deals = sample_deals(k, rng, 40, obs.dealer.next)
    weights = [weight(d, rng) for d in deals]
    # every weight is a power of eps, and some sampled deals explain the plays worse
    assert all(math.log2(w) == round(math.log2(w)) for w in weights)
    assert min(weights) < 1.0


def test_no_weight_before_anyone_else_has_played() -> None:
    hand = Hand(Seat.W, deal_cards(7, Seat.W))
    hand.apply(Bid(Suit.SPADES))
    while hand.turn is not None and not any(isinstance(a, Play) for a in hand.legal_actions()):
        hand.apply(hand.legal_actions()[0])
    assert hand.turn is not None
    obs = observe(hand, hand.turn)
    assert play_weight(obs, infer(obs), 0.5) is None


def test_alike_plays_are_the_same_suit_and_points_winning_alike() -> None:
    t = int(Suit.HEARTS)

    def i(text: str) -> int:
        return TO_INT[t][Card.parse(text).index]

    pts = POINTS[t]
    trick = [i("KS")]
    assert not _unlike(i("7S"), i("8S"), trick, t, pts)  # both lose, both worth nothing
    assert _unlike(i("7S"), i("AS"), trick, t, pts)  # an ace is not a seven
    assert _unlike(i("QS"), i("JS"), [i("7S")], t, pts) is True  # 3 points against 2
    assert not _unlike(i("7C"), i("8C"), [i("AS")], t, pts)  # two small discards of one suit
    assert _unlike(i("7C"), i("7D"), [i("AS")], t, pts)  # discards from two suits differ
