"""The exact solver against plain minimax over the engine's own Hand.

Random endgames (up to three tricks left, any number of cards of the current trick already
played): for every legal card of the seat to play, the hand score margin the solver gives
(its value R turned into a margin by bela.bots.search.Scoring) must equal the margin a plain
minimax over ``Hand.apply`` / ``Hand.undo`` finds with ``score_hand``. On four-trick endgames
the solver's R for every root card must equal a plain minimax of R with no table, no
ordering and no pruning, so no shortcut changes a root value.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from bela.actions import Bid, Play
from bela.bots.cardset import POINTS, mask_of, points_of, to_card, to_int
from bela.bots.search import scoring_for
from bela.bots.solver import Solver, solve
from bela.cards import DECK, Card, Suit, trick_winner_index
from bela.deal import SplitMix64, deal_cards, derive_seed
from bela.hand import Hand
from bela.obligations import legal_cards
from bela.observation import observe
from bela.rules import HouseRules
from bela.scoring import score_hand
from bela.seats import SEATS, Seat, Team


def random_endgame(seed: int, cards_left: int, rules: HouseRules | None = None) -> Hand:
    rng = SplitMix64(seed)
    dealer = SEATS[rng.below(4)]
    hand = Hand(dealer, deal_cards(rng.next(), dealer), rules)
    passes = rng.below(4)
    for _ in range(passes):
        hand.apply(Bid(None))
    hand.apply(Bid(Suit(rng.below(4))))
    while hand.phase.value == "declaring":
        hand.apply(rng.choice(hand.legal_actions()))
    while len(hand.plays) < 32 - cards_left:
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


def engine_margin(hand: Hand) -> int:
    written = score_hand(hand).written
    return written[Team.NS] - written[Team.EW]


def minimax(hand: Hand) -> int:
    """Plain minimax of the NS margin over the engine (bela always called when asked)."""
    if hand.finished:
        return engine_margin(hand)
    seat = hand.turn
    assert seat is not None
    values = []
    for action in hand.legal_actions():
        if isinstance(action, Play) and action.bela is False:
            continue
        hand.apply(action)
        values.append(minimax(hand))
        hand.undo()
    return max(values) if seat.team is Team.NS else min(values)


def engine_root_values(hand: Hand) -> dict[Card, int]:
    out: dict[Card, int] = {}
    for action in hand.legal_actions():
        assert isinstance(action, Play)
        if action.bela is False:
            continue
        hand.apply(action)
        out[action.card] = minimax(hand)
        hand.undo()
    return out


def solver_root_values(hand: Hand) -> dict[Card, int]:
    trump = hand.trump
    assert trump is not None
    seat = hand.turn
    assert seat is not None
    obs = observe(hand, seat)
    full = [mask_of_engine(hand.deal[s]) for s in SEATS]
    scoring = scoring_for(obs, full)
    hands = [mask_of(hand.held[s], trump) for s in SEATS]
    won = hand.tricks_won()
    values = solve(
        hands,
        int(trump),
        int(hand.trick.leader),
        [to_int(c, trump) for c in hand.trick.cards],
        won[Team.NS] > 0,
        won[Team.EW] > 0,
    )
    return {to_card(i, trump): scoring.margin(r, Team.NS) for i, r in values.items()}


def mask_of_engine(cards: tuple[Card, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


@pytest.mark.parametrize("cards_left", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
def test_solver_equals_engine_minimax(cards_left: int) -> None:
    checked = 0
    for k in range(14):
        hand = random_endgame(derive_seed(77, cards_left, k), cards_left)
        if hand.finished:
            continue
        assert solver_root_values(hand) == engine_root_values(hand)
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("rules", [HouseRules(exact_half="visi", stiglja=100), HouseRules(bela="choose")])
def test_solver_equals_engine_minimax_other_rules(rules: HouseRules) -> None:
    for k in range(25):
        hand = random_endgame(derive_seed(78, k), 4 + k % 9, rules)
        if hand.finished:
            continue
        assert solver_root_values(hand) == engine_root_values(hand)


Choose = Callable[[Seat, list[int]], int]


def minimax_choice(seat: Seat, values: list[int]) -> int:
    return max(values) if seat.team is Team.NS else min(values)


def plain_r(
    hands: list[int],
    trump: Suit,
    leader: Seat,
    trick: list[Card],
    ns: bool,
    ew: bool,
    choose: Choose = minimax_choice,
) -> int:
    """R (see bela.bots.solver) by plain minimax over Card objects and the engine's rules (or,
    with ``choose``, any other choice of a seat among its cards' values: ``min`` or ``max``)."""
    if not trick and not any(hands):
        return 2 if not ew else 0 if not ns else 1
    seat = leader.after(len(trick))
    held = [to_card(i, trump) for i in range(32) if hands[seat] >> i & 1]
    values = []
    for card in legal_cards(held, trick, trump):
        hands[seat] ^= 1 << to_int(card, trump)
        values.append(plain_after(hands, trump, leader, trick, card, ns, ew, choose))
        hands[seat] ^= 1 << to_int(card, trump)
    return choose(seat, values)


def plain_after(
    hands: list[int],
    trump: Suit,
    leader: Seat,
    trick: list[Card],
    card: Card,
    ns: bool,
    ew: bool,
    choose: Choose = minimax_choice,
) -> int:
    """R once ``card`` is played onto ``trick`` (``hands`` without it already)."""
    cards = [*trick, card]
    if len(cards) < 4:
        return plain_r(hands, trump, leader, cards, ns, ew, choose)
    winner = leader.after(trick_winner_index(cards, trump))
    pts = sum(c.points(trump) for c in cards) + (10 if not any(hands) else 0)
    if winner.team is Team.NS:
        return 3 * pts + plain_r(hands, trump, winner, [], True, ew, choose)
    return plain_r(hands, trump, winner, [], ns, True, choose)


