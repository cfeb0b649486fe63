"""A phone's layout, checked (issue 25): at 360 x 640 and 390 x 844, in every mode (a match, today's
deals, the review of a hand, a lesson) and every dialog, no strip, banner or notice laid over the page
covers a seat's name, a card the player may click, the prompt or its choices, or, with a dialog
open, the dialog's own controls (in the match a notice stays shown all along). Measured from the
elements' boxes (getBoundingClientRect overlaps), each overlap then hit-tested at its centre: a
cover under a dialog covers nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page

from e2e.game import human_step, open_game, url, wait_for_human, wait_ready
from e2e.test_i18n import open_from_menu
from e2e.test_phone import PHONE
from e2e.test_review import finish_first_hand

SIZES = [(360, 640), (390, 844)]
DAY = "2026-12-01"

# the overlaps of what lies over the page (covers) with what the player must see or click (targets)
COVERED_JS = """() => {
  const shown = (e) => {
    const r = e.getBoundingClientRect(), s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && s.display !== "none";
  };
  const tag = (e) => e.tagName.toLowerCase();
  const name = (e) => e.id ? "#" + e.id
    : e.className ? tag(e) + "." + String(e.className).split(" ")[0] : tag(e);
  const what = (e) => name(e) + (e.getAttribute("data-card") ? "[" + e.getAttribute("data-card") + "]" : "")
    + " " + JSON.stringify((e.textContent || "").trim().slice(0, 24));
  const covers = [...document.querySelectorAll(".daily-strip, [data-notice], #banner, .lesson-panel")]
    .filter(shown);
  const modal = document.querySelector("dialog[open]")
    || document.querySelector("[data-review]:not([hidden])")
    || document.querySelector("#overlay:not([hidden])")
    || document.querySelector("#side.open");
  const targets = [...(modal
    ? modal.querySelectorAll("button, input, select, a, [data-card]")
    : document.querySelectorAll(
        ".plate .name, [data-hand='S'] [data-playable='true'], #status, #choices button, .bar button"))]
    .filter(shown);
  const hits = [];
  for (const c of covers) {
    for (const t of targets) {
      if (c.contains(t) || t.contains(c)) continue;
      const a = c.getBoundingClientRect(), b = t.getBoundingClientRect();
      const left = Math.max(a.left, b.left), right = Math.min(a.right, b.right);
      const top = Math.max(a.top, b.top), bottom = Math.min(a.bottom, b.bottom);
      if (right - left <= 0.5 || bottom - top <= 0.5) continue;
      const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      if (hit && c.contains(hit)) hits.push(what(c) + " covers " + what(t));
    }
  }
  return { hits, covers: covers.map(what), targets: targets.length, modal: modal ? name(modal) : null };
}"""


def check(page: Page, where: str, seen: list[str]) -> None:
    found = page.evaluate(COVERED_JS)
    assert found["targets"] > 0, (where, found)
    assert not found["hits"], (where, found)
    seen.append(f"{where}: {found['targets']} targets, covers {found['covers']}")


def each_dialog(page: Page, where: str, seen: list[str]) -> None:
    """The menu, settings, statistics, rules, last trick and new-match confirmation, each
    opened from the table, checked, closed."""
    for opener, shown in [
        ("#open-settings", "#dlg-settings[open]"),
        ("#open-stats", "#dlg-stats[open]"),
        ("#open-rules", "dialog.rules-page[open]"),
        ("#restart", "#dlg-confirm[open]"),
    ]:
        page.click("#open-side")
        page.wait_for_selector("#side.open")
        check(page, f"{where}, menu", seen)
        page.click(opener)
        page.wait_for_selector(shown)
        check(page, f"{where}, {opener}", seen)
        page.keyboard.press("Escape")
        page.wait_for_selector(shown, state="detached" if "rules" in shown else "hidden")
        page.wait_for_function("!document.querySelector('dialog[open]')")
    if page.locator("#open-last").is_enabled():
        page.click("#open-last")
        page.wait_for_selector("#dlg-last[open]")
        check(page, f"{where}, last trick", seen)
        page.keyboard.press("Escape")
        page.wait_for_function("!document.querySelector('dialog[open]')")


def play_through(page: Page, where: str, seen: list[str]) -> None:
    """Check at each kind of decision of the first hand, the dialogs at the first card played
    after a trick, then the hand's summary and its review."""
    kinds: set[str] = set()
    dialogs = False
    for _ in range(400):
        kind = wait_for_human(page)
        if kind in ("next", "over"):
            break
        if kind not in kinds:
            kinds.add(kind)
            check(page, f"{where}, {kind}", seen)
        if kind == "play" and not dialogs and page.locator("#open-last").is_enabled():
            dialogs = True
            check(page, f"{where}, a card to play", seen)
            each_dialog(page, where, seen)
        human_step(page)
    finish_first_hand(page)
    check(page, f"{where}, summary", seen)
    page.click('#overlay [data-action="review"]')
    page.wait_for_selector("[data-review][data-review-step]")
    check(page, f"{where}, review", seen)
    page.click('[data-review] [data-review-nav="end"]')
    check(page, f"{where}, review at its end", seen)
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-review]", state="detached")
    assert "play" in kinds, kinds


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("mode", ["match", "daily"])
def test_nothing_laid_over_the_page_covers_what_the_player_needs(
    size: tuple[int, int], mode: str, site: str, open_context: Callable[..., BrowserContext]
) -> None:
    width, height = size
    page = open_context(**{**PHONE, "viewport": {"width": width, "height": height}}).new_page()
    params: dict[str, object] = {"speed": "instant", "lang": "en"}
    if mode == "daily":
        params["daily"] = DAY
    else:
        params["seed"] = 21
    open_game(page, site, **params)
    assert page.locator("#daily-strip").is_visible() == (mode == "daily")
    if mode == "match":  # and a notice shown all along (settings that could not be read)
        page.evaluate("() => localStorage.setItem('bela.v1.settings', '[1, 2')")
        page.reload()
        wait_ready(page)
        assert page.locator("[data-notice]").is_visible()
    seen: list[str] = []
    play_through(page, f"{mode} {width}x{height}", seen)
    print("\n".join(seen))


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_nothing_covers_a_lesson(
    size: tuple[int, int], site: str, open_context: Callable[..., BrowserContext]
) -> None:
    """Learn Bela: the lessons' list, then each lesson's table under its panel."""
    width, height = size
    page = open_context(**{**PHONE, "viewport": {"width": width, "height": height}}).new_page()
    page.goto(url(site, seed=4, speed="instant", lang="en", learn=""))
    page.wait_for_selector("[data-learn]")
    seen: list[str] = []
    check(page, f"learn {width}x{height}, the list", seen)
    lessons = page.evaluate(
        "() => [...document.querySelectorAll('[data-learn] [data-lesson]')].map((b) => b.dataset.lesson)"
    )
    assert len(lessons) > 3, lessons
    for ident in lessons:
        if not page.locator("[data-learn]").is_visible():  # back to the match, then the list
            page.keyboard.press("Escape")
            page.wait_for_selector('html[data-mode="match"]', state="attached")
            open_from_menu(page, '[data-action="learn"]', "[data-learn]")
        page.click(f'[data-learn] [data-lesson="{ident}"]')
        page.wait_for_selector("#lesson-panel:not([hidden])")
        page.wait_for_function("!document.querySelector('dialog[open]')")
        check(page, f"learn {width}x{height}, {ident}", seen)
    print("\n".join(seen))
