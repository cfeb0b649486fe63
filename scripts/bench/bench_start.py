"""Start-up figures for `make bench` (issue 11): how each visit spends its time, side by side in
one run, against a bare Pyodide page of the same version on the same server (this script's
server, which compresses nothing, like ``python -m http.server``).

- bare: a page that only runs ``loadPyodide()`` from the site's own vendor/pyodide (never part
  of the site), cold (a new browser context: empty caches) and warm (a reload).
- first visit: the game in a new context (it boots Pyodide: ``data-boot="boot"``); then its
  service worker precaches the build, the snapshot included;
- later visit: a reload (``data-boot="snapshot"`` expected), and the wait from ready to the
  first computer player's decision shown (seed 1: East speaks first, speed=instant).
- bytes: what the first visit transferred before it was ready (resource timing), the site's
  total and what the service worker stores, the game's own files gzipped, the snapshot.
- memory: the wasm memory of the page's and the worker's Pyodide at ready.
- throttled: the same first and later visits and the bare page under a mobile profile (Chrome
  DevTools Protocol: about 9 Mbit/s down, 150 ms round trips, CPU slowed 4x).

Times are ms from navigation start, medians of the runs (the machine is shared: the medians,
not single runs, are the figures).
"""

from __future__ import annotations

import gzip
import statistics
from pathlib import Path
from typing import Any

from scripts.bench import bench_pyodide as bp

ROOT = Path(__file__).resolve().parents[2]


SEED = 1  # East speaks first: the first decision of the match is a computer player's
GOALS = {
    "later_vs_bare": 0.35,
    "first_vs_bare": 0.6,
    "first_vs_bare_mobile": 0.5,
    "bot_after_ready_ms": 300,
    "human_after_ready_ms": 500,
    "first_visit_mb": 6.0,
}
GAME_FILES_GOAL_KB = 250
MOBILE = {
    "network": {
        "offline": False,
        "latency": 150,
        "downloadThroughput": 9_000_000 / 8,
        "uploadThroughput": 1_500_000 / 8,
    },
    "cpu": 4,
}

# ready, the turn then, the first change of turn after it (a bot's decision shown), and
# the bytes transferred before ready (resource timing: what came over the network)
CLOCK_JS = """
(() => {
  const bytesBefore = (t) => {
    let sum = 0;
    for (const e of performance.getEntriesByType("navigation")) sum += e.transferSize || 0;
    for (const e of performance.getEntriesByType("resource")) {
      if (e.responseEnd <= t) sum += e.transferSize || 0;
    }
    return sum;
  };
  const watch = () => {
    const body = document.body;
    if (body && body.dataset.appState === "ready" && window.__readyAt === undefined) {
      window.__readyAt = performance.now();
      window.__turnAtReady = document.documentElement.getAttribute("data-turn") || "";
      window.__bootAtReady = body.dataset.boot || "";
      window.__bytesAtReady = bytesBefore(window.__readyAt);
    }
    if (window.__readyAt !== undefined && window.__firstMoveAt === undefined) {
      const turn = document.documentElement.getAttribute("data-turn") || "";
      if (turn !== window.__turnAtReady) window.__firstMoveAt = performance.now();
    }
    // the human's first decision: the first time it is South's turn once ready
    if (window.__readyAt !== undefined && window.__humanAt === undefined) {
      if (document.documentElement.getAttribute("data-turn") === "S") window.__humanAt = performance.now();
    }
  };
  new MutationObserver(watch).observe(document, {
    subtree: true, attributes: true, attributeFilter: ["data-app-state", "data-turn"],
  });
})();
"""
MARKS_JS = (
    "Object.fromEntries(performance.getEntriesByType('mark')"
    ".filter((m) => m.name.startsWith('bela:')).map((m) => [m.name.slice(5), Math.round(m.startTime)]))"
)
CACHED_JS = """async () => {
  const reg = await navigator.serviceWorker.ready;
  const pause = () => new Promise((done) => setTimeout(done, 100));
  while (!(reg.active && reg.active.state === "activated")) await pause();
  const boot = await import(new URL("assets/pyodide-boot.mjs", location.href).href);
  while (!(await boot.cachedSnapshot())) await pause();
  return true;
}"""


