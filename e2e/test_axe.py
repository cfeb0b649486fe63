"""axe-core (node_modules/axe-core, pinned in package.json, never shipped in _site/) finds no
violation, of any impact, on any screen of the game: the table while naming trump and while
playing a card (a hint shown), the menu with the score sheet, every dialog (settings,
statistics, rules, last trick, confirm), the end-of-hand summary, a refused import's notice and
game over; at 360 px and at 1280 px, in the light and the dark theme, with either deck.

One match per combination, at speed=instant, several screens checked in it (two shared cores).
axe is injected with ``page.evaluate`` (devtools' evaluation: the page's content security
policy stays as it is and sees nothing new).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from e2e.conftest import ROOT
from e2e.game import MOVE_TIMEOUT, open_game, play_until, wait_for_human, with_settings
from e2e.test_i18n import close, open_from_menu

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"phone": {"width": 360, "height": 640}, "desktop": {"width": 1280, "height": 800}}
# every size and theme, each deck at both sizes
COMBOS = [
    ("phone", "light", "french"),
    ("phone", "dark", "german"),
    ("desktop", "light", "german"),
    ("desktop", "dark", "french"),
]

RUN_JS = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.map((n) => n.target.join(" ") + " : "
      + (n.failureSummary || "").split("\\n").slice(1).join(" ")),
  }));
}"""


def axe_source() -> str:
    if not AXE.exists():
        raise pytest.UsageError(f"{AXE} is missing: run `npm ci` (make e2e does it)")
    return AXE.read_text(encoding="utf-8")


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """axe's violations on the page as it is now (axe injected if the page has none yet)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(axe_source() + "\n;true")
    page.wait_for_timeout(100)  # the last drawing settled (transitions are off at speed=instant)
    found: list[dict[str, Any]] = page.evaluate(RUN_JS)
    return found


def describe(screen: str, violations: list[dict[str, Any]]) -> list[str]:
    return [
        f"{screen}: {v['id']} ({v['impact']}) {v['help']}\n    " + "\n    ".join(v["targets"][:6])
        for v in violations
    ]


class Checker:
    """Runs axe on one screen after another, keeping every violation for the end."""

    def __init__(self, page: Page, name: str) -> None:
        self.page = page
        self.name = name
        self.found: list[str] = []
        self.screens: list[str] = []

    def __call__(self, screen: str) -> None:
        self.screens.append(screen)
        self.found += describe(f"{self.name} {screen}", axe_violations(self.page))

    def dialog(self, button: str, dialog: str, screen: str) -> None:
        open_from_menu(self.page, button, dialog)
        self(screen)
        close(self.page, dialog)


def belot_record() -> dict[str, Any]:
    """A one-hand match that ends at once: South holds every heart and names hearts (belot)."""
    hearts = [f"{r}H" for r in "789TJQKA"]
    others = [f"{r}{s}" for s in "DSC" for r in "789TJQKA"]
    deal = {"S": hearts, "E": others[0:8], "N": others[8:16], "W": others[16:24]}
    hand = {"dealer": "W", "deal": deal, "bids": ["H"], "plays": []}
    return {"format": "bela-record", "version": 1, "rules": {"target": 1001}, "hands": [hand]}


@pytest.mark.parametrize(("size", "theme", "deck"), COMBOS, ids=["-".join(c) for c in COMBOS])
def test_axe_finds_nothing(
    open_context: Callable[..., BrowserContext],
    site: str,
    shoot: Callable[[Page, str], Path],
    tmp_path: Path,
    size: str,
    theme: str,
    deck: str,
) -> None:
    context = with_settings(open_context(viewport=SIZES[size], device_scale_factor=1), theme=theme, deck=deck)
    page = context.new_page()
    lang = "hr" if deck == "german" else "en"
    open_game(page, site, seed=4, speed="instant", lang=lang, fresh=1)  # South names trump first
    assert page.get_attribute("html", "data-theme") == theme
    check = Checker(page, f"{size}-{theme}-{deck}")

    assert wait_for_human(page) == "bid"
    check("naming trump")
    page.click('[data-action="hint"]')
    page.wait_for_selector("[data-hint-text]:not([hidden])", timeout=MOVE_TIMEOUT)
    check("naming trump, a hint shown")

    play_until(page, "s.playable.length > 1 && s.trick.length > 0")
    check("playing a card")
    page.click('[data-action="hint"]')
    page.wait_for_selector("[data-hint-text]:not([hidden])", timeout=MOVE_TIMEOUT)
    check("playing a card, a hint shown")
    shoot(page, f"axe-{size}-{theme}-{deck}-play")

    play_until(page, "s.playable.length > 0 && s.backs.N < 8")  # a trick taken: last trick
    page.click("#open-last")
    page.wait_for_selector("#dlg-last[open]")
    check("last trick")
    page.click("#dlg-last [data-close]")
    page.wait_for_selector("#dlg-last:not([open])", state="attached")

    if page.locator("#open-side").is_visible():
        page.click("#open-side")
        page.wait_for_selector("#side.open")
    check("menu and score sheet")
    check.dialog("#open-settings", "#dlg-settings", "settings")
    check.dialog("#open-stats", "#dlg-stats", "statistics")
    check.dialog("#open-rules", "#dlg-rules", "rules")
    open_from_menu(page, "#restart", "#dlg-confirm")
    check("confirm a new match")
    close(page, "#dlg-confirm")

    play_until(page, "s.nextHand")
    check("end-of-hand summary")
    shoot(page, f"axe-{size}-{theme}-{deck}-summary")
    page.click('[data-action="next-hand"]')

    # an import refused: the notice says why
    bad = belot_record()
    bad["hands"][0]["bids"] = ["pass", "pass", "pass", "pass"]
    path = tmp_path / "refused.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    page.set_input_files('[data-action="import"]', str(path))
    page.wait_for_function("document.querySelector('[data-notice]').textContent.length > 0")
    check("import refused")

    path = tmp_path / "belot.json"
    path.write_text(json.dumps(belot_record()), encoding="utf-8")
    page.set_input_files('[data-action="import"]', str(path))
    page.wait_for_selector("[data-game-over]")
    if page.locator("#side.open").count():
        page.keyboard.press("Escape")
    check("game over")
    shoot(page, f"axe-{size}-{theme}-{deck}-over")

    assert len(check.screens) == 13
    assert not check.found, "axe-core violations:\n" + "\n".join(check.found)
