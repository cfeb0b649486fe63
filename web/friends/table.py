"""The host's side of a room: who sits where, and the check every guest's message passes before
anything of it reaches the game. Plain Python (time comes from the caller, in seconds).

South is the host. A guest takes the first free seat (North, then East, then West) with its
name and a seat token its browser keeps; the same token takes the same seat back. Seats left
empty when the host starts are computer players, and so is a guest's seat once the guest has
been gone :data:`GRACE_SECONDS`. Every refused message is counted by reason.

>>> t = Table("Ana")
>>> t.receive("p1", '{"t":"join","name":"Ivo","token":"' + "1" * 32 + '"}', 0.0, None)
Join(name='Ivo', token='11111111111111111111111111111111')
>>> t.seat_of("p1"), t.seats[Seat.N].name, t.seats[Seat.N].who
(<Seat.N: 2>, 'Ivo', 'friend')
>>> t.receive("p2", '{"t":"act","seat":"N","hand":1,"at":0,"a":"bid:pass"}', 0.0, None)
>>> dict(t.refusals)
{'no_seat': 1}
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from bela.match import Match
from bela.seats import SEATS, Seat
from web.friends.protocol import GRACE_SECONDS, Act, Bucket, Join, Refused, clean_name, is_token, parse_guest

GUEST_SEATS = (Seat.N, Seat.E, Seat.W)  # the order guests are seated in
WHO = ("host", "friend", "bot", "empty")


@dataclass
class Place:
    who: str  # host, friend, bot or empty (ui-contract.md's data-who)
    name: str = ""
    token: str = ""  # a friend's seat token (never sent to anyone else)
    peer: str | None = None  # the peer it is connected as, while online
    gone_at: float | None = None  # when a friend left (None: online)

    @property
    def online(self) -> bool:
        return self.who == "host" or (self.who == "friend" and self.peer is not None)


class Table:
    def __init__(self, host_name: str) -> None:
        self.seats: dict[Seat, Place] = {s: Place("empty") for s in SEATS}
        self.seats[Seat.S] = Place("host", clean_name(host_name or "Host"))
        self.started = False
        self.refusals: Counter[str] = Counter()
        self.buckets: dict[str, Bucket] = {}
        self.last_refusal = ""  # why the last message was refused ("" if it was not)

    def seat_of(self, peer: str) -> Seat | None:
        return next((s for s, p in self.seats.items() if p.peer == peer), None)

    # -- messages ---------------------------------------------------------------------------------

    def receive(self, peer: str, raw: object, now: float, match: Match | None) -> Join | Act | None:
        """A guest's message once checked (a join seats the guest), or None if refused (counted)."""
        self.last_refusal = ""
        try:
            bucket = self.buckets.setdefault(peer, Bucket(now))
            if not bucket.take(now):
                raise Refused("flood")
            message = parse_guest(raw)
            if isinstance(message, Join):
                self.join(peer, message, now)
            else:
                self.check_act(peer, message, match)
            return message
        except Refused as e:
            self.refusals[e.code] += 1
            self.last_refusal = e.code
            return None

    def join(self, peer: str, message: Join, now: float) -> Seat:
        """Seat a guest: back in its own seat by its token, else in the first free seat."""
        for seat, place in self.seats.items():
            if place.who == "friend" and place.token == message.token:
                self._leave_other_seat(peer)
                place.peer, place.gone_at, place.name = peer, None, message.name
                return seat
        if self.seat_of(peer) is not None:
            raise Refused("other_seat", "already seated")
        if not self.started:
            for seat in GUEST_SEATS:
                if self.seats[seat].who == "empty":
                    self.seats[seat] = Place("friend", message.name, message.token, peer)
                    return seat
        raise Refused("no_seat", "the table is full")

    def _leave_other_seat(self, peer: str) -> None:
        seat = self.seat_of(peer)
        if seat is not None:
            self.seats[seat].peer = None

    def check_act(self, peer: str, act: Act, match: Match | None) -> None:
        """Refused unless ``act`` is the peer's own seat's legal action, now."""
        seat = self.seat_of(peer)
        if seat is None or seat is Seat.S:
            raise Refused("no_seat")
        if act.seat is not seat:
            raise Refused("other_seat")
        hand = match.current if match is not None else None
        if match is None or hand is None or match.over or hand.finished:
            raise Refused("out_of_turn", "no hand in play")
        if act.hand != len(match.hands) or act.at != len(hand.actions) or hand.turn is not seat:
            raise Refused("out_of_turn")
        if hand.check(act.action) is not None:
            raise Refused("illegal")

    # -- coming and going --------------------------------------------------------------------------

    def left(self, peer: str, now: float) -> Seat | None:
        seat = self.seat_of(peer)
        self.buckets.pop(peer, None)
        if seat is not None:
            place = self.seats[seat]
            place.peer, place.gone_at = None, now
            if not self.started:  # before the match: the seat is free again
                self.seats[seat] = Place("empty")
        return seat

    def start(self) -> None:
        """The match begins: empty seats become computer players."""
        self.started = True
        for seat in GUEST_SEATS:
            if self.seats[seat].who == "empty":
                self.seats[seat] = Place("bot")

    def human(self, seat: Seat, now: float) -> bool:
        """Whether ``seat`` is played by a person now (else by a computer player): the host, an
        online friend, or a friend gone less than the grace ago."""
        place = self.seats[seat]
        if place.who == "host":
            return True
        if place.who != "friend":
            return False
        return place.gone_at is None or now - place.gone_at < GRACE_SECONDS

    # -- what others see, and the host's save ---------------------------------------------------

    def public(self) -> dict[str, Any]:
        """The seats as every player may see them (no tokens)."""
        return {
            "t": "seats",
            "started": self.started,
            "seats": {
                s.name: {"who": p.who, "name": p.name, "online": p.online} for s, p in self.seats.items()
            },
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "started": self.started,
            "seats": {s.name: [p.who, p.name, p.token] for s, p in self.seats.items()},
            "refusals": dict(self.refusals),
        }

    @classmethod
    def from_json(cls, data: Any, now: float) -> Table:
        """A saved table (every friend offline, their grace starting now); ValueError if bad."""
        if not isinstance(data, dict) or not isinstance(data.get("seats"), dict):
            raise ValueError("not a room's table")
        table = cls("Host")
        table.started = bool(data.get("started"))
        for seat in SEATS:
            raw = data["seats"].get(seat.name)
            if not isinstance(raw, list) or len(raw) != 3 or raw[0] not in WHO:
                raise ValueError(f"bad seat {seat.name}")
            who, name, token = raw
            if (who == "host") != (seat is Seat.S) or (who == "friend" and not is_token(token)):
                raise ValueError(f"bad seat {seat.name}")
            table.seats[seat] = Place(who, clean_name(name) if name else "", token if who == "friend" else "")
            if who == "friend":
                table.seats[seat].gone_at = now
        refusals = data.get("refusals", {})
        if isinstance(refusals, dict):
            table.refusals.update({k: v for k, v in refusals.items() if isinstance(v, int)})
        return table