def _visit(page: Any, timeout: float = 240_000) -> dict[str, Any]:
    page.wait_for_function("window.__readyAt !== undefined", timeout=timeout)
    data: dict[str, Any] = page.evaluate(
        "({ready: window.__readyAt, boot: window.__bootAtReady, turn: window.__turnAtReady,"
        " bytes: window.__bytesAtReady, python: globalThis.belaPythonStart || null})"
    )
    data["marks"] = page.evaluate(MARKS_JS)
    return data


def _bot_move(page: Any, visit: dict[str, Any], timeout: float = 60_000) -> None:
    if visit.get("turn") not in ("E", "N", "W"):
        visit["first_bot_after_ready_ms"] = None
        return
    page.wait_for_function("window.__firstMoveAt !== undefined", timeout=timeout)
    visit["first_bot_after_ready_ms"] = round(page.evaluate("window.__firstMoveAt - window.__readyAt"))
    page.wait_for_function("window.__humanAt !== undefined", timeout=timeout)
    visit["human_after_ready_ms"] = round(page.evaluate("window.__humanAt - window.__readyAt"))
    page.wait_for_function("globalThis.belaBotsStart !== undefined", timeout=timeout)
    visit["worker"] = page.evaluate("globalThis.belaBotsStart")


def _throttle(context: Any, page: Any, profile: dict[str, Any] | None) -> None:
    if not profile:
        return
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", profile["network"])
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": profile["cpu"]})


def _bare(b: Any, url: str, profile: dict[str, Any] | None) -> tuple[float, float]:
    context = b.new_context()
    context.add_init_script(bp.READY_JS)
    page = context.new_page()
    _throttle(context, page, profile)
    page.goto(url)
    cold = bp._ready_ms(page, 240_000)
    page.reload()
    warm = bp._ready_ms(page, 240_000)
    context.close()
    return cold, warm


def _game(b: Any, url: str, profile: dict[str, Any] | None) -> tuple[dict[str, Any], dict[str, Any]]:
    context = b.new_context()
    context.add_init_script(CLOCK_JS)
    page = context.new_page()
    _throttle(context, page, profile)
    page.goto(url)
    first = _visit(page)
    _bot_move(page, first)
    page.evaluate(CACHED_JS)  # the service worker holds the build and its snapshot
    page.reload()
    later = _visit(page)
    _bot_move(page, later)
    context.close()
    return first, later


def _median(values: list[float | None]) -> float | None:
    xs = [v for v in values if v is not None]
    return round(statistics.median(xs)) if xs else None


def site_figures(site: Path = bp.SITE) -> dict[str, Any]:
    """Bytes of the site: all files, what the service worker stores, the game's own files
    (everything but vendor/, i.e. PyScript and Pyodide, and the snapshot) gzipped: app.zip as
    its .gz copy, the one a browser fetches (the original is only for a browser without
    DecompressionStream)."""
    from scripts.build import precache, site_files

    files = [p for p in site.rglob("*") if p.is_file()]
    rel = {p: p.relative_to(site).as_posix() for p in files}
    game = [
        p
        for p in files
        if not rel[p].startswith(("vendor/", "snapshot-", ".")) and rel[p] != site_files.APP_ARCHIVE
    ]

    def gzipped(p: Path) -> int:
        data = p.read_bytes()
        return len(data) if p.suffix == ".gz" else len(gzip.compress(data, 9))

    snaps = [p for p in files if rel[p].startswith("snapshot-")]
    return {
        "site_bytes": sum(p.stat().st_size for p in files),
        "precached_bytes": sum(p.stat().st_size for p in files if not precache.not_precached(rel[p])),
        "game_files_gz_bytes": sum(gzipped(p) for p in game),
        "game_files": sorted(rel[p] for p in game),
        "app_archive_bytes": (site / "app.zip.gz").stat().st_size,
        "snapshot_bytes": sum(p.stat().st_size for p in snaps),
    }


def measure(runs: int = 5, throttled_runs: int = 1) -> dict[str, Any]:
    """Every start-up figure, bare and game interleaved, unthrottled then throttled."""
    out: dict[str, Any] = {"runs": runs, "throttled_runs": throttled_runs, "site": site_figures(bp.SITE)}
    with bp.serve(bp.SITE) as base, bp.browser() as b:
        bare_url = base + bp.BENCH_PREFIX.lstrip("/") + "bare.html"
        game_url = base + f"?speed=instant&fresh=1&seed={SEED}"
        _bare(b, bare_url, None)  # warm the OS file cache and the browser once, not measured
        _game(b, game_url, None)
        for label, profile, n in (("plain", None, runs), ("mobile", MOBILE, throttled_runs)):
            bare: dict[str, list[float]] = {"cold": [], "warm": []}
            firsts: list[dict[str, Any]] = []
            laters: list[dict[str, Any]] = []
            for i in range(n):
                steps = [("bare", bare_url), ("game", game_url)]
                for kind, url in steps if i % 2 == 0 else reversed(steps):
                    if kind == "bare":
                        cold, warm = _bare(b, url, profile)
                        bare["cold"].append(cold)
                        bare["warm"].append(warm)
                    else:
                        first, later = _game(b, url, profile)
                        firsts.append(first)
                        laters.append(later)
            out[label] = _summarize_runs(bare, firsts, laters)
    return out


