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
  x role (a seat that passed seldom holds both); the dealer made to name trump x trump kind;
- the order of its play (:func:`marks`), each x the card's kind: how it followed the suit (a
  point card or a smaller one, onto whose trick) at which place in the trick, and the same of
  its partner; the kind of card it smeared onto its partner's trick; a small side card it or
  its partner discarded, onto whose trick; its first discard (this suit's point card, a smaller
  one, another suit's); its first lead (this suit or another) x whether it named trump.

They are what a club player reads: a seat that led a small card of a suit seldom holds its
ace; one that gave a small card onto its partner's trick holds no king there to smear; a small
discard onto the partner's trick calls the ace; a seat that lost a card has no cheaper one
there; a small card thrown onto the other side's trick comes from a short suit. The factors
(1079, fitted by ``scripts/fit/fit_locations.py`` on the hard player's self-play) ship in
:mod:`bela.data.card_locations`, imported when first needed. The deal sampler draws whole
deals with probability proportional to the product of the weights of where each card lies,
every hard fact kept (:class:`bela.bots.sampler.WeightedDraw`).

Only the observation is read, through :class:`~bela.bots.knowledge.Knowledge` facts and the
public bids and plays: unseen cards a seat cannot tell apart get the same features.
"""

from __future__ import annotations

from typing import NamedTuple

from bela.bots.knowledge import ALL, SUIT_BITS, Knowledge, beats, stronger_mask, trick_plays
from bela.cards import Rank, card_from_index
from bela.observation import Observation
from bela.seats import SEATS, Seat

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


def _kind(suit: int, rank: Rank, trump: int) -> int:
    """The card's kind (0 to 5 trump jack, nine, ace, ten, king or queen, 7 or 8; 6 to 9 side
    ace, ten, king to jack, 7 to 9)."""
    return _TRUMP_KIND[rank] if suit == trump else _SIDE_KIND[rank]


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
        kind = _kind(suit, rank, trump)
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
OFF_ORDER = OFF_RELATION + RELATIONS * KINDS  # how it followed (see marks) x place x kind
OFF_PORDER = OFF_ORDER + 12 * KINDS  # the same of its partner
OFF_SMEAR = OFF_PORDER + 12 * KINDS  # the kind it gave onto its partner's trick x kind
OFF_CALL = OFF_SMEAR + KINDS * KINDS  # a small side discard (it or its partner, onto whose trick) x kind
OFF_DISCARD = OFF_CALL + 4 * KINDS  # its first discard: this suit's point card, smaller, another suit x kind
OFF_LEAD = OFF_DISCARD + 3 * KINDS  # its first lead: this suit or another x it named trump x kind
FEATURES = OFF_LEAD + 4 * KINDS


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


class Marks(NamedTuple):
    """What each seat's play says, in the order it came (see :func:`marks`)."""

    follow: list[list[int]]  # per seat and suit: a bit per (how it followed, its place)
    smear: list[list[int]]  # per seat and suit: a bit per kind it gave onto its partner's trick
    call: list[list[int]]  # per seat and suit: a small side card discarded, 1 onto its partner's trick, 2 not
    discard: list[tuple[int, bool] | None]  # per seat: its first discard's suit, and a point card or not
    lead: list[int]  # per seat: its first lead's suit (-1 none yet)


def marks(obs: Observation) -> Marks:
    """Per seat, the order of its play, as a player reads it: how it followed the suit led
    (0 a point card onto its partner's trick, 1 a card worth less onto it, 2 a card worth
    less onto the other side's trick, 3 a point card onto it) at which place in the trick
    (second, third, fourth hand; bit ``how * 3 + place - 1``); the kinds it smeared onto its
    partner's trick; a small side card (7 to 9) it discarded (the call onto its partner's
    trick, the short suit thrown onto the other side's); its first discard; its first lead."""
    trump = obs.trump
    assert trump is not None
    follow = [[0, 0, 0, 0] for _ in SEATS]
    smear = [[0, 0, 0, 0] for _ in SEATS]
    call = [[0, 0, 0, 0] for _ in SEATS]
    discard: list[tuple[int, bool] | None] = [None, None, None, None]
    lead = [-1, -1, -1, -1]
    for j, s, c, led, best_seat, _best in trick_plays(obs):
        if best_seat is None:
            if lead[s] < 0:
                lead[s] = c.suit
            continue
        ours = best_seat.team is s.team
        points = c.points(trump) >= 3
        if c.suit == led:
            how = (0 if points else 1) if ours else (3 if points else 2)
            follow[s][c.suit] |= 1 << (how * 3 + j - 1)
            if ours:
                smear[s][c.suit] |= 1 << _kind(c.suit, c.rank, trump)
        elif c.suit != trump:
            if discard[s] is None:
                discard[s] = (c.suit, points)
            if c.rank in (Rank.SEVEN, Rank.EIGHT, Rank.NINE):
                call[s][c.suit] |= 1 if ours else 2
    return Marks(follow, smear, call, discard, lead)


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
    mk = marks(obs)
    forced = len(obs.bids) == 4
    unplayed = ALL & ~k.played
    out: dict[int, list[list[int]]] = {}
    for c, row in buckets(obs, k).items():
        card = card_from_index(c)
        tr = 1 if card.suit == trump else 0
        rel = min((stronger_mask(card, trump) & unplayed).bit_count(), 2)
        kind = _kind(card.suit, card.rank, trump)
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
            _marked(f, mk, s, card.suit, tr, role[s] == 0, kind)
            feats[s] = f
        out[c] = feats
    return out


def _marked(f: list[int], mk: Marks, s: Seat, suit: int, tr: int, caller: bool, kind: int) -> None:
    """Add to ``f`` the features of :func:`marks` for seat ``s`` holding a card of ``suit``."""
    for offset, bits in ((OFF_ORDER, mk.follow[s][suit]), (OFF_PORDER, mk.follow[s.partner][suit])):
        for b in range(12):
            if bits >> b & 1:
                f.append(offset + b * KINDS + kind)
    bits = mk.smear[s][suit]
    for g in range(KINDS):
        if bits >> g & 1:
            f.append(OFF_SMEAR + g * KINDS + kind)
    for who, bits in enumerate((mk.call[s][suit], mk.call[s.partner][suit])):
        for b in range(2):
            if bits >> b & 1:
                f.append(OFF_CALL + (who * 2 + b) * KINDS + kind)
    first = mk.discard[s]
    if first is not None and (first[0] == suit or not tr):
        f.append(OFF_DISCARD + (2 if first[0] != suit else 0 if first[1] else 1) * KINDS + kind)
    if mk.lead[s] >= 0:
        f.append(OFF_LEAD + ((mk.lead[s] != suit) * 2 + caller) * KINDS + kind)


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
