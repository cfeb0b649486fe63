"""A room's messages between the host's page and its guests' pages: their shapes, their limits
and why one is refused. Plain Python (no browser), tested under CPython.

Every message travels as JSON text. A guest sends two kinds: ``join`` (its name and its seat
token) and ``act`` (an action for its seat, at a numbered place of a numbered hand). The host
reads each with :func:`parse_guest`, which refuses, with a :class:`Refused` naming the reason,
anything over :data:`MAX_GUEST_BYTES`, anything that is not one of those shapes, and any name
that is not plain text of at most :data:`NAME_MAX` characters once tidied.

>>> parse_guest('{"t": "join", "name": "  Ana\\\\u0000 ", "token": "' + "ab" * 16 + '"}')
Join(name='Ana', token='abababababababababababababababab')
>>> parse_guest('{"t": "act", "seat": "E", "hand": 1, "at": 0, "a": "bid:pass"}')
Act(seat=<Seat.E: 1>, hand=1, at=0, action=Bid(suit=None))
>>> for text in ("{", "[]", '{"t": "hi"}', "x" * 5000, '{"t": "join", "name": "", "token": "ab"}'):
...     try:
...         parse_guest(text)
...     except Refused as e:
...         print(e.code)
malformed
malformed
malformed
too_large
malformed
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bela.actions import Action
from bela.seats import Seat
from web.worker.messages import ProtocolError, parse_action

MAX_GUEST_BYTES = 1024  # a guest's message, as received (UTF-8 bytes of its JSON text)
MAX_HOST_BYTES = 16 * 1024  # a message of the host's (a seat's view is about 1.5 KB)
NAME_MAX = 20  # characters of a player's name, once tidied
TOKEN_HEX = 32  # a seat token: 128 random bits, in hex
MAX_HAND = 200  # no match has more hands
RATE = 8.0  # a guest's messages a second, on average ...
BURST = 16  # ... with this many at once
GRACE_SECONDS = 20  # a guest gone this long has its seat played by a computer player

#: Why a guest's message was refused (counted in the host's panel, by reason).
REFUSALS = ("malformed", "too_large", "out_of_turn", "other_seat", "illegal", "flood", "no_seat")


class Refused(ValueError):
    """A guest's message the host does not act on; ``code`` is one of :data:`REFUSALS`."""

    def __init__(self, code: str, detail: str = "") -> None:
        assert code in REFUSALS, code
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code


@dataclass(frozen=True, slots=True)
class Join:
    name: str
    token: str


@dataclass(frozen=True, slots=True)
class Act:
    seat: Seat
    hand: int  # the hand's number in the match, from 1
    at: int  # how many actions that hand had when the guest acted
    action: Action


def clean_name(text: object) -> str:
    """A name as plain text: control and formatting characters dropped, runs of spaces made
    one, at most :data:`NAME_MAX` characters; Refused("malformed") if nothing is left.

    >>> clean_name("  Marko\\t\\u202e Horvat  "), clean_name("<b>x</b>")
    ('Marko Horvat', '<b>x</b>')
    >>> len(clean_name("é" * 50))
    20
    """
    if not isinstance(text, str):
        raise Refused("malformed", "a name is text")
    kept = "".join(" " if c.isspace() else c for c in text if c.isspace() or c.isprintable())
    name = " ".join(kept.split())[:NAME_MAX].strip()
    if not name:
        raise Refused("malformed", "an empty name")
    return name


def is_token(text: object) -> bool:
    """A seat token as this page makes them: :data:`TOKEN_HEX` lowercase hex digits."""
    return isinstance(text, str) and len(text) == TOKEN_HEX and all(c in "0123456789abcdef" for c in text)


def decode(raw: object, limit: int) -> dict[str, Any]:
    """The JSON object of a message received as text, within ``limit`` bytes."""
    if not isinstance(raw, str):
        raise Refused("malformed", "not text")
    if len(raw) > limit or len(raw.encode("utf-8")) > limit:
        raise Refused("too_large", f"over {limit} bytes")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise Refused("malformed", "not JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("t"), str):
        raise Refused("malformed", "not a message")
    return data


def _int(data: dict[str, Any], key: str, top: int) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
        raise Refused("malformed", f"bad {key}")
    return value


def parse_guest(raw: object) -> Join | Act:
    """A guest's message (Refused if it is not one)."""
    data = decode(raw, MAX_GUEST_BYTES)
    kind = data["t"]
    if kind == "join":
        if set(data) != {"t", "name", "token"} or not is_token(data["token"]):
            raise Refused("malformed", "a join is t, name and token")
        return Join(clean_name(data["name"]), data["token"])
    if kind == "act":
        if set(data) != {"t", "seat", "hand", "at", "a"}:
            raise Refused("malformed", "an act is t, seat, hand, at and a")
        seat_text = data["seat"]
        if not isinstance(seat_text, str) or seat_text not in Seat.__members__:
            raise Refused("malformed", "bad seat")
        if not isinstance(data["a"], str) or len(data["a"]) > 16:
            raise Refused("malformed", "bad action")
        try:
            action = parse_action(data["a"])
        except ProtocolError:
            raise Refused("malformed", "bad action") from None
        return Act(Seat[seat_text], _int(data, "hand", MAX_HAND), _int(data, "at", 64), action)
    raise Refused("malformed", f"unknown message {kind[:20]!r}")


def encode(message: dict[str, Any]) -> str:
    """A message as the JSON text sent (compact; ValueError past :data:`MAX_HOST_BYTES`)."""
    text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
    if len(text.encode("utf-8")) > MAX_HOST_BYTES:
        raise ValueError("message too large")
    return text


class Bucket:
    """A guest's allowance of messages: :data:`BURST` at once, :data:`RATE` a second after that.
    Time comes from the caller (seconds), so tests need no clock.

    >>> b = Bucket(0.0)
    >>> [b.take(0.0) for _ in range(BURST + 1)][-2:]
    [True, False]
    >>> b.take(1.0)
    True
    """

    def __init__(self, now: float, rate: float = RATE, burst: int = BURST) -> None:
        self.rate = rate
        self.burst = burst
        self.left = float(burst)
        self.last = now

    def take(self, now: float) -> bool:
        self.left = min(float(self.burst), self.left + max(0.0, now - self.last) * self.rate)
        self.last = now
        if self.left < 1.0:
            return False
        self.left -= 1.0
        return True
