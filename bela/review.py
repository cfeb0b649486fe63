"""The review of a finished hand: what each card cost, and where the points went.

For every play of a finished hand, two costs, both in points of the hand's margin on the sheet
(the acting seat's team's written points minus the other team's, pad and štiglja included):

- *by what the seat knew*: the hard player's search (:func:`bela.bots.search.evaluate`, with
  the hard level's budget and a fixed seed) from that seat's observation at that moment only:
  the mean margin of its best card (the hard player's choice) minus that of the card played;
- *with every card known* (double dummy): the exact solver (:mod:`bela.bots.solver`) with the
  four hands known: the best card's margin minus the played card's. Always computed for the
  last four tricks; earlier only when a trick's solve stays within :data:`DD_NODES` nodes,
  else left out (``None``), never guessed.

A play whose cost by information is at least :data:`MISTAKE` points is a mistake; one that is
not, but costs at least as much with every card known, is unlucky.

The verdict: points lost to mistakes by seat and by team, and after which card the pad (the
callers passing or falling) and the štiglja were decided: the first card after which, with
every card known, no way of playing the rest could change them (a search over every
continuation, within a node budget, from the end backwards: :mod:`bela.review_decided`).

Every budget is a count, never the clock: the same record gives the same review in CPython
(``bela review``) and in the page's worker.

The hand replayed step by step, which the costs, the bids and the verdict all walk, is in
:mod:`bela.review_replay`; what a review finds (its plain values, which the page reads without
the bots) in :mod:`bela.review_results`.

>>> from bela.match import played_at_random
>>> m = played_at_random(3)
>>> hand = m.hands[0]
>>> r = review_trick(m, 1, 7)
>>> [p.index for p in r], all(p.cost_dd is not None for p in r)
([28, 29, 30, 31], True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from bela.actions import Bid, Phase, Play
from bela.bots import BUDGETS, decide, decision_rng, search
from bela.bots.bidding import rich_value
from bela.bots.cardset import TO_CARD, TO_INT, mask_of
from bela.bots.knowledge import infer
from bela.bots.solver import INF, NodeLimit, Solver
from bela.cards import Card, Suit
from bela.data.rich_table import THRESHOLDS as RICH_THRESHOLDS
from bela.hand import Hand
from bela.match import Match
from bela.observation import observe
from bela.review_decided import decided
from bela.review_replay import finished_hand, replay, scoring_at
from bela.review_results import (
    DD_ALWAYS,
    BidReview,
    Decided,
    PlayReview,
    lost_to_mistakes,
    plain_number,
    solver_reach,
)
from bela.scoring import score_hand, score_match
from bela.seats import SEATS, Seat, Team

#: the hard player's seed in a review (fixed: the same record, the same review)
SEED = 0
#: the solver's node limit for one trick's four plays before the last four tricks
DD_NODES = 25_000
LEVEL = "hard"
#: the hard player's search with a lighter budget, so that a whole hand is reviewed in a few
#: seconds in the page (the same sampling, weighting, rollouts, exact endgames and ranking)
BUDGET = replace(BUDGETS[LEVEL], samples=24, node_budget=20_000)


def _before(match: Match, number: int) -> tuple[tuple[int, int], int]:
    before = score_match((score_hand(h) for h in match.hands[: number - 1]), match.rules)
    return before.totals, before.hanging


def review_bids(match: Match, number: int, seed: int = SEED) -> list[BidReview]:
    """Each bid made, beside the hard player's bid from the same seat's six cards."""
    hand = finished_hand(match, number)
    scores, hanging = _before(match, number)
    out: list[BidReview] = []
    for pos, i in replay(hand):
        action = hand.actions[i]
        if not isinstance(action, Bid):
            break
        seat = pos.turn
        assert seat is not None
        obs = observe(pos, seat, scores, hanging, number)
        d = decide(obs, LEVEL, seed)
        assert isinstance(d.action, Bid)
        values = bid_values(obs.cards, (seat - pos.dealer - 1) % 4)
        cost = max(0.0, values[d.action.suit] - values[action.suit])
        out.append(BidReview(seat, action, d.action, d.rule, d.params, d.reason, cost))
    return out


def bid_values(cards: Sequence[Card], position: int) -> dict[Suit | None, float]:
    """What the hard player's trump model (bela.bots.bidding.rich_choice) expects of each bid
    from these six cards, as a margin on the sheet: naming a suit, its predicted margin;
    passing (not for the dealer, who must name), the margin the model asks of a suit before it
    names one. The hard player's bid has the highest value (a tie names the suit), and a bid's
    cost by what the seat knew is the difference.

    >>> from bela.cards import Card, Suit
    >>> cards = [Card.parse(c) for c in ("JH", "9H", "AH", "TH", "AS", "7C")]
    >>> values = bid_values(cards, 0)
    >>> max(values, key=lambda s: values[s]) is Suit.HEARTS, None in values, None in bid_values(cards, 3)
    (True, True, False)
    """
    values: dict[Suit | None, float] = {s: rich_value(cards, s, position) for s in Suit}
    if position != 3:
        values[None] = RICH_THRESHOLDS[position]
    return values


def coach_bid_values(match: Match) -> tuple[Bid, dict[Suit | None, float]] | None:
    """The hard player's bid and :func:`bid_values` for the seat to speak in the match's
    current hand, as the review of that hand will find them."""
    hand = match.current
    if hand is None or hand.turn is None or hand.phase is not Phase.BIDDING:
        return None
    scores, hanging = _before(match, len(match.hands))
    seat = hand.turn
    obs = observe(hand, seat, scores, hanging, len(match.hands))
    d = decide(obs, LEVEL, SEED)
    assert isinstance(d.action, Bid)
    return d.action, bid_values(obs.cards, (seat - hand.dealer - 1) % 4)


def review_trick(
    match: Match, number: int, trick: int, seed: int = SEED, dd: bool = True
) -> list[PlayReview]:
    """The four plays of trick ``trick`` (0 to 7) of finished hand ``number``, each costed (with
    every card known too, unless ``dd`` is False: then see :func:`dd_trick`)."""
    hand = finished_hand(match, number)
    positions = _positions(hand, trick)
    if not positions:
        return []
    scores, hanging = _before(match, number)
    costs = _dd_trick(hand, positions) if dd else [(None, None)] * len(positions)
    out = []
    for (pos, action, k), (best_dd, cost_dd) in zip(positions, costs, strict=True):
        seat = pos.turn
        assert seat is not None
        best, cost, samples = info_cost(pos, seat, action.card, scores, hanging, number, seed)
        out.append(PlayReview(k, seat, action.card, best, cost, samples, best_dd, cost_dd))
    return out


def dd_trick(match: Match, number: int, trick: int) -> list[tuple[int, Card | None, int | None]]:
    """(play index, best card, cost) with every card known for each play of one trick."""
    hand = finished_hand(match, number)
    positions = _positions(hand, trick)
    costs = _dd_trick(hand, positions)
    return [(k, best, cost) for (_, _, k), (best, cost) in zip(positions, costs, strict=True)]


def _positions(hand: Hand, trick: int) -> list[tuple[Hand, Play, int]]:
    """The position before each play of trick ``trick``, the play and its index."""
    if hand.trump is None or not 0 <= trick < len(hand.tricks):
        return []
    positions: list[tuple[Hand, Play, int]] = []
    for pos, i in replay(hand):
        action = hand.actions[i]
        if isinstance(action, Play):
            k = len(pos.plays)
            if k // 4 == trick:
                positions.append((pos.copy(), action, k))
            elif k // 4 > trick:
                break
    return positions


def info_cost(
    pos: Hand,
    seat: Seat,
    card: Card,
    scores: tuple[int, int] = (0, 0),
    hanging: int = 0,
    number: int = 1,
    seed: int = SEED,
) -> tuple[Card, float, int]:
    """(the hard player's card, the played card's cost, deals tried) from ``seat``'s observation
    only: the hard player's search as it plays (its budget, rng and ranking)."""
    found = info_values(pos, seat, scores, hanging, number, seed)
    if found is None:
        return card, 0.0, 0
    best, values, samples = found
    return best, cost_of(values, best, card), samples


