"""The table: the scores and the trump in the top bar, the four seats (names, the dealer's chip,
speech bubbles, who is thinking), the other seats' cards face down, and the trick in the middle
with its animations (a card flying in, the trick swept to its winner)."""

from __future__ import annotations

from typing import Any

import js

from bela.cards import Card
from bela.hand import Hand, Trick
from bela.seats import SEATS, Seat
from web.dom import attr, by_id, el, obj, once, q, qa, replace_children
from web.model import Model
from web.screens.elements import card_el, suit_words
from web.session import Outcome
from web.view import bubbles, held_count


class Table:
    def __init__(self, model: Model) -> None:
        self.model = model
        self.trick_shown: list[tuple[Seat, str]] = []

    def forget(self) -> None:
        """Draw every card anew next time (after a change of language or card pattern)."""
        for node in qa("#table .card"):
            node.remove()
        for node in qa(".bubble[data-say]"):
            node.removeAttribute("data-say")
        self.trick_shown = []

    def render_root(self, hand: Hand) -> None:
        """Whose turn, the dealer and the phase on the page's root; the running totals."""
        m = self.model
        match = m.session.match
        root = js.document.documentElement
        over = match.over
        turn = hand.turn
        root.setAttribute("data-turn", turn.name if turn is not None and not over else "")
        root.setAttribute("data-dealer", hand.dealer.name)
        root.setAttribute("data-phase", "over" if over else hand.phase.value)
        score = match.score()
        q('[data-score="NS"]').textContent = str(score.totals[0])
        q('[data-score="EW"]').textContent = str(score.totals[1])
        target_text = m.t("sheet.target", target=match.rules.target)
        by_id("target").textContent = target_text
        by_id("sheet-target").textContent = target_text
        by_id("open-last").disabled = not hand.tricks

    def render_trump(self, hand: Hand) -> None:
        t = self.model.t
        box = by_id("trump")
        suit_box = by_id("trump-suit")
        if hand.trump is None:
            box.setAttribute("data-trump", "")
            box.setAttribute("title", t("trump.none"))
            replace_children(suit_box, [el("span", text="—")])
            return
        letter = hand.trump.letter
        box.setAttribute("data-trump", letter)
        named = t("trump.named", suit=t(f"suit.{letter}"))
        box.setAttribute("title", named)
        box.setAttribute("aria-label", named)
        replace_children(suit_box, suit_words(t, letter))

    def render_seats(self, hand: Hand, new_hand: bool, animate: bool) -> None:
        m = self.model
        t = m.t
        said = bubbles(hand, m.showing)
        thinking = m.busy and hand.turn is not None and hand.turn is not Seat.S and not hand.finished
        for seat in SEATS:
            area = q(f'[data-seat-area="{seat.name}"]')
            area.setAttribute("data-team", seat.team.name)
            area.classList.toggle("is-turn", hand.turn is seat and not m.session.match.over)
            plate = q(".plate", area)
            name = q(".name", plate)
            name.textContent = t(f"seat.{seat.name}")
            dots = q(".thinking-dots", plate)
            if thinking and hand.turn is seat:
                if dots is None:
                    plate.insertBefore(
                        el("span", cls="thinking-dots", children=[el("i"), el("i"), el("i")]),
                        name.nextSibling,
                    )
            elif dots is not None:
                dots.remove()
            chip = q(".dealer-chip", plate)
            chip.hidden = hand.dealer is not seat
            chip.setAttribute("title", t("dealer.label"))
            bubble = q(".bubble", plate)
            b = said.get(seat)
            if b is None:
                bubble.hidden = True
                bubble.removeAttribute("data-say")
            else:
                sig = f"{b.kind}:{b.suit}:{b.points}:{m.lang}"
                if bubble.getAttribute("data-say") != sig or bubble.hidden:
                    bubble.setAttribute("data-say", sig)
                    replace_children(
                        bubble,
                        self.bubble_content(b.kind, b.suit.letter if b.suit is not None else "", b.points),
                    )
                    bubble.hidden = False
                    gloss = {"pass": "gloss.dalje", "decl": "gloss.zvanja", "bela": "gloss.bela"}.get(b.kind)
                    if gloss is not None:
                        bubble.setAttribute("title", t(gloss))
                    else:
                        bubble.removeAttribute("title")
            if seat is not Seat.S:
                self.render_backs(hand, seat, new_hand, animate)

    def bubble_content(self, kind: str, letter: str, points: int) -> list[Any]:
        t = self.model.t
        if kind == "pass":
            return [el("span", text=t("say.pass"))]
        if kind == "bid":
            return suit_words(t, letter)
        if kind == "zovem":
            return [el("span", text=t("say.zovem"))]
        if kind == "ne_zovem":
            return [el("span", text=t("say.ne_zovem"))]
        if kind == "bela":
            return [el("span", text=t("say.bela"))]
        return [el("span", text=t("say.decl", points=points))]

    def render_backs(self, hand: Hand, seat: Seat, new_hand: bool, animate: bool) -> None:
        t = self.model.t
        box = q(f'[data-hand="{seat.name}"]')
        count = held_count(hand, seat)
        cards = qa('[data-card="back"]', box)
        if new_hand:
            for c in cards:
                c.remove()
            cards = []
        box.classList.toggle("deal", animate)
        for c in cards[count:]:
            c.remove()
        for i in range(len(cards), count):
            node = card_el(t, None)
            node.style.setProperty("--i", str(i))
            if not new_hand and not self.model.timing.instant:
                node.classList.add("arrive")
            box.appendChild(node)
        badge = q(".count", box)
        if badge is None:
            badge = el("span", {"aria-hidden": "true"}, cls="count")
            box.appendChild(badge)
        badge.textContent = str(count)
        badge.hidden = count == 0
        box.appendChild(badge)
        box.setAttribute("aria-label", t("hand.others", seat=t(f"seat.{seat.name}"), count=count))
        box.setAttribute("role", "img")

    def render_trick(self, hand: Hand, played: Outcome | None) -> None:
        m = self.model
        box = q("[data-trick]")
        showing: Trick | None = m.showing
        trick = showing if showing is not None else hand.trick
        pairs = [(seat, card.notation) for seat, card in trick.pairs()]
        if pairs == self.trick_shown and len(qa("[data-card]", box)) == len(pairs):
            return
        existing = {str(n.getAttribute("data-seat")): n for n in qa("[data-card]", box)}
        keep = {s.name: c for s, c in pairs}
        for seat_name, node in existing.items():
            if keep.get(seat_name) != attr(node, "data-card"):
                node.remove()
        winner = None
        if showing is not None and hand.trump is not None:
            winner = showing.winner(hand.trump)
        for seat, notation in pairs:
            node = q(f'[data-seat="{seat.name}"]', box)
            if node is None:
                node = card_el(m.t, Card.parse(notation), **{"data-seat": seat.name})
                box.appendChild(node)
                if played is not None and played.seat is seat and not m.timing.instant:
                    self.fly_in(node, seat)
            node.classList.toggle("win", winner is seat)
        self.trick_shown = pairs

    def fly_in(self, node: Any, seat: Seat) -> None:
        """The card just played flies in from its seat, measured at the next frame (measured now,
        the page would be laid out in the middle of drawing it, and again for the frame)."""
        once(lambda _stamp: self._fly_in(node, seat) if node.isConnected else None)

    def _fly_in(self, node: Any, seat: Seat) -> None:
        source = by_id("hand") if seat is Seat.S else q(f'[data-hand="{seat.name}"]')
        if source is None:
            return
        a = source.getBoundingClientRect()
        b = node.getBoundingClientRect()
        dx = (a.left + a.width / 2) - (b.left + b.width / 2)
        dy = (a.top + a.height / 2) - (b.top + b.height / 2)
        frames = [
            {"transform": f"translate({dx:.0f}px, {dy:.0f}px) scale(0.8)", "opacity": 0.4},
            {"transform": "none", "opacity": 1},
        ]
        node.animate(obj(frames), obj({"duration": self.model.timing.anim, "easing": "ease-out"}))

    def collect(self, trick: Trick | None, winner: Seat | None) -> None:
        """Sweep the complete trick towards its winner."""
        timing = self.model.timing
        if trick is None or winner is None or timing.instant:
            return
        target = by_id("hand") if winner is Seat.S else q(f'[data-hand="{winner.name}"]')
        a = target.getBoundingClientRect()
        for node in qa("[data-trick] [data-card]"):
            b = node.getBoundingClientRect()
            dx = (a.left + a.width / 2) - (b.left + b.width / 2)
            dy = (a.top + a.height / 2) - (b.top + b.height / 2)
            frames = [
                {"transform": "none", "opacity": 1},
                {"transform": f"translate({dx:.0f}px, {dy:.0f}px) scale(0.5)", "opacity": 0},
            ]
            node.animate(obj(frames), obj({"duration": timing.anim, "easing": "ease-in", "fill": "forwards"}))
