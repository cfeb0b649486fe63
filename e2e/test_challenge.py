"""Challenge a friend (ui-contract.md "Challenge a friend"): a link made after two hands, played
to its end in another browser context on the same deals, the card right hand by hand; an
altered link refused with nothing saved changed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import BrowserContext, Page

from e2e.game import HUMAN_JS, MOVE_TIMEOUT, human_step, open_game, snapshot, wait_for_human, wait_ready
from e2e.test_axe import axe_violations, describe
from e2e.test_i18n import open_from_menu

SEED = 4242
CARD_OR_HUMAN = "() => document.querySelector('[data-challenge-card]') ? 'card' : (" + HUMAN_JS + ")()"
STORAGE_JS = "() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]))"


def first_cards(page: Page) -> set[str]:
    """South's cards at the human's first decision of a hand (six, or eight once trump is named)."""
    wait_for_human(page)
    return set(snapshot(page)["hand"])


def same_deal(a: set[str], b: set[str]) -> bool:
    return a <= b or b <= a


def play_hands(page: Page, hands: int) -> list[set[str]]:
    """Play ``hands`` hands as the human; each hand's South cards seen at the first decision."""
    seen = [first_cards(page)]
    done = 0
    while True:
        kind = wait_for_human(page)
        assert kind != "over"
        if kind == "next":
            done += 1
            if done == hands:
                return seen
            human_step(page)
            seen.append(first_cards(page))
        else:
            human_step(page)


def challenge_link(page: Page) -> str:
    open_from_menu(page, '[data-action="friends"]', "[data-friends]")
    page.click('[data-friends] [data-action="challenge"]')
    link = page.get_attribute("[data-challenge-link]", "data-link", timeout=MOVE_TIMEOUT)
    assert link is not None
    return link


def sheet(page: Page) -> list[list[int]]:
    rows: list[list[int]] = snapshot(page)["rows"]
    return rows


def test_a_challenge_played_to_the_end_shows_both_results(
    open_context: Callable[..., BrowserContext], site: str
) -> None:
    challenger = open_context().new_page()
    open_game(challenger, site, seed=SEED, fresh=1, speed="instant", bots="easy")
    theirs_seen = play_hands(challenger, 2)
    theirs = sheet(challenger)[:2]
    link = challenge_link(challenger)
    assert not describe("the friends panel", axe_violations(challenger))
    value = link.split("?challenge=")[1]
    parts = value.split(".")
    assert parts[:2] == ["1", str(SEED)] and parts[3] == "easy_easy_easy"
    assert parts[4] == "_".join(f"{ns}-{ew}" for ns, ew in theirs)

    friend = open_context().new_page()
    friend.goto(link + "&speed=instant")
    wait_ready(friend)
    assert friend.evaluate("document.documentElement.dataset.mode") == "challenge"
    mine_seen = [first_cards(friend)]
    for _ in range(400):
        kind = str(friend.wait_for_function(CARD_OR_HUMAN, timeout=MOVE_TIMEOUT).json_value())
        if kind == "card":
            break
        assert kind != "over"
        human_step(friend, bid="H")  # not the challenger's passes: the same deals played otherwise
        if kind == "next":
            mine_seen.append(first_cards(friend))
    assert len(mine_seen) == 2 and all(map(same_deal, mine_seen, theirs_seen))  # the same deals
    mine = sheet(friend)
    card: dict[str, Any] = friend.evaluate(
        """() => { const c = document.querySelector("[data-challenge-card]");
        return {us: c.dataset.totalUs, them: c.dataset.totalThem,
                rows: [...c.querySelectorAll("[data-challenge-hand]")].map((r) =>
                  [r.dataset.challengeHand, r.dataset.us, r.dataset.them,
                   r.querySelectorAll('[data-action="review"]').length])}; }"""
    )
    assert card["rows"] == [[str(i + 1), str(mine[i][0]), str(theirs[i][0]), 1] for i in range(2)]
    assert (card["us"], card["them"]) == (str(mine[0][0] + mine[1][0]), str(theirs[0][0] + theirs[1][0]))
    assert not describe("the challenge's card", axe_violations(friend))
    friend.click('[data-challenge-hand="1"] [data-action="review"]')
    friend.wait_for_selector('[data-review][data-hand-number="1"]', timeout=MOVE_TIMEOUT)


def test_an_altered_challenge_link_is_refused_and_nothing_saved_changes(
    open_context: Callable[..., BrowserContext], site: str
) -> None:
    page = open_context().new_page()
    open_game(page, site, seed=SEED, fresh=1, speed="instant")
    play_hands(page, 1)
    link = challenge_link(page)
    page.goto(site + "?speed=instant")
    wait_ready(page)
    before = page.evaluate(STORAGE_JS)
    body, check = link.rsplit(".", 1)
    altered = body[:-1] + str((int(body[-1]) + 1) % 10) + "." + check  # the challenger's last points
    page.goto(altered + "&speed=instant&lang=en")
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.mode") == "match"
    page.wait_for_function("() => document.querySelector('[data-notice]').textContent.includes('challenge')")
    assert page.evaluate(STORAGE_JS) == before