def info_values(
    pos: Hand,
    seat: Seat,
    scores: tuple[int, int] = (0, 0),
    hanging: int = 0,
    number: int = 1,
    seed: int = SEED,
) -> tuple[Card, dict[Card, float], int] | None:
    """(the hard player's card, every legal card's mean margin, deals tried) from ``seat``'s
    observation only; None when there is one card to play (nothing to search). What
    :func:`info_cost` prices a played card by, and what the page's coach prices the player's
    options by before the card is played (:func:`coach_values`)."""
    obs = observe(pos, seat, scores, hanging, number)
    legal = sorted({a.card for a in obs.legal if isinstance(a, Play)})
    if len(legal) <= 1:
        return None
    budget = BUDGET
    rng = decision_rng(obs, LEVEL, seed)
    result = search(obs, infer(obs), rng, budget)
    ranked = sorted(result.values.items(), key=lambda kv: (-kv[1], kv[0].index))
    return ranked[0][0], dict(result.values), result.samples


def cost_of(values: dict[Card, float], best: Card, card: Card) -> float:
    """The played card's cost: the best card's mean margin minus its own, 0 or more."""
    return max(0.0, values[best] - values[card])


def coach_values(match: Match, seed: int = SEED) -> tuple[Card, dict[Card, float], int] | None:
    """:func:`info_values` for the seat to play in the match's current hand, as the review of
    that hand will find it once the card is played (the same position, scores and seed)."""
    hand = match.current
    if hand is None or hand.turn is None or hand.phase is not Phase.PLAYING:
        return None
    scores, hanging = _before(match, len(match.hands))
    return info_values(hand, hand.turn, scores, hanging, len(match.hands), seed)


