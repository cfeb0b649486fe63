"""The update notice: a new build of the site is ready (assets/updates.mjs, the service worker's
page side, says so), and the page says so in ``[data-notice]`` with a button that reloads into
it (``[data-action="update"]``).

The match loses nothing: it is saved after every move (and once more before the reload), and
the new build reads the saves of older ones (web/storage.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import js

from web.dom import el, listen, nn, q

if TYPE_CHECKING:
    from web.app import App

BUTTON_STYLE = "font-size:14px;font-weight:600;text-decoration:underline;white-space:nowrap"


class Updates:
    def __init__(self, app: App) -> None:
        self.app = app
        self.text = ""  # the notice, once shown

    def start(self) -> None:
        """Listen for a new build, and show the notice at once if one is already waiting."""
        listen(js.window, "bela:update", lambda _event: self.show())
        state = nn(getattr(js, "belaUpdate", None))
        if state is not None and bool(state.ready):
            self.show()

    def show(self) -> None:
        self.text = self.app.t("notice.update_ready")
        self.app.notice(self.text)

    def decorate(self) -> None:
        """Give the notice its reload button (called each time the notices are drawn)."""
        box = q("[data-notice]")
        if not self.text or self.text not in self.app.notices or nn(q('[data-action="update"]', box)):
            return
        button = el(
            "button",
            {"type": "button", "data-action": "update", "style": BUTTON_STYLE},
            text=self.app.t("action.update"),
        )
        box.insertBefore(button, nn(box.lastElementChild))  # before the close button

    def apply(self) -> None:
        self.app.save()
        state: Any = nn(getattr(js, "belaUpdate", None))
        if state is not None:
            state.apply()
        else:
            js.location.reload()
