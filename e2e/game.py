"""Driving the page through the hooks of ui-contract.md (and nothing else)."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError

from web.storage import SETTINGS_KEY, wrap

BOOT_TIMEOUT = 90_000  # Pyodide starts in a few seconds; a loaded machine is slower
MOVE_TIMEOUT = 60_000  # one bot decision, at most
READY = 'body[data-app-state="ready"]'

SNAPSHOT_JS = """() => {
  const root = document.documentElement;
  const all = (sel) => [...document.querySelectorAll(sel)];
  const cards = (sel) => all(sel).map((e) => e.getAttribute("data-card"));
  const over = document.querySelector("[data-game-over]");
  const status = document.querySelector("#status");
  return {
    turn: root.getAttribute("data-turn"),
    dealer: root.getAttribute("data-dealer"),
    trump: document.querySelector("[data-trump]").getAttribute("data-trump"),
    hand: cards('[data-hand="S"] [data-card]'),
    playable: cards('[data-hand="S"] [data-card][data-playable="true"]'),
    backs: Object.fromEntries(["E", "N", "W"].map(
      (s) => [s, all(`[data-hand="${s}"] [data-card="back"]`).length])),
    others: all('[data-hand="E"] [data-card], [data-hand="N"] [data-card], [data-hand="W"] [data-card]')
      .map((e) => e.getAttribute("data-card")).filter((c) => c !== "back"),
    trick: all("[data-trick] [data-card]").map(
      (e) => [e.getAttribute("data-seat"), e.getAttribute("data-card")]),
    score: [Number(document.querySelector('[data-score="NS"]').textContent),
            Number(document.querySelector('[data-score="EW"]').textContent)],
    rows: all("[data-score-sheet] [data-hand-row]").map((r) =>
      [...r.querySelectorAll("td")].map((td) => Number(td.lastChild.textContent))),
    bids: all("[data-bid]").map((b) => [b.getAttribute("data-bid"), b.disabled]),
    declare: all("[data-declare]").length > 0,
    bela: all("[data-bela]").length > 0,
    nextHand: all('[data-action="next-hand"]').length > 0,
    gameOver: over ? over.getAttribute("data-winner") : null,
    notice: document.querySelector("[data-notice]").textContent,
    status: status ? status.textContent : "",
  };
}"""

HUMAN_JS = """() => {
  if (document.querySelector("[data-game-over]")) return "over";
  if (document.querySelector('[data-action="next-hand"]')) return "next";
  if (document.querySelector("[data-bela]")) return "bela";
  if (document.querySelector("[data-declare]")) return "declare";
  if (document.querySelector("[data-bid]:not([disabled]):not([data-coach])")) return "bid";
  if (document.querySelector('[data-hand="S"] [data-playable="true"]')) return "play";
  return false;
}"""


def with_settings(context: BrowserContext, **settings: object) -> BrowserContext:
    """``context`` whose pages find ``settings`` saved (as the page saves them) before they start."""
    value = json.dumps(wrap("settings", settings))
    context.add_init_script(f"try {{ localStorage.setItem('{SETTINGS_KEY}', {value}); }} catch (e) {{}}")
    return context


def url(site: str, **params: object) -> str:
    query = urlencode({k: v for k, v in params.items() if v is not None})
    return site + ("?" + query if query else "")


def open_game(page: Page, site: str, **params: object) -> None:
    page.goto(url(site, **params))
    wait_ready(page)


def wait_ready(page: Page) -> None:
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT)


def snapshot(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(SNAPSHOT_JS)
    return result


def wait_for_human(page: Page, timeout: int = MOVE_TIMEOUT) -> str:
    """Wait until the human has something to do; say what: bid, declare, bela, play, next, over."""
    handle = page.wait_for_function(HUMAN_JS, timeout=timeout)
    return str(handle.json_value())


def click_and_wait(page: Page, selector: str, or_when: str = "false") -> None:
    """Click the first element matching ``selector`` and wait until the page has taken the
    action (the element leaves the DOM): Playwright's click returns once the input is sent,
    which may be before the page has handled it."""
    for attempt in range(3):
        handle = page.locator(selector).first.element_handle()
        assert handle is not None
        try:
            handle.click()
            break
        except PlaywrightError as e:
            # drawn anew between finding and clicking (a par that arrived redraws the summary,
            # its buttons too): the click did not happen, so the new element is clicked
            if "not attached" not in str(e) or attempt == 2:
                raise
    page.wait_for_function(f"(e) => !e.isConnected || ({or_when})", arg=handle, timeout=MOVE_TIMEOUT)


def human_step(page: Page, bid: str = "pass") -> str:
    """Make the human's next decision through the hooks: pass (or name the first suit when the
    dealer must), declare, call bela, play the first playable card, go on to the next hand."""
    kind = wait_for_human(page)
    if kind == "bid":
        selector = f'[data-bid="{bid}"]:not([disabled]):not([data-coach])'
        if page.locator(selector).count() == 0:
            selector = "[data-bid]:not([disabled]):not([data-coach])"
        click_and_wait(page, selector)
    elif kind == "declare":
        click_and_wait(page, '[data-declare="yes"]')
    elif kind == "bela":
        click_and_wait(page, '[data-bela="yes"]')
    elif kind == "play":
        # a trump king or queen under bela "choose" stays in the hand: the page asks first
        click_and_wait(
            page, '[data-hand="S"] [data-playable="true"]', "document.querySelector('[data-bela]')"
        )
    elif kind == "next":
        click_and_wait(page, '[data-action="next-hand"]')
    return kind


def play_to_end(page: Page, max_steps: int = 2000) -> str:
    """Play as the human until the match is over; return the winner (NS or EW)."""
    for _ in range(max_steps):
        if human_step(page) == "over":
            winner = page.get_attribute("[data-game-over]", "data-winner")
            assert winner in ("NS", "EW")
            return winner
    raise AssertionError("the match did not end")


def play_until(page: Page, stop: str, max_steps: int = 400) -> dict[str, Any]:
    """Play as the human until the page waits for the human with ``stop`` (a JS condition
    over the snapshot ``s``, e.g. ``s.trick.length > 0``) true; return that snapshot."""
    for _ in range(max_steps):
        kind = wait_for_human(page)
        state = snapshot(page)
        if page.evaluate(f"(s) => Boolean({stop})", state):
            state["kind"] = kind
            return state
        if kind == "over":
            raise AssertionError(f"the match ended before: {stop}")
        human_step(page)
    raise AssertionError(f"never reached: {stop}")
