"""Start-up from the memory snapshot (issue 11): a first visit boots Pyodide and the service
worker then stores the build's snapshot; a later visit restores the page and the bots' worker
from it (``data-boot="snapshot"``). A snapshot removed, damaged or of another build gives a
normal boot (``data-boot="boot"``), a console note, and the game plays as ever."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Page

from e2e.conftest import DESKTOP, ROOT, SITE, PagesServer, Watch
from e2e.game import MOVE_TIMEOUT, open_game, snapshot, wait_ready
from e2e.test_offline import play_a_card, wait_until_cached
from scripts.build import precache, site_files, stdlib

BOOTED = "() => document.body.dataset.boot"
BOTS = "() => globalThis.belaBotsStart && globalThis.belaBotsStart.boot"
UNPACKED = """async () => (await globalThis.belaPyodide).runPython(
  "import os; all(os.path.isfile('/home/pyodide/' + f) for f in ('bela/cards.py', 'web/i18n/hr.json'))")"""

# what a test does to the cached snapshot before the later visit
DAMAGE_JS = """async (how) => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (!/\\/snapshot-\\w+(\\.gz)?\\?/.test(request.url)) continue;
      const kept = new Uint8Array(await (await cache.match(request)).arrayBuffer());
      let body = null;
      if (how === "garbage") body = new Uint8Array(4096).map((_, i) => (i * 7919) % 251);
      if (how === "truncated") body = kept.slice(0, kept.length >> 1);
      if (how === "flipped") {
        body = kept.slice();
        for (let i = 4096; i < body.length; i += 4096) body[i] ^= 0x5a;
      }
      if (body === null) await cache.delete(request);
      else await cache.put(request, new Response(body));
      return request.url;
    }
  }
  return null;
}"""


RESOURCES = "() => performance.getEntriesByType('resource').map((e) => e.name.split('?')[0])"
# the names the service worker's caches keep, relative to the site's folder
CACHED_NAMES = """async () => {
  const names = [];
  const scope = (await navigator.serviceWorker.ready).scope;
  for (const cache of await caches.keys()) {
    for (const request of await (await caches.open(cache)).keys()) {
      names.push(request.url.split("?")[0].slice(scope.length));
    }
  }
  return names;
}"""


def snapshot_file(site: Path) -> Path:
    found = sorted(site.glob("snapshot-*.gz"))
    assert len(found) == 1, found
    return found[0]


def first_then_later_visit(page: Page, url: str) -> None:
    """A first visit (it boots), the service worker's precache, then a later visit."""
    open_game(page, url, seed=8, speed="instant", lang="en")
    assert page.evaluate(BOOTED) == "boot"
    wait_until_cached(page)


def notes(context: BrowserContext) -> list[str]:
    seen: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type in ("warning", "info"):
            seen.append(message.text)

    context.on("console", on_console)
    return seen


def test_the_snapshot_is_built_named_by_its_content_and_precached() -> None:
    found = snapshot_file(SITE)
    ident = re.fullmatch(r"snapshot-(\w{16})\.gz", found.name)
    assert ident, found.name
    assert found.read_bytes()[:2] == b"\x1f\x8b"
    boot = (SITE / "assets" / "pyodide-boot.mjs").read_text(encoding="utf-8")
    assert f'SNAPSHOT_ID = "{ident.group(1)}"' in boot
    sw = (SITE / "sw.js").read_text(encoding="utf-8")
    assert f'"{found.name}"' in sw
    # the page fetches Pyodide's big files gzipped: only those are precached, not the originals
    # (named in sw.js only as what the worker keeps them unzipped as, with their hash)
    for name in site_files.GZIPPED:
        assert f'["vendor/pyodide/{name}.gz", ' in sw
        assert f'["vendor/pyodide/{name}", ' not in sw
        assert f'"vendor/pyodide/{name}": "sha256-' in sw


