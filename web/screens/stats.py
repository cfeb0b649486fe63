"""The statistics dialog: matches, wins, hands, pad rate, štiglje, average points, hints."""

from __future__ import annotations

from web.dom import by_id, el
from web.model import Model
from web.screens.dialog import dialog_frame
from web.stats import rows


class StatsDialog:
    def __init__(self, model: Model) -> None:
        self.model = model

    def open(self) -> None:
        t = self.model.t
        body = el(
            "tbody",
            children=[
                el("tr", {"data-stat": name}, children=[el("th", {"scope": "row"}, text=a), el("td", text=b)])
                for name, a, b in rows(self.model.stats, t)
            ],
        )
        table = el("table", cls="stats", attrs={"data-stats": ""}, children=[body])
        dialog = by_id("dlg-stats")
        dialog_frame(t, dialog, "stats-title", t("stats.title"), [table])
        dialog.showModal()
