"""The coach and take-back, and "Play it again from here" (ui-contract.md, "Coach and take-back"
and "Play it again from here"), on a phone and on a desktop.

At each of the player's cards the test prices the position itself, under CPython, from the
match the page saved (bela.review, as ``bela review`` prices that card once the hand is over),
plays the costliest card when one costs 10 or more and expects the note with that cost and
better card; takes it back and checks the position and the save are those before the card;
then plays the best card. After the hand: the review, a step, play from there as practice (the
same cards, the trick, the turn; the match's save and statistics untouched), back to the review.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from bela import review
from bela.match import Match
from bela.record import loads
from bela.review_results import MISTAKE, plain_number
from e2e.game import MOVE_TIMEOUT, click_and_wait, human_step, open_game, snapshot, wait_for_human
from e2e.test_axe import axe_violations, describe
from e2e.test_phone import PHONE
from e2e.test_review import ANALYSIS_TIMEOUT, HANDS_JS, REVIEW, go, wait_costed
from web.session import Session
from web.storage import DAILY_KEY, MATCH_KEY, SETTINGS_KEY, STATS_KEY, unwrap

NOTE = "[data-coach]"
TRICK_JS = """() => [...document.querySelectorAll("[data-trick] [data-card]")].map(
  (e) => [e.getAttribute("data-seat"), e.getAttribute("data-card")])"""
REVIEW_TRICK_JS = """() => [...document.querySelectorAll("[data-review] .review-table [data-face]")].map(
  (e) => [e.getAttribute("data-seat"), e.getAttribute("data-face")])"""


def stored(page: Page, key: str) -> str:
    return str(page.evaluate(f"localStorage.getItem({json.dumps(key)})"))


def saved_match(page: Page) -> Match:
    return Session.from_save(unwrap(stored(page, MATCH_KEY), "match")).match


def priced(match: Match) -> tuple[Any, dict[Any, float]]:
    found = review.coach_values(match)
    assert found is not None
    best, values, _ = found
    return best, {c: review.cost_of(values, best, c) for c in values}


def position(page: Page) -> dict[str, Any]:
    s = snapshot(page)
    return {"hand": sorted(s["hand"]), "trick": s["trick"], "turn": s["turn"], "backs": s["backs"]}


def coach_and_take_back(page: Page) -> Match:
    """Play the first hand as described above; the match as exported at its end."""
    took_back = 0
    for _ in range(400):
        kind = wait_for_human(page)
        if kind in ("next", "over"):
            break
        if kind != "play" or page.locator('[data-hand="S"] [data-playable="true"]').count() < 2:
            human_step(page)
            continue
        match = saved_match(page)
        best, costs = priced(match)
        worst = max(costs, key=lambda c: (costs[c], -c.index))
        if took_back or costs[worst] < MISTAKE:
            click_and_wait(page, f'[data-hand="S"] [data-card="{best}"]')
            page.wait_for_timeout(50)
            assert page.locator(NOTE).count() == 0  # the best card costs nothing: no note
            continue
        before, saved_before = position(page), stored(page, MATCH_KEY)
        click_and_wait(page, f'[data-hand="S"] [data-card="{worst}"]')
        note = page.wait_for_selector(NOTE, timeout=MOVE_TIMEOUT)
        assert note is not None
        assert note.get_attribute("data-card") == str(worst)
        assert note.get_attribute("data-better") == str(best)
        assert note.get_attribute("data-cost") == str(plain_number(costs[worst]))
        assert len(note.text_content() or "") > 20  # a sentence
        found = axe_violations(page)
        assert not found, "\n".join(describe("coach note", found))
        page.click('[data-action="take-back"]')
        page.wait_for_selector(NOTE, state="detached")
        page.wait_for_selector(f'[data-hand="S"] [data-card="{worst}"][data-playable="true"]')
        assert position(page) == before
        assert stored(page, MATCH_KEY) == saved_before  # the save holds no trace of the card
        took_back += 1
    assert took_back == 1, "no costly card in the first hand: choose another seed"
    stats = json.loads(stored(page, STATS_KEY))
    assert stats["coach_flags"] >= 1 and stats["take_backs"] == 1
    with page.expect_download() as info:
        page.evaluate("document.querySelector('[data-action=\"export\"]').click()")
    exported = loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert exported.hands[0].actions == saved_match(page).hands[0].actions
    return exported


def play_from_review(page: Page, match: Match) -> None:
    hand = match.hands[0]
    page.click('#overlay [data-action="review"]')
    page.wait_for_selector(f'{REVIEW}[data-hand-number="1"][data-review-step="0"]')
    # the review, once complete, counts the player's accuracy (and saves): that is not the practice
    wait_costed(page, 8)
    page.wait_for_selector(f"{REVIEW} [data-review-verdict] [data-decided]", timeout=ANALYSIS_TIMEOUT)
    page.wait_for_timeout(200)
    saved, stats = stored(page, MATCH_KEY), stored(page, STATS_KEY)
    # a step after which South plays (the bots, at speed=instant, would move on at once)
    step = next(k for k in range(5, 32) if hand.trick_seat(k).name == "S" and k % 4)
    for _ in range(step):
        go(page, "next")
    held = page.evaluate(HANDS_JS)
    trick = page.evaluate(REVIEW_TRICK_JS)
    assert trick  # the trick on the table is carried over
    page.click('[data-action="play-from-here"]')
    page.wait_for_selector('html[data-mode="practice"]')
    page.wait_for_selector(REVIEW, state="detached")
    wait_for_human(page)
    s = snapshot(page)
    assert s["turn"] == "S" and sorted(s["hand"]) == sorted(held["S"])
    assert s["trick"] == trick
    assert s["backs"] == {seat: len(held[seat]) for seat in ("E", "N", "W")}
    found = axe_violations(page)
    assert not found, "\n".join(describe("practice", found))
    for _ in range(3):  # a few of the player's moves: the match's save and statistics stay
        if wait_for_human(page) in ("next", "over"):
            break
        human_step(page)
    assert stored(page, MATCH_KEY) == saved and stored(page, STATS_KEY) == stats
    page.locator('[data-action="back-to-review"]').first.click()
    page.wait_for_selector(f'{REVIEW}[data-hand-number="1"][data-review-step="{step}"]')
    assert page.get_attribute("html", "data-mode") == "match"
    found = axe_violations(page)
    assert not found, "\n".join(describe("review", found))
    page.keyboard.press("Escape")
    page.wait_for_selector(REVIEW, state="detached")
    assert page.locator('#overlay [data-action="next-hand"]').is_visible()
    assert stored(page, MATCH_KEY) == saved


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_coach_take_back_and_play_from_a_review(
    open_context: Callable[..., BrowserContext], site: str, size: str
) -> None:
    options: dict[str, Any] = PHONE if size == "phone" else {"viewport": {"width": 1280, "height": 800}}
    page = open_context(**options).new_page()
    open_game(page, site, seed=1, speed="instant", lang="en" if size == "desktop" else "hr", coach="mistakes")
    match = coach_and_take_back(page)
    play_from_review(page, match)


def test_no_coach_in_todays_deals(page: Page, site: str) -> None:
    open_game(page, site, daily="2026-12-01", speed="instant", lang="en", coach="mistakes")
    assert page.get_attribute("html", "data-mode") == "daily"
    costly = 0
    for _ in range(300):
        kind = wait_for_human(page)
        if kind == "over" or costly >= 2 or page.locator("[data-daily-card]").count():
            break
        if kind == "play" and page.locator('[data-hand="S"] [data-playable="true"]').count() > 1:
            _, costs = priced(Session.from_save(unwrap(stored(page, DAILY_KEY), "match")).match)
            worst = max(costs, key=lambda c: (costs[c], -c.index))
            costly += costs[worst] >= MISTAKE
            click_and_wait(page, f'[data-hand="S"] [data-card="{worst}"]')
            page.wait_for_timeout(300)
            assert page.locator(NOTE).count() == 0 and page.locator('[data-action="take-back"]').count() == 0
            continue
        human_step(page)
    assert costly >= 1  # costly cards were played, and none had a note


def test_the_coach_turned_on_in_the_settings(page: Page, site: str) -> None:
    """Settings → Coach → mistakes, saved; then a costly card gets its note."""
    from e2e.test_settings import choose

    open_game(page, site, seed=1, speed="instant", lang="pl")
    page.click("#open-settings")
    choose(page, "coach", "off")
    choose(page, "coach", "mistakes")
    page.click("#dlg-settings [data-close]")
    assert json.loads(stored(page, SETTINGS_KEY))["coach"] == "mistakes"
    coach_and_take_back(page)
