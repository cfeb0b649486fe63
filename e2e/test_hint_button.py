"""The Hint button and the H / ? key (web/hint/advice.py): at naming trump, "zovem / ne zovem" and a
card to play, the suggested bid, button or card is highlighted with its reason in the page's
language; the hint never plays, the player still does; the statistics count the hints; the
keyboard alone is enough.

Hooks (beyond ui-contract.md): the button ``[data-action="hint"]`` (``aria-busy="true"`` while
the worker thinks), the suggested control ``[data-hinted="true"]``, the reason
``[data-hint-text]`` (one element per sentence), the statistics row ``[data-stat="hints"]``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page

from e2e.game import MOVE_TIMEOUT, open_game, play_until, snapshot, wait_for_human
from e2e.test_i18n import problem
from e2e.test_play_input import KEY_JS, focus_with_tab
from web.storage import SETTINGS_KEY, wrap

#: notes every time the Hint button says it is thinking (set before the worker is asked)
BUSY_JS = """() => {
  window.hintBusy = 0;
  new MutationObserver((changes) => {
    for (const c of changes) {
      if (c.target.getAttribute("aria-busy") === "true") window.hintBusy += 1;
    }
  }).observe(document.body, {subtree: true, attributes: true, attributeFilter: ["aria-busy"]});
}"""

HINTED_JS = """() => {
  const all = [...document.querySelectorAll("[data-hinted]")];
  if (all.length !== 1) return {count: all.length};
  const e = all[0];
  return {
    count: 1,
    card: e.closest('[data-hand="S"]') ? e.getAttribute("data-card") : null,
    playable: e.getAttribute("data-playable"),
    bid: e.getAttribute("data-bid"),
    disabled: e.disabled === true,
    declare: e.getAttribute("data-declare"),
    bela: e.getAttribute("data-bela"),
  };
}"""


def wait_for_hint(page: Page) -> tuple[dict[str, Any], list[str]]:
    """Wait for the highlight and the reason; return what is highlighted and the sentences."""
    page.wait_for_selector('[data-hinted="true"]', state="attached", timeout=MOVE_TIMEOUT)
    page.wait_for_selector("[data-hint-text]:not([hidden])", timeout=MOVE_TIMEOUT)
    hinted: dict[str, Any] = page.evaluate(HINTED_JS)
    parts = [str(t) for t in page.locator("[data-hint-text] > *").all_text_contents()]
    return hinted, parts


def assert_in_language(parts: list[str], lang: str, others: tuple[str, ...]) -> None:
    assert len(parts) >= 2 and all(p.strip() for p in parts), parts  # what to do, and why
    for part in parts:
        assert problem(part, lang) is None, (lang, part, problem(part, lang))
        for other in others:
            assert problem(part, other) is not None, (part, f"reads as {other}")


def same_position(a: dict[str, Any], b: dict[str, Any]) -> bool:
    keys = ("turn", "hand", "playable", "trick", "bids", "declare", "bela", "score", "trump")
    return all(a[k] == b[k] for k in keys)


def test_hints_in_croatian_highlight_a_bid_then_a_card_and_never_play(
    context: BrowserContext, site: str, shoot: Callable[[Page, str], Path]
) -> None:
    page = context.new_page()
    open_game(page, site, seed=4, speed="instant", lang="hr", fresh=1)  # the human speaks first
    page.evaluate(BUSY_JS)
    # naming trump
    assert wait_for_human(page) == "bid"
    before = snapshot(page)
    page.click('[data-action="hint"]')
    hinted, parts = wait_for_hint(page)
    assert hinted["count"] == 1 and hinted["bid"] in ("H", "D", "S", "C", "pass"), hinted
    assert not hinted["disabled"]
    assert_in_language(parts, "hr", ("en", "fr"))
    assert page.evaluate("window.hintBusy") >= 1  # the button said it was thinking
    assert page.get_attribute('[data-action="hint"]', "aria-busy") is None  # and no longer is
    assert same_position(snapshot(page), before)  # nothing was played for the player
    assert page.text_content("[data-live]") == " ".join(parts)
    shoot(page, "hint-hr-bid")
    # a card to play, with a choice
    state = play_until(page, "s.playable.length > 1")
    assert not page.locator("[data-hinted]").count()  # the bid's hint went with its position
    page.click('[data-action="hint"]')
    hinted, parts = wait_for_hint(page)
    assert hinted["card"] in state["playable"] and hinted["playable"] == "true", (hinted, state)
    assert_in_language(parts, "hr", ("en", "pl"))
    after = snapshot(page)
    assert same_position(after, state) and after["turn"] == "S"
    shoot(page, "hint-hr-card")
    # the statistics count both hints; asking again in the same position counts nothing
    page.click('[data-action="hint"]')
    page.click("#open-stats")
    page.wait_for_selector("#dlg-stats[open]")
    assert page.text_content('[data-stat="hints"] td') == "2"
    page.click("#dlg-stats [data-close]")
    page.wait_for_selector("#dlg-stats:not([open])", state="attached")
    assert same_position(snapshot(page), state)
    # the player plays the card: the hint leaves with the position
    card = hinted["card"]
    page.click(f'[data-hand="S"] [data-card="{card}"]')
    page.wait_for_function(
        f"""() => [...document.querySelectorAll('[data-trick] [data-card]')].some(
              (e) => e.getAttribute('data-seat') === 'S' && e.getAttribute('data-card') === '{card}')
            || !document.querySelector('[data-hand="S"] [data-card="{card}"]')"""
    )
    page.wait_for_selector("[data-hint-text]", state="hidden")
    assert page.locator("[data-hinted]").count() == 0
    stored = json.loads(page.evaluate("localStorage.getItem('bela.v1.stats')"))
    assert stored["hints"] == 2


def focus_hinted(page: Page, kind: str) -> None:
    """Move the keyboard focus to the highlighted control: Tab to a button, the arrows along
    the hand to a card."""
    hinted: dict[str, Any] = page.evaluate(HINTED_JS)
    if hinted["card"] is None:
        focus_with_tab(page, {"bid": "bid:", "declare": "declare", "bela": "bela"}[kind])
        for _ in range(8):
            if page.evaluate("document.activeElement.getAttribute('data-hinted') === 'true'"):
                return
            page.keyboard.press("Tab")
        raise AssertionError(f"Tab never reached the hinted {hinted}")
    focus_with_tab(page, "card:")
    for _ in range(8):
        if str(page.evaluate(KEY_JS)).startswith(f"card:{hinted['card']}:"):
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrows never reached the hinted {hinted}")


def test_a_keyboard_only_hand_following_the_hints_in_french(
    open_context: Callable[..., BrowserContext], site: str
) -> None:
    context = open_context()
    rules = wrap("settings", {"declarations": "choose", "bela": "choose"})
    # the house rules that ask "zovem / ne zovem" and Zovi belu / Bez (about:blank has no storage)
    context.add_init_script(
        f"try {{ localStorage.setItem({json.dumps(SETTINGS_KEY)}, {json.dumps(rules)}); }} catch (e) {{}}"
    )
    page = context.new_page()
    open_game(page, site, seed=4, speed="instant", lang="fr", fresh=1)
    seen: set[str] = set()
    plays = 0
    for step in range(40):
        kind = wait_for_human(page)
        if kind in ("next", "over") or plays >= 2:
            break
        before = snapshot(page)
        page.keyboard.press("?" if step % 2 else "h")
        hinted, parts = wait_for_hint(page)
        assert_in_language(parts, "fr", ("hr", "en"))
        assert same_position(snapshot(page), before), kind
        if kind == "bid":
            assert hinted["bid"] is not None and not hinted["disabled"], hinted
        elif kind == "declare":
            assert hinted["declare"] == "yes", hinted  # declaring can only add to our score
        elif kind == "bela":
            assert hinted["bela"] in ("yes", "no"), hinted
        else:
            assert kind == "play" and hinted["playable"] == "true", (kind, hinted)
        seen.add(kind)
        # the player follows the hint, by the keyboard alone
        focus_hinted(page, kind)
        handle = page.evaluate_handle("document.activeElement")
        page.keyboard.press("Enter")
        page.wait_for_function("(e) => !e.isConnected || !e.hasAttribute('data-hinted')", arg=handle)
        if kind == "play":
            card = hinted["card"]
            page.wait_for_function(
                f"""() => !document.querySelector('[data-hand="S"] [data-card="{card}"]')
                    || document.querySelector('[data-bela]')"""
            )
            plays += 1
    assert {"bid", "declare", "play"} <= seen, seen
