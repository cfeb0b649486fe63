"""The rollout policy's card pickers (bela.bots.rollout), against their plain definitions."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from test_bots_leads import plain_lead

from bela.bots.cardset import POINTS, legal_mask, low, top
from bela.bots.leads import drawn_lead
from bela.bots.rollout import _cheapest, _richest, rollout_card, rollout_value
from bela.bots.search import _deal_values
from bela.bots.solver import Solver
from bela.data import lead_weights
from bela.deal import SplitMix64


def plain_cheapest(m: int, pts: tuple[int, ...]) -> int:
    """The card of ``m`` with the fewest points, the weakest between equals, the lowest number
    on a tie: every card looked at."""
    cards = [i for i in range(32) if m >> i & 1]
    return min(cards, key=lambda i: (pts[i], i & 7, i))


def plain_richest(m: int, pts: tuple[int, ...]) -> int:
    cards = [i for i in range(32) if m >> i & 1]
    return min(cards, key=lambda i: (-pts[i], i & 7, i))


def test_the_pickers_agree_with_looking_at_every_card() -> None:
    rng = random.Random(35)
    for trump in range(4):
        pts = POINTS[trump]
        for _ in range(5000):
            m = rng.getrandbits(32) & rng.getrandbits(32)
            if m:
                assert _cheapest(m, pts) == plain_cheapest(m, pts)
                assert _richest(m, pts) == plain_richest(m, pts)


def test_a_known_hand() -> None:
    # hearts trump: J (7) and 9 (6) of trump; spades (suit 2): A (23), 7 (16), 8 (17)
    pts = POINTS[0]
    hand = 1 << 7 | 1 << 6 | 1 << 23 | 1 << 16 | 1 << 17
    assert _cheapest(hand, pts) == 16  # the 7 of spades
    assert _richest(hand, pts) == 7  # the jack of trump, 20
    assert _richest(1 << 16 | 1 << 17, pts) == 16  # nothing but blanks: the weakest


def _position(rng: random.Random) -> tuple[list[int], int, int, int, int, int, int]:
    """A random position of a hand: k cards a seat, then 0 to 3 cards of a trick down."""
    cards = list(range(32))
    rng.shuffle(cards)
    k = rng.randint(2, 8)
    h = [0, 0, 0, 0]
    for s in range(4):
        for c in cards[s * k : (s + 1) * k]:
            h[s] |= 1 << c
    trump, leader, played = rng.randrange(4), rng.randrange(4), rng.randint(0, 3)
    led, win, winseat = -1, -1, leader
    for j in range(played):
        s = (leader + j) & 3
        c = (h[s] & -h[s]).bit_length() - 1
        h[s] ^= 1 << c
        if j == 0:
            led, win = c >> 3, c
        elif (c >> 3 == win >> 3 and c > win) or (c >> 3 == trump and win >> 3 != trump):
            win, winseat = c, s
    return h, (leader + played) & 3, played, led, win, winseat, trump


def test_a_seat_plays_by_its_own_hand_and_the_cards_out_not_by_who_holds_them() -> None:
    rng = random.Random(13)
    moved = 0
    for _ in range(3000):
        h, seat, n, led, win, winseat, trump = _position(rng)
        card = rollout_card(h, seat, n, led, win, winseat, trump)
        assert h[seat] >> card & 1
        # the same cards out, dealt again among the other seats (each keeps its count)
        others = [s for s in range(4) if s != seat]
        out = [i for s in others for i in range(32) if h[s] >> i & 1]
        rng.shuffle(out)
        again = list(h)
        at = 0
        for s in others:
            size = h[s].bit_count()
            again[s] = sum(1 << i for i in out[at : at + size])
            at += size
        moved += again != h
        assert rollout_card(again, seat, n, led, win, winseat, trump) == card
    assert moved > 2500


def test_the_leader_pulls_trumps_while_its_partner_holds_the_last_ones() -> None:
    # hearts trump (suit 0): South (0) holds the master jack (7) and the 7 of spades (16);
    # only North, its partner, holds trumps still (the 8, 1); East and West hold spades.
    # A seat cannot see that the trumps out are its partner's, so it pulls them.
    h = [1 << 7 | 1 << 16, 1 << 17 | 1 << 18, 1 << 1 | 1 << 19, 1 << 20 | 1 << 21]
    assert rollout_card(h, 0, 0, -1, -1, 0, 0) == 7


def _leads(seed: int, tries: int) -> Iterator[tuple[list[int], int, int, int, int]]:
    """The positions of ``tries`` random ones where a seat leads: the hands, the seat, the
    trump, the seat's hand and the cards still out."""
    rng = random.Random(seed)
    for _ in range(tries):
        h, seat, n, _, _, _, trump = _position(rng)
        if not n:
            yield h, seat, trump, h[seat], (h[0] | h[1] | h[2] | h[3]) ^ h[seat]


