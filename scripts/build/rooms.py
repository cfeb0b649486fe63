"""The rooms' network module (issue 33): web/static/room-entry.mjs and Trystero, bundled by
esbuild into ``assets/room.mjs`` with the relays of ``RELAYS`` pinned, and those relays, exactly,
in the page's ``connect-src``. The page imports the module only when a room is opened or joined,
and the service worker does not precache it: a first visit's bytes do not change.

>>> parse_relays("wss://relay.example.org  ws://127.0.0.1:7447/")
('wss://relay.example.org', 'ws://127.0.0.1:7447/')
>>> parse_relays("")
()
>>> connect_src(("wss://a.org",))
('connect-src', ("'self'", 'wss://a.org'))
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

MODULE = "assets/room.mjs"
#: The rooms' Python on the page: imported once a room is opened or joined, never at the start.
#: Kept out of the memory snapshot (neither imported nor compiled into it), they ship compiled
#: in app.zip's file of later modules (web/compiled.py): a first visit carries their code
#: once, gzipped, not also as the snapshot's memory (docs/friends.md).
PAGE_MODULES = frozenset(
    f"web.friends.{m}" for m in ("guest_table", "state", "host", "table", "protocol", "view", "guest")
) | {f"web.flows.{m}" for m in ("rooms", "room_guest", "room_tabs", "room_net")}
PAGE_MODULES |= {"web.screens.room", "web.screens.room_table"}
ENTRY = Path("web") / "static" / "room-entry.mjs"
# wss:// anywhere; ws:// (no TLS) only on this machine, for the tests' relay
RELAY = re.compile(r"^(wss://[a-z0-9.-]+(:\d{1,5})?(/[\w./-]*)?|ws://(127\.0\.0\.1|localhost):\d{1,5}/?)$")


class RelayError(ValueError):
    """A ``RELAYS`` entry that is not a relay's address."""


def parse_relays(text: str) -> tuple[str, ...]:
    """The relays of ``RELAYS`` (space-separated), each checked; RelayError for a bad one."""
    found = tuple(dict.fromkeys(text.split()))
    for url in found:
        if not RELAY.match(url):
            raise RelayError(f"RELAYS: {url!r} is not wss://host[:port][/path] (or ws://127.0.0.1:PORT)")
    return found


def connect_src(relays: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    return ("connect-src", ("'self'", *relays))


def bundle(target: Path, root: Path, relays: tuple[str, ...]) -> None:
    """Write the rooms' module into ``target`` (esbuild from node_modules)."""
    esbuild = root / "node_modules" / "esbuild" / "bin" / "esbuild"
    if not esbuild.exists():
        raise RelayError(f"{esbuild} is missing: run `npm ci` (make site does it)")
    target.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [
            str(esbuild),
            str(root / ENTRY),
            "--bundle",
            "--format=esm",
            "--minify",
            "--legal-comments=none",
            "--log-level=warning",
            f"--define:__BELA_RELAYS__={json.dumps(list(relays))}",
            f"--outfile={target}",
        ],
        check=True,
        cwd=root,
    )
