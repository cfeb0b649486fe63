"""Updates: a new build deployed while a match is on is announced in [data-notice] with a reload,
and the match goes on in the new build; older saved values are brought up to date."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext

from e2e.conftest import DESKTOP, SITE, SUB_PATH, PagesServer, Watch
from e2e.game import BOOT_TIMEOUT, open_game, play_until, snapshot, wait_for_human, wait_ready
from e2e.test_deals import export_record
from e2e.test_i18n import choose, close, open_from_menu
from e2e.test_offline import wait_until_cached
from scripts.build import precache
from web import storage

UPDATE_BUTTON = '[data-notice] [data-action="update"]'
SECOND = 'meta[name="bela-build"][content="second"]'


def second_build(first: Path, second: Path) -> str:
    """``first`` with a changed index.html, its service worker written again as make site
    writes it; the new version."""
    shutil.copytree(first, second)
    index = second / "index.html"
    html = index.read_text(encoding="utf-8")
    assert html.count("<head>") == 1
    index.write_text(html.replace("<head>", '<head>\n<meta name="bela-build" content="second">'), "utf-8")
    files = [p.relative_to(second) for p in second.rglob("*") if p.is_file()]
    text, version = precache.service_worker(precache.precache(second, files), second)
    (second / "sw.js").write_text(text, encoding="utf-8")
    return version


def test_a_new_build_is_announced_and_the_match_goes_on(
    pages: PagesServer, pages_watch: Watch, new_context: Callable[..., BrowserContext], tmp_path: Path
) -> None:
    first = tmp_path / "first"
    shutil.copytree(SITE, first)
    pages.folder = first
    page = pages_watch.attach(new_context(viewport=DESKTOP)).new_page()
    open_game(page, pages.url, seed=31, speed="instant", target=501, lang="en")
    wait_until_cached(page)
    # the second hand, a trick on the table, points on the sheet
    before = play_until(page, "s.rows.length > 0 && s.trick.length > 0 && s.playable.length > 0")
    record = export_record(page)
    assert before["notice"] == ""

    version = second_build(first, tmp_path / "second")
    pages.folder = tmp_path / "second"  # deployed
    deployed = len(pages.asked)
    page.evaluate("belaUpdate.check()")  # what the page does every half hour and when it is shown again
    page.wait_for_selector(UPDATE_BUTTON, timeout=BOOT_TIMEOUT)
    assert "new version" in snapshot(page)["notice"]
    # the new worker and the one file that changed: the others come from the old cache
    assert sorted(set(pages.asked[deployed:])) == [SUB_PATH + "index.html", SUB_PATH + "sw.js"]

    page.reload()  # a plain reload stays with the running build, and says so again
    wait_ready(page)
    page.wait_for_selector(UPDATE_BUTTON, timeout=BOOT_TIMEOUT)
    assert page.locator(SECOND).count() == 0

    # the notice follows a change of language, and keeps its reload button
    open_from_menu(page, "#open-settings", "#dlg-settings")
    choose(page, "lang", "hr")
    assert "nova inačica" in snapshot(page)["notice"]
    assert page.text_content(UPDATE_BUTTON) == "Osvježi"
    choose(page, "lang", "en")
    close(page, "#dlg-settings")
    assert "new version" in snapshot(page)["notice"]

    with page.expect_navigation(timeout=BOOT_TIMEOUT):
        page.click(UPDATE_BUTTON)
    wait_ready(page)
    assert page.locator(SECOND).count() == 1  # the new build runs
    kind = wait_for_human(page)
    after: dict[str, Any] = {**snapshot(page), "kind": kind}
    assert after == before  # same hand, same cards, same scores, no notice left
    assert export_record(page) == record
    assert page.evaluate("caches.keys()") == [f"bela {SUB_PATH} {version}"]  # the old cache is gone


def test_an_older_save_is_brought_up_or_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    older = json.dumps({"app": "bela", "kind": "match", "v": 1, "record": {}})
    monkeypatch.setattr(storage, "VERSION", 2)
    monkeypatch.setattr(storage, "MIGRATIONS", {1: lambda kind, data: {**data, "levels": kind}})
    migrated = {"app": "bela", "kind": "match", "v": 2, "record": {}, "levels": "match"}
    assert storage.unwrap(older, "match") == migrated
    assert storage.MATCH_KEY == "bela.v1.match"  # where the older page saved it

    def unusable(kind: str, data: dict[str, Any]) -> dict[str, Any]:
        return {"record": data["missing"]}

    for steps in ({}, {1: unusable}):
        monkeypatch.setattr(storage, "MIGRATIONS", steps)
        with pytest.raises(storage.SaveError) as refused:
            storage.unwrap(older, "match")
        assert refused.value.kind == "corrupt"  # the page's notice, a fresh match (test_storage)
