"""A room of friends on the page (issue 33, docs/friends.md): the host's side, which plays the
room's match in the page's own game (web/game.py) with friends' seats waiting for the network,
and the guest's side, which draws the table its host sends. Plain Python: the network (a
:class:`Connect` that opens the room's link, web/flows/room_net.py in the page), the clock, the
drawing and the game come in as small interfaces, so a whole room runs under CPython
(tests/test_friends_rooms.py).

The host's room is saved at every action under its own key (:data:`ROOM_KEY`): the regular
match stays as it was, and reopening the room's link resumes the room. Hands played in a room
are not counted in the statistics (they measure play against the computer).
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, Protocol

from bela.actions import Action
from bela.deal import deal_cards
from bela.match import Match
from bela.rules import HouseRules
from bela.seats import Seat
from web.friends.host import HostRoom
from web.friends.protocol import GRACE_SECONDS
from web.friends.state import RoomState
from web.friends.table import Table
from web.saves import Store
from web.session import Session
from web.stats import Stats
from web.storage import SaveError, unwrap

ROOM_KEY = "bela.room.v1"  # the host's room: its code, table, match and seeds
RELAY_LIMIT = 12.0  # seconds to reach one of the build's relays before the room says it cannot


async def relays_reached(link: Link) -> bool:
    """Whether one of the relays is connected within :data:`RELAY_LIMIT` seconds."""
    for _ in range(int(RELAY_LIMIT / 0.05)):
        if link.reached() > 0:
            return True
        await asyncio.sleep(0.05)
    return link.reached() > 0


class RoomError(Exception):
    """A room that cannot be opened here; ``code`` is one of web.friends.state.PROBLEMS."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class Link(Protocol):
    """An open room's connection (web/flows/room_net.py): ``peer`` None sends to everyone."""

    def send(self, text: str, peer: str | None) -> None: ...

    def reached(self) -> int: ...

    def leave(self) -> None: ...


class Handlers(Protocol):
    def message(self, text: object, peer: str) -> None: ...

    def join(self, peer: str) -> None: ...

    def leave(self, peer: str) -> None: ...


Connect = Callable[[str, Handlers], Awaitable[Link]]


class Game(Protocol):
    """What the rooms ask of the game's flow (web.game.Game)."""

    remote: Any

    def replace_session(self, session: Session) -> None: ...

    def kick(self) -> None: ...

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None: ...

    def save(self) -> None: ...


def turn_server(text: str) -> dict[str, str]:
    """The TURN setting (web.settings.valid_turn) as WebRTC's ICE server.

    >>> turn_server("turn:t.example.org:3478 ana s3cret")
    {'urls': 'turn:t.example.org:3478', 'username': 'ana', 'credential': 's3cret'}
    >>> turn_server("turns:t.example.org")
    {'urls': 'turns:t.example.org'}
    """
    urls, *login = text.split()
    server = {"urls": urls}
    if len(login) == 2:
        server["username"], server["credential"] = login
    return server


async def connect_or_say(
    connect: Connect, code: str, on: Handlers, state: RoomState, draw: Callable[[], None]
) -> Link | None:
    """The room's link, or None once the room has said why it cannot open (closed, its problem)."""
    try:
        return await connect(code, on)
    except RoomError as e:
        state.state, state.problem = "closed", e.code
        draw()
        return None


def new_code() -> str:
    """A room's code: 128 random bits, URL-safe (it travels in the link's fragment)."""
    return secrets.token_urlsafe(16)


def code_of(fragment: str) -> str | None:
    """The room's code of a link's fragment (``#room=CODE``), if it reads as one.

    >>> code_of("#room=abcdefghijklmnopABCD"), code_of("#room=short"), code_of("")
    ('abcdefghijklmnopABCD', None, None)
    """
    key, _, code = fragment.lstrip("#").partition("=")
    ok = key == "room" and 16 <= len(code) <= 64 and all(c.isalnum() or c in "-_" for c in code)
    return code if ok else None


class RoomSession(Session):
    """The host's match in a room: hands dealt by the room (a fresh seed each, committed to
    before the hand), saved under the room's key, never counted in the statistics."""

    room: HostRoom
    code: str

    @classmethod
    def of(cls, room: HostRoom, code: str, levels: dict[Seat, str]) -> RoomSession:
        session = cls(room.match, dict(levels))
        session.room = room
        session.code = code
        return session

    def next_hand(self) -> Any:
        self.room.deal()
        return self.hand

    def count_stats(self, stats: Stats) -> Stats:
        return stats

    def save_key(self) -> str | None:
        return ROOM_KEY

    def to_save(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "levels": {s.name: v for s, v in self.levels.items()},
            **self.room.to_json(),
        }


