"""Saving: versioned keys, a save that cannot be read, settings and statistics kept, and
nothing from storage or a file ever read as markup."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page

from e2e.game import human_step, open_game, play_until, snapshot, wait_for_human, wait_ready
from e2e.test_deals import export_record

SETTINGS = {"app": "bela", "kind": "settings", "v": 1, "target": 701, "speed": "instant", "lang": "en"}
STATS = {
    "app": "bela",
    "kind": "stats",
    "v": 1,
    "matches": 4,
    "won": 3,
    "hands": 30,
    "called": 12,
    "pads": 2,
    "stiglje": 1,
    "stiglje_against": 0,
    "points": 2400,
}
BROKEN = {
    "corrupt": "{this is not json",
    "foreign": json.dumps({"format": "bela-record", "hands": []}),
    "future": json.dumps({"app": "bela", "kind": "match", "v": 99, "record": {}}),
    "bad-record": json.dumps(
        {
            "app": "bela",
            "kind": "match",
            "v": 1,
            "record": {"format": "bela-record", "version": 1, "hands": [{"dealer": "X"}]},
        }
    ),
}


def storage(page: Page) -> dict[str, str]:
    result: dict[str, str] = page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
    return result


def test_everything_is_saved_under_versioned_keys(page: Page, site: str) -> None:
    open_game(page, site, seed=4, speed="instant")
    human_step(page)
    saved = storage(page)
    assert (
        {"bela.v1.match", "bela.v1.stats"}
        <= set(saved)
        <= {"bela.v1.match", "bela.v1.settings", "bela.v1.stats"}
    )
    match = json.loads(saved["bela.v1.match"])
    assert match["app"] == "bela" and match["v"] == 1
    assert match["record"]["format"] == "bela-record"
    assert match["record"]["seed"] == 4
    assert export_record(page) is not None


@pytest.mark.parametrize("kind", list(BROKEN))
def test_an_unreadable_save_gives_a_notice_and_a_fresh_match(page: Page, site: str, kind: str) -> None:
    open_game(page, site, seed=6, speed="instant")
    page.evaluate(
        "([s, t]) => { localStorage.setItem('bela.v1.settings', s);"
        " localStorage.setItem('bela.v1.stats', t); }",
        [json.dumps(SETTINGS), json.dumps(STATS)],
    )
    page.evaluate("(m) => localStorage.setItem('bela.v1.match', m)", BROKEN[kind])
    page.goto(site)  # no seed: the page would resume the saved match if it could
    wait_ready(page)
    state = snapshot(page)
    assert state["notice"].strip()
    assert state["rows"] == [] and state["score"] == [0, 0]
    record = json.loads(export_record(page))
    assert len(record["hands"]) == 1
    assert record["rules"]["target"] == 701  # the kept settings make the new match
    saved = storage(page)
    assert json.loads(saved["bela.v1.settings"])["target"] == 701
    assert json.loads(saved["bela.v1.stats"]) == STATS
    assert json.loads(saved["bela.v1.match"])["record"]["hands"][0]["deal"] == record["hands"][0]["deal"]
    assert saved["bela.v1.match.unreadable"] == BROKEN[kind]  # set aside, not lost
    # the notice can be dismissed
    page.click("[data-notice] [data-close]")
    assert page.text_content("[data-notice]") == ""


def test_corrupt_settings_fall_back_to_defaults_and_keep_the_match(page: Page, site: str) -> None:
    open_game(page, site, seed=6, speed="instant", lang="en")
    first = json.loads(export_record(page))["hands"][0]["deal"]
    page.evaluate("() => localStorage.setItem('bela.v1.settings', '[1, 2')")
    page.reload()
    wait_ready(page)
    assert "settings" in snapshot(page)["notice"]
    assert storage(page)["bela.v1.settings.unreadable"] == "[1, 2"
    assert json.loads(export_record(page))["hands"][0]["deal"] == first


def test_imported_text_is_never_markup(page: Page, site: str, tmp_path: Path) -> None:
    open_game(page, site, seed=6, speed="instant", lang="en")
    before = export_record(page)
    evil = tmp_path / "evil.json"
    evil.write_text(
        json.dumps(
            {
                "format": "bela-record",
                "version": 1,
                "hands": [{"dealer": '<img src=x onerror="window.pwned=1">', "deal": {}}],
            }
        ),
        encoding="utf-8",
    )
    page.set_input_files('[data-action="import"]', str(evil))
    page.wait_for_function("document.querySelector('[data-notice]').textContent.includes('not loaded')")
    notice = page.text_content("[data-notice]") or ""
    assert "<img" in notice  # shown as text
    assert page.locator("[data-notice] img").count() == 0
    assert page.evaluate("window.pwned === undefined")
    assert export_record(page) == before


def test_an_import_the_engine_refuses_changes_nothing(page: Page, site: str, tmp_path: Path) -> None:
    open_game(page, site, seed=10, speed="instant", lang="en")
    wait_for_human(page)
    before_state = snapshot(page)
    before = export_record(page)
    bad = json.loads(before)
    bad["hands"][0]["bids"] = ["pass", "pass", "pass", "pass"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    page.set_input_files('[data-action="import"]', str(path))
    page.wait_for_function("document.querySelector('[data-notice]').textContent.length > 0")
    notice = page.text_content("[data-notice]") or ""
    assert "mus" in notice  # the engine's own message: the dealer may not pass
    after = snapshot(page)
    assert {k: v for k, v in after.items() if k != "notice"} == {
        k: v for k, v in before_state.items() if k != "notice"
    }
    assert export_record(page) == before


def test_export_then_import_gives_the_same_match(
    page: Page, site: str, open_context: Callable[..., BrowserContext], tmp_path: Path
) -> None:
    open_game(page, site, seed=55, speed="instant", lang="en")
    state = play_until(page, "s.playable.length > 0 && s.trick.length > 0 && s.rows.length > 0")
    with page.expect_download() as info:
        page.click('[data-action="export"]')
    download = info.value
    assert download.suggested_filename.endswith(".json")
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    text = path.read_text(encoding="utf-8")
    assert json.loads(text)["format"] == "bela-record"

    other = open_context()
    page2 = other.new_page()
    open_game(page2, site, speed="instant", lang="en")
    page2.set_input_files('[data-action="import"]', str(path))
    page2.wait_for_function("document.querySelector('[data-notice]').textContent.includes('loaded')")
    kind = wait_for_human(page2)
    after = snapshot(page2)
    after["kind"] = kind
    assert {k: v for k, v in after.items() if k != "notice"} == {
        k: v for k, v in state.items() if k != "notice"
    }
    assert export_record(page2) == text
    # and it is saved: a reload keeps the imported match
    page2.reload()
    wait_ready(page2)
    wait_for_human(page2)
    assert export_record(page2) == text
