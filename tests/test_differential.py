"""The engine against the independent reference (tests/reference.py) on random legal matches.

Each chunk plays matches with every house-rule combination in turn (see strategies.random_match:
belots, štiglja deals, exact-half hands and chains of them, the last hand cut at any action) and
checks that the engine's ``bela score`` JSON equals the reference's, before and after a record
round trip; then it mutates each record at random and checks that both accept or both refuse
it (and score it alike when they accept). ``BELA_DEEP=1`` runs many more matches.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
from collections import Counter
from typing import Any

import pytest
import reference
from strategies import ALL_RULES, DEEP, random_deal, random_match

from bela.actions import PASS, Phase
from bela.hand import Hand
from bela.match import Match
from bela.record import RecordError, from_json, to_json
from bela.scoring import score_hand
from bela.seats import SEATS

CHUNKS = 40 if DEEP else 8
MATCHES_PER_CHUNK = 500 if DEEP else 30
MUTATIONS_PER_MATCH = 4 if DEEP else 3
CARDS = [r + s for r in "789TJQKA" for s in "HDSC"]


def engine_score(rec: object) -> dict[str, Any] | None:
    """The engine's score of a record JSON value, or None if it refuses it (RecordError only)."""
    try:
        return from_json(copy.deepcopy(rec)).score().to_json()
    except RecordError:
        return None


def reference_score(rec: object) -> dict[str, Any] | None:
    try:
        return reference.score_record(copy.deepcopy(rec))
    except reference.RecordInvalid:
        return None


def mutate(rec: dict[str, Any], rng: random.Random) -> str:
    """Change one thing in the record (in place); return what, for the failure message."""
    hands: list[dict[str, Any]] = rec["hands"]
    h = rng.randrange(len(hands)) if hands else 0
    hand = hands[h] if hands else {}
    plays: list[str] = hand.get("plays", [])
    bids: list[str] = hand.get("bids", [])
    kind = rng.randrange(16)
    if kind == 0 and plays:
        i = rng.randrange(len(plays))
        plays[i] = rng.choice(CARDS)
        return f"hand {h + 1} play {i + 1} -> {plays[i]}"
    if kind == 1 and len(plays) > 1:
        i = rng.randrange(len(plays) - 1)
        plays[i], plays[i + 1] = plays[i + 1], plays[i]
        return f"hand {h + 1} plays {i + 1} and {i + 2} swapped"
    if kind == 2 and plays:
        i = rng.randrange(len(plays))
        del plays[i]
        return f"hand {h + 1} play {i + 1} deleted"
    if kind == 3 and hands:
        i = rng.randrange(len(plays) + 1)
        hand.setdefault("plays", plays).insert(i, rng.choice(CARDS))
        return f"hand {h + 1} card inserted at {i + 1}"
    if kind == 4 and bids:
        i = rng.randrange(len(bids))
        bids[i] = rng.choice(["pass", "H", "D", "S", "C", "X", "h"])
        return f"hand {h + 1} bid {i + 1} -> {bids[i]}"
    if kind == 5 and hands:
        if bids and rng.random() < 0.5:
            bids.pop()
            return f"hand {h + 1} last bid deleted"
        hand.setdefault("bids", bids).append(rng.choice(["pass", "H", "D", "S", "C"]))
        return f"hand {h + 1} bid appended"
    if kind == 6 and hands:
        hand["dealer"] = rng.choice("SENW")
        return f"hand {h + 1} dealer -> {hand['dealer']}"
    if kind == 7 and hands:
        a, b = rng.sample("SENW", 2)
        i, j = rng.randrange(8), rng.randrange(8)
        deal = hand["deal"]
        deal[a][i], deal[b][j] = deal[b][j], deal[a][i]
        return f"hand {h + 1} {a}[{i}] and {b}[{j}] swapped"
    if kind == 8 and hands:
        seat = rng.choice("SENW")
        i = rng.randrange(8)
        hand["deal"][seat][i] = rng.choice(CARDS)
        return f"hand {h + 1} deal {seat}[{i}] -> {hand['deal'][seat][i]}"
    if kind == 9:
        key = rng.choice(list(reference.RULE_VALUES))
        value = rng.choice([*reference.RULE_VALUES[key], 1000, "auto", "visi", True, 90.0, None])
        rec["rules"][key] = value
        return f"rules {key} -> {value!r}"
    if kind == 10 and hands:
        del hands[h]
        return f"hand {h + 1} deleted"
    if kind == 11 and hands:
        hands.append(copy.deepcopy(hand))
        return f"hand {h + 1} appended again"
    if kind == 12 and hands:
        rec["rules"]["declarations"] = "choose"
        seat = rng.choice("SENW")
        hand.setdefault("declare", {})[seat] = rng.random() < 0.3
        return f"hand {h + 1} declare {seat}"
    if kind == 13 and hands:
        rec["rules"]["bela"] = "choose"
        seat = rng.choice("SENW")
        hand.setdefault("bela", {})[seat] = rng.random() < 0.5
        return f"hand {h + 1} bela {seat}"
    if kind == 14 and plays:
        del plays[rng.randrange(len(plays)) :]
        return f"hand {h + 1} plays cut"
    if kind == 15 and hands:
        hand["deal"] = random_deal(rng)
        hand["deal"] = {s.name: [str(c) for c in cs] for s, cs in hand["deal"].items()}
        return f"hand {h + 1} dealt again"
    rec["rules"]["target"] = rng.choice([501, 701, 1001])
    return f"target -> {rec['rules']['target']}"


