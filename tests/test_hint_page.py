"""The page's hint (web/hint/advice.py), under CPython: every rule id the bots can give has words in
every language, the words fill with real decisions, an unknown rule still says something
sensible, what to highlight, the worker's answer (complete and the same for the same
position), an answer for a position that has changed is discarded, and the statistics count."""

from __future__ import annotations

import ast
import json
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from bela.actions import Action, Bid, Declare, Phase, Play
from bela.bots import LEVELS, Decision, decide
from bela.cards import Card, Suit
from bela.deal import deal_cards, derive_seed
from bela.hand import Hand
from bela.hint import hint
from bela.match import Match
from bela.observation import observe
from bela.record import dumps
from bela.rules import HouseRules
from bela.seats import SEATS, Seat
from web.hint.advice import (
    HINT_LEVEL,
    RULE_FALLBACK,
    RULE_PREFIX,
    SEARCH_FALLBACK,
    HintState,
    hint_seed,
    hint_texts,
    number,
    target,
    why,
)
from web.i18n import DECKS, LANGS, Translator, catalog
from web.stats import Stats
from web.words import card_name
from web.worker import main as worker
from web.worker.messages import decision_reply, decision_request, read_decision

ROOT = Path(__file__).resolve().parent.parent
#: house rules that bring every kind of decision: "zovem / ne zovem", Zovi belu / Bez
RULES = (
    HouseRules(),
    HouseRules(declarations="choose", bela="choose"),
    HouseRules(declarations="choose"),
    HouseRules(bela="choose"),
)
#: hands each level plays for the collection (hard and medium search: slower)
HANDS = {"easy": 48, "medium": 6, "hard": 2}
BIDDING_DEALS = 120  # naming trump only (cheap): every speaking position, every level


def played(level: str, hands: int, seed: int) -> Iterator[tuple[Decision, Hand]]:
    """Every decision of ``level`` bots playing ``hands`` hands against each other."""
    for number_ in range(hands):
        dealer = SEATS[number_ % 4]
        hand = Hand(dealer, deal_cards(derive_seed(seed, number_), dealer), RULES[number_ % len(RULES)])
        while not hand.finished:
            seat = hand.turn
            assert seat is not None
            decision = decide(observe(hand, seat), level, derive_seed(seed, number_, len(hand.actions)))
            yield decision, hand
            hand.apply(decision.action)


def bids(level: str, deals: int, seed: int) -> Iterator[Decision]:
    """Naming trump in many deals, from every speaking position (each seat passes on)."""
    for number_ in range(deals):
        dealer = SEATS[number_ % 4]
        hand = Hand(dealer, deal_cards(derive_seed(seed, 7, number_), dealer))
        while hand.phase is Phase.BIDDING:
            seat = hand.turn
            assert seat is not None
            decision = decide(observe(hand, seat), level, number_)
            yield decision
            legal = hand.legal_actions()
            hand.apply(Bid(None) if Bid(None) in legal else decision.action)


def collect() -> dict[str, dict[str, Decision]]:
    """Rule id -> level -> one decision the bots made with it, over random positions."""
    found: dict[str, dict[str, Decision]] = {}
    for level in LEVELS:
        for decision, _ in played(level, HANDS[level], seed=11 + LEVELS.index(level)):
            found.setdefault(decision.rule, {}).setdefault(level, decision)
        for decision in bids(level, BIDDING_DEALS, seed=5):
            found.setdefault(decision.rule, {}).setdefault(level, decision)
    return found


_collected: dict[str, dict[str, Decision]] = {}


def collected() -> dict[str, dict[str, Decision]]:
    if not _collected:
        _collected.update(collect())
    return _collected


