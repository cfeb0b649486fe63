"""At phone size (360 x 640 portrait): a whole match by touch, targets of at least 44 px,
nothing off the screen."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Page

from e2e.game import human_step, open_game, snapshot, wait_for_human

PHONE = {
    "viewport": {"width": 360, "height": 640},
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 2,
}

SIZES_JS = """(sel) => [...document.querySelectorAll(sel)].filter((e) => e.offsetParent !== null).map((e) => {
  const r = e.getBoundingClientRect();
  return {w: r.width, h: r.height, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
          what: e.getAttribute("data-card") || e.getAttribute("data-bid") || e.id
                || e.getAttribute("data-action")};
})"""


def check_targets(page: Page, selector: str) -> int:
    boxes = page.evaluate(SIZES_JS, selector)
    for box in boxes:
        assert box["w"] >= 44 - 0.5 and box["h"] >= 44 - 0.5, box
        assert box["left"] >= -0.5 and box["right"] <= 360.5, box
        assert box["top"] >= -0.5 and box["bottom"] <= 640.5, box
    return len(boxes)


def test_a_match_on_a_phone(
    open_context: Callable[..., BrowserContext], site: str, shoot: Callable[[Page, str], Path]
) -> None:
    page = open_context(**PHONE).new_page()
    open_game(page, site, seed=3, speed="instant", target=501, lang="hr")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
    check_targets(page, "#open-side, #open-last")
    seen: set[str] = set()
    shots = {"bid": "phone-bidding", "play": "phone-playing", "next": "phone-hand-summary"}
    for _ in range(2000):
        kind = wait_for_human(page)
        if kind == "over":
            break
        if kind not in seen:
            seen.add(kind)
            if kind in shots:
                shoot(page, shots[kind])
        if kind == "bid":
            assert check_targets(page, "[data-bid]") == 5
        elif kind == "play":
            assert check_targets(page, '[data-hand="S"] [data-card]') == len(snapshot(page)["hand"])
        elif kind == "next":
            assert check_targets(page, '[data-action="next-hand"]') == 1
        if kind == "play":  # a tap, as on a phone
            card = page.locator('[data-hand="S"] [data-playable="true"]').first
            name = card.get_attribute("data-card")
            card.tap()
            page.wait_for_function(
                f'!document.querySelector(\'[data-hand="S"] [data-card="{name}"]\') || '
                "document.querySelector('[data-bela]')"
            )
        else:
            human_step(page)
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
    assert page.locator("[data-game-over]").count() == 1
    check_targets(page, '[data-action="new-game"]')
    shoot(page, "phone-game-over")
    # the score sheet opens from the menu button
    page.click("#open-side")
    page.wait_for_selector("#side.open [data-score-sheet]")
    shoot(page, "phone-score-sheet")
    assert page.locator("[data-score-sheet] [data-hand-row]").count() >= 1
