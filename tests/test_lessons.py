"""Learn Bela's lessons (web/learn/lessons.json) under CPython: every position is legal by the engine,
every lesson's right answer is what the rules or the exact solver say (computed here, from the
engine and the solver, never by the lesson code), every wrong answer is explained (the engine's
refusal, or the lesson's words on what it cost), every word is in the five languages; and the
flow, the progress and the view models of web/flows/learn.py and web/learn/view.py."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from bela.actions import Action, Bid, Declare, Phase, Play
from bela.cards import Card, Rank, Suit
from bela.hand import Hand
from bela.match import Match
from bela.review import dd_values
from bela.rules import HouseRules
from bela.seats import Seat, Team
from web.flows.learn import FakeDrawing, FakeFlow, LearnFlow
from web.i18n import LANGS, Translator
from web.learn.lessons import (
    KINDS,
    PROGRESS_KEY,
    WORDS,
    Lesson,
    LessonState,
    Progress,
    Result,
    judge,
    languages_complete,
    load,
    next_of,
)
from web.learn.view import list_view, panel_view
from web.model import Model
from web.params import Params
from web.saves import MemoryStore, Saves
from web.session import DEFAULT_LEVELS, Session
from web.settings import Settings
from web.stats import Stats
from web.storage import MATCH_KEY
from web.words import refusal_text
from web.worker.messages import action_text

EN = Translator("en")
LESSONS_FILE = Path(__file__).resolve().parent.parent / "web" / "learn" / "lessons.json"
LESSONS = load()
BY_ID = {x.ident: x for x in LESSONS}
#: The issue's path, in order: each topic has its lesson (ui-contract.md: IDs are stable names).
PATH = (
    "order",
    "trump-order",
    "iber",
    "ruff",
    "overtrump",
    "trump-lead",
    "bid",
    "mus",
    "declarations",
    "bela",
    "last-trick",
    "pad",
    "stiglja",
    "call",
    "sheet",
    "guided",
)
ONE_MOVE = [x for x in LESSONS if x.kind != "guided"]


def texts(actions: list[Action]) -> set[str]:
    return {action_text(a) for a in actions}


# -- the lessons as data ----------------------------------------------------------------------------


def test_the_path_covers_every_topic_in_order_with_stable_unique_names() -> None:
    assert tuple(x.ident for x in LESSONS) == PATH
    assert all(x.kind in KINDS for x in LESSONS)


def test_the_data_is_plain_data() -> None:
    raw = json.loads(LESSONS_FILE.read_text(encoding="utf-8"))
    for entry in raw["lessons"]:
        assert set(entry) <= {
            "id",
            "kind",
            "check",
            "dealer",
            "rules",
            "before",
            "deal",
            "actions",
            "right",
            "words",
        }


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.ident)
def test_every_word_in_every_language(lesson: Lesson) -> None:
    assert languages_complete(lesson) == []
    for lang in LANGS:
        assert set(lesson.words[lang]) == set(WORDS)
        if lang != "en":  # translated, not English left in place
            for key in WORDS:
                assert lesson.words[lang][key] != lesson.words["en"][key], (lang, key)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.ident)
def test_every_position_is_legal_and_the_player_is_to_act(lesson: Lesson) -> None:
    hand = lesson.hand()  # the engine applies every action (IllegalAction otherwise)
    assert hand.turn is Seat.S
    phase = {"play": Phase.PLAYING, "bid": Phase.BIDDING, "declare": Phase.DECLARING, "guided": Phase.BIDDING}
    assert hand.phase is phase[lesson.kind]
    legal = texts(hand.legal_actions())
    assert lesson.right <= legal, "a right answer the engine refuses"
    if lesson.kind != "guided":
        assert (lesson.right and legal - lesson.right) or lesson.check == "legal", "nothing to get wrong"


# -- the right answers, from the rules and the solver ----------------------------------------------


def legal_only(lesson: Lesson) -> set[str]:
    """The rules' answer: the only actions the engine allows."""
    return texts(lesson.hand().legal_actions())


def surely_wins(hand: Hand, card_text: str) -> bool:
    """Whatever the three others legally play after it, the player's card takes the trick."""
    hand = hand.copy()
    hand.apply(Play(parse_card(card_text)))
    return all(winner is Seat.S for winner in trick_winners(hand))


def trick_winners(hand: Hand) -> list[Seat]:
    if len(hand.trick.cards) == 0:
        assert hand.trump is not None
        return [hand.tricks[-1].winner(hand.trump)]
    out: list[Seat] = []
    for action in hand.legal_actions():
        after = hand.copy()
        after.apply(action)
        out.extend(trick_winners(after))
    return out


