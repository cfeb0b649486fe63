"""A whole match at speed=instant, the human playing through the hooks."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page

from bela.record import loads
from e2e.game import open_game, play_to_end, play_until, snapshot
from e2e.test_deals import export_record


def test_a_whole_match_to_game_over_and_a_rematch(
    page: Page, site: str, shoot: Callable[[Page, str], Path]
) -> None:
    open_game(page, site, seed=2024, fresh=1, speed="instant", target=501, lang="en")
    winner = play_to_end(page)
    state = snapshot(page)
    shoot(page, "desktop-game-over")
    ns, ew = state["score"]
    assert max(ns, ew) >= 501
    assert winner == ("NS" if ns > ew else "EW")
    # the sheet: one row per hand, adding up to the totals
    sheet = state["rows"]
    assert sheet and [sum(r[0] for r in sheet), sum(r[1] for r in sheet)] == [ns, ew]
    # the engine in CPython agrees with the page
    match = loads(export_record(page))
    score = match.score()
    assert score.winner is not None and score.winner.name == winner
    assert list(score.totals) == [ns, ew]
    assert [list(s) for s in score.scores] == sheet
    assert match.rules.target == 501
    # the statistics count the match and its hands
    page.click("#open-stats")
    stats = page.locator("#dlg-stats [data-stats]")
    rows = {
        (r.locator("th").text_content() or ""): (r.locator("td").text_content() or "")
        for r in stats.locator("tr").all()
    }
    assert rows["Matches played"] == "1"
    assert rows["Matches won"] == ("1" if winner == "NS" else "0")
    assert rows["Hands played"] == str(len(sheet))
    assert rows["Average points a hand"] == f"{ns / len(sheet):.0f}"
    page.click("#dlg-stats [data-close]")
    # a rematch
    page.click('[data-action="new-game"]')
    page.wait_for_function("document.querySelectorAll('[data-game-over]').length === 0")
    fresh = snapshot(page)
    assert fresh["score"] == [0, 0] and fresh["rows"] == []
    again = loads(export_record(page))
    assert again.rules.target == 501 and len(again.hands) == 1
    # the same seed (from the address) deals the same first hand again
    assert again.hands[0].deal == match.hands[0].deal


def test_a_belot_ends_the_match_at_once(page: Page, site: str, tmp_path: Path) -> None:
    hearts = [f"{r}H" for r in "789TJQKA"]
    others = [f"{r}{s}" for s in "DSC" for r in "789TJQKA"]
    deal = {"S": hearts, "E": others[0:8], "N": others[8:16], "W": others[16:24]}
    record = {
        "format": "bela-record",
        "version": 1,
        "rules": {"target": 1001},
        "hands": [{"dealer": "W", "deal": deal, "bids": ["H"], "plays": []}],
    }
    path = tmp_path / "belot.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    open_game(page, site, speed="instant", lang="en")
    page.set_input_files('[data-action="import"]', str(path))
    page.wait_for_selector('[data-game-over][data-winner="NS"]')
    assert "Belot" in (page.text_content("[data-game-over]") or "")
    state = snapshot(page)
    assert state["rows"] == [[0, 0]]
    assert state["turn"] == ""


def test_the_last_trick_can_be_seen(page: Page, site: str) -> None:
    open_game(page, site, seed=12, speed="instant", lang="en")
    assert page.locator("#open-last").is_disabled()
    play_until(
        page,
        "s.playable.length > 0 && s.backs.N < 8 && s.backs.N + s.trick.filter(t => t[0] == 'N').length < 8",
    )
    page.click("#open-last")
    page.wait_for_selector("#dlg-last[open]")
    assert page.locator("#dlg-last [data-face]").count() == 4
    assert "Taken by" in (page.text_content("#dlg-last") or "")
    page.click("#dlg-last [data-close]")
