"""The ``bela-record`` game record (version 1): reading with validation, and writing.

Reading replays every action through the engine, so a record is accepted exactly when the
rules accept its play; the first problem is reported as one line that says where and why.

>>> from bela.match import Match
>>> m = Match(seed=5)
>>> hand = m.start_hand()
>>> text = dumps(m)
>>> dumps(loads(text)) == text
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from bela.actions import Bid, Declare, IllegalAction, Play
from bela.cards import Card, Suit
from bela.hand import Hand
from bela.match import Match
from bela.rules import HouseRules, RulesError
from bela.seats import SEATS, Seat

FORMAT = "bela-record"
VERSION = 1
_SUIT_NAMES = {Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.SPADES: "spades", Suit.CLUBS: "clubs"}


class RecordError(ValueError):
    """A record that cannot be read; the message is one line for a player."""


# -- reading --------------------------------------------------------------------------------


def loads(text: str) -> Match:
    """Read a record from JSON text."""
    if not text.strip():
        raise RecordError("not valid JSON: the input is empty")
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as e:
        raise RecordError(f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except RecordError:
        raise
    except (ValueError, RecursionError) as e:
        raise RecordError(f"not valid JSON: {e}") from None
    return from_json(data)


def _reject_constant(name: str) -> Any:
    raise RecordError(f"not valid JSON: {name} is not a JSON number")


def from_json(data: object) -> Match:
    """Read a record already parsed from JSON."""
    if not isinstance(data, dict):
        raise RecordError(f"not a bela-record: the top level is {_kind(data)}, not an object")
    if data.get("format") != FORMAT:
        if "format" not in data:
            raise RecordError('not a bela-record: "format": "bela-record" is missing')
        raise RecordError(f'not a bela-record: format is {_show(data["format"])}, not "bela-record"')
    version = data.get("version")
    if not _is_int(version):
        raise RecordError(f"version must be the integer {VERSION} (got {_show(version)})")
    if version != VERSION:
        raise RecordError(f"version {version} is not supported: this program reads version {VERSION}")
    try:
        rules = HouseRules.from_json(data.get("rules", {}))
    except RulesError as e:
        raise RecordError(f"rules: {e}") from None
    seed = data.get("seed")  # our own extension: the seed the page deals from
    match = Match(rules, seed=seed if isinstance(seed, int) and _is_int(seed) and seed >= 0 else None)
    hands = data.get("hands")
    if not isinstance(hands, list):
        raise RecordError(f"hands must be a list (got {_kind(hands)})")
    for number, h in enumerate(hands, start=1):
        if match.winner is not None:
            raise RecordError(
                f"hand {number}: the match was already won by {match.winner} after hand {number - 1}"
            )
        if number > 1 and not match.hands[-1].finished:
            prev = match.hands[-1]
            raise RecordError(
                f"hand {number - 1} is unfinished ({len(prev.plays)} plays), but only the last hand may be"
            )
        _read_hand(match, number, h)
    return match


def _read_hand(match: Match, number: int, h: object) -> None:
    where = f"hand {number}"
    if not isinstance(h, dict):
        raise RecordError(f"{where} must be an object (got {_kind(h)})")
    dealer_text = h.get("dealer")
    try:
        dealer = Seat.parse(dealer_text)  # type: ignore[arg-type]
    except ValueError:
        raise RecordError(f"{where}: dealer {_show(dealer_text)} is not a seat (S, E, N or W)") from None
    if match.hands and dealer != match.next_dealer():
        raise RecordError(
            f"{where}: the dealer should be {match.next_dealer()} (the deal passes to the next "
            f"seat after {match.hands[-1].dealer}), not {dealer}"
        )
    if not match.hands:
        match.first_dealer = dealer
    deal = _read_deal(where, h.get("deal"))
    hand = match.start_hand(deal)
    _read_bids(where, hand, h.get("bids", []))
    plays = h.get("plays", [])
    if not isinstance(plays, list):
        raise RecordError(f"{where}: plays must be a list of cards (got {_kind(plays)})")
    if hand.belot is not None:
        if plays:
            suit = _SUIT_NAMES[hand.deal[hand.belot][0].suit]
            raise RecordError(
                f"{where}: {hand.belot} holds all eight {suit} (belot), so the match ends "
                "and the hand has no plays"
            )
        return
    if plays and hand.trump is None:
        raise RecordError(f"{where}: the hand has plays but no suit was named as trump")
    rules = match.rules
    declare = _seat_flags(where, "declare", h.get("declare", {})) if rules.declarations == "choose" else {}
    bela = _seat_flags(where, "bela", h.get("bela", {})) if rules.bela == "choose" else {}
    _read_declare(hand, declare, has_plays=bool(plays))
    if len(plays) > 32:
        raise RecordError(f"{where}, play 33: more than 32 plays")
    for i, text in enumerate(plays, start=1):
        try:
            card = Card.parse(text)
        except ValueError:
            raise RecordError(f"{where}, play {i}: {_show(text)} is not a card") from None
        seat = hand.turn
        assert seat is not None
        call = bela.get(seat, True) if rules.bela == "choose" and hand.starts_bela(seat, card) else None
        try:
            hand.apply(Play(card, call))
        except IllegalAction as e:
            raise RecordError(f"{where}, play {i}: {e}") from None


def _read_deal(where: str, deal: object) -> dict[Seat, list[Card]]:
    if not isinstance(deal, dict):
        raise RecordError(f"{where}: deal must be an object giving S, E, N and W 8 cards each")
    out: dict[Seat, list[Card]] = {}
    owner: dict[Card, Seat] = {}
    for seat in SEATS:
        cards = deal.get(seat.name)
        if not isinstance(cards, list):
            raise RecordError(f"{where}: deal: {seat} must have a list of 8 cards (got {_kind(cards)})")
        if len(cards) != 8:
            raise RecordError(f"{where}: deal: {seat} has {len(cards)} cards, needs 8")
        out[seat] = []
        for text in cards:
            try:
                card = Card.parse(text)
            except ValueError:
                raise RecordError(f"{where}: deal: {_show(text)} ({seat}) is not a card") from None
            if card in owner:
                other = owner[card]
                to = f"to {other} and {seat}" if other != seat else f"twice to {seat}"
                raise RecordError(f"{where}: deal: {card} is dealt {to}")
            owner[card] = seat
            out[seat].append(card)
    return out


def _read_bids(where: str, hand: Hand, bids: object) -> None:
    if not isinstance(bids, list):
        raise RecordError(f"{where}: bids must be a list (got {_kind(bids)})")
    for i, text in enumerate(bids, start=1):
        if hand.trump is not None:
            raise RecordError(
                f"{where}, bid {i}: {hand.caller} already named {hand.trump} as trump, so nobody else may bid"
            )
        if text == "pass":
            bid = Bid(None)
        else:
            try:
                bid = Bid(Suit.parse(text))
            except (ValueError, TypeError):
                raise RecordError(
                    f"{where}, bid {i}: {_show(text)} is not a bid (H, D, S, C or pass)"
                ) from None
        if bid.suit is None and hand.turn == hand.dealer:
            raise RecordError(f"{where}: the dealer {hand.dealer} may not pass (mus): a suit must be named")
        try:
            hand.apply(bid)
        except IllegalAction as e:  # pragma: no cover - every other bid is legal
            raise RecordError(f"{where}, bid {i}: {e}") from None


def _seat_flags(where: str, key: str, value: object) -> dict[Seat, bool]:
    if not isinstance(value, dict):
        raise RecordError(f"{where}: {key} must be an object of seats and true / false")
    flags: dict[Seat, bool] = {}
    for name, flag in value.items():
        if name not in ("S", "E", "N", "W"):
            continue  # unknown keys are ignored
        if not isinstance(flag, bool):
            raise RecordError(f"{where}: {key}: {name} must be true or false (got {_show(flag)})")
        flags[Seat.parse(name)] = flag
    return flags


def _read_declare(hand: Hand, declare: Mapping[Seat, bool], has_plays: bool) -> None:
    """Apply "zovem / ne zovem" in speaking order. A seat missing from the record declares;
    while the hand has no plays, seats missing after the last recorded choice have not
    chosen yet (the hand is waiting for them)."""
    deciders = hand.deciders
    given = [i for i, s in enumerate(deciders) if s in declare]
    last = given[-1] if given else -1
    for i, seat in enumerate(deciders):
        if i > last and not has_plays:
            return
        hand.apply(Declare(declare.get(seat, True)))
        if seat not in declare:
            hand.unwritten_declare.add(seat)


# -- writing --------------------------------------------------------------------------------


def to_json(match: Match) -> dict[str, Any]:
    """The record as a JSON value."""
    record: dict[str, Any] = {"format": FORMAT, "version": VERSION, "rules": match.rules.to_json()}
    if match.seed is not None:
        record["seed"] = match.seed
    record["hands"] = [_hand_json(h) for h in match.hands]
    return record


def _hand_json(hand: Hand) -> dict[str, Any]:
    out: dict[str, Any] = {
        "dealer": hand.dealer.name,
        "deal": {s.name: [str(c) for c in hand.deal[s]] for s in SEATS},
        "bids": [str(b) for b in hand.bids],
    }
    if hand.rules.declarations == "choose":
        out["declare"] = {
            s.name: hand.declare[s]
            for s in hand.deciders
            if s in hand.declare and s not in hand.unwritten_declare
        }
    if hand.rules.bela == "choose":
        bela: dict[str, bool] = {}
        for i, play in enumerate(hand.plays):
            if play.bela is not None:
                bela[hand.trick_seat(i).name] = play.bela
        out["bela"] = bela
    out["plays"] = [str(p.card) for p in hand.plays]
    return out


def dumps(match: Match) -> str:
    """The record as JSON text, one line per list of cards."""
    return format_json(to_json(match))


def format_json(value: Any) -> str:
    text = json.dumps(value, indent=2, ensure_ascii=False)
    # put lists of short strings (cards, bids) on one line
    return (
        re.sub(
            r"\[\s*((?:\"[^\"\n]{1,6}\",\s*)*\"[^\"\n]{1,6}\")\s*\]",
            lambda m: "[" + ", ".join(s.strip() for s in m.group(1).split(",")) + "]",
            text,
        )
        + "\n"
    )


# -- helpers --------------------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _show(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."
