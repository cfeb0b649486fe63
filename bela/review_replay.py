"""A finished hand, step by step, for its review (:mod:`bela.review`) and for where its pad and
štiglja were decided (:mod:`bela.review_decided`): the hand found in the match, its positions
replayed from the deal, and what the margin depends on besides the rest of the play.
"""

from __future__ import annotations

from collections.abc import Iterator

from bela.bots.search import Scoring
from bela.hand import Hand
from bela.match import Match
from bela.scoring import score_hand
from bela.seats import Team


class ReviewError(ValueError):
    """A hand that cannot be reviewed (no such hand, or not finished)."""


def finished_hand(match: Match, number: int) -> Hand:
    if not 1 <= number <= len(match.hands):
        raise ReviewError(f"there is no hand {number} (the record has {len(match.hands)})")
    hand = match.hands[number - 1]
    if not hand.finished:
        raise ReviewError(f"hand {number} is not finished")
    return hand


def replay(hand: Hand) -> Iterator[tuple[Hand, int]]:
    """The hand again from its deal: before each action, the position and the action's index."""
    again = Hand(hand.dealer, hand.deal, hand.rules)
    for i, action in enumerate(hand.actions):
        yield again, i
        again.apply(action)


def scoring_at(hand: Hand, pos: Hand) -> Scoring:
    """What the margin depends on besides the rest of the play: the hand's real declarations and
    bela, and the card points already taken."""
    final = score_hand(hand)
    assert hand.caller is not None
    return Scoring(hand.rules, hand.caller.team, final.declarations, final.bela, pos.card_points()[Team.NS])
