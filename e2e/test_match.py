"""A whole match at speed=instant, the human playing through the hooks."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page

from bela.record import loads
from e2e.game import open_game, play_to_end, snapshot
from e2e.test_deals import export_record


def test_a_whole_match_to_game_over_and_a_rematch(
    page: Page, site: str, shoot: Callable[[Page, str], Path]
) -> None:
    open_game(page, site, seed=2024, fresh=1, speed="instant", target=501, lang="en")
    winner = play_to_end(page)
    state = snapshot(page)
    shoot(page, "desktop-game-over")
    ns, ew = state["score"]
    assert max(ns, ew) >= 501
    assert winner == ("NS" if ns > ew else "EW")
    # the sheet: one row per hand, adding up to the totals
    rows = state["rows"]
    assert rows and [sum(r[0] for r in rows), sum(r[1] for r in rows)] == [ns, ew]
    # the engine in CPython agrees with the page
    match = loads(export_record(page))
    score = match.score()
    assert score.winner is not None and score.winner.name == winner
    assert list(score.totals) == [ns, ew]
    assert [list(s) for s in score.scores] == rows
    assert match.rules.target == 501
    # a rematch
    page.click('[data-action="new-game"]')
    page.wait_for_function("document.querySelectorAll('[data-game-over]').length === 0")
    fresh = snapshot(page)
    assert fresh["score"] == [0, 0] and fresh["rows"] == []
    again = loads(export_record(page))
    assert again.rules.target == 501 and len(again.hands) == 1
    # the same seed (from the address) deals the same first hand again
    assert again.hands[0].deal == match.hands[0].deal
