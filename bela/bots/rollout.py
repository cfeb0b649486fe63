"""The rollouts of the hard player's search (:func:`bela.bots.search.evaluate`): a hand played on
from a candidate card by a quick policy (:func:`rollout_card`) until an exact endgame of
``leaf_cards`` cards that :class:`~bela.bots.solver.Solver` solves.

Each seat of a rollout plays as a player at the table could: by its own hand and the cards
still out, never by who holds them (the first policy looked into the others' hands, and a
partner of a person played worse for it: docs/experiments.md, the thirteenth pass).

Cards are the search's internal numbers (``suit * 8 + strength``, :mod:`bela.bots.cardset`);
a value is the solver's ``R`` (three times the card points NS takes from here on, plus the
štiglja flag).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bela.bots.cardset import ABOVE, POINTS, SUIT_MASK, legal_mask
from bela.bots.leads import drawn_lead, learned_lead, partner_lead
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
    draw: Callable[[], float] | None = None,
) -> int:
    """R after playing ``first`` and continuing with :func:`rollout_card` down to an exact
    endgame of ``exact_cards`` cards (the opponents' leads drawn from ``draw``, if given);
    ``steps[0]`` counts the cards played by the policy."""
    pts = POINTS[trump]
    tmask = SUIT_MASK[trump]
    h = list(hands0)
    n = len(trick)
    led, win, winseat, tp = _trick_so_far(trick, leader, trump)
    seat = (leader + n) & 3
    partner = seat ^ 2  # the searching seat's: its leads are a person's partner's
    gained = 0
    card = first
    while True:
        h[seat] ^= 1 << card
        tp += pts[card]
        if n == 0:
            led, win, winseat = card >> 3, card, seat
        elif (card >> 3 == win >> 3 and card > win) or (card >> 3 == trump and win >> 3 != trump):
            win, winseat = card, seat
        n += 1
        if n == 4:
            left = h[0] | h[1] | h[2] | h[3]
            if not left:
                tp += 10
            if winseat & 1:
                ew_has = True
            else:
                ns_has = True
                gained += 3 * tp
            if not left:
                return gained + (2 if not ew_has else 0 if not ns_has else 1)
            if left.bit_count() <= exact_cards:
                return gained + solver.position_value(h, winseat, ns_has, ew_has)
            seat = winseat
            n, tp = 0, 0
        else:
            seat = (seat + 1) & 3
        steps[0] += 1
        # rollout_card(h, seat, n, led, win, winseat, trump, partner, draw), worked out here
        # (the rollouts' most frequent call; tests/test_bots_rollout.py holds them equal)
        hand = h[seat]
        if not n:
            card = _lead(h, seat, trump, partner, draw)
            continue
        follow = hand & SUIT_MASK[led]
        if follow:
            m = follow if win >> 3 != led else (follow & ABOVE[win] or follow)
        else:
            tr = hand & tmask
            m = hand if not tr else (tr & ABOVE[win] or tr) if win >> 3 == trump else tr
        if m & (m - 1) == 0:
            card = m.bit_length() - 1
            continue
        nxt = ((h[0] | h[1] | h[2] | h[3]) ^ hand) if n <= 2 else 0
        if (winseat ^ seat) & 1 == 0:
            if not (nxt and _can_beat(nxt, led, win, trump)):
                plain = m & ~tmask
                card = _richest(plain, pts) if plain else (m & -m).bit_length() - 1
            else:
                card = _cheapest(m, pts)
            continue
        c0 = (m & -m).bit_length() - 1
        if (c0 >> 3 == win >> 3 and c0 > win) or (c0 >> 3 == trump and win >> 3 != trump):
            card = _weakest_holding(m, nxt, led, trump)
        else:
            card = _cheapest(m, pts)


def rollout_card(
    h: list[int],
    seat: int,
    n: int,
    led: int,
    win: int,
    winseat: int,
    trump: int,
    partner: int = -1,
    draw: Callable[[], float] | None = None,
) -> int:
    """A quick choice by the seat's own hand and the cards still out (``h``'s other hands
    together, never who holds them): lead as the hard player leads (:mod:`bela.bots.leads`;
    ``partner``, the searching seat's partner, by :func:`~bela.bots.leads.partner_lead`, -1:
    nobody; with ``draw``, the searching seat's opponents draw their leads from it by
    :func:`~bela.bots.leads.drawn_lead`), smear on the partner's sure trick, win cheaply when
    last, else win with a card that holds, else throw cheap.
    ``n`` cards of the trick are down: the suit ``led``, the card ``win`` taking it, played by
    ``winseat`` (the three ignored when leading)."""
    hand = h[seat]
    if not n:
        # by the cards still out: every card left but ours (a seat sees no other hand)
        return _lead(h, seat, trump, partner, draw)
    m = legal_mask(hand, led, win, trump)
    if m & (m - 1) == 0:
        return m.bit_length() - 1
    pts = POINTS[trump]
    tmask = SUIT_MASK[trump]
    # an opponent still plays after this seat (it is second or third): any card still out may
    # be its (worked out only here: not for the fourth seat, nor for a forced card)
    nxt = ((h[0] | h[1] | h[2] | h[3]) ^ hand) if n <= 2 else 0
    if (winseat ^ seat) & 1 == 0:
        if not (nxt and _can_beat(nxt, led, win, trump)):
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
        return _weakest_holding(m, nxt, led, trump)
    return _cheapest(m, pts)


def _weakest_holding(m: int, nxt: int, led: int, trump: int) -> int:
    """The lowest card of ``m`` that none of the cards ``nxt`` (still out, when an opponent
    plays after) can beat, else ``m``'s lowest: every card of ``m`` beats the trick."""
    best = -1
    mm = m
    while mm:
        b = mm & -mm
        i = b.bit_length() - 1
        mm ^= b
        if not (nxt and _can_beat(nxt, led, i, trump)):
            return i
        best = i if best < 0 else best
    return best


