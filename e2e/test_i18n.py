"""Every language on the page, at phone size: each text the page shows (text nodes, and the
aria-label, title and alt attributes) comes from that language's catalog, with either card
pattern; nothing overflows its button at 360 px; the language follows the address, the
settings and the browser's languages, and ``<html lang>`` follows it.

How "from the catalog" is checked: every catalog text of the language becomes a pattern whose
placeholders match anything, and a text on the page must match one of them whole; then each of
its words must be a word of that language's catalog (so what fills a placeholder is checked
too: an English card name in a French sentence fails). Texts without letters (scores, counts,
symbols) pass; a text drawn in parts (``data-text-unit``: a glossary entry with its term in
bold) is checked whole; an element that says it is in another language (``lang="pl"``: the names of
the languages in the language list) is left to that language.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from e2e.game import click_and_wait, open_game, play_until, url, wait_ready
from web.i18n import LANGS, catalog

PHONE = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 1}
WORD = re.compile(r"[^\W\d_]+")

TEXTS_JS = """() => {
  const page = document.documentElement.lang;
  const foreign = (el) => {
    const l = el.closest("[lang]");
    return l && l !== document.documentElement && l.lang !== page;
  };
  const where = (el) => {
    const cls = typeof el.className === "string" && el.className ? "." + el.className.split(" ")[0] : "";
    return el.id ? "#" + el.id : el.tagName.toLowerCase() + cls;
  };
  const out = [{text: document.title, where: "title"}];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    // the cards' sprite (#card-sprite, put into the page by web.dom): drawings, not words
    if (!el || el.closest("script, style, [data-text-unit], #card-sprite") || foreign(el)) continue;
    if (!n.textContent.trim()) continue;
    out.push({text: n.textContent, where: where(el)});
  }
  // one catalog text drawn in parts (a glossary's term in bold): checked whole
  for (const el of document.body.querySelectorAll("[data-text-unit]")) {
    if (!foreign(el)) out.push({text: el.textContent, where: where(el)});
  }
  for (const el of document.body.querySelectorAll("[aria-label], [title], [alt], [placeholder]")) {
    if (foreign(el)) continue;
    for (const a of ["aria-label", "title", "alt", "placeholder"]) {
      const v = el.getAttribute(a);
      if (v && v.trim()) out.push({text: v, where: where(el) + "@" + a});
    }
  }
  return out;
}"""

OVERFLOW_JS = """(scope) => {
  const bad = [];
  const sel = "button, .btn, .choice, .seg label, .chip, .icon-btn, .name, .bubble, .status, .score, .trump";
  for (const el of document.querySelectorAll(scope + " " + sel)) {
    if (el.offsetParent === null && getComputedStyle(el).position !== "fixed") continue;
    if (el.closest("#side:not(.open)")) continue;  // the menu, slid out of view until opened
    const r = el.getBoundingClientRect();
    if (r.width === 0) continue;
    if (el.scrollWidth > el.clientWidth + 1 || r.left < -0.5 || r.right > innerWidth + 0.5) {
      bad.push({what: el.id || el.className || el.tagName, text: el.textContent.trim().slice(0, 40),
                scroll: el.scrollWidth, client: el.clientWidth, left: r.left, right: r.right});
    }
  }
  return bad;
}"""


@cache
def patterns(lang: str) -> tuple[frozenset[str], tuple[re.Pattern[str], ...], frozenset[str]]:
    """The language's catalog as exact texts, patterns (placeholders match anything) and words."""
    texts = set(catalog(lang).values())
    compiled = []
    words: set[str] = set()
    for text in texts:
        parts = []
        for literal, field, _, _ in string.Formatter().parse(text):
            parts.append(re.escape(literal))
            if field is not None:
                parts.append("(.+?)")
            words |= {w.lower() for w in WORD.findall(literal)}
        compiled.append(re.compile("".join(parts), re.S))
    return frozenset(texts), tuple(compiled), frozenset(words)


