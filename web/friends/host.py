"""The host's room: the table (web/friends/table.py) and the match, each guest's message
checked before it reaches the game, each hand dealt from a fresh seed committed to before the
hand and revealed after it, and each seat sent only its own view. Plain Python: the network
(``send``), the clock and the randomness come from the caller, so a whole hand runs under
CPython with a fake network (tests/test_friends_host.py).

Who acts for a seat: the host (South) and online friends act themselves; a computer player
acts for the empty seats and for a friend gone longer than the grace (``bot_seats``). The page
asks its bots' worker for those actions and hands them to :meth:`HostRoom.apply`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bela.actions import Action
from bela.deal import deal_cards
from bela.match import Match
from bela.record import RecordError, from_json, to_json
from bela.seats import SEATS, Seat
from web.friends.protocol import Act, Join, encode
from web.friends.table import Table
from web.friends.view import SALT_HEX, commitment, seat_view

Send = Callable[[str, str], None]  # (text, peer)


class HostRoom:
    def __init__(
        self, table: Table, match: Match, send: Send, rng: Callable[[int], int] | None = None
    ) -> None:
        self.table = table
        self.match = match
        self.send = send
        if rng is None:
            import secrets  # here: the page imports it only once a room is opened

            rng = secrets.randbits
        self.rng = rng
        self.seeds: dict[int, tuple[int, str]] = {}  # hand number -> (seed, salt), the room's hands

    # -- hands ----------------------------------------------------------------------------------

    def deal(self) -> None:
        """Deal the next hand from a fresh seed and send its commitment, then the views."""
        seed = self.rng(63)
        salt = f"{self.rng(4 * SALT_HEX):0{SALT_HEX}x}"
        dealer = self.match.next_dealer()
        self.match.start_hand(deal_cards(seed, dealer))
        number = len(self.match.hands)
        self.seeds[number] = (seed, salt)
        self.broadcast({"t": "commit", "hand": number, "hash": commitment(seed, salt, dealer)})
        self.send_views()

    def reveal(self) -> None:
        """After a hand: its seed and salt, for each guest to check the deal."""
        number = len(self.match.hands)
        if number in self.seeds and self.match.hands[-1].finished:
            seed, salt = self.seeds[number]
            self.broadcast({"t": "reveal", "hand": number, "seed": seed, "salt": salt})

    # -- messages --------------------------------------------------------------------------------

    def check(self, peer: str, raw: object, now: float) -> Act | None:
        """A guest's message: a join seats it (it gets its seat, the seats, the hand's
        commitment and its view); an act the engine accepts is returned, not applied (the
        page's game applies it on its one path, then calls :meth:`applied`); anything else is
        refused and counted."""
        message = self.table.receive(peer, raw, now, self.match if self.table.started else None)
        if isinstance(message, Join):
            seat = self.table.seat_of(peer)
            assert seat is not None
            self.send(encode({"t": "seated", "seat": seat.name}), peer)
            self.broadcast(self.table.public())
            number = len(self.match.hands)
            if number in self.seeds:  # a guest back mid-hand can still check its deal
                seed, salt = self.seeds[number]
                dealer = self.match.hands[-1].dealer
                self.send(
                    encode({"t": "commit", "hand": number, "hash": commitment(seed, salt, dealer)}), peer
                )
            if self.table.started:
                self.send_view(seat)
            return None
        if message is None and self.table.last_refusal == "no_seat" and self.table.seat_of(peer) is None:
            self.send(encode({"t": "full"}), peer)  # said, so that the page does not wait in vain
        return message if isinstance(message, Act) else None

    def receive(self, peer: str, raw: object, now: float) -> Action | None:
        """:meth:`check`, then the act applied (a whole room under CPython, with no page)."""
        act = self.check(peer, raw, now)
        if act is None:
            return None
        self.apply(act.action)
        return act.action

    def apply(self, action: Action) -> None:
        """An action the engine accepts (the host's, a friend's once checked, a computer
        player's), then :meth:`applied`."""
        hand = self.match.current
        assert hand is not None
        hand.apply(action)
        self.applied()

    def applied(self) -> None:
        """After an action: every seat's new view; the seed revealed when the hand ends."""
        self.send_views()
        if self.match.hands and self.match.hands[-1].finished:
            self.reveal()

    def left(self, peer: str, now: float) -> None:
        if self.table.left(peer, now) is not None:
            self.broadcast(self.table.public())

    def start(self) -> None:
        """The match begins (the first hand is dealt now unless it was when the room opened)."""
        self.table.start()
        self.broadcast(self.table.public())
        if self.match.hands:
            self.send_views()
        else:
            self.deal()

    def bot_seats(self, now: float) -> set[Seat]:
        return {s for s in SEATS if not self.table.human(s, now)}

    # -- sending ---------------------------------------------------------------------------------

    def peers(self) -> dict[Seat, str]:
        return {s: p.peer for s, p in self.table.seats.items() if p.peer is not None}

    def broadcast(self, message: dict[str, Any]) -> None:
        text = encode(message)
        for peer in self.peers().values():
            self.send(text, peer)

    def send_view(self, seat: Seat) -> None:
        peer = self.peers().get(seat)
        if peer is not None and self.match.hands:
            self.send(encode(seat_view(self.match, seat)), peer)

    def send_views(self) -> None:
        for seat in self.peers():
            self.send_view(seat)

    # -- the host's save --------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table.to_json(),
            "record": to_json(self.match),
            "seeds": {str(n): [s, salt] for n, (s, salt) in self.seeds.items()},
        }

    @classmethod
    def from_json(cls, data: Any, send: Send, now: float) -> HostRoom:
        """The room the host's page saved (every friend offline until it comes back, its grace
        running from ``now``); ValueError if it is not one."""
        if not isinstance(data, dict) or not isinstance(data.get("seeds"), dict):
            raise ValueError("not a room's save")
        table = Table.from_json(data.get("table"), now)
        try:
            match = from_json(data.get("record"))
        except RecordError as e:
            raise ValueError(str(e)) from None
        room = cls(table, match, send)
        for number, pair in data["seeds"].items():
            if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], int)):
                raise ValueError("bad seed")
            room.seeds[int(number)] = (pair[0], str(pair[1]))
        return room
