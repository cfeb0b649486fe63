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
