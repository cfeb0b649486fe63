"""The rooms' page flows under CPython (web/flows/rooms.py, web/flows/room_guest.py): a host
and two guests over a fake network that delivers each message on the event loop, with a driver
standing in for the page's game (web/game.py's loop: the host at South, friends through
``remote``, a computer player otherwise). A whole hand; the host's save at every action and
its resume; a friend gone past the grace is played for; the host gone is said plainly; a bad
name is asked again; a room's code and its link."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine
from typing import Any

import pytest

from bela.rules import HouseRules
from bela.seats import Seat
from web.flows import rooms
from web.flows.room_guest import GuestFlow
from web.flows.rooms import HostFlow, RoomSession, code_of, new_code
from web.friends.state import RoomState
from web.saves import MemoryStore
from web.session import Session

LEVELS = {Seat.E: "easy", Seat.N: "easy", Seat.W: "easy"}


class Hub:
    """A room's network: every peer's handlers, messages delivered on the loop."""

    def __init__(self) -> None:
        self.peers: dict[str, Any] = {}
        self.count = 0
        self.sent: list[tuple[str, str, str]] = []  # (from, to, text)
        self.relays = 1  # how many relays each peer reaches

    async def connect(self, code: str, on: Any) -> Any:
        self.count += 1
        me = f"p{self.count}"
        for peer, other in list(self.peers.items()):
            loop = asyncio.get_running_loop()
            loop.call_soon(other.join, me)
            loop.call_soon(on.join, peer)
        self.peers[me] = on
        hub = self

        class Link:
            def send(self, text: str, peer: str | None) -> None:
                for target in [peer] if peer else [p for p in hub.peers if p != me]:
                    hub.sent.append((me, target, text))
                    handlers = hub.peers.get(target)
                    if handlers is not None:
                        asyncio.get_running_loop().call_soon(handlers.message, text, me)

            def reached(self) -> int:
                return hub.relays

            def leave(self) -> None:
                hub.peers.pop(me, None)
                for other in hub.peers.values():
                    asyncio.get_running_loop().call_soon(other.leave, me)

        return Link()


class Model:
    def __init__(self) -> None:
        self.room: RoomState | None = None
        self.session: Session | None = None


class Game:
    """The page's game, as far as the rooms use it."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self.remote: Any = None
        self.tasks: list[asyncio.Task[None]] = []
        self.saved = 0

    def replace_session(self, session: Session) -> None:
        self.model.session = session

    def kick(self) -> None:
        pass

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        self.tasks.append(asyncio.ensure_future(coro))

    def save(self) -> None:
        self.saved += 1


async def drive(host: HostFlow, session: Session, store: MemoryStore, steps: int = 200) -> None:
    """web/game.py's loop in short: whose turn, who acts for it, applied, saved, listeners told."""
    for _ in range(steps):
        hand = session.hand
        if hand.finished:
            return
        seat = hand.turn
        assert seat is not None
        action = None
        if seat is not Seat.S and host.plays(seat):
            action = await asyncio.wait_for(host.action(seat), 5)
        if action is None:
            action = hand.legal_actions()[0]
        assert hand.check(action) is None
        session.apply(action)
        store.set(rooms.ROOM_KEY, json.dumps({"app": "bela", "kind": "match", "v": 1, **session.to_save()}))
        host.applied(None, None, False)
        await asyncio.sleep(0)


class Guest:
    def __init__(self, hub: Hub, name: str, store: MemoryStore | None = None) -> None:
        self.model = Model()
        self.store = store or MemoryStore()
        self.tasks: set[asyncio.Future[None]] = set()
        self.flow = GuestFlow(self.model, self.store, hub.connect, lambda: None, self.spawn)
        self.name = name

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        self.tasks.add(asyncio.ensure_future(coro))

    async def sit(self, code: str) -> None:
        self.flow.begin(code, "https://x/#room=" + code)
        self.flow.sit(self.name)
        for _ in range(50):
            await asyncio.sleep(0)

    async def autoplay(self) -> None:
        """Act whenever its view says it is its turn (the first legal action)."""
        while True:
            room = self.model.room
            view = room.view if room is not None else None
            if view and view.get("legal") and view["turn"] == view["seat"]:
                self.flow.act(view["legal"][0])
            await asyncio.sleep(0)


