"""A room of friends through the page (issue 33), over a real Nostr relay on 127.0.0.1 and the
site built with it: a host and two guests in separate browser contexts play a whole hand, a
fourth peer forges messages and then goes (a computer player takes its seat after the grace),
every message each guest receives is recorded and checked for other seats' hidden cards, and the
revealed seed checks out; a guest whose tab is killed mid-hand (no pagehide, its tab's note
left behind) gets its seat and cards back by the link at once, and the host reloading resumes
the room."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from bela.cards import Card
from bela.record import from_json
from bela.seats import Seat
from e2e.game import wait_ready
from e2e.test_axe import axe_violations
from web.friends.protocol import GRACE_SECONDS
from web.friends.view import cards_in

pytestmark = pytest.mark.xdist_group("rooms")
ROOM = 60_000
TAP = "window.tapped = []; window.belaRoomTap = (d, p) => window.tapped.push(typeof d === 'string' ? d : '');"
#: One move of the player at its own seat, if it is its turn: a bid, a choice, else a card.
STEP = """() => {
  const root = document.documentElement;
  if (root.dataset.turn !== root.dataset.me) return false;
  const b = document.querySelector(
    '#choices [data-bid]:not([disabled]), #choices [data-declare], #choices [data-bela]');
  if (b) { b.click(); return true; }
  const c = document.querySelector(`[data-hand="${root.dataset.me}"] [data-playable="true"]`);
  if (c) { c.click(); return true; }
  return false;
}"""
#: Every room tab's note in this browser made fresh (web/flows/room_tabs.py): a tab killed just now
FRESH_NOTES = """() => {
  const notes = JSON.parse(localStorage.getItem('bela.room.tabs.v1') || '{}');
  for (const note of Object.values(notes)) note.at = Date.now() / 1000;
  localStorage.setItem('bela.room.tabs.v1', JSON.stringify(notes));
  return Object.values(notes).filter((note) => note.role === 'guest' && note.token).length;
}"""
#: A page's room state and what its room panel says (a guest not seated: why)
STATE_SHOWN = """() => ({state: document.documentElement.dataset.roomState,
  panel: (document.querySelector('#dlg-room') || document.body).innerText.slice(0, 400)})"""
#: A peer that is no page of ours: it joins with a token, forges, and plays its own turns.
FORGER = """async (code) => {
  const m = await import("./assets/room.mjs");
  window.views = []; window.host = null;
  window.room = m.open(code, null, {
    message: (text, peer) => {
      const msg = JSON.parse(text);
      if (msg.t === "seated") window.host = peer;
      if (msg.t === "view") window.views.push(msg);
    },
    join: (peer) => window.room.send(
      JSON.stringify({t: "join", name: "Forger", token: "f".repeat(32)}), peer),
    leave: () => {},
  });
}"""


def open_room(new_context: Callable[..., BrowserContext], base: str) -> tuple[Page, str]:
    host = new_context().new_page()
    host.goto(base + "?speed=fast")
    wait_ready(host)
    host.click('[data-action="friends"]')
    host.click('[data-action="open-room"]')
    host.wait_for_selector('html[data-room-state="waiting"][data-room-role="host"]', timeout=ROOM)
    link = host.get_attribute("[data-room-link]", "data-link")
    assert link is not None and "#room=" in link
    return host, link


def join(context: BrowserContext, link: str, name: str | None, before: str = "") -> Page:
    page = context.new_page()
    page.add_init_script(TAP)
    if before:  # run as the document starts, before the page's own first note prunes old ones
        page.add_init_script(f"window.beforeJoin = ({before})();")
    page.goto(link)
    wait_ready(page)
    if before:
        assert page.evaluate("() => window.beforeJoin"), before
    if name is not None:
        page.fill("[data-room-name]", name)
    page.click('[data-action="join-room"]')
    seated = 'html[data-room-state="waiting"], html[data-room-state="playing"]'
    try:
        page.wait_for_selector(seated, timeout=ROOM)
    except Exception:  # what the guest's page shows instead: its state and the room panel's words
        shown = page.evaluate(STATE_SHOWN)
        raise AssertionError(f"{name or 'the guest'} was not seated: {shown}") from None
    return page


def seats(host: Page) -> dict[str, list[str]]:
    found: dict[str, list[str]] = host.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('#dlg-room [data-room-seat]')]"
        ".map((n) => [n.dataset.roomSeat, [n.dataset.who, n.dataset.online]]))"
    )
    return found


def play_hand(pages: list[Page], until: Callable[[], bool], limit: float = 240) -> None:
    deadline = time.monotonic() + limit
    while not until():
        assert time.monotonic() < deadline, "the hand did not end"
        moved = False
        for page in pages:
            if not page.is_closed():
                moved = page.evaluate(STEP) or moved
        if not moved:
            pages[0].wait_for_timeout(150)


def room_save(host: Page) -> dict[str, Any]:
    raw = host.evaluate("() => localStorage.getItem('bela.room.v1')")
    assert raw is not None
    data: dict[str, Any] = json.loads(raw)
    return data


def leaks(messages: list[str], seat: Seat, deal: dict[Seat, tuple[Card, ...]]) -> list[tuple[int, list[str]]]:
    """The cards each message named that ``seat`` could not see when it was sent."""
    found = []
    for i, text in enumerate(messages):
        message = json.loads(text)
        named = cards_in(message)
        seen: set[Card] = set()
        if message.get("t") == "view":
            own = deal[seat] if message["trump"] else deal[seat][:6]  # its talon once trump is named
            public = cards_in([message["plays"], message["shown"], message["trick"]])
            seen = set(own) | public
        if named - seen:
            found.append((i, sorted(c.notation for c in named - seen)))
    return found


def forge(forger: Page, host: Page) -> int:
    """West's forger sends another seat's action, an illegal one, malformed JSON, 1 MB and a
    flood; what the host's room panel says it refused."""
    forger.evaluate(
        """() => {
      const v = window.views.filter((v) => v.turn === 'W').pop();
      const send = (o) => window.room.send(typeof o === 'string' ? o : JSON.stringify(o), window.host);
      const other = {t: 'act', seat: 'N', hand: v.hand, at: v.at, a: v.legal[0]};
      send(other);                                              // another seat's action
      send({t: 'act', seat: 'W', hand: v.hand, at: v.at, a: v.phase === 'bidding' ? 'play:7H' : 'bid:H'});
      send('{"t": "act", "seat": ');                            // malformed JSON
      send('{"t":"join","name":"' + 'x'.repeat(1 << 20) + '"}');  // 1 MB
      for (let i = 0; i < 40; i++) send('{}');                  // a flood
    }"""
    )
    host.wait_for_function(
        "() => Number(document.querySelector('#dlg-room [data-room-refused]')?.dataset.roomRefused) >= 18",
        timeout=ROOM,
    )
    return int(host.get_attribute("#dlg-room [data-room-refused]", "data-room-refused") or 0)


