"""A match: hands in order, the dealer passing to the next seat, up to the target.

>>> m = Match(seed=3)
>>> hand = m.start_hand()
>>> hand.dealer == first_dealer(3), m.winner
(True, None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bela.cards import Card
from bela.deal import deal_cards, derive_seed, first_dealer
from bela.hand import Hand
from bela.observation import Observation, observe
from bela.rules import HouseRules
from bela.scoring import MatchScore, score_hand, score_match
from bela.seats import Seat, Team


class MatchOver(RuntimeError):
    """A hand was started after the match was won."""


class Match:
    """A match to the target. ``seed`` makes the deals (and the first dealer) reproducible."""

    def __init__(
        self,
        rules: HouseRules | None = None,
        seed: int | None = None,
        dealer: Seat | None = None,
    ) -> None:
        self.rules = rules or HouseRules()
        self.seed = seed
        self.first_dealer = dealer if dealer is not None else first_dealer(seed or 0)
        self.hands: list[Hand] = []

    @property
    def current(self) -> Hand | None:
        return self.hands[-1] if self.hands else None

    def next_dealer(self) -> Seat:
        return self.hands[-1].dealer.next if self.hands else self.first_dealer

    def start_hand(self, deal: Mapping[Seat, Sequence[Card]] | None = None) -> Hand:
        """Deal the next hand (from the seed unless ``deal`` is given)."""
        if self.winner is not None:
            raise MatchOver(f"the match is already won by {self.winner}")
        if self.hands and not self.hands[-1].finished:
            raise RuntimeError("the current hand is not finished")
        dealer = self.next_dealer()
        if deal is None:
            deal = deal_cards(derive_seed(self.seed or 0, len(self.hands) + 1), dealer)
        hand = Hand(dealer, deal, self.rules)
        self.hands.append(hand)
        return hand

    def score(self) -> MatchScore:
        return score_match((score_hand(h) for h in self.hands), self.rules)

    @property
    def winner(self) -> Team | None:
        return self.score().winner if self.hands else None

    @property
    def over(self) -> bool:
        return self.winner is not None

    def observation(self, seat: Seat) -> Observation:
        """What ``seat`` may know now in the current hand, with the match's scores."""
        hand = self.current
        if hand is None:
            raise RuntimeError("no hand has been dealt")
        before = score_match((score_hand(h) for h in self.hands[:-1]), self.rules)
        return observe(hand, seat, before.totals, before.hanging, len(self.hands))
