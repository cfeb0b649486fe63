"""The first hint and the first review of a first visit (part of `make bench`; issue 22).

Each run is a first visit (a fresh browser context, speed=instant): once the human is to act,
Hint is pressed and timed from the click to the frame that shows the highlight (the worker
computes it: its first hint imports the hint's modules); the hand is then played to its end
and Review pressed, timed from the click to the first trick's costs on the screen (the review's
modules are imported then). Nothing of either was imported before.

Give two built sites (``--site A --site B``) to compare them side by side: their runs
alternate, so a busy machine slows both alike. Prints JSON.

    python -m scripts.bench.bench_first_use [--runs 5] [--site _site] [--site other]
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path
from typing import Any

from scripts.bench import bench_pyodide as bp
from scripts.bench import bench_review as br

ROOT = Path(__file__).resolve().parents[2]


SEED = 4  # South names trump or plays early in hand 1


def one_run(b: Any, base: str) -> dict[str, float]:
    from e2e.game import MOVE_TIMEOUT, human_step, open_game, wait_for_human

    context = b.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(bp.HINT_CLOCK_JS)
    page = context.new_page()
    try:
        open_game(page, base, seed=SEED, speed="instant", fresh=1, lang="en")
        out: dict[str, float] = {}
        for _ in range(200):
            kind = wait_for_human(page, timeout=120_000)
            if kind in ("bid", "play") and "hint_ms" not in out:
                # whether the bots' worker had started (else the hint waits for it)
                out["worker_up"] = float(page.evaluate("globalThis.belaBotsStart !== undefined"))
                page.click('[data-action="hint"]')
                page.wait_for_function("window.__hint.shown !== null", timeout=MOVE_TIMEOUT)
                h = page.evaluate("window.__hint")
                out["hint_ms"] = float(h["shown"]) - float(h["asked"])
            if kind == "next":
                start = float(page.evaluate(br.OPEN_JS))
                shown = float(page.wait_for_function(br.FIRST_JS, timeout=120_000, polling=10).json_value())
                out["review_ms"] = shown - start
                return out
            if human_step(page) == "over":
                break
        raise RuntimeError("the hand never ended")
    finally:
        context.close()


def measure(sites: list[Path], runs: int) -> dict[str, Any]:
    times: dict[str, dict[str, list[float]]] = {
        str(s): {"hint_ms": [], "review_ms": [], "worker_up": []} for s in sites
    }
    with bp.browser() as b:
        servers = [bp.serve(s) for s in sites]
        bases = [server.__enter__() for server in servers]
        try:
            for _ in range(runs):
                for site, base in zip(sites, bases, strict=True):
                    for key, ms in one_run(b, base).items():
                        times[str(site)][key].append(round(ms, 1))
        finally:
            for server in servers:
                server.__exit__(None, None, None)
    return {
        site: {key: {"median": statistics.median(v) if v else None, "all": v} for key, v in by_key.items()}
        for site, by_key in times.items()
    }


def summary_line(r: dict[str, Any]) -> str:
    """The line `make bench` prints (one site)."""
    site = next(iter(r.values()))
    return (
        f"a first visit's first use, ms from the click (median of {len(site['hint_ms']['all'])}): "
        f"hint {site['hint_ms']['median']} (the bots' worker started before it in "
        f"{sum(site['worker_up']['all']):.0f} runs), review's first trick {site['review_ms']['median']}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path, action="append", help="a built site (default: _site)")
    args = parser.parse_args()
    print(json.dumps(measure(args.site or [bp.SITE], args.runs), indent=1))


if __name__ == "__main__":
    main()
