"""Saving: versioned keys, a save that cannot be read, settings and statistics kept, nothing
from storage or a file ever read as markup, and a full storage (localStorage, or the disk under
the service worker's cache) told, with the match going on and nothing saved before lost."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page

from e2e.conftest import DESKTOP, PagesServer, Watch
from e2e.game import (
    BOOT_TIMEOUT,
    MOVE_TIMEOUT,
    human_step,
    open_game,
    play_until,
    snapshot,
    wait_for_human,
    wait_ready,
)
from e2e.test_deals import export_record
from e2e.test_offline import play_a_card

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


# localStorage filled to the last character (chunks halved until one character is refused)
FILL_JS = """() => {
  let size = 1 << 20, n = 0;
  while (size >= 1) {
    try { localStorage.setItem("filler." + n, "x".repeat(size)); n += 1; } catch (e) { size >>= 1; }
  }
  let value = localStorage.getItem("filler.0");  // the last characters that a new key's name took
  for (let step = 4096; step >= 1; step >>= 1) {
    for (;;) {
      try { localStorage.setItem("filler.0", value + "x".repeat(step)); } catch (e) { break; }
      value += "x".repeat(step);
    }
  }
  return n;
}"""
EMPTY_JS = """() => Object.keys(localStorage).filter((k) => k.startsWith("filler."))
  .forEach((k) => localStorage.removeItem(k))"""
SAVED_JS = """(record) => JSON.stringify(JSON.parse(localStorage.getItem("bela.v1.match")).record)
  === JSON.stringify(JSON.parse(record))"""
OFFLINE_LOST = "Offline play is not available"


def saves_of(page: Page) -> dict[str, str]:
    return {k: v for k, v in storage(page).items() if not k.startswith("filler.")}


def test_a_full_local_storage_gives_a_notice_and_loses_nothing(page: Page, site: str) -> None:
    open_game(page, site, seed=10, speed="instant", lang="en")
    play_until(page, "s.playable.length > 1")
    page.wait_for_function(SAVED_JS, arg=export_record(page))  # the last move saved (in a task of its own)
    before = saves_of(page)
    assert {"bela.v1.match", "bela.v1.stats"} <= set(before)
    assert page.evaluate(FILL_JS) > 0
    assert human_step(page) == "play"  # the save after this card is refused
    page.wait_for_function(
        "document.querySelector('[data-notice]').textContent.includes('cannot be saved')",
        timeout=MOVE_TIMEOUT,
    )
    state = play_until(page, "s.playable.length > 0")  # the match goes on
    assert human_step(page) == "play"
    wait_for_human(page)
    assert state["hand"] != snapshot(page)["hand"]
    assert saves_of(page) == before  # what was saved before is all there, unchanged
    # room again: a reload resumes from the last save
    page.evaluate(EMPTY_JS)
    page.reload()
    wait_ready(page)
    assert json.loads(export_record(page)) == json.loads(before["bela.v1.match"])["record"]
    assert json.loads(storage(page)["bela.v1.stats"]) == json.loads(before["bela.v1.stats"])


def test_a_full_disk_plays_from_the_network_and_says_offline_play_is_lost(
    pages: PagesServer, pages_watch: Watch, new_context: Callable[..., BrowserContext]
) -> None:
    """The origin's quota below what the service worker's cache needs (15 MB): its install
    fails; the page starts, plays and saves from the network, and a notice says so."""
    context = pages_watch.attach(new_context(viewport=DESKTOP))
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": pages.origin, "quotaSize": 3 * 1024 * 1024})
    open_game(page, pages.url, seed=8, speed="instant", lang="en")
    page.wait_for_function(
        f"document.querySelector('[data-notice]').textContent.includes({json.dumps(OFFLINE_LOST)})",
        timeout=BOOT_TIMEOUT,
    )
    play_a_card(page)
    record = export_record(page)
    assert json.loads(storage(page)["bela.v1.match"])["record"] == json.loads(record)
    assert page.evaluate("Boolean(navigator.serviceWorker.controller)") is False
    page.reload()  # from the network again, with the match, and told again
    wait_ready(page)
    assert export_record(page) == record
    page.wait_for_function(
        f"document.querySelector('[data-notice]').textContent.includes({json.dumps(OFFLINE_LOST)})",
        timeout=BOOT_TIMEOUT,
    )
    play_a_card(page)