def host_of(hub: Hub, store: MemoryStore) -> tuple[HostFlow, Model, Game]:
    model = Model()
    game = Game(model)
    clock = [0.0]
    host = HostFlow(model, game, store, hub.connect, lambda: None, lambda: clock[0])
    return host, model, game


async def opened(hub: Hub) -> tuple[HostFlow, Model, str]:
    """A room Ana hosts on ``hub``: its flow, its page's model and its code."""
    host, model, _game = host_of(hub, MemoryStore())
    host.open_new(HouseRules(), LEVELS, "Ana", lambda code: code)
    await asyncio.sleep(0)
    assert model.room is not None
    return host, model, model.room.code


def test_a_room_plays_a_hand_and_every_guest_checks_its_deal() -> None:
    async def run() -> None:
        hub, store = Hub(), MemoryStore()
        host, model, _game = host_of(hub, store)
        host.open_new(HouseRules(), LEVELS, "Ana", lambda code: "https://x/#room=" + code)
        await asyncio.sleep(0)
        room = model.room
        assert room is not None and room.state == "waiting" and room.role == "host"
        ivo, eva = Guest(hub, "Ivo"), Guest(hub, "  Eva\u0000 ")
        await ivo.sit(room.code)
        await eva.sit(room.code)
        assert (ivo.model.room.me, eva.model.room.me) == (Seat.N, Seat.E)  # type: ignore[union-attr]
        assert eva.model.room.name == "Eva"  # type: ignore[union-attr]
        assert [r[:2] for r in room.seat_rows()] == [
            ("N", "friend"),
            ("E", "friend"),
            ("S", "host"),
            ("W", "empty"),
        ]
        assert host.holds()
        host.start()
        assert not host.holds() and room.seats["W"]["who"] == "bot"
        players = [asyncio.ensure_future(g.autoplay()) for g in (ivo, eva)]
        session = model.session
        assert isinstance(session, RoomSession)
        await drive(host, session, store)
        for _ in range(20):
            await asyncio.sleep(0)
        for task in players:
            task.cancel()
        assert session.hand.finished
        assert room.checks == {1: "ok"}
        for guest in (ivo, eva):
            state = guest.model.room
            assert state is not None and state.checks == {1: "ok"}
            assert state.view is not None and state.view["phase"] == "finished"
            assert tuple(state.view["totals"]) == session.match.score().totals
        # the room's save reads back as the same room (every friend away, its grace running)
        again, model2, _ = host_of(Hub(), store)
        assert again.resume(room.code, lambda c: c)
        resumed = model2.session
        assert isinstance(resumed, RoomSession)
        assert resumed.record_text() == session.record_text()
        assert model2.room is not None and model2.room.started
        assert not again.resume("another-code-000000", lambda c: c)

    asyncio.run(run())


