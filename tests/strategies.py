"""Random legal hands and matches, played through the engine, for the property and differential tests.

Every generator takes a ``random.Random`` so that a failing case is reproduced from its seed.
Besides uniformly random play, matches mix in deals that random play would almost never
reach: belots (one or two), štiglja deals (one seat holds seven trumps and an ace, so its
team takes every trick whoever calls), exact-half hands (a built 81/81 hand, rotated to any
dealer and suit, and a search by replaying a hand until it ends exactly half), and the last
hand cut at any action (bidding, declaring or playing).
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import reference
from hypothesis import strategies as st

from bela.actions import PASS, Action, Bid, Phase, Play
from bela.cards import DECK, Card, Rank, Suit
from bela.hand import Hand
from bela.match import Match
from bela.rules import HouseRules
from bela.scoring import HandScore
from bela.seats import SEATS, Seat

DEEP = os.environ.get("BELA_DEEP", "") not in ("", "0")
REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"  # beside the repository, as in CI
EXAMPLES = SHARED / "examples"


def scaled(default: int, deep: int) -> int:
    """How many random cases to run: ``default`` normally, ``deep`` under BELA_DEEP=1."""
    return deep if DEEP else default


ALL_RULES: tuple[HouseRules, ...] = tuple(
    HouseRules(target, stiglja, exact_half, declarations, bela)
    for target in (1001, 701, 501)
    for stiglja in (90, 100)
    for exact_half in ("pad", "visi")
    for declarations in ("auto", "choose")
    for bela in ("auto", "choose")
)
rules_strategy = st.sampled_from(ALL_RULES)
seeds = st.integers(min_value=0, max_value=2**64 - 1)

Deal = dict[Seat, list[Card]]


def C(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> list[Card]:
    """``cards("JH 9H AS")``."""
    return [Card.parse(t) for t in text.split()]


def deal_of(s: str, e: str, n: str, w: str) -> Deal:
    return {Seat.S: cards(s), Seat.E: cards(e), Seat.N: cards(n), Seat.W: cards(w)}


def random_deal(rng: random.Random) -> Deal:
    deck = list(DECK)
    rng.shuffle(deck)
    return {seat: deck[8 * i : 8 * i + 8] for i, seat in enumerate(SEATS)}


def _fill(rng: random.Random, fixed: dict[Seat, list[Card]]) -> Deal:
    """Complete a partial deal at random, then shuffle each seat's 8 cards (the talon is any 2)."""
    used = {c for cs in fixed.values() for c in cs}
    rest = [c for c in DECK if c not in used]
    rng.shuffle(rest)
    deal: Deal = {}
    for seat in SEATS:
        have = list(fixed.get(seat, []))
        need = 8 - len(have)
        have += rest[:need]
        del rest[:need]
        rng.shuffle(have)
        deal[seat] = have
    return deal


def belot_deal(rng: random.Random, holders: Sequence[tuple[Seat, Suit]]) -> Deal:
    """Each listed seat holds all eight cards of its suit."""
    return _fill(rng, {seat: [Card(r, suit) for r in Rank] for seat, suit in holders})


def stiglja_deal(rng: random.Random, strong: Seat, trump: Suit) -> Deal:
    """``strong`` holds every trump but the seven, and one ace; its partner holds the seven.

    With ``trump`` named, the strong seat wins every trick it plays in (it follows with the
    ace, or trumps, or overtrumps its partner's seven), so its team takes all 8 tricks
    whatever anyone plays and whoever named trump.
    """
    ace = Card(Rank.ACE, rng.choice([s for s in Suit if s != trump]))
    strong_cards = [Card(r, trump) for r in Rank if r != Rank.SEVEN] + [ace]
    return _fill(rng, {strong: strong_cards, strong.partner: [Card(Rank.SEVEN, trump)]})


# -- positions built and counted by hand (dealer W: S speaks first and leads; trump hearts) --------
# In each suit every seat holds two cards, so each trick is of one suit.

