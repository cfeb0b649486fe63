"""Declarations (zvanja): sequences and four of a kind, their comparison, and belot.

>>> from bela.cards import parse_cards
>>> [str(d) for d in find_declarations(parse_cards("7H 8H 9H TH JS JH JD JC".split()))]
['four jacks (200)', '7H-JH (100)']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from bela.cards import Card, Rank, Suit
from bela.seats import Seat, Team

SEQUENCE_POINTS = {3: 20, 4: 50, 5: 100, 6: 100, 7: 100}
FOUR_POINTS = {
    Rank.JACK: 200,
    Rank.NINE: 150,
    Rank.ACE: 100,
    Rank.TEN: 100,
    Rank.KING: 100,
    Rank.QUEEN: 100,
}


@dataclass(frozen=True, slots=True)
class Declaration:
    """One sequence (``kind == 'sequence'``) or four of a kind (``kind == 'four'``)."""

    kind: str
    cards: tuple[Card, ...]
    points: int

    @property
    def key(self) -> tuple[int, int, int, int]:
        """Larger is better: points, then four over sequence, then rank / length and top."""
        if self.kind == "four":
            return (self.points, 1, int(self.cards[0].rank), 0)
        return (self.points, 0, len(self.cards), int(self.cards[-1].rank))

    @property
    def name(self) -> str:
        if self.kind == "four":
            return "four " + _PLURAL[self.cards[0].rank]
        return f"{self.cards[0]}-{self.cards[-1]}"

    def __str__(self) -> str:
        return f"{self.name} ({self.points})"


_PLURAL = {
    Rank.SEVEN: "sevens",
    Rank.EIGHT: "eights",
    Rank.NINE: "nines",
    Rank.TEN: "tens",
    Rank.JACK: "jacks",
    Rank.QUEEN: "queens",
    Rank.KING: "kings",
    Rank.ACE: "aces",
}


def find_declarations(cards: Iterable[Card]) -> list[Declaration]:
    """Every four of a kind and every maximal run of 3 to 7 cards in one suit.

    Fours come first (strongest rank first), then runs by suit. A run of 8 is a belot,
    not a declaration.
    """
    held = set(cards)
    found: list[Declaration] = []
    for rank in (Rank.JACK, Rank.NINE, Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN):
        four = tuple(Card(rank, s) for s in Suit)
        if all(c in held for c in four):
            found.append(Declaration("four", four, FOUR_POINTS[rank]))
    for suit in Suit:
        run: list[Card] = []
        for rank in Rank:
            card = Card(rank, suit)
            if card in held:
                run.append(card)
                continue
            _close_run(run, found)
            run = []
        _close_run(run, found)
    return found


def _close_run(run: list[Card], found: list[Declaration]) -> None:
    if 3 <= len(run) <= 7:
        found.append(Declaration("sequence", tuple(run), SEQUENCE_POINTS[len(run)]))


def belot_suit(cards: Iterable[Card]) -> Suit | None:
    """The suit of which these cards hold all eight, if any."""
    counts = [0, 0, 0, 0]
    for c in cards:
        counts[c.suit] += 1
    for suit in Suit:
        if counts[suit] == 8:
            return suit
    return None


@dataclass(frozen=True, slots=True)
class DeclarationResult:
    """The comparison's outcome: the winning team and the declarations it records."""

    winner: Team | None
    declarations: Mapping[Seat, tuple[Declaration, ...]]
    best_seat: Seat | None

    @property
    def points(self) -> int:
        return sum(d.points for ds in self.declarations.values() for d in ds)


NO_DECLARATIONS = DeclarationResult(None, {}, None)


def compare(declared: Mapping[Seat, Sequence[Declaration]], first: Seat) -> DeclarationResult:
    """Compare the declarations of the seats that declared.

    ``first`` is the seat after the dealer (the first to speak): it wins a complete tie,
    then the next seat in play order, and so on. Only the team holding the single best
    declaration scores, with all the declarations of both its declaring players.
    """
    best_seat: Seat | None = None
    best_key: tuple[int, int, int, int] | None = None
    for seat in first.order_from():
        for d in declared.get(seat, ()):
            if best_key is None or d.key > best_key:
                best_key, best_seat = d.key, seat
    if best_seat is None:
        return NO_DECLARATIONS
    team = best_seat.team
    recorded = {
        seat: tuple(declared[seat]) for seat in first.order_from() if seat.team is team and declared.get(seat)
    }
    return DeclarationResult(team, recorded, best_seat)
