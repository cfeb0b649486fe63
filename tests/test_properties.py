"""Properties over random legal hands and matches (hypothesis; BELA_DEEP=1 for a long run)."""

from __future__ import annotations

import random

import reference
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from strategies import (
    ALL_RULES,
    Deal,
    cards_in,
    play_out,
    random_deal,
    random_match,
    rules_strategy,
    scaled,
    seeds,
    snapshot,
    visible,
)

from bela.actions import PASS, Action, Bid, Declare, IllegalAction, Play
from bela.cards import DECK, Card, Suit
from bela.hand import Hand
from bela.match import Match
from bela.observation import observe
from bela.record import dumps, loads, to_json
from bela.rules import HouseRules
from bela.seats import SEATS, Seat, Team

EVERY_ACTION: list[Action] = [
    *(Play(card, bela) for card in DECK for bela in (None, True, False)),
    *(Bid(suit) for suit in Suit),
    PASS,
    Declare(True),
    Declare(False),
]


def states(hand: Hand) -> list[Hand]:
    """The hand after each of its actions (and before the first), each a separate replay."""
    out = []
    for n in range(len(hand.actions) + 1):
        h = Hand(hand.dealer, hand.deal, hand.rules)
        for a in hand.actions[:n]:
            h.apply(a)
        out.append(h)
    return out


@settings(max_examples=scaled(60, 2000))
@given(seed=seeds, rules=rules_strategy)
def test_a_complete_hand_has_162_points_in_8_tricks(seed: int, rules: HouseRules) -> None:
    m = random_match(random.Random(seed), rules, cut=0)
    for hand in m.hands:
        if not hand.finished or hand.belot is not None:
            continue
        won, pts = hand.tricks_won(), hand.card_points()
        assert sum(won.values()) == 8 and len(hand.tricks) == 8
        assert sum(pts.values()) == 162
        assert hand.trump is not None
        # each team's points are those of the cards in its tricks (rules.md tables) + 10 for the last
        for team in Team:
            tricks = [t for t in hand.tricks if t.winner(hand.trump).team is team]
            cards = sum(reference.card_points(str(c), hand.trump.letter) for t in tricks for c in t.cards)
            last = 10 if hand.tricks[-1].winner(hand.trump).team is team else 0
            assert pts[team] == cards + last
            assert won[team] == len(tricks)


@settings(max_examples=scaled(60, 2000))
@given(seed=seeds, rules=rules_strategy)
def test_record_round_trip(seed: int, rules: HouseRules) -> None:
    m = random_match(random.Random(seed), rules)
    text = dumps(m)
    again = loads(text)
    assert dumps(again) == text
    assert to_json(again) == to_json(m)
    assert again.score().to_json() == m.score().to_json()


@settings(max_examples=scaled(40, 1000))
@given(seed=seeds, rules=rules_strategy)
def test_every_action_is_legal_or_refused_with_a_reason(seed: int, rules: HouseRules) -> None:
    rng = random.Random(seed)
    hand = Hand(rng.choice(SEATS), random_deal(rng), rules)
    play_out(hand, rng)
    for h in states(hand):
        legal = h.legal_actions()
        assert len(set(legal)) == len(legal)
        before = snapshot(h)
        for action in legal:
            assert h.check(action) is None, action
        for action in EVERY_ACTION:
            if action in legal:
                continue
            why = h.check(action)
            assert why is not None, f"{action} is accepted but not in legal_actions()"
            assert str(why).strip() and why.reason.strip()
        assert snapshot(h) == before
        for action in rng.sample(EVERY_ACTION, 12):
            if action not in legal:
                try:
                    h.apply(action)
                except IllegalAction as e:
                    assert e.refusal == h.check(action)
                else:
                    raise AssertionError(f"{action} applied though refused")
        assert snapshot(h) == before


@settings(max_examples=scaled(60, 1500))
@given(seed=seeds, rules=rules_strategy)
def test_apply_then_undo_restores_the_state(seed: int, rules: HouseRules) -> None:
    rng = random.Random(seed)
    hand = Hand(rng.choice(SEATS), random_deal(rng), rules)
    while not hand.finished:
        before = snapshot(hand)
        legal = hand.legal_actions()
        for action in rng.sample(legal, min(4, len(legal))):
            hand.apply(action)
            assert hand.undo() == action
            assert snapshot(hand) == before
        hand.apply(rng.choice(legal))
    copy = hand.copy()
    assert snapshot(copy) == snapshot(hand)
    while hand.actions:
        hand.undo()
    assert snapshot(hand) == snapshot(Hand(hand.dealer, hand.deal, hand.rules))


