"""What the page keeps in localStorage, under versioned keys, as JSON.

Each value is an object ``{"app": "bela", "kind": ..., "v": 1, ...}``. A value that cannot be
read says why (``SaveError.kind``: corrupt, foreign or future), so the page can tell the
player and start afresh while keeping what it could read.

The keys stay ``bela.v1.*`` whatever ``VERSION`` becomes, so a new build of the site finds what
an older one saved: ``unwrap`` brings an older value up to ``VERSION`` through ``MIGRATIONS``
(one step per version), and one it cannot bring up is "corrupt" (a notice, a fresh match).

>>> text = wrap("settings", {"target": 501})
>>> unwrap(text, "settings")["target"]
501
>>> unwrap('{"app": "bela", "kind": "settings", "v": 99}', "settings")
Traceback (most recent call last):
...
web.storage.SaveError: future: saved by version 99 of the page, this is version 1
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

APP = "bela"
VERSION = 1  # of the saved values' format; a new one comes with its step in MIGRATIONS
PREFIX = "bela.v1."  # the keys never change: a newer page must find the older saves
MATCH_KEY = PREFIX + "match"
SETTINGS_KEY = PREFIX + "settings"
STATS_KEY = PREFIX + "stats"
DAILY_KEY = PREFIX + "daily"  # today's deals in progress (web/daily/view.py), beside the match
DEAL_KEY = PREFIX + "deal"  # a shared deal in progress
CHALLENGE_KEY = PREFIX + "challenge"  # a friend's challenge in progress (web/friends/challenge.py)
KEYS: tuple[str, ...] = (MATCH_KEY, SETTINGS_KEY, STATS_KEY, DAILY_KEY, DEAL_KEY, CHALLENGE_KEY)

#: ``MIGRATIONS[n](kind, data)``: a value of format n made into one of format n + 1 (it may raise
#: SaveError, or KeyError, TypeError or ValueError for data it cannot use).
Migration = Callable[[str, dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[int, Migration] = {}


class SaveError(ValueError):
    """A stored value that cannot be used. ``kind`` is corrupt, foreign or future."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind


def wrap(kind: str, payload: dict[str, Any]) -> str:
    return json.dumps(
        {"app": APP, "kind": kind, "v": VERSION, **payload}, ensure_ascii=False, separators=(",", ":")
    )


def unwrap(text: str | None, kind: str) -> dict[str, Any]:
    """The stored object of ``kind``; SaveError if it is not one this version can read."""
    if text is None:
        raise SaveError("corrupt", "nothing stored")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise SaveError("corrupt", "not valid JSON") from None
    if not isinstance(data, dict) or data.get("app") != APP or data.get("kind") != kind:
        raise SaveError("foreign", f"not a saved {kind} of this game")
    version = data.get("v")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError("corrupt", "no version")
    if version > VERSION:
        raise SaveError("future", f"saved by version {version} of the page, this is version {VERSION}")
    return migrate(data, kind, version)


def migrate(data: dict[str, Any], kind: str, version: int) -> dict[str, Any]:
    """``data`` (of format ``version``) brought up to ``VERSION``, one step at a time."""
    while version < VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveError("corrupt", f"saved by version {version} of the page, which this one cannot read")
        try:
            data = step(kind, dict(data))
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError) as e:
            raise SaveError("corrupt", f"version {version} could not be brought up: {e!r}") from None
        version += 1
        data["v"] = version
    return data
