"""The frame every dialog shares (its body, a row of buttons; a title and a Close button for
most) and the confirmation before a new match."""

from __future__ import annotations

from typing import Any

import js

from web.dom import by_id, el, replace_children
from web.words import T


def made_dialog(ident: str, title_id: str, data: str, cls: str) -> Any:
    """The page's ``<dialog id=ident>``, made (labelled by ``title_id``, marked ``data-<data>``)
    and added to the body the first time: the dialogs that index.html does not hold."""
    dialog = by_id(ident)
    if dialog is None:
        dialog = el(
            "dialog", {"id": ident, "aria-labelledby": title_id, f"data-{data}": ""}, cls=f"dialog {cls}"
        )
        js.document.body.appendChild(dialog)
    return dialog


def fill(dialog: Any, content: list[Any], buttons: list[Any]) -> None:
    """``dialog``'s body: ``content``, then a row of ``buttons``."""
    actions = el("div", cls="actions", children=buttons)
    replace_children(dialog, [el("div", cls="dialog-body", children=[*content, actions])])


def dialog_frame(t: T, dialog: Any, title_id: str, title: str, body: list[Any]) -> None:
    """Fill ``dialog`` with a titled body and a Close button (``[data-close]``)."""
    close = el("button", {"type": "button", "data-close": ""}, cls="btn", text=t("action.close"))
    fill(dialog, [el("h2", {"id": title_id}, text=title), *body], [close])


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
    fill(dialog, [el("p", text=t("confirm.restart"))], [cancel, confirm])
    dialog.showModal()