# "Ownership": S holds the top hearts, N the top spades, E the top diamonds, W the top clubs.
OWN = deal_of(
    "JH 9H 7S 8S 7D 8D 7C 8C",
    "AH KH 9S JS AD TD QC KC",
    "AS TS 7H 8H 9D JD 9C JC",
    "TH QH QS KS QD KD AC TC",
)
OWN_PLAYS = (
    "JH AH 7H TH "  # S 20+11+0+10 = 41
    "9H KH 8H QH "  # S 14+4+0+3 = 21
    "7S 9S AS QS "  # N 0+0+11+3 = 14
    "TS KS 8S JS "  # N 10+4+0+2 = 16    NS: 92 in 4 tricks
    "9D QD 7D AD "  # E 0+3+0+11 = 14
    "TD JD KD 8D "  # E 10+2+4+0 = 16
    "QC 9C AC 7C "  # W 3+0+11+0 = 14
    "TC 8C KC JC"  # W 10+0+4+2 = 16, +10 last trick   EW: 70 in 4 tricks
)

# The same, but W holds the king and queen of trump (bela, EW) and E the ten.
OWN_BELA = deal_of(
    "JH 9H 7S 8S 7D 8D 7C 8C",
    "AH TH 9S JS AD TD QC KC",
    "AS TS 7H 8H 9D JD 9C JC",
    "KH QH QS KS QD KD AC TC",
)
OWN_BELA_PLAYS = (
    "JH AH 7H QH "  # S 20+11+0+3 = 34; W calls bela with the queen
    "9H TH 8H KH "  # S 14+10+0+4 = 28
    "7S 9S AS QS TS KS 8S JS "  # N 14 + 16   NS: 92
    "9D QD 7D AD TD JD KD 8D QC 9C AC 7C TC 8C KC JC"  # EW: 14 + 16 + 14 + 26 = 70
)

# S holds a terca 7-9 of spades (20): E's 9S and S's 8D of "ownership" are swapped.
TERCA = deal_of(
    "JH 9H 7S 8S 9S 7D 7C 8C",
    "AH KH JS 8D AD TD QC KC",
    "AS TS 7H 8H 9D JD 9C JC",
    "TH QH QS KS QD KD AC TC",
)
TERCA_PLAYS = (
    "JH AH 7H TH 9H KH 8H QH "  # S 41 + 21
    "7S JS AS QS "  # N 0+2+11+3 = 16
    "TS KS 8S 8D "  # N 10+4+0+0 = 14 (E has no spade and no trump left)   NS: 92
    "9D QD 7D AD "  # E 14
    "TD JD KD 9S "  # E 10+2+4+0 = 16 (S has no diamond and no trump)
    "QC 9C AC 7C TC 8C KC JC"  # W 14, W 16 + 10    EW: 70
)

# TERCA with E's KH and W's TH swapped: NS win the declarations (S's terca, 20), W holds the
# king and queen of trump (bela, EW). The same tricks as TERCA but the first two:
TERCA_BELA = deal_of(
    "JH 9H 7S 8S 9S 7D 7C 8C",
    "AH TH JS 8D AD TD QC KC",
    "AS TS 7H 8H 9D JD 9C JC",
    "KH QH QS KS QD KD AC TC",
)
TERCA_BELA_PLAYS = (
    "JH AH 7H QH "  # S 20+11+0+3 = 34; W calls bela with the queen
    "9H TH 8H KH "  # S 14+10+0+4 = 28
    + TERCA_PLAYS.split(" ", 8)[8]  # then as TERCA: NS 16 + 14 (92 in all), EW 70
)

