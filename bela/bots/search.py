"""Determinized search: the value of each legal card, averaged over sampled deals.

For each deal drawn by :mod:`bela.bots.sampler`, every candidate card is valued by the hand
score it leads to (the points written on the sheet, pad and štiglja included, as a margin:
our written points minus theirs):

- near the end of the hand the rest is solved exactly (:class:`~bela.bots.solver.Solver`);
- earlier, the candidate is played, the hand is continued by a quick policy whose seats see
  only their own hands and the cards still out (:mod:`bela.bots.rollout`) until
  ``leaf_cards`` cards are left at the start of a trick, and that endgame is solved exactly.
  The policy's opponents draw their leads (:func:`bela.bots.leads.drawn_lead`), the same
  draws for every candidate card of a deal (a number a trick, drawn once a deal).

A close call (the best card's lead inside the noise of the deals searched) gets more deals.

Work is bounded by a number of sampled deals and a node budget (never by the clock), so the
same observation and seed give the same decision in CPython and in Pyodide.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from bela.actions import Play
from bela.bots.cardset import ABOVE, BELOW, POINTS, TO_CARD, TO_INT
from bela.bots.knowledge import Knowledge, declaration_keys
from bela.bots.rng import Rng, Source
from bela.bots.rollout import rollout_value
from bela.bots.sampler import CardWeights, Hands, Weight, deals_for_search, sample_deals
from bela.bots.solver import Solver
from bela.cards import PLAIN_STRENGTH, TRUMP_STRENGTH, Card, Rank
from bela.observation import Observation
from bela.rules import HouseRules
from bela.seats import SEATS, Seat, Team

# byte permutations: a suit's 8 bits in rank order -> in strength order
_PERM = []
for _table in (PLAIN_STRENGTH, TRUMP_STRENGTH):
    _perm = []
    for byte in range(256):
        out = 0
        for r in range(8):
            if byte >> r & 1:
                out |= 1 << _table[r]
        _perm.append(out)
    _PERM.append(tuple(_perm))
PERM_PLAIN: tuple[int, ...] = _PERM[0]
PERM_TRUMP: tuple[int, ...] = _PERM[1]


# a policy step in a rollout costs about as much time as this many solver nodes
ROLLOUT_STEP_NODES = 8
LEAD_DRAWS = 8  # a rollout's opponents lead at most once a trick


def to_internal(m: int, trump: int) -> int:
    out = 0
    for s in range(4):
        byte = (m >> (8 * s)) & 0xFF
        if byte:
            out |= (PERM_TRUMP if s == trump else PERM_PLAIN)[byte] << (8 * s)
    return out


@dataclass(frozen=True, slots=True)
class Scoring:
    """What a deal's hand score depends on besides the card play."""

    rules: HouseRules
    caller: Team
    decl: tuple[int, int]
    bela: tuple[int, int]
    ns_points: int  # card points NS already has in complete tricks

    def margin(self, r: int, team: Team) -> int:
        """Our written points minus theirs, for the solver's value ``r`` of the rest."""
        pts_ns = self.ns_points + r // 3
        s = r % 3
        total = 162 + self.decl[0] + self.decl[1] + self.bela[0] + self.bela[1]
        if s == 2:
            d = total + self.rules.stiglja
        elif s == 0:
            d = -(total + self.rules.stiglja)
        else:
            own_ns = pts_ns + self.decl[0] + self.bela[0]
            own_ew = 162 - pts_ns + self.decl[1] + self.bela[1]
            own_c = own_ns if self.caller is Team.NS else own_ew
            if 2 * own_c > total:
                d = own_ns - own_ew
            elif 2 * own_c == total and self.rules.exact_half == "visi":
                d = -own_ew if self.caller is Team.NS else own_ns
            else:
                d = -total if self.caller is Team.NS else total
        return d if team is Team.NS else -d


def scoring_for(obs: Observation, full: Sequence[int]) -> Scoring:
    """What ``obs``'s hand score depends on were ``full`` the deal (each seat's cards, the ones
    it played included)."""
    assert obs.caller is not None
    return Scoring(
        obs.rules, obs.caller.team, declaration_points(obs, full), bela_points(obs, full), obs.card_points[0]
    )


