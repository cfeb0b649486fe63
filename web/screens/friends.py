"""The friends panel (ui-contract.md "Play with friends", "Challenge a friend"): a challenge
link of the match in play, to copy or share."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from web.dom import el
from web.model import Model
from web.screens.dialog import dialog_frame, made_dialog
from web.screens.elements import action_button


@dataclass(eq=False)
class FriendsDialog:
    model: Model

    def open(self, link: str | None) -> None:
        """Open (or redraw) the panel; ``link``: the challenge made, "" if none could be made."""
        t = self.model.t
        dialog = made_dialog("dlg-friends", "friends-title", "friends", "friends")
        body: list[Any] = [
            el("h3", text=t("room.open")),
            el("p", cls="sub", text=t("room.open_intro")),
            action_button(t("room.open"), "open-room", cls="btn primary"),
            el("h3", text=t("action.challenge")),
            el("p", cls="sub", text=t("challenge.intro")),
            el(
                "button",
                {"type": "button", "data-action": "challenge"},
                cls="btn",
                text=t("action.challenge"),
            ),
        ]
        if link == "":
            body.append(el("p", {"role": "status"}, cls="sub", text=t("challenge.none")))
        elif link is not None:
            body.append(link_box(self.model, link))
        dialog_frame(t, dialog, "friends-title", t("friends.title"), body)
        if not dialog.open:
            dialog.showModal()


def link_box(model: Model, link: str) -> Any:
    t = model.t
    return el(
        "div",
        {"data-challenge-link": "", "data-link": link, "role": "status"},
        cls="challenge-link",
        children=[
            el("label", {"for": "challenge-link-text"}, text=t("challenge.link_label")),
            el("input", {"id": "challenge-link-text", "type": "text", "readonly": True, "value": link}),
            el(
                "button",
                {"type": "button", "data-action": "copy-challenge"},
                cls="btn primary",
                text=t("action.copy_link"),
            ),
        ],
    )
