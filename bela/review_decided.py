"""Where the pad and the štiglja of a finished hand were decided (part of its review,
:mod:`bela.review`): the first card after which, with every card known, no way of playing the
rest could change them. A search over every continuation (:class:`Extremes`: the lowest and
highest result, by the bots' exact solver), within :data:`DECIDED_NODES` nodes, from the end
backwards; past it, the cards before are left undecided (``searched`` says how far back it went).
"""

from __future__ import annotations

from collections.abc import Sequence

from bela.actions import Play
from bela.bots.cardset import POINTS, TO_INT, mask_of
from bela.bots.search import Scoring
from bela.bots.solver import NodeLimit, Solver
from bela.hand import Hand
from bela.match import Match
from bela.review_replay import finished_hand, replay, scoring_at
from bela.review_results import Decided
from bela.seats import SEATS, Team

#: the search over every continuation: nodes each for the lowest and the highest R
DECIDED_NODES = 60_000


class Extremes:
    """Whether the lowest and the highest R (bela.bots.solver's value for NS) over every way of
    playing the rest of one deal lie on either side of a threshold: the solver with every seat
    taking the lowest R, and with every seat taking the highest, each asked with a null window
    (it stops at the first continuation past the threshold). Their tables (keyed by the four
    hands, the leader and who has a trick) hold for every position of the deal, so walking back
    through a hand reuses them; past ``limit`` nodes in either, :class:`NodeLimit`."""

    def __init__(self, trump: int, limit: int) -> None:
        self.low = Solver(trump, limit, maximizing=(False,) * 4)
        self.high = Solver(trump, limit, maximizing=(True,) * 4)

    def splits(self, hands: Sequence[int], leader: int, trick: Sequence[int], flags: int, t: int) -> bool:
        """Whether some way of playing the rest gives R below ``t`` and another at least ``t``."""
        return (
            self._value(self.low, hands, leader, trick, flags, t)
            < t
            <= self._value(self.high, hands, leader, trick, flags, t)
        )

    @staticmethod
    def _value(
        solver: Solver, hands: Sequence[int], leader: int, trick: Sequence[int], flags: int, t: int
    ) -> int:
        ns_has, ew_has = bool(flags & 1), bool(flags & 2)
        if not trick:
            return solver.position_value(hands, leader, ns_has, ew_has, t - 1, t)
        values = solver.root_values(hands, leader, trick, ns_has, ew_has, alpha=t - 1, beta=t).values()
        return max(values) if solver.maximizing[0] else min(values)


def _outcome(scoring: Scoring, r: int) -> tuple[str, int]:
    """(made / pad / visi, 2 NS štiglja, 0 EW štiglja, 1 none) for the rest's value ``r``."""
    s = r % 3
    if s != 1:
        winner = Team.NS if s == 2 else Team.EW
        return ("made" if winner is scoring.caller else "pad"), s
    total = 162 + sum(scoring.decl) + sum(scoring.bela)
    pts_ns = scoring.ns_points + r // 3
    own_ns = pts_ns + scoring.decl[0] + scoring.bela[0]
    own = own_ns if scoring.caller is Team.NS else total - own_ns
    if 2 * own > total:
        return "made", s
    if 2 * own == total and scoring.rules.exact_half == "visi":
        return "visi", s
    return "pad", s


def _bounds(
    scoring: Scoring, hands: Sequence[int], trick: Sequence[int], trump: int
) -> tuple[list[int], list[int]]:
    """The values of R at which the outcome changes: the pad's (made, pad or visi: the R where
    the class differs from the next lower R a hand can end with) and the štiglja's (1: above
    EW taking every trick; the highest R: NS taking every trick)."""
    pts = POINTS[trump]
    rest = 10 + sum(pts[i] for m in hands for i in range(32) if m >> i & 1) + sum(pts[i] for i in trick)
    top = 3 * rest + 2
    ends = [0, *range(1, 3 * rest + 2, 3), top]  # R: EW takes every trick, the middle, NS every trick
    pad = [
        r
        for r, below in zip(ends[1:], ends, strict=False)
        if _outcome(scoring, r)[0] != _outcome(scoring, below)[0]
    ]
    return pad, [1, top]


def decided(match: Match, number: int, limit: int = DECIDED_NODES) -> Decided:
    """After how many cards the pad and the štiglja could no longer change (see the module)."""
    hand = finished_hand(match, number)
    if hand.trump is None or not hand.plays:
        return Decided(None, None, 32)
    t = int(hand.trump)
    table = TO_INT[t]
    states: list[Hand] = []
    for pos, i in replay(hand):
        if isinstance(hand.actions[i], Play):
            states.append(pos.copy())
    # states[k]: k cards played (k = 0..31); after the 32nd card nothing can change
    pad: int | None = None
    stiglja: int | None = None
    searched = 32
    search = Extremes(t, limit)
    for k in range(31, -1, -1):
        pos = states[k]
        won = pos.tricks_won()
        flags = (1 if won[Team.NS] else 0) | (2 if won[Team.EW] else 0)
        hands = [mask_of(pos.held[s], t) for s in SEATS]
        trick = [table[c.index] for c in pos.trick.cards]
        pad_bounds, stiglja_bounds = _bounds(scoring_at(hand, pos), hands, trick, t)
        # a team with a trick already: the other one can no longer take every trick
        stiglja_bounds = [
            b for b, gone in zip(stiglja_bounds, (flags & 1, flags & 2), strict=True) if not gone
        ]
        try:
            if pad is None and any(
                search.splits(hands, int(pos.trick.leader), trick, flags, b) for b in pad_bounds
            ):
                pad = k + 1
            if stiglja is None and any(
                search.splits(hands, int(pos.trick.leader), trick, flags, b) for b in stiglja_bounds
            ):
                stiglja = k + 1
        except NodeLimit:
            break
        searched = k
        if pad is not None and stiglja is not None:
            break
    else:
        pad = 0 if pad is None else pad
        stiglja = 0 if stiglja is None else stiglja
    return Decided(pad, stiglja, searched)
