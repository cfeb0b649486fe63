"""Rule-based card play for the easy and medium players.

Medium remembers every card (through :class:`~bela.bots.knowledge.Knowledge`): it knows which
cards are masters, who is void, who may still trump. Easy sees only its own hand and the
trick on the table. Every choice returns a stable rule id with parameters (for translation)
and an English sentence.

Rules, in the order they are tried:

- leading: pull trumps with the master trump when strong; cash a master; lead a suit the
  partner is void in so the partner trumps it; otherwise lead cheaply, keeping tens guarded;
- following: the rules of play already force a player to beat the trick when he can, so the
  choice is which card: as last player, win with the cheapest useful card; earlier, win with
  a card that holds; smear points on a trick the partner surely takes; otherwise throw the
  cheapest card, keeping tens guarded, masters and trumps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bela.bots.knowledge import SUIT_BITS, Knowledge, beats, stronger_mask
from bela.bots.rng import Source
from bela.cards import Card, Rank, Suit
from bela.observation import Observation
from bela.seats import Seat

Params = dict[str, str | int | float]


@dataclass(frozen=True, slots=True)
class Pick:
    card: Card
    rule: str
    params: Params
    text: str


class Table:
    """The state of play as one seat sees it, with or without memory of earlier tricks."""

    def __init__(self, obs: Observation, k: Knowledge, memory: bool) -> None:
        assert obs.trump is not None
        self.obs = obs
        self.k = k
        self.trump = obs.trump
        self.seat = obs.seat
        self.partner = obs.seat.partner
        self.memory = memory
        self.hand = list(obs.cards)
        trick_mask = 0
        for _, c in obs.trick:
            trick_mask |= 1 << c.index
        if memory:
            self.unseen = k.unseen
        else:
            self.unseen = ((1 << 32) - 1) & ~k.mine & ~trick_mask
        self.trick = [c for _, c in obs.trick]
        self.trick_seats = [s for s, _ in obs.trick]
        self.later = [obs.seat.after(i) for i in range(1, 4 - len(obs.trick))]
        self.we_called = obs.caller is not None and obs.caller.team == obs.seat.team
        self.tricks_left = len(self.hand)

    # -- what others may hold ----------------------------------------------------------------

    def possible(self, seat: Seat) -> int:
        if not self.memory:
            return self.unseen
        return self.k.possible(seat)

    def may_hold_suit(self, seat: Seat, suit: Suit) -> bool:
        return bool(self.possible(seat) & SUIT_BITS[suit])

    def known_void(self, seat: Seat, suit: Suit) -> bool:
        return self.memory and not self.may_hold_suit(seat, suit)

    def is_master(self, card: Card) -> bool:
        """No unseen card of its suit beats it."""
        return not (self.unseen & stronger_mask(card, self.trump))

    def may_beat(self, seat: Seat, win: Card, led: Suit) -> bool:
        """Whether ``seat`` might beat ``win`` in a trick led with ``led``."""
        poss = self.possible(seat)
        trump = self.trump
        tbits = SUIT_BITS[trump]
        if win.suit == trump:
            higher = poss & stronger_mask(win, trump)
            if not higher:
                return False
            return led == trump or not self.may_hold_suit(seat, led) or self._likely_void(seat, led)
        if poss & stronger_mask(win, trump):
            return True
        if poss & tbits and led != trump:
            return not self.may_hold_suit(seat, led) or self._likely_void(seat, led)
        return False

    def _likely_void(self, seat: Seat, suit: Suit) -> bool:
        outstanding = (self.unseen & SUIT_BITS[suit]).bit_count()
        return outstanding <= 2

    def holds(self, seat: Seat, win: Card, led: Suit) -> bool:
        """Whether ``win`` (by us) is safe from every opponent still to play."""
        return not any(self.may_beat(p, win, led) for p in self.later if p.team != self.seat.team)

    # -- values ------------------------------------------------------------------------------

    def suit_cards(self, suit: Suit) -> list[Card]:
        return [c for c in self.hand if c.suit == suit]

    def guard_penalty(self, card: Card) -> int:
        """Throwing ``card`` leaves a ten alone against an unseen ace."""
        if card.suit == self.trump or card.rank == Rank.TEN:
            return 0
        same = self.suit_cards(card.suit)
        ten = Card(Rank.TEN, card.suit)
        if ten in same and len(same) == 2 and not self.is_master(ten):
            return 5  # less than the ten itself: never throw the ten to keep its guard
        return 0

    def throw_cost(self, card: Card) -> float:
        pts = card.points(self.trump)
        cost = float(pts) + self.guard_penalty(card)
        if card.suit == self.trump:
            cost += 12 + card.strength(self.trump) * 2
        elif self.is_master(card) and card.rank in (Rank.ACE, Rank.TEN):
            cost += 8
        if card.suit != self.trump and len(self.suit_cards(card.suit)) == 1 and self.suit_cards(self.trump):
            cost -= 1.5  # makes a void to trump into later
        return cost


def pick_card(
    obs: Observation,
    k: Knowledge,
    legal: Sequence[Card],
    memory: bool,
    rng: Source,
    mistakes: float = 0.0,
) -> Pick:
    t = Table(obs, k, memory)
    if len(legal) == 1:
        return Pick(legal[0], "play.forced", {"card": str(legal[0])}, f"{legal[0]} is the only card allowed")
    pick = _lead(t, legal) if not t.trick else _follow(t, legal)
    if mistakes > 0 and rng.random() < mistakes:
        alt = _small_mistake(t, legal, pick, rng)
        if alt is not None:
            return alt
    return pick


def _lead(t: Table, legal: Sequence[Card]) -> Pick:
    trump = t.trump
    opps = (t.seat.next, t.seat.previous)
    trumps = [c for c in legal if c.suit == trump]
    opp_trumps = any(t.may_hold_suit(o, trump) for o in opps)
    if t.memory and trumps and opp_trumps:
        best = max(trumps, key=lambda c: c.strength(trump))
        if t.is_master(best) and (t.we_called or len(trumps) >= 3):
            return Pick(best, "lead.pull_trumps", {"card": str(best)}, f"pull trumps with the master {best}")
    masters = []
    for c in legal:
        if c.suit == trump or not t.is_master(c):
            continue
        risky = any(t.known_void(o, c.suit) and t.may_hold_suit(o, trump) for o in opps)
        if not t.memory and c.rank != Rank.ACE:
            continue
        if not risky:
            masters.append(c)
    if masters:
        best = max(masters, key=lambda c: (c.points(trump), -len(t.suit_cards(c.suit))))
        return Pick(best, "lead.master", {"card": str(best)}, f"cash the master {best}")
    if t.memory and t.may_hold_suit(t.partner, trump):
        for c in sorted(legal, key=lambda c: c.points(trump)):
            if c.suit != trump and t.known_void(t.partner, c.suit) and c.points(trump) <= 4:
                return Pick(
                    c,
                    "lead.partner_ruff",
                    {"card": str(c), "suit": c.suit.letter},
                    f"lead {c}: partner has no {c.suit.english}s and can trump",
                )

    def lead_cost(c: Card) -> float:
        cost = t.throw_cost(c)
        if c.suit == trump:
            cost += 0 if t.we_called else 10
        if t.memory and any(t.known_void(o, c.suit) and t.may_hold_suit(o, trump) for o in opps):
            cost += c.points(trump) + 3
        if c.suit != trump and c.rank != Rank.ACE and not t.is_master(c):
            # leading below an outstanding ace or ten: cheap cards only
            cost += c.points(trump) * 0.5
        return cost

    best = min(legal, key=lambda c: (lead_cost(c), c.index))
    return Pick(best, "lead.low", {"card": str(best)}, f"lead the cheap {best}")


def _follow(t: Table, legal: Sequence[Card]) -> Pick:
    trump = t.trump
    led = t.trick[0].suit
    win = t.trick[0]
    win_seat = t.trick_seats[0]
    for s, c in zip(t.trick_seats[1:], t.trick[1:], strict=True):
        if beats(c, win, trump):
            win, win_seat = c, s
    last = not t.later
    trick_pts = sum(c.points(trump) for c in t.trick)
    winners = [c for c in legal if beats(c, win, trump)]
    if win_seat == t.partner:
        if last or t.holds(t.seat, win, led):
            return _smear(t, legal)
        safe = [c for c in winners if t.holds(t.seat, c, led)]
        if safe and trick_pts >= 10:
            c = min(safe, key=lambda c: (c.strength(trump) if c.suit == trump else 0, t.throw_cost(c)))
            return Pick(c, "follow.secure", {"card": str(c)}, f"secure the partner's trick with {c}")
        return _throw(t, legal, "follow.low_partner")
    if winners:
        if last:
            return _cheapest_winner(t, winners)
        safe = [c for c in winners if t.holds(t.seat, c, led)]
        if safe:
            c = min(safe, key=lambda c: (c.suit == trump, c.strength(trump), -c.points(trump)))
            return Pick(c, "follow.win", {"card": str(c)}, f"take the trick with {c}, which holds")
        c = min(winners, key=lambda c: (c.suit == trump, c.strength(trump)))
        return Pick(c, "follow.win_low", {"card": str(c)}, f"beat the trick as cheaply as allowed with {c}")
    return _throw(t, legal, "follow.throw")


def _cheapest_winner(t: Table, winners: Sequence[Card]) -> Pick:
    trump = t.trump
    trumps = [c for c in winners if c.suit == trump]
    plain = [c for c in winners if c.suit != trump]
    if plain:
        non_master = [c for c in plain if not t.is_master(c)]
        if non_master:
            c = max(non_master, key=lambda c: (c.points(trump), -c.strength(trump)))
        else:
            c = min(plain, key=lambda c: c.strength(trump))
    else:
        c = min(trumps, key=lambda c: c.strength(trump))
    return Pick(c, "follow.take_last", {"card": str(c)}, f"take the trick last with {c}")


def _smear(t: Table, legal: Sequence[Card]) -> Pick:
    trump = t.trump
    plain = [c for c in legal if c.suit != trump]
    if not plain:
        c = min(legal, key=lambda c: c.strength(trump))
        return Pick(c, "follow.low_trump", {"card": str(c)}, f"the partner's trick: the lowest trump {c}")

    def value(c: Card) -> float:
        v = float(c.points(trump))
        if t.is_master(c) and t.tricks_left > 1:
            v -= 7
        return v - t.guard_penalty(c) * 0.5

    c = max(plain, key=lambda c: (value(c), -c.index))
    if c.points(trump) == 0:
        return _throw(t, legal, "follow.low_partner")
    return Pick(c, "follow.smear", {"card": str(c)}, f"give {c} to the partner's trick")


def _throw(t: Table, legal: Sequence[Card], rule: str) -> Pick:
    c = min(legal, key=lambda c: (t.throw_cost(c), c.index))
    return Pick(c, rule, {"card": str(c)}, f"throw the cheap {c}")


def _small_mistake(t: Table, legal: Sequence[Card], pick: Pick, rng: Source) -> Pick | None:
    """A casual slip: another legal card, as long as it is not absurd. Never an ace or a ten
    given to a trick the opponents take while a small card was allowed, never the jack or nine
    of trump spent where the rules chose a lower card, never a trump where a side card was
    chosen."""
    trump = t.trump
    win: Card | None = None
    win_seat: Seat | None = None
    if t.trick:
        win, win_seat = t.trick[0], t.trick_seats[0]
        for s, c in zip(t.trick_seats[1:], t.trick[1:], strict=True):
            if beats(c, win, trump):
                win, win_seat = c, s
    small_allowed = any(c.points(trump) <= 4 and c.suit != trump for c in legal)

    def absurd(c: Card) -> bool:
        if c.suit == trump:
            if pick.card.suit != trump:
                return True
            return c.rank in (Rank.JACK, Rank.NINE) and c.strength(trump) > pick.card.strength(trump)
        if c.rank in (Rank.ACE, Rank.TEN) and win is not None and win_seat is not None:
            opp_takes = win_seat.team != t.seat.team and not beats(c, win, trump)
            if opp_takes and small_allowed:
                return True
        return False

    options = sorted(c for c in legal if c != pick.card and not absurd(c))
    if not options:
        return None
    c = rng.choice(options)
    return Pick(c, "play.casual", {"card": str(c)}, f"play {c}")
