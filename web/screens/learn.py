"""Learn Bela: the lessons' list (a dialog, ``[data-learn]``, one ``[data-lesson]`` button per
lesson with ``data-done``) and the panel over the table while a lesson is open (what is asked,
then ``[data-lesson-result]`` with why, and the buttons to try again, go on or leave), drawn
from web/learn/view.py's view models. The page root carries ``data-mode="learn"`` and
``data-lesson`` while a lesson is open (web/screens/daily.py sets the mode)."""

from __future__ import annotations

from typing import Any

import js

from web.dom import by_id, el, obj, once, q, replace_children
from web.learn.lessons import Lesson
from web.learn.view import PanelView, list_view, panel_view
from web.model import Model
from web.screens.dialog import made_dialog


class LearnScreen:
    def __init__(self, model: Model, lessons: list[Lesson]) -> None:
        self.model = model
        self.lessons = lessons

    # -- the list ------------------------------------------------------------------------------

    def open_list(self) -> None:
        dialog = made_dialog("dlg-learn", "learn-title", "learn", "learn-list")
        self.render_list()
        if not dialog.open:
            dialog.showModal()
        current = self.model.lesson
        target = q(f'[data-lesson="{current.lesson.ident}"]', dialog) if current is not None else None
        if target is None:
            target = q('[data-lesson][data-done="false"]', dialog) or q("[data-lesson]", dialog)
        if target is not None:
            target.focus(obj({"preventScroll": False}))

    def close_list(self) -> None:
        dialog = by_id("dlg-learn")
        if dialog is not None and dialog.open:
            dialog.close()

    def render_list(self) -> None:
        dialog = by_id("dlg-learn")
        if dialog is None:
            return
        m = self.model
        t = m.t
        v = list_view(self.lessons, m.learned, t, m.lang)
        rows = []
        for item in v.items:
            button = el(
                "button",
                {"type": "button", "data-lesson": item.ident, "data-done": "true" if item.done else "false"},
                cls="lesson-item",
                children=[
                    el(
                        "span",
                        {"aria-hidden": "true"},
                        cls="lesson-mark",
                        text="✓" if item.done else str(item.number),
                    ),
                    el("span", cls="lesson-name", text=item.title),
                    el("span", cls="lesson-state", text=item.state),
                ],
            )
            rows.append(el("li", children=[button]))
        close = el("button", {"type": "button", "data-close": ""}, cls="btn", text=t("action.close"))
        replace_children(
            dialog,
            [
                el(
                    "div",
                    cls="dialog-body",
                    children=[
                        el("h2", {"id": "learn-title"}, text=v.title),
                        el("p", text=v.intro),
                        el("p", cls="learn-count", text=v.count),
                        el("p", cls="learn-all-done", text=v.all_done) if v.all_done else None,
                        el("ol", cls="lesson-list", children=rows),
                        el("div", cls="actions", children=[close]),
                    ],
                )
            ],
        )

    # -- the panel over the table ------------------------------------------------------------------

    def live(self, text: str) -> None:
        """Say ``text`` in the page's live region (screen readers read it out)."""
        q("[data-live]").textContent = text

    def render_lesson(self, focus: bool = False) -> None:
        """The panel as the model says (drawn anew only when the lesson, its result or the
        language changed); ``focus``: the result, or else the player's cards, get the focus."""
        m = self.model
        root = js.document.documentElement
        panel = by_id("lesson-panel")
        state = m.lesson
        if state is None:
            if root.hasAttribute("data-lesson"):
                root.removeAttribute("data-lesson")
            if panel is not None and not panel.hidden:
                panel.hidden = True
                panel.removeAttribute("data-sig")
                replace_children(panel, [])
            self.render_list()
            return
        root.setAttribute("data-lesson", state.lesson.ident)
        root.dataset.mode = "learn"
        if panel is None:
            panel = el(
                "section", {"id": "lesson-panel", "aria-labelledby": "lesson-title"}, cls="lesson-panel"
            )
            table = by_id("table")
            table.insertBefore(panel, table.firstChild)  # read (and tabbed through) before the table
        t = m.t
        v = panel_view(self.lessons, state, t, m.lang)
        sig = f"{v.ident}:{v.result}:{v.why}:{m.lang}"
        if panel.getAttribute("data-sig") != sig or panel.hidden:
            panel.setAttribute("data-sig", sig)
            self.draw_panel(panel, v)
        if not focus:
            return
        result = q("[data-lesson-result]", panel)
        if result is not None:
            result.focus(obj({"preventScroll": False}))
            return
        active = js.document.activeElement
        if active is not None and active != js.document.body and hasattr(active, "blur"):
            active.blur()  # the list's button is gone: the player's cards (or bids) next
        once(lambda _stamp: self.focus_table())

    def draw_panel(self, panel: Any, v: PanelView) -> None:
        t = self.model.t
        buttons: list[Any] = []
        result = None
        if v.result:
            result = el(
                "p",
                {"data-lesson-result": v.result, "tabindex": "-1"},
                cls=f"lesson-result {v.result}",
                children=[el("strong", text=v.head), el("span", text=" " + v.why)],
            )
            buttons.append(self.button(t("action.retry"), "retry", primary=v.result == "wrong"))
        buttons.append(
            self.button(
                t("learn.to_list") if v.last else t("action.next_lesson"),
                "next-lesson",
                primary=v.result == "right",
            )
        )
        buttons.append(el("button", {"type": "button", "data-close": ""}, cls="btn", text=t("learn.leave")))
        replace_children(
            panel,
            [
                el("p", cls="lesson-step", text=v.step),
                el("h2", {"id": "lesson-title"}, text=v.title),
                el("p", cls="lesson-ask answered" if v.result else "lesson-ask", text=v.ask),
                result,
                el("div", cls="actions", children=buttons),
            ],
        )
        panel.hidden = False

    def focus_table(self) -> None:
        target = q("#choices button:not([disabled])") or q('#hand [data-card][tabindex="0"]')
        if target is not None:
            target.focus(obj({"preventScroll": True}))

    @staticmethod
    def button(text: str, action: str, primary: bool = False) -> Any:
        return el(
            "button",
            {"type": "button", "data-action": action},
            cls="btn primary" if primary else "btn",
            text=text,
        )
