"""rules.md "End of the match", the target setting and the dealer passing to the next seat."""

from __future__ import annotations

import random

import pytest
from strategies import hand_score, play_out

from bela.deal import deal_cards
from bela.match import Match, MatchOver
from bela.rules import HouseRules
from bela.scoring import score_match
from bela.seats import SEATS, Seat, Team


def winner(target: int, *written: tuple[int, int]) -> Team | None:
    return score_match([hand_score(w) for w in written], HouseRules(target=target)).winner


@pytest.mark.parametrize(
    ("target", "hands", "expected"),
    [
        (501, [(300, 0), (200, 0)], None),  # 500: not yet
        (501, [(300, 0), (201, 0)], Team.NS),  # reached exactly
        (501, [(0, 300), (0, 262)], Team.EW),
        (701, [(300, 0), (201, 0)], None),
        (701, [(500, 100), (201, 60)], Team.NS),
        (1001, [(500, 100), (201, 60), (299, 0)], None),
        (1001, [(500, 100), (201, 60), (300, 0)], Team.NS),
        (501, [(400, 450), (150, 60)], Team.NS),  # both over: the higher wins (550 > 510)
        (501, [(400, 450), (110, 162)], Team.EW),  # 510 < 612
        (501, [(400, 400), (110, 110)], None),  # both over and equal: another hand
        (501, [(400, 400), (110, 110), (0, 162)], Team.EW),
    ],
)
def test_the_match_ends_at_the_target(
    target: int, hands: list[tuple[int, int]], expected: Team | None
) -> None:
    assert winner(target, *hands) == expected


def test_the_win_is_checked_after_each_hand() -> None:
    result = score_match([hand_score((600, 0)), hand_score((0, 0), outcome=None)], HouseRules(target=501))
    assert result.winner is Team.NS
    assert result.after == (Team.NS, Team.NS)


def test_belot_ends_the_match_whatever_the_score() -> None:
    hands = [hand_score((400, 0)), hand_score((0, 0), outcome="belot", belot=Seat.E)]
    result = score_match(hands, HouseRules(target=501))
    assert (result.winner, result.belot, result.totals) == (Team.EW, Seat.E, (400, 0))


def test_the_deal_passes_to_the_next_seat() -> None:
    rng = random.Random(4)
    for first in SEATS:
        m = Match(HouseRules(target=501), seed=11, dealer=first)
        dealers = []
        while m.winner is None:
            hand = m.start_hand()
            dealers.append(hand.dealer)
            assert hand.turn is hand.dealer.next  # the player after the dealer speaks first
            play_out(hand, rng)
        assert len(dealers) >= 2
        assert dealers == [first.after(i) for i in range(len(dealers))]


def test_no_hand_after_the_match_is_won_nor_before_the_last_is_finished() -> None:
    rng = random.Random(2)
    m = Match(HouseRules(target=501), seed=3)
    hand = m.start_hand()
    with pytest.raises(RuntimeError):
        m.start_hand()
    while m.winner is None:
        play_out(hand, rng)
        if m.winner is None:
            hand = m.start_hand()
    totals = m.score().totals
    assert max(totals) >= 501 and totals[0] != totals[1]
    assert m.winner is (Team.NS if totals[0] > totals[1] else Team.EW)
    with pytest.raises(MatchOver):
        m.start_hand()


def test_the_same_seed_gives_the_same_deals() -> None:
    a, b, c = Match(seed=99), Match(seed=99), Match(seed=100)
    ha, hb, hc = a.start_hand(), b.start_hand(), c.start_hand()
    assert ha.dealer == hb.dealer and ha.deal == hb.deal
    assert ha.deal != hc.deal
    assert deal_cards(7, Seat.N) == deal_cards(7, Seat.N)
    for deal in (ha.deal, deal_cards(7, Seat.N)):
        assert sorted(c for cs in deal.values() for c in cs) == sorted(
            set(c for cs in deal.values() for c in cs)
        )
        assert all(len(cs) == 8 for cs in deal.values())