@settings(max_examples=scaled(25, 500))
@given(seed=seeds, one=seeds, two=seeds)
def test_the_same_seed_gives_the_same_deals(seed: int, one: int, two: int) -> None:
    # two matches from one seed, played differently, are dealt the same cards hand after hand
    a, b = Match(seed=seed), Match(seed=seed)
    ra, rb = random.Random(one), random.Random(two)
    for _ in range(4):
        ha, hb = a.start_hand(), b.start_hand()
        assert (ha.dealer, ha.deal) == (hb.dealer, hb.deal)
        assert sorted(c for cs in ha.deal.values() for c in cs) == sorted(DECK)
        play_out(ha, ra)
        play_out(hb, rb)
        if a.winner is not None or b.winner is not None:
            break


def swapped(deal: Deal, a: tuple[Seat, int], b: tuple[Seat, int]) -> Deal:
    out = {s: list(cs) for s, cs in deal.items()}
    out[a[0]][a[1]], out[b[0]][b[1]] = deal[b[0]][b[1]], deal[a[0]][a[1]]
    return out


def has_belot(deal: Deal) -> bool:
    return any(len({c.suit for c in cs}) == 1 for cs in deal.values())


def check_hidden_swap(seed: int, declarations: str) -> None:
    """Swap two cards the observer cannot see (other seats' cards, or its own talon before trump)
    and replay the same actions: while the two histories stay the same, so does its observation."""
    rng = random.Random(seed)
    rules = rng.choice([r for r in ALL_RULES if r.declarations == declarations])
    dealer, deal, observer = rng.choice(SEATS), random_deal(rng), rng.choice(SEATS)
    unseen = [(s, i) for s in SEATS for i in range(8) if s != observer or i >= 6]
    a, b = rng.sample(unseen, 2)
    assume(a[0] != b[0])
    other = swapped(deal, a, b)
    assume(not has_belot(deal) and not has_belot(other))
    x, y = deal[a[0]][a[1]], deal[b[0]][b[1]]

    def declarations_of(d: Deal) -> list[list[reference.Declaration]]:
        return [reference.declarations_of([str(c) for c in d[s]]) for s in SEATS]

    same_declarations = declarations_of(deal) == declarations_of(other)
    played = Hand(dealer, deal, rules)
    play_out(played, rng)
    one, two = Hand(dealer, deal, rules), Hand(dealer, other, rules)
    for action in [*played.actions, None]:
        own = deal[observer][:6] if one.trump is None else deal[observer]
        seen: set[Card] = set(own) | {p.card for p in one.plays}
        if x in seen or y in seen:
            break  # the observer sees one of the swapped cards now
        if one.bela_calls != two.bela_calls:
            break  # a bela call is public
        if not same_declarations and one.tricks:
            break  # the winning declarations are public after the first trick
        o1, o2 = observe(one, observer), observe(two, observer)
        assert o1 == o2, f"{observer} after {len(one.actions)} actions"
        assert set(cards_in(o1)) <= visible(one, observer)
        if action is None or two.check(action) is not None:
            break  # the other deal cannot have the same history
        one.apply(action)
        two.apply(action)


@settings(max_examples=scaled(150, 3000))
@given(seed=seeds)
def test_observation_hides_unseen_cards(seed: int) -> None:
    check_hidden_swap(seed, "auto")


@settings(max_examples=scaled(150, 3000))
@given(seed=seeds)
def test_observation_hides_unseen_cards_when_declarations_are_chosen(seed: int) -> None:
    check_hidden_swap(seed, "choose")


@settings(max_examples=scaled(20, 600))
@given(seed=seeds, rules=rules_strategy, who=st.sampled_from(SEATS))
def test_observation_holds_only_visible_cards(seed: int, rules: HouseRules, who: Seat) -> None:
    m = random_match(random.Random(seed), rules, special=True)
    for hand in m.hands[-2:]:
        for h in states(hand):
            assert set(cards_in(observe(h, who))) <= visible(h, who)
