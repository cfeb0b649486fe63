"""The page deals what the engine deals in CPython for the same seed."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page

from bela.deal import deal_cards, derive_seed, first_dealer
from bela.record import loads
from bela.seats import SEATS, Seat
from e2e.game import human_step, open_game, snapshot, wait_for_human


def export_record(page: Page) -> str:
    with page.expect_download() as info:
        page.click('[data-action="export"]')
    path = info.value.path()
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("seed", [1, 42, 2**40 + 7])
def test_first_deal_matches_cpython(page: Page, site: str, seed: int) -> None:
    open_game(page, site, seed=seed, fresh=1, speed="instant")
    dealer = first_dealer(seed)
    deal = deal_cards(derive_seed(seed, 1), dealer)
    state = snapshot(page)
    assert state["dealer"] == dealer.name
    # the first six cards, or all eight once the bidding is over (the bots bid at once)
    assert len(state["hand"]) in (6, 8)
    assert sorted(state["hand"]) == sorted(str(c) for c in deal[Seat.S][: len(state["hand"])])
    record = json.loads(export_record(page))
    assert record["seed"] == seed
    hand = record["hands"][0]
    assert hand["dealer"] == dealer.name
    assert hand["deal"] == {s.name: [str(c) for c in deal[s]] for s in SEATS}


def test_later_deals_and_the_talon_match_cpython(page: Page, site: str) -> None:
    seed = 77
    open_game(page, site, seed=seed, fresh=1, speed="instant", target=501)
    # play into the second hand
    while True:
        kind = human_step(page)
        if kind == "next":
            break
        state = snapshot(page)
        if state["trump"] and kind in ("bid", "play", "declare", "bela"):
            text = export_record(page)
            match = loads(text)
            current = match.current
            assert current is not None
            held = {str(c) for c in current.seen_cards(Seat.S)}
            if wait_for_human(page) == "play":
                assert set(snapshot(page)["hand"]) == held
    wait_for_human(page)
    match = loads(export_record(page))
    assert len(match.hands) == 2
    second = match.hands[1]
    assert second.dealer == first_dealer(seed).next
    assert second.deal == deal_cards(derive_seed(seed, 2), second.dealer)
    assert sorted(snapshot(page)["hand"]) == sorted(str(c) for c in second.seen_cards(Seat.S))