def test_a_host_and_two_friends_play_a_hand_and_no_guest_sees_another_seats_cards(
    new_context: Callable[..., BrowserContext], relay_site: tuple[str, Path]
) -> None:
    base, _ = relay_site
    host, link = open_room(new_context, base)
    code = link.split("#room=")[1]
    started = time.monotonic()
    ivo = join(new_context(), link, "Ivo")
    seated = time.monotonic() - started
    eva = join(new_context(), link, "Eva <b>")
    forger_context = new_context()
    forger = forger_context.new_page()
    forger.goto(base)
    wait_ready(forger)
    forger.evaluate(FORGER, code)
    host.wait_for_function(
        "() => document.querySelectorAll('#dlg-room [data-room-seat][data-who=\"friend\"]').length === 3",
        timeout=ROOM,
    )
    assert seats(host) == {
        "N": ["friend", "true"],
        "E": ["friend", "true"],
        "S": ["host", "true"],
        "W": ["friend", "true"],
    }
    assert ivo.get_attribute("html", "data-me") == "N" and eva.get_attribute("html", "data-me") == "E"
    assert host.inner_text('#dlg-room [data-room-seat="E"]').count("Eva <b>") == 1  # a name is text
    for page in (host, ivo):  # the room's panel, the host's and a guest's: axe finds nothing
        assert axe_violations(page) == []
    host.click('[data-action="start-room"]')
    for page in (host, ivo, eva):
        page.wait_for_selector('html[data-room-state="playing"]', timeout=ROOM)

    # the forger's turn (West): everything it forges is refused and changes nothing
    play_hand(
        [host, ivo, eva],
        lambda: bool(forger.evaluate("() => window.views.some((v) => v.turn === 'W' && v.legal.length)")),
    )
    before = room_save(host)["record"]
    assert forge(forger, host) >= 18  # 2 acts, malformed, too large, then the flood past its allowance of 16
    assert room_save(host)["record"] == before
    forger_context.close()  # gone: a computer plays West once the grace is over
    gone = time.monotonic()
    host.wait_for_function(
        "() => document.querySelector('#dlg-room [data-room-seat=\"W\"]').dataset.who === 'bot'",
        timeout=(GRACE_SECONDS + 15) * 1000,
    )
    took_over = time.monotonic() - gone

    def finished() -> bool:
        return all(p.query_selector("[data-deal-check]") is not None for p in (ivo, eva))

    play_hand([host, ivo, eva], finished)
    for page in (ivo, eva):
        assert page.get_attribute("[data-deal-check]", "data-deal-check") == "ok"
        assert page.inner_text('[data-score="NS"]') == host.inner_text('[data-score="NS"]')
    match = from_json(room_save(host)["record"])
    hand = match.hands[0]
    assert hand.finished
    for page, seat in ((ivo, Seat.N), (eva, Seat.E)):
        got = page.evaluate("() => window.tapped")
        assert sum('"t":"view"' in m for m in got) >= 10  # the check saw the hand go by
        assert leaks(got, seat, hand.deal) == []
    print(f"\nroom: seated in {seated:.1f} s; West played by a computer {took_over:.1f} s after it left")


