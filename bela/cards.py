"""Suits, ranks and cards, written in the record's notation (``TH`` is the ten of hearts).

>>> Card.parse("TH")
Card.parse('TH')
>>> str(Card.parse("JS")), Card.parse("JS").points(Suit.SPADES), Card.parse("JS").points(Suit.HEARTS)
('JS', 20, 2)
>>> len(DECK)
32
"""

from __future__ import annotations

import enum
from collections.abc import Iterable


class Suit(enum.IntEnum):
    """The four suits, in the record's order H, D, S, C."""

    HEARTS = 0
    DIAMONDS = 1
    SPADES = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return "HDSC"[self]

    @property
    def symbol(self) -> str:
        return "♥♦♠♣"[self]

    @property
    def english(self) -> str:
        """The singular English noun: ``heart``."""
        return ("heart", "diamond", "spade", "club")[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse ``H``, ``D``, ``S`` or ``C``; raise ValueError otherwise."""
        if len(text) != 1 or text not in "HDSC":
            raise ValueError(f"{text!r} is not a suit (H, D, S or C)")
        return cls("HDSC".index(text))

    def __str__(self) -> str:
        return self.letter


class Rank(enum.IntEnum):
    """Ranks in sequence order (7 8 9 10 J Q K A), the order of runs for declarations."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7

    @property
    def letter(self) -> str:
        return "789TJQKA"[self]

    @property
    def label(self) -> str:
        """How the rank is printed for people: ``10`` rather than ``T``."""
        return ("7", "8", "9", "10", "J", "Q", "K", "A")[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        if len(text) != 1 or text not in "789TJQKA":
            raise ValueError(f"{text!r} is not a rank (7 8 9 T J Q K A)")
        return cls("789TJQKA".index(text))

    def __str__(self) -> str:
        return self.letter


# Strength within a suit, higher is stronger, indexed by Rank.
# Trump: J 9 A 10 K Q 8 7.  Other suits: A 10 K Q J 9 8 7.
TRUMP_STRENGTH: tuple[int, ...] = (0, 1, 6, 4, 7, 2, 3, 5)
PLAIN_STRENGTH: tuple[int, ...] = (0, 1, 2, 6, 3, 4, 5, 7)
TRUMP_POINTS: tuple[int, ...] = (0, 0, 14, 10, 20, 3, 4, 11)
PLAIN_POINTS: tuple[int, ...] = (0, 0, 0, 10, 2, 3, 4, 11)
LAST_TRICK_BONUS = 10
CARD_POINTS_TOTAL = 152


class Card:
    """One of the 32 cards. Cards are interned: ``Card.parse('TH') is Card.parse('TH')``.

    ``index`` (0..31) is ``suit * 8 + rank``; it is the bit a card takes in a card set.
    """

    __slots__ = ("_text", "index", "rank", "suit")

    rank: Rank
    suit: Suit
    index: int
    _text: str

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        return _CARDS[int(suit) * 8 + int(rank)]

    @classmethod
    def _make(cls, rank: Rank, suit: Suit) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", int(suit) * 8 + int(rank))
        object.__setattr__(card, "_text", rank.letter + suit.letter)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (card_from_index, (self.index,))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse record notation exactly (upper case, ``T`` for the ten)."""
        if not isinstance(text, str) or len(text) != 2:
            raise ValueError(f"{text!r} is not a card")
        try:
            return _CARDS[int(Suit.parse(text[1])) * 8 + int(Rank.parse(text[0]))]
        except ValueError:
            raise ValueError(f"{text!r} is not a card") from None

    @property
    def notation(self) -> str:
        return self._text

    @property
    def label(self) -> str:
        """For people: ``10♥``."""
        return self.rank.label + self.suit.symbol

    def points(self, trump: Suit | None) -> int:
        return (TRUMP_POINTS if self.suit == trump else PLAIN_POINTS)[self.rank]

    def strength(self, trump: Suit | None) -> int:
        """Order within the card's own suit (higher beats lower), by whether it is trump."""
        return (TRUMP_STRENGTH if self.suit == trump else PLAIN_STRENGTH)[self.rank]

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index


_CARDS: tuple[Card, ...] = tuple(Card._make(Rank(i % 8), Suit(i // 8)) for i in range(32))
DECK: tuple[Card, ...] = _CARDS


def card_from_index(index: int) -> Card:
    return _CARDS[index]


def parse_cards(texts: Iterable[str]) -> list[Card]:
    return [Card.parse(t) for t in texts]


def card_list(cards: Iterable[Card]) -> str:
    """``TS, AS`` for messages."""
    return ", ".join(str(c) for c in cards)


def trick_winner_index(cards: list[Card] | tuple[Card, ...], trump: Suit) -> int:
    """Position (0..3) in ``cards`` of the card that takes the trick so far.

    The highest trump wins, else the highest card of the suit led; a card of another
    suit never wins.
    """
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        if c.suit == b.suit:
            if c.strength(trump) > b.strength(trump):
                best = i
        elif c.suit == trump:
            best = i
    return best
