"""Card sets as 32-bit ints, renumbered by strength once trump is known.

The engine numbers a card ``suit * 8 + rank`` (sequence order). Search needs "every card of
this suit stronger than that one", so inside the bots a card is numbered
``suit * 8 + strength`` where strength is the card's order within its suit given the trump
(J 9 A 10 K Q 8 7 in trump, A 10 K Q J 9 8 7 elsewhere). A set of cards is an int with one
bit per card; ``ABOVE[i]`` is the set of cards of ``i``'s suit stronger than ``i``.

>>> from bela.cards import Card, Suit
>>> jack = to_int(Card.parse("JH"), Suit.HEARTS)
>>> jack, to_card(jack, Suit.HEARTS), POINTS[Suit.HEARTS][jack]
(7, Card.parse('JH'), 20)
>>> ABOVE[to_int(Card.parse("9H"), Suit.HEARTS)] == bit(jack)
True
>>> cards_of(mask_of([Card.parse("7S"), Card.parse("AS")], Suit.HEARTS), Suit.HEARTS)
[Card.parse('7S'), Card.parse('AS')]
"""

from __future__ import annotations

from collections.abc import Iterable

from bela.cards import DECK, PLAIN_POINTS, PLAIN_STRENGTH, TRUMP_POINTS, TRUMP_STRENGTH, Card, Suit

FULL = (1 << 32) - 1
SUIT_MASK: tuple[int, int, int, int] = (0xFF, 0xFF << 8, 0xFF << 16, 0xFF << 24)
ABOVE: tuple[int, ...] = tuple(((0xFF << (i % 8 + 1)) & 0xFF) << (8 * (i // 8)) for i in range(32))
BELOW: tuple[int, ...] = tuple(((1 << (i % 8)) - 1) << (8 * (i // 8)) for i in range(32))


def _tables(trump: int) -> tuple[tuple[int, ...], tuple[Card, ...], tuple[int, ...]]:
    to_i = [0] * 32
    to_c: list[Card | None] = [None] * 32
    pts = [0] * 32
    for card in DECK:
        is_trump = card.suit == trump
        strength = (TRUMP_STRENGTH if is_trump else PLAIN_STRENGTH)[card.rank]
        i = card.suit * 8 + strength
        to_i[card.index] = i
        to_c[i] = card
        pts[i] = (TRUMP_POINTS if is_trump else PLAIN_POINTS)[card.rank]
    cards = tuple(c for c in to_c if c is not None)
    assert len(cards) == 32
    return tuple(to_i), cards, tuple(pts)


_T = [_tables(t) for t in range(4)]
#: TO_INT[trump][card.index] -> internal number
TO_INT: tuple[tuple[int, ...], ...] = tuple(t[0] for t in _T)
#: TO_CARD[trump][internal] -> Card
TO_CARD: tuple[tuple[Card, ...], ...] = tuple(t[1] for t in _T)
#: POINTS[trump][internal] -> card points
POINTS: tuple[tuple[int, ...], ...] = tuple(t[2] for t in _T)
#: BYTE_POINTS[trump][suit][byte] -> the card points of the cards of ``suit`` a set's byte
#: ``suit`` holds (a set's points in four lookups: :func:`points_of`, the solver's bounds)
BYTE_POINTS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(sum(POINTS[t][s * 8 + r] for r in range(8) if b >> r & 1) for b in range(256)) for s in range(4)
    )
    for t in range(4)
)


def bit(i: int) -> int:
    return 1 << i


def to_int(card: Card, trump: Suit | int) -> int:
    return TO_INT[trump][card.index]


def to_card(i: int, trump: Suit | int) -> Card:
    return TO_CARD[trump][i]


def mask_of(cards: Iterable[Card], trump: Suit | int) -> int:
    table = TO_INT[trump]
    m = 0
    for c in cards:
        m |= 1 << table[c.index]
    return m


def bits(m: int) -> list[int]:
    """The members of ``m``, lowest first."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def cards_of(m: int, trump: Suit | int) -> list[Card]:
    """The cards of ``m`` in the engine's order (by index)."""
    table = TO_CARD[trump]
    return sorted(table[i] for i in bits(m))


def points_of(m: int, trump: Suit | int) -> int:
    table = BYTE_POINTS[trump]
    return table[0][m & 0xFF] + table[1][m >> 8 & 0xFF] + table[2][m >> 16 & 0xFF] + table[3][m >> 24 & 0xFF]


def top(m: int) -> int:
    """The highest member of a non-empty set."""
    return m.bit_length() - 1


def low(m: int) -> int:
    """The lowest member of a non-empty set."""
    return (m & -m).bit_length() - 1


def legal_mask(hand: int, led: int, win: int, trump: int) -> int:
    """The cards of ``hand`` that may be played: ``led`` is the suit led (-1 when leading),
    ``win`` the internal number of the card now taking the trick (ignored when leading)."""
    if led < 0:
        return hand
    follow = hand & SUIT_MASK[led]
    if follow:
        if win >> 3 != led:
            return follow
        higher = follow & ABOVE[win]
        return higher or follow
    trumps = hand & SUIT_MASK[trump]
    if trumps:
        if win >> 3 == trump:
            higher = trumps & ABOVE[win]
            return higher or trumps
        return trumps
    return hand
