"""The last trick dialog: the four cards of the trick last taken, and who took it."""

from __future__ import annotations

from dataclasses import dataclass

from web.dom import by_id, el
from web.model import Model
from web.screens.dialog import dialog_frame
from web.screens.elements import card_el


@dataclass(eq=False)
class LastTrickDialog:
    model: Model

    def open(self) -> None:
        t = self.model.t
        hand = self.model.session.hand
        dialog = by_id("dlg-last")
        if not hand.tricks or hand.trump is None:
            body = [el("p", text=t("last.none"))]
        else:
            trick = hand.tricks[-1]
            winner = trick.winner(hand.trump)
            cards = []
            for seat, card in trick.pairs():
                node = card_el(t, card, attr="data-face", **{"data-seat": seat.name})
                if seat is winner:
                    node.classList.add("win")
                cards.append(node)
            body = [
                el("div", cls="trick last-trick", children=cards),
                el("p", text=t("last.won", seat=t(f"seat.{winner.name}"))),
            ]
        dialog_frame(t, dialog, "last-title", t("last.title"), body)
        dialog.showModal()
