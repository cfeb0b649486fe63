"""A guest's side of a room on the page: it joins with its name and a seat token this browser
keeps (the same seat back by the same link), reads its host's messages into the model
(web/friends/state.py), sends its actions, and says plainly when the host is gone or cannot be
reached (with Retry). Plain Python (tests/test_friends_rooms.py)."""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from bela.seats import Seat
from web.flows.rooms import RELAY_LIMIT, Connect, Link, connect_or_say, relays_reached
from web.friends.guest import GuestRoom
from web.friends.protocol import Refused, clean_name
from web.friends.state import RoomState
from web.saves import Store

GUEST_KEY = "bela.room.guest.v1"  # a guest's name and its seat token for each room's code
CONNECT_LIMIT = 30.0  # seconds a guest waits for its host before it says so (with Retry)


def kept(store: Store) -> dict[str, Any]:
    """What this browser keeps for its rooms (``name``, ``tokens`` by room code); {} if unreadable."""
    try:
        found = json.loads(store.get(GUEST_KEY) or "{}")
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}


@dataclass(eq=False)
class GuestFlow:
    """A guest's side: joins the room with its name and seat token, reads its host's messages
    into the model, and sends its actions."""

    model: Any  # web.model.Model
    store: Store
    connect: Connect
    draw: Callable[[], None]
    spawn: Callable[[Coroutine[Any, Any, None]], None]
    guest: GuestRoom | None = None
    link: Link | None = None
    host: str | None = None
    tries: int = 0
    taken: Callable[[str], bool] = lambda _token: False  # a token another tab of this browser holds now

    def begin(self, code: str, link: str) -> None:
        """The invite opened: the name asked for (the last one given is offered)."""
        state = RoomState("guest", code, link=link)
        state.name = kept(self.store).get("name", "")
        self.model.room = state
        self.draw()

    def _token(self, code: str, name: str) -> str:
        """This browser's seat token for the room ``code`` (the same seat back by the link)."""
        saved = kept(self.store)
        found = saved.get("tokens")
        tokens: dict[str, Any] = found if isinstance(found, dict) else {}
        token = tokens.get(code)
        if isinstance(token, str) and self.taken(token):
            return secrets.token_hex(16)  # a second tab of this browser: a seat of its own
        if not (isinstance(token, str) and len(token) == 32):
            token = secrets.token_hex(16)
        tokens = {k: v for k, v in list(tokens.items())[-9:] if k != code}  # the last ten rooms
        tokens[code] = token
        self.store.set(GUEST_KEY, json.dumps({"name": name, "tokens": tokens}))
        return token

    def sit(self, name: str) -> None:
        """Join with ``name`` (the panel's field); a name that is not one is asked again."""
        state = self.model.room
        try:
            state.name = clean_name(name)
        except Refused:
            state.problem = "name"
            self.draw()
            return
        self.guest = GuestRoom(state.name, self._token(state.code, state.name))
        state.state, state.problem = "connecting", ""
        self.draw()
        self.tries += 1
        self.spawn(self._open(state.code, self.tries))

    async def _open(self, code: str, attempt: int) -> None:
        state = self.model.room
        self.link = await connect_or_say(self.connect, code, self, state, self.draw)
        if self.link is None:
            return
        if not await relays_reached(self.link) and self.host is None and attempt == self.tries:
            state.state, state.problem = "closed", "no_relay"
            self.draw()
            return
        await asyncio.sleep(CONNECT_LIMIT - RELAY_LIMIT)
        if self.host is None and attempt == self.tries and state.state == "connecting":
            state.state, state.problem = "closed", "no_host"
            self.draw()

    def retry(self) -> None:
        if self.link is not None:
            self.link.leave()
            self.link = None
        self.host = None
        self.sit(self.model.room.name)

    def leave_room(self) -> None:
        if self.link is not None:
            self.link.leave()

    # -- the network ----------------------------------------------------------------------------

    def join(self, peer: str) -> None:
        """A peer is in the room: our name and token go to it (only the host answers)."""
        if self.guest is not None and self.link is not None:
            self.link.send(self.guest.join_text(), peer)

    def message(self, text: object, peer: str) -> None:
        guest = self.guest
        if guest is None or (self.host is not None and peer != self.host):
            return  # only the host's messages count (another guest's are not for us)
        kind = guest.receive(text)
        if kind is None:
            return
        state = self.model.room
        if kind == "seated":
            self.host = peer
            state.me = guest.seat or Seat.S
            state.problem = ""
            state.state = "playing" if state.started else "waiting"
        elif kind == "seats":
            state.seats = guest.seats
            state.started = guest.started
            if self.host is not None:
                state.state = "playing" if state.started else "waiting"
        elif kind == "full" and self.host is None:
            state.state, state.problem = "closed", "full"
        elif kind == "view":
            state.view = guest.view
            state.pending_bela = ""
        state.checks = dict(guest.checks)
        self.draw()

    def leave(self, peer: str) -> None:
        if peer == self.host:
            self.host = None
            state = self.model.room
            state.state, state.problem = "closed", "host_gone"
            self.draw()

    def act(self, action: str) -> None:
        """The guest's action (one of the view's legal ones) to its host."""
        state = self.model.room
        view = state.view
        if self.guest is None or self.link is None or self.host is None or view is None:
            return
        if action not in view.get("legal", []):
            return
        self.link.send(self.guest.act_text(action), self.host)
        state.pending_bela = ""
        view["legal"] = []  # sent: nothing more until the host's next view
        self.draw()
