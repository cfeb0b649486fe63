"""axe-core finds nothing on the panels of issue 34, in the light and the dark theme, with
four-colour suits on: the settings (Sound, Vibrate, Play the only legal card, Suit colours),
Statistics with the rating and every chart (200 matches of history, each chart's table opened),
the menu with Install offered, the table in play and a hand's review."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext

from e2e.game import open_game, play_until
from e2e.test_axe import SIZES, Checker
from e2e.test_i18n import close, open_from_menu
from e2e.test_progress import history_of_200_matches
from web.storage import SETTINGS_KEY, STATS_KEY, wrap

COMBOS = [("phone", "light"), ("desktop", "dark")]


@pytest.mark.parametrize(("size", "theme"), COMBOS, ids=["-".join(c) for c in COMBOS])
def test_axe_finds_nothing_on_the_new_panels(
    open_context: Callable[..., BrowserContext], site: str, size: str, theme: str
) -> None:
    context = open_context(viewport=SIZES[size], device_scale_factor=1)
    settings = json.dumps(wrap("settings", {"theme": theme, "suit_colours": "four"}))
    stats = json.dumps(history_of_200_matches())
    context.add_init_script(
        f"try {{ localStorage.setItem('{SETTINGS_KEY}', {settings}); "
        f"localStorage.setItem('{STATS_KEY}', {stats}); }} catch (e) {{}}"
    )
    page = context.new_page()
    open_game(page, site, seed=4, speed="instant", lang="en", fresh=1)
    assert page.get_attribute("html", "data-suits") == "four"
    check = Checker(page, f"{size}-{theme}-four")
    play_until(page, "s.playable.length > 1 && s.trick.length > 0")
    check("playing a card, four colours")

    page.evaluate(
        """() => {
        const e = new Event('beforeinstallprompt', {cancelable: true});
        e.prompt = () => Promise.resolve();
        window.dispatchEvent(e);
    }"""
    )
    if page.locator("#open-side").is_visible():
        page.click("#open-side")
        page.wait_for_selector("#side.open")
    page.wait_for_selector('[data-action="install"]', state="visible")
    check("menu with Install")
    check.dialog("#open-settings", "#dlg-settings", "settings")
    open_from_menu(page, '[data-action="stats"]', "#dlg-stats")
    assert page.locator("#dlg-stats svg[data-chart]").count() == 5
    for summary in page.locator("#dlg-stats details summary").element_handles():
        summary.click()
    check("statistics with charts and their tables")
    close(page, "#dlg-stats")

    play_until(page, "s.nextHand")
    page.click('[data-action="review"]')
    page.wait_for_selector("[data-review]")
    check("review, four colours")
    assert not check.found, "axe-core violations:\n" + "\n".join(check.found)