def test_a_friend_gone_past_the_grace_is_played_for_and_the_host_gone_is_said(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(rooms, "GRACE_SECONDS", 0.05)

    async def run() -> None:
        hub, store = Hub(), MemoryStore()
        host, model, _game = host_of(hub, store)
        host.open_new(HouseRules(), LEVELS, "Ana", lambda code: code)
        await asyncio.sleep(0)
        ivo = Guest(hub, "Ivo")
        await ivo.sit(model.room.code)  # type: ignore[union-attr]
        host.start()
        session = model.session
        assert isinstance(session, RoomSession)
        while session.hand.turn is not Seat.N:  # to North's turn, the others passing
            session.apply(session.hand.legal_actions()[-1])
            host.applied(None, None, False)
        assert host.plays(Seat.N)
        waiting = asyncio.ensure_future(host.action(Seat.N))
        await asyncio.sleep(0)
        ivo.flow.leave_room()  # Ivo's tab closes
        for _ in range(10):
            await asyncio.sleep(0)
        room = model.room
        assert room is not None and room.seats["N"]["online"] is False
        # the host's clock moves past the grace (the table's, in host.now) ...
        host.now = lambda: 100.0
        await asyncio.sleep(0.4)
        assert await asyncio.wait_for(waiting, 1) is None  # a computer player acts for North
        assert not host.plays(Seat.N) and room.seats["N"]["who"] == "bot"
        # ... and the host's page goes: the guest is told so, plainly
        back = Guest(hub, "Ivo", ivo.store)
        await back.sit(room.code)
        assert back.model.room is not None and back.model.room.me is Seat.N  # the same seat, by its token
        assert host.plays(Seat.N)
        host.close()
        for _ in range(10):
            await asyncio.sleep(0)
        assert back.model.room.state == "closed" and back.model.room.problem == "host_gone"
        assert store.get(rooms.ROOM_KEY) is None  # the host's room is over

    asyncio.run(run())


def test_a_name_that_is_not_one_is_asked_again() -> None:
    async def run() -> None:
        guest = Guest(Hub(), "\u0000 \t")
        await guest.sit("abcdefghijklmnopqrstuv")
        room = guest.model.room
        assert room is not None and room.problem == "name" and guest.flow.link is None

    asyncio.run(run())


def test_a_rooms_code_and_its_link() -> None:
    code = new_code()
    assert len(code) >= 16 and code != new_code()  # 128 random bits, URL-safe
    assert code_of("#room=" + code) == code
    assert code_of("#room=" + code + "<script>") is None
    assert code_of("#daily") is None and code_of("#room=") is None


def test_a_room_whose_relays_cannot_be_reached_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rooms, "RELAY_LIMIT", 0.2)

    async def run() -> None:
        hub, store = Hub(), MemoryStore()
        hub.relays = 0
        host, model, _game = host_of(hub, store)
        host.open_new(HouseRules(), LEVELS, "Ana", lambda code: code)
        room = model.room
        assert room is not None
        await asyncio.sleep(0.1)
        assert room.state == "waiting"  # still trying
        await asyncio.sleep(0.3)
        assert (room.state, room.problem) == ("closed", "no_relay")
        alone = Hub()  # a guest whose relays are out of reach too (no host can answer it)
        alone.relays = 0
        guest = Guest(alone, "Ivo")
        guest.flow.begin(room.code, room.code)
        guest.flow.sit("Ivo")
        await asyncio.sleep(0.4)
        assert guest.model.room is not None and guest.model.room.problem == "no_relay"

    asyncio.run(run())


def test_a_second_tab_of_one_browser_gets_a_seat_of_its_own() -> None:
    async def run() -> None:
        hub = Hub()
        _host, _model, code = await opened(hub)
        shared = MemoryStore()  # one browser's storage, two tabs
        first = Guest(hub, "Ivo", shared)
        await first.sit(code)
        second = Guest(hub, "Ivo", shared)
        token = first.flow.guest.token  # type: ignore[union-attr]
        second.flow.taken = lambda t: t == token  # the first tab is live with its token
        await second.sit(code)
        assert second.flow.guest is not None and second.flow.guest.token != token
        seats = {first.model.room.me, second.model.room.me}  # type: ignore[union-attr]
        assert seats == {Seat.N, Seat.E}
        third = Guest(hub, "Ivo", shared)  # the first tab gone: its link takes its seat back
        first.flow.leave_room()
        await asyncio.sleep(0)
        await third.sit(code)
        assert third.flow.guest is not None and third.flow.guest.token == token
        assert third.model.room is not None and third.model.room.me is Seat.N

    asyncio.run(run())


def test_a_guest_at_a_full_table_is_told_so() -> None:
    async def run() -> None:
        hub = Hub()
        _host, model, code = await opened(hub)
        for name in ("Ivo", "Eva", "Mia"):
            await Guest(hub, name).sit(code)
        late = Guest(hub, "Leo")
        await late.sit(code)
        room = late.model.room
        assert room is not None and (room.state, room.problem) == ("closed", "full")
        assert model.room is not None and model.room.refusals == {"no_seat": 1}

    asyncio.run(run())
