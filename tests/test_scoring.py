"""rules.md "Scoring a hand" (made, pad, exact half, visi, štiglja, bela, declarations) on hands
built and counted by hand, and the score sheet's hanging points.

The deals are in strategies.py with their trick-by-trick count: dealer W, so S speaks first
and leads; trump hearts; each seat holds two cards of each suit, so each trick is of one suit.
"""

from __future__ import annotations

from typing import Any

import pytest
from strategies import (
    HALF,
    HALF_PLAYS,
    OWN,
    OWN_BELA,
    OWN_BELA_PLAYS,
    OWN_PLAYS,
    STIGLJA,
    STIGLJA_KINGS,
    STIGLJA_KINGS_PLAYS,
    STIGLJA_PLAYS,
    TERCA,
    TERCA_BELA,
    TERCA_BELA_PLAYS,
    TERCA_PLAYS,
    cards,
    hand_json,
    hand_score,
    record,
)

from bela.actions import PASS, Bid, Declare, Phase, Play
from bela.cards import Card, Suit
from bela.hand import Hand
from bela.record import from_json
from bela.rules import HouseRules
from bela.scoring import HandScore, score_hand, score_match
from bela.seats import Seat, Team

HEARTS = Bid(Suit.HEARTS)


def play_hand(
    deal: dict[Seat, list[Card]],
    bids: list[Bid],
    plays: str,
    rules: HouseRules | None = None,
    declare: bool = True,
    bela: bool = True,
) -> Hand:
    hand = Hand(Seat.W, deal, rules or HouseRules())
    for b in bids:
        hand.apply(b)
    while hand.phase is Phase.DECLARING:
        hand.apply(Declare(declare))
    for card in cards(plays):
        seat = hand.turn
        assert seat is not None
        asks = hand.rules.bela == "choose" and hand.starts_bela(seat, card)
        hand.apply(Play(card, bela if asks else None))
    return hand


def figures(s: HandScore) -> dict[str, Any]:
    return {
        "tricks": s.tricks,
        "cards": s.card_points,
        "decl": s.declarations,
        "bela": s.bela,
        "stiglja": s.stiglja,
        "outcome": s.outcome,
        "written": s.written,
        "hanging": s.hanging,
    }


def expect(
    tricks: tuple[int, int],
    cards_: tuple[int, int],
    outcome: str,
    written: tuple[int, int],
    decl: tuple[int, int] = (0, 0),
    bela: tuple[int, int] = (0, 0),
    stiglja: Team | None = None,
    hanging: int = 0,
) -> dict[str, Any]:
    return {
        "tricks": tricks,
        "cards": cards_,
        "decl": decl,
        "bela": bela,
        "stiglja": stiglja,
        "outcome": outcome,
        "written": written,
        "hanging": hanging,
    }


def test_last_trick_and_162_in_a_complete_hand() -> None:
    hand = play_hand(OWN, [HEARTS], OWN_PLAYS)
    assert hand.finished and len(hand.tricks) == 8
    assert hand.card_points() == {Team.NS: 92, Team.EW: 70}  # EW's 70 includes the last trick's 10
    assert sum(hand.card_points().values()) == 162


@pytest.mark.parametrize(
    ("bids", "expected"),
    [
        ([HEARTS], expect((4, 4), (92, 70), "made", (92, 70))),  # S calls: 92 > 81
        ([PASS, PASS, HEARTS], expect((4, 4), (92, 70), "made", (92, 70))),  # N calls
        ([PASS, HEARTS], expect((4, 4), (92, 70), "pad", (162, 0))),  # E calls: 70, falls
        ([PASS, PASS, PASS, HEARTS], expect((4, 4), (92, 70), "pad", (162, 0))),  # W (mus)
    ],
)
def test_made_and_pad(bids: list[Bid], expected: dict[str, Any]) -> None:
    assert figures(score_hand(play_hand(OWN, bids, OWN_PLAYS))) == expected


@pytest.mark.parametrize(
    ("bids", "expected"),
    [
        # total 162 + 20 = 182: S's team must have more than 91; 92 is enough
        ([HEARTS], expect((4, 4), (92, 70), "made", (92, 90), bela=(0, 20))),
        # E's team: 70 + 20 = 90, not more than 91: pad, NS write the whole 182
        ([PASS, HEARTS], expect((4, 4), (92, 70), "pad", (182, 0), bela=(0, 20))),
    ],
)
def test_bela_counts_in_the_total_and_for_its_holders_team(bids: list[Bid], expected: dict[str, Any]) -> None:
    assert figures(score_hand(play_hand(OWN_BELA, bids, OWN_BELA_PLAYS))) == expected


