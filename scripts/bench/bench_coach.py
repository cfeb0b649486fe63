"""The coach's note in the page: how long after the player's card it shows, and does the coach
ever block the main thread? Prints figures; passes or fails nothing.

Plays a match to 501 in headless Chromium (the built site, ``?coach=mistakes&speed=fast``), the
player passing while trump is named and, at each card with a choice, thinking ``think`` seconds
(the coach prices the cards meanwhile, in the bots' worker) and then playing the costliest card
as ``bela review`` would price it (computed here under CPython from the match the page saved),
so that most cards get a note. Times each note from the click (the card's ``click`` event, in
the page's clock) to ``[data-coach]`` in the page (a MutationObserver), and counts the main
thread's tasks over 50 ms from the page being ready to the match's end.

    .venv/bin/python -m scripts.bench.bench_coach [--think 1.0] [--seed 11] [--speed fast]

``--think 0`` is the coach's worst case: the card is played as soon as the CPython side has
chosen it, mostly before the worker's prices have come; ``notes_after_the_table_moved_on``
counts the notes that appeared once a computer player had already answered the card (0: the
table waits for the note).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from scripts.bench import bench_pyodide as bp

ROOT = Path(__file__).resolve().parents[2]


NOTES_JS = """
(() => {
  window.__clicks = [];
  window.__notes = [];
  document.addEventListener("click", (e) => {
    const card = e.target.closest && e.target.closest('[data-hand="S"] [data-card]');
    if (card) window.__clicks.push([card.getAttribute("data-card"), performance.now()]);
  }, true);
  new MutationObserver(() => {
    const note = document.querySelector("[data-coach]");
    const last = window.__notes[window.__notes.length - 1];
    if (note && (!last || last[2] !== note)) {
      // the trick as the note appears: the cards after the player's show the table moved on
      const trick = [...document.querySelectorAll("[data-trick] [data-card]")].map(
        (e) => e.getAttribute("data-card"));
      const after = trick.length - 1 - trick.indexOf(note.getAttribute("data-card"));
      window.__notes.push([note.getAttribute("data-card"), performance.now(), note, after]);
    }
  }).observe(document, { childList: true, subtree: true });
})();
"""


def measure(
    think: float = 1.0, seed: int = 11, target: int = 501, coach: str = "mistakes", speed: str = "fast"
) -> dict[str, Any]:
    from bela import review
    from bela.review_results import MISTAKE
    from e2e.game import MOVE_TIMEOUT, click_and_wait, human_step, open_game, wait_for_human
    from web.session import Session
    from web.storage import MATCH_KEY, unwrap

    expected: list[str] = []  # the cards played that cost 10 or more
    latencies: list[float] = []
    missing = moved_on = 0
    with bp.serve() as base, bp.browser() as b:
        context = b.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(bp.LONG_JS)
        context.add_init_script(NOTES_JS)
        page = context.new_page()
        open_game(page, base, seed=seed, fresh=1, target=target, speed=speed, lang="en", coach=coach)
        ready = float(page.evaluate("performance.now()"))
        for _ in range(3000):
            kind = wait_for_human(page, timeout=MOVE_TIMEOUT)
            if kind == "over":
                break
            if kind != "play" or page.locator('[data-hand="S"] [data-playable="true"]').count() < 2:
                human_step(page)
                continue
            started = time.perf_counter()
            raw = str(page.evaluate(f"localStorage.getItem({json.dumps(MATCH_KEY)})"))
            match = Session.from_save(unwrap(raw, "match")).match
            found = review.coach_values(match)
            assert found is not None
            best, values, _ = found
            worst = max(values, key=lambda c: (review.cost_of(values, best, c), -c.index))
            cost = review.cost_of(values, best, worst)
            left = think - (time.perf_counter() - started)
            if left > 0:
                page.wait_for_timeout(left * 1000)
            notes_before = int(page.evaluate("window.__notes.length"))
            try:
                click_and_wait(page, f'[data-hand="S"] [data-card="{worst}"]')
            except Exception:
                from e2e.game import snapshot

                print("stuck:", worst, json.dumps(snapshot(page)), file=sys.stderr)
                raise
            if cost >= MISTAKE and coach == "mistakes":
                expected.append(str(worst))
                try:
                    page.wait_for_function(f"window.__notes.length > {notes_before}", timeout=10_000)
                except Exception:
                    missing += 1
                    continue
                click = page.evaluate("window.__clicks[window.__clicks.length - 1]")
                note = page.evaluate("window.__notes.map((n) => [n[0], n[1]])[window.__notes.length - 1]")
                assert note[0] == click[0] == str(worst), (note, click)
                latencies.append(float(note[1]) - float(click[1]))
                moved_on += bool(page.evaluate("window.__notes[window.__notes.length - 1][3]"))
        long_tasks = [d for s, d in page.evaluate("window.__long") if s >= ready]
        context.close()
    return {
        "coach": coach,
        "think_s": think,
        "speed": speed,
        "seed": seed,
        "costly_cards": len(expected),
        "notes_missing": missing,
        "notes_after_the_table_moved_on": moved_on,
        "note_ms": bp.percentiles(latencies),
        "main_thread": {
            "tasks_over_50ms": len(long_tasks),
            "longest_ms": round(max(long_tasks, default=0), 1),
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--think", type=float, default=1.0, help="seconds the player thinks before a card")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--coach", default="mistakes", help="off: the same match without the coach")
    parser.add_argument("--speed", default="fast", help="the table's speed (instant, fast, normal, slow)")
    parser.add_argument("--target", type=int, default=501, help="the match's length")
    args = parser.parse_args()
    print(json.dumps(measure(args.think, args.seed, args.target, args.coach, args.speed), indent=2))


if __name__ == "__main__":
    main()