def parse_card(text: str) -> Card:
    return Card.parse(text.removeprefix("play:").split(":")[0])


def solver_best(lesson: Lesson) -> set[str]:
    """The exact solver's answer: the cards of the best margin with every card known."""
    hand = lesson.hand()
    values = dd_values(hand, hand)
    top = max(values.values())
    return {f"play:{c.notation}" for c, v in values.items() if v == top}


def match_won_for_sure(match: Match) -> bool:
    """Whether team NS wins the match whatever the other side plays (every way, by the engine)."""
    hand = match.current
    assert hand is not None
    if hand.finished:
        return match.score().winner is Team.NS
    outcomes = []
    for action in hand.legal_actions():
        hand.apply(action)
        outcomes.append(match_won_for_sure(match))
        hand.undo()
    turn = hand.turn
    assert turn is not None
    return any(outcomes) if turn.team is Team.NS else all(outcomes)


@cache
def trump_values(ident: str) -> dict[str, int]:
    """The solver's margin for team NS of the whole hand with each suit named as trump."""
    lesson = BY_ID[ident]
    out = {}
    for suit in Suit:
        hand = lesson.hand()
        hand.apply(Bid(suit))
        values = dd_values(hand, hand)
        turn = hand.turn
        assert turn is not None
        best = max(values.values())
        out[f"bid:{suit.letter}"] = best if turn.team is Team.NS else -best
    return out


@pytest.mark.parametrize("lesson", ONE_MOVE, ids=lambda x: x.ident)
def test_the_right_answer_is_what_the_rules_or_the_solver_say(lesson: Lesson) -> None:
    hand = lesson.hand()
    check = lesson.check
    if check == "legal":
        assert lesson.right == legal_only(lesson)
    elif check == "wins":
        legal = texts(hand.legal_actions())
        assert lesson.right == {a for a in legal if surely_wins(hand, a)}
    elif check == "solver":
        assert lesson.right == solver_best(lesson)
    elif check == "match":
        match = lesson.match()
        sure = set()
        for action in match.current.legal_actions() if match.current else []:
            match.current.apply(action)  # type: ignore[union-attr]
            if match_won_for_sure(match):
                sure.add(action_text(action))
            match.current.undo()  # type: ignore[union-attr]
        assert lesson.right == sure
    elif check == "solver-bid":
        values = trump_values(lesson.ident)
        top = max(values.values())
        assert lesson.right == {k for k, v in values.items() if v == top}
        assert top > 0  # the suit named makes the hand for the team
    elif check == "declare":
        winners = {}
        for yes in (True, False):
            after = lesson.hand()
            after.apply(Declare(yes))
            winners[f"declare:{'yes' if yes else 'no'}"] = after.declaration_result().winner
        assert lesson.right == {k for k, w in winners.items() if w is Team.NS}
        assert winners["declare:no"] is Team.EW  # not declaring hands the points to the other side
    elif check == "bela":
        points = {}
        for action in hand.legal_actions():
            after = hand.copy()
            after.apply(action)
            points[action_text(action)] = after.bela_points()[Team.NS]
        assert lesson.right == {k for k, v in points.items() if v == 20}
        assert set(points.values()) == {0, 20}
    elif check == "call":
        # the partners' call (bela.bots.signals, the rules page's "Your computer partner"): South
        # can neither follow nor trump, North holds the trick, and the right cards are the 7, 8
        # and 9 of a side suit whose ace South holds
        trump = hand.trump
        assert trump is not None
        led = hand.trick.cards[0].suit
        held = hand.held[Seat.S]
        assert not any(c.suit in (led, trump) for c in held)
        assert hand.trick.winner(trump) is Seat.N
        aces = {c.suit for c in held if c.rank is Rank.ACE}
        small = (Rank.SEVEN, Rank.EIGHT, Rank.NINE)
        assert lesson.right == {f"play:{c}" for c in held if c.suit in aces and c.rank in small}
    else:
        pytest.fail(f"{lesson.ident}: no check {check!r}")


@pytest.mark.parametrize("lesson", [x for x in ONE_MOVE if x.check == "solver"], ids=lambda x: x.ident)
def test_a_wrong_card_costs_points_with_every_card_known(lesson: Lesson) -> None:
    hand = lesson.hand()
    values = dd_values(hand, hand)
    top = max(values.values())
    for card, value in values.items():
        if f"play:{card.notation}" not in lesson.right:
            assert value < top


