"""Benchmarks in the page's own runtime (Pyodide in headless Chromium); prints JSON.

- boot: a bare Pyodide boot (a tiny page loading the same self-hosted pyodide.mjs, served
  by this script, never part of the site) against the game reaching data-app-state=ready,
  cold (a new browser context: empty caches) and warm (a reload), several runs each,
  interleaved, with the ratio of the medians. Times are from navigation start.
- engine: random legal hands and legal-move generations per second (web/bench.py), in
  Pyodide and in CPython.
- bots: ``bela.bots.timing.decision_times(level, positions, seed)`` in Pyodide.
- main_thread: the longest main-thread task and requestAnimationFrame gap while computer
  players are to act, over a whole match at speed=instant (the human plays via the hooks).
- hint: the time from pressing the Hint button to its highlight on screen (the frame after
  ``[data-hinted]`` is set), at naming trump and at card play, over the human's decisions in
  a few hands of real pages (p50 / p95 / max ms); the first hint of a page, which may wait
  for the bot worker to start, is reported apart.

``run_in_pyodide(code)`` runs Python in the page's runtime (Pyodide with bela and web
loaded) and returns the JSON value of its ``result`` variable; scripts/bench/bench.py and the
bot benchmark use it. ``main()`` is the command line.
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bela import arena
from e2e.browser import SiteServer, StaticHandler

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_site"

BENCH_PREFIX = "/__bench__/"
READY_JS = """
(() => {
  const mark = () => {
    if (document.body && document.body.dataset.appState === "ready" && window.__readyAt === undefined) {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(mark).observe(
    document, {subtree: true, attributes: true, attributeFilter: ["data-app-state"]});
})();
"""

BARE_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare Pyodide</title><link rel="icon" href="data:,"></head>
<body data-app-state="loading"><script type="module">
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: new URL("../vendor/pyodide/", import.meta.url).href });
pyodide.runPython("import sys");
document.body.dataset.appState = "ready";
</script></body></html>
"""

# Pyodide with the game's Python, as the bot worker has it; window.runPy(code) -> JSON text.
RUN_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><title>Pyodide runner</title><link rel="icon" href="data:,"></head>
<body data-app-state="loading"><script type="module">
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
const base = new URL("../", import.meta.url);
const [pyodide, zip] = await Promise.all([
  loadPyodide({
    indexURL: new URL("vendor/pyodide/", base).href,
    stdLibURL: new URL("vendor/pyodide/python_stdlib_game.zip", base).href,
  }),
  fetch(new URL("app.zip", base)).then((r) => r.arrayBuffer()),
]);
// where the page and the bots' worker write it (pyodide-boot.mjs's HOME: the compiled modules'
// packages look for their other modules there), and its compiled modules found as they find them
pyodide.unpackArchive(zip, "zip", { extractDir: "/home/pyodide" });
pyodide.runPython("import sys; '/home/pyodide' in sys.path or sys.path.insert(0, '/home/pyodide')");
pyodide.pyimport("web.compiled").install();
window.runPy = (code) => {
  const scope = pyodide.toPy({});
  pyodide.runPython(code, { globals: scope });
  pyodide.runPython("import json", { globals: scope });
  return pyodide.runPython("json.dumps(globals().get('result'))", { globals: scope });
};
document.body.dataset.appState = "ready";
</script></body></html>
"""

# the main thread's long tasks, [start, duration] in window.__long (an init script; the page
# benchmarks of the review and of today's deals use it too)
LONG_JS = """
(() => {
  window.__long = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (e) {}
})();
"""

MONITOR_JS = """
(() => {
  window.__turns = [[0, ""]];
  window.__gaps = [];
  new MutationObserver(() => {
    const turn = document.documentElement.getAttribute("data-turn") || "";
    if (window.__turns[window.__turns.length - 1][1] !== turn) window.__turns.push([performance.now(), turn]);
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-turn"] });
  let last = performance.now();
  const frame = (now) => {
    window.__gaps.push([last, now - last]);
    last = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
"""


SUB_PATH = "/bela/"


class _Handler(StaticHandler):
    pages = {BENCH_PREFIX + "bare.html": BARE_HTML, BENCH_PREFIX + "run.html": RUN_HTML}  # noqa: RUF012

    def translate_path(self, path: str) -> str:
        """The site at / and at /bela/ too (as GitHub Pages serves a project at /REPO/)."""
        if path.startswith(SUB_PATH):
            path = "/" + path[len(SUB_PATH) :]
        return super().translate_path(path)

    def do_GET(self) -> None:
        path = self.path.split("?")[0]
        page = self.pages.get(path)
        if page is None:
            super().do_GET()
            return
        body = page.encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@contextmanager
def serve(site: Path = SITE) -> Iterator[str]:
    """Serve ``site`` (plus this script's pages under /__bench__/) on a free local port."""
    if not (site / "index.html").exists():
        raise SystemExit(f"{site} is not built: run `make site`")
    server = SiteServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    from e2e.browser import find_chromium, launch_args

    try:
        path = find_chromium()
    except LookupError as e:
        raise SystemExit(str(e)) from None
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=launch_args(), headless=True)
        try:
            yield b
        finally:
            b.close()


def _ready_ms(page: Any, timeout: float = 120_000) -> float:
    page.wait_for_function("window.__readyAt !== undefined", timeout=timeout)
    return float(page.evaluate("window.__readyAt"))


def measure_boot(runs: int = 7) -> dict[str, Any]:
    """Bare Pyodide against the game, cold and warm, ``runs`` times each, interleaved."""
    times: dict[str, dict[str, list[float]]] = {k: {"cold": [], "warm": []} for k in ("bare", "page")}
    with serve() as base, browser() as b:
        targets = {
            "bare": base + BENCH_PREFIX.lstrip("/") + "bare.html",
            "page": base + "?speed=instant&fresh=1",
        }

        def once(url: str) -> tuple[float, float]:
            context = b.new_context()
            context.add_init_script(READY_JS)
            page = context.new_page()
            page.goto(url)
            cold = _ready_ms(page)
            if url == targets["page"]:
                # warm is a later visit: the game's service worker, registered once the page is
                # ready, has stored the game and controls the page (bare Pyodide has none)
                page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
            page.reload()
            warm = _ready_ms(page)
            context.close()
            return cold, warm

        for url in targets.values():  # warm the OS file cache and the browser once, not measured
            once(url)
        for i in range(runs):
            order = list(targets.items()) if i % 2 == 0 else list(reversed(targets.items()))
            for name, url in order:
                cold, warm = once(url)
                times[name]["cold"].append(cold)
                times[name]["warm"].append(warm)
    out: dict[str, Any] = {"runs": runs}
    for name, kinds in times.items():
        out[name] = {}
        for kind, values in kinds.items():
            out[name][f"{kind}_ms"] = [round(v) for v in values]
            out[name][f"{kind}_median_ms"] = round(statistics.median(values))
            out[name][f"{kind}_min_ms"] = round(min(values))
    out["ratio"] = {
        kind: round(statistics.median(times["page"][kind]) / statistics.median(times["bare"][kind]), 3)
        for kind in ("cold", "warm")
    }
    # the best of each is the least disturbed by other work on the machine
    out["ratio_of_best"] = {
        kind: round(min(times["page"][kind]) / min(times["bare"][kind]), 3) for kind in ("cold", "warm")
    }
    out["goal"] = "ratio <= 1.10"
    return out


_runner: dict[str, Any] = {}


def run_in_pyodide(code: str, timeout: float = 600_000) -> Any:
    """Run ``code`` in Pyodide with the game's Python (bela, web) loaded, as in the page, and
    return the JSON value of the variable ``result`` it sets."""
    page = _runner.get("page")
    if page is None:
        raise RuntimeError("run_in_pyodide needs `with pyodide_runner():` around it")
    page.set_default_timeout(timeout)
    return json.loads(page.evaluate("(code) => window.runPy(code)", code))


@contextmanager
def pyodide_runner() -> Iterator[None]:
    """Open the runner page once for any number of ``run_in_pyodide`` calls."""
    with serve() as base, browser() as b:
        page = b.new_page()
        page.goto(base + BENCH_PREFIX.lstrip("/") + "run.html")
        page.wait_for_selector('body[data-app-state="ready"]', state="attached", timeout=120_000)
        _runner["page"] = page
        try:
            yield
        finally:
            _runner.pop("page", None)


ENGINE_CODE = "from web.bench import engine_figures\nresult = engine_figures({hands}, {positions})\n"
BOTS_CODE = """
from bela.bots.timing import decision_times
result = {{level: decision_times(level, {positions}, {seed}) for level in ("easy", "medium", "hard")}}
"""


def measure_engine(hands: int = 200, positions: int = 200) -> dict[str, Any]:
    from web.bench import engine_figures

    with pyodide_runner():
        pyodide = run_in_pyodide(ENGINE_CODE.format(hands=hands, positions=positions))
    return {"pyodide": pyodide, "cpython": engine_figures(hands, positions)}


def measure_bots(positions: int = 20, seed: int = 1) -> Any:
    with pyodide_runner():
        return run_in_pyodide(BOTS_CODE.format(positions=positions, seed=seed))


def measure_main_thread(seed: int = 7, target: int = 501, max_steps: int = 3000) -> dict[str, Any]:
    """A whole instant-speed match; the longest main-thread task while a bot is to act."""
    from e2e.game import human_step, open_game

    with serve() as base, browser() as b:
        context = b.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(LONG_JS)
        context.add_init_script(MONITOR_JS)
        page = context.new_page()
        open_game(page, base, seed=seed, speed="instant", target=target, fresh=1)
        started = time.perf_counter()
        steps = 0
        while steps < max_steps and human_step(page) != "over":
            steps += 1
        wall = time.perf_counter() - started
        data = page.evaluate("({long: window.__long, turns: window.__turns, gaps: window.__gaps})")
        context.close()

    def turn_at(t: float) -> str:
        seat = ""
        for when, value in data["turns"]:
            if when > t:
                break
            seat = value
        return str(seat)

    bot_tasks = [d for s, d in data["long"] if turn_at(s) in ("E", "N", "W")]
    bot_gaps = [d for s, d in data["gaps"] if turn_at(s) in ("E", "N", "W")]
    bot_turns = sum(1 for _, v in data["turns"] if v in ("E", "N", "W"))
    return {
        "seed": seed,
        "target": target,
        "human_steps": steps,
        "bot_turns": bot_turns,
        "match_seconds": round(wall, 1),
        "longest_task_ms_bot_turns": round(max(bot_tasks), 1) if bot_tasks else 0,
        "tasks_over_50ms_bot_turns": len(bot_tasks),
        "longest_task_ms_any": round(max((d for _, d in data["long"]), default=0), 1),
        "longest_frame_gap_ms_bot_turns": round(max(bot_gaps), 1) if bot_gaps else None,
        "note": "long tasks are those over 50 ms (PerformanceObserver 'longtask')",
    }


HINT_CLOCK_JS = """
(() => {
  window.__hint = { asked: null, set: null, shown: null };
  document.addEventListener("click", (e) => {
    if (e.target.closest && e.target.closest('[data-action="hint"]')) {
      window.__hint = { asked: performance.now(), set: null, shown: null };
    }
  }, true);
  new MutationObserver(() => {
    const h = window.__hint;
    if (h.asked !== null && h.set === null && document.querySelector('[data-hinted="true"]')) {
      h.set = performance.now();
      requestAnimationFrame(() => { h.shown = performance.now(); });
    }
  }).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["data-hinted"],
  });
})();
"""


def percentiles(ms: list[float]) -> dict[str, float]:
    """How many, and ``bela.arena.percentiles`` to 0.1 ms."""
    return {"n": len(ms), **arena.percentiles(ms, 1)} if ms else {"n": 0}


def measure_hint(
    seeds: tuple[int, ...] = (4, 12, 31), hands: int = 4, max_steps: int = 400
) -> dict[str, Any]:
    """Press Hint at each of the human's decisions (naming trump, card play) for ``hands``
    hands of a match per seed, at speed=instant, and time the highlight."""
    from e2e.game import MOVE_TIMEOUT, human_step, open_game, wait_for_human

    times: dict[str, list[float]] = {"bid": [], "play": [], "declare": [], "bela": []}
    first: list[float] = []
    with serve() as base, browser() as b:
        for seed in seeds:
            context = b.new_context(viewport={"width": 1280, "height": 800})
            context.add_init_script(HINT_CLOCK_JS)
            page = context.new_page()
            open_game(page, base, seed=seed, speed="instant", fresh=1, lang="en")
            done_hands = 0
            for step in range(max_steps):
                kind = wait_for_human(page)
                if kind == "next":
                    done_hands += 1
                    if done_hands >= hands:
                        break
                if kind in times:
                    page.click('[data-action="hint"]')
                    page.wait_for_function("window.__hint.shown !== null", timeout=MOVE_TIMEOUT)
                    h = page.evaluate("window.__hint")
                    (first if step == 0 else times[kind]).append(float(h["shown"]) - float(h["asked"]))
                if human_step(page) == "over":
                    break
            context.close()
    every = [ms for values in times.values() for ms in values]
    out: dict[str, Any] = {"all": percentiles(every)}
    out.update({kind: percentiles(values) for kind, values in times.items() if values})
    out["first_hint_ms"] = [round(ms) for ms in first]
    out["note"] = (
        f"ms from the click on Hint to the frame showing the highlight; level hard; seeds {list(seeds)}, "
        f"{hands} hands each; the first hint of each page (it may wait for the worker) apart"
    )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Benchmarks in Pyodide (Chromium headless); prints JSON.")
    parser.add_argument("--runs", type=int, default=7, help="boot runs of each kind (default 7)")
    parser.add_argument("--only", choices=("boot", "engine", "bots", "main", "hint"), action="append")
    parser.add_argument("--build", action="store_true", help="build _site/ first (make site)")
    args = parser.parse_args(argv)
    if args.build:
        from scripts.build import build_site

        build_site.build(SITE)
    wanted = args.only or ["boot", "engine", "bots", "main", "hint"]
    result: dict[str, Any] = {}
    if "boot" in wanted:
        result["boot"] = measure_boot(args.runs)
    if "engine" in wanted:
        result["engine"] = measure_engine()
    if "bots" in wanted:
        result["bots"] = measure_bots()
    if "main" in wanted:
        result["main_thread"] = measure_main_thread()
    if "hint" in wanted:
        result["hint"] = measure_hint()
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
