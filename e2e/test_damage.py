"""A start that never flickers (issue 32): every file of the service worker's cache damaged in
turn, after a first visit that played a card. Each start either goes from "loading" to "ready"
and never shows an error (a file the game can start without: the update notice, an icon, a
part of PyScript the game does not use), or shows its error screen, Repair visible at the
moment ``data-app-state`` says "error", and stays there; Repair then brings the saved match
back (ui-contract.md, Repair).

The page's own record of its states (an init script) says what happened in between, so a
flicker (an error screen, then "ready") fails the test whatever the timing."""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page

from e2e.conftest import DESKTOP, SITE, SUB_PATH, PagesServer, Watch
from e2e.game import BOOT_TIMEOUT, wait_ready
from e2e.test_deals import export_record
from e2e.test_offline import precached, wait_until_cached
from e2e.test_repair import DAMAGE_JS, FAILED_TIMEOUT, SAVES_JS, came_back, expect_failure, played
from e2e.test_update import second_build

# every state the page takes, in order; an error with whether Repair is visible at that moment
STATES_INIT = """addEventListener("DOMContentLoaded", () => {
  const state = () => {
    const now = document.body.dataset.appState;
    const repair = document.querySelector('[data-action="repair"]');
    return now === "error" && !(repair && repair.checkVisibility()) ? "error without repair" : now;
  };
  const seen = (window.belaStates = [state()]);
  new MutationObserver(() => seen.push(state())).observe(document.body, {
    attributes: true,
    attributeFilter: ["data-app-state"],
  });
});"""
# the start has ended: an error, or ready with the game's files unpacked (the page unpacks them
# once it is ready, on a later visit: pyodide-boot.mjs)
SETTLED_JS = """() => {
  const state = document.body.dataset.appState;
  const unpacked = performance.getEntriesByName("bela:files-unpacked").length > 0;
  return state === "error" || (state === "ready" && unpacked);
}"""
# a file's sound copy kept aside (in a cache of the test's own), and put back
KEEP_JS = """async (name) => {
  const aside = await caches.open("e2e sound copies");
  for (const c of await caches.keys()) {
    if (!c.startsWith("bela ")) continue;
    const cache = await caches.open(c);
    for (const request of await cache.keys()) {
      if (!request.url.split("?")[0].endsWith("/" + name)) continue;
      await aside.put(request, await cache.match(request));
    }
  }
}"""
RESTORE_JS = """async () => {
  const aside = await caches.open("e2e sound copies");
  for (const c of await caches.keys()) {
    if (!c.startsWith("bela ")) continue;
    const cache = await caches.open(c);
    for (const request of await aside.keys()) await cache.put(request, await aside.match(request));
  }
  await caches.delete("e2e sound copies");
}"""
# the names the service worker keeps the build's files under (its .gz files unzipped: sw.js)
KEPT = sorted(name.removesuffix(".gz") if name.endswith(".gz") else name for name in precached(SITE))
GROUPS = 2  # run side by side under pytest-xdist
# read at every start without a request: the page itself, and what the page reads straight from
# the cache (the files kept unzipped: pyodide-boot.mjs)
ALWAYS_READ = {"index.html"} | {n.removesuffix(".gz") for n in precached(SITE) if n.endswith(".gz")}
ALL_RUN = ["loading", "ready"]
# a final error: before the page was parsed, while it started, or found once it was ready (the
# game's files, unpacked then on a later visit: pyodide-boot.mjs)
FINAL_ERRORS = (["error"], ["loading", "error"], ["loading", "ready", "error"])


def start_damaged(page: Page, names: list[str]) -> tuple[Page, list[str], set[str]]:
    """Damage ``names`` in the cache (their sound copies kept), close ``page`` and start the
    game in a new one (a reload may take a module from the page's memory: Chromium does); that
    page, the states it took until the start ended, and the kept names it asked for."""
    for name in names:
        page.evaluate(KEEP_JS, name)
        assert page.evaluate(DAMAGE_JS, name), f"{name} is not in the cache"
    address = page.url
    later = page.context.new_page()
    asked: set[str] = set()
    later.on("request", lambda r: asked.add(r.url.split("?")[0]))
    page.close()
    later.goto(address)
    later.wait_for_function(SETTLED_JS, timeout=FAILED_TIMEOUT)
    later.wait_for_load_state("networkidle")  # what the page still had to do after it settled
    states: list[str] = later.evaluate("window.belaStates")
    requested = {name for name in KEPT if any(url.endswith("/" + name) for url in asked)}
    return later, states, requested | ALWAYS_READ


def repaired(page: Page, record: str, saves: dict[str, str], watch: Watch) -> tuple[str, dict[str, str]]:
    """Repair clicked on a failed start: the match comes back and plays (came_back), and the
    service worker keeps the build again; the record and saves then."""
    assert page.evaluate(SAVES_JS) == saves, "a failed start changed a save"
    page.evaluate("caches.delete('e2e sound copies')")
    with page.expect_navigation(timeout=FAILED_TIMEOUT):
        page.locator('[data-action="repair"]').click()
    came_back(page, record, saves, watch)  # it plays a card: the saves move on
    wait_until_cached(page)
    return export_record(page), page.evaluate(SAVES_JS)