# 81 / 81: NS take the first trick (55) and the last (16 + 10); EW the other six (81).
HALF = deal_of(
    "JH 8H 9S AS JD 9D JC 9C",
    "AH KH TS QS AD TD KC QC",
    "9H 7H JS 8S 8D 7D 8C 7C",
    "TH QH KS 7S KD QD AC TC",
)
HALF_PLAYS = (
    "JH AH 9H TH "  # S 20+11+14+10 = 55
    "9S TS 8S KS "  # E 0+10+0+4 = 14 (E must beat 9S; N and W cannot beat the ten)
    "KH 7H QH 8H "  # E 4+0+3+0 = 7
    "AD 8D KD JD "  # E 11+0+4+2 = 17
    "TD 7D QD 9D "  # E 10+0+3+0 = 13
    "KC 8C AC JC "  # W 4+0+11+2 = 17 (W must beat the king)
    "TC 9C QC 7C "  # W 10+0+3+0 = 13
    "7S AS QS JS"  # S 0+11+3+2 = 16, +10 last trick
)

# Štiglja: S holds J 9 of trump and A 10 of spades, N the aces and tens of diamonds and clubs;
# W holds the king and queen of trump (bela for EW).
STIGLJA = deal_of(
    "JH 9H AS TS 7D 8D 7C 8C",
    "AH TH KS QS 9D JD 9C JC",
    "7H 8H 7S 8S AD TD AC TC",
    "KH QH 9S JS QD KD QC KC",
)
STIGLJA_PLAYS = (
    "JH AH 7H QH 9H TH 8H KH "  # S 34 + 28 (bela W with the queen)
    "AS KS 7S 9S TS QS 8S JS "  # S 15 + 15
    "7D 9D AD QD TD KD 8D JD "  # N 14 + 16
    "AC QC 7C 9C TC KC 8C JC"  # N 14 + 16 + 10: NS 162 in 8 tricks
)
# The same with W's 9S and E's KS swapped: W holds four kings (100) and still the bela.
STIGLJA_KINGS = deal_of(
    "JH 9H AS TS 7D 8D 7C 8C",
    "AH TH 9S QS 9D JD 9C JC",
    "7H 8H 7S 8S AD TD AC TC",
    "KH QH KS JS QD KD QC KC",
)
STIGLJA_KINGS_PLAYS = STIGLJA_PLAYS.replace("AS KS 7S 9S", "AS 9S 7S KS")

# Declarations: S a kvarta 9-Q of hearts (50), E a terca 8-10 of diamonds (20), N a terca 7-9
# of spades (20), W nothing.
DECL = deal_of(
    "9H TH JH QH 7D 9C JD AC",
    "8D 9D TD KH 7C QC JS AH",
    "7S 8S 9S KD 8C TC QS AS",
    "7H 8H QD AD TS KS JC KC",
)
HALF_DEALER = Seat.W


def record(hands: list[dict[str, Any]], **rules: Any) -> dict[str, Any]:
    return {"format": "bela-record", "version": 1, "rules": rules, "hands": hands}


def hand_json(
    dealer: Seat, deal: dict[Seat, list[Card]], bids: list[str], plays: str, k: int = 0
) -> dict[str, Any]:
    """One of the positions above as a record hand, turned by ``k`` seats (S's cards go to S.after(k)...)."""
    return {
        "dealer": dealer.name,
        "deal": {seat.after(k).name: [str(c) for c in cs] for seat, cs in deal.items()},
        "bids": bids,
        "plays": plays.split(),
    }


def half_hand(dealer: Seat, suits: Sequence[Suit], passes: int) -> tuple[Deal, list[Bid], list[Card]]:
    """The 81/81 hand rotated so that ``dealer`` deals, with suits renamed H->suits[0]...;
    ``passes`` players pass before the next one names the (renamed) hearts. Both teams take 81."""
    k = (int(dealer) - int(HALF_DEALER)) % 4

    def move(c: Card) -> Card:
        return Card(c.rank, suits[int(c.suit)])

    deal = {seat.after(k): [move(c) for c in cs] for seat, cs in HALF.items()}
    bids = [PASS] * passes + [Bid(suits[int(Suit.HEARTS)])]
    return deal, bids, [move(c) for c in cards(HALF_PLAYS)]