def declaration_points(obs: Observation, full: Sequence[int]) -> tuple[int, int]:
    """The declarations each team records, from the shown ones or from a full deal."""
    if obs.trump is None:
        return (0, 0)
    if len(obs.plays) >= 4:
        pts = [0, 0]
        if obs.declarations_winner is not None:
            pts[obs.declarations_winner] = sum(d.points for _, ds in obs.shown_declarations for d in ds)
        return (pts[0], pts[1])
    said = dict(obs.declare)
    choose = obs.rules.declarations == "choose"
    declaring = [s for s in obs.dealer.next.order_from() if not (choose and not said.get(s, True))]
    return dealt_declaration_points(full, declaring)


def dealt_declaration_points(full: Sequence[int], declaring: Iterable[Seat]) -> tuple[int, int]:
    """The declarations each team records were ``full`` the deal and ``declaring`` the seats
    that declare, in their order of speaking (the first of equal declarations wins): the team
    with the best one records all of its own."""
    best: tuple[int, int, int, int] | None = None
    best_seat: Seat | None = None
    keys: dict[Seat, list[tuple[int, int, int, int]]] = {}
    for s in declaring:
        ks = declaration_keys(full[s])
        keys[s] = ks
        for key in ks:
            if best is None or key > best:
                best, best_seat = key, s
    out = [0, 0]
    if best_seat is not None:
        team = best_seat.team
        out[team] = sum(k[0] for s in team.seats for k in keys.get(s, ()))
    return (out[0], out[1])


def bela_points(obs: Observation, full: Sequence[int]) -> tuple[int, int]:
    trump = obs.trump
    assert trump is not None
    out = [0, 0]
    if obs.bela_calls:
        for s, _ in obs.bela_calls:
            out[s.team] += 20
        return (out[0], out[1])
    kq = (1 << (trump * 8 + Rank.KING)) | (1 << (trump * 8 + Rank.QUEEN))
    for s in SEATS:
        if full[s] & kq == kq:
            played = 0
            for p, c in obs.plays:
                if p == s:
                    played |= 1 << c.index
            if played & kq:
                return (0, 0)  # the first was played without a call ("Bez")
            out[s.team] += 20
    return (out[0], out[1])


@dataclass(frozen=True, slots=True)
class SearchResult:
    values: dict[Card, float]  # mean margin per candidate card
    samples: int
    nodes: int
    # mean card points our team takes from here on (a constant apart), per candidate card:
    # between cards of equal margin, the one that keeps more points
    points: dict[Card, float] = field(default_factory=dict)


def _distinct(moves: list[int], mine_or_gone: int, pts: Sequence[int]) -> dict[int, int]:
    """Map each move to a representative: two cards of one suit with the same points and only
    cards already played (or our own) between them are interchangeable."""
    rep: dict[int, int] = {}
    prev = -1
    for i in sorted(moves):
        if prev >= 0 and prev >> 3 == i >> 3 and pts[prev] == pts[i]:
            between = ABOVE[prev] & BELOW[i]
            if between & ~mine_or_gone == 0:
                rep[i] = rep[prev]
                prev = i
                continue
        rep[i] = i
        prev = i
    return rep


