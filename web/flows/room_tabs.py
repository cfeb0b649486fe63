"""The tabs of this browser in a room: a room's link opened in a second tab of the host's own
browser must join as a guest (not resume the room a second time), and a second guest tab must
not take the first one's seat with the same token. Each room page notes itself in local storage
every few seconds (:func:`beat`) and is forgotten when it goes; where the browser has Web
Locks, each also holds a lock for its life, so a tab killed without a word is not taken for
live. Plain Python: the store and the
wall clock (shared by the tabs) come from the caller.

>>> from web.saves import MemoryStore
>>> store = MemoryStore()
>>> beat(store, "code", "tab1", "host", "", now=100.0)
>>> [t["role"] for t in others(store, "code", "tab2", now=103.0)], others(store, "code", "tab2", now=110.0)
(['host'], [])
>>> forget(store, "code", "tab1"); others(store, "code", "tab2", now=101.0)
[]
"""

from __future__ import annotations

import json
from typing import Any

from web.saves import Store

TABS_KEY = "bela.room.tabs.v1"
BEAT = 2.0  # seconds between a page's notes
LIVE = 6.0  # a note older than this is a tab gone


def _read(store: Store) -> dict[str, dict[str, Any]]:
    try:
        data = json.loads(store.get(TABS_KEY) or "{}")
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def beat(store: Store, code: str, tab: str, role: str, token: str, now: float) -> None:
    """This tab is in the room ``code`` as ``role`` (with its seat token, for a guest)."""
    data = {k: v for k, v in _read(store).items() if isinstance(v, dict) and now - v.get("at", 0) < LIVE}
    data[tab] = {"code": code, "role": role, "token": token, "at": now}
    store.set(TABS_KEY, json.dumps(data))


def forget(store: Store, code: str, tab: str) -> None:
    data = _read(store)
    if data.pop(tab, None) is not None:
        store.set(TABS_KEY, json.dumps(data))


def others(
    store: Store, code: str, tab: str, now: float, held: set[str] | None = None
) -> list[dict[str, Any]]:
    """The other live tabs of this browser in the room ``code`` (each note with its ``tab``).
    ``held``: the tabs whose Web Lock (:func:`lock_name`) is held now, where the browser has
    Web Locks: a tab killed without ``pagehide`` (a phone's browser closing it, a crash) leaves
    a note that looks live for :data:`LIVE` seconds, but its lock goes with it at once.

    >>> from web.saves import MemoryStore
    >>> store = MemoryStore()
    >>> beat(store, "code", "tab1", "guest", "t" * 32, now=100.0)
    >>> [t["tab"] for t in others(store, "code", "tab2", now=101.0, held={"tab1"})]
    ['tab1']
    >>> others(store, "code", "tab2", now=101.0, held=set())  # its note fresh, its tab gone
    []
    """
    return [
        {**v, "tab": k}
        for k, v in _read(store).items()
        if k != tab
        and isinstance(v, dict)
        and v.get("code") == code
        and now - float(v.get("at", 0)) < LIVE
        and (held is None or k in held)
    ]


def lock_name(tab: str) -> str:
    """The Web Lock a room tab holds for as long as it lives (the browser lets it go with the tab)."""
    return f"bela.room.tab.{tab}"


def tab_of(lock: str) -> str | None:
    """The tab of a lock named by :func:`lock_name`, else None.

    >>> tab_of(lock_name("ab12")), tab_of("another lock")
    ('ab12', None)
    """
    prefix = lock_name("")
    return lock[len(prefix) :] if lock.startswith(prefix) else None
