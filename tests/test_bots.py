"""The computer players: legality, information, determinism, explanations, sensible play.

Hard's search budget is reduced in these tests (fewer sampled deals, a smaller node budget):
the properties checked here (legal actions, same decision for the same observation, no
reading of hidden cards) do not depend on the budget's size.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import bela.bots as bots
from bela.actions import Bid, Declare, Phase, Play
from bela.bots import BUDGETS, LEVELS, Budget, Decision, decide
from bela.bots.knowledge import beats
from bela.bots.timing import decision_times
from bela.cards import Rank
from bela.deal import SplitMix64, deal_cards, derive_seed
from bela.hand import Hand
from bela.observation import observe
from bela.rules import HouseRules
from bela.seats import SEATS, Seat

SMALL = {
    "medium": Budget(samples=4, exact_cards=12, search_from=12, node_budget=2000),
    "hard": Budget(samples=3, exact_cards=12, search_from=32, node_budget=3000),
}
RULES = (
    HouseRules(),
    HouseRules(declarations="choose", bela="choose"),
    HouseRules(exact_half="visi", stiglja=100),
)


@pytest.fixture
def small_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    for level, budget in SMALL.items():
        monkeypatch.setitem(BUDGETS, level, budget)


def random_positions(seed: int, count: int, rules: HouseRules) -> Iterator[Hand]:
    """Hands stopped at random moments, reached by random legal actions."""
    rng = SplitMix64(seed)
    made = 0
    while made < count:
        dealer = SEATS[rng.below(4)]
        hand = Hand(dealer, deal_cards(rng.next(), dealer), rules)
        stop = rng.below(40)
        while not hand.finished and len(hand.actions) < stop:
            hand.apply(rng.choice(hand.legal_actions()))
        if hand.finished:
            continue
        made += 1
        yield hand


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("rules", RULES, ids=["default", "choose", "visi"])
@pytest.mark.usefixtures("small_budgets")
def test_every_decision_is_legal(level: str, rules: HouseRules) -> None:
    count = {"easy": 1200, "medium": 1000, "hard": 400}[level]
    kinds: set[str] = set()
    for n, hand in enumerate(random_positions(derive_seed(1, LEVELS.index(level)), count, rules)):
        seat = hand.turn
        assert seat is not None
        decision = decide(observe(hand, seat), level, n)
        assert isinstance(decision, Decision)
        assert hand.check(decision.action) is None, (hand, decision)
        kinds.add(type(decision.action).__name__)
    assert {"Bid", "Play"} <= kinds
    if rules.declarations == "choose":
        assert "Declare" in kinds


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.usefixtures("small_budgets")
def test_whole_hands_between_bots_are_legal(level: str) -> None:
    for n in range(6 if level == "hard" else 25):
        rules = RULES[n % len(RULES)]
        dealer = SEATS[n % 4]
        hand = Hand(dealer, deal_cards(derive_seed(2, n), dealer), rules)
        while not hand.finished:
            seat = hand.turn
            assert seat is not None
            action = decide(observe(hand, seat), level, n).action
            hand.apply(action)  # raises IllegalAction on an illegal one
        assert len(hand.plays) == 32 or hand.belot is not None


def swapped_twin(hand: Hand, seat: Seat, rng: SplitMix64) -> Hand | None:
    """The same hand with hidden cards exchanged between two other seats (unplayed cards, or
    talon cards before trump is named), or None if the replay is not legal."""
    others = [s for s in SEATS if s != seat]
    a, b = rng.choice(others), rng.choice(others)
    if a == b:
        return None
    deal = {s: list(hand.deal[s]) for s in SEATS}
    played = {c for s, c in hand.played_pairs()}
    if hand.trump is None:
        # before trump: every other seat's cards are hidden, and so is this seat's talon
        ia, ib = rng.below(8), rng.below(8)
        if rng.below(3) == 0:
            a = seat
            ia = 6 + rng.below(2)
    else:
        free_a = [i for i, c in enumerate(deal[a]) if c not in played]
        free_b = [i for i, c in enumerate(deal[b]) if c not in played]
        if not free_a or not free_b:
            return None
        ia, ib = rng.choice(free_a), rng.choice(free_b)
    deal[a][ia], deal[b][ib] = deal[b][ib], deal[a][ia]
    twin = Hand(hand.dealer, deal, hand.rules)
    try:
        for action in hand.actions:
            twin.apply(action)
    except ValueError:
        return None
    return twin


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.usefixtures("small_budgets")
def test_same_observation_same_decision(level: str) -> None:
    """Two deals that look the same to a seat give the same decision, for every kind."""
    rng = SplitMix64(99)
    kinds: dict[str, int] = {}
    rules = HouseRules(declarations="choose", bela="choose")
    compared = 0
    for n, hand in enumerate(random_positions(derive_seed(3, LEVELS.index(level)), 3000, rules)):
        seat = hand.turn
        assert seat is not None
        twin = swapped_twin(hand, seat, rng)
        if twin is None or twin.deal == hand.deal:
            continue
        obs, obs_twin = observe(hand, seat), observe(twin, seat)
        if obs != obs_twin:
            continue  # e.g. shown declarations changed: not the same to this seat
        first, second = decide(obs, level, n), decide(obs_twin, level, n)
        assert first == second
        action = first.action
        kind = type(action).__name__
        if isinstance(action, Play) and action.bela is not None:
            kind = "Bela"
        kinds[kind] = kinds.get(kind, 0) + 1
        compared += 1
        if compared >= (60 if level == "hard" else 250) and len(kinds) == 4:
            break
    assert set(kinds) == {"Bid", "Declare", "Play", "Bela"}, kinds


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.usefixtures("small_budgets")
def test_same_observation_and_seed_same_decision(level: str) -> None:
    for n, hand in enumerate(random_positions(derive_seed(4, LEVELS.index(level)), 60, RULES[1])):
        seat = hand.turn
        assert seat is not None
        obs = observe(hand, seat)
        assert decide(obs, level, n) == decide(observe(hand.copy(), seat), level, n)


def test_hard_search_decisions_are_explained() -> None:
    searched = 0
    for n, hand in enumerate(random_positions(5, 40, HouseRules())):
        seat = hand.turn
        assert seat is not None
        obs = observe(hand, seat)
        d = decide(obs, "hard", n)
        assert d.reason and d.rule
        if d.rule.startswith("search."):
            searched += 1
            assert d.samples > 0 and d.expected is not None
            assert d.runner_up is not None and d.alternative is not None
            assert d.expected >= d.runner_up
            assert d.alternative != d.action
            assert ("samples", d.samples) in d.params
    assert searched >= 5


def test_rule_decisions_carry_a_rule_id() -> None:
    rules_seen: set[str] = set()
    for n, hand in enumerate(random_positions(6, 300, HouseRules(declarations="choose"))):
        seat = hand.turn
        assert seat is not None
        for level in ("easy", "medium"):
            d = decide(observe(hand, seat), level, n)
            if d.expected is None:
                assert d.rule and d.reason
                rules_seen.add(d.rule.split(".")[0])
    assert {"bid", "lead", "follow", "declare"} <= rules_seen


def test_dealer_names_a_suit_and_others_may_pass() -> None:
    passes = 0
    for n in range(200):
        dealer = SEATS[n % 4]
        hand = Hand(dealer, deal_cards(derive_seed(7, n), dealer))
        for level in LEVELS:
            h = hand.copy()
            while h.phase is Phase.BIDDING:
                seat = h.turn
                assert seat is not None
                action = decide(observe(h, seat), level, n).action
                assert isinstance(action, Bid)
                if seat == dealer:
                    assert action.suit is not None
                passes += action.suit is None
                h.apply(action)
    assert passes > 100


def test_easy_never_wastes_an_ace_or_ten_on_an_opponents_trick() -> None:
    checked = 0
    for n, hand in enumerate(random_positions(8, 3000, HouseRules())):
        seat = hand.turn
        assert seat is not None
        if hand.phase is not Phase.PLAYING or not hand.trick.cards:
            continue
        trump = hand.trump
        assert trump is not None
        cards = hand.trick.cards
        win = cards[0]
        win_seat = hand.trick.leader
        for s, c in list(hand.trick.pairs())[1:]:
            if beats(c, win, trump):
                win, win_seat = c, s
        if win_seat.team == seat.team:
            continue
        legal = hand.legal_cards()
        small = [c for c in legal if c.points(trump) <= 4 and not beats(c, win, trump)]
        action = decide(observe(hand, seat), "easy", n).action
        assert isinstance(action, Play)
        card = action.card
        if small and not beats(card, win, trump):
            assert card.rank not in (Rank.ACE, Rank.TEN) or card.suit == trump, (hand, card)
            checked += 1
    assert checked > 100


def test_declare_and_bela_are_taken() -> None:
    rules = HouseRules(declarations="choose", bela="choose")
    found = {"declare": 0, "bela": 0}
    for n, hand in enumerate(random_positions(9, 1500, rules)):
        seat = hand.turn
        assert seat is not None
        legal = hand.legal_actions()
        for level in LEVELS:
            if isinstance(legal[0], Declare):
                assert decide(observe(hand, seat), level, n).action == Declare(True)
                found["declare"] += 1
            elif level != "hard" and any(isinstance(a, Play) and a.bela for a in legal):
                action = decide(observe(hand, seat), level, n).action
                assert isinstance(action, Play)
                if action.bela is not None:
                    assert action.bela is True
                    found["bela"] += 1
    assert found["declare"] > 10 and found["bela"] > 0


def test_unknown_level_and_wrong_turn_are_refused() -> None:
    hand = Hand(Seat.W, deal_cards(1, Seat.W))
    with pytest.raises(ValueError, match="unknown level"):
        decide(observe(hand, Seat.S), "expert", 1)
    with pytest.raises(ValueError, match="turn"):
        decide(observe(hand, Seat.E), "easy", 1)


def test_decision_times_reports_percentiles() -> None:
    figures = decision_times("easy", positions=40, seed=3)
    assert figures["n"] == 40
    assert 0 <= figures["p50"] <= figures["p95"] <= figures["max"]


def test_the_package_exports_the_protocol() -> None:
    assert bots.decide is decide and set(bots.LEVELS) == {"easy", "medium", "hard"}
