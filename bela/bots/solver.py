"""Exact solver for the rest of a hand whose four hands are all known (a "double dummy").

The value of a position is what team NS takes from now on, written ``R = 3 * points + s``:
``points`` are the card points NS wins from now on (the cards already in the current trick and
the last trick's 10 included), ``s`` is 2 when NS takes every trick of the whole hand
(štiglja), 0 when EW does, else 1. NS maximizes R, EW minimizes it. Every hand score (the
points written on the sheet after pad and štiglja, see :func:`hand_score`) is a
non-decreasing function of R for NS, so the R a perfect play gives also gives the best hand
score: solving for R and scoring afterwards is exact, and the transposition table can keep
the value of a position independently of the points taken before it.

Alpha-beta with fail-soft bounds, a transposition table at the start of each trick (keyed by
the four hands, the leader and who has taken a trick), and move ordering (win cheaply, smear
points on a partner's trick, throw the cheapest card otherwise), and two shortcuts: of two
cards of one suit with the same points and no card still in play between them, only one is
searched (they are the same card in effect); and a trick's start whose window the rest cannot
reach (more than every point left can give, or less than nothing) is not searched (a quarter
fewer nodes). The tests check every root card's value
against a plain minimax over the engine's own Hand and against a plain solve.

>>> from bela.cards import parse_cards, Suit
>>> from bela.bots.cardset import mask_of
>>> t = Suit.HEARTS
>>> hands = [mask_of(parse_cards(x), t) for x in (["JH"], ["AS"], ["7H"], ["TS"])]
>>> values = solve(hands, t, leader=0, trick=[], ns_has=True, ew_has=True)
>>> [(str(to_card(c, t)), v) for c, v in values.items()]   # 20+11+0+10 + 10 last = 51 points
[('JH', 154)]
"""

from __future__ import annotations

from collections.abc import Sequence

from bela.bots.cardset import ABOVE, BELOW, BYTE_POINTS, POINTS, SUIT_MASK, legal_mask, to_card

INF = 1 << 30
__all__ = ["NodeLimit", "Solver", "solve", "to_card"]


class NodeLimit(Exception):
    """The solver passed its node limit (``Solver.limit``) and gave up: no value, no guess."""


def _keys(trump: int) -> tuple[tuple[int, ...], ...]:
    """Move ordering keys (score * 32 + card, highest first): leading, high cards first; on a
    partner's trick, the most points; winning, the lowest card that wins; else the cheapest."""
    pts = POINTS[trump]
    return (
        tuple(((i & 7) * 4 + pts[i]) * 32 + i for i in range(32)),
        tuple(pts[i] * 32 + i for i in range(32)),
        tuple((100 - (i & 7)) * 32 + i for i in range(32)),
        tuple(-pts[i] * 32 + i for i in range(32)),
    )


_KEYS = tuple(_keys(t) for t in range(4))