def _summarize_runs(
    bare: dict[str, list[float]], firsts: list[dict[str, Any]], laters: list[dict[str, Any]]
) -> dict[str, Any]:
    def med(visits: list[dict[str, Any]], key: str) -> float | None:
        return _median([v.get(key) for v in visits])

    def mark(visits: list[dict[str, Any]], name: str) -> float | None:
        return _median([v["marks"].get(name) for v in visits])

    result: dict[str, Any] = {
        "bare_cold_ms": _median(list(bare["cold"])),
        "bare_warm_ms": _median(list(bare["warm"])),
        "bare_cold_all": [round(v) for v in bare["cold"]],
        "bare_warm_all": [round(v) for v in bare["warm"]],
        "first_human_all": [v.get("human_after_ready_ms") for v in firsts],
        "later_bot_all": [v.get("first_bot_after_ready_ms") for v in laters],
        "worker_boot": sorted({str((v.get("worker") or {}).get("boot")) for v in laters}),
        "worker_start_ms_later": _median([(v.get("worker") or {}).get("ms") for v in laters]),
        "memory_page_first": _median([(v.get("python") or {}).get("memory") for v in firsts]),
        "memory_page_later": _median([(v.get("python") or {}).get("memory") for v in laters]),
        "memory_worker_first": _median([(v.get("worker") or {}).get("memory") for v in firsts]),
        "memory_worker_later": _median([(v.get("worker") or {}).get("memory") for v in laters]),
    }
    for visit, visits in (("first", firsts), ("later", laters)):
        result |= {
            f"{visit}_ready_ms": med(visits, "ready"),
            f"{visit}_ready_all": [round(v["ready"]) for v in visits],
            f"{visit}_pyodide_ms": mark(visits, "pyodide-ready"),
            f"{visit}_boot": sorted({v["boot"] for v in visits}),
            f"{visit}_bytes": med(visits, "bytes"),
            f"{visit}_bot_after_ready_ms": med(visits, "first_bot_after_ready_ms"),
            f"{visit}_human_after_ready_ms": med(visits, "human_after_ready_ms"),
        }
    bc, bw = result["bare_cold_ms"], result["bare_warm_ms"]
    fr, lr = result["first_ready_ms"], result["later_ready_ms"]
    result["ratio_first_vs_bare_cold"] = round(fr / bc, 3) if fr and bc else None
    result["ratio_later_vs_bare_warm"] = round(lr / bw, 3) if lr and bw else None
    result["ratio_later_vs_bare_cold"] = round(lr / bc, 3) if lr and bc else None
    # the median of the runs' own ratios (each game run beside its bare run: less noise from a
    # shared machine than the ratio of the medians)
    pairs = list(zip(bare["cold"], bare["warm"], firsts, laters, strict=False))
    result["paired_first_vs_bare_cold"] = _ratio_median([f["ready"] / c for c, _, f, _ in pairs])
    result["paired_later_vs_bare_warm"] = _ratio_median([la["ready"] / w for _, w, _, la in pairs])
    return result


def _ratio_median(values: list[float]) -> float | None:
    return round(statistics.median(values), 3) if values else None


def _ok(value: float | None, goal: float, *, at_most: bool = True) -> str:
    if value is None:
        return "?"
    return "ok" if (value <= goal if at_most else value >= goal) else "NOT MET"


