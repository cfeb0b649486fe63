"""`make bench`, today's deals: is par of each hand ready in the page before the hand ends, and
does computing it (in the bots' worker) ever block the main thread?

Plays ``days`` days (4 hands each) in headless Chromium at speed=fast, the human answering at
once (a harsher case than a player at normal speed: the hands are as short as the page makes
them), and times, per hand, from the hand's deal to its summary and to its par being known
(``data-pars-ready`` on the page root), with the main thread's long tasks (over 50 ms) from the
page being ready (start-up's own are in the start-up figures) to the last hand's end; the bots'
worker starts with the first bot move and may still be starting as the first hand is played
(those tasks are counted, and also said apart).
"""

from __future__ import annotations

import datetime
from typing import Any

from scripts.bench import bench_pyodide as bp

PARS_JS = """
(() => {
  window.__pars = {};
  new MutationObserver(() => {
    const ready = (document.documentElement.dataset.parsReady || "").split(",").filter(Boolean);
    for (const n of ready) if (!(n in window.__pars)) window.__pars[n] = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-pars-ready"] });
})();
"""

SUMMARY = (
    "() => Boolean(document.querySelector('#overlay:not([hidden]) .par-line')"
    " || document.querySelector('#overlay:not([hidden]) [data-action=\"next-hand\"]'))"
)


def measure_daily(days: int = 5, first: str = "2026-12-01", speed: str = "fast") -> dict[str, Any]:
    """The figures above; also the same for a regular match's first 4 hands with hard players on
    the same machine at the same time (no par computed), to tell the par's share of long tasks
    from the machine's load."""
    out = _play_days(days, first, speed, daily=True)
    out["regular_match"] = {
        k: v for k, v in _play_days(1, first, speed, daily=False).items() if k.startswith("main_thread")
    }
    return out


def _play_days(days: int, first: str, speed: str, daily: bool) -> dict[str, Any]:
    from e2e.game import HUMAN_JS, MOVE_TIMEOUT, human_step, open_game

    start_day = datetime.date.fromisoformat(first)
    ready_after: list[float] = []  # ms from the hand's deal to its par (0 when known before the deal)
    durations: list[float] = []  # ms from the deal to the summary
    late: list[float] = []  # ms par came after the summary (negative: before)
    long_tasks: list[float] = []  # from the page being ready to the last hand's end
    booting: list[float] = []  # those of them while the bots' worker was still starting
    fallbacks: list[str] = []  # the page's word that the bots (and par) moved to the main thread
    with bp.serve() as base, bp.browser() as b:
        for d in range(days):
            date = (start_day + datetime.timedelta(days=d)).isoformat()
            context = b.new_context(viewport={"width": 1280, "height": 800})
            context.add_init_script(bp.LONG_JS)
            context.add_init_script(PARS_JS)
            page = context.new_page()
            page.on(
                "console",
                lambda msg: fallbacks.append(msg.text) if "run on the main thread" in msg.text else None,
            )
            if daily:
                open_game(page, base, daily=date, speed=speed, lang="en")
            else:
                open_game(page, base, seed=4000 + d, fresh=1, bots="hard", speed=speed, lang="en")
            ready = float(page.evaluate("performance.now()"))  # start-up's own tasks apart
            for number in range(1, 5):
                dealt = float(page.evaluate("performance.now()"))
                for _ in range(400):
                    if page.evaluate(SUMMARY):
                        break
                    page.wait_for_function(f"() => ({SUMMARY})() || ({HUMAN_JS})()", timeout=MOVE_TIMEOUT)
                    if page.evaluate(SUMMARY):
                        break
                    human_step(page)
                ended = float(page.evaluate("performance.now()"))
                if not daily:
                    durations.append(ended - dealt)
                    if number < 4:
                        page.click('[data-action="next-hand"]')
                    continue
                page.wait_for_function(f"() => '{number}' in window.__pars", timeout=300_000)
                par_at = float(page.evaluate(f"window.__pars['{number}']"))
                durations.append(ended - dealt)
                ready_after.append(max(0.0, par_at - dealt))
                late.append(par_at - ended)
                if number < 4:
                    page.click('[data-action="next-hand"]')
            bots = page.evaluate(
                "(performance.getEntriesByName('bela:bots-ready')[0] || {startTime: null}).startTime"
            )
            for at, dur in page.evaluate("window.__long"):
                if float(at) >= ready:
                    long_tasks.append(float(dur))
                    if bots is None or float(at) < float(bots):
                        booting.append(float(dur))
            context.close()
    return {
        "hands": len(durations),
        "speed": speed,
        "par_ready_ms_after_deal": bp.percentiles(ready_after),
        "hand_ms": bp.percentiles(durations),
        "hand_ms_min": round(min(durations), 1) if durations else 0,
        "par_after_hand_end_ms": bp.percentiles(late),
        "ready_before_end": sum(1 for x in late if x <= 0),
        "main_thread_tasks_over_50ms": len(long_tasks),
        "main_thread_longest_task_ms": round(max(long_tasks), 1) if long_tasks else 0,
        "main_thread_task_ms": bp.percentiles(long_tasks),
        "main_thread_tasks_over_50ms_while_worker_started": len(booting),
        "worker_fallbacks": fallbacks,
        "note": "par of hand n counted from hand n's deal (0 if known before); the human answers at once",
    }


def summary_line(d: dict[str, Any]) -> str:
    r, h, late = d["par_ready_ms_after_deal"], d["hand_ms"], d["par_after_hand_end_ms"]
    booting = d["main_thread_tasks_over_50ms_while_worker_started"]
    return (
        f"today's deals ({d['hands']} hands, speed {d['speed']}): par ready p50 {r.get('p50')} / p95 "
        f"{r.get('p95')} / max {r.get('max')} ms after the deal; hands last p50 {h.get('p50')} ms (min "
        f"{d['hand_ms_min']}); par before the hand's end in "
        f"{d['ready_before_end']}/{d['hands']} (p95 of par minus end {late.get('p95')} ms); main thread: "
        f"{d['main_thread_tasks_over_50ms']} tasks over 50 ms "
        f"({booting} while the worker started), longest {d['main_thread_longest_task_ms']} ms"
        f"{'; the worker failed: ' + str(len(d['worker_fallbacks'])) if d['worker_fallbacks'] else ''}"
        f" (a regular match's 4 hands, hard players, at the same time: "
        f"{d['regular_match']['main_thread_tasks_over_50ms']} tasks over 50 ms, longest "
        f"{d['regular_match']['main_thread_longest_task_ms']} ms)"
    )


if __name__ == "__main__":
    import json
    import sys

    result = measure_daily(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
    print(json.dumps(result, indent=2))
    print(summary_line(result))
