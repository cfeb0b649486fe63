"""The review of a finished hand (ui-contract.md, "Review of a finished hand"): opened from the
end-of-hand summary and from the score sheet, on a phone and on a desktop; stepping by buttons
and keys; every card face up, the hands shrinking, each play costed and marked; Escape and
Close return to where the player was; a hand of an imported record reviewed as the engine
reviews it under CPython."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from bela import record, review
from e2e.game import human_step, open_game, wait_for_human
from e2e.test_phone import PHONE

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "shared" / "examples"
ANALYSIS_TIMEOUT = 240_000  # a whole hand's review in the worker, on a loaded machine
REVIEW = "[data-review]"

PLAYS_JS = """() => [...document.querySelectorAll("[data-review] [data-review-play]")].map((e) => ({
  index: Number(e.getAttribute("data-review-play")),
  seat: e.getAttribute("data-seat"), card: e.getAttribute("data-card"),
  best: e.getAttribute("data-best"), cost: e.getAttribute("data-cost"),
  bestDd: e.getAttribute("data-best-dd"), costDd: e.getAttribute("data-cost-dd"),
  mark: e.getAttribute("data-mark"),
}))"""

HANDS_JS = """() => Object.fromEntries(["S", "E", "N", "W"].map((s) => [s,
  [...document.querySelectorAll(`[data-review] [data-review-hand="${s}"] [data-card]`)]
    .map((e) => e.getAttribute("data-card"))]))"""


def step(page: Page) -> int:
    return int(page.get_attribute(REVIEW, "data-review-step") or "-1")


def go(page: Page, how: str) -> None:
    before = step(page)
    page.click(f'{REVIEW} [data-review-nav="{how}"]')
    page.wait_for_function(
        f"document.querySelector('{REVIEW}').getAttribute('data-review-step') !== '{before}'"
    )


def wait_costed(page: Page, tricks: int) -> None:
    page.wait_for_function(
        f"Number(document.querySelector('{REVIEW}').getAttribute('data-review-done')) >= {tricks}",
        timeout=ANALYSIS_TIMEOUT,
    )


def plays(page: Page) -> list[dict[str, Any]]:
    result: list[dict[str, Any]] = page.evaluate(PLAYS_JS)
    return sorted(result, key=lambda p: p["index"])


def check_play(p: dict[str, Any]) -> None:
    assert p["best"] and p["cost"] is not None, p
    cost = float(p["cost"])
    assert cost >= 0
    assert p["mark"] in ("mistake", "unlucky", "")
    assert (p["mark"] == "mistake") == (cost >= 10), p
    if p["costDd"] is not None:
        assert float(p["costDd"]) >= 0 and p["bestDd"]
        if p["mark"] == "unlucky":
            assert float(p["costDd"]) >= 10


def open_sheet(page: Page) -> None:
    """The score sheet: in the side panel on a phone (the menu button), beside the table on a
    desktop."""
    if page.locator("#open-side").is_visible():
        page.click("#open-side")
        page.wait_for_selector("#side.open [data-score-sheet]")
    assert page.locator("[data-score-sheet]").is_visible()


def finish_first_hand(page: Page) -> None:
    for _ in range(400):
        kind = wait_for_human(page)
        if kind in ("next", "over"):
            return
        human_step(page)
    raise AssertionError("the first hand did not end")


def review_a_played_hand(page: Page, width: int | None) -> None:
    finish_first_hand(page)
    summary_button = page.locator('#overlay [data-action="review"]')
    assert summary_button.get_attribute("data-hand-number") == "1"
    summary_button.click()
    page.wait_for_selector(f'{REVIEW}[data-hand-number="1"][data-review-step="0"]')
    hands = page.evaluate(HANDS_JS)
    assert sorted(len(v) for v in hands.values()) == [8, 8, 8, 8]
    assert len({c for v in hands.values() for c in v}) == 32 and "back" not in str(hands)
    assert page.locator(f"{REVIEW} [data-review-play]").count() == 0
    if width is not None:
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width
        box = page.locator(f'{REVIEW} [data-review-nav="end"]').bounding_box()
        assert box is not None and box["x"] + box["width"] <= width + 0.5
    # by buttons: the first trick, its costs and marks
    page.evaluate(f"document.querySelector('{REVIEW} [data-review-nav=\"next\"]').dataset.kept = 'yes'")
    for _ in range(4):
        go(page, "next")
    assert step(page) == 4
    # a step changes what it shows, not the buttons: the one pressed is the same, still focused
    kept = f'{REVIEW} [data-review-nav="next"][data-kept="yes"]'
    assert page.evaluate(f"document.activeElement === document.querySelector('{kept}')")
    wait_costed(page, 1)
    first = plays(page)
    assert [p["index"] for p in first] == [0, 1, 2, 3]
    for p in first:
        check_play(p)
    held = page.evaluate(HANDS_JS)
    assert sum(len(v) for v in held.values()) == 28
    for p in first:
        assert p["card"] not in held[p["seat"]] and p["card"] in hands[p["seat"]]
    # by keys
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"document.querySelector('{REVIEW}').getAttribute('data-review-step') === '5'")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"document.querySelector('{REVIEW}').getAttribute('data-review-step') === '3'")
    assert page.locator(f"{REVIEW} [data-review-play]").count() == 3
    # to a trick, to the end
    page.click(f'{REVIEW} [data-review-nav="trick:2"]')
    page.wait_for_function(f"document.querySelector('{REVIEW}').getAttribute('data-review-step') === '8'")
    go(page, "end")
    assert step(page) == 32
    wait_costed(page, 8)
    page.wait_for_selector(f"{REVIEW} [data-review-verdict] [data-decided]", timeout=ANALYSIS_TIMEOUT)
    every = plays(page)
    assert [p["index"] for p in every] == list(range(32))
    for p in every:
        check_play(p)
    assert all(p["costDd"] is not None for p in every[16:])
    assert sum(len(v) for v in page.evaluate(HANDS_JS).values()) == 0
    go(page, "start")
    assert step(page) == 0
    # Escape: back to the summary, as it was
    page.keyboard.press("Escape")
    page.wait_for_selector(REVIEW, state="detached")
    assert page.locator('#overlay [data-action="next-hand"]').is_visible()
    # the score sheet's row: the same review, already computed
    open_sheet(page)
    page.click('[data-score-sheet] [data-hand-row="1"] [data-action="review"]')
    page.wait_for_selector(f'{REVIEW}[data-hand-number="1"][data-review-done="8"]')
    go(page, "end")
    assert plays(page) == every
    page.click(f"{REVIEW} [data-close]")
    page.wait_for_selector(REVIEW, state="detached")
    assert page.locator("[data-score-sheet]").is_visible()
    # the player's accuracy, from the review, with the other statistics
    mine = [p for p in every if p["seat"] == "S"]
    page.click("#open-stats")
    page.wait_for_selector("#dlg-stats[open]")
    accuracy = page.text_content('[data-stat="accuracy"] td') or ""
    assert "%" in accuracy and int(accuracy.split("/")[-1].rstrip(")")) <= len(mine), accuracy


def test_review_a_played_hand_on_a_desktop(page: Page, site: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(page, site, seed=3, speed="instant", lang="en")
    review_a_played_hand(page, None)


def test_review_a_played_hand_on_a_phone(
    open_context: Callable[..., BrowserContext], site: str, shoot: Callable[[Page, str], Path]
) -> None:
    page = open_context(**PHONE).new_page()
    open_game(page, site, seed=5, speed="instant", lang="hr")
    review_a_played_hand(page, 360)


@pytest.mark.parametrize("name", ["visi.json"])
def test_review_a_hand_of_an_imported_record(page: Page, site: str, name: str) -> None:
    path = EXAMPLES / name
    match = record.loads(path.read_text(encoding="utf-8"))
    number = next(n for n, h in enumerate(match.hands, 1) if h.finished and len(h.plays) == 32)
    expected = [p for k in range(8) for p in review.review_trick(match, number, k)]
    open_game(page, site, speed="instant", lang="en")
    page.set_input_files('[data-action="import"]', str(path))
    page.wait_for_selector(f'[data-score-sheet] [data-hand-row="{len(match.hands)}"]', state="attached")
    open_sheet(page)
    page.click(f'[data-score-sheet] [data-hand-row="{number}"] [data-action="review"]')
    page.wait_for_selector(f'{REVIEW}[data-hand-number="{number}"]')
    go(page, "end")
    wait_costed(page, 8)
    page.wait_for_selector(f"{REVIEW} [data-review-verdict] [data-decided]", timeout=ANALYSIS_TIMEOUT)
    got = plays(page)
    hand = match.hands[number - 1]
    assert [(p["seat"], p["card"]) for p in got] == [(s.name, str(c)) for s, c in hand.played_pairs()]
    for p, e in zip(got, expected, strict=True):
        check_play(p)
        assert p["best"] == str(e.best) and float(p["cost"]) == pytest.approx(e.cost, abs=0.051)
        assert p["costDd"] == (None if e.cost_dd is None else str(e.cost_dd))
        assert p["bestDd"] == (None if e.best_dd is None else str(e.best_dd))
    page.keyboard.press("Escape")
    page.wait_for_selector(REVIEW, state="detached")
