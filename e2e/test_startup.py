"""Start-up: the table and a progress indicator from plain HTML at once, then Python."""

from __future__ import annotations

import gzip
import io
import json
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route

from e2e.conftest import ROOT, SITE, SUB_PATH, Watch
from e2e.game import BOOT_TIMEOUT, human_step, open_game, snapshot, url, wait_ready
from scripts.build import app_zip, shipped, site_files, stdlib


def test_table_and_progress_show_before_python(page: Page, site: str) -> None:
    # Python's runtime is held back until the plain page has been looked at: without it the
    # page may already be ready by the time the test looks (a fast machine, a warm disk cache)
    held: list[Route] = []
    released = False

    def hold(route: Route) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)

    page.context.route("**/pyodide.asm.wasm*", hold)
    page.goto(url(site, seed=11, fresh=1, lang="en"), wait_until="commit")
    page.wait_for_selector("#boot", state="visible")
    # before Python: the static table, loading, a visible progress indicator
    assert page.get_attribute("body", "data-app-state") == "loading"
    for seat in "SENW":
        assert page.locator(f'[data-hand="{seat}"]').count() == 1
    assert page.locator("[data-trick]").count() == 1
    assert page.text_content('[data-score="NS"]') == "0"
    released = True
    for route in held:
        route.continue_()
    wait_ready(page)
    assert not page.locator("#boot").is_visible()
    state = snapshot(page)
    # dealt: six cards each, or eight once the bots (deciding on the page while their worker
    # starts) and the human's turn have ended the bidding on a loaded machine
    dealt = len(state["hand"])
    assert dealt in (6, 8)
    assert state["backs"] == {"E": dealt, "N": dealt, "W": dealt}
    assert (state["trump"] == "") == (dealt == 6)
    assert state["dealer"] in "SENW" and state["dealer"]
    assert state["turn"] in "SENW" and state["turn"]
    assert state["score"] == [0, 0]
    assert page.get_attribute("html", "lang") == "en"


def test_works_under_a_sub_path(page: Page, site: str, watch: Watch) -> None:
    open_game(page, site.rstrip("/") + SUB_PATH, seed=3, speed="instant")
    # dealt (the bots, deciding on the page while their worker starts, may have bid already)
    assert len(snapshot(page)["hand"]) in (6, 8)
    assert any(SUB_PATH + "app.zip.gz" in u for u in watch.requests)
    assert not any("/app.zip" in u and SUB_PATH not in u for u in watch.requests)


@pytest.mark.service_worker  # the service worker's requests too
def test_no_request_leaves_the_origin_and_the_runtime_is_ours(page: Page, site: str, watch: Watch) -> None:
    open_game(page, site, seed=5, speed="instant")
    page.wait_for_function("document.documentElement.dataset.turn === 'S' || true")
    page.wait_for_timeout(500)
    loaded = [u for u in watch.requests if u.startswith(site)]
    assert any(u.endswith("vendor/pyodide/pyodide.asm.wasm.gz") for u in loaded)
    # the originals of the gzipped copies are never asked for (a first visit's bytes)
    originals = (*(f"vendor/pyodide/{n}" for n in site_files.GZIPPED), "/app.zip")
    assert "pyodide.asm.wasm" in site_files.GZIPPED
    assert not [u for u in loaded if u.split("?")[0].endswith(originals)]
    # Pyodide's module gzipped too (imported from a blob: URL), never as it is
    assert any(u.endswith("vendor/pyodide/pyodide.asm.mjs.gz") for u in loaded)
    assert not watch.offsite


LOADERS = """async () => (await globalThis.belaPyodide).runPython(`
import json, os, sys
game = {n: m for n, m in list(sys.modules.items())
        if (getattr(m, "__file__", None) or "").startswith(("/home/pyodide/bela/", "/home/pyodide/web/"))}
json.dumps({n: [type(m.__spec__.loader).__name__, os.path.exists(m.__file__)] for n, m in game.items()})
`)"""


def test_a_first_visit_compiles_none_of_the_start_modules(page: Page, site: str) -> None:
    open_game(page, site, seed=5, speed="instant")
    assert page.get_attribute("body", "data-boot") == "boot"
    loaders: dict[str, list[object]] = json.loads(page.evaluate(LOADERS))
    start = shipped.compiled_modules(app_zip._sources(ROOT), (shipped.ENTRY,))
    assert len(start) > 40 and set(start) <= set(loaders)
    # their code came from app.zip's compiled file (web/compiled.py): no source of theirs is there
    assert {name: loaders[name] for name in start} == {name: ["CompiledModules", False] for name in start}
    for kept in shipped.KEPT_AS_SOURCE:
        assert loaders[kept] == ["SourceFileLoader", True]
    # the other modules' file is not read at start (no later module is on its way), and their
    # sources are not in the game's files: the review, once opened, comes from that file
    later = """async () => (await globalThis.belaPyodide).runPython(`
import os
from web import compiled
f = compiled.installed()
[str(f.later), os.path.exists('/home/pyodide/bela/review.py'), 'bela.review' in f.codes]
`).toJs()"""
    assert page.evaluate(later) == ["/home/pyodide/web/compiled-later.marshal", False, False]
    page.evaluate("async () => (await globalThis.belaPyodide).runPython('import bela.review')")
    assert page.evaluate(later) == ["None", False, True]


