"""What the live region says after each move (read out by screen readers), in the page's
language. Plain Python.

>>> from bela.actions import Bid
>>> from bela.cards import Suit
>>> from bela.match import Match
>>> from bela.rules import HouseRules
>>> from web.i18n import Translator
>>> from web.session import Outcome
>>> hand = Match(HouseRules(), seed=4).start_hand()
>>> announcement(Translator("en"), Outcome(Seat.S, Bid(Suit.HEARTS)), hand)
'You name hearts as trump.'
"""

from __future__ import annotations

from bela.actions import Bid, Declare
from bela.hand import Hand
from bela.seats import Seat
from web.session import Outcome
from web.words import T, card_name


def announcement(t: T, out: Outcome, hand: Hand) -> str:
    """The move ``out`` in words (with the trick's winner and a belot it brought)."""
    you = out.seat is Seat.S
    seat = t(f"seat.{out.seat.name}")

    def say(name: str, mine: bool, **params: object) -> str:
        return t(("live.you." if mine else "live.") + name, seat=seat, **params)

    action = out.action
    parts: list[str] = []
    if isinstance(action, Bid):
        if action.suit is None:
            parts.append(say("bid_pass", you))
        else:
            parts.append(say("bid", you, suit=t(f"suit_lower.{action.suit.letter}")))
    elif isinstance(action, Declare):
        parts.append(say("declare_yes" if action.yes else "declare_no", you))
    else:
        name = card_name(t, action.card)
        parts.append(say("play_bela" if out.bela else "play", you, card=name))
        if out.trick_winner is not None:
            winner = out.trick_winner
            parts.append(
                t("live.you.trick") if winner is Seat.S else t("live.trick", seat=t(f"seat.{winner.name}"))
            )
    if out.belot is not None:
        suit = t(f"suit_lower.{hand.deal[out.belot][0].suit.letter}")
        parts.append(t("banner.belot", seat=t(f"seat.{out.belot.name}"), suit=suit))
    return " ".join(parts)
