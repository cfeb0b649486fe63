"""Settings: kept across visits, rules for the next match, and the "choose" modes
(zovem / ne zovem, Zovi belu / Bez) played through their hooks."""

from __future__ import annotations

import json

from playwright.sync_api import Page

from bela.cards import Card, Rank, Suit
from bela.deal import deal_cards, derive_seed, first_dealer
from bela.declarations import belot_suit, find_declarations
from bela.seats import Seat
from e2e.game import click_and_wait, human_step, open_game, snapshot, wait_for_human, wait_ready
from e2e.test_deals import export_record


def choose(page: Page, setting: str, value: str) -> None:
    page.click(f'#dlg-settings label:has(input[data-setting="{setting}"][value="{value}"])')
    page.wait_for_function(
        f'document.querySelector(\'input[data-setting="{setting}"][value="{value}"]\').checked'
    )


def test_settings_persist_and_rules_wait_for_the_next_match(page: Page, site: str) -> None:
    open_game(page, site, seed=5, lang="en")
    page.click("#open-settings")
    dialog = page.locator("#dlg-settings")
    assert "apply from the next match" in (dialog.text_content() or "")
    choose(page, "target", "701")
    choose(page, "stiglja", "100")
    choose(page, "exact_half", "visi")
    choose(page, "opponents", "hard")
    choose(page, "theme", "dark")
    assert page.get_attribute("html", "data-theme") == "dark"
    page.click("#dlg-settings [data-close]")
    record = json.loads(export_record(page))
    assert record["rules"]["target"] == 1001  # this match keeps its rules
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "data-theme") == "dark"
    saved = json.loads(page.evaluate("localStorage.getItem('bela.v1.settings')"))
    assert (saved["target"], saved["stiglja"], saved["exact_half"], saved["opponents"]) == (
        701,
        100,
        "visi",
        "hard",
    )
    assert json.loads(export_record(page))["rules"]["target"] == 1001
    # a new match takes them
    page.click("#restart")
    page.click("#confirm-restart")
    page.wait_for_function("document.querySelector('#target').textContent.includes('701')")
    rules = json.loads(export_record(page))["rules"]
    assert (rules["target"], rules["stiglja"], rules["exact_half"]) == (701, 100, "visi")
    # language and speed apply at once
    page.click("#open-settings")
    choose(page, "lang", "hr")
    assert page.get_attribute("html", "lang") == "hr"
    assert page.text_content(".score.ns .team") == "Mi"
    assert "Postavke" in (page.text_content("#dlg-settings h2") or "")
    choose(page, "speed", "instant")
    assert page.get_attribute("html", "data-speed") == "instant"


def test_url_overrides_are_for_this_match_only(page: Page, site: str) -> None:
    open_game(page, site, seed=9, target=501, bots="easy", lang="en")
    rules = json.loads(export_record(page))["rules"]
    assert rules["target"] == 501
    saved = page.evaluate("localStorage.getItem('bela.v1.settings')")
    assert saved is None or json.loads(saved).get("target", 1001) == 1001
    levels = json.loads(page.evaluate("localStorage.getItem('bela.v1.match')"))["levels"]
    assert levels == {"E": "easy", "N": "easy", "W": "easy"}


def find_seed() -> tuple[int, Suit]:
    """A seed whose first hand lets the human speak first, holding a declaration and the
    king and queen of a suit it can name as trump."""
    for seed in range(1, 5000):
        if first_dealer(seed) is not Seat.W:
            continue
        deal = deal_cards(derive_seed(seed, 1), Seat.W)
        mine = deal[Seat.S]
        if any(belot_suit(cards) for cards in deal.values()) or not find_declarations(mine):
            continue
        for suit in Suit:
            if Card(Rank.KING, suit) in mine and Card(Rank.QUEEN, suit) in mine:
                return seed, suit
    raise AssertionError("no such seed")


def test_choose_modes_ask_zovem_and_bela(page: Page, site: str) -> None:
    seed, suit = find_seed()
    open_game(page, site, seed=seed, speed="instant", lang="en")
    page.click("#open-settings")
    choose(page, "declarations", "choose")
    choose(page, "bela", "choose")
    page.click("#dlg-settings [data-close]")
    page.click("#restart")
    page.click("#confirm-restart")
    page.wait_for_function("document.querySelectorAll('[data-bid]').length === 5")
    page.evaluate(
        """() => { window.said = []; const live = document.querySelector('[data-live]');
           new MutationObserver(() => window.said.push(live.textContent)).observe(
             live, {childList: true, characterData: true, subtree: true}); }"""
    )
    click_and_wait(page, f'[data-bid="{suit.letter}"]')
    assert wait_for_human(page) == "declare"
    assert "Your declarations" in snapshot(page)["status"]
    click_and_wait(page, '[data-declare="no"]')
    king, queen = f"K{suit.letter}", f"Q{suit.letter}"
    asked = False
    for _ in range(40):
        kind = wait_for_human(page)
        if kind == "next":
            break
        state = snapshot(page)
        pick = next((c for c in (king, queen) if c in state["playable"]), None)
        if kind == "play" and pick is not None and not asked:
            page.click(f'[data-hand="S"] [data-card="{pick}"]')
            page.wait_for_selector("[data-bela]")
            assert pick in snapshot(page)["hand"]  # not played until the player says
            assert (
                page.locator('[data-bela="yes"]').is_visible()
                and page.locator('[data-bela="no"]').is_visible()
            )
            click_and_wait(page, '[data-bela="yes"]')
            asked = True
            continue
        human_step(page)
    assert asked
    said = page.evaluate("window.said")
    assert any(t.startswith(("You play king", "You play queen")) and "bela!" in t for t in said), said
    assert "You do not declare." in said, said
    record = json.loads(export_record(page))
    hand = record["hands"][0]
    assert record["rules"]["declarations"] == "choose" and record["rules"]["bela"] == "choose"
    assert hand["declare"]["S"] is False
    assert hand["bela"]["S"] is True
