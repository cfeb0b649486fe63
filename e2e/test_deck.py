"""The Croatian (German-suited) deck: chosen in the settings, kept, and used everywhere a suit
or a card shows: the hand, the trick, the trump buttons, the trump indicator and the words."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Page

from bela.cards import Card
from e2e.game import open_game, play_until, wait_ready
from web.i18n import Translator
from web.words import card_name

REFS_JS = """(sel) => [...document.querySelectorAll(sel)].map((u) => u.getAttribute("href"))"""
PHONE = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 2}


def test_the_croatian_deck_everywhere(
    open_context: Callable[..., BrowserContext], site: str, shoot: Callable[[Page, str], Path]
) -> None:
    page = open_context(**PHONE).new_page()
    open_game(page, site, seed=14, speed="instant", lang="en")
    assert all(not r.split("#")[1].startswith("g-") for r in page.evaluate(REFS_JS, "#hand use"))
    page.click("#open-side")
    page.click("#open-settings")
    page.click('#dlg-settings label:has(input[data-setting="deck"][value="german"])')
    page.wait_for_function("document.documentElement.dataset.deck === 'german'")
    page.click("#dlg-settings [data-close]")
    page.keyboard.press("Escape")
    # naming trump: bells, leaves, acorns on the buttons, in the deck's words
    state = play_until(page, "s.bids.length > 0")
    icons = page.evaluate(REFS_JS, "[data-bid] use")
    assert [r.split("#")[1] for r in icons] == ["g-suit-H", "g-suit-D", "g-suit-S", "g-suit-C"]
    labels = [page.get_attribute(f'[data-bid="{x}"]', "aria-label") for x in "HDSC"]
    assert labels == ["Hearts", "Bells", "Leaves", "Acorns"]
    shoot(page, "deck-croatian-bidding")
    # the cards in the hand and on the table, and their names
    refs = page.evaluate(REFS_JS, '#hand [data-card] use, [data-trick] [data-card] use, [data-hand="N"] use')
    # the sprite's symbols are put into the page (web.dom.inline_sprite); until then, the file's
    card_ref = r"(assets/cards\.svg)?#(g-[7-9TJQKA][HDSC]|back)"
    assert refs and all(re.fullmatch(card_ref, r) for r in refs), refs
    # once in the page, every card and sign refers to it there (not to a document of its own)
    page.wait_for_selector("#card-sprite symbol#g-AH", state="attached")
    assert page.evaluate("document.querySelectorAll('use[href^=\"assets/\"]').length") == 0
    t = Translator("en", "german")
    for notation in state["hand"]:
        label = page.get_attribute(f'#hand [data-card="{notation}"]', "aria-label")
        assert label == card_name(t, Card.parse(notation))
    # every symbol the page uses is in the sprite it loads
    sprite = page.evaluate("fetch('assets/cards.svg').then((r) => r.text())")
    for ref in set(refs + icons):
        assert f'id="{ref.split("#")[1]}"' in sprite, ref
    # the trump indicator once trump is named, in the deck's words
    state = play_until(page, "s.trump !== '' && s.playable.length > 0")
    suit = state["trump"]
    indicator = page.evaluate(REFS_JS, "#trump-suit use")
    assert [r.split("#")[1] for r in indicator] == [f"g-suit-{suit}"]
    assert page.get_attribute("#trump", "aria-label") == t("trump.named", suit=t(f"suit.{suit}"))
    shoot(page, "deck-croatian-playing")
    # kept for the next visit; in Croatian the suits keep the names players give them
    page.goto(page.url.replace("lang=en", "lang=hr"))
    wait_ready(page)
    assert page.get_attribute("html", "data-deck") == "german"
    assert page.get_attribute("#trump", "aria-label") == Translator("hr", "german")(
        "trump.named", suit=Translator("hr")(f"suit.{suit}")
    )
    assert all("#g-" in r for r in page.evaluate(REFS_JS, "#hand [data-card] use"))
