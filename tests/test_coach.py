"""The coach (web/coach/note.py, web/flows/coach.py, web/worker/coach.py) and take-back, and "play it again
from here" (web/flows/practice.py).

The expected costs come from ``bela review``'s output (the command, run as a player would run it
on the record of the hand once it is finished), never from the coach's own code: the coach prices
the cards *before* the card is played, from the record up to that moment.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest

from bela.actions import Action, Bid, Play
from bela.bots import decide
from bela.cards import Card
from bela.hand import Hand
from bela.match import Match
from bela.record import dumps, from_json, loads, to_json
from bela.rules import HouseRules
from bela.seats import Seat
from web.coach.note import Prices, note_for
from web.daily.view import Duplicate
from web.flows.coach import Coach, shown
from web.flows.practice import practice_session
from web.model import Model
from web.params import Params
from web.saves import MemoryStore, Saves
from web.session import Session
from web.settings import Settings
from web.stats import Stats
from web.storage import MATCH_KEY, STATS_KEY
from web.worker.coach import answer

ROOT = Path(__file__).resolve().parent.parent


def played_match(seed: int) -> Match:
    """Hand 1 of ``seed`` played to the end: South by the easy player (who slips), the others
    by the medium one."""
    return bots_play(seed, lambda m, seat: decide(m.observation(seat), "easy", seed).action)


def bots_play(seed: int, south: Callable[[Match, Seat], Action]) -> Match:
    """Hand 1 of ``seed`` played to the end: South's actions by ``south``, the others by the
    medium player."""
    m = Match(seed=seed)
    hand = m.start_hand()
    while not hand.finished:
        seat = hand.turn
        assert seat is not None
        hand.apply(south(m, seat) if seat is Seat.S else decide(m.observation(seat), "medium", seed).action)
    return m


def before_play(match: Match, number: int, index: int) -> Match:
    """A copy of ``match`` up to (not including) play ``index`` of hand ``number``."""
    again = from_json(to_json(match))
    del again.hands[number:]
    old = again.hands[-1]
    plays = [i for i, a in enumerate(old.actions) if isinstance(a, Play)]
    hand = Hand(old.dealer, old.deal, old.rules)
    for action in old.actions[: plays[index]]:
        hand.apply(action)
    again.hands[-1] = hand
    return again


def bela_review(match: Match, tmp_path: Path, number: int = 1) -> dict[int, dict[str, Any]]:
    """``bela review --hand N --seat S`` on the match's record: South's plays by index."""
    path = tmp_path / "match.json"
    path.write_text(dumps(match), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "bela", "review", str(path), "--hand", str(number), "--seat", "S"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    plays: dict[int, dict[str, Any]] = {}
    for line in out.splitlines():
        for p in json.loads(line)["plays"]:
            plays[int(p["index"])] = p
    return plays


def coach_note(match: Match, number: int, index: int, card: str) -> tuple[Prices, Any]:
    """What the coach, priced while South thought before play ``index``, says of ``card``."""
    position = before_play(match, number, index)
    assert position.current is not None and position.current.turn is Seat.S
    prices = Prices.from_reply(json.loads(json.dumps(answer(dumps(position)))))
    key = Session(position).position(0)
    return prices, note_for(prices, key, card)


# seed 1, hand 1: South (easy) plays AC as its 17th card (index 16) where bela review says KC,
# 35.9 points better; and 9D at index 22 as the hard player would (cost 0). Seed 5: TD at index
# 10 costs 4.4 (under the 10 of a note; JC is better). Found with ``bela review`` (the bots of
# issue 35's thirty-eighth pass: the search's numbers from the Mersenne Twister) and pinned
# here: a change of the bots moves them (then find new ones: the other tests read COSTLY and
# BETTER).
PINNED = [(1, 16, "AC", "KC", 35.9), (1, 22, "9D", "9D", 0), (5, 10, "TD", "JC", 4.4)]
COSTLY = PINNED[0][1]  # the index of South's costly AC at seed 1
BETTER = PINNED[0][3]  # the card the coach names instead of that AC


@pytest.mark.parametrize(("seed", "index", "card", "better", "cost"), PINNED)
def test_a_costly_card_gets_a_note_and_a_cheap_one_does_not(
    seed: int, index: int, card: str, better: str, cost: float, tmp_path: Path
) -> None:
    match = played_match(seed)
    hand = match.hands[0]
    assert str(hand.plays[index].card) == card and hand.trick_seat(index) is Seat.S
    review = bela_review(match, tmp_path)[index]
    assert (review["card"], review["best"], review["cost"]) == (card, better, cost)  # the pin holds
    prices, note = coach_note(match, 1, index, card)
    if cost >= 10:
        assert note is not None
        assert (note.kind, note.choice, note.better) == ("card", card, better)
        assert round(note.cost, 1) == cost
    else:
        assert note is None
        assert round(prices.cost(card), 1) == cost


def test_the_coach_agrees_with_bela_review_on_every_card_of_a_recorded_match(tmp_path: Path) -> None:
    """For every card South played in a recorded match: a note iff ``bela review`` says it cost
    10 or more, with the same cost and the same better card (seed 5's first hand has costly
    cards, see above)."""
    match = played_match(5)
    match.start_hand()
    second = match.hands[1]
    while not second.finished:  # a second hand, with the first's scores before it
        seat = second.turn
        assert seat is not None
        second.apply(decide(match.observation(seat), "easy" if seat is Seat.S else "medium", 9).action)
    notes = 0
    for number in (1, 2):
        review = bela_review(match, tmp_path, number)
        hand = match.hands[number - 1]
        mine = [k for k in range(len(hand.plays)) if hand.trick_seat(k) is Seat.S]
        assert sorted(review) == mine
        for k in mine:
            card = str(hand.plays[k].card)
            prices, note = coach_note(match, number, k, card)
            expected = review[k]
            assert (note is not None) == expected["mistake"], (number, k, expected)
            assert round(prices.cost(card), 1) == expected["cost"]
            if note is not None:
                notes += 1
                assert note.better == expected["best"]
    assert notes >= 1  # the record has a costly card: the test can fail both ways


# -- the coach's flow, take-back ---------------------------------------------------------------------


class FakeWorker:
    async def coach(self, record: str) -> dict[str, Any] | None:
        reply: dict[str, Any] = json.loads(json.dumps(answer(record)))
        return reply


class FakeFlow:
    """The game's flow as the coach sees it: saving through real Saves, take-back by the
    session's rewind."""

    def __init__(self, model: Model, store: MemoryStore) -> None:
        self.model = model
        self.saves = Saves(store)
        self.tasks: list[Coroutine[Any, Any, None]] = []
        self.said: list[str] = []
        self.rewound: list[int] = []

    def save(self) -> None:
        if not self.model.session.practice:
            self.saves.save(self.model.session, self.model.stats)

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        self.tasks.append(coro)

    def rewind(self, actions: int) -> None:
        self.rewound.append(actions)
        self.model.session.rewind(actions)
        self.save()

    def render_coach(self) -> None:
        pass

    def live(self, text: str) -> None:
        self.said.append(text)

    def run(self) -> None:
        while self.tasks:
            asyncio.run(self.tasks.pop(0))


