"""Today's deals in the page (ui-contract.md "Today's deals"): the day's four hands against par,
the day's card and its share text, the same deals in two browsers, a shared deal, and the
regular match untouched by a daily."""

from __future__ import annotations

import datetime
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page

from bela.daily import PAR_VERSION, daily_seed
from e2e.game import (
    HUMAN_JS,
    MOVE_TIMEOUT,
    click_and_wait,
    human_step,
    open_game,
    snapshot,
    wait_for_human,
    wait_ready,
)
from e2e.test_deals import export_record

ROOT = Path(__file__).resolve().parent.parent
PINNED = json.loads((ROOT / "tests" / "data" / "daily_pinned.json").read_text(encoding="utf-8"))
DAY = "2026-12-01"
PINNED_DAY: dict[str, Any] = next(d for d in PINNED["days"] if d["date"] == DAY)
PAR_TIMEOUT = 300_000  # par is four hard players' whole hand, in the worker, on a loaded machine

SUMMARY_JS = (
    "() => document.querySelector('#overlay:not([hidden]) .par-line') ? 'summary' : (" + HUMAN_JS + ")()"
)


def root(page: Page, name: str) -> str | None:
    value: str | None = page.evaluate(f"() => document.documentElement.getAttribute('{name}')")
    return value


def play_hand(page: Page) -> None:
    """Play as the human until the hand's summary (with its par line) is shown."""
    for _ in range(200):
        kind = str(page.wait_for_function(SUMMARY_JS, timeout=MOVE_TIMEOUT).json_value())
        if kind == "summary":
            return
        assert kind not in ("over", "next"), kind
        human_step(page)
    raise AssertionError("the hand did not end")


def par_hooks(page: Page) -> dict[str, int]:
    page.wait_for_selector("[data-par]", timeout=PAR_TIMEOUT)
    values: dict[str, str] = page.evaluate(
        """() => { const p = document.querySelector("[data-par]");
        return {ns: p.dataset.parNs, ew: p.dataset.parEw, vs: p.dataset.vsPar}; }"""
    )
    return {k: int(v) for k, v in values.items()}


def test_the_day_is_played_against_par(page: Page, site: str, shoot: Callable[[Page, str], Path]) -> None:
    open_game(page, site, daily=DAY, speed="instant", lang="en")
    assert root(page, "data-mode") == "daily"
    assert root(page, "data-daily") == DAY
    assert DAY in (page.text_content("#daily-strip") or "")
    expected_vs = []
    for number in range(1, 5):
        play_hand(page)
        hooks = par_hooks(page)
        pinned = PINNED_DAY["hands"][number - 1]["pars"][str(PAR_VERSION)]
        assert (hooks["ns"], hooks["ew"]) == (pinned["NS"], pinned["EW"]), number
        ours = snapshot(page)["rows"][-1]
        assert len(snapshot(page)["rows"]) == number
        assert hooks["vs"] == ours[0] - pinned["NS"]
        expected_vs.append(hooks["vs"])
        if number < 4:
            assert page.locator('[data-action="share-deal"]').count() == 1
            click_and_wait(page, '[data-action="next-hand"]')
    assert page.locator('[data-action="next-hand"]').count() == 0
    card = page.wait_for_selector("[data-daily-card]", timeout=PAR_TIMEOUT)
    assert card is not None
    assert int(card.get_attribute("data-total-vs-par") or "x") == sum(expected_vs)
    rows = page.locator("[data-daily-hand]")
    assert rows.count() == 4
    assert [int(rows.nth(i).get_attribute("data-vs-par") or "x") for i in range(4)] == expected_vs
    shoot(page, "daily-card")
    text = page.input_value("[data-share-text]")
    assert f"?daily={DAY}" in text
    assert text.splitlines()[-1] == site.split("?")[0] + f"?daily={DAY}"  # under the site's sub-path
    assert len(text.splitlines()[1]) == 4  # one sign per hand
    # the cards dealt are the day's, as bela daily prints them
    record = json.loads(export_record(page))
    assert [h["deal"] for h in record["hands"]] == [h["deal"] for h in PINNED_DAY["hands"]]
    assert [h["dealer"] for h in record["hands"]] == [h["dealer"] for h in PINNED_DAY["hands"]]
    # sharing says what it did (copied, or the text is there to copy by hand)
    page.click('[data-action="share-daily"]')
    page.wait_for_function("() => document.querySelector('[data-notice]').textContent.length > 0")
    # counted once for the record: in the statistics, and a replay is practice
    page.click("#open-stats")
    stats = page.text_content("#dlg-stats") or ""
    assert "Days of today's deals played" in stats and "Best day against par" in stats
    page.keyboard.press("Escape")
    page.click('[data-action="replay-daily"]')
    page.wait_for_function("() => document.querySelector('#daily-strip .practice')")
    assert root(page, "data-daily") == DAY