def evaluate(
    obs: Observation,
    k: Knowledge,
    rng: Source,
    samples: int,
    weight: Weight | None,
    exact_cards: int,
    node_budget: int,
    min_samples: int = 4,
    leaf_cards: int | None = None,
    enum_limit: int = 0,
    card_weights: CardWeights | None = None,
    extra_samples: int = 0,
    close_z: float = 1.0,
) -> SearchResult:
    """Mean hand-score margin of each legal card over sampled deals (over every deal the seat
    cannot rule out, weighted, when there are at most ``enum_limit``).

    With ``extra_samples``, a close call gets more deals: when, after the sampled deals, the
    best card leads another by less than ``close_z`` standard errors of their difference (over
    the same deals), up to ``extra_samples`` more deals are drawn and searched, within the
    same node budget."""
    trump = obs.trump
    assert trump is not None
    t = int(trump)
    pts = POINTS[t]
    team = obs.seat.team
    deals, weights = deals_for_search(k, rng, samples, obs.dealer.next, weight, enum_limit, card_weights)
    extend = extra_samples > 0 and weights is None and len(deals) >= samples
    per_deal: list[dict[int, int]] = []  # each first deal's margin per candidate, when extending

    def every_deal() -> Iterator[Hands]:
        yield from deals
        if extend and _close(per_deal, close_z):  # read once the first deals are searched
            yield from sample_deals(k, rng, extra_samples, obs.dealer.next, weight, card_weights=card_weights)

    legal_cards = sorted({a.card for a in obs.legal if isinstance(a, Play)})
    table = TO_INT[t]
    moves = [table[c.index] for c in legal_cards]
    trick_int = [table[c.index] for _, c in obs.trick]
    leader = obs.trick[0][0] if obs.trick else obs.turn
    assert leader is not None
    gone = to_internal(k.played & ~_mask(c for _, c in obs.trick), t) | to_internal(k.mine, t)
    rep = _distinct(moves, gone, pts)
    reps = sorted(set(rep.values()))
    ns_has = obs.tricks_won[0] > 0
    ew_has = obs.tricks_won[1] > 0
    remaining = sum(obs.held_count(s) for s in SEATS)
    # solved exactly (None) from exact_cards left, else rolled out to leaf_cards
    leaf = None if remaining <= exact_cards else exact_cards if leaf_cards is None else leaf_cards
    lead_draw = Rng(rng.next()).random if leaf is not None else None  # the rollouts' opponents' leads
    totals = dict.fromkeys(reps, 0.0)
    kept = dict.fromkeys(reps, 0.0)
    sign = 1 if team is Team.NS else -1
    nodes = 0
    used = 0
    weight_sum = 0.0
    for j, deal in enumerate(every_deal()):
        w = 1.0 if weights is None else weights[j]
        full = [deal[s] | k.played_by[s] for s in SEATS]
        scoring = scoring_for(obs, full)
        hands = [to_internal(deal[s], t) for s in SEATS]
        values, cost = _deal_values(hands, t, int(leader), trick_int, reps, ns_has, ew_has, leaf, lead_draw)
        nodes += cost
        margins = {i: scoring.margin(r, team) for i, r in values.items()}
        if extend and j < len(deals):
            per_deal.append(margins)
        for i, r in values.items():
            totals[i] += w * margins[i]
            kept[i] += w * sign * (r // 3)
        used += 1
        weight_sum += w
        # stop when one more deal of the average cost would exceed the budget
        if used >= min_samples and nodes + nodes / used > node_budget:
            break
    to_card = TO_CARD[t]
    div = weight_sum if weight_sum > 0 else 1.0
    out = {to_card[i]: totals[rep[i]] / div if weight_sum > 0 else 0.0 for i in moves}
    pts_out = {to_card[i]: kept[rep[i]] / div for i in moves}
    return SearchResult(out, used, nodes, pts_out)


def _deal_values(
    hands: list[int],
    t: int,
    leader: int,
    trick: list[int],
    reps: list[int],
    ns_has: bool,
    ew_has: bool,
    leaf: int | None,
    draw: Callable[[], float] | None = None,
) -> tuple[dict[int, int], int]:
    """R of each candidate in one deal, solved exactly (``leaf`` None) or rolled out to ``leaf``
    cards left, and the nodes that cost; the rollouts' opponents draw their leads from
    :data:`LEAD_DRAWS` numbers taken from ``draw`` once, the same for every candidate (without
    ``draw``, they lead as the hard player leads)."""
    solver = Solver(t)
    if leaf is None:
        return solver.root_values(hands, leader, trick, ns_has, ew_has, reps), solver.nodes
    steps = [0]
    draws = [draw() for _ in range(LEAD_DRAWS)] if draw is not None else []
    values = {
        i: rollout_value(
            solver,
            hands,
            t,
            leader,
            trick,
            i,
            ns_has,
            ew_has,
            leaf,
            steps,
            iter(draws).__next__ if draws else None,
        )
        for i in reps
    }
    return values, steps[0] * ROLLOUT_STEP_NODES + solver.nodes


def _close(per_deal: list[dict[int, int]], z: float) -> bool:
    """Whether, over these deals (equally weighted), the best card's lead over some other card
    is under ``z`` standard errors of their paired difference (and not exactly nothing: cards
    of equal value on every deal are a tie, not a close call)."""
    n = len(per_deal)
    if n < 2 or len(per_deal[0]) < 2:
        return False
    keys = list(per_deal[0])
    sums = {i: sum(d[i] for d in per_deal) for i in keys}
    best = max(keys, key=lambda i: sums[i])
    for i in keys:
        if i == best:
            continue
        diffs = [d[best] - d[i] for d in per_deal]
        mean = sum(diffs) / n
        var = sum((x - mean) ** 2 for x in diffs) / (n - 1)
        if var > 0 and mean * mean < z * z * var / n:
            return True
    return False


def _mask(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m
