"""Policy-likelihood weighting (bela.bots.inference): a sampled deal keeps its weight when the
others' plays are what the quick policy would play with that deal's hands, and loses ``eps``
for each play that is not."""

from __future__ import annotations

import math

from bela.actions import Bid, Play
from bela.bots.cardset import POINTS, TO_CARD, TO_INT
from bela.bots.inference import _unlike, follow_weight, play_weight
from bela.bots.knowledge import infer
from bela.bots.rollout import rollout_card
from bela.bots.sampler import sample_deals
from bela.bots.search import to_internal
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


# Clubs named by S, who leads AH; E follows with KH while holding 7H 8H 9H
CHEAP = {
    Seat.S: "AH QH 7C 8C 9C TC JC AS",
    Seat.E: "KH 7H 8H 9H QC KC AC 7S",
    Seat.N: "AD 7D 8D 9D TD 8S 9S TS",
    Seat.W: "TH JH JD QD KD QS KS JS",
}


def mask(text: str) -> int:
    return sum(1 << Card.parse(t).index for t in text.split())


def test_the_cheap_follow_reading_weighs_a_deal_by_the_cheaper_cards_it_gives() -> None:
    hand = Hand(Seat.W, {s: tuple(Card.parse(t) for t in text.split()) for s, text in CHEAP.items()})
    hand.apply(Bid(Suit.CLUBS))
    for text in ("AH", "KH"):
        card = Card.parse(text)
        hand.apply(next(a for a in hand.legal_actions() if isinstance(a, Play) and a.card == card))
    obs = observe(hand, Seat.N)  # third to play: E threw its king on S's ace
    weight = follow_weight(obs, infer(obs), 0.5)
    assert weight is not None
    rng = SplitMix64(1)
    # the real deal: E still holds three cheaper hearts, so E's king reads as unlikely
    assert weight(held(hand), rng) == 0.5
    # the same deal with E's small hearts swapped for W's diamonds: E had nothing cheaper
    swapped = held(hand)
    swapped[Seat.E] = swapped[Seat.E] & ~mask("7H 8H 9H") | mask("JD QD KD")
    swapped[Seat.W] = swapped[Seat.W] & ~mask("JD QD KD") | mask("7H 8H 9H")
    assert weight(swapped, rng) == 1.0
    # W's hearts are no business of the reading: only the seat that followed is read
    swapped[Seat.W] |= mask("QH")
    assert weight(swapped, rng) == 1.0


def test_the_cheap_follow_reading_has_nothing_to_read_on_a_partners_trick() -> None:
    hand = Hand(Seat.W, {s: tuple(Card.parse(t) for t in text.split()) for s, text in CHEAP.items()})
    hand.apply(Bid(Suit.CLUBS))
    for text in ("AH", "KH", "8S"):  # N (S's partner) discards on S's trick: no follow to read
        card = Card.parse(text)
        hand.apply(next(a for a in hand.legal_actions() if isinstance(a, Play) and a.card == card))
    obs = observe(hand, Seat.S)
    # from S: E's king on S's ace is read (N's discard is no follow)
    assert follow_weight(obs, infer(obs), 0.5) is not None
    first = Hand(Seat.W, {s: tuple(Card.parse(t) for t in text.split()) for s, text in CHEAP.items()})
    first.apply(Bid(Suit.CLUBS))
    start = observe(first, Seat.S)
    assert follow_weight(start, infer(start), 0.5) is None
