"""Where the unseen cards are likely to be: a small model learned from self-play.

For each unseen card and each other seat that may hold it, the model reads *features* of
that pair from the seat's observation, and the odds that the seat holds the card are the
product of their factors (times the cards it still holds: the hand sizes do the rest). The
features:

- a *bucket*: the seat's part in the bidding (it named trump; it passed or never spoke, as its
  partner or as an opponent of the caller: 5 roles) x the card's kind (trump jack, nine, ace,
  ten, king or queen, 7 or 8; side ace, ten, king to jack, 7 to 9: 10 kinds) x what the seat
  did in the card's suit (led it, discarded from it, followed it, nothing yet);
- the card's place among its suit's unplayed cards (master, second, lower) x trump or not x
  role;
- what the seat did with the suit's cards, in finer flags (:func:`plays`: led its master or a
  lower card; a point card or a smaller one onto its partner's trick or the other side's;
  discarded a point card or a smaller one; trumped in), each x the card's kind, x its place
  and x the role; the same flags of the seat's partner x the card's kind;
- how the card stands to the cards the seat played in its suit (:func:`relations`): weaker
  than one it lost onto the other side's trick or discarded, stronger than one it gave its
  partner, between the trick's best card and the card it took the trick with...) x kind;
- how many cards of the suit the seat has played x trump or not x place; a side jack or nine
  x role (a seat that passed seldom holds both); the dealer made to name trump x trump kind.

They are what a club player reads: a seat that led a small card of a suit seldom holds its
ace; one that gave a small card onto its partner's trick holds no king there to smear; a small
discard onto the partner's trick calls the ace; a seat that lost a card has no cheaper one
there. The factors (629, fitted by
``scripts/fit/fit_locations.py`` on the hard player's self-play) ship in
:mod:`bela.data.card_locations`, imported when first needed. The deal sampler draws whole
deals with probability proportional to the product of the weights of where each card lies,
every hard fact kept (:class:`bela.bots.sampler.WeightedDraw`).

Only the observation is read, through :class:`~bela.bots.knowledge.Knowledge` facts and the
public bids and plays: unseen cards a seat cannot tell apart get the same features.
"""

from __future__ import annotations

from bela.bots.knowledge import ALL, SUIT_BITS, Knowledge, beats, stronger_mask, trick_plays
from bela.cards import Rank, card_from_index
from bela.observation import Observation
from bela.seats import SEATS

ROLES = 5  # caller, caller's partner passed / silent, opponent passed / silent
KINDS = 10
EVIDENCE = 4  # nothing, followed, discarded, led
BUCKETS = ROLES * KINDS * EVIDENCE

_TRUMP_KIND = {
    Rank.JACK: 0,
    Rank.NINE: 1,
    Rank.ACE: 2,
    Rank.TEN: 3,
    Rank.KING: 4,
    Rank.QUEEN: 4,
    Rank.EIGHT: 5,
    Rank.SEVEN: 5,
}
_SIDE_KIND = {
    Rank.ACE: 6,
    Rank.TEN: 7,
    Rank.KING: 8,
    Rank.QUEEN: 8,
    Rank.JACK: 8,
    Rank.NINE: 9,
    Rank.EIGHT: 9,
    Rank.SEVEN: 9,
}


def roles(obs: Observation) -> list[int]:
    """Each seat's part in the bidding (0 caller, 1/2 its partner passed/silent, 3/4 an
    opponent passed/silent)."""
    caller = obs.caller
    assert caller is not None
    spoke = {s for s, _ in obs.bids}
    out = [0, 0, 0, 0]
    for s in SEATS:
        if s == caller:
            out[s] = 0
        elif s.team is caller.team:
            out[s] = 1 if s in spoke else 2
        else:
            out[s] = 3 if s in spoke else 4
    return out


def evidence(obs: Observation) -> list[list[int]]:
    """Per seat and suit: 3 led it, 2 discarded from it, 1 followed it, 0 nothing."""
    out = [[0, 0, 0, 0] for _ in SEATS]
    plays = obs.plays
    for start in range(0, len(plays), 4):
        trick = plays[start : start + 4]
        led = trick[0][1].suit
        s0, c0 = trick[0]
        out[s0][c0.suit] = 3
        for s, c in trick[1:]:
            if c.suit == led:
                out[s][c.suit] = max(out[s][c.suit], 1)
            elif c.suit != obs.trump:
                out[s][c.suit] = max(out[s][c.suit], 2)
    return out


