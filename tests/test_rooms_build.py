"""The rooms' relays in the build (scripts/build/rooms.py): RELAYS checked, and exactly those
relays in the page's connect-src; none without RELAYS."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scripts.build import index_page, precache, rooms

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    "bad",
    [
        "http://relay.example.org",
        "ws://relay.example.org",
        "wss://",
        "wss://a.org/<x>",
        "javascript:alert(1)",
        "'self'",
    ],
)
def test_a_bad_relay_is_refused(bad: str) -> None:
    with pytest.raises(rooms.RelayError):
        rooms.parse_relays(f"wss://ok.example.org {bad}")


def connect_src(relays: tuple[str, ...]) -> str | None:
    html = index_page.render_index(ROOT, [], relays)
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html)
    assert policy is not None
    found = [d.strip() for d in policy.group(1).split(";") if d.strip().startswith("connect-src")]
    return found[0] if found else None


def test_the_policy_lists_exactly_the_builds_relays() -> None:
    relays = rooms.parse_relays("wss://a.example.org wss://b.example.org:444/nostr ws://127.0.0.1:7000")
    assert (
        connect_src(relays)
        == "connect-src 'self' wss://a.example.org wss://b.example.org:444/nostr ws://127.0.0.1:7000"
    )
    assert connect_src(()) is None  # default-src 'self': the solo game reaches nothing else


def test_the_rooms_module_is_never_precached() -> None:
    assert precache.not_precached(rooms.MODULE)
    assert not precache.not_precached("assets/style.css")


def test_the_rooms_python_is_neither_at_the_start_nor_in_the_snapshot() -> None:
    """A first visit carries the rooms' code once (app.zip's later modules), not in the snapshot's
    memory too, and the page imports none of it before a room is opened or joined."""
    from scripts.build import app_zip, rooms, site_files, snapshot

    root = site_files.ROOT
    names = {snapshot.module_name(p.relative_to(root).as_posix()) for p in app_zip.python_files(root)}
    assert names >= rooms.PAGE_MODULES  # each one is a module of the game
    assert "web.flows.rooms" in rooms.PAGE_MODULES and "web.screens.room_table" in rooms.PAGE_MODULES
    assert not rooms.PAGE_MODULES & set(app_zip.snapshot_shipped(root))
    assert not rooms.PAGE_MODULES & set(app_zip.snapshot_modules(root))
    assert not rooms.PAGE_MODULES & set(app_zip.snapshot_compiled(root))
    assert set(app_zip.later_shipped(root)) >= rooms.PAGE_MODULES