def random_action(hand: Hand, rng: random.Random, pass_rate: float = 0.45) -> Action:
    """A random legal action; in the bidding, passing often enough that the dealer must name a suit."""
    actions = hand.legal_actions()
    if hand.phase is Phase.BIDDING:
        if PASS in actions and rng.random() < pass_rate:
            return PASS
        return rng.choice([a for a in actions if a != PASS])
    return rng.choice(actions)


def play_out(hand: Hand, rng: random.Random) -> None:
    while not hand.finished:
        hand.apply(random_action(hand, rng))


def apply_bids(hand: Hand, bids: Sequence[Bid], rng: random.Random) -> None:
    """The given bids, then random declaring choices until the play starts."""
    for b in bids:
        hand.apply(b)
    while hand.phase is Phase.DECLARING:
        hand.apply(random_action(hand, rng))


def play_cards(hand: Hand, plays: Sequence[Card], rng: random.Random) -> None:
    """Play these cards in order, choosing bela at random where the rules ask for a choice."""
    for card in plays:
        seat = hand.turn
        assert seat is not None
        asks = hand.rules.bela == "choose" and hand.starts_bela(seat, card)
        hand.apply(Play(card, rng.choice([True, False]) if asks else None))


def exact_half(hand: Hand) -> bool:
    """The calling team made exactly half of the hand total (not a štiglja)."""
    assert hand.caller is not None
    tricks, pts, bela = hand.tricks_won(), hand.card_points(), hand.bela_points()
    result = hand.declaration_result()
    decl = {t: (result.points if result.winner is t else 0) for t in tricks}
    total = 162 + sum(decl.values()) + sum(bela.values())
    team = hand.caller.team
    return max(tricks.values()) < 8 and 2 * (pts[team] + decl[team] + bela[team]) == total


def search_exact_half(hand: Hand, rng: random.Random, tries: int) -> None:
    """Bid at random, then replay the play (undoing it) until it ends exactly half or tries run out."""
    while hand.phase in (Phase.BIDDING, Phase.DECLARING):
        hand.apply(random_action(hand, rng))
    if hand.finished:  # a belot
        return
    start = len(hand.actions)
    for _ in range(tries):
        play_out(hand, rng)
        if exact_half(hand):
            return
        while len(hand.actions) > start:
            hand.undo()
    play_out(hand, rng)


def random_match(
    rng: random.Random,
    rules: HouseRules,
    *,
    special: bool = True,
    cut: float = 0.5,
    max_hands: int = 40,
    half_tries: int = 25,
) -> Match:
    """A random legal match, played to its end (or ``max_hands``), then with probability ``cut``
    truncated after a random hand and rewound by a random number of actions in that hand."""
    m = Match(rules, seed=rng.getrandbits(32), dealer=rng.choice(SEATS))
    while m.winner is None and len(m.hands) < max_hands:
        r = rng.random() if special else 1.0
        dealer = m.next_dealer()
        if r < 0.02:
            suits = rng.sample(list(Suit), 2)
            seats = rng.sample(list(SEATS), rng.choice([1, 1, 2]))
            hand = m.start_hand(belot_deal(rng, list(zip(seats, suits, strict=False))))
            play_out(hand, rng)
        elif r < 0.10:
            trump = rng.choice(list(Suit))
            hand = m.start_hand(stiglja_deal(rng, rng.choice(SEATS), trump))
            passes = rng.randrange(4)
            apply_bids(hand, [PASS] * passes + [Bid(trump)], rng)
            play_out(hand, rng)
        elif r < 0.18:
            suits = rng.sample(list(Suit), 4)
            deal, bids, plays = half_hand(dealer, suits, rng.randrange(4))
            hand = m.start_hand(deal)
            apply_bids(hand, bids, rng)
            play_cards(hand, plays, rng)
        elif r < 0.24:
            search_exact_half(m.start_hand(), rng, half_tries)
        else:
            play_out(m.start_hand(), rng)
    if m.hands and rng.random() < cut:
        cut_match(m, rng)
    return m


