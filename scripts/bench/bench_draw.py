"""Drawing in the page (part of `make bench`): how long the page's Python takes to draw.

- ``first_draw``: from the App built to the table ready (performance marks ``bela:app-built``
  and ``bela:ready``: the first full drawing, the listeners, the first save).
- ``redraw``: a full redraw of the table (every card, bubble, the prompt, the sheet and the
  open settings dialog), timed around the change of language that causes it: the radio's
  ``change`` event runs the page's Python synchronously, so the time around ``click()`` is the
  whole redraw.
- ``builders``: a full table's worth of elements (32 cards with their SVG, 12 buttons, a
  table of 8 rows) built with ``web.dom.el`` against PyScript's ``pyscript.web``, in the page's
  interpreter (a ``<script type="py">`` added after ready).

Run alone: ``python -m scripts.bench.bench_draw [--site DIR] [--runs N]`` (prints JSON).
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path
from typing import Any

from scripts.bench import bench_pyodide as bp

ROOT = Path(__file__).resolve().parents[2]


REDRAW_JS = """(lang) => {
  const input = document.querySelector(`input[data-setting="lang"][value="${lang}"]`);
  const t0 = performance.now();
  input.click();
  return performance.now() - t0;
}"""

FIRST_DRAW_JS = """() => {
  const at = (name) => performance.getEntriesByName(name)[0].startTime;
  return at("bela:ready") - at("bela:app-built");
}"""

# Built in the page's interpreter once the game is ready: the same elements both ways.
BUILDERS_PY = """
import json, sys, time, js
preloaded = sorted(m for m in ("pyscript", "pyscript.ffi", "pyscript.web", "inspect") if m in sys.modules)
from pyscript import web as pw
from web.dom import el, svg_use

def with_el():
    cards = [el("button", {"data-card": f"C{i}", "aria-label": "card", "type": "button"}, cls="card",
                children=[svg_use(f"AH", "card-svg")]) for i in range(32)]
    buttons = [el("button", {"type": "button", "data-bid": str(i)}, cls="choice", text="Dalje")
               for i in range(12)]
    rows = [el("tr", children=[el("th", text=str(i)), el("td", text="10"), el("td", text="20")])
            for i in range(8)]
    return el("div", children=[*cards, *buttons, el("table", children=rows)])

def with_pyscript_web():
    cards = []
    for i in range(32):
        b = pw.button(type="button", classes=["card"])
        b._dom_element.setAttribute("data-card", f"C{i}")
        b._dom_element.setAttribute("aria-label", "card")
        b.append(svg_use("AH", "card-svg"))
        cards.append(b)
    buttons = []
    for i in range(12):
        b = pw.button("Dalje", type="button", classes=["choice"])
        b._dom_element.setAttribute("data-bid", str(i))
        buttons.append(b)
    rows = [pw.tr(pw.th(str(i)), pw.td("10"), pw.td("20")) for i in range(8)]
    return pw.div(*cards, *buttons, pw.table(*rows))

def timed(fn, n=30):
    fn()
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    out.sort()
    return out[len(out) // 2]

result = {"el_ms": round(timed(with_el), 2), "pyscript_web_ms": round(timed(with_pyscript_web), 2),
          "already_imported": preloaded}
js.document.body.setAttribute("data-bench-builders", json.dumps(result))
"""


def measure_draw(site: Path = bp.SITE, runs: int = 20) -> dict[str, Any]:
    first: list[float] = []
    redraw: list[float] = []
    builders: dict[str, Any] = {}
    with bp.serve(site) as base, bp.browser() as b:
        for visit in range(5):
            context = b.new_context(viewport={"width": 1280, "height": 800})
            page = context.new_page()
            page.goto(base + "?seed=7&speed=instant&fresh=1&lang=en")
            page.wait_for_function("document.body.dataset.appState === 'ready'", timeout=120_000)
            first.append(float(page.evaluate(FIRST_DRAW_JS)))
            if visit == 0:
                page.evaluate("document.getElementById('open-settings').click()")
                page.wait_for_selector('input[data-setting="lang"]', state="attached")
                page.evaluate(REDRAW_JS, "hr")  # once, not measured
                for i in range(runs):
                    redraw.append(float(page.evaluate(REDRAW_JS, "en" if i % 2 == 0 else "hr")))
                page.evaluate("document.getElementById('dlg-settings').close()")
                page.evaluate(
                    """(code) => { const s = document.createElement('script'); s.type = 'py';
                    s.textContent = code; document.body.appendChild(s); }""",
                    BUILDERS_PY,
                )
                try:
                    page.wait_for_function("document.body.dataset.benchBuilders", timeout=60_000)
                    builders = json.loads(page.evaluate("document.body.dataset.benchBuilders"))
                except Exception as e:  # PyScript may not run a script added late
                    builders = {"error": str(e).splitlines()[0]}
            context.close()
    redraw.sort()
    return {
        "first_draw_median_ms": round(statistics.median(first), 1),
        "redraw_median_ms": round(statistics.median(redraw), 1),
        "redraw_p95_ms": round(redraw[min(len(redraw) - 1, int(0.95 * len(redraw)))], 1),
        "redraws": len(redraw),
        "builders": builders,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=bp.SITE)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args(argv)
    print(json.dumps(measure_draw(args.site, args.runs), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