@pytest.mark.parametrize("group", range(GROUPS))
def test_each_damaged_file_starts_or_fails_for_good_with_repair(
    group: int, pages: PagesServer, pages_watch: Watch, new_context: Callable[..., BrowserContext]
) -> None:
    """The files a later visit asks for, damaged one at a time; the others (what the game never
    reads at start: icons, parts of PyScript), damaged all at once, start it."""
    context = pages_watch.attach(new_context(viewport=DESKTOP))
    context.add_init_script(STATES_INIT)
    page = context.new_page()
    record, saves = played(page, pages.url)
    page, states, read = start_damaged(page, [])
    assert states == ALL_RUN
    assert {"assets/pyodide-boot.mjs", "assets/bot-worker.js", "vendor/pyscript/core.js"} <= read
    mine = KEPT[group::GROUPS]
    unread = [name for name in mine if name not in read]
    expect_failure(pages_watch)
    page, states, _ = start_damaged(page, unread)
    assert states == ALL_RUN, unread
    page.evaluate(RESTORE_JS)
    outcomes: dict[str, str] = {}
    for name in sorted(read & set(mine)):
        expect_failure(pages_watch)
        page, states, _ = start_damaged(page, [name])
        pages_watch.csp.clear()  # what the damaged bytes did, and the policy blocked
        outcomes[name] = "starts" if states == ALL_RUN else f"fails {states}"
        if states == ALL_RUN:
            assert export_record(page) == record, name
            page.evaluate(RESTORE_JS)
        else:
            assert states in FINAL_ERRORS, name
            record, saves = repaired(page, record, saves, pages_watch)
        pages_watch.allowed_errors.clear()
    print(f"group {group}, damaged at once: {unread}; one by one: {outcomes}")
    # the game cannot start without its Python, its runtime or its boot; the update notice and
    # the page itself (fetched again: sw.js) do not stop it
    for needed in ("app.zip", "assets/pyodide-boot.mjs", "vendor/pyodide/pyodide.asm.wasm"):
        assert outcomes.get(needed, "fails").startswith("fails"), needed
    for spare in ("assets/updates.mjs", "index.html"):
        assert outcomes.get(spare, "starts") == "starts", spare


def test_a_failure_found_before_python_is_ready_stays(
    pages: PagesServer, pages_watch: Watch, new_context: Callable[..., BrowserContext]
) -> None:
    """The flaky order of issue 32, made certain: the game's files found damaged while Python
    still starts (the page unpacks them when idle: at once here) fail the start, and Python's
    start, ending after it, leaves the error screen (it made the page "ready" then)."""
    context = pages_watch.attach(new_context(viewport=DESKTOP))
    context.add_init_script(STATES_INIT)
    page = context.new_page()
    record, saves = played(page, pages.url)
    context.add_init_script("window.requestIdleCallback = (run) => setTimeout(run, 0);")
    expect_failure(pages_watch)
    page, _, _ = start_damaged(page, ["app.zip"])
    page.wait_for_function("performance.getEntriesByName('bela:ready').length > 0", timeout=BOOT_TIMEOUT)
    assert page.evaluate("window.belaStates") == ["loading", "error"]
    repaired(page, record, saves, pages_watch)


def test_the_update_notice_damaged_costs_nothing_and_is_fetched_again(
    pages: PagesServer, pages_watch: Watch, new_context: Callable[..., BrowserContext]
) -> None:
    """A damaged updates.mjs: the game starts (no error on the way), the damaged copy leaves
    the cache, and the next start has its update notice again."""
    context = pages_watch.attach(new_context(viewport=DESKTOP))
    context.add_init_script(STATES_INIT)
    page = context.new_page()
    record, _ = played(page, pages.url)
    pages_watch.allow_error("SyntaxError")
    page, states, _ = start_damaged(page, ["assets/updates.mjs"])
    assert states == ["loading", "ready"]
    assert page.evaluate("typeof globalThis.belaUpdate") == "undefined"
    assert export_record(page) == record
    later = context.new_page()  # the next visit
    later.goto(page.url)
    page.close()
    wait_ready(later)
    assert later.evaluate("typeof globalThis.belaUpdate") == "object"
    sound = (SITE / "assets" / "updates.mjs").read_text(encoding="utf-8")
    assert later.evaluate("fetch('assets/updates.mjs').then((r) => r.text())") == sound


# the SHA-256 (hex) of each file the cache of ``version`` keeps under the names given
KEPT_SHA_JS = """async ([version, names]) => {
  const cache = await caches.open(version);
  const found = {};
  for (const request of await cache.keys()) {
    const name = names.find((n) => request.url.split("?")[0].endsWith("/" + n));
    if (!name) continue;
    const bytes = await (await cache.match(request)).arrayBuffer();
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    found[name] = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  }
  return found;
}"""


def test_a_damaged_copy_is_not_carried_into_the_next_build(
    pages: PagesServer, pages_watch: Watch, new_context: Callable[..., BrowserContext], tmp_path: Path
) -> None:
    """A file damaged in the cache that the next build has unchanged is fetched again by that
    build's service worker, not copied from the old cache (a file kept unzipped too)."""
    first = tmp_path / "first"
    shutil.copytree(SITE, first)
    pages.folder = first
    page = pages_watch.attach(new_context(viewport=DESKTOP)).new_page()
    played(page, pages.url)
    names = ["app.zip", "assets/cards.svg", "icons/icon.svg"]
    for name in names[:2]:  # the third stays sound: copied from the old cache
        assert page.evaluate(DAMAGE_JS, name), name
    version = second_build(first, tmp_path / "second")
    pages.folder = tmp_path / "second"
    deployed = len(pages.asked)
    page.evaluate("belaUpdate.check()")
    page.wait_for_function("globalThis.belaUpdate.ready", timeout=BOOT_TIMEOUT)
    kept = page.evaluate(KEPT_SHA_JS, [f"bela {SUB_PATH} {version}", names])
    assert kept == {name: hashlib.sha256((SITE / name).read_bytes()).hexdigest() for name in names}
    asked = sorted(set(pages.asked[deployed:]))
    assert asked == [SUB_PATH + p for p in ("app.zip.gz", "assets/cards.svg", "index.html", "sw.js")]
