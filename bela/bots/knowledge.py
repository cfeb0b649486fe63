"""What one seat can infer from its Observation, as hard facts about the hidden cards.

Card sets here use the engine's numbering (``card.index``, a bit per card), which does not
depend on the trump. Facts:

- its own cards, every played card;
- voids: a seat that did not follow the suit led holds none of it; one that neither followed
  nor trumped holds no trump;
- ceilings: a seat that followed below the card taking the trick when it had to beat it
  (iber, or trump led) holds nothing above it in that suit; one that trumped below a trump
  already in the trick holds no higher trump;
- bela: a bela call with the king (queen) shows the queen (king) in the same hand; under
  automatic bela, a trump king or queen played without a call shows the other is not there;
- shown declarations: their cards were in that hand;
- declarations as a whole (checked on each sampled deal by :func:`declarations_fit`): under
  automatic declarations the winning team shows all it has and the other team has nothing as
  good (under "choose", the same for the seats that said "zovem"; every seat is asked, so
  being asked tells nothing).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from bela.cards import PLAIN_STRENGTH, TRUMP_STRENGTH, Card, Rank, Suit, trick_winner_index
from bela.observation import Observation
from bela.seats import SEATS, Seat, Team

SUIT_BITS: tuple[int, int, int, int] = (0xFF, 0xFF << 8, 0xFF << 16, 0xFF << 24)
ALL = (1 << 32) - 1
DeclKey = tuple[int, int, int, int]


def mask(cards: tuple[Card, ...] | list[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def stronger_mask(card: Card, trump: Suit) -> int:
    """Cards of ``card``'s suit stronger than it."""
    table = TRUMP_STRENGTH if card.suit == trump else PLAIN_STRENGTH
    s = table[card.rank]
    m = 0
    for r in Rank:
        if table[r] > s:
            m |= 1 << (card.suit * 8 + r)
    return m


def beats(card: Card, best: Card, trump: Suit) -> bool:
    if card.suit == best.suit:
        return card.strength(trump) > best.strength(trump)
    return card.suit == trump


TrickPlay = tuple[int, Seat, Card, Suit, Seat | None, Card | None]


def trick_plays(obs: Observation) -> Iterator[TrickPlay]:
    """Each card played this hand with its trick as it stood before it: (its place in the
    trick, the seat, the card, the suit led, the seat holding the trick and its card; those
    two None for a lead). ``obs.trump`` must be named."""
    trump = obs.trump
    assert trump is not None
    moves = obs.plays
    for start in range(0, len(moves), 4):
        trick = moves[start : start + 4]
        led = trick[0][1].suit
        for j, (seat, card) in enumerate(trick):
            if j == 0:
                yield 0, seat, card, led, None, None
            else:
                best_seat, best = trick[trick_winner_index([c for _, c in trick[:j]], trump)]
                yield j, seat, card, led, best_seat, best


@dataclass(slots=True)
class Knowledge:
    seat: Seat
    trump: Suit | None
    mine: int  # held now
    played: int
    unseen: int  # neither mine nor played: in the other three hands
    must: list[int]  # per seat: unplayed cards known to be in that hand
    cannot: list[int]  # per seat: cards that hand cannot hold
    count: list[int]  # per seat: cards held now
    played_by: list[int]  # per seat: cards it has played
    # declarations facts, for declarations_fit
    exact_decl: dict[Seat, tuple[DeclKey, ...]]
    beaten_by: tuple[DeclKey, Seat] | None  # the best declaration and its seat, if shown
    losers: tuple[Seat, ...]  # seats whose declarations must lose to beaten_by
    no_decl: tuple[Seat, ...]

    def void(self, seat: Seat, suit: Suit) -> bool:
        return (self.unseen & SUIT_BITS[suit] & ~self.cannot[seat]) == 0 and not (
            self.must[seat] & SUIT_BITS[suit]
        )

    def possible(self, seat: Seat) -> int:
        """Cards ``seat`` might hold (known ones included)."""
        if seat == self.seat:
            return self.mine
        return (self.unseen & ~self.cannot[seat]) | self.must[seat]


def _read_plays(obs: Observation, trump: Suit, played: int, cannot: list[int], must: list[int]) -> None:
    """What the tricks so far say (``cannot``: a suit not followed, a trump not over-trumped,
    an iber not beaten) and the bela calls (``must``: the other card of the pair; ``cannot``
    under bela "auto": a pair's card played without the call)."""
    tbits = SUIT_BITS[trump]
    plays = obs.plays
    for start in range(0, len(plays), 4):
        trick = plays[start : start + 4]
        led = trick[0][1].suit
        best = trick[0][1]
        for s, c in trick[1:]:
            if c.suit != led:
                cannot[s] |= SUIT_BITS[led]
                if c.suit != trump:
                    cannot[s] |= tbits
                elif best.suit == trump and not beats(c, best, trump):
                    cannot[s] |= stronger_mask(best, trump)
            elif best.suit == led and not beats(c, best, trump):
                # had to beat the top card of the suit led (iber, or trump led) and did not
                cannot[s] |= stronger_mask(best, trump)
            if beats(c, best, trump):
                best = c
    called = {s for s, _ in obs.bela_calls}
    for s, c in obs.bela_calls:
        other = Card(Rank.QUEEN if c.rank == Rank.KING else Rank.KING, c.suit)
        if not played & (1 << other.index):
            must[s] |= 1 << other.index
    if obs.rules.bela == "auto":
        for s, c in plays:
            if c.suit == trump and c.rank in (Rank.KING, Rank.QUEEN) and s not in called:
                other = Card(Rank.QUEEN if c.rank == Rank.KING else Rank.KING, c.suit)
                cannot[s] |= 1 << other.index