DD = tuple[Card | None, int | None]


def _dd_trick(hand: Hand, positions: Sequence[tuple[Hand, Play, int]]) -> list[DD]:
    """Double-dummy best card and cost of each play of one trick: the last four tricks always,
    earlier ones while one solver stays within :data:`DD_NODES` (the trick's last card first)."""
    out: list[DD] = [(None, None)] * len(positions)
    if not positions:
        return out
    assert hand.trump is not None
    t = int(hand.trump)
    always = positions[0][2] >= 32 - DD_ALWAYS
    solver = Solver(t, INF if always else DD_NODES)
    for j in range(len(positions) - 1, -1, -1):
        pos, action, _ = positions[j]
        try:
            out[j] = dd_cost(hand, pos, action.card, solver)
        except NodeLimit:
            break
    return out


def dd_values(hand: Hand, pos: Hand, solver: Solver | None = None) -> dict[Card, int]:
    """With every card known: the margin of the acting seat's team for each legal card."""
    assert pos.trump is not None
    t = int(pos.trump)
    solver = solver or Solver(t)
    table = TO_INT[t]
    hands = [mask_of(pos.held[s], t) for s in SEATS]
    trick = [table[c.index] for c in pos.trick.cards]
    won = pos.tricks_won()
    raw = solver.root_values(hands, int(pos.trick.leader), trick, won[Team.NS] > 0, won[Team.EW] > 0)
    scoring = scoring_at(hand, pos)
    seat = pos.turn
    assert seat is not None
    return {TO_CARD[t][i]: scoring.margin(r, seat.team) for i, r in raw.items()}


def dd_cost(hand: Hand, pos: Hand, card: Card, solver: Solver | None = None) -> tuple[Card, int]:
    """(a best card, the played card's cost) with every card known; the played card when it is
    one of the best."""
    values = dd_values(hand, pos, solver)
    top = max(values.values())
    if values[card] == top:
        return card, 0
    best = min((c for c, v in values.items() if v == top), key=lambda c: c.index)
    return best, top - values[card]


# -- the verdict and the whole hand -----------------------------------------------------------------


def review_hand(match: Match, number: int, seed: int = SEED) -> dict[str, Any]:
    """The whole review of one finished hand as one JSON object (``bela review``)."""
    hand = finished_hand(match, number)
    plays: list[PlayReview] = []
    for trick in range(len(hand.tricks)):
        plays.extend(review_trick(match, number, trick, seed))
    bids = review_bids(match, number, seed)
    return hand_json(match, number, bids, plays, decided(match, number))


def hand_json(
    match: Match, number: int, bids: Sequence[BidReview], plays: Sequence[PlayReview], when: Decided
) -> dict[str, Any]:
    hand = finished_hand(match, number)
    score = score_hand(hand)
    seats, teams = lost_to_mistakes(plays)
    tricks = []
    if hand.trump is not None:
        for tr in hand.tricks:
            winner = tr.winner(hand.trump).name
            tricks.append({"leader": tr.leader.name, "winner": winner, "points": tr.points(hand.trump)})
    return {
        "hand": number,
        "dealer": hand.dealer.name,
        "trump": None if hand.trump is None else hand.trump.letter,
        "caller": None if hand.caller is None else hand.caller.name,
        "belot": None if hand.belot is None else hand.belot.name,
        "outcome": score.outcome,
        "written": {"NS": score.written[0], "EW": score.written[1]},
        "bids": [b.to_json() for b in bids],
        "plays": [p.to_json() for p in plays],
        "tricks": tricks,
        "verdict": {
            "lost": {s.name: plain_number(v) for s, v in seats.items()},
            "lost_team": {t.name: plain_number(v) for t, v in teams.items()},
            "mistakes": sum(1 for p in plays if p.mistake),
            "unlucky": sum(1 for p in plays if p.unlucky),
            "solver_from": solver_reach(plays),
            "decided": when.to_json(),
        },
    }
