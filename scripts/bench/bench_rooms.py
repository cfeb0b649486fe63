"""The rooms of friends' figures (issue 33): a relay on 127.0.0.1, the site built with it, a
host and friends in separate Chromium contexts on this machine (loopback).

- seated: from a guest's click on Join (its name given, the invite's page ready) to its seat;
- card: from a guest's click on a card to that card on the host's table and on the other
  guest's (each page's clock is ``performance.timeOrigin + now``: one machine, one clock);
- gone: from a guest's tab closed to its seat played by a computer, less the grace.

    python -m scripts.bench.bench_rooms [--joins 6]

Figures are printed (medians, p95), never asserted: a shared machine changes them.
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

from e2e.browser import find_chromium
from e2e.conftest import SiteHandler, SiteServer
from e2e.relay import Relay, build_site
from web.friends.protocol import GRACE_SECONDS

ROOM = 60_000
#: Each card shown in the trick, with when it appeared (the page's own clock).
WATCH_TRICK = """() => {
  window.shown = {};
  const box = document.querySelector('[data-trick]');
  new MutationObserver(() => {
    for (const n of box.querySelectorAll('[data-card]')) {
      const key = n.dataset.card;
      if (!(key in window.shown)) window.shown[key] = performance.timeOrigin + performance.now();
    }
  }).observe(box, {childList: true, subtree: true});
}"""
#: The guest plays a card (when it may) and says when it clicked.
PLAY = """() => {
  const root = document.documentElement;
  if (root.dataset.turn !== root.dataset.me) return null;
  const b = document.querySelector(
    '#choices [data-bid]:not([disabled]), #choices [data-declare], #choices [data-bela]');
  if (b) { b.click(); return ['choice', 0]; }
  const c = document.querySelector(`[data-hand="${root.dataset.me}"] [data-playable="true"]`);
  if (!c) return null;
  const at = performance.timeOrigin + performance.now();
  c.click();
  return [c.dataset.card, at];
}"""


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def summary(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    return {"n": len(values), "median": statistics.median(values), "p95": p95(values), "max": max(values)}


def guest(browser: Browser, link: str, name: str) -> tuple[Page, float]:
    page = browser.new_context().new_page()
    page.goto(link)
    page.wait_for_selector("body[data-app-state=ready]", timeout=ROOM)
    page.fill("[data-room-name]", name)
    started = time.monotonic()
    page.click('[data-action="join-room"]')
    page.wait_for_selector('html[data-room-state="waiting"], html[data-room-state="playing"]', timeout=ROOM)
    return page, time.monotonic() - started


def measure(joins: int) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="bench-rooms-"))
    relay = Relay(folder)
    out = folder / "_site"
    build_site(out, relay.url)
    server = SiteServer(("127.0.0.1", 0), functools.partial(SiteHandler, directory=str(out)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}/"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=find_chromium())
            return rooms(browser, base, joins)
    finally:
        server.shutdown()
        relay.stop()


def rooms(browser: Browser, base: str, joins: int) -> dict[str, Any]:
    host = browser.new_context().new_page()
    host.goto(base + "?speed=instant")
    host.wait_for_selector("body[data-app-state=ready]", timeout=ROOM)
    host.click('[data-action="friends"]')
    host.click('[data-action="open-room"]')
    host.wait_for_selector('html[data-room-state="waiting"]', timeout=ROOM)
    link = str(host.get_attribute("[data-room-link]", "data-link"))
    seated = []
    for i in range(joins):  # each joins, is seated, and leaves (its seat is free again)
        page, took = guest(browser, link, f"G{i}")
        seated.append(took * 1000)
        page.context.close()
        host.wait_for_function(
            "() => !document.querySelector('#dlg-room [data-room-seat][data-who=\"friend\"]')", timeout=ROOM
        )
    ivo, _ = guest(browser, link, "Ivo")
    eva, _ = guest(browser, link, "Eva")
    host.click('[data-action="start-room"]')
    for page in (host, eva):
        page.evaluate(WATCH_TRICK)
    clicks: list[tuple[str, float]] = []
    deadline = time.monotonic() + 300
    while ivo.query_selector("[data-deal-check]") is None and time.monotonic() < deadline:
        moved = False
        for page in (host, ivo, eva):
            done = page.evaluate(PLAY)
            if page is ivo and done is not None and done[0] != "choice":
                clicks.append((done[0], done[1]))
            moved = moved or done is not None
        if not moved:
            host.wait_for_timeout(30)
    host.wait_for_timeout(500)
    lags: dict[str, list[float]] = {"host": [], "other_guest": []}
    for name, page in (("host", host), ("other_guest", eva)):
        shown = page.evaluate("() => window.shown")
        for card, at in clicks:
            if card in shown:
                lags[name].append(shown[card] - at)
    # gone: Eva's tab closes; a computer plays East after the grace
    eva.context.close()
    gone = time.monotonic()
    host.wait_for_function(
        "() => document.querySelector('#dlg-room [data-room-seat=\"E\"]').dataset.who === 'bot'",
        timeout=(GRACE_SECONDS + 30) * 1000,
    )
    after = time.monotonic() - gone - GRACE_SECONDS
    return {
        "seated_ms": summary(seated),
        "card_ms": {k: summary(v) for k, v in lags.items()},
        "gone_past_grace_s": round(after, 2),
        "grace_s": GRACE_SECONDS,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--joins", type=int, default=6)
    args = parser.parse_args()
    figures = measure(args.joins)
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