def infer(obs: Observation) -> Knowledge:
    seat = obs.seat
    trump = obs.trump
    mine = mask(list(obs.cards))
    played = 0
    played_by = [0, 0, 0, 0]
    cannot = [0, 0, 0, 0]
    must = [0, 0, 0, 0]
    for s, c in obs.plays:
        played |= 1 << c.index
        played_by[s] |= 1 << c.index
    if trump is not None:
        _read_plays(obs, trump, played, cannot, must)
    exact: dict[Seat, tuple[DeclKey, ...]] = {}
    beaten_by: tuple[DeclKey, Seat] | None = None
    losers: tuple[Seat, ...] = ()
    no_decl: list[Seat] = []
    choose = obs.rules.declarations == "choose"
    said = dict(obs.declare)

    def declared(s: Seat) -> bool:
        # under "choose" every seat says zovem or ne zovem (holding a declaration or not), so
        # the asking tells nothing; only the outcome shown after the first trick does
        return not choose or said.get(s, True)

    if _shown_time(obs):
        shown = dict(obs.shown_declarations)
        for s, decls in shown.items():
            for d in decls:
                for c in d.cards:
                    if not played & (1 << c.index):
                        must[s] |= 1 << c.index
        winner = obs.declarations_winner
        if winner is None:
            no_decl = [s for s in SEATS if declared(s)]
        else:
            best_seat = None
            best_key: DeclKey | None = None
            first = obs.dealer.next
            for s in first.order_from():
                for d in shown.get(s, ()):
                    if best_key is None or d.key > best_key:
                        best_key, best_seat = d.key, s
            if best_key is not None and best_seat is not None:
                beaten_by = (best_key, best_seat)
                losers = tuple(s for s in SEATS if s.team != winner and declared(s))
            for s in winner.seats:
                if declared(s):
                    exact[s] = tuple(sorted(d.key for d in shown.get(s, ())))
    for s in SEATS:
        if s != seat:
            cannot[s] |= mine
        must[s] &= ~played
    must[seat] = 0
    count = [obs.held_count(s) for s in SEATS]
    unseen = ALL & ~mine & ~played
    if trump is None:
        unseen = ALL & ~mine
        count = [6, 6, 6, 6]
    return Knowledge(
        seat=seat,
        trump=trump,
        mine=mine,
        played=played,
        unseen=unseen,
        must=must,
        cannot=cannot,
        count=count,
        played_by=played_by,
        exact_decl=exact,
        beaten_by=beaten_by,
        losers=losers,
        no_decl=tuple(s for s in no_decl if s != seat),
    )


def _shown_time(obs: Observation) -> bool:
    return obs.trump is not None and len(obs.plays) >= 4


# -- declarations on card sets --------------------------------------------------------------

_FOUR_RANKS = (
    (Rank.JACK, 200),
    (Rank.NINE, 150),
    (Rank.ACE, 100),
    (Rank.KING, 100),
    (Rank.QUEEN, 100),
    (Rank.TEN, 100),
)
_SEQ_POINTS = {3: 20, 4: 50, 5: 100, 6: 100, 7: 100}


def _runs(byte: int) -> tuple[DeclKey, ...]:
    """The keys of the runs of 3 cards or more of one suit's ``byte`` (ranks in sequence order)."""
    keys: list[DeclKey] = []
    r = 0
    while r < 8:
        if byte >> r & 1:
            start = r
            while r < 8 and byte >> r & 1:
                r += 1
            length = r - start
            if 3 <= length <= 7:
                keys.append((_SEQ_POINTS[length], 0, length, r - 1))
        else:
            r += 1
    return tuple(keys)


# a suit's runs by its byte (the same in every suit: a key does not name its suit)
_RUNS: tuple[tuple[DeclKey, ...], ...] = tuple(_runs(b) for b in range(256))


def declaration_keys(m: int) -> list[DeclKey]:
    """The keys (``Declaration.key``) of every declaration in a full hand ``m`` (8 cards)."""
    keys: list[DeclKey] = []
    for rank, pts in _FOUR_RANKS:
        four = (1 << rank) | (1 << (8 + rank)) | (1 << (16 + rank)) | (1 << (24 + rank))
        if m & four == four:
            keys.append((pts, 1, int(rank), 0))
    for suit in range(4):
        keys.extend(_RUNS[(m >> (8 * suit)) & 0xFF])
    return keys


def declarations_fit(k: Knowledge, full: list[int], first: Seat) -> bool:
    """Whether full hands (8 cards each, engine numbering) agree with the declaration facts."""
    for s in k.no_decl:
        if declaration_keys(full[s]):
            return False
    for s, keys in k.exact_decl.items():
        if s == k.seat:
            continue
        if tuple(sorted(declaration_keys(full[s]))) != keys:
            return False
    if k.beaten_by is not None:
        best_key, best_seat = k.beaten_by
        order = first.order_from()
        for s in k.losers:
            if s == k.seat:
                continue
            for key in declaration_keys(full[s]):
                if key > best_key or (key == best_key and order.index(s) < order.index(best_seat)):
                    return False
    return True


def team_of(seat: int) -> Team:
    return Team(seat % 2)
