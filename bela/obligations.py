"""Which cards a player may play to a trick, and why any other card is refused.

>>> from bela.cards import parse_cards, Card, Suit
>>> hand = parse_cards(["7S", "KS", "AH"])
>>> [str(c) for c in legal_cards(hand, parse_cards(["QS"]), Suit.HEARTS)]
['KS']
>>> print(refusal(Card.parse("7S"), hand, parse_cards(["QS"]), Suit.HEARTS))
must beat QS with a higher spade (holds KS)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bela.cards import Card, Suit, card_list


@dataclass(frozen=True, slots=True)
class PlayRefusal:
    """Why a card may not be played, as data (for translation) and as an English sentence.

    ``kind`` is one of:
    - ``follow``: has the suit led and must play it (``suit``);
    - ``beat``: must beat ``beat`` with a higher card of ``suit`` (iber / trump led);
    - ``trump``: has no ``led`` card and must trump with ``suit``;
    - ``overtrump``: has no ``led`` card and must beat the trump ``beat`` with a higher ``suit``.
    ``options`` are the cards that would be allowed.
    """

    kind: str
    suit: Suit
    options: tuple[Card, ...]
    beat: Card | None = None
    led: Suit | None = None

    def __str__(self) -> str:
        holds = f"(holds {card_list(self.options)})"
        if self.kind == "follow":
            return f"must follow suit with a {self.suit.english} {holds}"
        if self.kind == "beat":
            return f"must beat {self.beat} with a higher {self.suit.english} {holds}"
        assert self.led is not None
        if self.kind == "trump":
            return f"has no {self.led.english} and must trump with a {self.suit.english} {holds}"
        return (
            f"has no {self.led.english} and must overtrump {self.beat} "
            f"with a higher {self.suit.english} {holds}"
        )


def legal_cards(hand: Sequence[Card], trick: Sequence[Card], trump: Suit) -> list[Card]:
    """The cards of ``hand`` (in its order) that may be played to ``trick``."""
    allowed, _ = _allowed(hand, trick, trump)
    return allowed


def refusal(card: Card, hand: Sequence[Card], trick: Sequence[Card], trump: Suit) -> PlayRefusal | None:
    """None if ``card`` (held in ``hand``) may be played, else the reason it may not."""
    allowed, reason = _allowed(hand, trick, trump)
    if card in allowed:
        return None
    assert reason is not None
    return reason


def _allowed(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit
) -> tuple[list[Card], PlayRefusal | None]:
    if not trick:
        return list(hand), None
    led = trick[0].suit
    trumps_in_trick = [c for c in trick if c.suit == trump]
    top_trump = max(trumps_in_trick, key=lambda c: c.strength(trump)) if trumps_in_trick else None
    follow = [c for c in hand if c.suit == led]
    if follow:
        if led != trump and top_trump is not None:
            return follow, PlayRefusal("follow", led, tuple(follow))
        top = max((c for c in trick if c.suit == led), key=lambda c: c.strength(trump))
        higher = [c for c in follow if c.strength(trump) > top.strength(trump)]
        if higher:
            return higher, PlayRefusal("beat", led, tuple(higher), beat=top)
        return follow, PlayRefusal("follow", led, tuple(follow))
    trumps = [c for c in hand if c.suit == trump]
    if not trumps:
        return list(hand), None
    if top_trump is not None:
        higher = [c for c in trumps if c.strength(trump) > top_trump.strength(trump)]
        if higher:
            return higher, PlayRefusal("overtrump", trump, tuple(higher), beat=top_trump, led=led)
    return trumps, PlayRefusal("trump", trump, tuple(trumps), led=led)