def test_the_searching_seats_partner_leads_by_the_partners_weights() -> None:
    # a seat leading in a rollout of the seat opposite's search (its partner) leads by the
    # partner's weights; the searching seat and its opponents by the hard player's own
    differ = 0
    for h, seat, trump, hand, out in _leads(2041, 3000):
        own = plain_lead(hand, out, trump, lead_weights.WEIGHTS)
        partners = plain_lead(hand, out, trump, lead_weights.PARTNER_WEIGHTS)
        differ += own != partners
        assert rollout_card(h, seat, 0, -1, -1, seat, trump, seat) == partners  # the searcher's partner
        for searcher in (seat, seat ^ 1):  # the seat itself, an opponent
            assert rollout_card(h, seat, 0, -1, -1, seat, trump, searcher ^ 2) == own
    assert differ > 30


def test_with_draws_the_searching_seats_opponents_draw_their_leads() -> None:
    # given draws (the search's rollouts), an opponent of the searching seat draws its lead
    # by the fit's odds; the searching seat and its partner lead as without
    drawn_other = 0
    for i, (h, seat, trump, hand, out) in enumerate(_leads(2043, 3000)):
        own = plain_lead(hand, out, trump, lead_weights.WEIGHTS)
        partners = plain_lead(hand, out, trump, lead_weights.PARTNER_WEIGHTS)
        assert rollout_card(h, seat, 0, -1, -1, seat, trump, seat, SplitMix64(i).random) == partners
        assert rollout_card(h, seat, 0, -1, -1, seat, trump, seat ^ 2, SplitMix64(i).random) == own
        # an opponent: searching seat seat ^ 1 (or seat ^ 3), so its partner is seat ^ 3 (seat ^ 1)
        for partner in (seat ^ 1, seat ^ 3):
            card = rollout_card(h, seat, 0, -1, -1, seat, trump, partner, SplitMix64(i).random)
            assert card == drawn_lead(hand, out, trump, SplitMix64(i).random())
            drawn_other += card != own
        assert rollout_card(h, seat, 0, -1, -1, seat, trump, seat ^ 1) == own  # no draws: the best card
    assert drawn_other > 300


def test_every_candidate_of_a_deal_sees_the_same_draws() -> None:
    # a candidate's rollout value does not depend on which other candidates were rolled out
    # before it (each starts the deal's draws afresh), and the draws change the values
    rng = random.Random(2044)
    changed = 0
    for d in range(12):
        cards = list(range(32))
        rng.shuffle(cards)
        hands = [sum(1 << c for c in cards[s * 8 : (s + 1) * 8]) for s in range(4)]
        mine = [c for c in range(32) if hands[0] >> c & 1]
        values, _ = _deal_values(hands, 0, 0, [], mine, False, False, 8, SplitMix64(1000 + d).random)
        for c in mine:
            alone, _ = _deal_values(hands, 0, 0, [], [c], False, False, 8, SplitMix64(1000 + d).random)
            assert alone == {c: values[c]}
        again, _ = _deal_values(
            hands, 0, 0, [], list(reversed(mine)), False, False, 8, SplitMix64(1000 + d).random
        )
        assert again == values
        other, _ = _deal_values(hands, 0, 0, [], mine, False, False, 8, SplitMix64(5000 + d).random)
        changed += other != values
    assert changed >= 3


