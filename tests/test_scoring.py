"""rules.md "Scoring a hand" (made, pad, exact half, visi, štiglja, bela, declarations) on hands
built and counted by hand, and the score sheet's hanging points.

Every deal below has dealer W, so S speaks first and leads the first trick; trump is hearts.
In each suit every seat holds two cards, so each trick is of one suit; the trick-by-trick
count is written beside each play list.
"""

from __future__ import annotations

from typing import Any

import pytest

from bela.actions import PASS, Bid, Declare, Phase, Play
from bela.cards import Card, Suit
from bela.hand import Hand
from bela.record import from_json
from bela.rules import HouseRules
from bela.scoring import HandScore, score_hand, score_match
from bela.seats import Seat, Team
from strategies import cards, deal_of

HEARTS = Bid(Suit.HEARTS)

# "Ownership": S holds the top hearts, N the top spades, E the top diamonds, W the top clubs.
OWN = deal_of(
    "JH 9H 7S 8S 7D 8D 7C 8C",
    "AH KH 9S JS AD TD QC KC",
    "AS TS 7H 8H 9D JD 9C JC",
    "TH QH QS KS QD KD AC TC",
)
OWN_PLAYS = (
    "JH AH 7H TH "  # S 20+11+0+10 = 41
    "9H KH 8H QH "  # S 14+4+0+3 = 21
    "7S 9S AS QS "  # N 0+0+11+3 = 14
    "TS KS 8S JS "  # N 10+4+0+2 = 16    NS: 92 in 4 tricks
    "9D QD 7D AD "  # E 0+3+0+11 = 14
    "TD JD KD 8D "  # E 10+2+4+0 = 16
    "QC 9C AC 7C "  # W 3+0+11+0 = 14
    "TC 8C KC JC"  # W 10+0+4+2 = 16, +10 last trick   EW: 70 in 4 tricks
)

# The same, but W holds the king and queen of trump (bela, EW) and E the ten.
OWN_BELA = deal_of(
    "JH 9H 7S 8S 7D 8D 7C 8C",
    "AH TH 9S JS AD TD QC KC",
    "AS TS 7H 8H 9D JD 9C JC",
    "KH QH QS KS QD KD AC TC",
)
OWN_BELA_PLAYS = (
    "JH AH 7H QH "  # S 20+11+0+3 = 34; W calls bela with the queen
    "9H TH 8H KH "  # S 14+10+0+4 = 28
    "7S 9S AS QS TS KS 8S JS "  # N 14 + 16   NS: 92
    "9D QD 7D AD TD JD KD 8D QC 9C AC 7C TC 8C KC JC"  # EW: 14 + 16 + 14 + 26 = 70
)

# S holds a terca 7-9 of spades (20): E's 9S and S's 8D of "ownership" are swapped.
TERCA = deal_of(
    "JH 9H 7S 8S 9S 7D 7C 8C",
    "AH KH JS 8D AD TD QC KC",
    "AS TS 7H 8H 9D JD 9C JC",
    "TH QH QS KS QD KD AC TC",
)
TERCA_PLAYS = (
    "JH AH 7H TH 9H KH 8H QH "  # S 41 + 21
    "7S JS AS QS "  # N 0+2+11+3 = 16
    "TS KS 8S 8D "  # N 10+4+0+0 = 14 (E has no spade and no trump left)   NS: 92
    "9D QD 7D AD "  # E 14
    "TD JD KD 9S "  # E 10+2+4+0 = 16 (S has no diamond and no trump)
    "QC 9C AC 7C TC 8C KC JC"  # W 14, W 16 + 10    EW: 70
)

# 81 / 81: NS take the first trick (55) and the last (16 + 10); EW the other six (81).
HALF = deal_of(
    "JH 8H 9S AS JD 9D JC 9C",
    "AH KH TS QS AD TD KC QC",
    "9H 7H JS 8S 8D 7D 8C 7C",
    "TH QH KS 7S KD QD AC TC",
)
HALF_PLAYS = (
    "JH AH 9H TH "  # S 20+11+14+10 = 55
    "9S TS 8S KS "  # E 0+10+0+4 = 14 (E must beat 9S; N and W cannot beat the ten)
    "KH 7H QH 8H "  # E 4+0+3+0 = 7
    "AD 8D KD JD "  # E 11+0+4+2 = 17
    "TD 7D QD 9D "  # E 10+0+3+0 = 13
    "KC 8C AC JC "  # W 4+0+11+2 = 17 (W must beat the king)
    "TC 9C QC 7C "  # W 10+0+3+0 = 13
    "7S AS QS JS"  # S 0+11+3+2 = 16, +10 last trick
)

# Štiglja: S holds J 9 of trump and A 10 of spades, N the aces and tens of diamonds and clubs;
# W holds the king and queen of trump (bela for EW).
STIGLJA = deal_of(
    "JH 9H AS TS 7D 8D 7C 8C",
    "AH TH KS QS 9D JD 9C JC",
    "7H 8H 7S 8S AD TD AC TC",
    "KH QH 9S JS QD KD QC KC",
)
STIGLJA_PLAYS = (
    "JH AH 7H QH 9H TH 8H KH "  # S 34 + 28 (bela W with the queen)
    "AS KS 7S 9S TS QS 8S JS "  # S 15 + 15
    "7D 9D AD QD TD KD 8D JD "  # N 14 + 16
    "AC QC 7C 9C TC KC 8C JC"  # N 14 + 16 + 10: NS 162 in 8 tricks
)
# The same with W's 9S and E's KS swapped: W holds four kings (100) and still the bela.
STIGLJA_KINGS = deal_of(
    "JH 9H AS TS 7D 8D 7C 8C",
    "AH TH 9S QS 9D JD 9C JC",
    "7H 8H 7S 8S AD TD AC TC",
    "KH QH KS JS QD KD QC KC",
)
STIGLJA_KINGS_PLAYS = STIGLJA_PLAYS.replace("AS KS 7S 9S", "AS 9S 7S KS")


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
    scores = [
        HandScore(
            dealer=Seat.S,
            trump=Suit.HEARTS,
            caller=Seat.S,
            complete=outcome is not None,
            tricks=(4, 4),
            card_points=(0, 0),
            declarations=(0, 0),
            bela=(0, 0),
            stiglja=None,
            outcome=outcome,
            written=written,
            hanging=hanging,
        )
        for outcome, written, hanging in hands
    ]
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


def record(hands: list[dict[str, Any]], **rules: Any) -> dict[str, Any]:
    return {"format": "bela-record", "version": 1, "rules": rules, "hands": hands}


def hand_json(
    dealer: Seat, deal: dict[Seat, list[Card]], bids: list[str], plays: str, k: int = 0
) -> dict[str, Any]:
    """A hand of this file turned by ``k`` seats (S's cards go to S.after(k)...), dealt by ``dealer``."""
    return {
        "dealer": dealer.name,
        "deal": {seat.after(k).name: [str(c) for c in cs] for seat, cs in deal.items()},
        "bids": bids,
        "plays": plays.split(),
    }


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
