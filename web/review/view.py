"""The review of a finished hand, as the page shows it: what the worker found so far (a part at a
time: web/worker/review.py), where the player is in the replay, and what that step shows (each
seat's cards still held, the plays with their costs and marks, the trick on the table, the
bids, the verdict). Plain Python: no browser.

>>> from bela.match import played_at_random
>>> m = played_at_random(3)
>>> hand = m.hands[0]
>>> state = ReviewState(1, "record")
>>> state.data.next_part(hand)
'trick:0'
>>> v = review_view(hand, state.at(5))
>>> v.step, v.last, v.trick, len(v.plays), [len(v.hands[s]) for s in SEATS]
(5, 32, 2, 5, [7, 6, 7, 7])
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from bela.actions import Bid
from bela.cards import Card, Suit
from bela.declarations import Declaration
from bela.hand import Hand
from bela.review_results import DD_ALWAYS, BidReview, Decided, PlayReview, lost_to_mistakes, solver_reach
from bela.seats import SEATS, Seat, Team
from web.view import display_order

#: The seats as the review lists them: the player's first.
ORDER: tuple[Seat, ...] = (Seat.S, Seat.W, Seat.N, Seat.E)


@dataclass
class ReviewData:
    """What the worker has found for one hand so far; kept for the hand, so that stepping back
    and forth, or opening the review again, costs nothing."""

    bids: list[BidReview] | None = None
    plays: dict[int, PlayReview] = field(default_factory=dict)
    done: set[str] = field(default_factory=set)  # the parts answered
    decided: Decided | None = None
    failed: bool = False
    counted: bool = False  # added to the statistics
    fetching: bool = False  # the worker is being asked for the rest
    dd: dict[int, tuple[Card, int]] = field(default_factory=dict)  # the first tricks, solved later

    def _merge(self, index: int) -> None:
        play = self.plays.get(index)
        found = self.dd.get(index)
        if play is not None and found is not None and play.cost_dd is None:
            self.plays[index] = replace(play, best_dd=found[0], cost_dd=found[1])

    def parts(self, hand: Hand) -> list[str]:
        """What to ask, in order: the first trick at once, then the bids, the other tricks,
        the first tricks with every card known (as far as the solver reaches, from the latest
        back), and where the pad and štiglja were decided."""
        n = len(hand.tricks)
        tricks = [f"trick:{k}" for k in range(n)]
        early = [f"dd:{k}" for k in range(min(n, 8 - DD_ALWAYS // 4) - 1, -1, -1)]
        return [*tricks[:1], "bids", *tricks[1:], *early, "decided"]

    def next_part(self, hand: Hand) -> str | None:
        if self.failed:
            return None
        return next((p for p in self.parts(hand) if p not in self.done), None)

    def complete(self, hand: Hand) -> bool:
        return all(p in self.done for p in self.parts(hand))

    def tricks_done(self) -> int:
        return sum(1 for p in self.done if p.startswith("trick:"))

    def take(self, part: str, reply: dict[str, Any]) -> None:
        """Keep one of the worker's answers (web/worker/review.py)."""
        if "error" in reply:
            self.failed = True
            return
        if "bids" in reply:
            self.bids = [BidReview.from_json(b) for b in reply["bids"]]
        if "plays" in reply:
            for p in reply["plays"]:
                play = PlayReview.from_json(p)
                self.plays[play.index] = play
                self._merge(play.index)
        if "dd" in reply:
            for d in reply["dd"]:
                best = d.get("best_dd")
                cost = d.get("cost_dd")
                if best is not None and cost is not None:
                    self.dd[int(d["index"])] = (Card.parse(str(best)), int(cost))
                    self._merge(int(d["index"]))
        if "decided" in reply:
            self.decided = Decided.from_json(reply["decided"])
        self.done.add(part)


@dataclass
class ReviewState:
    """The review open on the page: which hand, the step shown (cards played, 0 to 32), the
    record it was opened from, and what was found."""

    number: int
    record: str
    step: int = 0
    data: ReviewData = field(default_factory=ReviewData)
    opener: Any = field(default=None, compare=False, repr=False)  # focused before it opened

    def at(self, step: int) -> ReviewState:
        return replace(self, step=step)

    def move(self, how: str, last: int) -> int:
        """The step after ``start``, ``prev``, ``next``, ``end`` or ``trick:K`` (to the end of
        trick K, 1 for the first).

        >>> s = ReviewState(1, "", step=5)
        >>> [s.move(h, 32) for h in ("start", "prev", "next", "end", "trick:1", "trick:9")]
        [0, 4, 6, 32, 4, 32]
        """
        if how == "start":
            step = 0
        elif how == "prev":
            step = self.step - 1
        elif how == "next":
            step = self.step + 1
        elif how == "end":
            step = last
        elif how.startswith("trick:") and how[6:].isdigit():
            step = 4 * int(how[6:])
        else:
            step = self.step
        return max(0, min(last, step))


@dataclass(frozen=True, slots=True)
class PlayLine:
    index: int
    seat: Seat
    card: Card
    review: PlayReview | None  # None until the worker has costed it

    @property
    def trick(self) -> int:
        return self.index // 4 + 1