def test_bela_daily_prints_what_the_page_shows() -> None:
    """The pinned file the page is checked against is what ``bela daily`` prints today: the
    deal, and the par of the current version of par's players."""
    out = subprocess.run(
        [sys.executable, "-m", "bela", "daily", DAY, "--hand", "1"],
        capture_output=True,
        text=True,
        check=True,
    )
    printed = json.loads(out.stdout)
    assert printed["par_version"] == PAR_VERSION
    pinned = PINNED_DAY["hands"][0]
    expected = {k: v for k, v in pinned.items() if k != "pars"} | {"par": pinned["pars"][str(PAR_VERSION)]}
    assert printed["hands"] == [expected]


def first_deal(page: Page) -> tuple[Any, ...]:
    state = snapshot(page)
    record = json.loads(export_record(page))
    return state["dealer"], tuple(state["hand"]), record["hands"][0]["deal"], record["seed"]


def test_two_browsers_get_the_same_deals(context: BrowserContext, open_context: Any, site: str) -> None:
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    seen = []
    for ctx in (context, open_context()):
        page = ctx.new_page()
        open_game(page, site, daily="", speed="instant", lang="en")
        assert root(page, "data-daily") == today
        seen.append(first_deal(page))
    assert seen[0] == seen[1]
    assert seen[0][3] == daily_seed(today)


def test_the_regular_match_is_untouched_by_a_daily(page: Page, site: str) -> None:
    open_game(page, site, seed=5, fresh=1, speed="instant", lang="en")
    for _ in range(3):
        human_step(page)
    wait_for_human(page)  # the bots' turns after the last step are played: nothing in flight
    assert root(page, "data-mode") == "match"
    before = export_record(page)
    position = snapshot(page)
    page.click('[data-action="daily"]')
    page.wait_for_function("() => document.documentElement.dataset.mode === 'daily'")
    assert "daily=" in page.url
    human_step(page)
    wait_for_human(page)  # (some days' deals give a bot the next bid)
    daily_record = export_record(page)
    page.click('[data-action="leave-daily"]')
    page.wait_for_function("() => document.documentElement.dataset.mode === 'match'")
    assert export_record(page) == before
    assert snapshot(page) == position
    # and back: the daily goes on where it was, also after a reload
    page.click('[data-action="daily"]')
    page.wait_for_function("() => document.documentElement.dataset.mode === 'daily'")
    assert export_record(page) == daily_record
    page.reload()
    wait_ready(page)
    assert root(page, "data-mode") == "daily"
    assert export_record(page) == daily_record
    page.goto(site + "?speed=instant&lang=en")
    wait_ready(page)
    assert root(page, "data-mode") == "match"
    assert export_record(page) == before


def test_a_shared_deal_is_one_hand_against_its_par(page: Page, site: str) -> None:
    seed = daily_seed(DAY)
    open_game(page, site, deal=f"{seed}-2", speed="instant", lang="en")
    assert root(page, "data-mode") == "deal"
    record = json.loads(export_record(page))
    assert record["hands"][0]["deal"] == PINNED_DAY["hands"][1]["deal"]
    play_hand(page)
    hooks = par_hooks(page)
    assert (hooks["ns"], hooks["ew"]) == (
        PINNED_DAY["hands"][1]["pars"][str(PAR_VERSION)]["NS"],
        PINNED_DAY["hands"][1]["pars"][str(PAR_VERSION)]["EW"],
    )
    card = page.wait_for_selector("[data-daily-card]", timeout=PAR_TIMEOUT)
    assert card is not None
    assert f"?deal={seed}-2" in page.input_value("[data-share-text]")
