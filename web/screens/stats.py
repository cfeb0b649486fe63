"""The statistics dialog: the counts (matches, wins, hands, pad rate, štiglje, average points,
hints, the reviews' accuracy), the rating against the computer with its uncertainty, and the
charts of the player's progress (web/progress/charts.py), each as an SVG drawn here with a
table of the same numbers beside it for screen readers.

The charts are written as one piece of markup (no inline style: the content security policy
forbids it) and put in at once: a few hundred points cost one call into the page, not one each.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import js

from web.dom import by_id, el
from web.model import Model
from web.progress.charts import HEIGHT, PAD_LEFT, WIDTH, Chart, charts, place, y_at, y_range
from web.progress.levels import LEVEL_RATINGS
from web.progress.rating import MIN_HANDS
from web.screens.dialog import dialog_frame
from web.stats import rows
from web.words import T


@dataclass(eq=False)
class StatsDialog:
    model: Model

    def open(self) -> None:
        started = float(js.performance.now())
        t = self.model.t
        body = el(
            "tbody",
            children=[
                el("tr", {"data-stat": name}, children=[el("th", {"scope": "row"}, text=a), el("td", text=b)])
                for name, a, b in rows(self.model.stats, t)
            ],
        )
        table = el("table", cls="stats", attrs={"data-stats": ""}, children=[body])
        progress = el("section", cls="progress", attrs={"aria-labelledby": "progress-title"})
        progress.innerHTML = self.progress_markup()
        dialog = by_id("dlg-stats")
        export = el(
            "button", {"type": "button", "data-action": "export-stats"}, cls="btn", text=t("stats.export")
        )
        parts = [self.rating(), table, progress, el("div", cls="actions", children=[export])]
        dialog_frame(t, dialog, "stats-title", t("stats.title"), parts)
        dialog.dataset.drawMs = f"{float(js.performance.now()) - started:.1f}"  # the benchmark reads it
        if not dialog.open:
            dialog.showModal()

    def rating(self) -> Any:
        t = self.model.t
        r = self.model.stats.progress.rating
        value = t("progress.pm", value=round(r.mean), pm=round(1.96 * r.sd)) if r.shown() else None
        shown = value or t("stats.rating_wait", n=MIN_HANDS, played=r.hands)
        levels = {k: round(v) for k, v in LEVEL_RATINGS.items()}
        return el(
            "div",
            {
                "data-rating": "",
                "data-value": str(round(r.mean)) if value else "",
                "data-games": str(r.hands),
            },
            cls="rating",
            children=[
                el(
                    "p",
                    children=[
                        el("strong", text=t("stats.rating")),
                        el("span", cls="rating-value", text=shown),
                    ],
                ),
                el("p", cls="note", text=t("stats.rating_levels", **levels)),
                self.kept(),
            ],
        )

    def kept(self) -> Any:
        """Whether the browser keeps the saves (navigator.storage.persist), once known."""
        kept = self.model.saves_kept
        if kept is None:
            return None
        text = self.model.t("stats.saves_kept" if kept else "stats.saves_not_kept")
        return el("p", {"data-persisted": "true" if kept else "false"}, cls="note", text=text)

    def progress_markup(self) -> str:
        t = self.model.t
        parts = [f'<h3 id="progress-title">{escape(t("progress.title"))}</h3>']
        for chart in charts(self.model.stats, t):
            parts.append(figure(chart, t))
        return "".join(parts)


def figure(chart: Chart, t: T) -> str:
    """One chart: its title, the SVG (or "play a few hands"), and its numbers as a table."""
    title = escape(chart.title)
    if not chart.points:
        empty = escape(t("progress.empty"))
        return f'<figure class="chart"><figcaption>{title}</figcaption><p class="note">{empty}</p></figure>'
    rows_html = "".join(
        f'<tr><th scope="row">{escape(p.label)}</th><td>{escape(p.value)}</td></tr>' for p in chart.points
    )
    table = (
        f'<details><summary>{escape(t("progress.numbers"))}</summary><table class="stats chart-table">'
        f'<caption class="sr-only">{title}</caption>'
        f'<thead><tr><th scope="col">{escape(chart.x_name)}</th>'
        f'<th scope="col">{escape(chart.y_name)}</th></tr></thead>'
        f"<tbody>{rows_html}</tbody></table></details>"
    )
    return f'<figure class="chart"><figcaption>{title}</figcaption>{svg(chart)}{table}</figure>'


def svg(chart: Chart) -> str:
    """The chart's picture (hidden from screen readers: its table says the same)."""
    low, high = y_range(chart)
    at = place(chart)
    bottom = y_at(low, low, high)
    out = [
        f'<svg class="chart-svg" data-chart="{chart.name}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        'aria-hidden="true" focusable="false" preserveAspectRatio="xMidYMid meet">',
        f'<text class="axis" x="{PAD_LEFT - 4}" y="{y_at(high, low, high) + 4}">{_num(high)}</text>',
        f'<text class="axis" x="{PAD_LEFT - 4}" y="{bottom}">{_num(low)}</text>',
        f'<line class="base" x1="{PAD_LEFT}" x2="{WIDTH}" y1="{bottom}" y2="{bottom}"/>',
    ]
    for label, y in chart.marks:
        my = y_at(y, low, high)
        out.append(f'<line class="mark" x1="{PAD_LEFT}" x2="{WIDTH}" y1="{my}" y2="{my}"/>')
        out.append(f'<text class="mark-label" x="{WIDTH - 2}" y="{my - 2}">{escape(label)} {_num(y)}</text>')
    zero = y_at(0, low, high) if chart.kind == "bar" else bottom
    slot = (WIDTH - PAD_LEFT - 8) / max(1, len(at))
    if chart.kind == "line" and len(at) > 1:
        out.append(f'<polyline class="line" points="{" ".join(f"{x},{y}" for x, y in at)}"/>')
    for p, (x, y) in zip(chart.points, at, strict=True):
        data = f'data-point="" data-x="{_num(p.x)}" data-y="{_num(p.y)}"'
        if chart.kind == "bar":
            w = min(40.0, slot * 0.6)
            top, h = min(y, zero), abs(zero - y)
            cls = "bar neg" if p.y < 0 else "bar"
            out.append(
                f'<rect class="{cls}" {data} x="{x - w / 2:.1f}" y="{top}" '
                f'width="{w:.1f}" height="{max(h, 1):.1f}"/>'
            )
            if len(at) <= 12:
                out.append(
                    f'<text class="axis bar-label" x="{x}" y="{HEIGHT - 4}">{escape(p.label[-5:])}</text>'
                )
        else:
            out.append(f'<circle class="dot" {data} cx="{x}" cy="{y}" r="{2.5 if len(at) > 40 else 3.5}"/>')
    out.append("</svg>")
    return "".join(out)


def escape(text: str) -> str:
    """``text`` safe in markup and in a quoted attribute (the html package is slow to import in
    Pyodide: tests/test_web_imports.py)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _num(v: float) -> str:
    return f"{v:g}" if v != int(v) else str(int(v))