def test_bela_bez_counts_nothing() -> None:
    hand = play_hand(OWN_BELA, [PASS, HEARTS], OWN_BELA_PLAYS, HouseRules(bela="choose"), bela=False)
    assert figures(score_hand(hand)) == expect((4, 4), (92, 70), "pad", (162, 0))


@pytest.mark.parametrize(
    ("bids", "rules", "declare", "expected"),
    [
        # total 182; NS 92 + 20 = 112
        ([HEARTS], HouseRules(), True, expect((4, 4), (92, 70), "made", (112, 70), decl=(20, 0))),
        ([PASS, HEARTS], HouseRules(), True, expect((4, 4), (92, 70), "pad", (182, 0), decl=(20, 0))),
        # "ne zovem": S's terca is not declared, total 162
        (
            [HEARTS],
            HouseRules(declarations="choose"),
            False,
            expect((4, 4), (92, 70), "made", (92, 70)),
        ),
        (
            [HEARTS],
            HouseRules(declarations="choose"),
            True,
            expect((4, 4), (92, 70), "made", (112, 70), decl=(20, 0)),
        ),
    ],
)
def test_declarations_in_the_score(
    bids: list[Bid], rules: HouseRules, declare: bool, expected: dict[str, Any]
) -> None:
    assert figures(score_hand(play_hand(TERCA, bids, TERCA_PLAYS, rules, declare=declare))) == expected


@pytest.mark.parametrize(
    ("bids", "expected"),
    [
        # total 162 + 20 + 20 = 202, half 101: NS 92 + 20 = 112 made, EW write 70 + 20
        ([HEARTS], expect((4, 4), (92, 70), "made", (112, 90), decl=(20, 0), bela=(0, 20))),
        # EW call with 90: pad, NS write 202
        ([PASS, HEARTS], expect((4, 4), (92, 70), "pad", (202, 0), decl=(20, 0), bela=(0, 20))),
    ],
)
def test_bela_is_its_callers_team_whoever_won_the_declarations(
    bids: list[Bid], expected: dict[str, Any]
) -> None:
    assert figures(score_hand(play_hand(TERCA_BELA, bids, TERCA_BELA_PLAYS))) == expected


@pytest.mark.parametrize(
    ("bids", "exact_half", "expected"),
    [
        ([HEARTS], "pad", expect((2, 6), (81, 81), "pad", (0, 162))),  # exactly half falls
        ([PASS, HEARTS], "pad", expect((2, 6), (81, 81), "pad", (162, 0))),
        ([HEARTS], "visi", expect((2, 6), (81, 81), "visi", (0, 81), hanging=81)),
        ([PASS, HEARTS], "visi", expect((2, 6), (81, 81), "visi", (81, 0), hanging=81)),
    ],
)
def test_exactly_half(bids: list[Bid], exact_half: str, expected: dict[str, Any]) -> None:
    rules = HouseRules(exact_half=exact_half)  # type: ignore[arg-type]
    assert figures(score_hand(play_hand(HALF, bids, HALF_PLAYS, rules))) == expected


@pytest.mark.parametrize(
    ("bids", "bonus", "outcome"),
    [
        ([HEARTS], 90, "made"),
        ([HEARTS], 100, "made"),
        ([PASS, HEARTS], 90, "pad"),
        ([PASS, HEARTS], 100, "pad"),
    ],
)
def test_stiglja_takes_everything(bids: list[Bid], bonus: int, outcome: str) -> None:
    # NS take all 8 tricks: 162 + W's bela 20 + the bonus; a štiglja against the callers is their pad
    hand = play_hand(STIGLJA, bids, STIGLJA_PLAYS, HouseRules(stiglja=bonus))
    assert figures(score_hand(hand)) == expect(
        (8, 0), (162, 0), outcome, (182 + bonus, 0), bela=(0, 20), stiglja=Team.NS
    )


@pytest.mark.parametrize("bids", [[HEARTS], [PASS, HEARTS]])
def test_stiglja_takes_the_other_teams_declarations_and_bela(bids: list[Bid]) -> None:
    # EW won the declarations (W's four kings, 100) and called bela (20), but took no trick
    hand = play_hand(STIGLJA_KINGS, bids, STIGLJA_KINGS_PLAYS)
    outcome = "made" if bids == [HEARTS] else "pad"
    assert figures(score_hand(hand)) == expect(
        (8, 0), (162, 0), outcome, (162 + 100 + 20 + 90, 0), decl=(0, 100), bela=(0, 20), stiglja=Team.NS
    )


