"""What one seat may know: the only input a computer player ever receives.

A seat sees its own 6 cards, its 2 talon cards once trump is named, every bid, every
"zovem / ne zovem", every card played, the bela calls, and the winning declarations once
they are shown after the first trick. It never sees another seat's cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from bela.actions import Action, Bid, Phase
from bela.cards import Card, Suit
from bela.declarations import Declaration
from bela.hand import Hand
from bela.rules import HouseRules
from bela.seats import Seat, Team

Pair = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Observation:
    seat: Seat
    rules: HouseRules
    dealer: Seat
    hand_number: int  # 1 for the match's first hand
    scores: Pair  # the match's totals (NS, EW) before this hand
    hanging: int  # points hanging from an earlier visi
    phase: Phase
    turn: Seat | None
    cards: tuple[Card, ...]  # held now: the 6 seen cards before trump, then the hand
    talon: tuple[Card, ...]  # this seat's 2 talon cards, once trump is named
    bids: tuple[tuple[Seat, Bid], ...]
    trump: Suit | None
    caller: Seat | None
    belot: Seat | None
    declare: tuple[tuple[Seat, bool], ...]  # "zovem" (True) / "ne zovem" said so far
    own_declarations: tuple[Declaration, ...]
    shown_declarations: tuple[tuple[Seat, tuple[Declaration, ...]], ...]
    declarations_winner: Team | None  # once shown
    plays: tuple[tuple[Seat, Card], ...]  # every card played this hand, in order
    bela_calls: tuple[tuple[Seat, Card], ...]
    trick: tuple[tuple[Seat, Card], ...]  # the trick in progress
    tricks_won: Pair  # (NS, EW) complete tricks
    card_points: Pair  # (NS, EW) in complete tricks
    legal: tuple[Action, ...]  # what this seat may do, if it is its turn

    @property
    def team(self) -> Team:
        return self.seat.team

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat

    @property
    def trick_leader(self) -> Seat | None:
        return self.trick[0][0] if self.trick else None

    def held_count(self, seat: Seat) -> int:
        """How many cards ``seat`` holds now (public: everyone can count)."""
        if self.trump is None:
            return 6
        return 8 - sum(1 for s, _ in self.plays if s == seat)


def observe(hand: Hand, seat: Seat, scores: Pair = (0, 0), hanging: int = 0, number: int = 1) -> Observation:
    """Build ``seat``'s observation of ``hand``."""
    named = hand.trump is not None
    own_decl: tuple[Declaration, ...] = tuple(hand.held_declarations[seat]) if named else ()
    shown: tuple[tuple[Seat, tuple[Declaration, ...]], ...] = ()
    winner: Team | None = None
    if hand.declarations_shown():
        result = hand.declaration_result()
        shown = tuple(result.declarations.items())
        winner = result.winner
    ns, ew = hand.tricks_won()[Team.NS], hand.tricks_won()[Team.EW]
    pts = hand.card_points()
    return Observation(
        seat=seat,
        rules=hand.rules,
        dealer=hand.dealer,
        hand_number=number,
        scores=scores,
        hanging=hanging,
        phase=hand.phase,
        turn=hand.turn,
        cards=hand.seen_cards(seat),
        talon=hand.deal[seat][6:] if named else (),
        bids=tuple((hand.first.after(i), b) for i, b in enumerate(hand.bids)),
        trump=hand.trump,
        caller=hand.caller,
        belot=hand.belot,
        declare=tuple((s, hand.declare[s]) for s in hand.deciders if s in hand.declare),
        own_declarations=own_decl,
        shown_declarations=shown,
        declarations_winner=winner,
        plays=tuple(hand.played_pairs()),
        bela_calls=tuple(hand.bela_calls),
        trick=tuple(hand.trick.pairs()),
        tricks_won=(ns, ew),
        card_points=(pts[Team.NS], pts[Team.EW]),
        legal=tuple(hand.legal_actions()) if hand.turn == seat else (),
    )
