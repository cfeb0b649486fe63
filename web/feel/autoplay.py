"""The only legal card played for the player (Settings → Play the only legal card): which card
that is, if there is exactly one. Plain Python.

>>> from bela.deal import deal_cards
>>> forced_card(Hand(Seat.W, deal_cards(7, Seat.W))) is None  # bidding: no card to play
True
"""

from __future__ import annotations

from bela.actions import Phase, Play
from bela.cards import Card
from bela.hand import Hand
from bela.seats import Seat

#: How long the forced card waits before it plays itself (ms), as if the player had clicked it.
PAUSE_MS = 450


def forced_card(hand: Hand) -> Card | None:
    """The one card the player (South) may play now, or None when there is a choice (or no
    card to play). A trump king or queen that may call bela is one card: it is played as a
    click would, so that bela "choose" still asks."""
    if hand.phase is not Phase.PLAYING or hand.turn is not Seat.S:
        return None
    cards = {a.card for a in hand.legal_actions() if isinstance(a, Play)}
    return next(iter(cards)) if len(cards) == 1 else None
