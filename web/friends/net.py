"""The rooms' network on the page: assets/room.mjs (Trystero's Nostr strategy with the build's
relays, web/static/room-entry.mjs) imported the first time a room is opened or joined, never
before (a first visit does not fetch it), and its connection handed to the rooms' flow
(web/friends/rooms.py) as a :class:`~web.friends.rooms.Link`."""

from __future__ import annotations

import json
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js

from web.friends.rooms import Handlers, Link, RoomError, turn_server


class JsLink:
    def __init__(self, handle: Any, proxies: list[Any]) -> None:
        self.handle = handle
        self.proxies = proxies  # kept alive as long as the room is open

    def send(self, text: str, peer: str | None) -> None:
        self.handle.send(text, peer)

    def reached(self) -> int:
        return int(self.handle.reached())

    def leave(self) -> None:
        js.window.removeEventListener("pagehide", self.proxies[-1])
        try:
            self.handle.leave()
        finally:
            for proxy in self.proxies:
                proxy.destroy()
            self.proxies = []


async def connect(code: str, on: Handlers, turn: str = "") -> Link:
    """Join the room ``code`` through the build's relays; RoomError if it cannot be tried."""
    try:
        url = str(js.URL.new("assets/room.mjs", js.document.baseURI).href)
        module = await js.eval(f"import({json.dumps(url)})")  # a relative name has no base in eval
    except Exception as e:
        js.console.warn("Bela: the rooms' module did not load:", str(e))
        raise RoomError("failed") from None
    if not len(module.relays):
        raise RoomError("no_relays")
    proxies = [
        create_proxy(lambda text, peer: on.message(text if isinstance(text, str) else "", str(peer))),
        create_proxy(lambda peer: on.join(str(peer))),
        create_proxy(lambda peer: on.leave(str(peer))),
    ]
    handlers = to_js(
        {"message": proxies[0], "join": proxies[1], "leave": proxies[2]},
        dict_converter=js.Object.fromEntries,
    )
    ice = to_js(turn_server(turn), dict_converter=js.Object.fromEntries) if turn else None
    try:
        handle = module.open(code, ice, handlers)
    except Exception as e:
        js.console.warn("Bela: the room did not open:", str(e))
        for proxy in proxies:
            proxy.destroy()
        raise RoomError("failed") from None
    link = JsLink(handle, proxies)
    # a tab closed or a page left: the others are told at once (else only when WebRTC times out)
    bye = create_proxy(lambda _event: handle.leave())
    proxies.append(bye)
    js.window.addEventListener("pagehide", bye)
    return link