def at_south(seed: int, index: int, coach: str = "mistakes") -> tuple[Model, Coach, FakeFlow, MemoryStore]:
    match = played_match(seed)
    session = Session(before_play(match, 1, index), dict.fromkeys((Seat.E, Seat.N, Seat.W), "medium"))
    model = Model(session, Settings(coach=coach), Stats(), Params(), "en")
    store = MemoryStore()
    flow = FakeFlow(model, store)
    flow.save()
    return model, Coach(model, FakeWorker(), flow), flow, store


def play(model: Model, coach: Coach, card: str) -> None:
    key = model.position_key()
    action = Play(Card.parse(card))
    model.session.apply(action)
    coach.acted(key, action)


def bots_play_on(model: Model) -> None:
    """The bots move after South's card until South is to act again."""
    session = model.session
    while session.hand.turn is not Seat.S and not session.hand.finished:
        seat = session.hand.turn
        assert seat is not None
        session.apply(decide(session.match.observation(seat), "medium", 5).action)


def test_take_back_restores_the_exact_position_and_leaves_no_trace() -> None:
    model, coach, flow, store = at_south(1, COSTLY)
    before_record = model.session.record_text()
    hand = model.session.hand
    before = (list(hand.held[Seat.S]), list(hand.trick.cards), hand.turn, len(hand.tricks))
    saved_before = store.values.copy()
    coach.turn()  # South to play: priced while South thinks
    flow.run()
    play(model, coach, "AC")
    flow.save()
    note = shown(model)
    assert note is not None and note.better == BETTER
    assert note.at == len(loads(before_record).hands[0].actions)
    assert model.stats.coach_flags == 1
    bots_play_on(model)  # the rest of the trick and more
    flow.save()
    assert store.values[MATCH_KEY] != saved_before[MATCH_KEY]  # saved with the card, for now
    coach.take_back()
    assert flow.rewound == [note.at]
    hand = model.session.hand
    assert (list(hand.held[Seat.S]), list(hand.trick.cards), hand.turn, len(hand.tricks)) == before
    assert model.session.record_text() == before_record
    assert shown(model) is None and model.stats.take_backs == 1
    assert store.values[MATCH_KEY] == saved_before[MATCH_KEY]  # the save as before the card
    assert json.loads(store.values[STATS_KEY]) != json.loads(saved_before[STATS_KEY])  # counted
    # the take-back counted, and the card is not in the record: a free card is then played
    play(model, coach, BETTER)
    assert shown(model) is None and model.stats.coach_flags == 1
    assert Card.parse("AC") in model.session.hand.held[Seat.S]