def buckets(obs: Observation, k: Knowledge) -> dict[int, list[int]]:
    """For each unseen card (engine numbering) not known to be in a hand, its bucket for each
    seat (-1 for the asking seat and for a seat that cannot hold it)."""
    trump = obs.trump
    assert trump is not None
    role = roles(obs)
    ev = evidence(obs)
    known = 0
    for s in SEATS:
        if s != k.seat:
            known |= k.must[s]
    out: dict[int, list[int]] = {}
    m = k.unseen & ~known
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        suit, rank = c >> 3, Rank(c & 7)
        kind = _TRUMP_KIND[rank] if suit == trump else _SIDE_KIND[rank]
        row = [-1, -1, -1, -1]
        for s in SEATS:
            if s != k.seat and not (k.cannot[s] >> c & 1):
                row[s] = (role[s] * KINDS + kind) * EVIDENCE + ev[s][suit]
        out[c] = row
    return out


# the other feature groups, after the buckets (ids are offsets into FACTORS)
FLAGS = 9  # what a seat did with a card of the suit (see plays)
REL = 3  # the card's place among its suit's unplayed cards: master, second, lower
OFF_REL = BUCKETS  # rel x trump or not x role
OFF_FLAG = OFF_REL + REL * 2 * ROLES  # flag x kind
OFF_COUNT = OFF_FLAG + FLAGS * KINDS  # cards of the suit it played (0..3+) x trump or not x rel
OFF_BID = OFF_COUNT + 4 * 2 * REL  # role x (side jack, side nine)
OFF_FLAG_REL = OFF_BID + ROLES * 2  # flag x rel x trump or not
OFF_FORCED = OFF_FLAG_REL + FLAGS * REL * 2  # the dealer made to name trump x trump kind
OFF_FLAG_ROLE = OFF_FORCED + 6  # flag x role
OFF_PARTNER = OFF_FLAG_ROLE + FLAGS * ROLES  # the partner's flag x kind
RELATIONS = 8  # how the card stands to one the seat played (see relations)
OFF_RELATION = OFF_PARTNER + FLAGS * KINDS  # relation x kind
FEATURES = OFF_RELATION + RELATIONS * KINDS


def plays(obs: Observation) -> tuple[list[list[int]], list[list[int]]]:
    """Per seat and suit: the flags of what it did with the suit's cards (a bit each), and how
    many it played.

    Flags: 0 led the suit's master (no stronger card of it unplayed), 1 led a lower card;
    following the suit led, 2 a point card (3 or more) onto its partner's trick, 3 a card
    worth less onto it, 4 a card worth less onto the other side's trick, 8 a point card onto
    it; 7 trumped a trick led in another suit (on the trump suit); discarding, 5 a point card,
    6 a card worth less.
    """
    trump = obs.trump
    assert trump is not None
    flags = [[0, 0, 0, 0] for _ in SEATS]
    count = [[0, 0, 0, 0] for _ in SEATS]
    gone = 0
    for _j, s, c, led, best_seat, _best in trick_plays(obs):
        count[s][c.suit] += 1
        if best_seat is None:
            flag = 0 if not (stronger_mask(c, trump) & ~gone) else 1
        else:
            partner_wins = best_seat.team is s.team
            points = c.points(trump) >= 3
            if c.suit == led:
                flag = (2 if points else 3) if partner_wins else (8 if points else 4)
            elif c.suit == trump:
                flag = 7
            else:
                flag = 5 if points else 6
        flags[s][c.suit] |= 1 << flag
        gone |= 1 << c.index
    return flags, count