def test_a_later_visit_starts_from_the_snapshot_and_plays(
    pages: PagesServer, pages_watch: Watch, new_context: Callable[..., BrowserContext]
) -> None:
    context = pages_watch.attach(new_context(viewport=DESKTOP))
    seen = notes(context)
    page = context.new_page()
    first_then_later_visit(page, pages.url)
    page.reload(wait_until="domcontentloaded")
    assert page.get_attribute("#boot-progress", "hidden") is not None  # too fast to need one
    wait_ready(page)
    assert page.evaluate(BOOTED) == "snapshot"
    # the game's files are unpacked after ready: its words come from the catalogs held in the
    # snapshot, and the files are there once the page is idle
    english = json.loads((ROOT / "web" / "i18n" / "en.json").read_text(encoding="utf-8"))
    assert page.text_content("#restart") == english["action.restart"]
    page.wait_for_function(UNPACKED, timeout=MOVE_TIMEOUT)
    # the bots' worker too, started once the page is ready
    page.wait_for_function(BOTS, timeout=MOVE_TIMEOUT)
    assert page.evaluate(BOTS) == "snapshot"
    play_a_card(page)
    assert "main thread" not in snapshot(page)["notice"]
    assert not [n for n in seen if "snapshot" in n], seen
    # the service worker keeps Pyodide's files unzipped under their own names, and this visit
    # asked for those (never the .gz copies); the snapshot was read from the cache, not fetched
    asked = page.evaluate(RESOURCES)
    for name in site_files.GZIPPED:
        assert any(u.endswith(f"/vendor/pyodide/{name}") for u in asked), (name, asked)
        assert not any(f"/vendor/pyodide/{name}.gz" in u for u in asked), (name, asked)
    assert not [u for u in asked if re.search(r"/snapshot-[0-9a-f]{16}", u)], asked
    # the standard library the snapshot was made with, from the cache; never Pyodide's full one
    assert any(u.endswith(f"/vendor/pyodide/{stdlib.NAME}") for u in asked), asked
    assert not any(u.endswith("/python_stdlib.zip") for u in asked), asked
    kept = page.evaluate(CACHED_NAMES)
    assert {f"vendor/pyodide/{name}" for name in (*site_files.GZIPPED, stdlib.NAME)} <= set(kept), kept
    assert site_files.FULL_STDLIB not in kept, kept
    assert [k for k in kept if re.fullmatch(r"snapshot-\w{16}", k)], kept


@pytest.mark.parametrize("how", ["removed", "garbage", "truncated", "flipped"])
def test_a_bad_snapshot_gives_a_normal_start(
    how: str, pages: PagesServer, pages_watch: Watch, new_context: Callable[..., BrowserContext]
) -> None:
    context = pages_watch.attach(new_context(viewport=DESKTOP))
    seen = notes(context)
    page = context.new_page()
    first_then_later_visit(page, pages.url)
    assert page.evaluate(DAMAGE_JS, how)
    page.reload()
    wait_ready(page)
    assert page.evaluate(BOOTED) == "boot"
    page.wait_for_function(BOTS, timeout=MOVE_TIMEOUT)
    assert page.evaluate(BOTS) == "boot"
    play_a_card(page)
    if how != "removed":  # a note says why (page and worker), nothing else
        assert [n for n in seen if "snapshot could not be used" in n], seen


def another_build(first: Path, second: Path) -> None:
    """``first``, but its page expects a snapshot of another id (the one it holds is renamed
    to that id, as if a stale snapshot were served), its service worker written again."""
    shutil.copytree(first, second)
    old = snapshot_file(second)
    ident = old.name.removeprefix("snapshot-").removesuffix(".gz")
    other = "0123456789abcdef"
    old.rename(second / f"snapshot-{other}.gz")
    boot = second / "assets" / "pyodide-boot.mjs"
    boot.write_text(boot.read_text(encoding="utf-8").replace(ident, other), encoding="utf-8")
    files = [p.relative_to(second) for p in second.rglob("*") if p.is_file()]
    text, _ = precache.service_worker(precache.precache(second, files), second)
    (second / "sw.js").write_text(text, encoding="utf-8")


def test_a_snapshot_of_another_build_is_not_used(
    pages: PagesServer,
    pages_watch: Watch,
    new_context: Callable[..., BrowserContext],
    tmp_path: Path,
) -> None:
    another_build(SITE, tmp_path / "other")
    pages.folder = tmp_path / "other"
    context = pages_watch.attach(new_context(viewport=DESKTOP))
    seen = notes(context)
    page = context.new_page()
    first_then_later_visit(page, pages.url)
    page.reload()
    wait_ready(page)
    assert page.evaluate(BOOTED) == "boot"
    play_a_card(page)
    assert [n for n in seen if "another build" in n], seen
