"""A reload in any phase resumes the same position."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page

from e2e.game import open_game, play_until, snapshot, wait_for_human, wait_ready
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
