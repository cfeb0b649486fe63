"""A reload in any phase resumes the same position."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page

from e2e.game import MOVE_TIMEOUT, open_game, play_until, snapshot, wait_for_human, wait_ready
from e2e.test_deals import export_record

WHERE = {
    "naming-trump": "s.bids.length > 0",
    "mid-trick": "s.playable.length > 0 && s.trick.length > 0",
    "between-hands": "s.nextHand",
}


@pytest.mark.parametrize("moment", list(WHERE))
def test_reload_resumes_exactly(page: Page, site: str, moment: str) -> None:
    open_game(page, site, seed=31, speed="instant", target=501, lang="en")
    before = play_until(page, WHERE[moment])
    record = export_record(page)
    page.reload()
    wait_ready(page)
    kind = wait_for_human(page)
    after = snapshot(page)
    after["kind"] = kind
    assert after == before
    assert export_record(page) == record


def deal_of(page: Page) -> object:
    record = json.loads(export_record(page))
    return record["seed"], record["hands"][0]["deal"]


def test_a_saved_match_goes_on_until_fresh(page: Page, site: str) -> None:
    open_game(page, site, lang="en")
    first = deal_of(page)
    page.reload()
    wait_ready(page)
    assert deal_of(page) == first  # no seed in the address: the saved match goes on
    page.goto(site + "?fresh=1")
    wait_ready(page)
    assert deal_of(page) != first  # fresh=1: a new match


def test_a_reload_keeps_the_dealers_pass_refused(page: Page, site: str, tmp_path: Path) -> None:
    """South deals and the three others passed: South must name a suit (mus). The pass button is
    drawn disabled, and stays so after a reload (the start once enabled every disabled button)."""
    open_game(page, site, seed=10, speed="instant", lang="en")
    wait_for_human(page)
    record = json.loads(export_record(page))
    first = record["hands"][0]
    record["hands"] = [{"dealer": "S", "deal": first["deal"], "bids": ["pass", "pass", "pass"]}]
    path = tmp_path / "mus.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    page.set_input_files('[data-action="import"]', str(path))
    page.wait_for_selector('[data-bid="pass"][disabled]', state="attached", timeout=MOVE_TIMEOUT)
    before = snapshot(page)
    assert ["pass", True] in before["bids"], before["bids"]
    page.reload()
    wait_ready(page)
    assert wait_for_human(page) == "bid"
    after = snapshot(page)
    assert ["pass", True] in after["bids"], after["bids"]
    before.pop("notice")  # "The match is loaded." is said once
    after.pop("notice")
    assert after == before
