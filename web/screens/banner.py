"""The banner over the trick: the declarations shown after the first trick, belot, štiglja."""

from __future__ import annotations

from dataclasses import dataclass

from web.dom import by_id, el, replace_children
from web.model import Model
from web.screens.elements import mini_cards


@dataclass(eq=False)
class BannerView:
    model: Model

    def render(self) -> None:
        box = by_id("banner")
        banner = self.model.banner
        if banner is None:
            box.hidden = True
            box.removeAttribute("data-sig")
            return
        text, cards, big = banner
        sig = text + ",".join(c.notation for c in cards)
        if box.getAttribute("data-sig") == sig and not box.hidden:
            return
        box.setAttribute("data-sig", sig)
        box.className = "banner big" if big else "banner"
        replace_children(box, [el("div", text=text), mini_cards(self.model.t, cards) if cards else None])
        box.hidden = False
