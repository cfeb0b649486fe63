"""A guest's table in a room of friends, drawn from its own seat out of the view its host sent
(web/friends/guest_table.py): its seat at the bottom and the others round from it, the hooks
naming the real seats; its cards, the others' backs, the trick, its choices, the score sheet
(mi / vi from its own side), the hand's summary with its deal check, and the others' moves in
the live region. The plates of a host's table name the friends too."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import js

from bela.cards import Card
from bela.seats import SEATS, Seat
from web.dom import by_id, el, q, qa, replace_children
from web.friends.guest_table import AREAS, GuestTable, guest_table
from web.friends.state import RoomState
from web.model import Model
from web.screens.elements import card_el, suit_mark, suit_words
from web.words import card_name


@dataclass(eq=False)
class GuestTableView:
    model: Model
    rotated: str = field(default="S", init=False)  # the seat drawn at the bottom
    heard: tuple[int, int, int] = field(default=(0, 0, 0), init=False)  # hand, bids, plays said

    def name_plates(self, room: RoomState) -> None:
        """Each seat's plate says who plays it: a friend's name, or the computer."""
        t = self.model.t
        for seat in SEATS:
            if seat is room.me:
                continue
            node = q(f'[data-seat-area="{seat.name}"] .name')
            if node is not None:
                node.textContent = room.seat_label(seat, t)

    def rotate(self, me: Seat) -> None:
        """The player's seat at the bottom, the others round from it (the hooks name real seats)."""
        if self.rotated == me.name:
            return
        places = [SEATS[(me.value + k) % 4] for k in range(4)]
        areas = {a: q(f".seat-{a.lower()}") for a in AREAS}
        for area, seat in zip(AREAS, places, strict=True):
            section = areas[area]
            section.setAttribute("data-seat-area", seat.name)
            hand = q("#hand", section) if area == "S" else q(".backs", section)
            hand.setAttribute("data-hand", seat.name)
            replace_children(hand, [])
        self.rotated = me.name

    def render_guest(self, room: RoomState) -> None:
        view = room.view
        if view is None:
            return
        g = guest_table(view)
        self.rotate(g.me)
        root = js.document.documentElement
        root.setAttribute("data-turn", g.turn.name if g.turn is not None and not g.winner else "")
        root.setAttribute("data-dealer", g.dealer.name)
        root.setAttribute("data-phase", "over" if g.winner else g.phase)
        self.scores(g)
        self.trump(g)
        self.name_plates(room)
        self.plates(g)
        self.own_cards(g, room)
        for seat, count in g.backs.items():
            self.backs(seat, count)
        self.trick(g)
        self.choices(g, room)
        self.sheet(g)
        self.summary(g, room)
        self.say(view, room, g)

    def say(self, view: dict[str, Any], room: RoomState, g: GuestTable) -> None:
        """The others' bids and cards in the live region, as the solo table says them."""
        t = self.model.t
        bids, plays = list(view.get("bids", [])), list(view.get("plays", []))
        hand, said_bids, said_plays = self.heard
        if hand != g.hand:
            said_bids = said_plays = 0
        parts = []
        for seat, bid in bids[said_bids:]:
            if seat != g.me.name:
                who = room.seat_label(Seat[seat], self.model.t)
                key = "live.bid_pass" if bid == "pass" else "live.bid"
                parts.append(t(key, seat=who, suit=t(f"suit_lower.{bid}") if bid != "pass" else ""))
        for seat, card in plays[said_plays:]:
            if seat != g.me.name:
                parts.append(
                    t(
                        "live.play",
                        seat=room.seat_label(Seat[seat], self.model.t),
                        card=card_name(t, Card.parse(card)),
                    )
                )
        if g.my_turn and (parts or hand != g.hand):
            parts.append(t("live.your_turn"))
        self.heard = (g.hand, len(bids), len(plays))
        if parts:
            q("[data-live]").textContent = " ".join(parts)

    def sheet(self, g: GuestTable) -> None:
        """The score sheet (mi / vi as the room's teams are, the player's own first)."""
        body = by_id("sheet-body")
        if body is None or body.getAttribute("data-room-sig") == repr(g.sheet):
            return
        body.setAttribute("data-room-sig", repr(g.sheet))
        rows = [
            el(
                "tr",
                {"data-hand-row": str(i)},
                children=[
                    el("th", {"scope": "row"}, text=str(i)),
                    el("td", text=str(ns)),
                    el("td", text=str(ew)),
                ],
            )
            for i, (ns, ew) in enumerate(g.sheet, start=1)
        ]
        replace_children(body, rows)
        by_id("sheet-ns").textContent = str(g.totals[0])
        by_id("sheet-ew").textContent = str(g.totals[1])

    def scores(self, g: GuestTable) -> None:
        t = self.model.t
        q('[data-score="NS"]').textContent = str(g.totals[0])
        q('[data-score="EW"]').textContent = str(g.totals[1])
        mine = g.me.team.name
        for team in ("NS", "EW"):  # mi / vi from the player's own side of the table
            label = q(f".score.{team.lower()} .team")
            label.textContent = t("team.NS" if team == mine else "team.EW")
            label.removeAttribute("data-i18n")

    def trump(self, g: GuestTable) -> None:
        t = self.model.t
        box = by_id("trump")
        box.setAttribute("data-trump", g.trump or "")
        if g.trump:
            replace_children(by_id("trump-suit"), suit_words(t, g.trump))
        else:
            replace_children(by_id("trump-suit"), [el("span", text="—")])

    def plates(self, g: GuestTable) -> None:
        for seat in SEATS:
            area = q(f'[data-seat-area="{seat.name}"]')
            area.classList.toggle("is-turn", g.turn is seat and not g.winner)
            chip = q(".dealer-chip", area)
            if chip is not None:
                chip.hidden = g.dealer is not seat
        mine = q(f'[data-seat-area="{g.me.name}"] .name')
        if mine is not None:
            mine.textContent = self.model.t("seat.S")

    def own_cards(self, g: GuestTable, room: RoomState) -> None:
        t = self.model.t
        box = by_id("hand")
        have = [str(n.getAttribute("data-card")) for n in qa("[data-card]", box)]
        if have != g.cards:
            replace_children(box, [card_el(t, Card.parse(c), tag="button", type="button") for c in g.cards])
        for node in qa("[data-card]", box):
            card = str(node.getAttribute("data-card"))
            node.setAttribute("data-playable", "true" if card in g.playable and g.my_turn else "false")
            node.classList.toggle("pending", card == room.pending_bela)
        by_id("talon").hidden = g.trump is not None

    def backs(self, seat: Seat, count: int) -> None:
        box = q(f'[data-hand="{seat.name}"]')
        cards = qa('[data-card="back"]', box)
        for node in cards[count:]:
            node.remove()
        for _ in range(len(cards), count):
            box.appendChild(card_el(self.model.t, None))

    def trick(self, g: GuestTable) -> None:
        box = q("[data-trick]")
        have = [
            (str(n.getAttribute("data-seat")), str(n.getAttribute("data-card")))
            for n in qa("[data-card]", box)
        ]
        want = [(s.name, c) for s, c in g.trick]
        if have != want:
            nodes = [
                card_el(self.model.t, Card.parse(c), **{"data-seat": s, "data-place": g.place_of(Seat[s])})
                for s, c in want
            ]
            replace_children(box, nodes)

    def choices(self, g: GuestTable, room: RoomState) -> None:
        t = self.model.t
        buttons: list[Any] = []
        text = ""
        if g.my_turn and room.pending_bela:
            text = t("status.bela_choice", card=card_name(t, Card.parse(room.pending_bela)))
            buttons = [
                el(
                    "button", {"type": "button", "data-bela": "yes"}, cls="choice primary", text=t("bela.yes")
                ),
                el("button", {"type": "button", "data-bela": "no"}, cls="choice", text=t("bela.no")),
            ]
        elif g.my_turn and g.bids:
            text = t("status.your_bid")
            for bid in g.bids:
                if bid == "pass":
                    buttons.append(
                        el("button", {"type": "button", "data-bid": "pass"}, cls="choice", text=t("bid.pass"))
                    )
                else:
                    label = t(f"suit.{bid}")
                    buttons.append(
                        el(
                            "button",
                            {"type": "button", "data-bid": bid, "aria-label": label},
                            cls="choice",
                            children=[suit_mark(t, bid), el("small", text=label)],
                        )
                    )
        elif g.my_turn and g.declare:
            text = t("room.declare")
            buttons = [
                el(
                    "button",
                    {"type": "button", "data-declare": "yes"},
                    cls="choice primary",
                    text=t("declare.yes"),
                ),
                el("button", {"type": "button", "data-declare": "no"}, cls="choice", text=t("declare.no")),
            ]
        elif g.my_turn:
            text = t("status.your_play")
        elif g.turn is not None and not g.finished:
            text = t("room.waiting_for", seat=room.seat_label(g.turn, self.model.t))
        by_id("status").textContent = text
        sig = repr((g.hand, len(g.legal), g.legal, room.pending_bela, self.model.lang))
        box = by_id("choices")
        if box.getAttribute("data-sig") != sig:
            box.setAttribute("data-sig", sig)
            replace_children(box, buttons)

    def summary(self, g: GuestTable, room: RoomState) -> None:
        t = self.model.t
        box = by_id("overlay")
        if not (g.finished or g.winner):
            if not box.hidden:
                replace_children(box, [])
                box.hidden = True
            return
        check = room.checks.get(g.hand)
        sig = repr((g.hand, g.winner, check, self.model.lang))
        if box.getAttribute("data-sig") == sig and not box.hidden:
            return
        box.setAttribute("data-sig", sig)
        written = g.sheet[-1] if g.sheet else (0, 0)
        rows = [
            el(
                "p",
                text=t(
                    "room.hand_written",
                    n=g.hand,
                    us=written[0 if g.me.team.name == "NS" else 1],
                    them=written[1 if g.me.team.name == "NS" else 0],
                ),
            ),
        ]
        attrs: dict[str, str] = {}
        if g.winner:
            attrs = {"data-game-over": "", "data-winner": g.winner}
            mine = g.winner == g.me.team.name
            rows.insert(0, el("h2", text=t("room.won" if mine else "room.lost")))
        else:
            rows.append(el("p", cls="sub", text=t("room.next_by_host")))
        if check is not None:
            rows.append(el("p", {"data-deal-check": check}, cls="deal-check", text=t(f"room.check.{check}")))
        replace_children(box, [el("div", attrs, cls="panel summary", children=rows)])
        box.hidden = False
