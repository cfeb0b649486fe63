"""What a seat infers from its observation is true of the real deal, and sampled deals keep it."""

from __future__ import annotations

import itertools

from bela.actions import Bid, Play
from bela.bots.knowledge import Knowledge, declarations_fit, infer, mask
from bela.bots.sampler import deals_for_search, enumerate_deals, sample_deals
from bela.cards import Card, Suit
from bela.deal import SplitMix64, deal_cards
from bela.hand import Hand
from bela.observation import observe
from bela.rules import HouseRules
from bela.seats import SEATS, Seat

RULES = (HouseRules(), HouseRules(declarations="choose", bela="choose"))


def positions(seed: int, count: int, late: bool = False) -> list[Hand]:
    """Hands reached by random play, trump named and not finished: after 1 to 38 actions, or
    (``late``) after 20 to 29 cards, 3 to 12 cards left."""
    rng = SplitMix64(seed)
    out: list[Hand] = []
    while len(out) < count:
        dealer = SEATS[rng.below(4)]
        hand = Hand(dealer, deal_cards(rng.next(), dealer), RULES[len(out) % 2])
        stop = 20 + rng.below(10) if late else 1 + rng.below(38)
        while not hand.finished and len(hand.plays if late else hand.actions) < stop:
            hand.apply(rng.choice(hand.legal_actions()))
        if hand.trump is not None and not hand.finished and hand.turn is not None:
            out.append(hand)
    return out


def test_every_inferred_fact_holds_in_the_real_deal() -> None:
    voids = ceilings = known = 0
    for hand in positions(11, 400):
        for seat in SEATS:
            k = infer(observe(hand, seat))
            for s in SEATS:
                if s == seat:
                    continue
                held = mask(hand.held[s])
                assert held & k.cannot[s] == 0, (hand, seat, s)
                assert k.must[s] & ~held == 0, (hand, seat, s)
                assert k.count[s] == len(hand.held[s])
                known += k.must[s].bit_count()
                for suit in Suit:
                    bits = 0xFF << (8 * suit)
                    if k.cannot[s] & bits == bits & k.unseen:
                        voids += 1
                    elif k.cannot[s] & bits & k.unseen:
                        ceilings += 1
            full = [mask(hand.deal[s]) for s in SEATS]
            assert declarations_fit(k, full, hand.dealer.next)
            assert k.unseen == sum(mask(hand.held[s]) for s in SEATS if s != seat)
    assert voids > 100 and ceilings > 100 and known > 10


def test_sampled_deals_keep_every_fact() -> None:
    rng = SplitMix64(5)
    for hand in positions(12, 120):
        seat = hand.turn
        assert seat is not None
        k = infer(observe(hand, seat))
        for deal in sample_deals(k, rng, 6, hand.dealer.next):
            assert deal[seat] == mask(hand.held[seat])
            union = 0
            for s in SEATS:
                assert union & deal[s] == 0
                union |= deal[s]
                assert deal[s].bit_count() == len(hand.held[s])
                if s != seat:
                    assert deal[s] & k.cannot[s] == 0
                    assert k.must[s] & ~deal[s] == 0
            assert union == k.unseen | k.mine
            full = [deal[s] | k.played_by[s] for s in SEATS]
            assert declarations_fit(k, full, hand.dealer.next)


def brute_force_deals(k: Knowledge) -> set[tuple[int, ...]]:
    """Every split of the unseen cards among the other seats that keeps the card facts."""
    others = [s for s in SEATS if s != k.seat]
    unseen = [c for c in range(32) if k.unseen >> c & 1]
    out: set[tuple[int, ...]] = set()
    for first in itertools.combinations(unseen, k.count[others[0]]):
        rest = [c for c in unseen if c not in first]
        for second in itertools.combinations(rest, k.count[others[1]]):
            third = [c for c in rest if c not in second]
            deal = [k.mine] * 4
            for s, cards in zip(others, (first, second, third), strict=True):
                deal[s] = sum(1 << c for c in cards)
            if all(deal[s] & k.cannot[s] == 0 and k.must[s] & ~deal[s] == 0 for s in others):
                out.add(tuple(deal))
    return out


def test_enumerated_deals_are_exactly_the_consistent_ones() -> None:
    rng = SplitMix64(8)
    checked = 0
    for hand in positions(13, 60, late=True):
        seat = hand.turn
        assert seat is not None
        k = infer(observe(hand, seat))
        every = brute_force_deals(k)
        got = enumerate_deals(k, 10_000)
        assert got is not None
        assert len({tuple(d) for d in got}) == len(got)
        assert {tuple(d) for d in got} == every
        assert tuple(mask(hand.held[s]) for s in SEATS) in every
        small = enumerate_deals(k, len(every) - 1)
        assert small is None
        deals, weights = deals_for_search(k, rng, 4, hand.dealer.next, None, len(every))
        fit = {
            d for d in every if declarations_fit(k, [d[s] | k.played_by[s] for s in SEATS], hand.dealer.next)
        }
        assert {tuple(d) for d in deals} == fit and len(deals) == len(fit) and weights is None
        checked += 1
    assert checked == 60


def play(hand: Hand, *cards: str) -> None:
    for text in cards:
        card = Card.parse(text)
        action = next(a for a in hand.legal_actions() if isinstance(a, Play) and a.card == card)
        hand.apply(action)


def test_void_and_ceiling_from_one_trick() -> None:
    deal = {
        Seat.S: tuple(Card.parse(c) for c in ["AH", "7H", "8S", "9S", "TS", "JS", "QS", "KS"]),
        Seat.E: tuple(Card.parse(c) for c in ["KH", "8H", "9D", "TD", "JD", "QD", "KD", "AD"]),
        Seat.N: tuple(Card.parse(c) for c in ["9H", "TH", "7C", "8C", "9C", "TC", "JC", "QC"]),
        Seat.W: tuple(Card.parse(c) for c in ["JH", "QH", "KC", "AC", "7D", "8D", "7S", "AS"]),
    }
    # W deals, S speaks first and leads; trump clubs, named by S
    hand = Hand(Seat.W, deal)
    hand.apply(Bid(Suit.CLUBS))
    # S leads AH; E must follow, cannot beat it, plays 8H (ceiling: nothing above AH, trivially);
    # N plays 9H; W plays JH. Next S leads 8S: E has no spade and no club, so E is void in both
    play(hand, "AH", "8H", "9H", "JH", "8S")
    play(hand, "9D")
    k = infer(observe(hand, Seat.N))
    spades, clubs = 0xFF << 16, 0xFF << 24
    assert k.cannot[Seat.E] & spades == spades
    assert k.cannot[Seat.E] & clubs == clubs
    assert not k.cannot[Seat.W] & spades & ~mask(list(hand.held[Seat.N]))
