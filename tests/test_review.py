"""The review of a finished hand (bela/review.py) and its view model (web/review/view.py).

- With every card known, each legal card's value equals a plain minimax over the engine on
  random endings of up to three tricks.
- A card that loses at least 10 points against another in every deal the seat cannot rule out
  is marked a mistake; a card that was the seat's best by what it knew but costs with every
  card known is marked unlucky, never a mistake.
- The cost by what the seat knew never changes when the unseen cards are dealt otherwise in a
  way the seat cannot rule out (the same plays, the same observation).
- ``bela review`` prints one JSON object per finished hand and fails with one line.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from strategies import EXAMPLES
from test_solver import minimax, random_endgame

from bela import review, review_decided, review_replay, review_results
from bela.actions import Bid, Play
from bela.bots.cardset import TO_CARD, TO_INT, mask_of
from bela.bots.knowledge import declarations_fit, infer
from bela.bots.sampler import enumerate_deals
from bela.bots.search import scoring_for, to_internal
from bela.bots.solver import NodeLimit, Solver
from bela.cards import Card, card_from_index
from bela.cli import main
from bela.deal import SplitMix64
from bela.hand import Hand
from bela.match import Match
from bela.observation import observe
from bela.record import dumps, loads
from bela.rules import HouseRules
from bela.seats import SEATS, Seat
from web.review.view import ReviewData, ReviewState, accuracy, review_view
from web.stats import Stats

RULES = (HouseRules(), HouseRules(exact_half="visi"))


def finish_randomly(hand: Hand, seed: int) -> Hand:
    done = hand.copy()
    rng = SplitMix64(seed)
    while not done.finished:
        done.apply(rng.choice(done.legal_actions()))
    return done


# -- with every card known -----------------------------------------------------------------------


@pytest.mark.parametrize("cards_left", [4, 6, 8, 9, 12])
def test_double_dummy_values_equal_a_brute_force_solve(cards_left: int) -> None:
    checked = 0
    for seed in range(12):
        pos = random_endgame(1000 * cards_left + seed, cards_left, RULES[seed % 2])
        if pos.finished:
            continue
        seat = pos.turn
        assert seat is not None
        done = finish_randomly(pos, seed)
        values = review.dd_values(done, pos)
        brute: dict[Card, int] = {}
        for action in pos.legal_actions():
            assert isinstance(action, Play)
            pos.apply(action)
            ns = minimax(pos)
            pos.undo()
            brute[action.card] = ns if seat.team.value == 0 else -ns
        assert values == brute, (pos, values, brute)
        best, cost = review.dd_cost(done, pos, next(iter(brute)))
        assert cost == max(brute.values()) - brute[next(iter(brute))] and brute[best] == max(brute.values())
        checked += 1
    assert checked >= 10


def test_the_solver_gives_up_past_its_limit_and_guesses_nothing() -> None:
    pos = random_endgame(5, 28)
    done = finish_randomly(pos, 5)
    with pytest.raises(NodeLimit):
        review.dd_values(done, pos, Solver(int(pos.trump or 0), limit=100))


# -- mistakes and bad luck ---------------------------------------------------------------------------


def random_hand(seed: int, rules: HouseRules = RULES[0]) -> Match:
    m = Match(rules, seed=seed)
    hand = m.start_hand()
    rng = SplitMix64(seed)
    while not hand.finished:
        hand.apply(rng.choice(hand.legal_actions()))
    return m


def position(hand: Hand, plays: int) -> Hand:
    """``hand`` again with ``plays`` cards played, the next one to be played."""
    replayed = review_replay.replay(hand)
    return next(h for h, _ in replayed if len(h.plays) == plays and h.phase.value == "playing")


def world_margins(pos: Hand, seat: Seat) -> list[dict[Card, int]] | None:
    """The margin of each legal card in every deal ``seat`` cannot rule out (few enough to list)."""
    obs = observe(pos, seat)
    k = infer(obs)
    deals = enumerate_deals(k, 200)
    if deals is None:
        return None
    assert obs.trump is not None and obs.caller is not None
    t = int(obs.trump)
    table = TO_INT[t]
    out = []
    for deal in deals:
        full = [deal[s] | k.played_by[s] for s in SEATS]
        if not declarations_fit(k, full, pos.dealer.next):
            continue
        scoring = scoring_for(obs, full)
        won = obs.tricks_won
        raw = Solver(t).root_values(
            [to_internal(deal[s], t) for s in SEATS],
            int(pos.trick.leader),
            [table[c.index] for c in pos.trick.cards],
            won[0] > 0,
            won[1] > 0,
        )
        out.append({TO_CARD[t][i]: scoring.margin(r, seat.team) for i, r in raw.items()})
    return out


def test_a_card_that_loses_whatever_the_unseen_cards_is_a_mistake() -> None:
    found = 0
    for seed in range(60):
        m = random_hand(seed)
        hand = m.hands[0]
        if hand.trump is None or not hand.plays:
            continue
        plays = [p for k in (5, 6) for p in review.review_trick(m, 1, k)]
        for p in plays:
            replayed = review_replay.replay(hand)
            pos = next(h for h, i in replayed if len(h.plays) == p.index and h.phase.value == "playing")
            worlds = world_margins(pos.copy(), p.seat)
            if not worlds:
                continue
            sure = [c for c in worlds[0] if all(w[c] - w[p.card] >= review_results.MISTAKE for w in worlds)]
            if sure:
                found += 1
                assert p.mistake and p.mark == "mistake" and p.cost >= review_results.MISTAKE, (seed, p, sure)
            if all(w[p.card] == max(w.values()) for w in worlds):
                assert p.cost == 0 and p.mark in ("", "unlucky") and not p.mistake, (seed, p)
    assert found >= 5


def test_the_seats_best_card_that_costs_with_every_card_known_is_unlucky_not_a_mistake() -> None:
    """Hands played at random down to three tricks, then every card as the review's hard player
    chooses it (the same observation, the same seed, the same choice): nothing is a mistake;
    where the cards lay against the choice, it is marked unlucky."""
    unlucky = 0
    for seed in range(40):
        m = Match(seed=seed)
        hand = m.start_hand()
        rng = SplitMix64(seed)
        while not hand.finished and len(hand.plays) < 20:
            hand.apply(rng.choice(hand.legal_actions()))
        while not hand.finished:
            seat = hand.turn
            assert seat is not None
            if hand.phase.value != "playing":
                hand.apply(hand.legal_actions()[0])
                continue
            best, _, _ = review.info_cost(hand, seat, hand.legal_cards()[0], number=1)
            hand.apply(next(a for a in hand.legal_actions() if isinstance(a, Play) and a.card == best))
        if len(hand.plays) < 32:
            continue
        for k in (5, 6, 7):
            for p in review.review_trick(m, 1, k):
                assert p.cost == 0 and not p.mistake and p.best == p.card, (seed, p)
                assert p.cost_dd is not None
                if p.cost_dd >= review_results.MISTAKE:
                    unlucky += 1
                    assert p.mark == "unlucky" and p.unlucky, (seed, p)
    assert unlucky >= 1


# -- the cost by information sees only the seat's observation -----------------------------------------


def test_the_cost_by_information_is_the_same_in_every_deal_the_seat_cannot_rule_out() -> None:
    checked = 0
    for seed in range(80):
        m = random_hand(seed, HouseRules(declarations="choose", bela="choose") if seed % 2 else RULES[0])
        hand = m.hands[0]
        if hand.trump is None or len(hand.plays) < 32:
            continue
        index = 8 + seed % 20
        pos = next(
            h for h, i in review_replay.replay(hand) if len(h.plays) == index and h.phase.value == "playing"
        ).copy()
        seat = pos.turn
        assert seat is not None
        card = hand.plays[index].card
        obs = observe(pos, seat)
        k = infer(obs)
        deals = enumerate_deals(k, 400)
        if deals is None:
            continue
        original = review.info_cost(pos, seat, card, seed=3)
        for deal in deals[:: max(1, len(deals) // 3)]:
            full = [deal[s] | k.played_by[s] for s in SEATS]
            if not declarations_fit(k, full, pos.dealer.next):
                continue
            other = swapped(pos, seat, full)
            if other is None:
                continue
            assert observe(other, seat) == obs
            assert review.info_cost(other, seat, card, seed=3) == original, (seed, index)
            checked += 1
    assert checked >= 10


def swapped(pos: Hand, seat: Seat, full: list[int]) -> Hand | None:
    """The same actions over another deal (``full``: each seat's eight cards), the seat's own
    cards as they were; None if the other deal does not allow them."""
    deal = {}
    for s in SEATS:
        if s is seat:
            deal[s] = pos.deal[s]
            continue
        cards = [card_from_index(i) for i in range(32) if full[s] >> i & 1]
        seen_talon = [c for c in pos.deal[s] if c in cards]  # keep what can be kept in place
        deal[s] = tuple(sorted(cards, key=lambda c: seen_talon.index(c) if c in seen_talon else 99 + c.index))
    try:
        other = Hand(pos.dealer, deal, pos.rules)
        for action in pos.actions:
            other.apply(action)
    except Exception:
        return None
    return other if mask_of(other.held[seat], 0) == mask_of(pos.held[seat], 0) else None


# -- the verdict, the command -------------------------------------------------------------------------


def test_the_verdict_counts_mistakes_by_seat_and_team() -> None:
    m = random_hand(7)
    data = review.review_hand(m, 1)
    plays = [review_results.PlayReview.from_json(p) for p in data["plays"]]
    assert [p.index for p in plays] == list(range(32))
    lost = {s.name: 0.0 for s in SEATS}
    for p in plays:
        assert p.cost >= 0 and (p.cost_dd is None or p.cost_dd >= 0)
        if p.mistake:
            lost[p.seat.name] += p.cost
        if p.index >= 16:
            assert p.cost_dd is not None
    verdict = data["verdict"]
    assert verdict["lost"] == pytest.approx(lost, abs=0.06)
    assert verdict["lost_team"]["NS"] == pytest.approx(lost["S"] + lost["N"], abs=0.11)
    assert verdict["solver_from"] is not None and verdict["solver_from"] <= 16
    decided = verdict["decided"]
    assert decided["pad"] is None or 0 <= decided["pad"] <= 32
    assert json.loads(json.dumps(data)) == data


def test_the_outcome_is_decided_by_the_last_card_at_the_latest() -> None:
    for seed in range(6):
        m = random_hand(seed)
        d = review_decided.decided(m, 1)
        assert d.searched_from <= 31
        for at in (d.pad, d.stiglja):
            assert at is None or at <= 32
        # once both teams have a trick, the štiglja can no longer change
        hand = m.hands[0]
        assert hand.trump is not None
        both = next(
            4 * (i + 1)
            for i in range(8)
            if len({t.winner(hand.trump).team for t in hand.tricks[: i + 1]}) == 2
        )
        if d.stiglja is not None:
            assert d.stiglja <= both


def test_bela_review_prints_one_object_per_hand(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text(dumps(random_hand(11)), encoding="utf-8")
    assert main(["review", str(path), "--seat", "S"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert data["hand"] == 1 and all(p["seat"] == "S" for p in data["plays"]) and len(data["plays"]) == 8
    assert {"card", "best", "cost", "best_dd", "cost_dd", "mistake", "unlucky"} <= set(data["plays"][0])
    assert all(b["seat"] == "S" for b in data["bids"])


def test_bela_review_fails_with_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["review", str(EXAMPLES / "bad-1.json")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.strip()
    path = tmp_path / "m.json"
    path.write_text(dumps(random_hand(11)), encoding="utf-8")
    assert main(["review", str(path), "--hand", "2"]) == 1
    assert capsys.readouterr().err.strip() == "there is no hand 2 (the record has 1)"


def test_a_belot_hand_is_reviewed_without_plays(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(EXAMPLES / "belot.json")]) == 0
    data = json.loads(capsys.readouterr().out.splitlines()[0])
    assert data["outcome"] == "belot" and data["plays"] == [] and data["bids"]


# -- the page's view model ------------------------------------------------------------------------------


def test_the_view_shows_each_step_and_keeps_what_was_found() -> None:
    m = random_hand(3)
    hand = m.hands[0]
    text = dumps(m)
    state = ReviewState(1, text)
    data = state.data
    assert data.next_part(hand) == "trick:0"
    from web.worker.review import answer

    data.take("trick:0", answer(text, 1, "trick:0"))
    assert data.next_part(hand) == "bids"
    for step in range(33):
        v = review_view(hand, state.at(step))
        assert v.step == step and len(v.plays) == step
        assert sum(len(cards) for cards in v.hands.values()) == 32 - step
        assert [line.review is not None for line in v.plays] == [i < 4 for i in range(step)]
        assert len(v.table) == (step - 1) % 4 + 1 if step else v.table == []
        talon = {c for s in SEATS for c, t in v.hands[s] if t}
        assert talon <= {c for s in SEATS for c in hand.deal[s][6:]}
    assert state.move("end", 32) == 32 and state.at(3).move("prev", 32) == 2
    data.take("bids", {"error": "boom"})
    assert data.failed and data.next_part(hand) is None


def test_accuracy_counts_the_players_cards_with_a_choice() -> None:
    m = random_hand(4)
    plays = [p for k in range(8) for p in review.review_trick(m, 1, k)]
    best, cards, lost = accuracy(plays, Seat.S)
    mine = [p for p in plays if p.seat is Seat.S and p.samples]
    assert cards == len(mine) and best == sum(p.best == p.card for p in mine)
    assert lost == pytest.approx(sum(p.cost for p in mine if p.mistake))
    stats = Stats().add_review(best, cards, lost)
    again = Stats.from_json(json.loads(json.dumps(stats.to_json())))
    assert again == stats
    assert "reviewed" not in Stats().to_json()  # saved statistics stay as they were
    assert Stats.from_json({"hands": 3}) == Stats(hands=3)


def test_the_examples_hands_are_reviewed_alike_from_their_records() -> None:
    match = loads((EXAMPLES / "visi.json").read_text(encoding="utf-8"))
    number = next(n for n, h in enumerate(match.hands, 1) if h.finished and len(h.plays) == 32)
    again = loads(dumps(match))
    assert review.review_trick(match, number, 6) == review.review_trick(again, number, 6)
    assert isinstance(review.review_bids(match, number)[0].bid, Bid)
    assert ReviewData().parts(match.hands[number - 1])[:2] == ["trick:0", "bids"]
