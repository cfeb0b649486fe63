"""The update notice: a new build of the site is ready (assets/updates.mjs, the service worker's
page side, says so), and the page says so in ``[data-notice]`` with a button that reloads into
it (``[data-action="update"]``).

The match loses nothing: it is saved after every move (and once more before the reload), and
the new build reads the saves of older ones (web/storage.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import js

from web.dom import listen, nn
from web.i18n import Msg

if TYPE_CHECKING:
    from web.app import App

#: The notice of a new build (drawn with its reload button by web/render.py).
UPDATE_READY = Msg("notice.update_ready")


class Updates:
    def __init__(self, app: App) -> None:
        self.app = app

    def start(self) -> None:
        """Listen for a new build, and show the notice at once if one is already waiting."""
        listen(js.window, "bela:update", lambda _event: self.show())
        state = nn(getattr(js, "belaUpdate", None))
        if state is not None and bool(state.ready):
            self.show()

    def show(self) -> None:
        self.app.notice(UPDATE_READY)

    def apply(self) -> None:
        self.app.save()
        state: Any = nn(getattr(js, "belaUpdate", None))
        if state is not None:
            state.apply()
        else:
            js.location.reload()
