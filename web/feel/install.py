"""Installing the page as an app, and keeping its saves.

The browser's offer (``beforeinstallprompt``, Chromium's) may come before Python has started: the
page's first script keeps it in ``window.belaInstall`` and sends ``bela-install`` on the
document; the menu's Install (``[data-action="install"]``) is shown while an offer is kept, and
asks the browser's own dialog. Browsers without the offer (Safari, Firefox) get a short note on
how instead, unless the page already runs installed.

``navigator.storage.persist()`` is asked once a hand has been finished, so that the browser does
not evict the saves when space runs short; Statistics say whether it was granted."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import js

from web.dom import by_id, console_warn, listen, nn


class Install:
    def __init__(self, persisted: Callable[[bool], None]) -> None:
        self.persisted = persisted  # told whether the browser keeps the saves
        self.asked = False
        self.tasks: set[asyncio.Future[None]] = set()

    def attach(self) -> None:
        listen(js.document, "bela-install", lambda _e: self.show())
        listen(js.window, "appinstalled", lambda _e: self.hide())
        self.show()
        note = by_id("install-note")
        if note is not None:
            offers = bool(js.eval("'onbeforeinstallprompt' in window"))
            installed = bool(js.matchMedia("(display-mode: standalone)").matches)
            note.hidden = offers or installed or bool(getattr(js.navigator, "standalone", False))
        self.ask_storage("persisted")

    def offer(self) -> Any:
        return nn(getattr(js.window, "belaInstall", None))

    def show(self) -> None:
        button = by_id("install")
        if button is not None:
            button.hidden = self.offer() is None

    def hide(self) -> None:
        js.window.belaInstall = None
        self.show()

    def install(self) -> None:
        """The menu's Install: the browser's own dialog (an offer is good for one prompt)."""
        offer = self.offer()
        if offer is None:
            return
        try:
            offer.prompt()
        except Exception as e:  # an offer already used
            console_warn("Bela: install:", str(e))
        self.hide()

    def keep_saves(self) -> None:
        """Ask the browser to keep the saves (once a visit, after a finished hand)."""
        if not self.asked:
            self.asked = True
            self.ask_storage("persist")

    def ask_storage(self, method: str) -> None:
        """``navigator.storage.persisted()`` (is it kept?) or ``persist()`` (keep it), where the
        browser has them; the answer goes to ``persisted``."""
        storage = nn(getattr(js.navigator, "storage", None))
        if storage is not None and nn(getattr(storage, method, None)) is not None:
            task = asyncio.ensure_future(self._ask(storage, method))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _ask(self, storage: Any, method: str) -> None:
        try:
            kept = await getattr(storage, method)()
        except Exception as e:
            console_warn("Bela: storage:", str(e))
            return
        self.persisted(bool(kept))
