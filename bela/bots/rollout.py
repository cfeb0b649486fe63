"""The rollouts of the hard player's search (:func:`bela.bots.search.evaluate`): a hand played on
from a candidate card by a quick full-information policy (:func:`rollout_card`), every hand in
view, until an exact endgame of ``leaf_cards`` cards that :class:`~bela.bots.solver.Solver`
solves.

Cards are the search's internal numbers (``suit * 8 + strength``, :mod:`bela.bots.cardset`);
a value is the solver's ``R`` (three times the card points NS takes from here on, plus the
štiglja flag).
"""

from __future__ import annotations

from collections.abc import Sequence

from bela.bots.cardset import ABOVE, POINTS, SUIT_MASK, legal_mask
from bela.bots.solver import INF, Solver


def rollout_value(
    solver: Solver,
    hands0: list[int],
    trump: int,
    leader: int,
    trick: list[int],
    first: int,
    ns_has: bool,
    ew_has: bool,
    exact_cards: int,
    steps: list[int],
) -> int:
    """R after playing ``first`` and continuing with :func:`rollout_card` down to an exact
    endgame of ``exact_cards`` cards; ``steps[0]`` counts the cards played by the policy."""
    pts = POINTS[trump]
    h = list(hands0)
    cards = list(trick)
    seat = (leader + len(cards)) & 3
    gained = 0
    card = first
    while True:
        h[seat] ^= 1 << card
        cards.append(card)
        if len(cards) == 4:
            win_i = 0
            for j in range(1, 4):
                c, w = cards[j], cards[win_i]
                if (c >> 3 == w >> 3 and c > w) or (c >> 3 == trump and w >> 3 != trump):
                    win_i = j
            winner = (leader + win_i) & 3
            tp = pts[cards[0]] + pts[cards[1]] + pts[cards[2]] + pts[cards[3]]
            left = h[0] | h[1] | h[2] | h[3]
            if not left:
                tp += 10
            if winner & 1:
                ew_has = True
            else:
                ns_has = True
                gained += 3 * tp
            leader = winner
            cards = []
            if not left:
                return gained + (2 if not ew_has else 0 if not ns_has else 1)
            if left.bit_count() <= exact_cards:
                return gained + solver.position_value(h, leader, ns_has, ew_has)
            seat = leader
        else:
            seat = (seat + 1) & 3
        steps[0] += 1
        card = rollout_card(h, seat, leader, cards, trump)


def rollout_card(h: list[int], seat: int, leader: int, cards: list[int], trump: int) -> int:
    """A quick full-information choice: pull or cash masters when leading, smear on the partner's
    sure trick, win cheaply when last, else win with a card that holds, else throw cheap."""
    pts = POINTS[trump]
    hand = h[seat]
    tmask = SUIT_MASK[trump]
    others = 0
    for s in range(4):
        if s != seat:
            others |= h[s]
    if not cards:
        opp = h[(seat + 1) & 3] | h[(seat + 3) & 3]
        tr = hand & tmask
        if tr and opp & tmask:
            best = tr.bit_length() - 1
            if not (others & tmask & ABOVE[best]):
                return best
        for s in range(4):
            if s == trump:
                continue
            mine = hand & SUIT_MASK[s]
            if not mine:
                continue
            best = mine.bit_length() - 1
            if not (others & SUIT_MASK[s] & ABOVE[best]):
                ruff = False
                for o in ((seat + 1) & 3, (seat + 3) & 3):
                    if not h[o] & SUIT_MASK[s] and h[o] & tmask:
                        ruff = True
                if not ruff:
                    return best
        return _cheapest(hand & ~tmask or hand, pts)
    led = cards[0] >> 3
    win_i = 0
    for j in range(1, len(cards)):
        c, w = cards[j], cards[win_i]
        if (c >> 3 == w >> 3 and c > w) or (c >> 3 == trump and w >> 3 != trump):
            win_i = j
    win = cards[win_i]
    winseat = (leader + win_i) & 3
    m = legal_mask(hand, led, win, trump)
    if m & (m - 1) == 0:
        return m.bit_length() - 1
    n = len(cards)
    later = [(seat + j) & 3 for j in range(1, 4 - n)]
    later_opp = [p for p in later if (p ^ seat) & 1]
    if (winseat ^ seat) & 1 == 0:
        if not any(_can_beat(h[p], led, win, trump) for p in later_opp):
            plain = m & ~tmask
            if plain:
                return _richest(plain, pts)
            return (m & -m).bit_length() - 1
        return _cheapest(m, pts)
    # an opponent is winning
    first = m & -m
    c0 = first.bit_length() - 1
    if (c0 >> 3 == win >> 3 and c0 > win) or (c0 >> 3 == trump and win >> 3 != trump):
        # every legal card beats (the rules force it): pick the cheapest one that holds
        best = -1
        mm = m
        while mm:
            b = mm & -mm
            i = b.bit_length() - 1
            mm ^= b
            if not any(_can_beat(h[p], led, i, trump) for p in later_opp):
                return i
            best = i if best < 0 else best
        return best
    return _cheapest(m, pts)


def _can_beat(hand: int, led: int, win: int, trump: int) -> bool:
    follow = hand & SUIT_MASK[led]
    if follow:
        return win >> 3 == led and bool(follow & ABOVE[win])
    tr = hand & SUIT_MASK[trump]
    if not tr:
        return False
    return win >> 3 != trump or bool(tr & ABOVE[win])


def _cheapest(m: int, pts: Sequence[int]) -> int:
    best, bv = -1, INF
    while m:
        b = m & -m
        i = b.bit_length() - 1
        m ^= b
        v = pts[i] * 8 + (i & 7)
        if v < bv:
            best, bv = i, v
    return best


def _richest(m: int, pts: Sequence[int]) -> int:
    best, bv = -1, -INF
    while m:
        b = m & -m
        i = b.bit_length() - 1
        m ^= b
        v = pts[i] * 8 - (i & 7)
        if v > bv:
            best, bv = i, v
    return best