def problem(text: str, lang: str) -> str | None:
    """Why ``text`` cannot have come from the ``lang`` catalog (None if it can)."""
    text = text.strip()
    if not WORD.search(text):
        return None  # numbers, scores, symbols
    exact, compiled, words = patterns(lang)
    if text not in exact and not any(p.fullmatch(text) for p in compiled):
        return "matches no catalog text"
    strangers = sorted({w for w in WORD.findall(text) if w.lower() not in words})
    return f"words not in the catalog: {strangers}" if strangers else None


def check_page(page: Page, lang: str, state: str) -> int:
    found: list[dict[str, str]] = page.evaluate(TEXTS_JS)
    bad = [(f["where"], f["text"], why) for f in found if (why := problem(f["text"], lang)) is not None]
    assert not bad, f"{lang} {state}: texts not from the {lang} catalog:\n" + "\n".join(map(str, bad))
    return len(found)


def check_fits(page: Page, scope: str, state: str) -> None:
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360, state
    bad: list[Any] = page.evaluate(OVERFLOW_JS, scope)
    assert not bad, f"{state}: overflowing at 360 px: {bad}"


# -- the checker itself, without a browser -----------------------------------------------------


def test_the_checker_tells_a_foreign_string() -> None:
    assert problem("Réglages", "fr") is None
    assert problem("Vous jouez\u00a0: roi de pique.", "fr") is None  # French puts a no-break space before ":"
    assert problem("Atout\u00a0: Gland", "fr") is None
    assert problem("1001 : 0", "fr") is None and problem("—", "pl") is None
    assert problem("Settings", "fr") is not None
    assert problem("Vous jouez\u00a0: king of spades.", "fr") is not None  # English inside a French frame
    assert problem("Trump: Clubs", "pt") is not None
    assert problem("Postavke", "pl") is not None  # Croatian on a Polish page
    assert problem("Ustawienia", "pl") is None


# -- in the browser: every language, both card patterns ----------------------------------------


def choose(page: Page, setting: str, value: str) -> None:
    page.click(f'#dlg-settings label:has(input[data-setting="{setting}"][value="{value}"])')
    page.wait_for_function(
        f'document.querySelector(\'input[data-setting="{setting}"][value="{value}"]\').checked'
    )


def close(page: Page, dialog: str) -> None:
    """Close a dialog, then the menu it was opened from."""
    page.click(f"{dialog} [data-close]")
    page.wait_for_selector(f"{dialog}:not([open])", state="attached")
    if page.locator("#side.open").count():
        page.keyboard.press("Escape")
        page.wait_for_selector("#side:not(.open)", state="attached")


def open_from_menu(page: Page, button: str, dialog: str) -> None:
    """Open a dialog from the menu (on a wide screen the menu is always shown)."""
    if page.locator("#side.open").count() == 0 and page.locator("#open-side").is_visible():
        page.click("#open-side")
        page.wait_for_selector("#side.open")
    page.click(button)
    page.wait_for_selector(f"{dialog}[open]")


