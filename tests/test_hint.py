"""`bela hint`: the answer's form, the refusals, the information it may use, and whether it is
right on late-hand positions where one card is right whatever the unseen cards are."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bela.actions import Bid, Declare, Phase, Play
from bela.bots import decide
from bela.cards import Card, Suit
from bela.cli import main
from bela.deal import SplitMix64, derive_seed
from bela.hand import Hand
from bela.hint import hint
from bela.match import Match
from bela.observation import observe
from bela.record import dumps, loads
from bela.rules import HouseRules
from bela.scoring import score_hand
from bela.seats import SEATS, Seat

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT.parent / "shared" / "examples"


def played_to(seed: int, plays: int, rules: HouseRules | None = None, bids_only: int | None = None) -> Match:
    """A match whose first hand easy bots played up to ``plays`` cards (or ``bids_only`` bids)."""
    m = Match(rules, seed=seed)
    hand = m.start_hand()
    n = 0
    while not hand.finished and len(hand.plays) < plays:
        if bids_only is not None and hand.phase is Phase.BIDDING and len(hand.bids) >= bids_only:
            break
        seat = hand.turn
        assert seat is not None
        hand.apply(decide(m.observation(seat), "easy", n).action)
        n += 1
    return m


def run(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    done = subprocess.run(
        [sys.executable, "-m", "bela", *args], input=stdin, capture_output=True, text=True, timeout=120
    )
    return done.returncode, done.stdout, done.stderr


def test_the_last_line_is_a_legal_card_and_explain_comes_before_it(tmp_path: Path) -> None:
    m = played_to(5, 13)
    path = tmp_path / "m.json"
    path.write_text(dumps(m), encoding="utf-8")
    hand = m.current
    assert hand is not None
    legal = {str(c) for c in hand.legal_cards()}
    code, out, err = run(["hint", str(path), "--level", "medium"])
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] in legal and len(out.splitlines()) == 1
    code, out, err = run(["hint", "-", "--level", "hard", "--explain"], stdin=dumps(m))
    lines = out.splitlines()
    assert code == 0 and lines[-1] in legal and len(lines) >= 2
    assert str(hand.turn) in lines[0]


def test_naming_trump_answers_a_suit_or_pass_and_the_dealer_never_passes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for bids in range(4):
        m = played_to(21, 0, bids_only=bids)
        hand = m.current
        assert hand is not None
        path = tmp_path / f"b{bids}.json"
        path.write_text(dumps(m), encoding="utf-8")
        if hand.phase is not Phase.BIDDING:
            continue  # somebody named trump earlier
        for level in ("easy", "medium", "hard"):
            assert main(["hint", str(path), "--level", level]) == 0
            answer = capsys.readouterr().out.splitlines()[-1]
            assert answer in ("H", "D", "S", "C", "pass")
            if hand.turn == hand.dealer:
                assert answer != "pass"


def test_declarations_chosen_answer_yes_or_no(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    m = Match(HouseRules(declarations="choose"), seed=8)
    hand = m.start_hand()
    hand.apply(Bid(Suit.SPADES))
    hand.apply(Declare(False))
    assert hand.phase is Phase.DECLARING
    path = tmp_path / "d.json"
    path.write_text(dumps(m), encoding="utf-8")
    assert main(["hint", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] in ("yes", "no")


@pytest.mark.parametrize("name", ["won.json", "belot.json", "stiglja.json"])
def test_a_finished_match_is_refused_with_one_line(name: str) -> None:
    code, out, err = run(["hint", str(EXAMPLES / name)])
    assert code == 1 and out == ""
    assert len(err.splitlines()) == 1 and "over" in err and "Traceback" not in err


def test_a_finished_hand_and_a_bad_record_are_refused(tmp_path: Path) -> None:
    m = played_to(3, 32)
    assert m.current is not None and m.current.finished and not m.over
    path = tmp_path / "done.json"
    path.write_text(dumps(m), encoding="utf-8")
    code, out, err = run(["hint", str(path)])
    assert (code, out) == (1, "") and len(err.splitlines()) == 1 and "finished" in err
    code, out, err = run(["hint", str(EXAMPLES / "bad-2.json")])
    assert (code, out) == (1, "") and err.startswith("hand 1, play 27:") and len(err.splitlines()) == 1


# -- the hint sees only the seat's observation -----------------------------------------------------


def swapped(m: Match, rng: SplitMix64) -> Match | None:
    """The same match with two unplayed cards of two other seats exchanged, if the swap is one
    the seat to act cannot rule out (the record still replays and its observation is unchanged)."""
    hand = m.current
    assert hand is not None and hand.turn is not None
    seat = hand.turn
    others = [s for s in SEATS if s != seat]
    a, b = rng.choice(others), rng.choice(others)
    if a == b or not hand.held[a] or not hand.held[b]:
        return None
    ca, cb = rng.choice(hand.held[a]), rng.choice(hand.held[b])
    data = json.loads(dumps(m))
    deal = data["hands"][-1]["deal"]
    deal[a.name] = [str(cb) if c == str(ca) else c for c in deal[a.name]]
    deal[b.name] = [str(ca) if c == str(cb) else c for c in deal[b.name]]
    try:
        twin = loads(json.dumps(data))
    except ValueError:
        return None  # the swap contradicts the play: the seat can rule it out
    if twin.observation(seat) != m.observation(seat):
        return None
    return twin


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_swapping_unseen_cards_does_not_change_the_hint(level: str) -> None:
    rng = SplitMix64(17)
    compared = 0
    for seed in range(40):
        m = played_to(seed, 8 + seed % 20, HouseRules(bela="choose"))
        for _ in range(3):
            twin = swapped(m, rng)
            if twin is None:
                continue
            assert hint(twin, level, seed).decision == hint(m, level, seed).decision
            compared += 1
    assert compared >= 30


# -- right answers in the last tricks -----------------------------------------------------------------


def margin(hand: Hand, seat: Seat) -> int:
    written = score_hand(hand).written
    team = seat.team
    return written[team] - written[team.other]


def best_margin(hand: Hand, seat: Seat) -> int:
    """Plain minimax over the engine's own hand: each side maximizes its sheet margin."""
    if hand.finished:
        return margin(hand, seat)
    mover = hand.turn
    assert mover is not None
    values = []
    for action in hand.legal_actions():
        hand.apply(action)
        values.append(best_margin(hand, seat))
        hand.undo()
    return max(values) if mover.team == seat.team else min(values)


