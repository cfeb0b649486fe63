"""The Hint button beside the status line and the line under it with the hint's words; the
suggested card or button highlighted (``[data-hinted]``). The hint itself is web/hint/advice.py's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from web.dom import Attrs, by_id, el, placed, q, qa, replace_children
from web.hint.advice import hint_texts, target
from web.model import Model
from web.screens.elements import bulb_icon


@dataclass(eq=False)
class HintLine:
    model: Model

    def parts(self) -> tuple[Any, Any]:
        """The Hint button (after the status line) and the line under it for the hint's words,
        made on first use."""
        button = placed(
            by_id("prompt").appendChild,
            "button",
            {"type": "button", "id": "hint", "data-action": "hint", "aria-keyshortcuts": "H Shift+?"},
            cls="hint-btn",
            children=[bulb_icon(), el("span", cls="hint-label")],
        )
        attrs: Attrs = {"id": "hint-line", "data-hint-text": "", "hidden": True}
        line = placed(by_id("prompt").after, "p", attrs, cls="hint-line")
        return button, line

    def render(self) -> None:
        """The Hint button (usable when the player is to act; busy while the worker thinks), the
        suggested control highlighted and the hint's words, for the current position only."""
        m = self.model
        t = m.t
        button, line = self.parts()
        key = m.position_key()
        hand = m.session.hand
        thinking = m.hints.thinking(key)
        advice = m.hints.shown(key)
        button.hidden = m.session.match.over or hand.finished
        button.disabled = not m.human_can_act()
        q(".hint-label", button).textContent = t("hint.button")
        button.setAttribute("title", t("hint.title"))
        button.classList.toggle("thinking", thinking)
        dots = q(".thinking-dots", button)
        if thinking:
            button.setAttribute("aria-busy", "true")
            button.setAttribute("aria-label", t("hint.thinking"))
            if dots is None:
                button.appendChild(el("span", cls="thinking-dots", children=[el("i"), el("i"), el("i")]))
        else:
            button.removeAttribute("aria-busy")
            button.removeAttribute("aria-label")
            if dots is not None:
                dots.remove()
        found = q(target(advice, m.pending_bela)) if advice is not None else None
        for node in qa("[data-hinted]"):
            if found is None or not node.isSameNode(found):
                node.removeAttribute("data-hinted")
        if found is not None and found.getAttribute("data-hinted") != "true":
            found.setAttribute("data-hinted", "true")
        texts = hint_texts(m.t, advice) if advice is not None else []
        if not texts and m.hints.failed:
            texts = [t("hint.failed")]
        sig = "\n".join(texts)
        if line.getAttribute("data-sig") != sig:
            line.setAttribute("data-sig", sig)
            parts = [el("strong" if i == 0 else "span", cls="hint-part", text=x) for i, x in enumerate(texts)]
            replace_children(line, parts)
        line.hidden = not texts
