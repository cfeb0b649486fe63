"""A guest's side of a room: what the host's messages say (the seat it was given, the seats, its
view of the table), the deal's check after each hand, and the messages it sends. Plain Python.

The host's messages are read as carefully as the host reads a guest's: too large, not JSON or
of an unknown shape, and the message is dropped (counted in ``dropped``).
"""

from __future__ import annotations

import json
from typing import Any

from bela.cards import Card
from bela.seats import Seat
from web.friends.protocol import MAX_HOST_BYTES, Refused, decode
from web.friends.view import deal_follows

HOST_KINDS = ("seated", "seats", "view", "commit", "reveal", "full")


class GuestRoom:
    def __init__(self, name: str, token: str) -> None:
        self.name = name
        self.token = token
        self.seat: Seat | None = None
        self.seats: dict[str, Any] = {}
        self.started = False  # the host has started the match (its seats message says so)
        self.view: dict[str, Any] | None = None
        self.commits: dict[int, str] = {}  # hand number -> the hash sent before it
        self.held: dict[int, set[str]] = {}  # hand number -> every card of ours seen in it
        self.checks: dict[int, str] = {}  # hand number -> ok or mismatch (data-deal-check)
        self.dropped = 0

    def join_text(self) -> str:
        return json.dumps({"t": "join", "name": self.name, "token": self.token})

    def act_text(self, action: str) -> str:
        """The message for ``action`` (one of the view's ``legal``), at the view's place."""
        view = self.view
        assert view is not None and self.seat is not None
        return json.dumps(
            {"t": "act", "seat": self.seat.name, "hand": view["hand"], "at": view["at"], "a": action}
        )

    def receive(self, raw: object) -> str | None:
        """Read a host's message; its kind, or None if it was dropped."""
        try:
            message = decode(raw, MAX_HOST_BYTES)
        except Refused:
            self.dropped += 1
            return None
        kind = message["t"]
        try:
            if kind == "seated":
                self.seat = Seat[str(message["seat"])]
            elif kind == "seats":
                self.seats = dict(message["seats"])
                self.started = bool(message.get("started"))
            elif kind == "view":
                self.take_view(message)
            elif kind == "commit":
                self.commits[int(message["hand"])] = str(message["hash"])
            elif kind == "reveal":
                self.check(int(message["hand"]), int(message["seed"]), str(message["salt"]))
            elif kind == "full":
                pass  # the table has no free seat for us (the page says so)
            else:
                raise ValueError(kind)
        except (KeyError, ValueError, TypeError):
            self.dropped += 1
            return None
        return str(kind)

    def take_view(self, view: dict[str, Any]) -> None:
        if self.seat is None or view.get("seat") != self.seat.name:
            raise ValueError("a view of another seat")
        for card in view["cards"]:
            Card.parse(card)
        self.view = view
        self.held.setdefault(int(view["hand"]), set()).update(view["cards"])

    def check(self, number: int, seed: int, salt: str) -> None:
        """The revealed seed against the hash sent before hand ``number``, our cards and the
        cards seen played: ``checks[number]`` is ``ok`` or ``mismatch``."""
        view = self.view
        commit = self.commits.get(number)
        if view is None or self.seat is None or commit is None or view["hand"] != number:
            self.checks[number] = "mismatch"
            return
        held = [Card.parse(c) for c in self.held.get(number, set())]
        plays = [(Seat[s], Card.parse(c)) for s, c in view["plays"]]
        good = deal_follows(commit, seed, salt, Seat[view["dealer"]], self.seat, held, plays)
        self.checks[number] = "ok" if good else "mismatch"
