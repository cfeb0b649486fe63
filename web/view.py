"""What the table shows, computed from the engine's state: plain Python, no browser.

Nothing here decides a rule: legality, scoring and turns come from ``bela``. These functions
only arrange what the engine says for display (the order of the cards in the hand, which
speech bubble a seat shows, the rows of the score sheet, the lines of a hand's summary).

>>> from bela.cards import parse_cards
>>> [str(c) for c in display_order(parse_cards(["7C", "AH", "9D", "JD", "KS"]), Suit.DIAMONDS)]
['JD', '9D', '7C', 'AH', 'KS']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from bela.actions import Phase
from bela.cards import Card, Suit
from bela.declarations import Declaration
from bela.hand import Hand, Trick
from bela.match import Match
from bela.scoring import HandScore
from bela.seats import Seat, Team

# Suits alternate red and black; with a trump, it comes first and the rotation keeps alternating.
_SUIT_CYCLE: tuple[Suit, ...] = (Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS)
SPEED_TIMING: dict[str, tuple[int, int, int, int]] = {
    # bot delay, animation, pause on a complete trick, banner (milliseconds)
    "slow": (1300, 450, 1500, 2800),
    "normal": (750, 300, 1000, 2000),
    "fast": (320, 170, 550, 1200),
    "instant": (0, 0, 0, 0),
}


@dataclass(frozen=True, slots=True)
class Timing:
    bot: int
    anim: int
    trick_pause: int
    banner: int

    @classmethod
    def of(cls, speed: str) -> Timing:
        return cls(*SPEED_TIMING.get(speed, SPEED_TIMING["normal"]))

    @property
    def instant(self) -> bool:
        return self.anim == 0


def display_order(cards: Iterable[Card], trump: Suit | None) -> list[Card]:
    """The hand as the player holds it: by suit (trump first, colours alternating), strongest
    first within a suit (by the engine's order for trump or plain suits)."""
    start = _SUIT_CYCLE.index(trump) if trump is not None else 0
    order = {s: i for i, s in enumerate(_SUIT_CYCLE[start:] + _SUIT_CYCLE[:start])}
    return sorted(cards, key=lambda c: (order[c.suit], -c.strength(trump)))


def held_count(hand: Hand, seat: Seat) -> int:
    """How many cards ``seat`` holds in front of it: 6 before trump (the talon lies apart),
    then what is left of its 8."""
    return len(hand.seen_cards(seat))


def completed_trick(hand: Hand) -> Trick | None:
    return hand.tricks[-1] if hand.tricks else None


@dataclass(frozen=True, slots=True)
class Bubble:
    """A speech bubble by a seat: ``kind`` is pass, bid, zovem, ne_zovem, bela or decl."""

    kind: str
    suit: Suit | None = None
    points: int = 0


def bubbles(hand: Hand, showing: Trick | None = None) -> dict[Seat, Bubble]:
    """What each seat has just said, from the hand's state alone (so a reload shows the same).

    While naming trump: every bid so far. Until the first card: the caller's suit and the
    "zovem / ne zovem" said. A bela: while its card lies on the table. The winning
    declarations: during the second trick, once shown.
    """
    said: dict[Seat, Bubble] = {}
    if hand.phase is Phase.BIDDING:
        for i, bid in enumerate(hand.bids):
            seat = hand.first.after(i)
            said[seat] = Bubble("pass") if bid.suit is None else Bubble("bid", bid.suit)
        return said
    if not hand.plays:
        if hand.caller is not None and hand.trump is not None:
            said[hand.caller] = Bubble("bid", hand.trump)
        for seat, yes in hand.declare.items():
            if seat != hand.caller or not yes:
                said[seat] = Bubble("zovem" if yes else "ne_zovem")
        return said
    if len(hand.tricks) == 1:
        result = hand.declaration_result()
        for seat, decls in result.declarations.items():
            said[seat] = Bubble("decl", points=sum(d.points for d in decls))
    on_table = set(hand.trick.cards) | (set(showing.cards) if showing is not None else set())
    for seat, card in hand.bela_calls:
        if card in on_table:
            said[seat] = Bubble("bela")
    return said


@dataclass(frozen=True, slots=True)
class SheetRow:
    number: int
    ns: int
    ew: int
    tags: tuple[tuple[Team, str], ...]  # (team, "pad" | "visi" | "stiglja" | "belot")


def sheet_rows(match: Match) -> list[SheetRow]:
    """One row per finished hand, as written on paper, with its pad / visi / štiglja marks."""
    score = match.score()
    rows: list[SheetRow] = []
    for i, (h, written) in enumerate(zip(score.hands, score.scores, strict=True)):
        if not h.complete:
            continue
        rows.append(SheetRow(i + 1, written[0], written[1], hand_tags(h)))
    return rows


def hand_tags(h: HandScore) -> tuple[tuple[Team, str], ...]:
    tags: list[tuple[Team, str]] = []
    callers = h.caller.team if h.caller is not None else None
    if h.outcome == "belot" and h.belot is not None:
        tags.append((h.belot.team, "belot"))
    if h.outcome == "pad" and callers is not None:
        tags.append((callers, "pad"))
    if h.outcome == "visi" and callers is not None:
        tags.append((callers, "visi"))
    if h.stiglja is not None:
        tags.append((h.stiglja, "stiglja"))
    return tuple(tags)


@dataclass(frozen=True, slots=True)
class Summary:
    """A finished hand, for the end-of-hand panel."""

    number: int
    score: HandScore
    written: tuple[int, int]
    hanging_paid: int  # hanging points from an earlier visi paid into this hand's row
    declarations: dict[Seat, tuple[Declaration, ...]] = field(default_factory=dict)
    bela: tuple[tuple[Seat, Card], ...] = ()


def summary(match: Match, index: int = -1) -> Summary:
    score = match.score()
    number = len(score.hands) + index + 1 if index < 0 else index + 1
    h = score.hands[number - 1]
    written = score.scores[number - 1]
    hand = match.hands[number - 1]
    result = hand.declaration_result()
    return Summary(
        number=number,
        score=h,
        written=written,
        hanging_paid=sum(written) - sum(h.written),
        declarations=dict(result.declarations),
        bela=tuple(hand.bela_calls),
    )


def declaration_words(d: Declaration) -> tuple[str, dict[str, object]]:
    """A catalog key and its parameters naming a declaration (terca, kvarta, four jacks...)."""
    if d.kind == "four":
        return "decl.four", {"rank_key": "fourof." + d.cards[0].rank.letter}
    n = len(d.cards)
    if n == 3:
        return "decl.sequence3", {}
    if n == 4:
        return "decl.sequence4", {}
    return "decl.sequence5", {"n": n}


def winning_declarations(hand: Hand) -> tuple[Team | None, int, list[Card]]:
    """The team whose declarations count, their points and the cards shown (once shown)."""
    if not hand.declarations_shown():
        return None, 0, []
    result = hand.declaration_result()
    cards: list[Card] = []
    for decls in result.declarations.values():
        for d in decls:
            cards.extend(c for c in d.cards if c not in cards)
    return result.winner, result.points, cards


def summary_rows(s: Summary, stiglja_bonus: int) -> list[tuple[str, tuple[int, int]]]:
    """The lines of the end-of-hand table (catalog key, NS and EW points), the written points
    last. A belot ends the match: only what was written.

    >>> rows = summary_rows(summary(match_with_one_hand()), 90)
    >>> [k for k, _ in rows]
    ['summary.tricks', 'summary.cards', 'summary.declarations', 'summary.bela', 'summary.written']
    >>> sum(rows[1][1])
    162
    """
    h = s.score
    rows: list[tuple[str, tuple[int, int]]] = []
    if h.outcome != "belot":
        rows.append(("summary.tricks", h.tricks))
        rows.append(("summary.cards", h.card_points))
        rows.append(("summary.declarations", h.declarations))
        rows.append(("summary.bela", h.bela))
        if h.stiglja is not None:
            rows.append(
                ("summary.stiglja", (stiglja_bonus, 0) if h.stiglja is Team.NS else (0, stiglja_bonus))
            )
    rows.append(("summary.written", s.written))
    return rows


def verdict(s: Summary) -> tuple[str, str, dict[str, object]]:
    """How the hand went for us, in a word: its tone (``good``, ``bad`` or ``""``), catalog key
    and parameters.

    >>> verdict(summary(match_with_one_hand()))[1].startswith("summary.")
    True
    """
    h = s.score
    if h.outcome == "belot":
        return ("good" if h.belot is not None and h.belot.team is Team.NS else "bad"), "summary.belot", {}
    us = h.caller is not None and h.caller.team is Team.NS
    if h.stiglja is not None:
        ours = h.stiglja is Team.NS
        return ("good" if ours else "bad"), ("summary.stiglja_us" if ours else "summary.stiglja_them"), {}
    if h.outcome == "pad":
        return ("bad" if us else "good"), ("summary.pad_us" if us else "summary.pad_them"), {}
    if h.outcome == "visi":
        return "", "summary.visi", {"points": h.hanging}
    return ("good" if us else ""), ("summary.made_us" if us else "summary.made_them"), {}


def match_with_one_hand(seed: int = 4) -> Match:
    """A match whose first hand is played to its end by always taking the first legal action
    (for the examples)."""
    from bela.rules import HouseRules

    match = Match(HouseRules(), seed=seed)
    hand = match.start_hand()
    while not hand.finished:
        hand.apply(hand.legal_actions()[0])
    return match