@dataclass(eq=False)
class HostFlow:
    """The host's side: opens (or resumes) the room, answers the network, and stands for the
    friends' seats in the game (``game.remote``): :meth:`plays` says whether a person elsewhere
    plays a seat now, :meth:`action` waits for that person's action."""

    model: Any  # web.model.Model
    game: Game
    store: Store
    connect: Connect
    draw: Callable[[], None]
    now: Callable[[], float]
    link: Link | None = None
    hosted: HostRoom | None = None
    waiting: dict[Seat, asyncio.Future[Action | None]] = field(default_factory=dict)
    early: dict[Seat, Action] = field(default_factory=dict)

    @property
    def room(self) -> HostRoom:
        assert self.hosted is not None
        return self.hosted

    # -- opening --------------------------------------------------------------------------------

    def open_new(
        self, rules: HouseRules, levels: dict[Seat, str], name: str, link_of: Callable[[str], str]
    ) -> None:
        code = new_code()
        room = HostRoom(Table(name), Match(rules), self._send)
        room.deal()  # the first hand: committed to now, played once the host starts
        self._enter(RoomSession.of(room, code, levels), link_of(code))

    def resume(self, code: str, link_of: Callable[[str], str]) -> bool:
        """The saved room of ``code`` back on the table (False if there is none, or it is bad)."""
        try:
            data = unwrap(self.store.get(ROOM_KEY), "match")
            if data.get("code") != code:
                return False
            room = HostRoom.from_json(data, self._send, self.now())
            levels = {Seat[k]: str(v) for k, v in dict(data.get("levels", {})).items()}
        except (SaveError, ValueError, KeyError, TypeError):
            return False
        self._enter(RoomSession.of(room, code, levels), link_of(code))
        for seat, place in room.table.seats.items():
            if place.who == "friend":
                self.game.spawn(self._grace(seat))
        return True

    def _enter(self, session: RoomSession, link: str) -> None:
        self.hosted = session.room
        state = RoomState("host", session.code, link=link)
        state.started = session.room.table.started
        self.model.room = state
        self._update()
        self.game.remote = self
        self.game.replace_session(session)
        self.game.spawn(self._open(session.code))

    async def _open(self, code: str) -> None:
        state = self.model.room
        self.link = await connect_or_say(self.connect, code, self, state, self.draw)
        if self.link is None:
            return
        state.state = "playing" if state.started else "waiting"
        self.draw()
        if not await relays_reached(self.link):
            state.state, state.problem = "closed", "no_relay"
            self.draw()

    def start(self) -> None:
        """The host starts the match: empty seats become computer players."""
        state = self.model.room
        if state is None or state.role != "host" or state.started:
            return
        self.room.start()
        state.started = True
        state.state = "playing"
        self._update()
        self.game.save()
        self.draw()
        self.game.kick()

    def close(self) -> None:
        """The host leaves: the room is over (its save goes; the guests are told)."""
        if self.link is not None:
            self.link.leave()
        self.store.remove(ROOM_KEY)

    # -- the network ----------------------------------------------------------------------------

    def _send(self, text: str, peer: str) -> None:
        if self.link is not None:
            self.link.send(text, peer)

    def message(self, text: object, peer: str) -> None:
        act = self.room.check(peer, text, self.now())
        self._update()
        if act is not None:
            future = self.waiting.get(act.seat)
            if future is not None and not future.done():
                future.set_result(act.action)
            else:
                self.early[act.seat] = act.action
        self.draw()

    def join(self, peer: str) -> None:
        """A peer is in the room (it is seated once it sends its name and token)."""

    def leave(self, peer: str) -> None:
        seat = self.room.table.seat_of(peer)
        self.room.left(peer, self.now())
        self._update()
        self.draw()
        if seat is not None and self.room.table.started:
            self.game.spawn(self._grace(seat))

    async def _grace(self, seat: Seat) -> None:
        """A friend gone longer than the grace: its seat's turn goes to a computer player."""
        await asyncio.sleep(GRACE_SECONDS + 0.2)
        if not self.room.table.human(seat, self.now()):
            future = self.waiting.get(seat)
            if future is not None and not future.done():
                future.set_result(None)
            self._update()
            self.draw()

    def _update(self) -> None:
        state = self.model.room
        table = self.room.table
        state.seats = table.public()["seats"]
        state.refusals = dict(table.refusals)
        for seat, place in table.seats.items():
            if not table.human(seat, self.now()) and place.who == "friend":
                state.seats[seat.name]["who"] = "bot"  # played by a computer until it is back

    # -- the friends' seats in the game (web.game.Game.remote) -----------------------------------

    def holds(self) -> bool:
        """The table waits: the host has not started the match."""
        return not self.room.table.started

    def plays(self, seat: Seat) -> bool:
        return seat is not Seat.S and self.room.table.human(seat, self.now())

    async def action(self, seat: Seat) -> Action | None:
        """The friend's action for ``seat`` (None: a computer player acts for it instead)."""
        if seat in self.early:
            return self.early.pop(seat)
        future: asyncio.Future[Action | None] = asyncio.get_running_loop().create_future()
        self.waiting[seat] = future
        try:
            return await future
        finally:
            self.waiting.pop(seat, None)

    def applied(self, before: object, outcome: object, human: bool) -> None:
        """A listener of the game: every action goes out as each seat's view; after a hand,
        the host's own check of its deal against the seed it committed to."""
        if self.hosted is None or self.model.session.match is not self.hosted.match:
            return  # not the room's match (the host's page plays no other while in a room)
        self.early.clear()
        room = self.room
        room.applied()
        number = len(room.match.hands)
        hand = room.match.hands[-1]
        if hand.finished and number in room.seeds:
            seed, _salt = room.seeds[number]
            same = deal_cards(seed, hand.dealer) == hand.deal
            self.model.room.checks[number] = "ok" if same else "mismatch"
