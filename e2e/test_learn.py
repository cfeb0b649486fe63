"""Learn Bela (ui-contract.md, "Learn"): the lessons' list from the menu and from ``?learn``, a
lesson's position on the table with the usual hooks, an answer wrong (in the engine's words)
then right, progress kept after a reload, Escape and Close back to the match untouched; on a
phone and on a desktop, with the keyboard, and axe clean on the list and on a lesson."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page

from e2e.game import human_step, open_game, snapshot, url, wait_for_human, wait_ready
from e2e.test_axe import SIZES, axe_violations
from e2e.test_i18n import open_from_menu
from web.i18n import Translator
from web.learn.lessons import PROGRESS_KEY, load
from web.storage import SETTINGS_KEY, wrap

EN = Translator("en")
LESSONS = load()
IDS = [x.ident for x in LESSONS]


def lesson_states(page: Page) -> dict[str, str]:
    found: dict[str, str] = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll("[data-learn] [data-lesson]")].map(
             (b) => [b.getAttribute("data-lesson"), b.getAttribute("data-done")]))"""
    )
    return found


def root(page: Page, name: str) -> str | None:
    value: str | None = page.evaluate(f"() => document.documentElement.getAttribute({name!r})")
    return value


def open_lesson(page: Page, ident: str) -> None:
    page.click(f'[data-learn] [data-lesson="{ident}"]')
    page.wait_for_selector(f'html[data-mode="learn"][data-lesson="{ident}"]', state="attached")
    page.wait_for_selector("#lesson-panel:not([hidden])")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_lesson_wrong_then_right_kept_after_a_reload_and_back_to_the_match(
    open_context: Callable[..., BrowserContext], site: str, size: str
) -> None:
    context = open_context(viewport=SIZES[size])
    page = context.new_page()
    open_game(page, site, seed=4, speed="instant", lang="en")  # the human speaks first
    assert wait_for_human(page) == "bid"
    before = snapshot(page)
    saved = page.evaluate("() => localStorage.getItem('bela.v1.match')")
    open_from_menu(page, '[data-action="learn"]', "[data-learn]")
    assert lesson_states(page) == {i: "false" for i in IDS}
    assert page.text_content("#learn-title") == EN("learn.title")
    open_lesson(page, "iber")
    assert not page.locator("dialog[open]").count()
    # the position on the table with the usual hooks: Partner led the king, Left followed
    s = snapshot(page)
    assert s["trump"] == "H" and s["trick"] == [["N", "KS"], ["W", "8S"]]
    assert s["playable"] == ["AS"] and len(s["hand"]) == 8
    assert page.text_content("#lesson-title") == LESSONS[IDS.index("iber")].text("en", "title")
    # wrong: the engine's refusal, in words; the card stays in the hand
    page.click('[data-hand="S"] [data-card="9S"]')
    page.wait_for_selector("[data-lesson-result]")
    assert page.get_attribute("[data-lesson-result]", "data-lesson-result") == "wrong"
    assert EN("refuse.beat", card="king of spades") in (page.text_content("[data-lesson-result]") or "")
    assert snapshot(page)["trick"] == [["N", "KS"], ["W", "8S"]]
    # try again, then right: the card goes to the trick
    page.click('[data-action="retry"]')
    page.wait_for_selector("[data-lesson-result]", state="detached")
    page.click('[data-hand="S"] [data-card="AS"]')
    page.wait_for_selector('[data-lesson-result="right"]')
    assert snapshot(page)["trick"][-1] == ["S", "AS"]
    assert LESSONS[IDS.index("iber")].text("en", "right") in (page.text_content("[data-lesson-result]") or "")
    # the next lesson, then Escape: back to the match as it was, nothing saved over it
    page.click('[data-action="next-lesson"]')
    page.wait_for_selector('html[data-lesson="ruff"]', state="attached")
    page.keyboard.press("Escape")
    page.wait_for_selector('html[data-mode="match"]', state="attached")
    assert root(page, "data-lesson") is None
    assert page.locator("#lesson-panel:not([hidden])").count() == 0
    after = snapshot(page)
    assert {k: after[k] for k in ("hand", "trick", "bids", "turn", "dealer", "score")} == {
        k: before[k] for k in ("hand", "trick", "bids", "turn", "dealer", "score")
    }
    assert page.evaluate("() => localStorage.getItem('bela.v1.match')") == saved
    stored = json.loads(page.evaluate(f"() => localStorage.getItem({PROGRESS_KEY!r})"))
    assert stored["done"] == ["iber"]
    # a reload: the lesson answered right is still done, in the list opened by ?learn
    page.goto(url(site, speed="instant", lang="en", learn=""))
    wait_ready(page)
    page.wait_for_selector("[data-learn]")
    assert lesson_states(page) == {i: ("true" if i == "iber" else "false") for i in IDS}
    context.close()