def test_the_guided_hand_is_a_whole_hand_from_its_deal() -> None:
    lesson = BY_ID["guided"]
    hand = lesson.hand()
    assert not hand.actions and hand.turn is Seat.S and lesson.right == frozenset()
    while not hand.finished:
        hand.apply(hand.legal_actions()[0])
    assert len(hand.plays) == 32


# -- a wrong answer is explained --------------------------------------------------------------------


@pytest.mark.parametrize("lesson", ONE_MOVE, ids=lambda x: x.ident)
def test_a_wrong_answer_is_explained_in_every_language(lesson: Lesson) -> None:
    hand = lesson.hand()
    legal = hand.legal_actions()
    wrong_legal = [a for a in legal if action_text(a) not in lesson.right]
    refused: list[Action] = []
    if hand.phase is Phase.PLAYING:
        seat_cards = hand.held[Seat.S]
        refused = [
            Play(c) for c in seat_cards if all(action_text(a).split(":")[1] != c.notation for a in legal)
        ]
    elif hand.phase is Phase.BIDDING and hand.dealer is Seat.S:
        refused = [Bid(None)]
    assert wrong_legal or refused
    for lang in LANGS:
        t = Translator(lang)
        for action in wrong_legal:
            result = judge(lesson, action, None, t, lang)
            assert not result.right and result.why == lesson.words[lang]["wrong"]
        for action in refused:
            refusal = hand.check(action)
            assert refusal is not None
            result = judge(lesson, action, refusal, t, lang)
            assert not result.right and result.why == refusal_text(t, refusal)
            assert result.why != t("refuse.other")  # the rule broken, in words
        for right in lesson.right:
            action = next(a for a in legal if action_text(a) == right)
            assert judge(lesson, action, None, t, lang) == Result(True, lesson.words[lang]["right"])


def test_the_dealer_may_not_pass_in_words() -> None:
    hand = BY_ID["mus"].hand()
    refusal = hand.check(Bid(None))
    assert refusal is not None and refusal.code == "mus"
    assert refusal_text(EN, refusal) == "As the dealer you may not pass (mus): name a suit."


# -- the flow ---------------------------------------------------------------------------------------


def regular_model() -> tuple[Model, Session]:
    regular = Session.new(HouseRules(), 7, dict(DEFAULT_LEVELS))
    return Model(regular, Settings(), Stats(), Params(), "en"), regular


def test_a_lesson_leaves_the_match_as_it_was_and_keeps_progress() -> None:
    m, regular = regular_model()
    store = MemoryStore()
    Saves(store).save(regular, m.stats)
    saved = store.get(MATCH_KEY)
    record = regular.record_text()
    flow, draw = FakeFlow(m), FakeDrawing()
    back: list[Session] = []
    learn = LearnFlow(m, store, flow, draw, lambda: back.append(m.session))
    learn.start("ruff")
    assert m.lesson is not None and m.session is not regular
    hand = m.session.hand
    # a card that breaks the rule: wrong, in the engine's words; nothing played
    refusal = hand.check(Play(parse_card("AS")))
    assert learn.acted(Play(parse_card("AS")), refusal)
    assert m.lesson.result == Result(False, "You have no clubs: you must trump.")
    assert len(hand.trick.cards) == 2 and not m.human_can_act()
    assert learn.acted(Play(parse_card("8H")), None)  # answered already: nothing happens
    assert m.lesson.result.right is False and len(hand.trick.cards) == 2
    learn.retry()
    assert m.lesson.result is None and m.human_can_act()
    assert learn.acted(Play(parse_card("8H")), None)
    assert m.lesson.result.right and [c.notation for c in m.session.hand.trick.cards] == ["AC", "7C", "8H"]
    assert flow.shown[-1].seat is Seat.S
    assert json.loads(store.get(PROGRESS_KEY) or "")["done"] == ["ruff"]
    learn.next()
    assert m.lesson.lesson.ident == "overtrump"
    assert learn.close() and not learn.close()
    assert back == [regular]  # told once, the match back in place
    assert m.session is regular and regular.record_text() == record and store.get(MATCH_KEY) == saved
    # another visit reads the progress
    again = LearnFlow(regular_model()[0], store, FakeFlow(m), FakeDrawing())
    assert again.model.learned == {"ruff"}


def test_the_guided_hand_is_played_as_usual_and_done_at_its_end() -> None:
    m, _ = regular_model()
    store = MemoryStore()
    learn = LearnFlow(m, store, FakeFlow(m), FakeDrawing())
    learn.start("guided")
    assert not learn.acted(Bid(Suit.HEARTS), None)  # the game's flow plays it
    hand = m.session.hand
    learn.hand_ended()
    assert m.lesson is not None and m.lesson.result is None  # not over yet
    while not hand.finished:
        m.session.apply(hand.legal_actions()[0])
    learn.hand_ended()
    assert m.lesson.result is not None and m.lesson.result.right
    written = m.session.match.score().hands[-1].written
    assert m.lesson.result.why.endswith(f"The hand: Us {written[0]}, Them {written[1]}.")
    assert m.learned == {"guided"}
    assert m.session.count_stats(m.stats) == m.stats  # a lesson's hand is never counted