def worlds(m: Match) -> Iterator[Hand]:
    """Every deal of the unseen cards that the seat to act cannot rule out, replayed."""
    hand = m.current
    assert hand is not None and hand.turn is not None
    seat = hand.turn
    seen = m.observation(seat)
    others = [s for s in SEATS if s != seat]
    unseen = sorted((c for s in others for c in hand.held[s]), key=lambda c: c.index)
    sizes = [len(hand.held[s]) for s in others]
    for first in itertools.combinations(unseen, sizes[0]):
        rest = [c for c in unseen if c not in first]
        for second in itertools.combinations(rest, sizes[1]):
            third = [c for c in rest if c not in second]
            held = dict(zip(others, (list(first), list(second), third), strict=True))
            deal = {s: _with_held(hand, s, held.get(s)) for s in SEATS}
            world = Hand(hand.dealer, deal, hand.rules)
            try:
                for action in hand.actions:
                    world.apply(action)
            except ValueError:
                continue
            if observe(world, seat, seen.scores, seen.hanging, seen.hand_number) == seen:
                yield world


def _with_held(hand: Hand, seat: Seat, held: list[Card] | None) -> list[Card]:
    """``seat``'s 8 cards with its unplayed ones replaced by ``held``, played ones kept in place."""
    if held is None:
        return list(hand.deal[seat])
    played = {c for s, c in hand.played_pairs() if s == seat}
    fresh = iter(held)
    return [c if c in played else next(fresh) for c in hand.deal[seat]]


def only_right_card(m: Match) -> Card | None:
    """The one card that is best in every possible world, if there is one and every other card
    is worse in at least one world."""
    hand = m.current
    assert hand is not None and hand.turn is not None
    seat = hand.turn
    cards = hand.legal_cards()
    if len(cards) < 2:
        return None
    always_best = set(cards)
    sometimes_worse: set[Card] = set()
    count = 0
    for world in worlds(m):
        count += 1
        values: dict[Card, int] = {}
        for action in world.legal_actions():
            assert isinstance(action, Play)
            world.apply(action)
            values[action.card] = max(values.get(action.card, -9999), best_margin(world, seat))
            world.undo()
        top = max(values.values())
        always_best &= {c for c, v in values.items() if v == top}
        sometimes_worse |= {c for c, v in values.items() if v < top}
    if count == 0 or len(always_best) != 1:
        return None
    card = next(iter(always_best))
    return card if sometimes_worse >= set(cards) - {card} else None


def late_positions(want: int) -> Iterator[tuple[Match, Card]]:
    found = 0
    for seed in itertools.count(1000):
        cut = 24 + SplitMix64(derive_seed(seed)).below(6)
        m = played_to(seed, cut)
        hand = m.current
        assert hand is not None
        if hand.finished:
            continue
        right = only_right_card(m)
        if right is None:
            continue
        yield m, right
        found += 1
        if found >= want:
            return


def test_the_hint_finds_the_only_right_card_late_in_the_hand() -> None:
    positions = list(late_positions(30))
    misses = {"hard": 0, "medium": 0}
    for i, (m, right) in enumerate(positions):
        for level in misses:
            action = hint(m, level, i).action
            assert isinstance(action, Play)
            misses[level] += action.card != right
    assert misses["hard"] <= 1, misses
    assert misses["medium"] <= 3, misses