def test_a_failed_start_says_so(page: Page, site: str, watch: Watch) -> None:
    watch.allow_error("404")
    watch.allow_error("Failed to load resource")
    watch.allow_error("Bela could not start")
    watch.allow_error("PythonError")
    watch.allow_error("app.zip")

    def missing(route: Route) -> None:
        route.fulfill(status=404, body="missing")

    page.route("**/app.zip*", missing)
    page.goto(url(site, seed=1))
    page.wait_for_selector('body[data-app-state="error"]', state="attached", timeout=BOOT_TIMEOUT)
    assert page.locator("#boot-error").is_visible()
    assert (page.text_content("#boot-error") or "").strip()


def test_screenshot_of_loading(page: Page, site: str, shoot: Callable[[Page, str], Path]) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(url(site, seed=2, lang="hr"), wait_until="domcontentloaded")
    shoot(page, "phone-loading")
    wait_ready(page)


def test_without_the_worker_the_bots_play_on_the_main_thread(page: Page, site: str, watch: Watch) -> None:
    watch.allow_error("Failed to load resource")
    watch.allow_error("bot-worker")

    def missing(route: Route) -> None:
        route.fulfill(status=404, body="missing")

    page.route("**/assets/bot-worker.js", missing)
    open_game(page, site, seed=23, speed="instant", lang="en")
    # the computer players still move: the human gets a turn and the bots answer it
    for _ in range(6):
        human_step(page)
    state = snapshot(page)
    assert state["trump"] != "" and len(state["hand"]) < 8


# every change of the progress bar as the page makes it (issue 22)
PROGRESS_JS = """
window.__progress = [];
new MutationObserver(() => {
  const bar = document.getElementById("boot-progress");
  const text = document.querySelector(".boot-text");
  if (bar) window.__progress.push([bar.getAttribute("aria-valuenow"), bar.getAttribute("aria-valuetext"),
                                   text && text.textContent, document.body.dataset.appState]);
}).observe(document, {
  subtree: true, attributes: true, attributeFilter: ["aria-valuenow", "data-app-state"],
});
"""


def test_a_first_visit_shows_its_progress_until_ready(page: Page, site: str, watch: Watch) -> None:
    page.add_init_script(PROGRESS_JS)
    open_game(page, site, seed=5, speed="instant", lang="fr")
    assert page.get_attribute("body", "data-boot") == "boot"
    seen = page.evaluate("window.__progress")
    loading = [int(now) for now, _, _, state in seen if state == "loading"]
    # the bytes fetched of their total, in steps, up to all of them
    assert len(set(loading)) >= 3 and loading == sorted(loading) and loading[-1] == 100, seen
    assert loading[0] < 50, seen
    # then "starting Python", in the page's language, to the screen reader too
    assert [text for now, text, _, _ in seen if now == "100"][-1] == "Démarrage de Python…"
    assert page.get_attribute("#boot-progress", "role") == "progressbar"
    assert page.get_attribute("#boot-progress", "aria-label") == "Chargement…"
    assert not page.locator("#boot-progress").is_visible()  # gone at ready
    # Python's standard library as the game uses it, gzipped: never Pyodide's full one
    assert any(u.endswith("/vendor/pyodide/python_stdlib_game.zip.gz") for u in watch.requests)
    assert not any(u.endswith("/python_stdlib.zip") for u in watch.requests)


def test_a_module_missing_from_the_library_is_fetched_from_the_full_one(
    page: Page, site: str, watch: Watch
) -> None:
    # the game's library without datetime (today's deals import it as the page starts)
    library = SITE / "vendor" / "pyodide" / stdlib.NAME
    raw = io.BytesIO()
    with zipfile.ZipFile(library) as zin, zipfile.ZipFile(raw, "w") as zout:
        for info in zin.infolist():
            if info.filename != "datetime.pyc":
                zout.writestr(info, zin.read(info))
    body = gzip.compress(raw.getvalue())
    page.context.route(f"**/vendor/pyodide/{stdlib.NAME}.gz", lambda route: route.fulfill(body=body))
    notes: list[str] = []
    page.on("console", lambda m: notes.append(m.text))
    watch.allow_error("the standard library lacked datetime")  # PyScript shows Python's stderr so
    open_game(page, site, seed=5, speed="instant")
    assert len(snapshot(page)["hand"]) in (6, 8)
    # the full library was fetched once, and said so
    assert [u for u in watch.requests if u.endswith("/vendor/pyodide/python_stdlib.zip")] != []
    assert any("the full one was fetched" in n for n in notes), notes
