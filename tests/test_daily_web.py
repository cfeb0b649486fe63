"""Today's deals on the page, under CPython: saved under their own key beside the regular match,
counted once for the record, the statistics still readable, the flow with fake bots and drawing."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine
from typing import Any

from bela.daily import daily_seed, deal_of
from bela.hand import Hand
from bela.match import Match
from bela.rules import HouseRules
from bela.seats import SEATS, Seat
from web.daily.view import Duplicate, card_rows, share_text, shared_deal_of, summary_line, written
from web.flows.daily import DailyFlow, wanted
from web.i18n import Msg, Translator
from web.model import Model
from web.params import Params
from web.saves import MemoryStore, Saves, new_duplicate
from web.session import DEFAULT_LEVELS, Session
from web.settings import Settings
from web.stats import Stats, rows
from web.storage import DAILY_KEY, DEAL_KEY, MATCH_KEY, STATS_KEY, unwrap, wrap

DAY = "2026-12-01"


def finish_hand(session: Session) -> None:
    while not session.hand.finished:
        session.apply(session.hand.legal_actions()[0])


def first_hand_played(dup: Duplicate) -> tuple[Match, Hand]:
    """A new match of ``dup`` with its first hand played to the end (each first legal action)."""
    match = dup.new_match()
    hand = match.hands[0]
    while not hand.finished:
        hand.apply(hand.legal_actions()[0])
    return match, hand


def test_a_daily_is_saved_beside_the_regular_match() -> None:
    store = MemoryStore()
    regular = Session.new(HouseRules(), 11, dict(DEFAULT_LEVELS))
    regular.apply(regular.hand.legal_actions()[0])
    Saves(store).save(regular, Stats())
    before = store.get(MATCH_KEY)
    daily = Saves(store).load_duplicate(Duplicate.daily(DAY), Stats())
    assert daily.duplicate is not None and daily.match.seed == daily_seed(DAY)
    assert set(daily.levels.values()) == {"hard"}
    daily.apply(daily.hand.legal_actions()[0])
    Saves(store).save(daily, Stats())
    assert store.get(MATCH_KEY) == before
    assert store.get(DAILY_KEY) is not None and store.get(DEAL_KEY) is None
    back = Saves(store).load_duplicate(Duplicate.daily(DAY), Stats())
    assert back.record_text() == daily.record_text()
    assert Saves(store).load_session(Settings(), Params()).record_text() == regular.record_text()
    other_day = Saves(store).load_duplicate(Duplicate.daily("2026-12-02"), Stats())
    assert other_day.match.hands[0].actions == []


def test_the_days_match_deals_the_days_hands() -> None:
    session = new_duplicate(Duplicate.daily(DAY), Stats())
    seed = daily_seed(DAY)
    for n in range(1, 5):
        dealer, deal = deal_of(seed, n)
        assert session.hand.dealer is dealer
        assert {s: tuple(session.hand.deal[s]) for s in SEATS} == deal
        finish_hand(session)
        dup = session.duplicate
        assert dup is not None
        if n < 4:
            assert dup.more_hands(session.match)
            session.next_hand()
    assert session.duplicate is not None and session.duplicate.complete(session.match)
    assert not session.duplicate.more_hands(session.match)


def test_a_shared_deal_is_that_hand() -> None:
    seed = daily_seed(DAY)
    session = new_duplicate(Duplicate.shared(seed, 3), Stats())
    dealer, deal = deal_of(seed, 3)
    assert session.hand.dealer is dealer and session.hand.deal[Seat.S] == deal[Seat.S]
    finish_hand(session)
    assert session.duplicate is not None and session.duplicate.complete(session.match)
    assert shared_deal_of(session.match, session.duplicate) == Duplicate.shared(seed, 3)


def test_a_day_counts_once_and_a_replay_is_practice() -> None:
    session = new_duplicate(Duplicate.daily(DAY), Stats())
    dup = session.duplicate
    assert dup is not None
    stats = Stats()
    for n in range(1, 5):
        finish_hand(session)
        stats = session.count_stats(stats)
        if n < 4:
            session.next_hand()
    assert stats.daily == ()  # par not known yet: nothing for the record
    for n in range(1, 5):
        dup.pars[n] = (50, 112)
    stats = session.count_stats(stats)
    total = sum(written(h)[0] - 50 for h in session.match.hands)
    assert stats.daily == ((DAY, total),)
    assert dup.total_vs_par(session.match) == total
    assert session.count_stats(stats) == stats
    again = new_duplicate(Duplicate.daily(DAY), stats)
    assert again.duplicate is not None and again.duplicate.practice


def test_old_statistics_stay_readable_and_daily_is_optional() -> None:
    old = wrap("stats", {"matches": 2, "won": 1, "hands": 30})
    store = MemoryStore({STATS_KEY: old})
    stats = Saves(store).load_stats()
    assert stats.hands == 30 and stats.daily == ()
    assert "daily" not in stats.to_json()
    played = stats.add_daily("2026-11-30", -5).add_daily(DAY, 17)
    back = Stats.from_json(unwrap(wrap("stats", played.to_json()), "stats"))
    assert back == played and back.daily_best() == 17
    names = [r[0] for r in rows(back, Translator("en"))]
    assert names[-3:] == ["daily_days", "daily_best", "daily_streak"]


def test_summary_line_and_share_text() -> None:
    t = Translator("en")
    dup = Duplicate.daily(DAY)
    match, hand = first_hand_played(dup)
    text, hooks = summary_line(t, dup, match, 0)
    assert hooks == {} and "still" in text
    dup.pars[1] = (written(hand)[0] - 7, 10)
    text, hooks = summary_line(t, dup, match, 0)
    assert hooks["data-vs-par"] == "7" and "+7" in text
    assert card_rows(dup, match)[0].vs_par == 7
    share = share_text(t, dup, match, "https://u.github.io/bela/?daily")
    assert share.splitlines()[1] == "🟩"
    assert share.endswith("https://u.github.io/bela/?daily=2026-12-01")


def test_the_address_asks_for_a_daily_or_a_deal() -> None:
    assert wanted(Params.parse("?daily=2026-12-01")) == Duplicate.daily(DAY)
    today = wanted(Params.parse("?daily"))
    assert today is not None and today.kind == "daily" and len(today.date) == 10
    assert wanted(Params.parse(f"?deal={daily_seed(DAY)}-4")) == Duplicate.shared(daily_seed(DAY), 4)
    assert wanted(Params.parse("?deal=nonsense")) is None


class FakeFlow:
    def __init__(self, model: Model, saves: Saves) -> None:
        self.model = model
        self.saves = saves
        self.tasks: list[Coroutine[Any, Any, None]] = []
        self.notices: list[Msg] = []

    def save(self) -> None:
        self.saves.save(self.model.session, self.model.stats)

    def replace_session(self, session: Session) -> None:
        self.model.session = session
        self.model.stats = session.count_stats(self.model.stats)
        self.save()

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        self.tasks.append(coro)

    def notice(self, msg: Msg) -> None:
        self.notices.append(msg)


class FakeBots:
    def __init__(self) -> None:
        self.asked: list[int] = []

    async def par(self, seed: int, number: int) -> tuple[int, int]:
        self.asked.append(number)
        return (80 + number, 82 - number)


def test_the_flow_goes_in_computes_par_and_comes_back() -> None:
    store = MemoryStore()
    saves = Saves(store)
    regular = Session.new(HouseRules(), 3, dict(DEFAULT_LEVELS))
    model = Model(regular, Settings(), Stats(), Params(), "en")
    flow = FakeFlow(model, saves)
    flow.save()
    bots = FakeBots()
    addresses: list[str] = []
    draws: list[int] = []

    async def share_out(text: str) -> str:
        return "copied"

    daily = DailyFlow(
        model, saves, flow, bots, lambda: draws.append(1), share_out, addresses.append, lambda: "https://x/b/"
    )
    daily.enter(Duplicate.daily(DAY))
    assert model.session.duplicate is not None and addresses == ["?daily=2026-12-01"]
    asyncio.run(flow.tasks.pop())
    assert bots.asked == [1, 2, 3, 4] and draws
    assert model.session.duplicate.pars[2] == (82, 80)
    saved = json.loads(store.get(DAILY_KEY) or "{}")
    assert saved["duplicate"]["pars"]["4"] == [84, 78]
    daily.share_deal()
    asyncio.run(flow.tasks.pop())
    assert "?deal=" in model.share_text and flow.notices == [Msg("daily.copied")]
    daily.leave()
    assert model.session.duplicate is None and model.session.record_text() == regular.record_text()
    assert addresses[-1] == ""


def test_par_carries_its_version_and_an_older_pages_par_is_computed_again() -> None:
    """Par is four hard players of a version (bela.daily.PAR_VERSION): the share text and the
    card name it, so two friends on two versions of the site see they had different pars, and
    pars saved by a page of another version are dropped (computed again by this page's players)."""
    from bela.daily import PAR_VERSION

    t = Translator("en")
    dup = Duplicate.daily(DAY)
    match, hand = first_hand_played(dup)
    dup.pars[1] = (written(hand)[0] - 3, 10)
    head = share_text(t, dup, match, "https://u.github.io/bela/?daily").splitlines()[0]
    assert head.endswith(f"(par v{PAR_VERSION})")
    text, _ = summary_line(t, dup, match, 0)
    assert f"v{PAR_VERSION}" in text
    saved = dup.to_json()
    assert saved["par_version"] == PAR_VERSION
    assert Duplicate.from_json(json.loads(json.dumps(saved))).pars == {1: dup.pars[1]}
    older = dict(saved, par_version=PAR_VERSION - 1)
    assert Duplicate.from_json(older).pars == {}
    before_versions = {k: v for k, v in saved.items() if k != "par_version"}  # saved before versions
    assert Duplicate.from_json(before_versions).pars == {}
    assert Duplicate.from_json(before_versions).missing_pars() == [1, 2, 3, 4]