def test_after_the_last_lesson_the_list() -> None:
    m, regular = regular_model()
    draw = FakeDrawing()
    learn = LearnFlow(m, MemoryStore(), FakeFlow(m), draw)
    learn.start("guided")
    learn.next()
    assert m.lesson is None and m.session is regular and draw.calls[-1] == "list"
    assert next_of(LESSONS, "sheet") is BY_ID["guided"] and next_of(LESSONS, "guided") is None


def test_progress_that_cannot_be_read_is_no_progress() -> None:
    known = list(PATH)
    assert Progress.from_text(None, known).done == set()
    assert Progress.from_text("[1, 2]", known).done == set()
    assert Progress.from_text('{"done": "iber"}', known).done == set()
    assert Progress.from_text('{"done": ["iber", "gone"]}', known).done == {"iber"}
    p = Progress({"bela", "iber"})
    assert Progress.from_text(p.to_text(), known) == p


# -- the view models --------------------------------------------------------------------------------


def test_the_list_says_which_lessons_are_done() -> None:
    v = list_view(LESSONS, {"order", "bela"}, EN, "en")
    assert [i.ident for i in v.items] == list(PATH)
    assert [i.ident for i in v.items if i.done] == ["order", "bela"]
    assert v.items[0].state == "done" and v.items[1].state == "not done yet"
    assert v.count == "2 of 16 done" and v.all_done == ""
    every = list_view(LESSONS, set(PATH), Translator("hr"), "hr")
    assert every.all_done.startswith("Sve lekcije") and every.items[0].title == "Karte izvan aduta"


def test_the_panel_before_and_after_the_player_acts() -> None:
    lesson = BY_ID["pad"]
    before = panel_view(LESSONS, LessonState(lesson), EN, "en")
    assert (before.step, before.result, before.head, before.why) == ("Lesson 12 of 16", "", "", "")
    assert before.ask == lesson.words["en"]["ask"] and not before.last
    after = panel_view(LESSONS, LessonState(lesson, Result(True, "why")), Translator("fr"), "fr")
    assert (after.result, after.head, after.why, after.title) == (
        "right",
        "Juste !",
        "why",
        lesson.words["fr"]["title"],
    )
    last = panel_view(LESSONS, LessonState(BY_ID["guided"], Result(False, "x")), EN, "en")
    assert last.last and last.result == "wrong" and last.head == "Not quite."


def test_a_lesson_in_a_language_without_its_words_speaks_english() -> None:
    lesson = BY_ID["iber"]
    assert lesson.text("xx", "title") == lesson.words["en"]["title"]


def test_the_trick_winner_helper_can_fail() -> None:
    lesson = BY_ID["order"]
    assert not surely_wins(lesson.hand(), "play:TS")  # Left's ace of spades takes it


def test_the_costs_the_words_state_are_the_engines() -> None:
    # the last trick: the jack first costs the 10 of the last trick both ways (20 of margin)
    lesson = BY_ID["last-trick"]
    values = {c.notation: v for c, v in dd_values(lesson.hand(), lesson.hand()).items()}
    assert values["7S"] - values["JH"] == 20
    assert "20" in lesson.words["en"]["wrong"]
    # the sheet: the rest is forced after the player's card; the totals as the words say
    sheet = BY_ID["sheet"]
    totals = {}
    for card in ("JD", "TD"):
        match = sheet.match()
        hand = match.current
        assert hand is not None and match.score().totals == (897, 883)
        hand.apply(Play(parse_card(card)))
        while not hand.finished:
            assert len(hand.legal_actions()) == 1  # forced
            hand.apply(hand.legal_actions()[0])
        totals[card] = match.score().totals
    assert totals == {"JD": (1079, 883), "TD": (987, 975)}
    words = sheet.words["en"]
    assert "897" in words["ask"] and "1079" in words["right"] and "987 to 975" in words["wrong"]
    # pad: the ace or the ten given to Right makes the callers fall (a margin of the whole hand)
    pad = BY_ID["pad"]
    values = {c.notation: v for c, v in dd_values(pad.hand(), pad.hand()).items()}
    assert values["AD"] == values["TD"] == -182 and values["9S"] > 0