def cut_match(m: Match, rng: random.Random) -> None:
    """Keep the hands up to a random one and undo some of its actions: a third of the time back
    into the bidding, a third into the declaring (if there was any), else anywhere."""
    del m.hands[rng.randrange(len(m.hands)) + 1 :]
    last = m.hands[-1]
    bids, declared = len(last.bids), len(last.declare)
    r = rng.random()
    if r < 1 / 3:
        keep = rng.randrange(bids + 1)
    elif r < 2 / 3 and declared:
        keep = bids + rng.randrange(declared + 1)
    else:
        keep = rng.randrange(len(last.actions) + 1)
    while len(last.actions) > keep:
        last.undo()


# -- what a seat may see ---------------------------------------------------------------------------


def cards_in(value: Any) -> Iterator[Card]:
    """Every card anywhere inside an observation (fields, tuples, declarations, actions)."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, (tuple, list, set, frozenset)):
        for v in value:
            yield from cards_in(v)
    elif isinstance(value, Mapping):
        for k, v in value.items():
            yield from cards_in(k)
            yield from cards_in(v)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from cards_in(getattr(value, f.name))


def visible(hand: Hand, seat: Seat) -> set[Card]:
    """The cards ``seat`` may know of, worked out from the spec and the public history."""
    own = hand.deal[seat][:6] if hand.trump is None else hand.deal[seat]
    seen = set(own) | {p.card for p in hand.plays}
    if len(hand.plays) >= 4 and hand.belot is None:  # the first trick is over: the best team's show
        deal = {s.name: [str(c) for c in hand.deal[s]] for s in SEATS}
        declaring = {s.name for s in SEATS if hand.declare.get(s, True) or hand.rules.declarations == "auto"}
        won = reference.declarations_won(deal, hand.dealer.name, declaring)
        for s in SEATS:
            if won[s.team.name] and s.name in declaring:
                held = [str(c) for c in hand.deal[s]]
                seen |= {Card.parse(c) for d in reference.declarations_of(held) for c in d.cards}
    return seen


# -- score sheets ------------------------------------------------------------------------------------


def hand_score(
    written: tuple[int, int], outcome: str | None = "made", hanging: int = 0, belot: Seat | None = None
) -> HandScore:
    """A hand's score with only what the score sheet reads: its outcome and what it writes."""
    return HandScore(
        dealer=Seat.S,
        trump=Suit.HEARTS,
        caller=Seat.S,
        complete=outcome is not None,
        tricks=(4, 4),
        card_points=(0, 0),
        declarations=(0, 0),
        bela=(0, 0),
        stiglja=None,
        outcome=outcome,
        written=written,
        hanging=hanging,
        belot=belot,
    )


def snapshot(hand: Hand) -> tuple[object, ...]:
    """Everything observable about a hand's state, to compare before and after."""
    return (
        hand.phase,
        hand.turn,
        hand.trump,
        hand.caller,
        hand.belot,
        tuple(hand.actions),
        tuple(hand.bids),
        tuple(sorted(hand.declare.items())),
        tuple(hand.plays),
        tuple((s, tuple(cs)) for s, cs in sorted(hand.held.items())),
        tuple((t.leader, tuple(t.cards)) for t in hand.tricks),
        (hand.trick.leader, tuple(hand.trick.cards)),
        tuple(hand.bela_calls),
        tuple(sorted(hand.tricks_won().items())),
        tuple(sorted(hand.card_points().items())),
        tuple(sorted(hand.bela_points().items())),
        hand.declaration_result(),
        tuple(hand.legal_actions()),
    )
