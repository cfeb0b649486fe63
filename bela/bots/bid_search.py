"""Naming trump by playing the hand out: each choice valued over sampled deals (an experiment).

The seat sees six cards. A sampled deal gives the others their six cards and every seat its
two talon cards, the seats that passed before it drawn again until the hard player's own rule
(:func:`bela.bots.bidding.rich_choice`) would have passed with their six: what the passes say.
On each deal, naming a suit is valued by playing the whole hand with that trump, every hand in
view (:func:`bela.bots.rollout.rollout_card` down to an exact endgame); passing, by the later
seats' naming by the same rule (the dealer must name) and the hand played with theirs. The
value is the hand score written on the sheet as a margin for the seat's team (declarations,
bela, pad and štiglja included), averaged over the same deals for every choice.
"""

from __future__ import annotations

from collections.abc import Sequence

from bela.bots import bidding
from bela.bots.knowledge import declaration_keys
from bela.bots.rollout import rollout_card, rollout_value
from bela.bots.search import Scoring, to_internal
from bela.bots.solver import Solver
from bela.cards import Card, Rank, Suit, card_from_index
from bela.data import trump_table as table
from bela.deal import SplitMix64
from bela.rules import HouseRules
from bela.seats import SEATS, Seat, Team

Full = list[int]  # each seat's 8 cards, engine numbering (the first six drawn as the bidding's)
TRIES = 30  # redraws of a passer's six cards before taking the last


def _cards(m: int) -> list[Card]:
    out = []
    while m:
        low = m & -m
        out.append(card_from_index(low.bit_length() - 1))
        m ^= low
    return out


def sample_deal(
    mine: Sequence[Card], seat: Seat, dealer: Seat, passed: Sequence[Seat], rng: SplitMix64
) -> tuple[Full, dict[Seat, list[Card]]]:
    """A deal consistent with the seat's six cards and the earlier passes: each seat's eight
    cards and the others' first six."""
    own = 0
    for c in mine:
        own |= 1 << c.index
    rest = [i for i in range(32) if not own >> i & 1]
    rng.shuffle(rest)
    sixes: dict[Seat, list[Card]] = {}
    full = [0, 0, 0, 0]
    pos = 0
    others = [s for s in SEATS if s != seat]
    for s in others:  # a passer's six are redrawn from the pool (rest[pos:]) until it would pass
        position = (s - dealer - 1) % 4
        for _ in range(TRIES):
            pool = rest[pos:]
            rng.shuffle(pool)
            rest[pos:] = pool
            six = [card_from_index(i) for i in rest[pos : pos + 6]]
            if s not in passed or bidding.rich_choice(six, position)[0] is None:
                break
        sixes[s] = six
        for i in rest[pos : pos + 6]:
            full[s] |= 1 << i
        pos += 6
    full[seat] = own
    for s in SEATS:  # the talons
        for i in rest[pos : pos + 2]:
            full[s] |= 1 << i
        pos += 2
    return full, sixes


def hand_margin(full: Full, trump: Suit, caller: Seat, dealer: Seat, rules: HouseRules, team: Team) -> int:
    """The written margin for ``team`` of the hand played with every hand in view."""
    t = int(trump)
    hands = [to_internal(full[s], t) for s in SEATS]
    leader = int(dealer.next)
    first = rollout_card(hands, leader, leader, [], t)
    r = rollout_value(Solver(t), hands, t, leader, [], first, False, False, 8, [0])
    return _scoring(full, trump, caller, dealer, rules).margin(r, team)