def check_match(m: Match, rng: random.Random, label: str) -> tuple[int, int]:
    """Compare engine and reference on ``m`` and on mutations of its record; returns
    (mutations both accepted, mutations both refused)."""
    rec = json.loads(json.dumps(to_json(m)))
    own = m.score().to_json()
    assert engine_score(rec) == own, f"{label}: the record's score differs from the match's"
    expected = reference_score(rec)
    assert expected is not None, f"{label}: the reference refuses a record the engine wrote"
    assert own == expected, f"{label}: engine and reference disagree\n{json.dumps(rec)}"
    accepted = refused = 0
    for k in range(MUTATIONS_PER_MATCH):
        bad = copy.deepcopy(rec)
        what = mutate(bad, rng)
        got, want = engine_score(bad), reference_score(bad)
        assert got == want, (
            f"{label}, mutation {k} ({what}): engine {got is not None}, reference {want is not None}"
        )
        if got is None:
            refused += 1
        else:
            accepted += 1
    return accepted, refused


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_engine_equals_reference(chunk: int) -> None:
    rng = random.Random(1000 + chunk)
    refused = 0
    for i in range(MATCHES_PER_CHUNK):
        rules = ALL_RULES[(chunk * MATCHES_PER_CHUNK + i) % len(ALL_RULES)]
        m = random_match(rng, rules)
        refused += check_match(m, rng, f"chunk {chunk} match {i} ({rules})")[1]
    assert refused > 0  # the mutations do reach bad records


def test_the_generator_reaches_the_rare_cases() -> None:
    """The matches compared above hold what rules.md asks to check, not only ordinary hands."""
    rng = random.Random(77)
    seen: Counter[str] = Counter()
    for i in range(250):
        m = random_match(rng, ALL_RULES[i % len(ALL_RULES)])
        sheet = m.score()
        outcomes = [h.outcome for h in sheet.hands]
        seen.update(o or "unfinished" for o in outcomes)
        seen["visi chain"] += any(a == b == "visi" for a, b in itertools.pairwise(outcomes))
        seen["won"] += m.winner is not None
        seen["hanging at the end"] += sheet.hanging > 0
        for hand, hs in zip(m.hands, sheet.hands, strict=True):
            if hs.stiglja is not None:
                seen["stiglja by callers" if hs.outcome == "made" else "stiglja against callers"] += 1
            belots = sum(1 for cs in hand.deal.values() if len({c.suit for c in cs}) == 1)
            if hs.outcome == "belot" and belots > 1:
                seen["two belots"] += 1
            if not hs.complete:
                seen[f"cut while {hand.phase.value}"] += 1
            if len(hand.bids) == 4:
                seen["mus"] += 1
            seen["bela called"] += bool(hand.bela_calls)
            seen["bez"] += any(p.bela is False for p in hand.plays)
            seen["ne zovem"] += any(v is False for v in hand.declare.values())
            if hs.declarations != (0, 0):
                seen["declarations"] += 1
        if (
            m.winner is not None
            and max(sheet.totals) >= m.rules.target
            and min(sheet.totals) >= m.rules.target
        ):
            seen["both over the target"] += 1
    for case in [
        "made",
        "pad",
        "visi",
        "visi chain",
        "belot",
        "two belots",
        "stiglja by callers",
        "stiglja against callers",
        "unfinished",
        "cut while bidding",
        "cut while declaring",
        "cut while playing",
        "mus",
        "bela called",
        "bez",
        "ne zovem",
        "declarations",
        "won",
        "both over the target",
        "hanging at the end",
    ]:
        assert seen[case] > 0, f"no {case!r} in {dict(seen)}"


@pytest.mark.parametrize("chunk", range(4))
def test_legal_cards_equal_the_reference_obligations(chunk: int) -> None:
    """At every play of random hands, the engine's legal cards are the reference's allowed cards."""
    rng = random.Random(5000 + chunk)
    for _ in range(400 if DEEP else 60):
        hand = Hand(rng.choice(SEATS), random_deal(rng), rng.choice(ALL_RULES))
        while not hand.finished:
            if hand.phase is Phase.PLAYING:
                seat = hand.turn
                assert seat is not None and hand.trump is not None
                held = [str(c) for c in hand.held[seat]]
                trick = [str(c) for c in hand.trick.cards]
                want = reference.allowed(held, trick, hand.trump.letter)
                assert {str(c) for c in hand.legal_cards()} == want, (held, trick, hand.trump.letter)
            actions = hand.legal_actions()
            hand.apply(rng.choice([a for a in actions if a != PASS] or actions))
        if hand.belot is None:
            s = score_hand(hand)
            assert sum(s.card_points) == 162