def plain_rollout_value(
    hands: list[int],
    trump: int,
    leader: int,
    trick: list[int],
    first: int,
    exact_cards: int,
    draw: Callable[[], float],
) -> tuple[int, int]:
    """R of rolling ``first`` out as rollout_value does, every card by rollout_card, neither
    team having taken a trick yet; and the cards the policy played."""
    pts = POINTS[trump]
    h = list(hands)
    seat = (leader + len(trick)) & 3
    partner = seat ^ 2
    played = list(trick)
    trick_leader = leader
    ns_has = ew_has = False
    gained, steps, card = 0, 0, first
    while True:
        h[seat] ^= 1 << card
        played.append(card)
        if len(played) < 4:
            seat = (seat + 1) & 3
        else:
            win, winseat = played[0], trick_leader
            for j, c in enumerate(played[1:], 1):
                if (c >> 3 == win >> 3 and c > win) or (c >> 3 == trump and win >> 3 != trump):
                    win, winseat = c, (trick_leader + j) & 3
            left = h[0] | h[1] | h[2] | h[3]
            tp = sum(pts[c] for c in played) + (0 if left else 10)
            if winseat & 1:
                ew_has = True
            else:
                ns_has = True
                gained += 3 * tp
            if not left:
                return gained + (2 if not ew_has else 0 if not ns_has else 1), steps
            if left.bit_count() <= exact_cards:
                return gained + Solver(trump).position_value(h, winseat, ns_has, ew_has), steps
            seat, trick_leader, played = winseat, winseat, []
        steps += 1
        led = played[0] >> 3 if played else -1
        win, winseat = (played[0], trick_leader) if played else (-1, seat)
        for j, c in enumerate(played[1:], 1):
            if (c >> 3 == win >> 3 and c > win) or (c >> 3 == trump and win >> 3 != trump):
                win, winseat = c, (trick_leader + j) & 3
        card = rollout_card(h, seat, len(played), led, win, winseat, trump, partner, draw)


def test_a_rollout_plays_every_card_as_rollout_card_would() -> None:
    # rollout_value works the policy's cards out inline, for speed: the same value and the
    # same number of cards played as the plain loop over rollout_card, from whole hands and
    # from a trick begun, rolled out to 8 cards and to the end
    rng = random.Random(2045)
    for d in range(300):
        cards = list(range(32))
        rng.shuffle(cards)
        h = [sum(1 << c for c in cards[s * 8 : (s + 1) * 8]) for s in range(4)]
        trump, leader = rng.randrange(4), rng.randrange(4)
        trick: list[int] = []
        for j in range(rng.randint(0, 3)):  # a trick begun: each seat plays its lowest legal card
            s = (leader + j) & 3
            led = trick[0] >> 3 if trick else -1
            win = max(trick, key=lambda c: (c >> 3 == trump, c >> 3 == led, c)) if trick else -1
            c = low(legal_mask(h[s], led, win, trump))
            h[s] ^= 1 << c
            trick.append(c)
        seat = (leader + len(trick)) & 3
        led = trick[0] >> 3 if trick else -1
        win = max(trick, key=lambda c: (c >> 3 == trump, c >> 3 == led, c)) if trick else -1
        first = top(legal_mask(h[seat], led, win, trump))
        for exact in (8, 0):
            steps = [0]
            got = rollout_value(
                Solver(trump),
                h,
                trump,
                leader,
                trick,
                first,
                False,
                False,
                exact,
                steps,
                SplitMix64(d).random,
            )
            assert (got, steps[0]) == plain_rollout_value(
                h, trump, leader, trick, first, exact, SplitMix64(d).random
            )
