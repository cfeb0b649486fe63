"""A room of friends as the page shows it (ui-contract.md "Play with friends"): the player's
role and seat, the room's state, the invite link, the seats as the host announces them, the
refused messages (the host's panel) and, for a guest, the last view of the table the host
sent. Plain Python: the screens read it from the model; the rooms' flow (web/friends/room.py)
changes it.

>>> r = RoomState("guest", "abc")
>>> r.state, r.me.name, r.seat_rows()[0]
('connecting', 'S', ('N', 'empty', '', False))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bela.seats import Seat

ROLES = ("host", "guest")
STATES = ("connecting", "waiting", "playing", "closed")
#: Why a room is closed, or cannot go on (words: room.problem.<code>).
PROBLEMS = ("host_gone", "no_host", "no_relays", "no_relay", "failed", "name", "full")
SEAT_ORDER = (Seat.N, Seat.E, Seat.S, Seat.W)  # as the seats are listed in the panel


@dataclass
class RoomState:
    role: str  # host or guest
    code: str  # the room's code (and Trystero's password): at least 96 random bits
    state: str = "connecting"
    me: Seat = Seat.S
    link: str = ""  # the invite (the page's address, #room=CODE)
    seats: dict[str, Any] = field(default_factory=dict)  # seat name -> {who, name, online}
    started: bool = False
    refusals: dict[str, int] = field(default_factory=dict)  # the host's count, by reason
    problem: str = ""  # one of PROBLEMS while the room cannot go on
    view: dict[str, Any] | None = None  # a guest's last view of the table (web/friends/view.py)
    checks: dict[int, str] = field(default_factory=dict)  # hand number -> ok or mismatch
    pending_bela: str = ""  # a guest's trump king or queen awaiting "bela?"
    name: str = ""  # the name this player gives

    def seat_rows(self) -> list[tuple[str, str, str, bool]]:
        """Each seat as the panel lists it: (seat, who, name, online)."""
        rows = []
        for seat in SEAT_ORDER:
            place = self.seats.get(seat.name) or {}
            who = str(place.get("who", "empty"))
            rows.append((seat.name, who, str(place.get("name", "")), bool(place.get("online", False))))
        return rows

    def refused(self) -> int:
        return sum(self.refusals.values())

    def is_friend(self, seat: Seat) -> bool:
        return bool((self.seats.get(seat.name) or {}).get("who") == "friend")

    def seat_label(self, seat: Seat, t: Callable[..., str]) -> str:
        """Who plays ``seat``, in words: a person's name, else the computer (or a free seat)."""
        place = self.seats.get(seat.name) or {}
        name = place.get("name")
        if name and place.get("who") in ("friend", "host"):
            return str(name)
        return t(f"room.who.{place.get('who', 'bot')}")