def test_every_root_value_equals_a_plain_solve() -> None:
    checked = 0
    for k in range(12):
        hand = random_endgame(derive_seed(79, k), 13 + k % 4)
        trump = hand.trump
        assert trump is not None
        hands = [mask_of(hand.held[s], trump) for s in SEATS]
        won = hand.tricks_won()
        ns, ew = won[Team.NS] > 0, won[Team.EW] > 0
        leader = hand.trick.leader
        solver = Solver(int(trump))
        got = solver.root_values(hands, int(leader), [to_int(c, trump) for c in hand.trick.cards], ns, ew)
        seat = hand.turn
        assert seat is not None
        for i, r in got.items():
            h = list(hands)
            h[seat] ^= 1 << i
            want = plain_after(h, trump, leader, list(hand.trick.cards), to_card(i, trump), ns, ew)
            assert r == want, (hand, i)
            checked += 1
    assert checked >= 20


@pytest.mark.parametrize("side", ["low", "high"])
def test_every_seat_taking_the_lowest_or_highest_r_gives_the_extremes(side: str) -> None:
    # the review's search (bela.review_decided): every seat minimizing, or maximizing, R; asked
    # with a null window at a threshold, the value says on which side of it the extreme lies
    pick: Choose = (lambda seat, values: min(values)) if side == "low" else (lambda seat, values: max(values))
    checked = 0
    for k in range(10):
        hand = random_endgame(derive_seed(80, k), (2, 3)[k % 2] * 4)
        trump = hand.trump
        if trump is None or hand.trick.cards:
            continue
        hands = [mask_of(hand.held[s], trump) for s in SEATS]
        won = hand.tricks_won()
        ns, ew = won[Team.NS] > 0, won[Team.EW] > 0
        want = plain_r(list(hands), trump, hand.trick.leader, [], ns, ew, pick)
        maximizing = (side == "high",) * 4
        solver = Solver(int(trump), maximizing=maximizing)
        assert solver.position_value(hands, int(hand.trick.leader), ns, ew) == want
        for t in (want - 3, want, want + 1, want + 4):
            windowed = Solver(int(trump), maximizing=maximizing)
            got = windowed.position_value(hands, int(hand.trick.leader), ns, ew, t - 1, t)
            assert (got < t) == (want < t), (k, t, got, want)
        checked += 1
    assert checked >= 5


def trick_starts(seed: int, cards_left: int) -> Iterator[tuple[Hand, Suit, list[int], bool, bool]]:
    """Ten random endgames at a trick's start: the hand, its trump, the four hands as the
    solver's masks, and whether NS and EW have taken a trick."""
    for k in range(10):
        hand = random_endgame(derive_seed(seed, k), cards_left)
        trump = hand.trump
        assert trump is not None and not hand.trick.cards
        won = hand.tricks_won()
        yield hand, trump, [mask_of(hand.held[s], trump) for s in SEATS], won[Team.NS] > 0, won[Team.EW] > 0


def test_position_value_is_the_best_root_value() -> None:
    for hand, trump, hands, ns_has, ew_has in trick_starts(80, 16):
        leader = int(hand.trick.leader)
        roots = Solver(int(trump)).root_values(hands, leader, [], ns_has, ew_has)
        best = max(roots.values()) if hand.trick.leader.team is Team.NS else min(roots.values())
        assert Solver(int(trump)).position_value(hands, leader, ns_has, ew_has) == best


def test_points_table_matches_the_engine() -> None:
    for trump in Suit:
        for card in DECK:
            assert POINTS[trump][to_int(card, trump)] == card.points(trump)
            assert to_card(to_int(card, trump), trump) is card


def test_a_sets_points_match_the_engine() -> None:
    # cardset.points_of (and the byte table the solver's bounds read) against the engine's points
    rng = SplitMix64(82)
    for trump in Suit:
        for _ in range(50):
            cards = [c for c in DECK if rng.below(2)]
            assert points_of(mask_of(cards, trump), trump) == sum(c.points(trump) for c in cards)
        assert points_of(mask_of(DECK, trump), trump) == 152


def test_a_window_the_rest_cannot_reach_is_not_searched() -> None:
    """At a trick's start, R lies between 0 (1 once NS has a trick) and three times every
    point left and the last 10 (plus the štiglja's 2, or 1 once EW has a trick): asked for
    more, or for less, the solver answers that bound and searches nothing; inside the window
    it searches and finds the same value as with no window."""
    for hand, trump, hands, ns_has, ew_has in trick_starts(81, 12):
        left = sum(c.points(trump) for s in SEATS for c in hand.held[s])
        top = 3 * (left + 10) + (1 if ew_has else 2)
        bottom = 1 if ns_has else 0
        leader = int(hand.trick.leader)
        exact = Solver(int(trump)).position_value(hands, leader, ns_has, ew_has)
        assert bottom <= exact <= top
        high = Solver(int(trump))
        assert high.position_value(hands, leader, ns_has, ew_has, alpha=top, beta=top + 5) == top
        assert high.nodes == 0
        low = Solver(int(trump))
        assert low.position_value(hands, leader, ns_has, ew_has, alpha=bottom - 5, beta=bottom) == bottom
        assert low.nodes == 0
        inside = Solver(int(trump))
        assert inside.position_value(hands, leader, ns_has, ew_has, alpha=exact - 1, beta=exact + 1) == exact
        assert inside.nodes > 0
