"""`make bench`: every benchmark figure, CPython and the page's runtime (Pyodide in Chromium)
side by side in one run, so ratios compare like with like on the same machine at the same time.

Prints a readable summary and writes the whole JSON to .bench/latest.json. Timing is measured
here, never asserted in tests: a slow, shared machine changes the figures, not the verdict.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

#: The page's figures, in the order make bench measures them (``--only`` picks some).
FIGURES = (
    "engine",
    "bots",
    "boot",
    "first_use",
    "main",
    "hint",
    "draw",
    "review",
    "daily",
    "lighthouse",
    "rooms",
)

LIMITS = {  # the page's limits for the bots' decisions, in ms (issue: computer players)
    "hard": {"p95": 300, "max": 600},
    "medium": {"p95": 100},
}


def cpython_figures(hands: int, positions: int, decisions: int, seed: int) -> dict[str, Any]:
    from bela.bots.timing import decision_times
    from web.bench import engine_figures

    return {
        "engine": engine_figures(hands, positions),
        "bots": {level: decision_times(level, decisions, seed) for level in ("easy", "medium", "hard")},
    }


def pyodide_figures(
    hands: int, positions: int, decisions: int, seed: int, runs: int, only: set[str]
) -> dict[str, Any]:
    from scripts.bench import bench_pyodide as bp

    out: dict[str, Any] = {}
    if "engine" in only or "bots" in only or "hint" in only:
        with bp.pyodide_runner():
            if "engine" in only:
                out["engine"] = bp.run_in_pyodide(
                    f"from web.bench import engine_figures\nresult = engine_figures({hands}, {positions})\n"
                )
            if "bots" in only:
                out["bots"] = bp.run_in_pyodide(
                    "from bela.bots.timing import decision_times\n"
                    f"result = {{lv: decision_times(lv, {decisions}, {seed}) "
                    "for lv in ('easy', 'medium', 'hard')}\n"
                )
    if "boot" in only:
        from scripts.bench import bench_start

        out["start"] = bench_start.measure(runs, throttled_runs=max(1, runs // 3))
    if "first_use" in only:
        from scripts.bench import bench_first_use

        out["first_use"] = bench_first_use.measure([bp.SITE], runs)
    if "main" in only:
        out["main_thread"] = bp.measure_main_thread()
    if "hint" in only and hasattr(bp, "measure_hint"):
        out["hint"] = bp.measure_hint()
    if "daily" in only:
        from scripts.bench import bench_daily

        out["daily"] = bench_daily.measure_daily()
    if "draw" in only:
        from scripts.bench import bench_draw

        out["draw"] = bench_draw.measure_draw()
    if "lighthouse" in only:
        from scripts.bench import bench_lighthouse

        out["lighthouse"] = bench_lighthouse.measure()
    if (
        "review" in only
    ):  # the review of a hand: CPython, Pyodide and the page (scripts/bench/bench_review.py)
        from scripts.bench import bench_review

        out["review"] = bench_review.measure()
    if "rooms" in only:  # a room of friends over a relay on 127.0.0.1 (scripts/bench/bench_rooms.py)
        from scripts.bench import bench_rooms

        out["rooms"] = bench_rooms.measure(joins=6)
    return out


def ratio(a: float | None, b: float | None) -> str:
    if not a or not b:
        return "  -  "
    return f"{a / b:5.2f}x"


def summarize(cp: dict[str, Any], py: dict[str, Any]) -> list[str]:
    lines = ["", "Bela benchmarks (CPython here, Pyodide in headless Chromium)", ""]
    ce, pe = cp.get("engine", {}), py.get("engine", {})
    if ce:
        rows = [
            ("random legal hands / s", "random_hands", "hands_per_second"),
            ("legal-move generations / s", "legal_actions", "generations_per_second"),
        ]
        lines.append(f"{'engine':34} {'CPython':>12} {'Pyodide':>12} {'CPython/Pyodide':>16}")
        for label, key, field in rows:
            c = ce.get(key, {}).get(field)
            p = pe.get(key, {}).get(field) if pe else None
            lines.append(f"  {label:32} {c or 0:12,.0f} {p or 0:12,.0f} {ratio(c, p):>16}")
        lines.append("")
    cb, pb = cp.get("bots", {}), py.get("bots") or {}
    if cb:
        lines.append(f"{'bot decision ms':20} {'CPython p50/p95/max':>26} {'Pyodide p50/p95/max':>26}  limit")
        for level in ("easy", "medium", "hard"):
            c, p = cb.get(level, {}), pb.get(level, {})
            cs = f"{c.get('p50', 0):.1f} / {c.get('p95', 0):.1f} / {c.get('max', 0):.1f}"
            ps = f"{p.get('p50', 0):.1f} / {p.get('p95', 0):.1f} / {p.get('max', 0):.1f}" if p else "-"
            limit = LIMITS.get(level)
            verdict = ""
            if limit and p:
                ok = all(p[k] <= v for k, v in limit.items())
                verdict = ("ok " if ok else "OVER ") + ", ".join(f"{k}<={v}" for k, v in limit.items())
            lines.append(f"  {level:18} {cs:>26} {ps:>26}  {verdict}")
        lines.append("")
    start = py.get("start")
    if start:
        from scripts.bench import bench_start

        lines += bench_start.summary(start)
        lines.append("")
    main = py.get("main_thread")
    if main:
        lines.append(
            "main thread while bots think: longest task "
            f"{main.get('longest_task_ms_bot_turns')} ms, tasks over 50 ms: "
            f"{main.get('tasks_over_50ms_bot_turns')}, longest frame gap "
            f"{main.get('longest_frame_gap_ms_bot_turns')} ms ({main.get('bot_turns')} bot turns)"
        )
    rooms = py.get("rooms")
    if rooms:
        goals = "seated p95 <= 3000 ms, card p95 <= 150 ms, gone <= grace + 1 s"
        lines.append(f"a room of friends (loopback relay; goals: {goals}): {json.dumps(rooms)}")
    hint = py.get("hint")
    if hint:
        lines.append(f"hint in the page: {json.dumps(hint)}")
    draw = py.get("draw")
    if draw:
        b = draw.get("builders", {})
        lines.append(
            f"drawing in the page: first draw {draw.get('first_draw_median_ms')} ms, full redraw "
            f"p50 {draw.get('redraw_median_ms')} / p95 {draw.get('redraw_p95_ms')} ms; a table's "
            f"elements built with web.dom.el {b.get('el_ms')} ms, "
            f"with pyscript.web {b.get('pyscript_web_ms')} ms"
        )
    if py.get("first_use"):
        from scripts.bench import bench_first_use

        lines.append(bench_first_use.summary_line(py["first_use"]))
    if py.get("review"):
        from scripts.bench import bench_review

        lines += bench_review.summary(py["review"])
    if py.get("lighthouse"):
        from scripts.bench import bench_lighthouse

        lines += ["", *bench_lighthouse.summary(py["lighthouse"])]
    if py.get("daily"):
        from scripts.bench import bench_daily

        lines.append(bench_daily.summary_line(py["daily"]))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Print every benchmark figure (CPython and Pyodide).")
    parser.add_argument("--hands", type=int, default=300, help="random hands for the engine figure")
    parser.add_argument("--positions", type=int, default=300, help="positions for legal-move generation")
    parser.add_argument("--decisions", type=int, default=300, help="timed decisions per bot level")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=5, help="start-up runs of each kind")
    parser.add_argument("--cpython-only", action="store_true", help="skip the browser figures")
    parser.add_argument(
        "--only",
        action="append",
        choices=FIGURES,
        help="only these Pyodide figures (repeatable)",
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    cp = cpython_figures(args.hands, args.positions, args.decisions, args.seed)
    py: dict[str, Any] = {}
    if not args.cpython_only:
        only = set(args.only or FIGURES)
        py = pyodide_figures(args.hands, args.positions, args.decisions, args.seed, args.runs, only)
    result = {"cpython": cp, "pyodide": py, "seconds": round(time.perf_counter() - started, 1)}
    out = ROOT / ".bench" / "latest.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print("\n".join(summarize(cp, py)))
    print(f"\nall figures: {out.relative_to(ROOT)} ({result['seconds']} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
