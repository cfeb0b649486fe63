"""A match: hands in order, the dealer passing to the next seat, up to the target.

>>> m = Match(seed=3)
>>> hand = m.start_hand()
>>> hand.dealer == first_dealer(3), m.winner
(True, None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bela.actions import Action
from bela.cards import Card
from bela.deal import deal_cards, derive_seed, first_dealer
from bela.hand import Hand
from bela.observation import Observation, observe
from bela.rules import HouseRules
from bela.scoring import HandScore, MatchScore, score_hand, score_match
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
        # the scores of finished hands, each with the actions it was scored after: a page asks
        # for the match's score many times a move, and scoring a hand replays its tricks
        self._scored: dict[int, tuple[Hand, list[Action], HandScore]] = {}

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
        return score_match((self._score_of(h) for h in self.hands), self.rules)

    def _score_of(self, hand: Hand) -> HandScore:
        """``score_hand(hand)``, kept while a finished hand's actions stay the same.

        >>> m = Match(seed=5)
        >>> hand = m.start_hand()
        >>> while not hand.finished:
        ...     hand.apply(hand.legal_actions()[0])
        >>> m._score_of(hand) is m._score_of(hand), m._score_of(hand) == score_hand(hand)
        (True, True)
        >>> _ = hand.undo()
        >>> m._score_of(hand).outcome is None
        True
        """
        if not hand.finished:
            return score_hand(hand)
        kept = self._scored.get(id(hand))
        if kept is not None and kept[0] is hand and kept[1] == hand.actions:
            return kept[2]
        scored = score_hand(hand)
        self._scored[id(hand)] = (hand, list(hand.actions), scored)
        return scored

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
        before = score_match((self._score_of(h) for h in self.hands[:-1]), self.rules)
        return observe(hand, seat, before.totals, before.hanging, len(self.hands))


def played_at_random(seed: int, rng_seed: int = 1) -> Match:
    """A match of ``seed`` whose first hand every seat played out with random legal actions
    (a finished hand for examples and tests).

    >>> m = played_at_random(3)
    >>> m.hands[0].finished, len(m.hands[0].plays)
    (True, 32)
    """
    from bela.deal import SplitMix64

    match = Match(seed=seed)
    hand = match.start_hand()
    rng = SplitMix64(rng_seed)
    while not hand.finished:
        legal = hand.legal_actions()
        hand.apply(legal[rng.below(len(legal))])
    return match
