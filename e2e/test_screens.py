"""Screenshots at phone and desktop size, light and dark, as test artifacts (e2e-artifacts/)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page

from e2e.game import human_step, open_game, play_until, with_settings

SIZES = {"phone": {"width": 360, "height": 640}, "desktop": {"width": 1280, "height": 800}}


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
def test_screenshots(
    open_context: Callable[..., BrowserContext],
    site: str,
    shoot: Callable[[Page, str], Path],
    size: str,
    theme: str,
) -> None:
    context = with_settings(open_context(viewport=SIZES[size], device_scale_factor=1), theme=theme)
    page = context.new_page()
    lang = "hr" if theme == "light" else "en"
    open_game(page, site, seed=14, speed="instant", lang=lang)
    assert page.get_attribute("html", "data-theme") == theme
    background = page.evaluate("getComputedStyle(document.querySelector('.bar')).backgroundColor")
    assert (background == "rgb(255, 255, 255)") == (theme == "light")
    play_until(page, "s.bids.length > 0 || s.playable.length > 0")
    shoot(page, f"{size}-{theme}-start")
    play_until(page, "s.trick.length >= 2 && s.playable.length > 0")
    shoot(page, f"{size}-{theme}-trick")
    if size == "desktop":
        page.click("#open-settings")
        page.wait_for_selector("#dlg-settings[open]")
        shoot(page, f"{size}-{theme}-settings")
        page.click("#dlg-settings [data-close]")
    state = play_until(page, "s.nextHand")
    assert state["nextHand"]
    shoot(page, f"{size}-{theme}-summary")
    human_step(page)