def test_a_card_played_before_its_prices_came_gets_its_note_when_they_come() -> None:
    model, coach, flow, _ = at_south(1, COSTLY)
    coach.turn()
    play(model, coach, "AC")  # at once: the worker has not answered yet
    assert shown(model) is None
    flow.run()
    note = shown(model)
    assert note is not None and round(note.cost, 1) == PINNED[0][4]


def test_no_note_with_the_coach_off_nor_in_todays_deals() -> None:
    model, coach, flow, _ = at_south(1, COSTLY, coach="off")
    coach.turn()
    flow.run()
    play(model, coach, "AC")
    assert shown(model) is None and not model.coach.prices
    model, coach, flow, _ = at_south(1, COSTLY)
    model.session.duplicate = Duplicate.daily("2026-12-01")
    coach.turn()
    flow.run()
    play(model, coach, "AC")
    coach.take_back()
    assert shown(model) is None and flow.rewound == [] and model.stats == Stats()
    # ?coach=mistakes for a visit turns it on over the setting
    model, coach, flow, _ = at_south(1, COSTLY, coach="off")
    model.params = Params(coach="mistakes")
    coach.turn()
    flow.run()
    play(model, coach, "AC")
    assert shown(model) is not None


# -- play it again from here --------------------------------------------------------------------------


def test_practice_starts_at_the_step_with_the_same_cards_and_levels_and_counts_nothing() -> None:
    match = played_match(1)
    match.start_hand()
    levels = {Seat.E: "hard", Seat.N: "easy", Seat.W: "medium"}
    session = Session(match, levels, counted=1)
    record = session.record_text()
    hand = match.hands[0]
    for step in (0, 4, 13, 31):
        p = practice_session(session, 1, step)
        assert p is not None and p.practice and p.levels == levels
        assert p.hand_number == 1 and len(p.hand.plays) == step
        assert p.hand.turn is hand.trick_seat(step)
        assert p.hand.deal == hand.deal and p.hand.plays == hand.plays[:step]
        assert p.match.seed == match.seed and p.bot_seed() == derived_seed(match, step)
        stats = Stats()
        p.hand.apply(p.hand.legal_actions()[0])
        while not p.hand.finished:
            p.hand.apply(p.hand.legal_actions()[0])
        assert p.count_stats(stats) is stats
    assert session.record_text() == record  # the match itself untouched
    assert practice_session(session, 1, 32) is None and practice_session(session, 2, 0) is None


def derived_seed(match: Match, step: int) -> int:
    """The bot seed of the original hand at the same position (the same deals, the same bots)."""
    from bela.deal import derive_seed

    hand = match.hands[0]
    plays = [i for i, a in enumerate(hand.actions) if isinstance(a, Play)]
    return derive_seed(match.seed or 0, 1, plays[step], 0xB07)


def test_practice_of_a_rules_variant_keeps_the_rules() -> None:
    m = Match(HouseRules(target=501, bela="choose"), seed=8)
    hand = m.start_hand()
    while not hand.finished:
        hand.apply(hand.legal_actions()[0])
    p = practice_session(Session(m), 1, 9)
    assert p is not None and p.match.rules == m.rules and p.hand.rules == m.rules


