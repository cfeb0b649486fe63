"""The rules page, reachable from the table: drawn in the page from web/rules.py, with the house
rules of the match in progress marked and the examples' cards as the engine allows them."""

from __future__ import annotations

from playwright.sync_api import Page

from bela.rules import HouseRules
from e2e.game import open_game
from web.i18n import Translator
from web.rules import PLAY_EXAMPLES
from web.rules import page as rules_page


def marked(page: Page) -> dict[str, list[str]]:
    result: dict[str, list[str]] = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll("#dlg-rules [data-house-rule]")].map(
             (row) => [row.getAttribute("data-house-rule"),
                       [...row.querySelectorAll('[data-current="true"]')].map(
                         (c) => c.getAttribute("data-value"))]))"""
    )
    return result


def test_the_rules_page_marks_this_matchs_house_rules_and_draws_the_examples(page: Page, site: str) -> None:
    p = page
    # the address sets this match's target; the settings ask for other rules from the next match
    settings = '{"app": "bela", "kind": "settings", "v": 1, "stiglja": 100, "exact_half": "visi"}'
    p.add_init_script(f"try {{ localStorage.setItem('bela.v1.settings', {settings!r}); }} catch (e) {{}}")
    open_game(p, site, seed=7, speed="instant", lang="en", target=701, fresh=1)
    p.click("#open-rules")  # the menu is beside the table on a desktop
    p.wait_for_selector("#dlg-rules[open]")
    assert p.text_content("#rules-title") == Translator("en")("rules.title")
    sections = p.eval_on_selector_all(
        "#dlg-rules [data-rules-section]", "(s) => s.map((e) => e.getAttribute('data-rules-section'))"
    )
    assert sections[:3] == ["table", "bidding", "cards"] and "house" in sections and "examples" in sections
    assert marked(p) == {
        "target": ["701"],
        "stiglja": ["100"],
        "exact_half": ["visi"],
        "declarations": ["auto"],
        "bela": ["auto"],
    }
    half = p.text_content('[data-current-rule="exact_half"]') or ""
    assert Translator("en")("rules.score.half_visi") in half
    assert "701" in (p.text_content('[data-current-rule="target"]') or "")
    # the text is the page module's, for these rules
    blocks = rules_page(Translator("en"), HouseRules(target=701, stiglja=100, exact_half="visi"))
    body = p.text_content("#dlg-rules") or ""
    for b in blocks:
        if b.kind in ("p", "current"):
            assert b.text in body, b.text
    # each example: the trick and the hand drawn, the allowed cards those the engine allows
    for ex in PLAY_EXAMPLES:
        box = f'#dlg-rules [data-example="{ex.name}"]'
        allowed = p.eval_on_selector_all(
            f'{box} [data-allowed="true"]', "(cs) => cs.map((c) => c.getAttribute('data-face'))"
        )
        held = p.eval_on_selector_all(
            f"{box} [data-allowed]", "(cs) => cs.map((c) => c.getAttribute('data-face'))"
        )
        on_table = p.eval_on_selector_all(
            f"{box} figure [data-face]", "(cs) => cs.map((c) => c.getAttribute('data-face'))"
        )
        assert allowed == [c.notation for c in ex.answer], ex.name
        assert held == [c.notation for c in ex.hand], ex.name
        assert on_table == [c.notation for _, c in ex.trick], ex.name
    # a setting changed now is for the next match: the page keeps marking this one's
    p.click("#dlg-rules [data-close]")
    p.click("#open-settings")
    p.click('#dlg-settings label:has(input[data-setting="stiglja"][value="90"])')
    p.click("#dlg-settings [data-close]")
    p.click("#open-rules")
    p.wait_for_selector("#dlg-rules[open]")
    assert marked(p)["stiglja"] == ["100"]
    p.click("#dlg-rules [data-close]")
    p.click("#restart")
    p.click("#confirm-restart")
    p.click("#open-rules")
    p.wait_for_selector("#dlg-rules[open]")
    assert marked(p)["stiglja"] == ["90"]
    assert marked(p)["target"] == ["701"]  # the address still sets the target, for this visit
