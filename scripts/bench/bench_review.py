"""The review of a finished hand (part of `make bench`).

- ``engine``: 20 hands played by medium players, each reviewed part by part as the page asks
  for it (web/worker/review.py's ``timed_hands``), in CPython here and in Pyodide (the page's
  runtime): the first trick's ms, the whole hand's ms, how far back the solver reaches.
- ``page``: in the page itself (speed=instant), each hand played to its end, then Review on the
  summary: ms from the click to the first trick's costs on the screen (the review jumps to the
  first trick at once), and to the whole hand's (every play costed and the verdict), and the
  longest main-thread task meanwhile (PerformanceObserver ``longtask``). Goals: first trick
  <= 1000 ms, whole hand p95 <= 5000 ms, no task over 50 ms.

Run alone: ``python -m scripts.bench.bench_review [--hands N]`` (prints JSON).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from scripts.bench import bench_pyodide as bp

ROOT = Path(__file__).resolve().parents[2]


# The player's two clicks, Review and then the first trick, each in its own task (a player cannot
# click twice within one task; clicked together they would add up into one long task that no
# player makes): the jump waits for the frame after the review opened.
OPEN_JS = """() => new Promise((done) => {
  const button = document.querySelector('#overlay [data-action="review"]');
  const at = performance.now();
  button.click();
  requestAnimationFrame(() => setTimeout(() => {
    const jump = document.querySelector('[data-review] [data-review-nav="trick:1"]');
    if (jump) jump.click();
    done(at);
  }, 0));
})"""

FIRST_JS = """() => document.querySelectorAll('[data-review] [data-review-play][data-cost]').length >= 4
  && performance.now()"""

WHOLE_JS = """() => {
  const r = document.querySelector('[data-review]');
  return r && r.getAttribute('data-review-done') === '8' && r.querySelector('[data-decided]')
    && performance.now();
}"""

TASKS_JS = "([a, b]) => window.__long.filter(([s, d]) => s + d >= a && s <= b).map(([s, d]) => d)"


def cpython(hands: int, seed: int) -> dict[str, Any]:
    from web.worker.review import timed_hands

    result: dict[str, Any] = timed_hands(hands, seed)
    return result


def pyodide(hands: int, seed: int) -> dict[str, Any]:
    with bp.pyodide_runner():
        result: dict[str, Any] = bp.run_in_pyodide(
            f"from web.worker.review import timed_hands\nresult = timed_hands({hands}, {seed})\n"
        )
    return result


def in_page(hands: int = 20, seeds: tuple[int, ...] = (21, 22, 23, 24)) -> dict[str, Any]:
    from e2e.game import human_step, open_game, wait_for_human

    first: list[float] = []
    whole: list[float] = []
    longest: list[float] = []  # the longest main-thread task of each review, from click to done
    over = 0  # main-thread tasks over 50 ms, all reviews together
    with bp.serve() as base, bp.browser() as b:
        for seed in seeds:
            if len(whole) >= hands:
                break
            context = b.new_context(viewport={"width": 1280, "height": 800})
            context.add_init_script(bp.LONG_JS)
            page = context.new_page()
            open_game(page, base, seed=seed, speed="instant", fresh=1, lang="en")
            # the worker starts with the page's first bot move; wait for it as a player would
            for _ in range(400):
                if len(whole) >= hands:
                    break
                kind = wait_for_human(page, timeout=120_000)
                if kind == "over":
                    break
                if kind == "next":
                    start = float(page.evaluate(OPEN_JS))
                    shown = float(page.wait_for_function(FIRST_JS, timeout=120_000, polling=10).json_value())
                    done = float(page.wait_for_function(WHOLE_JS, timeout=300_000, polling=10).json_value())
                    tasks = page.evaluate(TASKS_JS, [start, done])
                    first.append(shown - start)
                    whole.append(done - start)
                    longest.append(max(tasks, default=0.0))
                    over += sum(1 for x in tasks if x > 50)
                    page.keyboard.press("Escape")
                    page.wait_for_selector("[data-review]", state="detached")
                human_step(page)
            context.close()
    return {
        "hands": len(whole),
        "first_trick_ms": bp.percentiles(first),
        "whole_hand_ms": bp.percentiles(whole),
        "longest_task_ms": round(max(longest, default=0.0), 1),
        "reviews_with_a_task_over_50ms": sum(1 for x in longest if x > 50),
        "tasks_over_50ms": over,
        "window": "from the click on Review to the whole hand's costs shown (page and worker started before)",
        "goals": "first trick <= 1000 ms, whole hand p95 <= 5000 ms, no task over 50 ms",
    }


def measure(hands: int = 20, seed: int = 1, page: bool = True) -> dict[str, Any]:
    out: dict[str, Any] = {"cpython": cpython(hands, seed), "pyodide": pyodide(hands, seed)}
    if page:
        out["page"] = in_page(hands)
    return out


def summary(r: dict[str, Any]) -> list[str]:
    """The lines `make bench` prints."""

    def pc(d: dict[str, Any]) -> str:
        return f"{d.get('p50', 0):.0f} / {d.get('p95', 0):.0f} / {d.get('max', 0):.0f}" if d else "-"

    cp, py, pg = r.get("cpython", {}), r.get("pyodide", {}), r.get("page", {})
    lines = [f"review of a hand, ms p50/p95/max over {cp.get('hands')} hands: CPython | Pyodide"]
    lines.append(f"  first trick  {pc(cp.get('first_trick_ms', {}))} | {pc(py.get('first_trick_ms', {}))}")
    lines.append(f"  whole hand   {pc(cp.get('whole_hand_ms', {}))} | {pc(py.get('whole_hand_ms', {}))}")
    reach = py.get("solver_from") or cp.get("solver_from") or {}
    lines.append(
        f"  solver reaches back to play {reach.get('min')}..{reach.get('max')} (0-based; 16 = the last "
        "four tricks only)"
    )
    if pg:
        lines.append(
            f"  in the page ({pg.get('hands')} hands): first trick shown {pc(pg.get('first_trick_ms', {}))}, "
            f"whole hand {pc(pg.get('whole_hand_ms', {}))}, longest main-thread task "
            f"{pg.get('longest_task_ms')} ms ({pg.get('tasks_over_50ms')} tasks over 50 ms, in "
            f"{pg.get('reviews_with_a_task_over_50ms')} reviews); "
            f"goals: {pg.get('goals')}"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The review's figures, CPython and Pyodide; prints JSON.")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--no-page", action="store_true", help="skip the page's own figures")
    args = parser.parse_args(argv)
    result = measure(args.hands, page=not args.no_page)
    print(json.dumps(result, indent=2))
    print("\n".join(summary(result)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
