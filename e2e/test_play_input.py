"""Playing a card: legal cards marked, an illegal one refused with its reason, the keyboard,
and the live region."""

from __future__ import annotations

from playwright.sync_api import Page

from bela.actions import Play
from bela.cards import Card
from bela.record import loads
from e2e.game import open_game, play_until, snapshot, wait_for_human
from e2e.test_deals import export_record
from web.i18n import Translator
from web.words import card_name, refusal_text


def test_an_illegal_card_stays_and_says_why(page: Page, site: str) -> None:
    open_game(page, site, seed=8, speed="instant", lang="en")
    state = play_until(page, "s.playable.length > 0 && s.playable.length < s.hand.length")
    illegal = next(c for c in state["hand"] if c not in state["playable"])
    # what the engine says in CPython about that card
    match = loads(export_record(page))
    hand = match.current
    assert hand is not None
    refusal = hand.check(Play(Card.parse(illegal)))
    assert refusal is not None and refusal.play is not None
    expected = refusal_text(Translator("en"), refusal)
    assert expected.startswith("You ")
    page.click(f'[data-hand="S"] [data-card="{illegal}"]')
    page.wait_for_function("document.querySelector('#status').classList.contains('refusal')")
    after = snapshot(page)
    assert illegal in after["hand"]
    assert after["playable"] == state["playable"]
    assert after["trick"] == state["trick"]
    assert after["status"] == expected
    assert page.text_content("[data-live]") == expected
    if refusal.play.beat is not None:
        assert card_name(Translator("en"), refusal.play.beat) in expected  # "must beat the king of spades"
    # the legal card still plays
    page.click(f'[data-hand="S"] [data-card="{state["playable"][0]}"]')
    page.wait_for_function(
        f'!document.querySelector(\'[data-hand="S"] [data-card="{state["playable"][0]}"]\')'
    )


def test_refusals_are_translated(page: Page, site: str) -> None:
    open_game(page, site, seed=8, speed="instant", lang="hr")
    state = play_until(page, "s.playable.length > 0 && s.playable.length < s.hand.length")
    illegal = next(c for c in state["hand"] if c not in state["playable"])
    hand = loads(export_record(page)).current
    assert hand is not None
    refusal = hand.check(Play(Card.parse(illegal)))
    assert refusal is not None
    page.click(f'[data-hand="S"] [data-card="{illegal}"]')
    page.wait_for_function("document.querySelector('#status').classList.contains('refusal')")
    text = snapshot(page)["status"]
    assert text == refusal_text(Translator("hr"), refusal)
    assert text.startswith(("Moraš", "Nemaš"))


def test_the_live_region_announces_plays_and_bids(page: Page, site: str) -> None:
    # watched from the start: the bots bid as soon as the page is ready
    page.add_init_script(
        """document.addEventListener("DOMContentLoaded", () => { window.said = []; new MutationObserver(
             () => window.said.push(document.querySelector('[data-live]').textContent)).observe(
             document.querySelector('[data-live]'),
             {childList: true, characterData: true, subtree: true}); })"""
    )
    open_game(page, site, seed=8, speed="instant", lang="en")
    play_until(page, "s.trick.length >= 1 && s.playable.length > 0")
    said = " | ".join(page.evaluate("window.said"))
    assert "names" in said or "pass" in said
    assert any(word in said for word in ("of hearts", "of spades", "of diamonds", "of clubs"))


KEY_JS = """() => {
  const a = document.activeElement;
  if (!a) return "";
  return a.getAttribute("data-card")
    ? "card:" + a.getAttribute("data-card") + ":" + a.getAttribute("data-playable")
    : a.getAttribute("data-bid") !== null ? "bid:" + a.getAttribute("data-bid") + ":" + a.disabled
    : a.getAttribute("data-declare") !== null ? "declare" : a.getAttribute("data-bela") !== null ? "bela"
    : a.getAttribute("data-action") || a.tagName;
}"""


def focus_with_tab(page: Page, prefix: str, limit: int = 40) -> str:
    """Press Tab until the focused element is one the human can use (``prefix``)."""
    for _ in range(limit):
        focused = str(page.evaluate(KEY_JS))
        if focused.startswith(prefix):
            return focused
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {prefix}")


def test_a_hand_by_keyboard_only(page: Page, site: str) -> None:
    open_game(page, site, seed=19, speed="instant", lang="en")
    plays = 0
    for _ in range(200):
        kind = wait_for_human(page)
        if kind in ("next", "over"):
            break
        before = snapshot(page)
        if kind == "bid":
            focused = focus_with_tab(page, "bid:")
            while focused.endswith(":true"):  # the dealer's disabled pass is skipped by Tab anyway
                page.keyboard.press("Tab")
                focused = str(page.evaluate(KEY_JS))
            page.keyboard.press("Enter")
            page.wait_for_function("document.querySelectorAll('[data-bid]').length === 0")
        elif kind in ("declare", "bela"):
            focus_with_tab(page, kind)
            page.keyboard.press("Enter")
            page.wait_for_function(f"document.querySelectorAll('[data-{kind}]').length === 0")
        else:
            focused = focus_with_tab(page, "card:")
            for _ in range(10):
                if focused.endswith(":true"):
                    break
                page.keyboard.press("ArrowRight")
                focused = str(page.evaluate(KEY_JS))
            card = focused.split(":")[1]
            page.keyboard.press("Space" if plays % 2 else "Enter")
            page.wait_for_function(
                f'!document.querySelector(\'[data-hand="S"] [data-card="{card}"]\') '
                "|| document.querySelector('[data-bela]')"
            )
            plays += 1
        assert snapshot(page) != before
    assert plays == 8
    assert page.locator('[data-action="next-hand"]').count() == 1
