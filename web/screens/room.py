"""A room of friends on the page (ui-contract.md "Play with friends"): the page root's
``data-mode="room"`` and the room's hooks, the room's panel (the invite link, the seats, Start,
a guest's name, why a room cannot go on, the host's count of refused messages) and a guest's
table, drawn from its own seat out of the view its host sent (web/friends/guest_table.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import js

from bela.cards import Card
from bela.seats import SEATS, Seat
from web.dom import by_id, el, obj, q, qa, replace_children
from web.friends.guest_table import AREAS, GuestTable, guest_table
from web.friends.state import RoomState
from web.model import Model
from web.screens.dialog import made_dialog
from web.screens.elements import action_button, card_el, suit_mark, suit_words
from web.words import card_name


@dataclass(eq=False)
class RoomScreen:
    model: Model
    rotated: str = field(default="S", init=False)  # the seat drawn at the bottom
    shown: str = field(default="", init=False)  # what the panel shows (drawn again when it changes)
    last_state: str = field(default="", init=False)

    def render(self) -> None:
        room = self.model.room
        if room is None:
            return
        root = js.document.documentElement
        root.dataset.mode = "room"
        root.setAttribute("data-room-role", room.role)
        root.setAttribute("data-room-state", room.state)
        root.setAttribute("data-me", room.me.name)
        if room.role == "guest":
            self.render_guest(room)
        else:
            self.name_plates(room, {s: s.name for s in SEATS})
            self.deal_check(room, len(self.model.session.match.hands))
            hand = self.model.session.hand
            turn = hand.turn
            if turn is not None and turn is not Seat.S and not hand.finished and self.is_friend(room, turn):
                by_id("status").textContent = self.model.t(
                    "room.waiting_for", seat=self.seat_name(room, turn)
                )
        self.render_panel(room)

    # -- the panel ------------------------------------------------------------------------------

    def render_panel(self, room: RoomState, force: bool = False) -> None:
        """The room's panel: open while the room is not playing, closed once play starts, and
        open again when asked for (``force``, the menu's Play with friends)."""
        dialog = made_dialog("dlg-room", "room-title", "room", "room")
        sig = repr(
            (room.state, room.problem, room.seats, room.refusals, room.link, room.name, self.model.lang)
        )
        if sig != self.shown or force:
            self.fill(dialog, room)
        if force or (room.state != "playing" and sig != self.shown):
            if not dialog.open:
                dialog.showModal()
                focus = q("[data-room-name], [data-action='start-room'], [data-close]", dialog)
                if focus is not None:
                    focus.focus(obj({"preventScroll": True}))
        elif room.state == "playing" and self.last_state != "playing" and dialog.open:
            dialog.close()
        self.shown = sig
        self.last_state = room.state

    def fill(self, dialog: Any, room: RoomState) -> None:
        t = self.model.t
        body: list[Any] = [el("h2", {"id": "room-title"}, text=t("room.title"))]
        status = t(f"room.state.{room.role}.{room.state}")
        if room.problem:
            status = t(f"room.problem.{room.problem}")
        body.append(el("p", {"role": "status", "data-room-status": room.problem or room.state}, text=status))
        if room.role == "guest" and room.state == "connecting" and room.view is None and not room.seats:
            body.append(self.name_field(room))
        if room.role == "host":
            body.append(self.link_box(room))
        body.append(self.seat_list(room))
        if room.role == "host" and room.refused():
            body.append(
                el(
                    "p",
                    {"data-room-refused": str(room.refused())},
                    cls="sub",
                    text=t("room.refused", n=room.refused()),
                )
            )
        buttons: list[Any] = []
        if room.role == "host" and not room.started and room.state != "closed":
            buttons.append(action_button(t("room.start"), "start-room", cls="btn primary"))
        if room.state == "closed" and room.problem in ("no_host", "failed", "host_gone", "no_relay"):
            buttons.append(action_button(t("room.retry"), "retry-room"))
        buttons.append(action_button(t("room.leave"), "leave-room"))
        if room.state == "playing":
            buttons.append(
                el("button", {"type": "button", "data-close": ""}, cls="btn", text=t("action.close"))
            )
        body.append(el("div", cls="actions", children=buttons))
        replace_children(dialog, [el("div", cls="dialog-body", children=body)])

    def name_field(self, room: RoomState) -> Any:
        t = self.model.t
        attrs: dict[str, str | bool] = {"id": "room-name", "type": "text", "maxlength": "20"}
        attrs |= {"autocomplete": "nickname", "data-room-name": "", "value": room.name, "required": True}
        children = [
            el("label", {"for": "room-name"}, text=t("room.name")),
            el("input", attrs),
            action_button(t("room.join"), "join-room", cls="btn primary"),
        ]
        if room.problem == "name":
            children.append(el("p", {"role": "alert"}, cls="refusal", text=t("room.problem.name")))
        return el("div", cls="room-join", children=children)

    def link_box(self, room: RoomState) -> Any:
        t = self.model.t
        return el(
            "div",
            {"data-room-link": "", "data-link": room.link},
            cls="challenge-link",
            children=[
                el("label", {"for": "room-link-text"}, text=t("room.link_label")),
                el("input", {"id": "room-link-text", "type": "text", "readonly": True, "value": room.link}),
                action_button(t("action.copy_link"), "copy-room-link", cls="btn primary"),
            ],
        )

    def seat_list(self, room: RoomState) -> Any:
        t = self.model.t
        items = []
        for seat, who, name, online in room.seat_rows():
            label = name if who in ("host", "friend") and name else t(f"room.who.{who}")
            you = " · " + t("room.you") if seat == room.me.name and room.state != "connecting" else ""
            attrs = {"data-room-seat": seat, "data-who": who, "data-online": "true" if online else "false"}
            items.append(
                el(
                    "li",
                    attrs,
                    children=[
                        el("span", cls="room-seat", text=t(f"room.seat.{seat}")),
                        el("span", cls="room-who", text=label + you),
                        el("span", cls="room-online", text=t("room.online" if online else "room.offline"))
                        if who == "friend"
                        else None,
                    ],
                )
            )
        return el("ul", {"aria-label": t("room.seats")}, cls="room-seats", children=items)

    # -- the table -----------------------------------------------------------------------------

    def name_plates(self, room: RoomState, area_of: dict[Seat, str]) -> None:
        """Each seat's plate says who plays it: a friend's name, or the computer."""
        t = self.model.t
        for seat in SEATS:
            if seat is room.me:
                continue
            place = room.seats.get(seat.name) or {}
            name = place.get("name") if place.get("who") in ("friend", "host") else ""
            node = q(f'[data-seat-area="{seat.name}"] .name')
            if node is not None:
                node.textContent = str(name) if name else t(f"room.who.{place.get('who', 'bot')}")

    def deal_check(self, room: RoomState, number: int) -> None:
        """After a hand: whether its deal followed from the seed committed to before it."""
        box = by_id("overlay")
        check = room.checks.get(number)
        if box is None or box.hidden or check is None:
            return
        panel = q(".panel", box) or box
        node = q("[data-deal-check]", panel)
        if node is None:
            node = el("p", cls="deal-check")
            panel.appendChild(node)
        node.setAttribute("data-deal-check", check)
        node.textContent = self.model.t(f"room.check.{check}")

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
        self.name_plates(room, {})
        self.plates(g)
        self.own_cards(g, room)
        for seat, count in g.backs.items():
            self.backs(seat, count)
        self.trick(g)
        self.choices(g, room)
        self.sheet(g)
        self.summary(g, room)

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
            text = t("room.waiting_for", seat=self.seat_name(room, g.turn))
        by_id("status").textContent = text
        sig = repr((g.hand, len(g.legal), g.legal, room.pending_bela, self.model.lang))
        box = by_id("choices")
        if box.getAttribute("data-sig") != sig:
            box.setAttribute("data-sig", sig)
            replace_children(box, buttons)

    @staticmethod
    def is_friend(room: RoomState, seat: Seat) -> bool:
        return bool((room.seats.get(seat.name) or {}).get("who") == "friend")

    def seat_name(self, room: RoomState, seat: Seat) -> str:
        place = room.seats.get(seat.name) or {}
        name = place.get("name")
        return (
            str(name)
            if name and place.get("who") in ("friend", "host")
            else self.model.t(f"room.who.{place.get('who', 'bot')}")
        )

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
