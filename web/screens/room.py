"""A room of friends on the page (ui-contract.md "Play with friends"): the page root's
``data-mode="room"`` and the room's hooks, and the room's panel (the invite link, the seats,
Start, a guest's name, why a room cannot go on, the host's count of refused messages). A
guest's table is drawn by web/screens/room_table.py."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import js

from bela.seats import Seat
from web.dom import by_id, el, obj, q, replace_children
from web.friends.state import RoomState
from web.model import Model
from web.screens.dialog import made_dialog
from web.screens.elements import action_button


@dataclass(eq=False)
class RoomScreen:
    model: Model
    shown: str = field(default="", init=False)  # what the panel shows (drawn again when it changes)
    last_state: str = field(default="", init=False)

    def render(self) -> None:
        """The root's hooks, the host's words for a friend's turn, and the panel."""
        room = self.model.room
        if room is None:
            return
        root = js.document.documentElement
        root.dataset.mode = "room"
        root.setAttribute("data-room-role", room.role)
        root.setAttribute("data-room-state", room.state)
        root.setAttribute("data-me", room.me.name)
        if room.role == "host":
            self.deal_check(room, len(self.model.session.match.hands))
            hand = self.model.session.hand
            turn = hand.turn
            if turn is not None and turn is not Seat.S and not hand.finished and room.is_friend(turn):
                by_id("status").textContent = self.model.t(
                    "room.waiting_for", seat=room.seat_label(turn, self.model.t)
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
                action_button(t("action.share"), "share-room-link")
                if getattr(js.navigator, "share", None) is not None
                else None,
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
