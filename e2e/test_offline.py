"""Offline: the service worker precaches the whole build (runtime included), so that after one
visit under a sub-path (as GitHub Pages serves the site) a reload and a new tab start and play
with the network off, the computer players (their worker and its own Pyodide) included."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Page

from e2e.conftest import DESKTOP, SITE, SUB_PATH, PagesServer, Watch
from e2e.game import BOOT_TIMEOUT, human_step, open_game, play_until, snapshot, wait_for_human, wait_ready
from scripts.build import precache, rooms, site_files, stdlib

# the service worker's install (the precache) done and its activation too, or an error
WORKER_READY_JS = """(ms) => Promise.race([
  navigator.serviceWorker.ready.then((r) => r.active.state === "activated" || new Promise((done) =>
    r.active.addEventListener("statechange", () => r.active.state === "activated" && done(true)))),
  new Promise((_, fail) => setTimeout(() => fail(new Error("no active service worker")), ms)),
])"""


def precached(site: Path) -> dict[str, str]:
    """The files the built service worker precaches: path -> SRI hash."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    listing = re.search(r"const FILES = (\[.*?\n\]);", text, re.S)
    assert listing, "sw.js has no file list"
    return dict(json.loads(re.sub(r",\n\]$", "\n]", listing.group(1))))


def version_of(site: Path) -> str:
    found = re.search(r'const VERSION = "(\w+)";', (site / "sw.js").read_text(encoding="utf-8"))
    assert found, "sw.js has no version"
    return found.group(1)


def wait_until_cached(page: Page) -> None:
    """Wait until the page's service worker has precached the build and is active."""
    assert page.evaluate(WORKER_READY_JS, BOOT_TIMEOUT) is True


def play_a_card(page: Page) -> None:
    """Play one card as the human and wait until the computer players have answered."""
    before = play_until(page, "s.playable.length > 0")
    assert human_step(page) == "play"
    wait_for_human(page)
    after = snapshot(page)
    assert len(after["hand"]) == len(before["hand"]) - 1
    assert after["hand"] != before["hand"]


def test_the_service_worker_precaches_every_file_of_the_build() -> None:
    files = {p.relative_to(SITE).as_posix() for p in SITE.rglob("*") if p.is_file()}
    listed = precached(SITE)
    assert set(listed) == {f for f in files if not precache.not_precached(f)}
    originals = {f"vendor/pyodide/{n}" for n in site_files.GZIPPED} | {site_files.APP_ARCHIVE}
    originals |= {f"vendor/pyodide/{stdlib.NAME}"}
    # Pyodide's full standard library: only fetched if a module is missing (web/fallback.py)
    # the rooms' module (fetched once a room of friends is opened) and the manifest's screenshots
    # (only an install dialog shows them) are not the game's to start offline
    later = {rooms.MODULE, "screenshots/narrow.jpg", "screenshots/wide.jpg"}
    assert files - set(listed) == {"sw.js", ".nojekyll", site_files.FULL_STDLIB} | originals | later
    assert f"vendor/pyodide/{stdlib.NAME}.gz" in listed
    snapshots = [f for f in listed if f.startswith("snapshot-")]
    assert len(snapshots) == 1, snapshots
    for needed in ("index.html", "app.zip.gz", "assets/bot-worker.js", "vendor/pyodide/pyodide.asm.wasm.gz"):
        assert needed in listed
    for rel, hashed in listed.items():
        assert hashed == precache.sri((SITE / rel).read_bytes()), rel
    assert version_of(SITE) == precache.service_worker(sorted(listed.items()))[1]


@pytest.mark.xdist_group("build")
def test_the_version_is_the_content(fresh_build: tuple[Path, list[Path]]) -> None:
    """The same sources build the same bytes (the players keep their cache): a build of its own
    and _site/ (make site, from the same sources); a changed file makes a new version."""
    one, _ = fresh_build
    same = (one / "sw.js").read_bytes() == (SITE / "sw.js").read_bytes()
    assert same, "the build differs from _site/: are the sources newer than it (make site)?"
    entries = dict(precached(one))
    entries["assets/style.css"] = precache.sri(b"/* another style */")
    assert precache.service_worker(sorted(entries.items()))[1] != version_of(one)


def test_after_one_visit_it_starts_and_plays_offline(
    pages: PagesServer, pages_watch: Watch, new_context: Callable[..., BrowserContext]
) -> None:
    context = pages_watch.attach(new_context(viewport=DESKTOP))
    warnings: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "warning":
            warnings.append(message.text)

    context.on("console", on_console)
    page = context.new_page()
    open_game(page, pages.url, seed=8, speed="instant", lang="en")
    wait_until_cached(page)

    online = len(pages.asked)
    context.set_offline(True)  # the page's own requests fail...
    pages.offline = True  # ...and so does anything else that would reach the server
    page.reload()
    wait_ready(page)
    play_a_card(page)

    tab = context.new_page()
    open_game(tab, pages.url, speed="instant", lang="en")  # the saved match goes on
    play_a_card(tab)

    # the browser's own update check of sw.js may knock; nothing else may
    asked = [path for path in pages.asked[online:] if path != SUB_PATH + "sw.js"]
    assert not asked, f"asked of the network while offline: {asked}"
    assert not [w for w in warnings if "main thread" in w], warnings  # the bots ran in their worker
    for p in (page, tab):
        assert p.evaluate("Boolean(navigator.serviceWorker.controller)")
        assert "main thread" not in snapshot(p)["notice"]
