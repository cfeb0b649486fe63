"""The told player of ``scripts/arena/oracle.py``: what it is told, and that told nothing it is
the shipped player."""

from __future__ import annotations

import pytest

from bela.actions import Phase, Play
from bela.arena import level_player, play_hand
from bela.bots import decide
from bela.bots.knowledge import ALL, infer, mask
from bela.bots.sampler import enumerate_deals, sample_hidden
from bela.cards import Card, Suit
from bela.deal import SplitMix64, deal_cards
from bela.hand import Hand
from bela.observation import observe
from bela.seats import SEATS, Seat
from scripts.arena import oracle


def _in_play(plays: int, seed: int = 11) -> Hand:
    """A hand of medium players stopped after ``plays`` cards."""
    deal = deal_cards(seed, Seat.W)
    players = {s: level_player("medium") for s in SEATS}
    hand, illegal = play_hand(
        Seat.W, deal, players, None, seed, until=lambda h: h.phase is Phase.PLAYING and len(h.plays) >= plays
    )
    assert illegal == 0 and hand.trump is not None
    return hand


def test_what_each_kind_tells() -> None:
    side_aces_tens = mask([Card.parse(t) for t in ["AH", "TH", "AD", "TD", "AS", "TS"]])
    assert oracle.told("aces", Seat.S, Seat.N, Suit.CLUBS) == side_aces_tens
    assert oracle.told("aces", Seat.S, Seat.E, Suit.CLUBS) == 0
    assert oracle.told("trumps", Seat.S, Seat.N, Suit.HEARTS) == mask(
        [Card.parse(t) for t in ["7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"]]
    )
    assert oracle.told("honours", Seat.S, Seat.N, Suit.SPADES) == mask([Card.parse("JS"), Card.parse("9S")])
    assert oracle.told("honours", Seat.S, Seat.W, Suit.SPADES) == 0
    assert oracle.told("next", Seat.S, Seat.E, Suit.HEARTS) == ALL
    assert oracle.told("next", Seat.S, Seat.W, Suit.HEARTS) == 0
    assert oracle.told("partner", Seat.E, Seat.W, Suit.HEARTS) == ALL
    assert all(oracle.told("all", Seat.S, s, Suit.HEARTS) == ALL for s in (Seat.W, Seat.N, Seat.E))
    assert all(oracle.told("nothing", Seat.S, s, Suit.HEARTS) == 0 for s in SEATS)
    with pytest.raises(ValueError, match="unknown 'hearts'"):
        oracle.oracle_player("hard", "hearts")


def test_told_all_leaves_one_deal_the_true_one() -> None:
    hand = _in_play(9)
    seat = hand.turn
    assert seat is not None
    k = infer(observe(hand, seat))
    before = enumerate_deals(k, 100000)
    assert before is None or len(before) > 1
    oracle.reveal(k, hand, seat, "all")
    deals = enumerate_deals(k, 10)
    assert deals is not None and len(deals) == 1
    assert all(deals[0][s] == mask(hand.held[s]) for s in SEATS if s != seat)


def test_told_the_partners_trumps_every_deal_gives_it_those_and_no_others() -> None:
    hand = _in_play(5)
    seat = hand.turn
    assert seat is not None and hand.trump is not None
    k = infer(observe(hand, seat))
    oracle.reveal(k, hand, seat, "trumps")
    trumps = 0xFF << (8 * int(hand.trump))
    truth = mask(hand.held[seat.partner]) & trumps
    rng = SplitMix64(3)
    opponents = set()
    for _ in range(30):
        deal = sample_hidden(k, rng)
        assert deal is not None
        assert deal[seat.partner] & trumps == truth
        opponents.add(deal[seat.next])
    assert len(opponents) > 1  # the rest is still drawn


def test_told_nothing_it_decides_as_the_shipped_player() -> None:
    hand = _in_play(0, seed=12)
    told = oracle.oracle_player("hard", "nothing")
    plays = 0
    while not hand.finished and plays < 12:
        seat = hand.turn
        assert seat is not None
        seed = 1000 + len(hand.actions)
        action = told(hand, seat, seed)
        assert action == decide(observe(hand, seat), "hard", seed).action
        plays += isinstance(action, Play)
        hand.apply(action)
    assert plays == 12
