"""The rooms' network (issue 33): the site built with RELAYS lists exactly those relays in its
connect-src and pins them in assets/room.mjs; two browser contexts join one room through a real
Nostr relay on 127.0.0.1 and exchange messages peer to peer; a first visit to the normal site
never fetches the rooms' module."""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page

from e2e.game import open_game, wait_ready
from e2e.relay import Relay

pytestmark = pytest.mark.xdist_group("rooms")  # one build of the relay's site per worker
ROOM_TIMEOUT = 60_000
OPEN_JS = """async (code) => {
  const m = await import("./assets/room.mjs");
  window.got = []; window.peers = [];
  window.room = m.open(code, null, {
    message: (text, peer) => window.got.push([text, peer, performance.now()]),
    join: (peer) => window.peers.push(peer),
    leave: (peer) => window.peers.splice(window.peers.indexOf(peer), 1),
  });
  return {relays: m.relays, me: m.me};
}"""


def policy(html: str) -> str:
    found = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html)
    assert found is not None
    return found.group(1)


def test_the_relays_are_exactly_those_of_the_build(relay: Relay, relay_site: tuple[str, Path]) -> None:
    _, out = relay_site
    directives = dict(d.strip().split(" ", 1) for d in policy((out / "index.html").read_text()).split(";"))
    assert directives["connect-src"] == f"'self' {relay.url}"
    assert f'["{relay.url}"]' in (out / "assets" / "room.mjs").read_text()
    assert "room.mjs" not in (out / "sw.js").read_text()  # never precached


def test_a_first_visit_never_fetches_the_rooms_module(context: BrowserContext, site: str) -> None:
    seen: list[str] = []
    context.on("request", lambda r: seen.append(r.url))
    page = context.new_page()
    page.on("websocket", lambda ws: seen.append(ws.url))  # a relay is a WebSocket
    open_game(page, site, fresh=1, speed="instant")
    page.wait_for_timeout(500)
    assert not [u for u in seen if "room" in u]
    # the build's relays are allowed, but none is contacted before a room is opened
    relays = [
        s
        for d in policy(page.content()).split(";")
        if d.strip().startswith("connect-src")
        for s in d.split()[2:]
    ]
    assert all(r.startswith("wss://") for r in relays)
    assert not [u for u in seen if any(u.startswith(r) for r in relays)]


def test_two_browsers_meet_through_the_relay_and_talk_peer_to_peer(
    new_context: Callable[..., BrowserContext], relay_site: tuple[str, Path]
) -> None:
    base, _ = relay_site
    code = secrets.token_urlsafe(16)  # 128 bits, as a room's code
    pages: list[Page] = []
    for _ in range(2):
        page = new_context().new_page()
        page.goto(base + "?speed=instant")
        wait_ready(page)
        pages.append(page)
    started = time.monotonic()
    ids = [p.evaluate(OPEN_JS, code)["me"] for p in pages]
    for page, other in zip(pages, reversed(ids), strict=True):
        page.wait_for_function(f"() => window.peers.includes({other!r})", timeout=ROOM_TIMEOUT)
    joined = time.monotonic() - started
    host, guest = pages
    host.evaluate(f"() => window.room.send('hello', {ids[1]!r})")
    guest.wait_for_function("() => window.got.length > 0", timeout=ROOM_TIMEOUT)
    assert guest.evaluate("() => window.got[0].slice(0, 2)") == ["hello", ids[0]]
    lags = []
    for i in range(20):
        sent = guest.evaluate(
            f"() => {{ window.room.send('m{i}', null); return performance.timeOrigin + performance.now(); }}"
        )
        host.wait_for_function(f"() => window.got.some((g) => g[0] === 'm{i}')", timeout=ROOM_TIMEOUT)
        at = host.evaluate(f"() => performance.timeOrigin + window.got.find((g) => g[0] === 'm{i}')[2]")
        lags.append(at - sent)
    lags.sort()
    print(f"\nrooms: joined in {joined:.1f} s; guest → host: median {lags[10]:.1f} ms, max {lags[-1]:.1f} ms")
