"""Actions as short strings, for the messages between the page and the bot worker.

>>> from bela.cards import Card, Suit
>>> [action_text(a) for a in (Bid(None), Bid(Suit.CLUBS), Declare(False), Play(Card.parse("KH"), True))]
['bid:pass', 'bid:C', 'declare:no', 'play:KH:bela']
>>> parse_action("play:TS") == Play(Card.parse("TS"))
True
"""

from __future__ import annotations

from bela.actions import Action, Bid, Declare, Play
from bela.cards import Card, Suit


class ProtocolError(ValueError):
    """A message that is not an action."""


def action_text(action: Action) -> str:
    if isinstance(action, Bid):
        return "bid:" + ("pass" if action.suit is None else action.suit.letter)
    if isinstance(action, Declare):
        return "declare:" + ("yes" if action.yes else "no")
    text = "play:" + action.card.notation
    if action.bela is not None:
        text += ":bela" if action.bela else ":bez"
    return text


def parse_action(text: str) -> Action:
    kind, _, rest = text.partition(":")
    try:
        if kind == "bid":
            return Bid(None if rest == "pass" else Suit.parse(rest))
        if kind == "declare" and rest in ("yes", "no"):
            return Declare(rest == "yes")
        if kind == "play":
            card, _, bela = rest.partition(":")
            if bela not in ("", "bela", "bez"):
                raise ProtocolError(f"{text!r} is not an action")
            return Play(Card.parse(card), None if not bela else bela == "bela")
    except ValueError:
        raise ProtocolError(f"{text!r} is not an action") from None
    raise ProtocolError(f"{text!r} is not an action")
