"""Seeded positions for the search's tests: hands dealt from a seed and played at random until
a seat must choose among several cards with a given number of cards left."""

from __future__ import annotations

from bela.actions import Phase, Play
from bela.deal import SplitMix64, deal_cards, derive_seed
from bela.hand import Hand
from bela.observation import Observation, observe
from bela.seats import SEATS


def searched_position(seed: int, low: int, high: int, choices: int = 3) -> Observation:
    """The first position of the hands dealt from ``seed`` with ``low`` to ``high`` cards left
    (all seats) where the seat to play has ``choices`` legal cards or more."""
    for number in range(1, 50):
        dealer = SEATS[number % 4]
        hand = Hand(dealer, deal_cards(derive_seed(seed, number), dealer))
        rng = SplitMix64(number)
        while not hand.finished:
            seat = hand.turn
            assert seat is not None
            obs = observe(hand, seat)
            cards = {a.card for a in obs.legal if isinstance(a, Play)}
            left = sum(obs.held_count(s) for s in SEATS)
            if obs.phase is Phase.PLAYING and low <= left <= high and len(cards) >= choices:
                return obs
            hand.apply(rng.choice(hand.legal_actions()))
    raise AssertionError("no position found")
