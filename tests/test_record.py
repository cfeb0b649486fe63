"""record.md: reading and writing ``bela-record`` version 1 (the refusals are in test_bad_records.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import strategies as deals
from strategies import hand_json, record

from bela.actions import Phase
from bela.match import Match
from bela.record import dumps, from_json, loads, to_json
from bela.rules import HouseRules
from bela.seats import Seat


def score(rec: dict[str, Any]) -> dict[str, Any]:
    return from_json(json.loads(json.dumps(rec))).score().to_json()


def test_examples_round_trip(examples_dir: Path) -> None:
    for path in sorted(examples_dir.glob("*.expected.json")):
        text = (examples_dir / path.name.replace(".expected.json", ".json")).read_text("utf-8")
        m = loads(text)
        again = loads(dumps(m))
        assert dumps(again) == dumps(m), path.name
        assert to_json(again) == to_json(m)
        assert json.loads(dumps(m)) == to_json(m)
        assert again.score().to_json() == json.loads(path.read_text("utf-8"))


def test_what_is_written() -> None:
    m = from_json(record([hand_json(Seat.W, deals.OWN, ["pass", "H"], deals.OWN_PLAYS)], target=501))
    rec = to_json(m)
    assert rec["format"] == "bela-record" and rec["version"] == 1
    assert rec["rules"] == {
        "target": 501,
        "stiglja": 90,
        "exact_half": "pad",
        "declarations": "auto",
        "bela": "auto",
    }
    (hand,) = rec["hands"]
    assert hand["dealer"] == "W"
    assert hand["deal"] == {s.name: [str(c) for c in deals.OWN[s]] for s in Seat}  # the order kept: 6 + talon
    assert hand["bids"] == ["pass", "H"]
    assert hand["plays"] == deals.OWN_PLAYS.split()
    assert "declare" not in hand and "bela" not in hand  # only under "choose"


def test_choose_records_declare_and_bela() -> None:
    rec = record(
        [
            hand_json(Seat.W, deals.OWN_BELA, ["H"], deals.OWN_BELA_PLAYS)
            | {"bela": {"W": False}, "declare": {}}
        ],
        declarations="choose",
        bela="choose",
    )
    hand = to_json(from_json(rec))["hands"][0]
    assert hand["bela"] == {"W": False}
    assert hand["declare"] == {}  # nobody holds a declaration in this deal


def test_missing_rules_are_the_defaults() -> None:
    rec = record([hand_json(Seat.W, deals.OWN, ["H"], deals.OWN_PLAYS)])
    del rec["rules"]
    assert from_json(rec).rules == HouseRules()
    rec["rules"] = {"exact_half": "visi"}
    assert from_json(rec).rules == HouseRules(exact_half="visi")


def test_missing_plays_mean_none_yet() -> None:
    hand = hand_json(Seat.W, deals.OWN, ["pass", "D"], "")
    del hand["plays"]
    m = from_json(record([hand]))
    assert m.hands[0].phase is Phase.PLAYING and m.hands[0].turn is Seat.S
    out = score(record([hand]))["hands"][0]
    assert (out["trump"], out["caller"], out["complete"], out["outcome"]) == ("D", "E", False, None)


def test_a_last_hand_cut_in_the_bidding() -> None:
    hand = hand_json(Seat.W, deals.OWN, ["pass", "pass"], "")
    m = from_json(record([hand]))
    assert m.hands[0].phase is Phase.BIDDING and m.hands[0].turn is Seat.N
    out = score(record([hand]))["hands"][0]
    assert (out["trump"], out["caller"], out["complete"], out["outcome"]) == (None, None, False, None)
    del hand["bids"]
    assert from_json(record([hand])).hands[0].turn is Seat.S


def test_unknown_keys_outside_rules_are_ignored() -> None:
    rec: dict[str, Any] = record([hand_json(Seat.W, deals.OWN, ["H"], deals.OWN_PLAYS)])
    plain = score(rec)
    rec["comment"] = "a friendly game"
    rec["names"] = {"S": "Ana"}
    rec["hands"][0]["times"] = [1, 2, 3]
    rec["hands"][0]["deal"]["X"] = ["AH"]
    assert score(rec) == plain


def test_declare_and_bela_are_ignored_under_auto() -> None:
    rec: dict[str, Any] = record([hand_json(Seat.W, deals.OWN_BELA, ["H"], deals.OWN_BELA_PLAYS)])
    rec["hands"][0]["declare"] = "anything"
    rec["hands"][0]["bela"] = {"W": False}
    out = score(rec)["hands"][0]
    assert out["bela"] == {"NS": 0, "EW": 20}  # auto: called all the same


@pytest.mark.parametrize(
    ("declare", "expected"),
    [({}, {"NS": 20, "EW": 0}), ({"S": True}, {"NS": 20, "EW": 0}), ({"S": False}, {"NS": 0, "EW": 0})],
)
def test_a_seat_missing_from_declare_declares(declare: dict[str, bool], expected: dict[str, int]) -> None:
    hand = hand_json(Seat.W, deals.TERCA, ["H"], deals.TERCA_PLAYS) | {"declare": declare}
    assert score(record([hand], declarations="choose"))["hands"][0]["declarations"] == expected


@pytest.mark.parametrize(
    ("bela", "expected"), [({}, 20), ({"W": True}, 20), ({"W": False}, 0), ({"S": False}, 20)]
)
def test_a_holder_missing_from_bela_calls_it(bela: dict[str, bool], expected: int) -> None:
    hand = hand_json(Seat.W, deals.OWN_BELA, ["H"], deals.OWN_BELA_PLAYS) | {"bela": bela}
    assert score(record([hand], bela="choose"))["hands"][0]["bela"] == {"NS": 0, "EW": expected}


def test_a_hand_cut_while_declaring() -> None:
    # S has chosen, E and N (who also hold declarations) have not yet
    hand = hand_json(Seat.W, deals.DECL, ["C"], "") | {"declare": {"S": False}}
    m = from_json(record([hand], declarations="choose"))
    assert m.hands[0].phase is Phase.DECLARING and m.hands[0].turn is Seat.E
    assert dumps(loads(dumps(m))) == dumps(m)
    # the seats yet to choose count as declaring: E's 8-10 beats N's 7-9
    assert score(record([hand], declarations="choose"))["hands"][0]["declarations"] == {"NS": 0, "EW": 20}


def test_no_hands_is_a_match_not_started() -> None:
    out = score(record([]))
    assert out == {"hands": [], "totals": {"NS": 0, "EW": 0}, "hanging": 0, "winner": None, "belot": None}


def test_a_new_match_round_trips() -> None:
    m = Match(HouseRules(target=701, declarations="choose"), seed=8, dealer=Seat.N)
    m.start_hand()
    text = dumps(m)
    assert dumps(loads(text)) == text
    assert loads(text).hands[0].dealer is Seat.N


def test_scores_of_a_visi_record_are_the_same_after_a_round_trip() -> None:
    m = from_json(record([hand_json(Seat.W, deals.HALF, ["H"], deals.HALF_PLAYS)], exact_half="visi"))
    again = loads(dumps(m))
    assert again.score().to_json() == m.score().to_json()
    assert again.score().hanging == 81
    assert again.score().totals == (0, 81) and again.winner is None