@pytest.fixture
def room(new_context: Callable[..., BrowserContext], relay_site: tuple[str, Path]) -> tuple[Page, str]:
    """A room its host has just opened: the host's page and the invite link."""
    return open_room(new_context, relay_site[0])


def test_a_friend_comes_back_by_the_link_and_the_host_reloads(
    new_context: Callable[..., BrowserContext], room: tuple[Page, str]
) -> None:
    host, link = room
    ivo_context = new_context()
    ivo = join(ivo_context, link, "Ivo")
    tab = join(host.context, link, "Ana 2")  # the link in a second tab of the host's browser: a guest
    assert tab.get_attribute("html", "data-room-role") == "guest"
    assert tab.get_attribute("html", "data-me") == "E"
    host.click('[data-action="start-room"]')
    ivo.wait_for_selector('html[data-room-state="playing"]', timeout=ROOM)
    ivo.wait_for_selector('[data-hand="N"] [data-card]', timeout=ROOM)
    play_hand(
        [host, ivo, tab],
        lambda: ivo.evaluate("() => document.querySelectorAll('[data-trick] [data-card]').length") >= 1,
    )
    cards = ivo.evaluate(
        "() => [...document.querySelectorAll('[data-hand=\"N\"] [data-card]')].map((n) => n.dataset.card)"
    )
    # mid-hand, the tab killed without a word (no pagehide: a phone's browser closing it): its
    # note among this browser's room tabs stays, and looks fresh; its Web Lock goes with it
    crashed: list[bool] = []
    ivo.on("crash", lambda _page: crashed.append(True))
    with contextlib.suppress(Exception):  # Chromium's debug address: the page's renderer crashes
        ivo.goto("chrome://crash", timeout=5_000)
    deadline = time.monotonic() + 10
    while not crashed:  # gone for good before the link opens again in this browser
        assert time.monotonic() < deadline, "the guest's tab did not crash"
        host.wait_for_timeout(100)
    ivo.close()
    back = join(ivo_context, link, None, before=FRESH_NOTES)  # its name and seat token are kept
    assert back.get_attribute("html", "data-me") == "N"
    back.wait_for_selector('[data-hand="N"] [data-card]', timeout=ROOM)
    now = back.evaluate(
        "() => [...document.querySelectorAll('[data-hand=\"N\"] [data-card]')].map((n) => n.dataset.card)"
    )
    assert set(now) <= set(cards) and len(now) >= len(cards) - 1  # its cards (one played for it, at most)

    host.reload()  # the host's page goes and comes back: the room resumes from its save
    wait_ready(host)
    host.wait_for_selector('html[data-room-role="host"][data-room-state="playing"]', timeout=ROOM)
    back.wait_for_function("() => document.documentElement.dataset.roomState === 'playing'", timeout=ROOM)
    play_hand([host, back, tab], lambda: back.query_selector("[data-deal-check]") is not None)
    assert back.get_attribute("[data-deal-check]", "data-deal-check") == "ok"


def test_a_guest_in_firefox_joins_a_chromium_host_and_plays_a_hand(room: tuple[Page, str]) -> None:
    from e2e.engines import Firefox

    host, link = room
    fox = Firefox()
    try:
        fox.goto(link)
        deadline = time.monotonic() + 180
        while fox.evaluate("() => document.body.dataset.appState") != "ready":
            assert time.monotonic() < deadline, "Firefox did not start the page"
            time.sleep(0.5)
        # the invitation is drawn once the rooms' modules are read, a moment after the page is ready
        while not fox.evaluate("() => !!document.querySelector('[data-room-name]')"):
            assert time.monotonic() < deadline, "Firefox did not show the invitation"
            time.sleep(0.25)
        fox.evaluate(
            "() => { document.querySelector('[data-room-name]').value = 'Lisica';"
            " document.querySelector('[data-action=\"join-room\"]').click(); }"
        )
        host.wait_for_function(
            "() => document.querySelector('#dlg-room [data-room-seat=\"N\"]').dataset.who === 'friend'",
            timeout=ROOM,
        )
        host.click('[data-action="start-room"]')
        deadline = time.monotonic() + 240
        while not fox.evaluate("() => !!document.querySelector('[data-deal-check]')"):
            assert time.monotonic() < deadline, "the hand did not end in Firefox"
            moved = bool(host.evaluate(STEP)) | bool(fox.evaluate(STEP))
            if not moved:
                time.sleep(0.15)
        assert fox.evaluate("() => document.querySelector('[data-deal-check]').dataset.dealCheck") == "ok"
        assert fox.evaluate("() => document.documentElement.dataset.me") == "N"
        assert not fox.events()["errors"]
    finally:
        fox.close()
