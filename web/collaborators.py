"""What the game's flow (web/game.py) asks of its collaborators: the screens that draw, a lesson
open on the table, the listeners told of every action, and the people at other devices (a room
of friends). Plain protocols: the flow's tests and the rooms' flows (web/friends/) meet here."""

from __future__ import annotations

from typing import Protocol

from bela.actions import Action, Refusal
from bela.hand import Trick
from bela.seats import Seat
from web.session import Outcome, Position


class Drawing(Protocol):
    """What the flow asks of the screens (web.screens.Screens)."""

    def render(self, first: bool = False, played: Outcome | None = None) -> None: ...

    def render_banner(self) -> None: ...

    def render_hint(self) -> None: ...

    def render_coach(self) -> None: ...

    def render_notices(self) -> None: ...

    def collect(self, trick: Trick | None, winner: Seat | None) -> None: ...

    def focus_choices(self) -> None: ...

    def shake(self, notation: str) -> None: ...

    def live(self, text: str) -> None: ...


class Lessons(Protocol):
    """A lesson of Learn Bela open on the table (web.learn.LearnFlow): it may take the
    player's action, and hears when the guided hand ends."""

    def acted(self, action: Action, refusal: Refusal | None) -> bool: ...

    def hand_ended(self) -> None: ...


class Listener(Protocol):
    """Told of every action the game has applied, saved and drawn: ``before``, the position it
    was taken in; ``human``: the player's own (the coach's note; a room of friends sends it on)."""

    def applied(self, before: Position, outcome: Outcome, human: bool) -> None: ...


class Remote(Protocol):
    """People at other devices (a room of friends, web/friends/rooms.py): whether the table
    waits for the host to start, whether a person plays ``seat`` now, and that person's action
    (None: a computer player acts for the seat instead)."""

    def holds(self) -> bool: ...

    def plays(self, seat: Seat) -> bool: ...

    async def action(self, seat: Seat) -> Action | None: ...
