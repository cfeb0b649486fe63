"""Policy-likelihood weighting: how well a sampled deal explains the cards the others played.

In a sampled deal every other seat's whole hand is known, so each card it played can be set
against what a sensible player holding that hand would have played there: the search's quick
full-information policy (:func:`bela.bots.rollout.rollout_card`). A play the policy would also
have made (or one like it: the same suit, the same card points, and winning the trick so far
or not alike) keeps the deal's weight; any other play multiplies it by ``eps``. A deal in
which the opponents' plays look like mistakes is so made less likely than one in which they
look natural: the same reading a club player makes ("he did not smear the ace on his
partner's trick: he has no ace there").

Only the observation is read (the public plays, and the deal being weighed): the weight of a
deal depends on nothing the seat cannot see.
"""

from __future__ import annotations

from bela.bots.cardset import ABOVE, POINTS, TO_INT
from bela.bots.knowledge import Knowledge, beats, trick_plays
from bela.bots.rollout import rollout_card
from bela.bots.sampler import Hands, Weight
from bela.bots.search import to_internal
from bela.cards import DECK
from bela.deal import SplitMix64
from bela.observation import Observation
from bela.seats import SEATS


def _wins(card: int, best: int, trump: int) -> bool:
    if card >> 3 == best >> 3:
        return bool(ABOVE[best] >> card & 1)
    return card >> 3 == trump


def play_weight(obs: Observation, k: Knowledge, eps: float) -> Weight | None:
    """The weight of a sampled deal: ``eps`` to the power of the other seats' plays that the
    policy would not have made with that deal's hands. None when nobody else has played."""
    trump = obs.trump
    assert trump is not None
    t = int(trump)
    table = TO_INT[t]
    pts = POINTS[t]
    plays = [(int(s), table[c.index]) for s, c in obs.plays]
    me = int(obs.seat)
    if not any(s != me for s, _ in plays):
        return None
    played_by = k.played_by
    cache: dict[tuple[int, ...], float] = {}

    def weight(hands: Hands, rng: SplitMix64) -> float:
        key = tuple(hands)
        got = cache.get(key)
        if got is not None:
            return got
        h = [to_internal(hands[s] | played_by[s], t) for s in SEATS]
        w = 1.0
        cards: list[int] = []
        leader = plays[0][0] if plays else 0
        for seat, card in plays:
            if not cards:
                leader = seat
            if seat != me:
                choice = rollout_card(h, seat, leader, cards, t)
                if choice != card and _unlike(choice, card, cards, t, pts):
                    w *= eps
            h[seat] ^= 1 << card
            cards.append(card)
            if len(cards) == 4:
                cards = []
        cache[key] = w
        return w

    return weight


def _unlike(a: int, b: int, trick: list[int], trump: int, pts: tuple[int, ...]) -> bool:
    """Whether two cards are different plays onto ``trick`` (not the same suit and points and
    winning alike)."""
    if a >> 3 != b >> 3 or pts[a] != pts[b]:
        return True
    if not trick:
        return False
    best = trick[0]
    for c in trick[1:]:
        if _wins(c, best, trump):
            best = c
    return _wins(a, best, trump) != _wins(b, best, trump)


def follow_weight(obs: Observation, k: Knowledge, eps: float) -> Weight | None:
    """The weight of a sampled deal by the cheap-follow reading: a seat that followed suit
    onto a trick the other side held, without taking it, is read as holding no cheaper card
    of that suit then (a player throws its cheapest loser). Each deal in which such a seat
    did hold one weighs ``eps`` times less. None when there is nothing to read."""
    trump = obs.trump
    assert trump is not None
    checks: list[tuple[int, int]] = []  # (seat, cards of the suit cheaper than the one played)
    seen = 0
    for _j, seat, card, led, best_seat, best in trick_plays(obs):
        if (
            best_seat is not None
            and best is not None
            and seat != obs.seat
            and card.suit == led
            and best_seat.team is not seat.team
            and not beats(card, best, trump)
        ):
            cheaper = 0
            for c in DECK:
                if c.suit == led and c.points(trump) < card.points(trump):
                    cheaper |= 1 << c.index
            cheaper &= ~seen
            if cheaper:
                checks.append((int(seat), cheaper))
        seen |= 1 << card.index
    if not checks:
        return None
    played_by = k.played_by

    def weight(hands: Hands, rng: SplitMix64) -> float:
        w = 1.0
        for seat, cheaper in checks:
            if (hands[seat] | played_by[seat]) & cheaper:
                w *= eps
        return w

    return weight
