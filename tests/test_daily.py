"""Today's deals (bela/daily.py, ``bela daily``): the same date gives the same deals and the same
par, for ever; another date gives other deals; the command prints what the engine computes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bela.cards import Card
from bela.cli import main
from bela.daily import HANDS, PAR_VERSION, ParRun, daily_seed, deal_of, hand_json, par, parse_date
from bela.match import Match
from bela.record import from_json
from bela.rules import HouseRules
from bela.scoring import score_hand
from bela.seats import SEATS, Seat

PINNED = json.loads((Path(__file__).parent / "data" / "daily_pinned.json").read_text(encoding="utf-8"))
DAYS: list[dict[str, Any]] = PINNED["days"]
# each pinned hand's par by the version of par's players (bela.daily.PAR_VERSION); "par" below
# is the current version's
HANDS_WITH_PAR = [
    (d["date"], {**h, "par": h["pars"][str(PAR_VERSION)]}) for d in DAYS for h in d["hands"] if "pars" in h
]


def pinned_hand(h: dict[str, Any]) -> dict[str, Any]:
    """A pinned hand as ``bela daily`` prints it: its deal and the current version's par."""
    out = {k: v for k, v in h.items() if k != "pars"}
    if "pars" in h:
        out["par"] = h["pars"][str(PAR_VERSION)]
    return out


def test_every_pinned_par_has_the_current_version() -> None:
    """A new version of par's players pins its pars beside the older ones: a changed hard player
    fails test_par_is_the_pinned_one until PAR_VERSION is raised and its pars are added."""
    for day in DAYS:
        for h in day["hands"]:
            if "pars" in h:
                assert str(PAR_VERSION) in h["pars"], (day["date"], h["number"], sorted(h["pars"]))


def test_the_versions_of_par_differ_where_the_players_changed() -> None:
    """Why par carries a version: the hard player of version 1 (commit e528023) and today's make
    a different par on some of the pinned hands, so a day's result is only comparable within a
    version."""
    versions = [h["pars"] for d in DAYS for h in d["hands"] if "pars" in h]
    assert all("1" in v for v in versions)
    assert any(v["1"] != v[str(PAR_VERSION)] for v in versions)


@pytest.mark.parametrize("day", DAYS, ids=[d["date"] for d in DAYS])
def test_the_days_deals_are_the_pinned_ones(day: dict[str, Any]) -> None:
    seed = daily_seed(day["date"])
    assert seed == day["seed"]
    for pinned in day["hands"]:
        got = hand_json(seed, pinned["number"], with_par=False)
        assert got["dealer"] == pinned["dealer"]
        assert got["deal"] == pinned["deal"]


@pytest.mark.parametrize(
    ("date", "pinned"), HANDS_WITH_PAR, ids=[f"{d}/{h['number']}" for d, h in HANDS_WITH_PAR]
)
def test_par_is_the_pinned_one(date: str, pinned: dict[str, Any]) -> None:
    got = par(daily_seed(date), pinned["number"]).to_json()
    assert got == pinned["par"]


def test_the_pinned_par_is_a_hand_of_the_rules_that_scores_as_pinned() -> None:
    """The pinned data is itself sane: each par record is a complete legal hand (the record
    reader checks every move) of the pinned deal, and its scoring is the pinned NS / EW."""
    assert len(HANDS_WITH_PAR) >= 8
    for _date, pinned in HANDS_WITH_PAR:
        record = {"format": "bela-record", "version": 1, "rules": HouseRules().to_json()}
        match = from_json({**record, "hands": [pinned["par"]["record"]]})
        hand = match.hands[0]
        assert hand.finished and len(hand.plays) == 32
        assert hand.dealer.name == pinned["dealer"]
        assert {s.name: [str(c) for c in hand.deal[s]] for s in SEATS} == pinned["deal"]
        written = score_hand(hand).written
        assert [written[0], written[1]] == [pinned["par"]["NS"], pinned["par"]["EW"]]


def test_the_days_hands_are_a_match_dealt_from_the_days_seed() -> None:
    seed = daily_seed("2026-12-01")
    match = Match(HouseRules(), seed=seed)
    for n in range(1, HANDS + 1):
        hand = match.start_hand()
        dealer, deal = deal_of(seed, n)
        assert hand.dealer is dealer
        assert {s: tuple(hand.deal[s]) for s in SEATS} == deal
        while not hand.finished:
            hand.apply(hand.legal_actions()[0])
    assert [h.dealer for h in match.hands] == [Seat(int(match.hands[0].dealer) + i & 3) for i in range(4)]


def test_two_dates_give_different_deals() -> None:
    days = ["2026-12-01", "2026-12-02", "2027-12-01", "2026-01-12"]
    seeds = {daily_seed(d) for d in days}
    assert len(seeds) == len(days)
    firsts = {tuple(deal_of(daily_seed(d), 1)[1][Seat.S]) for d in days}
    assert len(firsts) == len(days)
    assert deal_of(daily_seed("2026-12-01"), 1) != deal_of(daily_seed("2026-12-01"), 2)


def test_stepwise_par_is_par() -> None:
    """The page computes par one decision per step (web/worker/main.py): the same hand."""
    seed = daily_seed("2027-01-01")
    run = ParRun(seed, 2)
    steps = 0
    while not run.done:
        run.step()
        steps += 1
    assert steps == len(run.hand.actions)
    assert (
        run.result().to_json()
        == next(h for d, h in HANDS_WITH_PAR if d == "2027-01-01" and h["number"] == 2)["par"]
    )


def test_parse_date() -> None:
    assert parse_date("2026-12-01") == "2026-12-01"
    for bad in ("2026-2-01", "2026-02-30", "yesterday", "", "20261201", "2026-12-01x"):
        assert parse_date(bad) is None


def test_bela_daily_prints_the_engines_deals_and_par(capsys: pytest.CaptureFixture[str]) -> None:
    day = next(d for d in DAYS if d["date"] == "2027-01-01")
    assert main(["daily", "2027-01-01"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["date"] == "2027-01-01"
    assert out["par_version"] == PAR_VERSION
    assert out["hands"] == [pinned_hand(h) for h in day["hands"]]
    assert [h["number"] for h in out["hands"]] == [1, 2, 3, 4]
    for h in out["hands"]:
        assert set(h) == {"number", "dealer", "deal", "par"}
        assert set(h["par"]) == {"NS", "EW", "record"}
        assert all(len(cards) == 8 for cards in h["deal"].values())
        Card.parse(h["deal"]["S"][0])


def test_bela_daily_one_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily", "2026-12-01", "--hand", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    day = next(d for d in DAYS if d["date"] == "2026-12-01")
    assert out["hands"] == [pinned_hand(day["hands"][2])]
    assert out["seed"] == daily_seed("2026-12-01") == day["seed"]


@pytest.mark.parametrize("argv", [["daily", "2026-13-01"], ["daily", "2026-12-01", "--hand", "5"]])
def test_bela_daily_refuses_bad_input(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("bela: ") and err.count("\n") == 1