def test_unfinished_hand_writes_nothing_and_counts_complete_tricks() -> None:
    hand = play_hand(OWN, [HEARTS], "JH AH 7H TH 9H KH")
    s = score_hand(hand)
    assert (s.complete, s.outcome, s.written) == (False, None, (0, 0))
    assert (s.tricks, s.card_points) == ((1, 0), (41, 0))  # the trick in progress counts nothing yet


# -- the score sheet: hanging points ------------------------------------------------------------


def sheet(*hands: tuple[str | None, tuple[int, int], int]) -> tuple[list[tuple[int, int]], int]:
    """score_match over hands given as (outcome, written, hanging); returns (scores, hanging)."""
    scores = [hand_score(written, outcome, hanging) for outcome, written, hanging in hands]
    result = score_match(scores, HouseRules(exact_half="visi"))
    return list(result.scores), result.hanging


def test_hanging_points_go_to_the_team_that_writes_more_next() -> None:
    assert sheet(("visi", (0, 81), 81), ("made", (92, 70), 0)) == ([(0, 81), (173, 70)], 0)
    assert sheet(("visi", (0, 81), 81), ("made", (60, 102), 0)) == ([(0, 81), (60, 183)], 0)
    assert sheet(("visi", (91, 0), 91), ("pad", (0, 182), 0)) == ([(91, 0), (0, 273)], 0)


def test_hanging_again_on_a_second_visi() -> None:
    assert sheet(("visi", (0, 81), 81), ("visi", (101, 0), 101)) == ([(0, 81), (101, 0)], 182)
    assert sheet(("visi", (0, 81), 81), ("visi", (101, 0), 101), ("made", (50, 132), 0)) == (
        [(0, 81), (101, 0), (50, 314)],
        0,
    )


def test_an_unfinished_hand_leaves_the_points_hanging() -> None:
    assert sheet(("visi", (0, 81), 81), (None, (0, 0), 0)) == ([(0, 81), (0, 0)], 81)


def test_visi_chain_through_real_hands() -> None:
    rec = record(
        [
            # S calls, 81/81: NS's 81 hang; EW write 81
            hand_json(Seat.W, HALF, ["H"], HALF_PLAYS),
            # the same hand turned by one seat: E (EW) calls and makes 81, which hangs too
            hand_json(Seat.S, HALF, ["H"], HALF_PLAYS, k=1),
            # ownership turned by two seats: N calls and makes 92 / 70, NS write more and take 162
            hand_json(Seat.E, OWN, ["H"], OWN_PLAYS, k=2),
        ],
        exact_half="visi",
    )
    out = from_json(rec).score().to_json()
    assert [h["outcome"] for h in out["hands"]] == ["visi", "visi", "made"]
    assert [h["caller"] for h in out["hands"]] == ["S", "E", "N"]
    assert [h["score"] for h in out["hands"]] == [
        {"NS": 0, "EW": 81},
        {"NS": 81, "EW": 0},
        {"NS": 92 + 162, "EW": 70},
    ]
    assert out["totals"] == {"NS": 335, "EW": 151}
    assert out["hanging"] == 0
    assert out["winner"] is None


def test_visi_hanging_after_the_last_hand() -> None:
    rec = record([hand_json(Seat.W, HALF, ["H"], HALF_PLAYS)], exact_half="visi")
    out = from_json(rec).score().to_json()
    assert (out["totals"], out["hanging"]) == ({"NS": 0, "EW": 81}, 81)


def test_hand_json_of_record_md() -> None:
    # the full shape of one hand in `bela score` output
    rec = record([hand_json(Seat.W, TERCA, ["pass", "H"], TERCA_PLAYS)])
    assert from_json(rec).score().to_json() == {
        "hands": [
            {
                "dealer": "W",
                "trump": "H",
                "caller": "E",
                "complete": True,
                "tricks": {"NS": 4, "EW": 4},
                "card_points": {"NS": 92, "EW": 70},
                "declarations": {"NS": 20, "EW": 0},
                "bela": {"NS": 0, "EW": 0},
                "stiglja": None,
                "outcome": "pad",
                "score": {"NS": 182, "EW": 0},
            }
        ],
        "totals": {"NS": 182, "EW": 0},
        "hanging": 0,
        "winner": None,
        "belot": None,
    }
