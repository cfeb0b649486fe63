"""The frame every dialog shares (its title, its body, a Close button) and the confirmation
before a new match."""

from __future__ import annotations

from typing import Any

from web.dom import by_id, el, replace_children
from web.words import T


def dialog_frame(t: T, dialog: Any, title_id: str, title: str, body: list[Any]) -> None:
    """Fill ``dialog`` with a titled body and a Close button (``[data-close]``)."""
    close = el("button", {"type": "button", "data-close": ""}, cls="btn", text=t("action.close"))
    replace_children(
        dialog,
        [
            el(
                "div",
                cls="dialog-body",
                children=[
                    el("h2", {"id": title_id}, text=title),
                    *body,
                    el("div", cls="actions", children=[close]),
                ],
            )
        ],
    )


def open_confirm(t: T) -> None:
    """Start a new match? (the match in play would be lost)."""
    dialog = by_id("dlg-confirm")
    cancel = el("button", {"type": "button", "data-close": ""}, cls="btn", text=t("action.cancel"))
    confirm = el(
        "button",
        {"type": "button", "id": "confirm-restart"},
        cls="btn primary",
        text=t("action.confirm_restart"),
    )
    replace_children(
        dialog,
        [
            el(
                "div",
                cls="dialog-body",
                children=[
                    el("p", text=t("confirm.restart")),
                    el("div", cls="actions", children=[cancel, confirm]),
                ],
            )
        ],
    )
    dialog.showModal()