def _trick_so_far(trick: list[int], leader: int, trump: int) -> tuple[int, int, int, int]:
    """The trick so far: the suit led, the card taking it and its seat, its points (-1, -1,
    ``leader`` and 0 before its first card)."""
    pts = POINTS[trump]
    led, win, winseat, tp = -1, -1, leader, 0
    for j, c in enumerate(trick):
        tp += pts[c]
        if j == 0:
            led, win = c >> 3, c
        elif (c >> 3 == win >> 3 and c > win) or (c >> 3 == trump and win >> 3 != trump):
            win, winseat = c, (leader + j) & 3
    return led, win, winseat, tp


def _lead(h: list[int], seat: int, trump: int, partner: int, draw: Callable[[], float] | None) -> int:
    """A seat's lead in a rollout, by its own hand and the cards still out: ``partner``, the
    searching seat's partner (-1: nobody), by the partner's fit; with ``draw``, the searching
    seat's opponents draw theirs; else the hard player's own lead."""
    hand = h[seat]
    out = (h[0] | h[1] | h[2] | h[3]) ^ hand
    if seat == partner:
        return partner_lead(hand, out, trump)
    if draw is not None and partner >= 0 and (seat ^ partner) & 1:
        return drawn_lead(hand, out, trump, draw())
    return learned_lead(hand, out, trump)


def _can_beat(hand: int, led: int, win: int, trump: int) -> bool:
    follow = hand & SUIT_MASK[led]
    if follow:
        return win >> 3 == led and bool(follow & ABOVE[win])
    tr = hand & SUIT_MASK[trump]
    if not tr:
        return False
    return win >> 3 != trump or bool(tr & ABOVE[win])


def _cheapest(m: int, pts: Sequence[int]) -> int:
    """The card of ``m`` worth the fewest points, the weakest between equals (the first suit's
    on a tie). Within a suit, points never fall as strength rises, so each suit's candidate is
    its weakest card."""
    best, bv = -1, INF
    for s in (0, 1, 2, 3):
        part = m & SUIT_MASK[s]
        if part:
            i = (part & -part).bit_length() - 1
            v = pts[i] * 8 + (i & 7)
            if v < bv:
                best, bv = i, v
    return best


def _richest(m: int, pts: Sequence[int]) -> int:
    """The card of ``m`` worth the most points, the weakest between equals (the first suit's on
    a tie). Within a suit only cards of no points share a value, so each suit's candidate is
    its strongest card, or its weakest when that is worth nothing."""
    best, bv = -1, -INF
    for s in (0, 1, 2, 3):
        part = m & SUIT_MASK[s]
        if part:
            i = part.bit_length() - 1
            if not pts[i]:
                i = (part & -part).bit_length() - 1
            v = pts[i] * 8 - (i & 7)
            if v > bv:
                best, bv = i, v
    return best
