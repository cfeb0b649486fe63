"""Today's deals on the page: the page root's ``data-mode`` / ``data-daily``, the strip over the
table (the day, the hand, the house rules), the day's card after the last hand (the total
against par, a row per hand, the share text) and sharing (the system's share sheet where there
is one, else the clipboard)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import js

from web.daily.view import Duplicate, card_rows, share_text, signed
from web.dom import by_id, el, q, replace_children
from web.model import Model
from web.screens.elements import action_button, column_heads
from web.words import T


@dataclass(eq=False)
class DailyScreen:
    model: Model

    def render(self) -> None:
        m = self.model
        dup = m.session.duplicate
        root = js.document.documentElement
        if m.lesson is not None:
            root.dataset.mode = "learn"
        elif m.session.practice:
            root.dataset.mode = "practice"
        else:
            root.dataset.mode = "match" if dup is None else dup.kind
        if dup is not None and dup.kind == "daily":
            root.dataset.daily = dup.date
        elif root.hasAttribute("data-daily"):
            root.removeAttribute("data-daily")
        # the deal numbers whose par is known (make bench times them; not a contract hook)
        root.dataset.parsReady = ",".join(str(n) for n in sorted(dup.pars)) if dup is not None else ""
        self.render_strip(dup if m.lesson is None else None)
        self.render_card(dup)

    def rules_text(self) -> str:
        rules = self.model.session.match.rules
        return self.model.t("daily.rules", target=rules.target, stiglja=rules.stiglja)

    def render_strip(self, dup: Duplicate | None) -> None:
        strip = by_id("daily-strip")
        if strip is None:
            return
        if self.model.session.practice:
            self.render_practice(strip)
            return
        if dup is None:
            strip.hidden = True
            return
        t = self.model.t
        session = self.model.session
        if dup.kind == "daily":
            head = t(
                "daily.strip",
                date=dup.date,
                n=min(session.hand_number, len(dup.numbers)),
                total=len(dup.numbers),
            )
        elif dup.kind == "challenge":
            head = t("challenge.strip", n=min(session.hand_number, len(dup.numbers)), total=len(dup.numbers))
        else:
            head = t("daily.strip_deal")
        practice = t("daily.practice_mark") if dup.practice else ""
        marks = [el("span", cls="practice", text=practice)] if practice else []
        rules = el("span", cls="rules", text=self.rules_text())
        back = action_button(t("action.back_to_match"), "leave-daily", "btn small")
        children = [el("strong", text=head), *marks, rules, back]
        _show_strip(strip, f"{head}|{practice}|{self.model.lang}", children)

    def render_practice(self, strip: Any) -> None:
        """A hand played again from its review (web/flows/practice.py): which, and the way back."""
        m = self.model
        t = m.t
        back = m.practice
        head = t("practice.strip", n=back.number, k=back.step + 1) if back is not None else ""
        note = el("span", cls="rules", text=t("practice.note"))
        back = action_button(t("action.back_to_review"), "back-to-review", "btn small")
        _show_strip(strip, f"practice|{head}|{m.lang}", [el("strong", text=head), note, back])

    def render_card(self, dup: Duplicate | None) -> None:
        """The day's card, under the last hand's summary, once every hand is played."""
        m = self.model
        box = by_id("overlay")
        panel = q(".panel", box) if box is not None and not box.hidden else None
        if dup is None or panel is None or not dup.complete(m.session.match):
            return
        if dup.kind == "challenge":
            return  # its card is web/screens/challenge.py's
        total = dup.total_vs_par(m.session.match)
        text = share_text(m.t, dup, m.session.match, str(js.location.href)) if total is not None else ""
        sig = f"{dup.sig()}|{text}|{m.lang}"
        old = q("[data-daily-card]", panel)
        if old is not None:
            if old.getAttribute("data-sig") == sig:
                return
            old.remove()
        panel.appendChild(self.card(dup, total, text, sig))

    def card(self, dup: Duplicate, total: int | None, text: str, sig: str) -> Any:
        t = self.model.t
        title = t("daily.card_title", date=dup.date) if dup.kind == "daily" else t("daily.deal_title")
        if total is None:
            total_line = el("p", cls="verdict", text=t("daily.par_computing"))
        else:
            tone = "good" if total > 0 else "bad" if total < 0 else ""
            total_line = el("p", cls=f"verdict {tone}".strip(), text=t("daily.total", vs=signed(total)))
        status = t("daily.practice") if dup.practice else t("daily.for_record") if dup.kind == "daily" else ""
        share_box = el(
            "textarea",
            {"data-share-text": "", "readonly": True, "rows": 3, "aria-label": t("daily.share_label")},
            text=text,
        )
        attrs = {"data-daily-card": "", "data-total-vs-par": total, "data-sig": sig}
        return el(
            "section",
            {**attrs, "aria-labelledby": "daily-card-title"},
            cls="daily-card",
            children=[
                el("h2", {"id": "daily-card-title"}, text=title),
                total_line,
                self.card_table(dup),
                el("p", cls="sub", text=status) if status else None,
                el("p", cls="sub", text=self.rules_text()),
                share_box,
                el("div", cls="actions", children=card_buttons(t, dup, total)),
            ],
        )

    def card_table(self, dup: Duplicate) -> Any:
        """Each hand: our points, par's, and ours against par."""
        t = self.model.t
        rows = [
            el(
                "tr",
                {"data-daily-hand": r.number, "data-vs-par": r.vs_par},
                children=[
                    el("th", {"scope": "row"}, text=str(r.number)),
                    el("td", cls="ns-col", text=f"{r.ours[0]} : {r.ours[1]}"),
                    el("td", text=f"{r.par[0]} : {r.par[1]}" if r.par else "…"),
                    el("td", cls="vs", text=signed(r.vs_par) if r.vs_par is not None else "…"),
                ],
            )
            for r in card_rows(dup, self.model.session.match)
        ]
        cols = ("daily.col_hand", "daily.col_us", "daily.col_par", "daily.col_vs")
        head = column_heads(*(t(c) for c in cols))
        return el("table", cls="summary daily-rows", children=[head, el("tbody", children=rows)])


def card_buttons(t: T, dup: Duplicate, total: int | None) -> list[Any]:
    """Share (once par is known), play the day again (today's deals), back to the match."""
    buttons = [
        action_button(t("action.share"), "share-daily", "btn primary", disabled=total is None),
        action_button(t("action.back_to_match"), "leave-daily"),
    ]
    if dup.kind == "daily":
        buttons.insert(1, action_button(t("action.replay_daily"), "replay-daily"))
    return buttons


async def share(text: str) -> str:
    """Hand ``text`` to the system's share sheet where the browser has one (shared), else to
    the clipboard (copied); failed if neither took it (the text stays on the card to copy)."""
    nav = js.navigator
    try:
        if hasattr(nav, "share") and nav.share is not None:
            await nav.share(js.Object.fromEntries([["text", text]]))
            return "shared"
    except Exception as e:
        if "AbortError" in str(e):
            return "cancelled"
    try:
        await nav.clipboard.writeText(text)
        return "copied"
    except Exception:
        return "failed"


def _show_strip(strip: Any, sig: str, children: list[Any]) -> None:
    """The strip shown with ``children``, drawn again only when its signature changed."""
    if strip.getAttribute("data-sig") != sig:
        strip.setAttribute("data-sig", sig)
        replace_children(strip, children)
    strip.hidden = False
