"""The rooms of friends wired into the page: the link's fragment read at the start (``#room=``:
the host's own saved room resumes, any other is an invite), the room's intents (open, start,
join, retry, leave, copy), a guest's actions at the table, and the address bar. The flows
themselves are plain (web/flows/rooms.py)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import create_proxy

from web.i18n import Msg
from web.intents import Intent
from web.model import Model
from web.saves import Saves, new_session

if TYPE_CHECKING:  # the rooms' modules are imported once a room is opened or joined, never
    # at the start: neither a first visit nor the memory snapshot carries them (docs/friends.md)
    from web.flows.room_guest import GuestFlow
    from web.flows.rooms import HostFlow

Handler = Callable[[Intent], object]
#: Intents a guest's page answers itself (its table is the host's).
GUEST_TABLE = ("play-card", "bid", "declare", "bela")
#: Intents of the solo game that leave a room first (the menu's match, today's deals, a file).
SOLO = frozenset({"new-game", "restart", "confirm-restart", "import", "daily", "learn", "challenge"})


def base_url() -> str:
    """The page's address without its query or fragment (where an invite points)."""
    return str(js.location.origin) + str(js.location.pathname)


def link_of(code: str) -> str:
    return f"{base_url()}#room={code}"


def new_tab() -> str:
    import secrets

    return secrets.token_hex(8)


async def modules_ready() -> None:
    """Wait (10 s at most) for the game's files: a page restored from its snapshot unpacks them
    when it is idle (assets/pyodide-boot.mjs), the rooms' compiled code among them."""
    from web.compiled import LATER_PATH

    for _ in range(200):
        if LATER_PATH.exists():
            return
        await asyncio.sleep(0.05)


async def held_tabs() -> set[str] | None:
    """The room tabs of this browser alive now, by their Web Locks (None: no Web Locks here)."""
    from web.flows.room_tabs import tab_of

    locks = getattr(js.navigator, "locks", None)
    if locks is None:
        return None
    try:
        state = await locks.query()
    except Exception:
        return None
    return {t for lock in state.held if (t := tab_of(str(lock.name))) is not None}


def monotonic() -> float:
    return time.monotonic()


