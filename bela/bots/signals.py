"""The partners' call (appel direct), as club players give and read it.

A seat that can neither follow the suit led nor trump discards. When its partner holds the
trick, a small card (7, 8 or 9) it throws from a side suit says "I hold that suit's ace:
lead it to me"; a player without such a suit throws its cheapest card, which calls nothing
(an ace thrown would say "the ten is behind it", a ten "no ace here": the search's own
smear, left to it).

- **Giving** (:func:`call_card`): between the cards the search rates within ``slack`` of
  its best, the hard player discards the small card of a suit whose ace it holds.
- **Reading** (:func:`read_calls`): the seats a partner's small discards point at get the
  called ace ``factor`` times likelier in the sampled deals.

>>> from bela.cards import Card, Suit
>>> hand = [Card.parse(t) for t in "AC 7C KD 8D".split()]
>>> is_call(Card.parse("7C"), hand, Suit.HEARTS)
True
>>> is_call(Card.parse("8D"), hand, Suit.HEARTS)
False
"""

from __future__ import annotations

from collections.abc import Sequence

from bela.bots.knowledge import trick_plays
from bela.cards import Card, Rank, Suit, trick_winner_index
from bela.observation import Observation

SMALL = (Rank.SEVEN, Rank.EIGHT, Rank.NINE)


def is_call(card: Card, hand: Sequence[Card], trump: Suit) -> bool:
    """Whether discarding ``card`` from ``hand`` calls its suit: a small side card whose ace
    stays in the hand."""
    if card.suit == trump or card.rank not in SMALL:
        return False
    return any(c.suit == card.suit and c.rank == Rank.ACE for c in hand)


def discarding_on_partner(obs: Observation) -> bool:
    """Whether the seat to play can neither follow nor trump while its partner holds the trick."""
    trump = obs.trump
    if trump is None or not obs.trick:
        return False
    led = obs.trick[0][1].suit
    if any(c.suit in (led, trump) for c in obs.cards):
        return False
    cards = [c for _, c in obs.trick]
    return obs.trick[trick_winner_index(cards, trump)][0] == obs.seat.partner


def call_card(obs: Observation, ranked: list[tuple[Card, float]], slack: float) -> Card | None:
    """The calling discard to play instead of the search's first card, if one is rated within
    ``slack`` of it (the weakest such card); None when the search's own card already calls."""
    trump = obs.trump
    if trump is None or not ranked or not discarding_on_partner(obs):
        return None
    first, top = ranked[0]
    if is_call(first, obs.cards, trump):
        return None
    near = [c for c, v in ranked if v >= top - slack and is_call(c, obs.cards, trump)]
    return min(near, key=lambda c: (c.strength(trump), c.index)) if near else None


def read_calls(obs: Observation) -> list[tuple[int, Card]]:
    """The partner's calls so far: (the partner, the ace it called) for every small side card
    it discarded while this seat held the trick, the ace not yet seen."""
    trump = obs.trump
    if trump is None:
        return []
    partner = obs.seat.partner
    seen = {c for _, c in obs.plays} | set(obs.cards)
    out: list[tuple[int, Card]] = []
    for _j, seat, card, led, best_seat, _best in trick_plays(obs):
        if best_seat != obs.seat or seat != partner or card.suit in (led, trump) or card.rank not in SMALL:
            continue
        ace = Card(Rank.ACE, card.suit)
        if ace not in seen:
            out.append((int(partner), ace))
    return out
