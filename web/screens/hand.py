"""The player's hand (South): the cards in the order the player holds them, which of them may
be played, the talon before trump is named, and the keyboard focus among the cards (one tab
stop, moved by the arrows, Home and End)."""

from __future__ import annotations

from typing import Any

import js

from bela.actions import Phase
from bela.hand import Hand
from bela.seats import Seat
from web.dom import attr, by_id, closest, nn, obj, q, qa, replace_children
from web.model import Model
from web.screens.elements import card_el
from web.view import display_order


class PlayerHand:
    def __init__(self, model: Model) -> None:
        self.model = model
        self.last_focus_card = ""

    def render(self, hand: Hand, new_hand: bool, animate: bool) -> None:
        """The human's cards, updated in place (focus and animations survive a redraw)."""
        m = self.model
        box = by_id("hand")
        cards = display_order(hand.seen_cards(Seat.S), hand.trump)
        wanted = [c.notation for c in cards]
        active = m.human_can_act() and hand.phase is Phase.PLAYING
        legal = {c.notation for c in hand.legal_cards()} if active else set()
        existing = {str(n.getAttribute("data-card")): n for n in qa("[data-card]", box)}
        box.classList.toggle("deal", animate)
        if new_hand:
            for n in existing.values():
                n.remove()
            existing = {}
        for k, n in list(existing.items()):
            if k not in wanted:
                n.remove()
                del existing[k]
        focus_key = self.tab_stop(wanted, legal)
        nodes = []
        for i, card in enumerate(cards):
            k = card.notation
            node = existing.get(k)
            if node is None:
                node = card_el(m.t, card, tag="button", type="button")
                node.style.setProperty("--i", str(i))
                if not new_hand and not m.timing.instant:
                    node.classList.add("arrive")
            node.setAttribute("data-playable", "true" if k in legal else "false")
            node.setAttribute("tabindex", "0" if k == focus_key else "-1")
            node.classList.toggle("pending", m.pending_bela is not None and m.pending_bela.notation == k)
            nodes.append(node)
        current = [str(n.getAttribute("data-card")) for n in qa("[data-card]", box)]
        if current != wanted:
            focused = nn(js.document.activeElement)
            focused_key = (
                str(attr(focused, "data-card")) if closest(focused, "#hand [data-card]") is not None else ""
            )
            replace_children(box, nodes)
            if focused_key and focused_key in wanted:
                nodes[wanted.index(focused_key)].focus(obj({"preventScroll": True}))
        box.setAttribute("data-active", "true" if active else "false")
        self.render_talon(hand)

    def render_talon(self, hand: Hand) -> None:
        talon = by_id("talon")
        if hand.trump is None:
            if len(qa(".card", talon)) != 2:
                t = self.model.t
                replace_children(
                    talon, [card_el(t, None, attr="data-face"), card_el(t, None, attr="data-face")]
                )
            talon.setAttribute("title", self.model.t("talon.label"))
            talon.hidden = False
        else:
            talon.hidden = True

    def tab_stop(self, wanted: list[str], legal: set[str]) -> str:
        if self.last_focus_card in wanted and (not legal or self.last_focus_card in legal):
            return self.last_focus_card
        for k in wanted:
            if k in legal:
                return k
        return wanted[0] if wanted else ""

    def restore_focus(self) -> None:
        """Keyboard play: when focus was lost (the button pressed is gone), put it where the
        player acts next; never steal it from another control."""
        active = nn(js.document.activeElement)
        if active is not None and active != js.document.body and active.isConnected:
            return
        target = q("#choices button:not([disabled])")
        if target is None:
            target = q('#hand [data-card][tabindex="0"]')
        if target is not None:
            target.focus(obj({"preventScroll": True}))

    def move_focus(self, node: Any, key: str) -> None:
        cards = qa("#hand [data-card]")
        keys = [str(n.getAttribute("data-card")) for n in cards]
        i = keys.index(str(node.getAttribute("data-card")))
        if key in ("ArrowLeft", "ArrowUp"):
            i = (i - 1) % len(cards)
        elif key in ("ArrowRight", "ArrowDown"):
            i = (i + 1) % len(cards)
        elif key == "Home":
            i = 0
        else:
            i = len(cards) - 1
        for n in cards:
            n.setAttribute("tabindex", "-1")
        cards[i].setAttribute("tabindex", "0")
        cards[i].focus(obj({"preventScroll": True}))
        self.last_focus_card = keys[i]

    def shake(self, notation: str) -> None:
        """The card the player tried and may not play shakes."""
        node = q(f'#hand [data-card="{notation}"]')
        if node is None or self.model.timing.instant:
            return
        node.classList.remove("refused")
        _ = node.offsetWidth
        node.classList.add("refused")
