"""The coach's note under the prompt (``[data-coach]``, ui-contract.md "Coach and take-back"): what
the card just played cost, the better card and why, with Take back. Drawn from the model only
(web/flows/coach.py decides when there is one)."""

from __future__ import annotations

from dataclasses import dataclass

from web.coach.note import coach_texts, data_cost
from web.dom import by_id, el, placed, replace_children
from web.flows.coach import shown
from web.model import Model


@dataclass(eq=False)
class CoachLine:
    model: Model

    def render(self) -> None:
        m = self.model
        box = placed(by_id("choices").before, "div", {"id": "coach-box"}, cls="coach-box")
        note = shown(m)
        sig = "" if note is None else f"{note.key}|{note.choice}|{m.lang}|{m.settings.deck}"
        if box.getAttribute("data-sig") == sig:
            return
        box.setAttribute("data-sig", sig)
        if note is None:
            replace_children(box, [])
            return
        t = m.t
        head, why = coach_texts(t, note)
        attrs = {
            "data-coach": "",
            f"data-{note.kind}": note.choice,
            "data-cost": data_cost(note),
            "data-better": note.better,
            "role": "note",
        }
        replace_children(
            box,
            [
                el(
                    "div",
                    attrs,
                    cls="coach-note",
                    children=[
                        el("strong", cls="coach-head", text=head),
                        el("span", cls="coach-why", text=why),
                        el(
                            "button",
                            {"type": "button", "data-action": "take-back"},
                            cls="btn small coach-back",
                            text=t("coach.take_back"),
                        ),
                    ],
                )
            ],
        )
