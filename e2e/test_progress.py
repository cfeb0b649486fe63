"""Statistics show the player's progress: the rating against the computer and the charts
(web/screens/stats.py), after a few hands and after a reload; with 200 matches of history the
dialog's drawing time is printed (a benchmark, not a pass/fail test). Four-colour suits on a
card, the trump and the review."""

from __future__ import annotations

import json

from playwright.sync_api import Page

from e2e.game import human_step, open_game, wait_ready
from e2e.test_i18n import close, open_from_menu
from web.progress.history import Progress
from web.stats import Stats
from web.storage import STATS_KEY, wrap

STATS = '[data-action="stats"]'


def play_hands(page: Page, hands: int) -> None:
    for _ in range(600):
        if page.locator("[data-hand-row]").count() >= hands:
            return
        human_step(page)
    raise AssertionError(f"{hands} hands not finished")


def points(page: Page, chart: str) -> int:
    return page.locator(f'#dlg-stats svg[data-chart="{chart}"] [data-point]').count()


def test_statistics_show_the_rating_and_charts_after_a_few_hands_and_a_reload(page: Page, site: str) -> None:
    open_game(page, site, seed=21, lang="en", speed="instant")
    open_from_menu(page, STATS, "#dlg-stats")
    assert page.get_attribute("#dlg-stats [data-rating]", "data-games") == "0"
    assert page.locator("#dlg-stats svg[data-chart]").count() == 0
    assert "Play a few hands" in (page.text_content("#dlg-stats .progress") or "")
    close(page, "#dlg-stats")
    play_hands(page, 3)
    for attempt in ("played", "reloaded"):
        open_from_menu(page, STATS, "#dlg-stats")
        rating = page.locator("#dlg-stats [data-rating]")
        assert rating.get_attribute("data-games") == "3", attempt
        assert rating.get_attribute("data-value") == "", attempt  # shown from 8 hands on
        assert points(page, "levels") == 1, attempt  # medium opponents: one bar
        bar = page.locator('#dlg-stats svg[data-chart="levels"] [data-point]')
        assert bar.get_attribute("data-x") == "2"  # easy, medium, hard: medium is the second
        table = page.locator("#dlg-stats .chart-table").first
        assert table.locator("tbody tr").count() == 1
        if attempt == "reloaded":  # exported with the statistics
            with page.expect_download() as info:
                page.click('#dlg-stats [data-action="export-stats"]')
            path = info.value.path()
            saved = json.loads(path.read_text(encoding="utf-8"))
            assert saved["kind"] == "stats" and saved["hands"] == 3
            assert saved["progress"]["rating"][2] == 3 and len(saved["progress"]["trail"]) == 3
        close(page, "#dlg-stats")
        page.reload()
        wait_ready(page)


def history_of_200_matches() -> str:
    stats = Stats(matches=200, won=90, hands=3000)
    progress = Progress()
    for i in range(3000):
        progress = progress.add_hand(
            "medium", ("hard", "hard") if i % 2 else ("easy", "easy"), (1, 0) if i % 3 else (0, 1)
        )
        if i % 15 == 0:
            progress = progress.add_review(6, 8, 12.5)
    daily = tuple((f"2026-{1 + d // 28:02d}-{1 + d % 28:02d}", (d * 7) % 41 - 20) for d in range(200))
    stats = Stats(matches=200, won=90, hands=3000, progress=progress, daily=daily)
    return wrap("stats", stats.to_json())


def test_statistics_of_200_matches_draw_quickly(page: Page, site: str) -> None:
    """The benchmark: Statistics with 200 matches of history, the dialog's own drawing time."""
    page.add_init_script(
        f"localStorage.setItem({json.dumps(STATS_KEY)}, {json.dumps(history_of_200_matches())})"
    )
    open_game(page, site, seed=21, lang="en", speed="instant")
    page.wait_for_timeout(3000)  # the page settled (a restored page unpacks its files when idle)
    times = []
    for _ in range(3):
        open_from_menu(page, STATS, "#dlg-stats")
        times.append(float(page.get_attribute("#dlg-stats", "data-draw-ms") or "nan"))
        close(page, "#dlg-stats")
    print(f"\nStatistics with 200 matches of history drawn in {', '.join(f'{t:.1f}' for t in times)} ms")
    open_from_menu(page, STATS, "#dlg-stats")
    value = page.get_attribute("#dlg-stats [data-rating]", "data-value")
    assert value and int(value) > 1000
    assert points(page, "rating") > 50 and points(page, "daily") == 200 and points(page, "levels") == 2


def test_four_colour_suits_on_a_card_the_trump_and_the_review(page: Page, site: str) -> None:
    open_game(page, site, seed=21, lang="en", speed="instant")
    open_from_menu(page, "#open-settings", "#dlg-settings")
    page.click('#dlg-settings label:has(input[data-setting="suit-colours"][value="four"])')
    assert page.get_attribute("html", "data-suits") == "four"
    close(page, "#dlg-settings")
    # a diamond card's ink (the card's symbol in the page's sprite) and a club's
    ink = "(id) => getComputedStyle(document.querySelector(`symbol[id='${id}'] g`)).fill"
    page.wait_for_function("document.querySelector(\"symbol[id='AD']\")")
    assert page.evaluate(ink, "AD") == "rgb(31, 95, 191)"
    assert page.evaluate(ink, "AC") == "rgb(27, 122, 53)"
    assert page.evaluate(ink, "AH") == "rgb(200, 16, 46)"  # hearts stay red
    play_hands(page, 1)
    expected = {
        "H": "rgb(200, 16, 46)",
        "D": "rgb(31, 95, 191)",
        "C": "rgb(27, 122, 53)",
        "S": "rgb(22, 22, 29)",
    }
    signs_js = """(root) => [...document.querySelectorAll(root + ' .suit-icon')].map((e) => [
        [...e.classList].filter((c) => /^suit-[HDSC]$/.test(c)).map((c) => c[5])[0],
        getComputedStyle(e).color])"""
    # the trump over the table (the next hand's, once named) and the review's signs
    for _ in range(20):
        if page.locator("[data-trump] .suit-icon").count():
            break
        human_step(page)
    found = page.evaluate(signs_js, "[data-trump]")
    page.locator('[data-hand-row] [data-action="review"]').first.dispatch_event("click")
    page.wait_for_selector("[data-review]")
    found += page.evaluate(signs_js, "[data-review]")
    assert found and all(colour == expected[letter] for letter, colour in found), found