@dataclass(frozen=True, slots=True)
class BidLine:
    seat: Seat
    bid: Bid
    hard: Bid | None  # the hard player's bid there, once computed
    rule: str = ""  # and why (bela.bots' rule id and parameters, worded by web.hint.why)
    params: tuple[tuple[str, str | int | float], ...] = ()
    cost: float = 0.0  # by the hard player's trump model (bela.review.bid_values)


@dataclass(frozen=True, slots=True)
class Verdict:
    lost: dict[Seat, float]
    lost_team: dict[Team, float]
    mistakes: int
    unlucky: int
    solver_from: int | None  # the first play (0-based) with every later play solved exactly
    decided: Decided | None
    complete: bool  # every part found


@dataclass(frozen=True, slots=True)
class ReviewView:
    number: int
    step: int
    last: int  # cards played in the hand
    trick: int  # the trick the step shows (1 to 8; 0 before the first card)
    trump: Suit | None
    caller: Seat | None
    dealer: Seat
    hands: dict[Seat, list[tuple[Card, bool]]]  # each seat's cards still held (talon marked)
    table: list[tuple[Seat, Card]]  # the trick of the step, by seat
    winner: Seat | None  # of that trick, once complete
    plays: list[PlayLine]
    bids: list[BidLine]
    declarations: list[tuple[Seat, tuple[Declaration, ...]]]  # those written (the winning team's)
    bela: list[tuple[Seat, Card]]  # bela called, with the card it was called on
    verdict: Verdict
    tricks_total: int
    tricks_done: int  # tricks costed so far


def review_view(hand: Hand, state: ReviewState) -> ReviewView:
    """What the review shows at ``state.step``."""
    pairs = list(hand.played_pairs())
    last = len(pairs)
    step = max(0, min(last, state.step))
    shown = pairs[:step]
    played = {s: {c for p, c in shown if p is s} for s in SEATS}
    trump = hand.trump
    hands = {
        s: [(c, c in hand.deal[s][6:]) for c in display_order(hand.deal[s], trump) if c not in played[s]]
        for s in SEATS
    }
    trick_no = (step + 3) // 4
    table: list[tuple[Seat, Card]] = []
    winner: Seat | None = None
    if trick_no and trump is not None:
        tr = hand.tricks[trick_no - 1]
        table = list(tr.pairs())[: step - 4 * (trick_no - 1)]
        if len(table) == 4:
            winner = tr.winner(trump)
    data = state.data
    plays = [PlayLine(i, s, c, data.plays.get(i)) for i, (s, c) in enumerate(shown)]
    said = [(hand.first.after(i), b) for i, b in enumerate(hand.bids)]
    hard = data.bids or []
    bids = [
        BidLine(s, b, hard[i].hard, hard[i].rule, hard[i].params, hard[i].cost)
        if i < len(hard)
        else BidLine(s, b, None)
        for i, (s, b) in enumerate(said)
    ]
    return ReviewView(
        number=state.number,
        step=step,
        last=last,
        trick=trick_no,
        trump=trump,
        caller=hand.caller,
        dealer=hand.dealer,
        hands=hands,
        table=table,
        winner=winner,
        plays=plays,
        bids=bids,
        declarations=[(s, tuple(ds)) for s, ds in hand.declaration_result().declarations.items() if ds],
        bela=list(hand.bela_calls),
        verdict=verdict_of(hand, data),
        tricks_total=len(hand.tricks),
        tricks_done=data.tricks_done(),
    )


def verdict_of(hand: Hand, data: ReviewData) -> Verdict:
    plays = list(data.plays.values())
    seats, teams = lost_to_mistakes(plays)
    complete = data.complete(hand)
    return Verdict(
        lost=seats,
        lost_team=teams,
        mistakes=sum(1 for p in plays if p.mistake),
        unlucky=sum(1 for p in plays if p.unlucky),
        solver_from=solver_reach(plays) if complete else None,
        decided=data.decided,
        complete=complete,
    )


def cost_text(x: float | int) -> str:
    """A cost as a plain number (``12``, ``7.5``), as the data-cost attributes carry it.

    >>> [cost_text(x) for x in (12, 7.5, 0.04, 3.0)]
    ['12', '7.5', '0', '3']
    """
    r = round(float(x) + 0.0, 1)
    return str(int(r)) if r == int(r) else str(r)


def accuracy(plays: list[PlayReview], seat: Seat = Seat.S) -> tuple[int, int, float]:
    """(cards equal to the hard player's choice, cards with a choice, points lost to mistakes)
    for ``seat`` in one hand.

    >>> from bela.cards import Card
    >>> p = PlayReview(0, Seat.S, Card.parse("AS"), Card.parse("AS"), 0.0, 10)
    >>> q = PlayReview(4, Seat.S, Card.parse("7S"), Card.parse("TS"), 12.5, 10)
    >>> accuracy([p, q])
    (1, 2, 12.5)
    """
    mine = [p for p in plays if p.seat is seat and p.samples > 0]
    best = sum(1 for p in mine if p.best == p.card)
    lost = sum(p.cost for p in mine if p.mistake)
    return best, len(mine), lost