@pytest.mark.parametrize("lang", LANGS)
def test_every_string_comes_from_the_catalog(
    open_context: Callable[..., BrowserContext], site: str, shoot: Callable[[Page, str], Path], lang: str
) -> None:
    page = open_context(**PHONE).new_page()
    open_game(page, site, seed=4, speed="instant", lang=lang)  # the human speaks first
    assert page.get_attribute("html", "lang") == lang
    # the start screen: naming trump
    play_until(page, "s.bids.length > 0")
    check_page(page, lang, "start")
    check_fits(page, "", f"{lang} start")
    shoot(page, f"{lang}-phone-start")
    # a hand in play, with a card refused and its reason said
    state = play_until(
        page,
        "s.trick.length >= 1 && s.playable.length > 0 && s.playable.length < s.hand.length"
        " && !document.querySelector('#open-last').disabled",
    )
    illegal = next(c for c in state["hand"] if c not in state["playable"])
    page.click(f'[data-hand="S"] [data-card="{illegal}"]')
    page.wait_for_function("document.querySelector('#status').classList.contains('refusal')")
    assert page.text_content("[data-live]") == page.text_content("#status")
    check_page(page, lang, "refusal")
    check_fits(page, "", f"{lang} hand")
    shoot(page, f"{lang}-phone-hand")
    # the menu, the settings, then the Croatian deck
    page.click("#open-side")
    page.wait_for_selector("#side.open")
    page.wait_for_function(
        "document.querySelector('#side').getBoundingClientRect().right <= innerWidth + 0.5"
    )
    check_fits(page, "#side", f"{lang} menu")
    page.keyboard.press("Escape")
    page.wait_for_selector("#side:not(.open)", state="attached")
    open_from_menu(page, "#open-settings", "#dlg-settings")
    check_page(page, lang, "settings")
    check_fits(page, "#dlg-settings", f"{lang} settings")
    choose(page, "deck", "german")
    page.wait_for_function("document.documentElement.dataset.deck === 'german'")
    check_page(page, lang, "settings, Croatian deck")
    close(page, "#dlg-settings")
    check_page(page, lang, "hand, Croatian deck")
    shoot(page, f"{lang}-phone-hand-croatian-deck")
    # the rules page
    open_from_menu(page, "#open-rules", "#dlg-rules")
    count = check_page(page, lang, "rules")
    assert count > 150
    check_fits(page, "#dlg-rules", f"{lang} rules")
    shoot(page, f"{lang}-phone-rules")
    page.locator('[data-example="iber"]').scroll_into_view_if_needed()
    shoot(page, f"{lang}-phone-rules-example")
    close(page, "#dlg-rules")
    # statistics, the last trick, the end of the hand
    open_from_menu(page, "#open-stats", "#dlg-stats")
    check_page(page, lang, "statistics")
    close(page, "#dlg-stats")
    page.click("#open-last")
    page.wait_for_selector("#dlg-last[open]")
    check_page(page, lang, "last trick")
    close(page, "#dlg-last")
    play_until(page, "s.nextHand")
    check_page(page, lang, "end of hand")
    check_fits(page, "#overlay", f"{lang} end of hand")
    click_and_wait(page, '[data-action="next-hand"]')
    play_until(page, "s.bids.length > 0 || s.playable.length > 0")
    check_page(page, lang, "next hand")


def test_the_language_follows_the_browser_the_settings_and_the_address(
    open_context: Callable[..., BrowserContext], site: str
) -> None:
    context = open_context(**PHONE)
    context.add_init_script(
        "Object.defineProperty(navigator, 'languages', {get: () => ['de-AT', 'pl-PL', 'en-GB']});"
        "Object.defineProperty(navigator, 'language', {get: () => 'de-AT'});"
    )
    page = context.new_page()
    # first visit: the first of the browser's languages with a catalog, before Python runs too
    page.goto(url(site, seed=4, speed="instant"), wait_until="domcontentloaded")
    assert page.get_attribute("html", "lang") == "pl"
    # loading, or already starting Python (all its bytes in: a local server is fast)
    assert page.text_content(".boot-text") in (catalog("pl")["boot.loading"], catalog("pl")["boot.starting"])
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "pl"
    assert page.text_content("#open-rules") == catalog("pl")["action.rules"]
    # changed in the settings: at once, and kept
    open_from_menu(page, "#open-settings", "#dlg-settings")
    assert page.is_checked('input[data-setting="lang"][value="pl"]')
    choose(page, "lang", "pt")
    assert page.get_attribute("html", "lang") == "pt"
    assert page.text_content("#dlg-settings h2") == catalog("pt")["settings.title"]
    assert page.text_content(".score.ns .team") == catalog("pt")["team.NS"]
    page.goto(url(site, speed="instant"))
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "pt"
    # the address wins for this visit
    page.goto(url(site, speed="instant", lang="fr"))
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "fr"
    assert page.text_content("#open-settings") == catalog("fr")["action.settings"]