def rule_ids_in_the_source() -> set[str]:
    """The string literals of bela/bots shaped like rule ids (``follow.smear``): ids a random
    position rarely reaches are named here too."""
    ids: set[str] = set()
    for path in sorted((ROOT / "bela" / "bots").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            text = node.value if isinstance(node, ast.Constant) else None
            if isinstance(text, str) and re.fullmatch(r"[a-z]+(?:\.[a-z_]+)+", text):
                ids.add(text)
    return ids


def without_words(ids: set[str]) -> list[tuple[str, str]]:
    """(language, rule id) for each rule id a catalog has no words for."""
    return [(lang, rule) for lang in LANGS for rule in sorted(ids) if RULE_PREFIX + rule not in catalog(lang)]


# -- the rule ids ---------------------------------------------------------------------------------


def test_every_rule_id_the_bots_give_has_words_in_every_language() -> None:
    found = collected()
    by_level = {level: {r for r, levels in found.items() if level in levels} for level in LEVELS}
    # the collection saw real play: searches, rules, naming trump, declaring, at every level
    assert all(by_level.values()), by_level
    assert {"search.exact", "search.rollout", "play.forced", "declare.always"} <= by_level["hard"]
    assert any(r.startswith("bid.") for r in by_level["hard"]), by_level["hard"]
    assert len(found) >= 15, sorted(found)
    ids = set(found) | rule_ids_in_the_source()
    assert not without_words(ids), (
        "rule ids without words for the hint (add hint.rule.<id> to every web/i18n catalog): "
        f"{without_words(ids)}"
    )


def test_a_new_rule_id_without_words_is_noticed() -> None:
    assert without_words({"lead.brand_new"}) == [(lang, "lead.brand_new") for lang in LANGS]
    assert "follow.smear" in rule_ids_in_the_source() and "search.exact" in rule_ids_in_the_source()


def test_the_words_of_every_rule_fill_with_the_bots_own_decisions() -> None:
    """Each catalog text asks only for what the bots give with that rule: no rule falls back
    to the generic words, no placeholder or key is left, the card or suit is named."""
    for rule, levels in collected().items():
        for level, decision in levels.items():
            advice = read_decision(json.loads(json.dumps(decision_reply(decision))))
            for lang in LANGS:
                for deck in DECKS:
                    t = Translator(lang, deck)
                    texts = hint_texts(t, advice)
                    assert texts[1] != t(RULE_FALLBACK) and texts[1] != t(SEARCH_FALLBACK), (rule, lang)
                    for text in texts:
                        assert "{" not in text and "hint." not in text, (rule, level, lang, text)
                    if isinstance(decision.action, Play):
                        assert card_name(t, decision.action.card) in texts[0], (lang, texts[0])
                    if isinstance(decision.action, Bid) and decision.action.suit is not None:
                        assert t(f"suit_lower.{decision.action.suit.letter}") in texts[0], (lang, texts)
                    if decision.expected is not None:
                        assert number(lang, decision.expected, signed=True) in texts[1], (lang, texts)
                        assert str(decision.samples) in texts[1]


def test_the_rule_texts_ask_only_for_known_parameters() -> None:
    allowed = {"suit", "card", "count", "points", "threshold", "margin", "expected", "samples"}
    for lang in LANGS:
        for key, text in catalog(lang).items():
            if key.startswith((RULE_PREFIX, SEARCH_FALLBACK)):
                names = {name for _, name, _, _ in string.Formatter().parse(text) if name}
                assert names <= allowed, (lang, key, names)


# -- the words -----------------------------------------------------------------------------------


def test_an_unknown_rule_still_says_what_and_why() -> None:
    ace = Card.parse("AS")
    plain = Decision(Play(ace), rule="lead.brand_new", params=(("card", "AS"), ("odd", "??")))
    searched = Decision(
        Play(ace),
        rule="search.brand_new",
        expected=12.34,
        runner_up=-3.0,
        alternative=Play(Card.parse("7H")),
        samples=40,
    )
    for lang in LANGS:
        t = Translator(lang)
        say, reason = hint_texts(t, plain)
        assert card_name(t, ace) in say and reason == t(RULE_FALLBACK), (lang, say, reason)
        say, reason, next_best = hint_texts(t, searched)
        assert reason == t(SEARCH_FALLBACK, expected=number(lang, 12.34, True), samples="40")
        assert "40" in reason and number(lang, 12.34, True) in reason
        assert card_name(t, Card.parse("7H")) in next_best and number(lang, -3.0, True) in next_best
    # known rule, parameters it needs missing: the generic words, never a raw placeholder
    assert why(Translator("en"), Decision(Bid(Suit.HEARTS), rule="bid.model.name")) == Translator("en")(
        RULE_FALLBACK
    )


def test_what_to_do_in_every_language() -> None:
    queen = Card.parse("QH")
    actions: list[Action] = [Bid(None), Bid(Suit.CLUBS), Declare(True), Declare(False), Play(queen)]
    actions += [Play(queen, True), Play(queen, False)]
    for lang in LANGS:
        t = Translator(lang, "german")
        said = [hint_texts(t, Decision(a, rule="play.forced"))[0] for a in actions]
        assert len(set(said)) == len(said), said  # each says something else
        assert "Dalje" in said[0] or "dalje" in said[0], said[0]
        assert t("suit_lower.C") in said[1]
        assert all(card_name(t, queen) in s for s in said[4:]), said


def test_figures_are_written_as_the_language_writes_them() -> None:
    assert number("en", 23.44, signed=True) == "+23.4"
    assert number("hr", 23.44, signed=True) == "+23,4"
    assert number("fr", -5.0, signed=True) == "\u22125"
    assert number("pt", -0.04, signed=True) == "+0"
    assert number("pl", 34.5) == "34,5"


# -- what to highlight ------------------------------------------------------------------------


def test_the_highlight_is_the_control_that_takes_the_action() -> None:
    king = Card.parse("KD")
    assert target(Decision(Bid(Suit.DIAMONDS))) == '[data-bid="D"]'
    assert target(Decision(Bid(None))) == '[data-bid="pass"]'
    assert target(Decision(Declare(False))) == '[data-declare="no"]'
    assert target(Decision(Play(king))) == '[data-hand="S"] [data-card="KD"]'
    # Zovi belu / Bez: once the card is chosen, its button; another card chosen: the card
    assert target(Decision(Play(king, False)), pending_bela=king) == '[data-bela="no"]'
    other = Card.parse("QD")
    assert target(Decision(Play(king, True)), pending_bela=other) == '[data-hand="S"] [data-card="KD"]'


# -- the worker's answer -----------------------------------------------------------------------


def match_at(seed: int, plays: int) -> Match:
    """A match whose first hand easy bots have played up to ``plays`` cards."""
    m = Match(HouseRules(), seed=seed)
    hand = m.start_hand()
    n = 0
    while len(hand.plays) < plays:
        seat = hand.turn
        assert seat is not None
        hand.apply(decide(m.observation(seat), "easy", n).action)
        n += 1
    return m


def ask(record: str, seat: str) -> dict[str, object]:
    request = {"id": 3, **decision_request(record, seat, HINT_LEVEL, hint_seed(record))}
    reply: dict[str, object] = json.loads(worker.handle(json.dumps(request)))
    reply.pop("ms")
    return reply


@pytest.mark.parametrize("plays", [0, 9, 22])
def test_the_worker_answers_the_whole_decision_the_same_for_the_same_position(plays: int) -> None:
    m = match_at(21, plays)
    hand = m.current
    assert hand is not None and hand.turn is not None
    record = dumps(m)
    reply = ask(record, hand.turn.name)
    assert reply == ask(record, hand.turn.name)  # reproducible
    advice = read_decision(reply)
    assert hand.check(advice.action) is None
    # what `bela hint --level hard --seed <the page's seed>` says for the same record
    expected = hint(m, HINT_LEVEL, hint_seed(record)).decision
    assert advice.action == expected.action and advice.rule == expected.rule
    assert advice.expected == expected.expected and advice.samples == expected.samples
    if plays:
        assert advice.rule.startswith("search.") or advice.rule == "play.forced", advice.rule
    # another position, another seed
    assert hint_seed(record) != hint_seed(dumps(match_at(21, plays + 1)))


def test_a_reply_without_a_decision_is_refused() -> None:
    for bad in (
        {"error": "boom"},
        {"action": "play:XX"},
        {"action": "bid:H", "samples": -1},
        {"action": "bid:H", "params": [["suit", True]]},
        {"action": "bid:H", "expected": "much"},
    ):
        with pytest.raises(ValueError):
            read_decision(bad)


# -- the position changes -------------------------------------------------------------------------


def test_an_answer_for_a_position_that_has_changed_is_discarded() -> None:
    h = HintState()
    advice = Decision(Bid(None), rule="bid.model.pass")
    assert h.ask((0, 1, 4)) and not h.ask((0, 1, 4))  # asked twice: computed once
    assert h.thinking((0, 1, 4))
    assert not h.answer((0, 1, 4), (0, 1, 5), advice)  # the player played meanwhile
    assert h.shown((0, 1, 5)) is None and not h.thinking((0, 1, 5))
    assert h.shown((0, 1, 4)) is None
    # asked again, answered in time: shown, and asked once more it is not computed again
    assert h.ask((0, 1, 5))
    assert h.answer((0, 1, 5), (0, 1, 5), advice)
    assert h.shown((0, 1, 5)) == advice and not h.ask((0, 1, 5))
    # a new match (another generation) forgets it
    assert h.shown((1, 1, 5)) is None
    # no answer (an error): nothing shown, and it may be asked again
    assert h.ask((1, 1, 5)) and not h.answer((1, 1, 5), (1, 1, 5), None)
    assert h.failed and h.ask((1, 1, 5))


# -- statistics -------------------------------------------------------------------------------


def test_hints_are_counted_and_kept() -> None:
    s = Stats.from_json({"matches": 2, "won": 1})  # saved before hints were counted
    assert s.hints == 0
    s = s.add_hint()
    assert Stats.from_json(json.loads(json.dumps(s.to_json()))).hints == 1
    with pytest.raises(ValueError):
        Stats.from_json({"hints": -1})


def test_a_seat_other_than_the_one_to_act_is_refused() -> None:
    m = match_at(4, 5)
    hand = m.current
    assert hand is not None and hand.turn is not None
    other = next(s for s in Seat if s is not hand.turn)
    reply = ask(dumps(m), other.name)
    assert "error" in reply and "action" not in reply