def south_passes(seed: int) -> Match:
    """Hand 1 of ``seed``: South passes (names the first suit as the dealer) and then plays as
    the medium player, as the others do."""

    def south(m: Match, seat: Seat) -> Action:
        hand = m.hands[-1]
        if hand.phase.value != "bidding":
            return decide(m.observation(seat), "medium", seed).action
        legal = hand.legal_actions()
        return Bid(None) if Bid(None) in legal else legal[0]

    return bots_play(seed, south)


# seed 4: South passes where the review's trump model names spades, 26.6 points better (seed 2
# before the fifteenth pass's model, which passes there too); seed 1: South, the dealer, names
# hearts as the hard player would (cost 0). Found with ``bela review``.
@pytest.mark.parametrize(("seed", "bid", "better", "cost"), [(4, "pass", "S", 26.6), (1, "H", "H", 0)])
def test_a_costly_bid_gets_a_note(seed: int, bid: str, better: str, cost: float, tmp_path: Path) -> None:
    match = south_passes(seed)
    path = tmp_path / "match.json"
    path.write_text(dumps(match), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "bela", "review", str(path), "--seat", "S"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    (said,) = json.loads(out)["bids"]
    assert (said["bid"], said["hard"], said["cost"], said["mistake"]) == (bid, better, cost, cost >= 10)
    hand = match.hands[0]
    k = next(i for i, a in enumerate(hand.actions) if hand.first.after(i) is Seat.S)
    position = from_json(to_json(match))
    again = Hand(hand.dealer, hand.deal, hand.rules)
    for action in hand.actions[:k]:
        again.apply(action)
    position.hands[-1] = again
    prices = Prices.from_reply(json.loads(json.dumps(answer(dumps(position)))))
    note = note_for(prices, Session(position).position(0), bid)
    assert prices.kind == "bid" and prices.best == better
    if cost >= 10:
        assert note is not None and (note.kind, note.choice, note.better) == ("bid", bid, better)
        assert round(note.cost, 1) == cost
    else:
        assert note is None


def test_the_coach_works_in_practice_and_counts_nothing_there() -> None:
    match = played_match(1)
    p = practice_session(Session(match), 1, COSTLY)
    assert p is not None
    model = Model(p, Settings(coach="mistakes"), Stats(), Params(), "en")
    store = MemoryStore()
    flow = FakeFlow(model, store)
    coach = Coach(model, FakeWorker(), flow)
    coach.turn()
    flow.run()
    play(model, coach, "AC")
    note = shown(model)
    assert note is not None and note.better == BETTER
    coach.take_back()
    assert flow.rewound == [note.at] and Card.parse("AC") in p.hand.held[Seat.S]
    assert model.stats == Stats() and store.values == {}  # nothing counted, nothing saved


def test_the_settings_and_statistics_show_the_coach() -> None:
    from web.i18n import Translator
    from web.settings_form import Field, form
    from web.stats import rows

    t = Translator("en")
    field = next(
        i
        for i in form(Settings(), HouseRules(), Params(), t, "en")
        if isinstance(i, Field) and i.name == "coach"
    )
    assert [v for v, _ in field.options] == ["off", "mistakes"] and field.current == "off"
    assert Settings().with_value("coach", "mistakes").coach == "mistakes"
    assert Settings.from_json({"coach": "always"}).coach == "off"
    stats = Stats().add_coach_flag().add_coach_flag().add_take_back()
    shown_rows = {name: value for name, _, value in rows(stats, t)}
    assert (shown_rows["coach_flags"], shown_rows["take_backs"]) == ("2", "1")
    assert Stats.from_json(stats.to_json()) == stats
    assert "coach_flags" not in Stats().to_json()  # saves from before the coach stay as they were


@pytest.mark.parametrize("guided", [True, False])
def test_the_coach_is_on_in_the_guided_hand_of_learn_bela_only(guided: bool) -> None:
    from types import SimpleNamespace
    from typing import cast

    model, coach, flow, _ = at_south(1, COSTLY, coach="off")
    model.lesson = cast(Any, SimpleNamespace(guided=guided, result=None))  # web.lessons.LessonState
    coach.turn()
    flow.run()
    play(model, coach, "AC")
    note = shown(model)
    if guided:
        assert note is not None and note.better == BETTER
        coach.take_back()
        assert flow.rewound == [note.at] and Card.parse("AC") in model.session.hand.held[Seat.S]
    else:
        assert note is None and not model.coach.prices
    assert model.stats == Stats()  # a lesson counts nothing
