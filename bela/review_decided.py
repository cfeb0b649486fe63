"""Where the pad and the štiglja of a finished hand were decided (part of its review,
:mod:`bela.review`): the first card after which, with every card known, no way of playing the
rest could change them. A search over every continuation (:class:`Extremes`: the lowest and
highest result), within :data:`DECIDED_NODES` nodes a position, from the end backwards; past
it, the cards before are left undecided (``searched`` says how far back it went).
"""

from __future__ import annotations

from collections.abc import Sequence

from bela.actions import Play
from bela.bots.cardset import POINTS, TO_INT, legal_mask, mask_of
from bela.bots.search import Scoring
from bela.bots.solver import INF, NodeLimit
from bela.hand import Hand
from bela.match import Match
from bela.review_replay import finished_hand, replay, scoring_at
from bela.review_results import Decided
from bela.seats import SEATS, Team

#: the search over every continuation: nodes in all
DECIDED_NODES = 60_000


class Extremes:
    """The lowest and highest R (bela.bots.solver's value for NS) over every way of playing the
    rest of one deal. The table (keyed by the four hands, the leader and who has a trick) holds
    for every position of the deal, so walking back through a hand reuses it; past ``limit``
    nodes in all, :class:`NodeLimit`."""

    def __init__(self, trump: int, limit: int) -> None:
        self.trump = trump
        self.limit = limit
        self.nodes = 0
        self.memo: dict[int, tuple[int, int]] = {}

    def value(self, hands: Sequence[int], leader: int, trick: Sequence[int], flags: int) -> tuple[int, int]:
        trump = self.trump
        pts = POINTS[trump]
        h = list(hands)
        memo = self.memo

        def start(lead: int, fl: int) -> tuple[int, int]:
            if not h[lead]:
                s = 2 if not fl & 2 else (0 if not fl & 1 else 1)
                return s, s
            key = ((h[0] | h[1] << 32 | h[2] << 64 | h[3] << 96) << 4) | lead << 2 | fl
            got = memo.get(key)
            if got is None:
                got = play(0, lead, -1, 0, lead, 0, fl)
                memo[key] = got
            return got

        def play(n: int, lead: int, led: int, win: int, winseat: int, tpts: int, fl: int) -> tuple[int, int]:
            self.nodes += 1
            if self.nodes > self.limit:
                raise NodeLimit
            seat = (lead + n) & 3
            hand = h[seat]
            m = hand if led < 0 else legal_mask(hand, led, win, trump)
            lo, hi = INF, -INF
            while m:
                b = m & -m
                m ^= b
                i = b.bit_length() - 1
                h[seat] = hand ^ b
                if n == 0:
                    nl, nw, nws = i >> 3, i, seat
                else:
                    nl = led
                    if (i >> 3 == win >> 3 and i > win) or (i >> 3 == trump and win >> 3 != trump):
                        nw, nws = i, seat
                    else:
                        nw, nws = win, winseat
                tp = tpts + pts[i]
                if n == 3:
                    if not (h[0] | h[1] | h[2] | h[3]):
                        tp += 10
                    if nws & 1:
                        a, z = start(nws, fl | 2)
                    else:
                        a, z = start(nws, fl | 1)
                        a, z = a + 3 * tp, z + 3 * tp
                else:
                    a, z = play(n + 1, lead, nl, nw, nws, tp, fl)
                h[seat] = hand
                lo, hi = min(lo, a), max(hi, z)
            return lo, hi

        if not trick:
            return start(leader, flags)
        led = trick[0] >> 3
        win, winseat, tpts = trick[0], leader, 0
        for j, c in enumerate(trick):
            tpts += pts[c]
            if j and ((c >> 3 == win >> 3 and c > win) or (c >> 3 == trump and win >> 3 != trump)):
                win, winseat = c, (leader + j) & 3
        return play(len(trick), leader, led, win, winseat, tpts, flags)


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
        try:
            lo, hi = search.value(
                [mask_of(pos.held[s], t) for s in SEATS],
                int(pos.trick.leader),
                [table[c.index] for c in pos.trick.cards],
                flags,
            )
        except NodeLimit:
            break
        searched = k
        scoring = scoring_at(hand, pos)
        a, z = _outcome(scoring, lo), _outcome(scoring, hi)
        if pad is None and a[0] != z[0]:
            pad = k + 1
        if stiglja is None and a[1] != z[1]:
            stiglja = k + 1
        if pad is not None and stiglja is not None:
            break
    else:
        pad = 0 if pad is None else pad
        stiglja = 0 if stiglja is None else stiglja
    return Decided(pad, stiglja, searched)