def _scoring(full: Full, trump: Suit, caller: Seat, dealer: Seat, rules: HouseRules) -> Scoring:
    best = None
    best_seat = None
    keys: dict[Seat, list[tuple[int, int, int, int]]] = {}
    for s in dealer.next.order_from():
        keys[s] = declaration_keys(full[s])
        for key in keys[s]:
            if best is None or key > best:
                best, best_seat = key, s
    decl = [0, 0]
    if best_seat is not None:
        decl[best_seat.team] = sum(k[0] for s in best_seat.team.seats for k in keys[s])
    kq = (1 << (int(trump) * 8 + Rank.KING)) | (1 << (int(trump) * 8 + Rank.QUEEN))
    bela = [0, 0]
    for s in SEATS:
        if full[s] & kq == kq:
            bela[s.team] += 20
    return Scoring(rules, caller.team, (decl[0], decl[1]), (bela[0], bela[1]), 0)


def later_naming(sixes: dict[Seat, list[Card]], seat: Seat, dealer: Seat) -> tuple[Suit, Seat]:
    """Who names trump after ``seat`` passes, and what, by the hard player's rule."""
    s = seat.next
    while True:
        position = (s - dealer - 1) % 4
        suit = bidding.rich_choice(sixes[s], position)[0]
        if suit is not None:
            return suit, s
        s = s.next


def choice_values(
    mine: Sequence[Card],
    suits: Sequence[Suit],
    seat: Seat,
    dealer: Seat,
    passed: Sequence[Seat],
    rules: HouseRules,
    rng: SplitMix64,
    n: int,
) -> tuple[dict[Suit, float], float | None]:
    """The mean margin of naming each of ``suits`` and of passing (None for the dealer) over
    ``n`` deals."""
    team = seat.team
    totals = dict.fromkeys(suits, 0.0)
    passing = 0.0
    for _ in range(n):
        full, sixes = sample_deal(mine, seat, dealer, passed, rng)
        for suit in suits:
            totals[suit] += hand_margin(full, suit, seat, dealer, rules, team)
        if seat != dealer:
            suit, caller = later_naming(sixes, seat, dealer)
            passing += hand_margin(full, suit, caller, dealer, rules, team)
    return {s: v / n for s, v in totals.items()}, (None if seat == dealer else passing / n)


def search_choice(
    mine: Sequence[Card],
    seat: Seat,
    dealer: Seat,
    passed: Sequence[Seat],
    rules: HouseRules,
    rng: SplitMix64,
    n: int,
    blend: float = 1.0,
) -> bidding.Choice:
    """:func:`bela.bots.bidding.rich_choice`'s rules (a suit named freely only with its jack or
    nine; the dealer prefers such a suit unless clearly worse) with the played-out values:
    naming's gain over passing is ``blend`` times the played-out one plus ``1 - blend`` times
    the fitted model's (its value over its threshold)."""
    position = (seat - dealer - 1) % 4
    honoured = [s for s in Suit if bidding.holds_jack_or_nine(mine, s)]
    if position != 3 and not honoured:
        return bidding.rich_choice(mine, position)
    suits = list(Suit) if position == 3 else honoured
    played, passing = choice_values(mine, suits, seat, dealer, passed, rules, rng, n)
    fitted = {s: bidding.rich_value(mine, s, position) for s in suits}
    if position == 3:
        values = {s: blend * played[s] + (1 - blend) * fitted[s] for s in suits}
    else:
        assert passing is not None
        threshold = table.RICH_THRESHOLDS[position] + bidding.HARD_SHIFT
        values = {s: blend * (played[s] - passing) + (1 - blend) * (fitted[s] - threshold) for s in suits}
    best = max(suits, key=lambda s: (values[s], -int(s)))
    if position == 3:
        if honoured:
            top = max(honoured, key=lambda s: (values[s], -int(s)))
            if values[top] >= values[best] - bidding.DEALER_HONOUR_SLACK:
                best = top
        return best, "bid.model.must", {"suit": best.letter, "margin": round(values[best], 1)}
    v = round(values[best], 1)
    if values[best] > 0:
        return best, "bid.model.name", {"suit": best.letter, "margin": v, "threshold": 0.0}
    return None, "bid.model.pass", {"suit": best.letter, "margin": v, "threshold": 0.0}
