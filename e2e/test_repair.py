"""Never stuck (issue 25, ui-contract.md "Repair"): a file of the service worker's cache damaged
after it was installed (a script, the game's Python, Pyodide's runtime) makes the start fail,
by an error (a damaged pyodide.asm.wasm too: pyodide-boot.mjs) or by a step that never ends; the error
screen then offers Repair, which removes this site's service worker and caches and loads the
page from the network: it starts again with the match and the statistics as they were
(e2e/test_damage.py damages each file in turn and repairs). A second failed start in a row
repairs by itself."""

from __future__ import annotations

import json
from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page

from e2e.conftest import DESKTOP, PagesServer, Watch
from e2e.game import BOOT_TIMEOUT, open_game, wait_ready
from e2e.test_deals import export_record
from e2e.test_offline import play_a_card, wait_until_cached

# every byte in 997 flipped, in the cache entry whose URL ends with the name given; the
# response keeps its headers (its type)
DAMAGE_JS = """async (name) => {
  for (const c of await caches.keys()) {
    const cache = await caches.open(c);
    for (const request of await cache.keys()) {
      if (!request.url.split("?")[0].endsWith("/" + name)) continue;
      const kept = await cache.match(request);
      const body = new Uint8Array(await kept.clone().arrayBuffer());
      for (let i = 100; i < body.length; i += 997) body[i] ^= 0x5a;
      await cache.put(request, new Response(body, { headers: kept.headers }));
      return request.url;
    }
  }
  return null;
}"""
SAVES_JS = "() => Object.fromEntries(Object.entries(localStorage).filter(([k]) => k.startsWith('bela.v1.')))"
ERROR = 'body[data-app-state="error"]'
# a step without progress fails the start after 45 s under the service worker (index.html)
FAILED_TIMEOUT = 45_000 + BOOT_TIMEOUT


def expect_failure(watch: Watch) -> None:
    """A failed start reports errors in the console: the ones this test provokes."""
    for fragment in (
        "could not start",
        "Bela",
        "SyntaxError",
        "Unexpected",
        "invalid",
        "Failed to",
        "Error",
        "error",
    ):
        watch.allow_error(fragment)


def played(page: Page, url: str) -> tuple[str, dict[str, str]]:
    """A first visit, a card played, the build cached: the record and the saves."""
    open_game(page, url, seed=8, speed="instant", lang="en")
    play_a_card(page)
    wait_until_cached(page)
    saves: dict[str, str] = page.evaluate(SAVES_JS)
    assert {"bela.v1.match", "bela.v1.stats"} <= set(saves)
    return export_record(page), saves


def damage(page: Page, name: str) -> None:
    assert page.evaluate(DAMAGE_JS, name), f"{name} is not in the cache"


def came_back(page: Page, record: str, saves: dict[str, str], watch: Watch) -> None:
    """The page started from the network with the match and statistics as they were, and no
    error from then on."""
    wait_ready(page)
    watch.allowed_errors.clear()
    assert page.evaluate("document.body.dataset.boot") == "boot"
    assert export_record(page) == record
    after: dict[str, str] = page.evaluate(SAVES_JS)
    assert json.loads(after["bela.v1.stats"]) == json.loads(saves["bela.v1.stats"])
    assert json.loads(after["bela.v1.match"]) == json.loads(saves["bela.v1.match"])
    assert page.evaluate("localStorage.getItem('bela.boot-failures')") is None
    play_a_card(page)  # and it plays


def test_a_second_failed_start_in_a_row_repairs_by_itself(
    pages: PagesServer, pages_watch: Watch, new_context: Callable[..., BrowserContext]
) -> None:
    context = pages_watch.attach(new_context(viewport=DESKTOP))
    page = context.new_page()
    record, saves = played(page, pages.url)
    damage(page, "assets/pyodide-boot.mjs")
    expect_failure(pages_watch)
    page.reload()
    page.wait_for_selector(ERROR, state="attached", timeout=FAILED_TIMEOUT)
    # the player reloads instead of repairing: the second failure repairs, and the page
    # loaded again from the network starts
    with page.expect_navigation(timeout=FAILED_TIMEOUT):
        page.reload()
    came_back(page, record, saves, pages_watch)


def test_a_damaged_snapshot_reader_costs_only_its_speed(
    pages: PagesServer, pages_watch: Watch, new_context: Callable[..., BrowserContext]
) -> None:
    """The worker that reads the snapshot off the main thread cannot run: the page reads the
    snapshot itself, and the start neither fails nor shows an error on the way."""
    context = pages_watch.attach(new_context(viewport=DESKTOP))
    page = context.new_page()
    record, saves = played(page, pages.url)
    damage(page, "assets/snapshot-reader.js")
    context.add_init_script(
        "addEventListener('DOMContentLoaded', () => new MutationObserver(() => {"
        " if (document.body.dataset.appState === 'error') window.belaSawError = true;"
        "}).observe(document.body, {attributes: true}))"
    )
    page.reload()
    wait_ready(page)
    assert page.evaluate("window.belaSawError") is None
    assert page.evaluate("document.body.dataset.boot") == "snapshot"
    assert export_record(page) == record
    assert page.evaluate(SAVES_JS)["bela.v1.stats"] == saves["bela.v1.stats"]
    play_a_card(page)
