"""The prompt under the table: the status line and the buttons of the player's decision
(naming trump, zovem / ne zovem, bela), drawn from web/prompt.py's view model."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bela.hand import Hand
from web.dom import by_id, el, obj, q, replace_children
from web.model import Model
from web.prompt import Choice, prompt
from web.screens.elements import deck_of, mini_cards, suit_mark


@dataclass(eq=False)
class PromptLine:
    model: Model

    def render(self, hand: Hand) -> None:
        m = self.model
        t = m.t
        p = prompt(
            hand,
            t,
            can_act=m.human_can_act(),
            over=m.session.match.over or (m.lesson is not None and m.lesson.result is not None),
            pending_bela=m.pending_bela,
            refusal=m.refusal,
        )
        status = by_id("status")
        status.textContent = p.text
        status.classList.toggle("refusal", p.refusal)
        choices = by_id("choices")
        sig = p.signature() + m.lang + deck_of(t)
        if choices.getAttribute("data-sig") != sig:
            choices.setAttribute("data-sig", sig)
            buttons = [self.button(c) for c in p.choices]
            if p.choices and p.choices[0].kind == "declare":
                buttons.append(el("div", cls="decl-list", children=[mini_cards(t, p.cards)]))
            replace_children(choices, buttons)

    def button(self, c: Choice) -> Any:
        attrs: dict[str, str | bool | None] = {"type": "button", f"data-{c.kind}": c.value}
        if c.suit:
            attrs["aria-label"] = c.label
            children = [suit_mark(self.model.t, c.suit), el("small", text=c.label)]
            return el("button", attrs, cls="choice", children=children)
        if c.kind == "bid":  # dalje
            attrs.update({"disabled": c.disabled, "title": c.title})
            children = [el("span", text=c.label), el("small", text=c.small) if c.small else None]
            return el("button", attrs, cls="choice", children=children)
        return el("button", attrs, cls="choice primary" if c.primary else "choice", text=c.label)

    def focus(self) -> None:
        """The first choice takes the keyboard (a choice has just appeared)."""
        first = q("#choices button:not([disabled])")
        if first is not None:
            first.focus(obj({"preventScroll": True}))