def relations(obs: Observation) -> list[list[int]]:
    """Per seat, a mask of cards for each relation to a card it played in their suit: 0 weaker
    than one it followed with onto the other side's trick without taking it; 1 weaker, 6
    stronger than one it followed with onto its partner's trick; 2 weaker, 7 stronger than one
    it discarded; 3 strong enough to take the trick but weaker than the card it took it with,
    last to play; 4 the same, not last; 5 a trump weaker than one it trumped in with. (Players
    lose their cheapest card, discard their cheapest, smear their best onto the partner's
    trick, win as cheaply as they can when nothing comes after them.)"""
    trump = obs.trump
    assert trump is not None
    out = [[0] * RELATIONS for _ in SEATS]
    for j, s, c, led, best_seat, best in trick_plays(obs):
        if best_seat is None or best is None:
            continue
        below = SUIT_BITS[c.suit] & ~stronger_mask(c, trump) & ~(1 << c.index)
        above = stronger_mask(c, trump)
        if c.suit == led and not beats(c, best, trump):
            if best_seat.team is s.team:
                out[s][1] |= below
                out[s][6] |= above
            else:
                out[s][0] |= below
        elif c.suit != led and c.suit != trump:
            out[s][2] |= below
            out[s][7] |= above
        elif beats(c, best, trump) and best.suit == c.suit:
            out[s][3 if j == 3 else 4] |= below & stronger_mask(best, trump)
        elif c.suit == trump:
            out[s][5] |= below
    return out


def features(obs: Observation, k: Knowledge) -> dict[int, list[list[int]]]:
    """For each unseen card (engine numbering) not known to be in a hand, the ids of the
    features of each seat holding it (empty: the asking seat, or a seat that cannot hold it)."""
    trump = obs.trump
    assert trump is not None
    role = roles(obs)
    flags, count = plays(obs)
    related = relations(obs)
    forced = len(obs.bids) == 4
    unplayed = ALL & ~k.played
    out: dict[int, list[list[int]]] = {}
    for c, row in buckets(obs, k).items():
        card = card_from_index(c)
        tr = 1 if card.suit == trump else 0
        rel = min((stronger_mask(card, trump) & unplayed).bit_count(), 2)
        kind = _TRUMP_KIND[card.rank] if tr else _SIDE_KIND[card.rank]
        side_honour = -1 if tr else {Rank.JACK: 0, Rank.NINE: 1}.get(card.rank, -1)
        feats: list[list[int]] = [[], [], [], []]
        for s in SEATS:
            if row[s] < 0:
                continue
            f = [row[s], OFF_REL + (rel * 2 + tr) * ROLES + role[s]]
            bits = flags[s][card.suit]
            for g in range(FLAGS):
                if bits >> g & 1:
                    f.append(OFF_FLAG + g * KINDS + kind)
                    f.append(OFF_FLAG_REL + g * 2 * REL + rel * 2 + tr)
                    f.append(OFF_FLAG_ROLE + g * ROLES + role[s])
            pbits = flags[s.partner][card.suit]
            for g in range(FLAGS):
                if pbits >> g & 1:
                    f.append(OFF_PARTNER + g * KINDS + kind)
            f.append(OFF_COUNT + (min(count[s][card.suit], 3) * 2 + tr) * REL + rel)
            if side_honour >= 0:
                f.append(OFF_BID + role[s] * 2 + side_honour)
            if forced and tr and role[s] == 0:
                f.append(OFF_FORCED + kind)
            for r, m in enumerate(related[s]):
                if m >> c & 1:
                    f.append(OFF_RELATION + r * KINDS + kind)
            feats[s] = f
        out[c] = feats
    return out


_FACTORS: tuple[float, ...] | None = None


def factors() -> tuple[float, ...]:
    """The shipped factors, imported when first needed (the bots' worker loads them then)."""
    global _FACTORS
    if _FACTORS is None:
        from bela.data.card_locations import FACTORS

        assert len(FACTORS) == FEATURES
        _FACTORS = FACTORS
    return _FACTORS


def card_weights(
    obs: Observation, k: Knowledge, table: tuple[float, ...] | None = None
) -> dict[int, list[float]]:
    """For each free unseen card, the model's weight of each seat holding it (0: cannot): the
    product of the factors of its features."""
    f = factors() if table is None else table
    out: dict[int, list[float]] = {}
    for c, row in features(obs, k).items():
        weights = [0.0, 0.0, 0.0, 0.0]
        for s, ids in enumerate(row):
            if ids:
                w = 1.0
                for i in ids:
                    w *= f[i]
                weights[s] = w
        out[c] = weights
    return out