@dataclass(eq=False)
class Rooms:
    model: Model
    saves: Saves
    game: Any  # web.game.Game
    draw: Callable[[], None]
    share: Callable[[str], Awaitable[str]]
    host: HostFlow | None = field(default=None, init=False)
    guest: GuestFlow | None = field(default=None, init=False)
    tab: str = field(default="", init=False)  # this tab among the others of this browser in a room
    _tab_proxies: list[Any] = field(default_factory=list, init=False)

    def __post_init__(self) -> None:
        self._reload = create_proxy(self.hash_changed)

    def hash_changed(self, _event: object) -> None:
        """Another room's link pasted into this page's address (or the room's taken away): the
        page starts again with it (an anchor or anything else in the fragment changes nothing)."""
        from web.flows.rooms import code_of

        now = code_of(str(js.location.hash))
        before = self.model.room.code if self.model.room is not None else None
        if now != before:
            js.location.reload()

    async def _connect(self, code: str, on: Any) -> Any:
        from web.flows.room_net import connect

        return await connect(code, on, self.model.settings.turn)

    # -- the start -------------------------------------------------------------------------------

    def start(self) -> bool:
        """A room of this visit's link (True: the page is in a room, and the solo game waits)."""
        js.window.addEventListener("hashchange", self._reload)  # another room's link pasted here
        if "room=" not in str(js.location.hash):
            return False  # no room: none of the rooms' modules is imported
        self.game.spawn(self._start())
        return True

    async def _start(self) -> None:
        """The room once its modules can be read: a page restored from its snapshot unpacks the
        game's files when it is idle (assets/pyodide-boot.mjs), the rooms' code among them."""
        await modules_ready()
        from web.flows.room_guest import GuestFlow
        from web.flows.room_tabs import others
        from web.flows.rooms import code_of

        code = code_of(str(js.location.hash))
        if code is None:  # not a room's code after all: the solo game goes on
            self.game.kick()
            return
        self.open_tab()
        store = self.saves.store
        held = await held_tabs()
        hosted = any(t.get("role") == "host" for t in others(store, code, self.tab, time.time(), held))
        if not hosted:  # a second tab of the host's browser joins as a guest
            host = self.make_host()
            if host.resume(code, link_of):
                self.note_tab()
                return
            self.host = None
        self.guest = GuestFlow(self.model, store, self._connect, self.draw, self.game.spawn)
        self.guest.begin(code, link_of(code))
        self.note_tab()

    def note_tab(self) -> None:
        """This tab is in the room (web/flows/room_tabs.py), noted every few seconds until it goes."""
        from web.flows.room_tabs import BEAT, beat, forget

        def note(*_args: object) -> None:
            room = self.model.room
            if room is not None:
                token = self.guest.guest.token if self.guest is not None and self.guest.guest else ""
                beat(self.saves.store, room.code, self.tab, room.role, token, time.time())

        def gone(*_args: object) -> None:
            room = self.model.room
            if room is not None:
                forget(self.saves.store, room.code, self.tab)

        beating, leaving = create_proxy(note), create_proxy(gone)
        self._tab_proxies += [beating, leaving]  # beside the tab's lock's
        note()
        js.setInterval(beating, int(BEAT * 1000))
        js.window.addEventListener("pagehide", leaving)

    def make_host(self) -> HostFlow:
        if not self.tab:
            self.open_tab()
        from web.flows.rooms import HostFlow

        host = HostFlow(self.model, self.game, self.saves.store, self._connect, self.draw, monotonic)
        self.game.listeners = (*self.game.listeners, host)
        self.host = host
        return host

    # -- intents ---------------------------------------------------------------------------------

    def handlers(self) -> dict[str, Handler]:
        return {
            "open-room": lambda _i: self.open_room(),
            "start-room": lambda _i: self.host.start() if self.host else None,
            "join-room": lambda _i: self.sit(),
            "retry-room": lambda _i: self.retry(),
            "leave-room": lambda _i: self.leave(),
            "copy-room-link": lambda _i: self.copy(),
            "share-room-link": lambda _i: self.copy(share=True),
        }

    def takes(self, intent: Intent) -> bool:
        """Whether the room answers ``intent`` itself (a guest's table, the solo game's intents
        while in a room: they leave the room first)."""
        room = self.model.room
        if room is None:
            return False
        if intent.name in SOLO:
            self.leave()
            return True
        if room.role == "guest" and intent.name in GUEST_TABLE and self.guest is not None:
            self.guest_acts(intent)
            return True
        if intent.name == "friends":
            self.game.draw.room.render_panel(room, force=True)
            return True
        return False

    def guest_acts(self, intent: Intent) -> None:
        guest = self.guest
        room = self.model.room
        assert guest is not None and room is not None
        if intent.name == "play-card":
            card = intent.value
            legal = (room.view or {}).get("legal", [])
            if f"play:{card}:bela" in legal:
                room.pending_bela = card
                self.draw()
            else:
                guest.act(f"play:{card}")
        elif intent.name == "bela" and room.pending_bela:
            guest.act(f"play:{room.pending_bela}:{'bela' if intent.value == 'yes' else 'bez'}")
        elif intent.name in ("bid", "declare"):
            guest.act(f"{intent.name}:{intent.value}")

    def open_room(self) -> None:
        """Menu → Play with friends → Open a room: the host at South of a new room's match."""
        self.game.spawn(self._open_room())

    async def _open_room(self) -> None:
        await modules_ready()
        m = self.model
        friends = js.document.getElementById("dlg-friends")
        if friends is not None and friends.open:
            friends.close()
        settings = m.settings
        rules = new_session(settings, m.params).match.rules
        name = self.kept_name() or m.t("room.who.host")
        self.make_host().open_new(rules, settings.levels(), name, link_of)
        self.note_tab()
        js.history.replaceState(None, "", f"{js.location.pathname}#room={m.room.code if m.room else ''}")

    def kept_name(self) -> str:
        from web.flows.room_guest import kept

        return str(kept(self.saves.store).get("name", ""))

    def sit(self) -> None:
        node = js.document.getElementById("room-name")
        if self.guest is not None and node is not None:
            self.game.spawn(self._sit(self.guest, str(node.value)))

    async def _sit(self, guest: GuestFlow, name: str) -> None:
        """Join with ``name``; a seat token another live tab of this browser holds is not taken
        (the tabs alive read from their Web Locks first)."""
        from web.flows.room_tabs import others

        held = await held_tabs()
        store, code = self.saves.store, guest.model.room.code
        guest.taken = lambda token: any(
            t.get("token") == token for t in others(store, code, self.tab, time.time(), held)
        )
        guest.sit(name)

    def open_tab(self) -> None:
        """This tab in a room, with its Web Lock held for its life (web/flows/room_tabs.py)
        where the browser has Web Locks."""
        from web.flows.room_tabs import lock_name

        self.tab = new_tab()
        locks = getattr(js.navigator, "locks", None)
        if locks is None:
            return
        # the lock's callback answers a promise that never settles: the lock goes with the tab
        never = create_proxy(lambda _resolve, _reject: None)
        forever = create_proxy(lambda _lock: js.Promise.new(never))
        self._tab_proxies += [never, forever]
        locks.request(lock_name(self.tab), forever)

    def retry(self) -> None:
        if self.guest is not None:
            self.guest.retry()
        elif self.host is not None and self.model.room is not None:
            js.location.reload()

    def leave(self) -> None:
        """Out of the room, back to the solo game (which waited as it was)."""
        if self.host is not None:
            self.host.close()
        if self.guest is not None:
            self.guest.leave_room()
        js.window.removeEventListener("hashchange", self._reload)
        js.location.replace(base_url())

    def copy(self, share: bool = False) -> None:
        """The invite to the clipboard (Copy), or to the system's share sheet (Share)."""
        room = self.model.room
        if room is not None and room.link:
            self.game.spawn(self._copy(room.link, share))

    async def _copy(self, link: str, share: bool) -> None:
        if share:
            how = await self.share(link)  # the share sheet where there is one, else the clipboard
        else:
            try:
                await js.navigator.clipboard.writeText(link)
                how = "copied"
            except Exception:
                how = "failed"  # the link stays in its field, to copy by hand
        if how == "copied":
            self.game.notice(Msg("daily.copied"))
        elif how == "failed":
            self.game.notice(Msg("daily.copy_failed"))
