"""The update notice: a new build of the site is ready (assets/updates.mjs, the service worker's
page side, says so), and the page says so in ``[data-notice]`` with a button that reloads into
it (``[data-action="update"]``). When offline play is lost (the service worker could not keep the
build: a full disk), a notice says so.

The match loses nothing: it is saved after every move (and once more before the reload), and
the new build reads the saves of older ones (web/storage.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js

from web.dom import listen, nn
from web.i18n import Msg
from web.model import UPDATE_READY

# the service worker could not keep the build (assets/updates.mjs): the page plays on online
NO_OFFLINE = Msg("notice.offline_unavailable")


class Updates:
    def __init__(self, notice: Callable[[Msg], None], save: Callable[[], None]) -> None:
        self.notice = notice  # shows a notice
        self.save = save  # saves the match before the reload

    def start(self) -> None:
        """Listen for a new build, and show the notice at once if one is already waiting."""
        listen(js.window, "bela:update", lambda _event: self.show())
        listen(js.window, "bela:no-offline", lambda _event: self.notice(NO_OFFLINE))
        state = nn(getattr(js, "belaUpdate", None))
        if state is not None and bool(state.ready):
            self.show()
        if state is not None and state.offline is False:
            self.notice(NO_OFFLINE)

    def show(self) -> None:
        self.notice(UPDATE_READY)

    def apply(self) -> None:
        self.save()
        state: Any = nn(getattr(js, "belaUpdate", None))
        if state is not None:
            state.apply()
        else:
            js.location.reload()
