"""One hand of Bela: naming trump, declaring, playing, finished.

>>> from bela.deal import deal_cards
>>> hand = Hand(Seat.W, deal_cards(7, Seat.W))
>>> hand.phase, hand.turn
(<Phase.BIDDING: 'bidding'>, <Seat.S: 0>)
>>> hand.apply(Bid(Suit.HEARTS))
>>> hand.phase, hand.trump, hand.caller, hand.turn
(<Phase.PLAYING: 'playing'>, <Suit.HEARTS: 0>, <Seat.S: 0>, <Seat.S: 0>)
>>> hand.undo()
Bid(suit=<Suit.HEARTS: 0>)
>>> hand.phase
<Phase.BIDDING: 'bidding'>
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from bela.actions import PASS, Action, Bid, Declare, IllegalAction, Phase, Play, Refusal
from bela.cards import Card, Rank, Suit, trick_winner_index
from bela.declarations import (
    NO_DECLARATIONS,
    Declaration,
    DeclarationResult,
    belot_suit,
    compare,
    find_declarations,
)
from bela.obligations import legal_cards, refusal
from bela.rules import HouseRules
from bela.seats import SEATS, Seat, Team

BIDS: tuple[Bid, ...] = (*(Bid(s) for s in Suit), PASS)
_DECLARE_CHOICES = (Declare(True), Declare(False))


class Trick:
    """A trick in play or taken: its leader and cards in play order."""

    __slots__ = ("cards", "leader")

    def __init__(self, leader: Seat, cards: Sequence[Card] = ()) -> None:
        self.leader = leader
        self.cards: list[Card] = list(cards)

    def seat_of(self, i: int) -> Seat:
        return self.leader.after(i)

    def pairs(self) -> Iterator[tuple[Seat, Card]]:
        for i, c in enumerate(self.cards):
            yield self.leader.after(i), c

    def winner(self, trump: Suit) -> Seat:
        return self.leader.after(trick_winner_index(self.cards, trump))

    def points(self, trump: Suit) -> int:
        return sum(c.points(trump) for c in self.cards)

    def __repr__(self) -> str:
        return f"Trick({self.leader}, [{', '.join(map(str, self.cards))}])"


class Hand:
    """A hand from the deal to its end, driven by actions.

    ``deal`` gives each seat's 8 cards: the first 6 are seen before trump, the last 2 are
    the talon. Whose turn it is follows from the rules; ``legal_actions()`` lists what that
    seat may do, ``check(action)`` says why anything else is refused, ``apply`` and ``undo``
    move the hand forward and back.
    """

    def __init__(
        self,
        dealer: Seat,
        deal: Mapping[Seat, Sequence[Card]],
        rules: HouseRules | None = None,
    ) -> None:
        self.dealer = dealer
        self.rules = rules or HouseRules()
        self.deal: dict[Seat, tuple[Card, ...]] = {s: tuple(deal[s]) for s in SEATS}
        _check_deal(self.deal)
        self.first = dealer.next
        self.actions: list[Action] = []
        self.bids: list[Bid] = []
        self.declare: dict[Seat, bool] = {}
        # seats whose "zovem" a record left out (record.md: a seat missing there declares);
        # kept so that the record is written back as it was read
        self.unwritten_declare: set[Seat] = set()
        self.plays: list[Play] = []
        self._reset_after_bidding()

    # -- state -------------------------------------------------------------------------

    def _reset_after_bidding(self) -> None:
        self.trump: Suit | None = None
        self.caller: Seat | None = None
        self.belot: Seat | None = None
        self.held: dict[Seat, list[Card]] = {s: list(self.deal[s]) for s in SEATS}
        self.held_declarations: dict[Seat, list[Declaration]] = {s: [] for s in SEATS}
        self.deciders: list[Seat] = []
        self.tricks: list[Trick] = []
        self.trick: Trick = Trick(self.first)
        self.bela_calls: list[tuple[Seat, Card]] = []
        self._declaration_result: DeclarationResult | None = None

    @property
    def phase(self) -> Phase:
        if self.trump is None:
            return Phase.BIDDING
        if self.belot is not None or len(self.plays) == 32:
            return Phase.FINISHED
        if len(self.declare) < len(self.deciders):
            return Phase.DECLARING
        return Phase.PLAYING

    @property
    def finished(self) -> bool:
        return self.phase is Phase.FINISHED

    @property
    def turn(self) -> Seat | None:
        """The seat to act, or None once the hand is finished."""
        phase = self.phase
        if phase is Phase.BIDDING:
            return self.first.after(len(self.bids))
        if phase is Phase.DECLARING:
            return next(s for s in self.deciders if s not in self.declare)
        if phase is Phase.PLAYING:
            return self.trick.leader.after(len(self.trick.cards))
        return None

    @property
    def calling_team(self) -> Team | None:
        return None if self.caller is None else self.caller.team

    def seen_cards(self, seat: Seat) -> tuple[Card, ...]:
        """What ``seat`` holds as far as it may look: 6 cards before trump, then its hand."""
        if self.trump is None:
            return self.deal[seat][:6]
        return tuple(self.held[seat])

    def declaring(self, seat: Seat) -> bool:
        """Whether ``seat``'s declarations take part (a seat yet to choose counts as declaring)."""
        if self.rules.declarations == "auto":
            return True
        return self.declare.get(seat, True)

    def declaration_result(self) -> DeclarationResult:
        """The declarations comparison, as recorded from the moment trump is named."""
        if self.trump is None or self.belot is not None:
            return NO_DECLARATIONS
        if self._declaration_result is None:
            declared = {s: self.held_declarations[s] for s in SEATS if self.declaring(s)}
            self._declaration_result = compare(declared, self.first)
        return self._declaration_result

    def declarations_shown(self) -> bool:
        """The winning declarations are shown to everyone once the first trick is complete."""
        return len(self.tricks) >= 1

    def trick_seat(self, play_index: int) -> Seat:
        """Who made play number ``play_index`` (0-based) of this hand."""
        trick_no, pos = divmod(play_index, 4)
        leader = self.tricks[trick_no].leader if trick_no < len(self.tricks) else self.trick.leader
        return leader.after(pos)

    def played_pairs(self) -> Iterator[tuple[Seat, Card]]:
        for t in self.tricks:
            yield from t.pairs()
        yield from self.trick.pairs()

    # -- legality ------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase is Phase.BIDDING:
            if self.turn == self.dealer:
                return list(BIDS[:4])
            return list(BIDS)
        if phase is Phase.DECLARING:
            return list(_DECLARE_CHOICES)
        if phase is Phase.FINISHED:
            return []
        seat = self.turn
        assert seat is not None and self.trump is not None
        actions: list[Action] = []
        for card in legal_cards(self.held[seat], self.trick.cards, self.trump):
            if self._asks_bela(seat, card):
                actions.append(Play(card, True))
                actions.append(Play(card, False))
            else:
                actions.append(Play(card))
        return actions

    def legal_cards(self) -> list[Card]:
        """The cards the seat to play may play (empty outside the playing phase)."""
        if self.phase is not Phase.PLAYING:
            return []
        seat = self.turn
        assert seat is not None and self.trump is not None
        return legal_cards(self.held[seat], self.trick.cards, self.trump)

    def starts_bela(self, seat: Seat, card: Card) -> bool:
        """Whether playing ``card`` now is the first of ``seat``'s trump king and queen."""
        if card.suit != self.trump or card.rank not in (Rank.KING, Rank.QUEEN):
            return False
        other = Card(Rank.QUEEN if card.rank == Rank.KING else Rank.KING, card.suit)
        held = self.held[seat]
        return card in held and other in held

    def _asks_bela(self, seat: Seat, card: Card) -> bool:
        return self.rules.bela == "choose" and self.starts_bela(seat, card)

    def check(self, action: Action) -> Refusal | None:
        """None if ``action`` is legal now, else the refusal with its reason."""
        phase = self.phase
        seat = self.turn
        if phase is Phase.FINISHED:
            return Refusal("phase", None, action, "the hand is over")
        if isinstance(action, Bid):
            if phase is not Phase.BIDDING:
                return Refusal("phase", seat, action, "may not bid: trump is already named")
            if action.suit is None and seat == self.dealer:
                return Refusal("mus", seat, action, "may not pass (mus): as the dealer, a suit must be named")
            return None
        if isinstance(action, Declare):
            if phase is not Phase.DECLARING:
                return Refusal("phase", seat, action, "may not choose declarations now")
            return None
        if phase is Phase.BIDDING:
            return Refusal("phase", seat, action, "trump is not named yet")
        if phase is Phase.DECLARING:
            return Refusal("phase", seat, action, "declarations are not chosen yet")
        assert seat is not None and self.trump is not None
        card = action.card
        held = self.held[seat]
        if card not in held:
            where = "already played" if card in self.deal[seat] else "not in their hand"
            return Refusal("not_held", seat, action, f"does not hold it ({where})")
        why = refusal(card, held, self.trick.cards, self.trump)
        if why is not None:
            return Refusal("rule", seat, action, str(why), why)
        asks = self._asks_bela(seat, card)
        if asks and action.bela is None:
            return Refusal("bela", seat, action, "must say whether bela is called (Zovi belu / Bez)")
        if not asks and action.bela is not None:
            if self.rules.bela == "auto" and self.starts_bela(seat, card):
                why_not = "bela is called automatically under these rules"
            else:
                why_not = f"{card} does not start a bela, so there is no bela to call"
            return Refusal("bela", seat, action, why_not)
        return None

    def is_legal(self, action: Action) -> bool:
        return self.check(action) is None

    # -- moving ---------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Apply a legal action; raise IllegalAction (hand unchanged) otherwise."""
        refused = self.check(action)
        if refused is not None:
            raise IllegalAction(refused)
        self._do(action)

    def _do(self, action: Action) -> None:
        seat = self.turn
        assert seat is not None
        self.actions.append(action)
        if isinstance(action, Bid):
            self.bids.append(action)
            if action.suit is not None:
                self._name_trump(seat, action.suit)
        elif isinstance(action, Declare):
            self.declare[seat] = action.yes
            self._declaration_result = None
        else:
            self._play(seat, action)

    def _name_trump(self, seat: Seat, suit: Suit) -> None:
        self.trump = suit
        self.caller = seat
        for s in self.first.order_from():
            if belot_suit(self.deal[s]) is not None:
                self.belot = s
                return
        self.held_declarations = {s: find_declarations(self.deal[s]) for s in SEATS}
        if self.rules.declarations == "choose":
            # Everyone says "zovem" or "ne zovem", holding a declaration or not: asking only
            # the holders would tell the table who holds one before the first trick.
            self.deciders = list(self.first.order_from())
        self._declaration_result = None

    def _play(self, seat: Seat, action: Play) -> None:
        assert self.trump is not None
        card = action.card
        if self.starts_bela(seat, card) and action.bela is not False:
            self.bela_calls.append((seat, card))
        self.plays.append(action)
        self.held[seat].remove(card)
        self.trick.cards.append(card)
        if len(self.trick.cards) == 4:
            winner = self.trick.winner(self.trump)
            self.tricks.append(self.trick)
            self.trick = Trick(winner)

    def undo(self) -> Action:
        """Take back the last action and return it."""
        if not self.actions:
            raise IndexError("nothing to undo")
        action = self.actions.pop()
        if isinstance(action, Play):
            self._unplay(action)
        elif isinstance(action, Declare):
            seat = next(s for s in reversed(self.deciders) if s in self.declare)
            del self.declare[seat]
            self.unwritten_declare.discard(seat)
            self._declaration_result = None
        else:
            self.bids.pop()
            if action.suit is not None:
                self._reset_after_bidding()
        return action

    def _unplay(self, action: Play) -> None:
        self.plays.pop()
        if not self.trick.cards:
            self.trick = self.tricks.pop()
        self.trick.cards.pop()
        seat = self.trick.leader.after(len(self.trick.cards))
        order = self.deal[seat]
        held = self.held[seat]
        held.append(action.card)
        held.sort(key=order.index)
        if self.bela_calls and self.bela_calls[-1] == (seat, action.card):
            self.bela_calls.pop()

    # -- totals so far ----------------------------------------------------------------------

    def tricks_won(self) -> dict[Team, int]:
        won = {Team.NS: 0, Team.EW: 0}
        if self.trump is not None:
            for t in self.tricks:
                won[t.winner(self.trump).team] += 1
        return won

    def card_points(self) -> dict[Team, int]:
        """Card points of the complete tricks, the last trick's 10 included."""
        pts = {Team.NS: 0, Team.EW: 0}
        if self.trump is None:
            return pts
        for t in self.tricks:
            pts[t.winner(self.trump).team] += t.points(self.trump)
        if len(self.tricks) == 8:
            pts[self.tricks[-1].winner(self.trump).team] += 10
        return pts

    def bela_points(self) -> dict[Team, int]:
        pts = {Team.NS: 0, Team.EW: 0}
        for seat, _ in self.bela_calls:
            pts[seat.team] += 20
        return pts

    def copy(self) -> Hand:
        other = Hand(self.dealer, self.deal, self.rules)
        for a in self.actions:
            other._do(a)
        return other

    def __repr__(self) -> str:
        return f"<Hand dealer={self.dealer} phase={self.phase.value} actions={len(self.actions)}>"


def _check_deal(deal: Mapping[Seat, Sequence[Card]]) -> None:
    seen: set[Card] = set()
    for seat in SEATS:
        cards = deal[seat]
        if len(cards) != 8:
            raise ValueError(f"{seat} has {len(cards)} cards, needs 8")
        seen.update(cards)
    if len(seen) != 32:
        raise ValueError("the deal is not 32 different cards")
