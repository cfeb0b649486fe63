"""What the host sends each seat: its view of the table (built from the engine's own
observation, so a seat sees what a computer player in its place would see and no more), and
each hand's seed, committed to before the hand and revealed after it. Plain Python.

The host deals each hand from a fresh random seed (:func:`deal_cards`, the engine's dealing).
Before the hand it sends ``sha256(salt:seed:dealer)`` (:func:`commitment`); after it, the
seed and the salt. A guest checks (:func:`deal_follows`) that the hash matches and that the
cards it held, and every card it saw played, are those the seed deals.

>>> seed, salt = 12345, "00" * 16
>>> c = commitment(seed, salt, Seat.N)
>>> len(c), c == commitment(seed, salt, Seat.N) != commitment(seed + 1, salt, Seat.N)
(64, True)
"""

from __future__ import annotations

import contextlib
from typing import Any

from bela.cards import Card
from bela.deal import deal_cards
from bela.hand import Hand
from bela.match import Match
from bela.seats import SEATS, Seat
from web.worker.messages import action_text

SALT_HEX = 32  # the salt hides a seed from a search of the 2**63 seeds before the hand ends


def commitment(seed: int, salt: str, dealer: Seat) -> str:
    """The hash sent before a hand: it binds the host to the seed (and dealer) it deals from."""
    import hashlib  # here: the page imports it only once a room is opened (not in its snapshot)

    return hashlib.sha256(f"bela-room:{salt}:{seed}:{dealer.name}".encode("ascii")).hexdigest()


def deal_follows(
    commit: str,
    seed: int,
    salt: str,
    dealer: Seat,
    seat: Seat,
    held: list[Card],
    seen_plays: list[tuple[Seat, Card]],
) -> bool:
    """Whether a revealed seed keeps its promise: the hash sent before the hand, ``seat``'s own
    eight cards (``held``: everything it was dealt) and each card seen played by its seat.

    >>> d = deal_cards(7, Seat.E)
    >>> c = commitment(7, "ab" * 16, Seat.E)
    >>> deal_follows(c, 7, "ab" * 16, Seat.E, Seat.S, list(d[Seat.S]), [(Seat.W, d[Seat.W][0])])
    True
    >>> deal_follows(c, 7, "ab" * 16, Seat.E, Seat.S, list(d[Seat.S]), [(Seat.W, d[Seat.N][0])])
    False
    >>> deal_follows(c, 8, "ab" * 16, Seat.E, Seat.S, list(d[Seat.S]), [])
    False
    """
    if commitment(seed, salt, dealer) != commit:
        return False
    deal = deal_cards(seed, dealer)
    if not set(held) <= set(deal[seat]):
        return False
    return all(card in deal[s] for s, card in seen_plays)


def _cards(cards: Any) -> list[str]:
    return [c.notation for c in cards]


def _pairs(pairs: Any) -> list[list[str]]:
    return [[s.name, c.notation] for s, c in pairs]


def seat_view(match: Match, seat: Seat) -> dict[str, Any]:
    """``seat``'s view of the match's current hand, as the message sent to it: everything in it
    comes from the engine's observation (bela.observation), which holds no other seat's
    hidden card, plus how many cards each seat holds."""
    obs = match.observation(seat)
    hand = match.current
    assert hand is not None
    return {
        "t": "view",
        "seat": seat.name,
        "hand": obs.hand_number,
        "at": len(hand.actions),
        "dealer": obs.dealer.name,
        "scores": list(obs.scores),
        "hanging": obs.hanging,
        "phase": obs.phase.value,
        "turn": obs.turn.name if obs.turn is not None else None,
        "cards": _cards(obs.cards),
        "bids": [[s.name, "pass" if b.suit is None else b.suit.letter] for s, b in obs.bids],
        "trump": obs.trump.letter if obs.trump is not None else None,
        "caller": obs.caller.name if obs.caller is not None else None,
        "belot": obs.belot.name if obs.belot is not None else None,
        "declare": [[s.name, yes] for s, yes in obs.declare],
        "own": [_cards(d.cards) for d in obs.own_declarations],
        "shown": [[s.name, [_cards(d.cards) for d in ds]] for s, ds in obs.shown_declarations],
        "plays": _pairs(obs.plays),
        "bela": _pairs(obs.bela_calls),
        "trick": _pairs(obs.trick),
        "tricks_won": list(obs.tricks_won),
        "points": list(obs.card_points),
        "held": {s.name: obs.held_count(s) for s in SEATS},
        "legal": [action_text(a) for a in obs.legal],
        **_sheet(match),
    }


def _sheet(match: Match) -> dict[str, Any]:
    """The score sheet every seat may see: each finished hand's written points, the totals and
    the winner (public once a hand is over)."""
    score = match.score()
    done = [list(s) for h, s in zip(score.hands, score.scores, strict=True) if h.complete]
    return {
        "sheet": done,
        "totals": list(score.totals),
        "winner": score.winner.name if score.winner is not None else None,
    }


def hidden_from(hand: Hand, seat: Seat) -> set[Card]:
    """The cards ``seat`` may not know of now: the others' cards not yet played nor shown in a
    declaration, and its own two talon cards before trump is named (nothing, once the hand is
    over: its seed is revealed then)."""
    if hand.finished:
        return set()
    played = {c for _, c in hand.played_pairs()}
    shown: set[Card] = set()
    if hand.declarations_shown():
        shown = {c for ds in hand.declaration_result().declarations.values() for d in ds for c in d.cards}
    hidden = {c for s in SEATS if s is not seat for c in hand.deal[s]} - played - shown
    if hand.trump is None:
        hidden |= set(hand.deal[seat][6:])
    return hidden


def cards_in(message: object) -> set[Card]:
    """Every card named anywhere in a message (each string that reads as a card, at any depth).

    >>> sorted(c.notation for c in cards_in({"a": ["KH", ["7S", 3]], "b": "play:TS", "c": "x"}))
    ['7S', 'KH', 'TS']
    """
    found: set[Card] = set()
    if isinstance(message, dict):
        for value in message.values():
            found |= cards_in(value)
    elif isinstance(message, list):
        for value in message:
            found |= cards_in(value)
    elif isinstance(message, str):
        for part in message.split(":"):
            with contextlib.suppress(ValueError):
                found.add(Card.parse(part))
    return found