def summary(figures: dict[str, Any]) -> list[str]:
    """The lines `make bench` prints."""
    lines = [
        f"start-up (ms from navigation; median of {figures.get('runs')} runs; game seed {SEED}, a bot first)"
    ]
    site = figures.get("site", {})
    for label in ("plain", "mobile"):
        f = figures.get(label)
        if not f or f.get("first_ready_ms") is None:  # no runs of this profile
            continue
        head = "unthrottled" if label == "plain" else "throttled mobile (9 Mbit/s, 150 ms RTT, CPU 4x)"
        lines.append(f"  {head}:")
        lines.append(
            f"    bare Pyodide boot: cold {f['bare_cold_ms']}  warm {f['bare_warm_ms']}   "
            f"(all cold {f['bare_cold_all']}, warm {f['bare_warm_all']})"
        )
        goal = GOALS["first_vs_bare" if label == "plain" else "first_vs_bare_mobile"]
        lines.append(
            f"    first visit ({'/'.join(f['first_boot'])}): Pyodide ready {f['first_pyodide_ms']}, "
            f"game ready {f['first_ready_ms']}  ratio to bare cold {f['ratio_first_vs_bare_cold']} "
            f"(goal <= {goal}: {_ok(f['ratio_first_vs_bare_cold'], goal)})"
        )
        lines.append(
            f"    later visit ({'/'.join(f['later_boot'])}): snapshot restored {f['later_pyodide_ms']}, "
            f"game ready {f['later_ready_ms']}  ratio to bare warm {f['ratio_later_vs_bare_warm']} "
            f"(goal <= {GOALS['later_vs_bare']}: "
            f"{_ok(f['ratio_later_vs_bare_warm'], GOALS['later_vs_bare'])}), "
            f"to bare cold {f['ratio_later_vs_bare_cold']}"
        )
        lines.append(
            "    median of each run's own ratio: first visit / bare cold "
            f"{f.get('paired_first_vs_bare_cold')}, "
            f"later visit / bare warm {f.get('paired_later_vs_bare_warm')}"
        )
        lines.append(
            f"    first bot decision after ready: later visit {f['later_bot_after_ready_ms']} ms "
            f"(goal <= {GOALS['bot_after_ready_ms']}: "
            f"{_ok(f['later_bot_after_ready_ms'], GOALS['bot_after_ready_ms'])}; all {f['later_bot_all']}), "
            f"first visit {f['first_bot_after_ready_ms']} ms; worker ({'/'.join(f['worker_boot'])}) "
            f"started in {f['worker_start_ms_later']} ms"
        )
        lines.append(
            f"    the human's first decision after ready (the bots speak first): first visit "
            f"{f.get('first_human_after_ready_ms')} ms (goal <= {GOALS['human_after_ready_ms']}: "
            f"{_ok(f.get('first_human_after_ready_ms'), GOALS['human_after_ready_ms'])}; all "
            f"{f.get('first_human_all')}), later visit {f.get('later_human_after_ready_ms')} ms"
        )
        mb = (f["first_bytes"] or 0) / 1e6
        lines.append(
            f"    bytes before ready: first visit {mb:.2f} MB (goal <= {GOALS['first_visit_mb']}: "
            f"{_ok(mb, GOALS['first_visit_mb'])}), later visit {(f['later_bytes'] or 0) / 1e6:.2f} MB"
        )
        if label == "plain":
            lines.append(
                "    wasm memory at ready: page "
                f"{_mb(f['memory_page_first'])} (boot) / {_mb(f['memory_page_later'])} (snapshot), worker "
                f"{_mb(f['memory_worker_first'])} (boot) / {_mb(f['memory_worker_later'])} (snapshot)"
            )
    if site:
        kb = site["game_files_gz_bytes"] / 1e3
        lines.append(
            f"  site: {site['site_bytes'] / 1e6:.1f} MB in all, the service worker stores "
            f"{site['precached_bytes'] / 1e6:.1f} MB "
            f"(snapshot {site['snapshot_bytes'] / 1e6:.1f} MB gzipped); "
            f"the game's own files {kb:.0f} KB gzipped (goal <= {GAME_FILES_GOAL_KB}: "
            f"{_ok(kb, GAME_FILES_GOAL_KB)}; app.zip.gz {site['app_archive_bytes'] / 1e3:.0f} KB)"
        )
    return lines


def _mb(value: float | None) -> str:
    return f"{value / 2**20:.0f} MiB" if value else "?"


def main() -> int:
    import argparse
    import json

    parser = argparse.ArgumentParser(description="Start-up figures (issue 11)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--throttled-runs", type=int, default=1)
    parser.add_argument("--site", type=Path, default=bp.SITE, help="the built site (default: _site)")
    args = parser.parse_args()
    bp.SITE = args.site
    figures = measure(args.runs, args.throttled_runs)
    print(json.dumps(figures, indent=2))
    print("\n".join(summary(figures)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
