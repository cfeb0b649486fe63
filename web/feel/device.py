"""What the device can do for the player: vibrate, and keep the screen on (the Screen Wake Lock
API). Where the browser has neither, nothing happens and nothing breaks."""

from __future__ import annotations

import asyncio
from typing import Any

import js

from web.dom import console_warn, nn

TURN_BUZZ_MS = 60  # the nudge on the player's turn: one short pulse


def can_vibrate() -> bool:
    return nn(getattr(js.navigator, "vibrate", None)) is not None


def vibrate(ms: int = TURN_BUZZ_MS) -> None:
    if can_vibrate():
        try:
            js.navigator.vibrate(ms)
        except Exception as e:
            console_warn("Bela: no vibration:", str(e))


def visible() -> bool:
    return str(js.document.visibilityState) == "visible"


class ScreenLock:
    """Holds a screen wake lock while :meth:`want` says so and the page is visible; lets it go
    when told, when the page is hidden (the browser drops it then anyway) and takes it again
    when the page comes back. ``document.documentElement.dataset.wakeLock`` says ``held`` or
    ``released`` (for the player's tools and the tests)."""

    def __init__(self) -> None:
        self.wanted = False
        self.sentinel: Any = None
        self.asking: asyncio.Future[None] | None = None  # a request on its way

    def supported(self) -> bool:
        return nn(getattr(js.navigator, "wakeLock", None)) is not None

    def want(self, on: bool) -> None:
        self.wanted = on
        self.update()

    def update(self) -> None:
        if self.wanted and visible():
            if self.sentinel is None and self.asking is None and self.supported():
                self.asking = asyncio.ensure_future(self._take())
        else:
            self._release()

    async def _take(self) -> None:
        try:
            sentinel = await js.navigator.wakeLock.request("screen")
        except Exception as e:  # refused (a power saver, a policy): the screen may dim
            console_warn("Bela: the screen may turn off:", str(e))
            return
        finally:
            self.asking = None
        if not (self.wanted and visible()):
            sentinel.release()
            return
        self.sentinel = sentinel
        js.document.documentElement.dataset.wakeLock = "held"

    def _release(self) -> None:
        sentinel, self.sentinel = self.sentinel, None
        if sentinel is not None:
            try:
                sentinel.release()
            except Exception as e:
                console_warn("Bela: wake lock:", str(e))
            js.document.documentElement.dataset.wakeLock = "released"
