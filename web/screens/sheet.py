"""The score sheet in the side panel, as on paper: a row per finished hand (mi / vi) with its
pad / visi / štiglja / belot marks, the totals, and a note (no hand yet, points hanging)."""

from __future__ import annotations

from dataclasses import dataclass

import js

from bela.seats import Team
from web.dom import by_id, el, replace_children
from web.model import Model
from web.screens.elements import review_button
from web.view import sheet_rows


@dataclass(eq=False)
class Sheet:
    model: Model

    def forget(self) -> None:
        """Draw the rows anew next time (another language)."""
        by_id("sheet-body").removeAttribute("data-lang")

    def render(self) -> None:
        m = self.model
        t = m.t
        match = m.session.match
        rows = []
        for row in sheet_rows(match):
            cells = [el("th", {"scope": "row"}, text=str(row.number))]
            cells[0].appendChild(review_button(t, row.number, label=False))
            for team, value in ((Team.NS, row.ns), (Team.EW, row.ew)):
                td = el("td")
                for tag_team, tag in row.tags:
                    if tag_team is team:
                        td.appendChild(
                            el("span", {"title": t(f"gloss.{tag}")}, cls=f"tag {tag}", text=t(f"sheet.{tag}"))
                        )
                        if tag == "pad":
                            td.classList.add("fell")
                td.appendChild(js.document.createTextNode(str(value)))
                cells.append(td)
            rows.append(el("tr", {"data-hand-row": str(row.number)}, children=cells))
        body = by_id("sheet-body")
        if body.childElementCount != len(rows) or body.getAttribute("data-lang") != m.lang:
            body.setAttribute("data-lang", m.lang)
            replace_children(body, rows)
        score = match.score()
        by_id("sheet-ns").textContent = str(score.totals[0])
        by_id("sheet-ew").textContent = str(score.totals[1])
        note = by_id("sheet-note")
        if not rows:
            note.textContent = t("sheet.empty")
        elif score.hanging:
            note.textContent = t("sheet.hanging", points=score.hanging)
        else:
            note.textContent = ""