class Solver:
    """One solver per trump suit and deal; its table may be reused between root moves and
    between positions of the same deal (the same cards in the same hands)."""

    __slots__ = ("_h", "_play", "_trick_start", "counter", "limit", "maximizing", "trump", "tt")

    def __init__(
        self, trump: int, limit: int = INF, maximizing: Sequence[bool] = (True, False, True, False)
    ) -> None:
        self.trump = trump
        # which seats take the highest R (NS's, by default): every seat the lowest, or every
        # seat the highest, gives the extremes of R over every way of playing the rest (the
        # review's search, bela.review_decided)
        self.maximizing = tuple(maximizing)
        self.tt: dict[int, tuple[int, int]] = {}
        self.counter = [0]
        # checked at the start of each trick: past it, the search raises NodeLimit
        self.limit = [limit]
        self._h = [0, 0, 0, 0]
        self._build()

    @property
    def nodes(self) -> int:
        return self.counter[0]

    def position_value(
        self,
        hands: Sequence[int],
        leader: int,
        ns_has: bool,
        ew_has: bool,
        alpha: int = -INF,
        beta: int = INF,
    ) -> int:
        """R of a position at the start of a trick (no card of it played yet); with a window
        (``alpha``, ``beta``), fail-soft: at most ``alpha`` or at least ``beta`` when outside it."""
        self._h[:] = hands
        flags = (1 if ns_has else 0) | (2 if ew_has else 0)
        return self._trick_start(leader, flags, alpha, beta)

    def _build(self) -> None:
        trump = self.trump
        pts = POINTS[trump]
        tmask = SUIT_MASK[trump]
        tt = self.tt
        h = self._h
        counter = self.counter
        limit = self.limit
        maxing = self.maximizing
        key_lead, key_smear, key_beat, key_throw = _KEYS[trump]
        bp0, bp1, bp2, bp3 = BYTE_POINTS[trump]

        def trick_start(leader: int, flags: int, alpha: int, beta: int) -> int:
            hl = h[leader]
            if not hl & (hl - 1):
                if not hl:
                    return 2 if not flags & 2 else (0 if not flags & 1 else 1)
                # one card in each hand: the last trick is forced
                counter[0] += 1
                w = hl.bit_length() - 1
                t = pts[w] + 10
                ws = leader
                for k in (1, 2, 3):
                    s = (leader + k) & 3
                    c = h[s].bit_length() - 1
                    t += pts[c]
                    if (c >> 3 == w >> 3 and c > w) or (c >> 3 == trump and w >> 3 != trump):
                        w, ws = c, s
                if ws & 1:
                    return 1 if flags & 1 else 0
                return 3 * t + (1 if flags & 2 else 2)
            if counter[0] > limit[0]:
                raise NodeLimit
            # outside the window whatever is played: the rest brings NS at least nothing (and
            # not the štiglja's 0 once NS has a trick), at most every point left and the last 10
            lo = 1 if flags & 1 else 0
            if lo >= beta:
                return lo
            al = h[0] | h[1] | h[2] | h[3]
            top = 3 * (bp0[al & 255] + bp1[al >> 8 & 255] + bp2[al >> 16 & 255] + bp3[al >> 24] + 10) + (
                1 if flags & 2 else 2
            )
            if top <= alpha:
                return top
            key = ((h[0] | h[1] << 32 | h[2] << 64 | h[3] << 96) << 4) | leader << 2 | flags
            entry = tt.get(key)
            lo, hi = -INF, INF
            if entry is not None:
                lo, hi = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            a0, b0 = alpha, beta
            v = play(0, leader, -1, 0, leader, 0, flags, alpha, beta)
            if v <= a0:
                hi = v if v < hi else hi
            elif v >= b0:
                lo = v if v > lo else lo
            else:
                lo = hi = v
            tt[key] = (lo, hi)
            return v

        def play(
            n: int,
            leader: int,
            led: int,
            win: int,
            winseat: int,
            tpts: int,
            flags: int,
            alpha: int,
            beta: int,
        ) -> int:
            counter[0] += 1
            seat = (leader + n) & 3
            hand = h[seat]
            # legal cards
            if led < 0:
                m = hand
            else:
                follow = hand & SUIT_MASK[led]
                if follow:
                    m = follow if win >> 3 != led else (follow & ABOVE[win] or follow)
                else:
                    tr = hand & tmask
                    m = hand if not tr else (tr & ABOVE[win] or tr) if win >> 3 == trump else tr
            if m & (m - 1):
                # move ordering, as keys sorted highest first (a key's low five bits are its
                # card); cards still able to matter: in a hand, or taking the current trick
                alive = h[0] | h[1] | h[2] | h[3]
                if n == 0:
                    key = key_lead
                    beat = 0
                else:
                    alive |= 1 << win
                    if (winseat ^ seat) & 1 == 0:
                        key = key_smear
                        beat = 0
                    else:
                        key = key_throw
                        beat = ABOVE[win] | (tmask if win >> 3 != trump else 0)
                moves = []
                prev = -1
                while m:
                    lowbit = m & -m
                    i = lowbit.bit_length() - 1
                    m ^= lowbit
                    if (
                        prev >= 0
                        and prev >> 3 == i >> 3
                        and pts[prev] == pts[i]
                        and not ABOVE[prev] & BELOW[i] & alive
                    ):
                        # same suit, same points, nothing alive between: the same card in effect
                        prev = i
                        continue
                    prev = i
                    moves.append(key_beat[i] if beat & lowbit else key[i])
                moves.sort(reverse=True)
            else:
                moves = [m.bit_length() - 1]
            maximizing = maxing[seat]
            best = -INF if maximizing else INF
            for x in moves:
                i = x & 31
                b = 1 << i
                h[seat] = hand ^ b
                if n == 0:
                    nl, nw, nws = i >> 3, i, seat
                else:
                    nl = led
                    if (i >> 3 == win >> 3 and i > win) or (i >> 3 == trump and win >> 3 != trump):
                        nw, nws = i, seat
                    else:
                        nw, nws = win, winseat
                t = tpts + pts[i]
                if n == 3:
                    if not h[0] and not h[1] and not h[2] and not h[3]:
                        t += 10
                    if nws & 1:
                        val = trick_start(nws, flags | 2, alpha, beta)
                    else:
                        gain = 3 * t
                        val = gain + trick_start(nws, flags | 1, alpha - gain, beta - gain)
                else:
                    val = play(n + 1, leader, nl, nw, nws, t, flags, alpha, beta)
                h[seat] = hand
                if maximizing:
                    if val > best:
                        best = val
                        if val > alpha:
                            alpha = val
                            if alpha >= beta:
                                break
                elif val < best:
                    best = val
                    if val < beta:
                        beta = val
                        if alpha >= beta:
                            break
            return best

        self._trick_start = trick_start
        self._play = play

    def root_values(
        self,
        hands: Sequence[int],
        leader: int,
        trick: Sequence[int],
        ns_has: bool,
        ew_has: bool,
        moves: Sequence[int] | None = None,
        alpha: int = -INF,
        beta: int = INF,
    ) -> dict[int, int]:
        """R for each legal card (internal number) of the seat to play, each exact (or, with a
        window, fail-soft as :meth:`position_value`)."""
        trump = self.trump
        pts = POINTS[trump]
        h = self._h
        h[:] = hands
        trick_start = self._trick_start
        play = self._play
        flags = (1 if ns_has else 0) | (2 if ew_has else 0)
        n = len(trick)
        seat = (leader + n) & 3
        led = trick[0] >> 3 if trick else -1
        win, winseat, tpts = 0, leader, 0
        for k, c in enumerate(trick):
            tpts += pts[c]
            if k == 0 or (c >> 3 == win >> 3 and c > win) or (c >> 3 == trump and win >> 3 != trump):
                win, winseat = c, (leader + k) & 3
        hand = h[seat]
        if moves is None:
            lm = legal_mask(hand, led, win, trump)
            root_moves = []
            while lm:
                lowbit = lm & -lm
                root_moves.append(lowbit.bit_length() - 1)
                lm ^= lowbit
        else:
            root_moves = list(moves)
        out: dict[int, int] = {}
        for i in root_moves:
            b = 1 << i
            h[seat] = hand ^ b
            if n == 0:
                nl, nw, nws = i >> 3, i, seat
            else:
                nl = led
                if (i >> 3 == win >> 3 and i > win) or (i >> 3 == trump and win >> 3 != trump):
                    nw, nws = i, seat
                else:
                    nw, nws = win, winseat
            t = tpts + pts[i]
            if n == 3:
                if not h[0] and not h[1] and not h[2] and not h[3]:
                    t += 10
                if nws & 1:
                    val = trick_start(nws, flags | 2, alpha, beta)
                else:
                    gain = 3 * t
                    val = gain + trick_start(nws, flags | 1, alpha - gain, beta - gain)
            else:
                val = play(n + 1, leader, nl, nw, nws, t, flags, alpha, beta)
            h[seat] = hand
            out[i] = val
        return out


def solve(
    hands: Sequence[int],
    trump: int,
    leader: int,
    trick: Sequence[int],
    ns_has: bool,
    ew_has: bool,
) -> dict[int, int]:
    """R (see the module) for every legal card of the seat to play, with a fresh table."""
    return Solver(trump).root_values(hands, leader, trick, ns_has, ew_has)