def test_a_bid_lesson_with_the_keyboard_and_the_close_button(page: Page, site: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(url(site, seed=4, speed="instant", lang="en", learn=""))
    wait_ready(page)
    page.wait_for_selector("dialog[data-learn][open]")
    focused = page.evaluate("() => document.activeElement.getAttribute('data-lesson')")
    assert focused == IDS[0]  # the first lesson not done has the focus
    page.focus('[data-learn] [data-lesson="mus"]')
    page.keyboard.press("Enter")
    page.wait_for_selector('html[data-lesson="mus"]', state="attached")
    # the dealer may not pass: the pass button is off; a weak suit named is wrong and why
    s = snapshot(page)
    assert ("pass", True) in [tuple(b) for b in s["bids"]]
    page.click('[data-bid="C"]')
    page.wait_for_selector('[data-lesson-result="wrong"]')
    assert page.evaluate("() => document.activeElement.hasAttribute('data-lesson-result')")
    assert LESSONS[IDS.index("mus")].text("en", "wrong") in (page.text_content("[data-lesson-result]") or "")
    page.keyboard.press("Tab")  # from the result to "Try again"
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-lesson-result]", state="detached")
    page.click('[data-bid="D"]')
    page.wait_for_selector('[data-lesson-result="right"]')
    page.click("#lesson-panel [data-close]")
    page.wait_for_selector('html[data-mode="match"]', state="attached")


@pytest.mark.parametrize(("size", "theme"), [("phone", "light"), ("desktop", "dark")])
def test_axe_finds_nothing_on_the_lessons(
    open_context: Callable[..., BrowserContext], site: str, size: str, theme: str
) -> None:
    context = open_context(viewport=SIZES[size])
    value = json.dumps(wrap("settings", {"theme": theme}))
    context.add_init_script(f"try {{ localStorage.setItem('{SETTINGS_KEY}', {value}); }} catch (e) {{}}")
    page = context.new_page()
    open_game(page, site, seed=4, speed="instant", lang="hr", learn="")
    page.wait_for_selector("dialog[data-learn][open]")
    assert page.get_attribute("html", "data-theme") == theme
    assert axe_violations(page) == []
    open_lesson(page, "bela")
    page.click('[data-hand="S"] [data-card="KH"]')  # bela "choose": the question, then the answer
    page.click('[data-bela="yes"]')
    page.wait_for_selector('[data-lesson-result="right"]')
    assert axe_violations(page) == []
    page.keyboard.press("Escape")  # back to the match, then the list with a lesson done (its mark)
    page.wait_for_selector('html[data-mode="match"]', state="attached")
    open_from_menu(page, '[data-action="learn"]', "[data-learn]")
    page.wait_for_selector('[data-learn] [data-lesson="bela"][data-done="true"]')
    assert axe_violations(page) == []
    context.close()


GUIDED_JS = """() => document.querySelector("[data-lesson-result]") ? "done"
  : document.querySelector('[data-hand="S"] [data-playable="true"], [data-bela], [data-declare]') ? "play"
  : false"""


def test_the_guided_hand_is_played_to_its_end_against_the_computer(page: Page, site: str) -> None:
    page.goto(url(site, seed=4, speed="instant", lang="pl", learn=""))
    wait_ready(page)
    page.wait_for_selector("dialog[data-learn][open]")
    open_lesson(page, "guided")
    page.click('[data-bid="H"]')
    for _ in range(40):
        if page.wait_for_function(GUIDED_JS, timeout=60_000).json_value() == "done":
            break
        human_step(page)
    assert page.get_attribute("[data-lesson-result]", "data-lesson-result") == "right"
    sheet = snapshot(page)
    assert len(sheet["hand"]) == 0 and sheet["nextHand"] is False  # no "Next hand" in a lesson
    text = page.text_content("[data-lesson-result]") or ""
    assert LESSONS[IDS.index("guided")].text("pl", "right") in text and "My " in text
    page.click('[data-action="next-lesson"]')  # the last lesson: back to the list
    page.wait_for_selector("dialog[data-learn][open]")
    assert lesson_states(page)["guided"] == "true"
    assert page.evaluate("() => document.documentElement.getAttribute('data-mode')") == "match"
