"""Seats in play order (counter-clockwise) and the two teams.

>>> Seat.S.next, Seat.W.next, Seat.S.team, Seat.E.partner
(<Seat.E: 1>, <Seat.S: 0>, <Team.NS: 0>, <Seat.W: 3>)
"""

from __future__ import annotations

import enum


class Team(enum.IntEnum):
    NS = 0
    EW = 1

    @property
    def other(self) -> Team:
        return Team(1 - self)

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.S, Seat.N) if self is Team.NS else (Seat.E, Seat.W)

    @classmethod
    def parse(cls, text: str) -> Team:
        if text == "NS":
            return Team.NS
        if text == "EW":
            return Team.EW
        raise ValueError(f"{text!r} is not a team (NS or EW)")

    def __str__(self) -> str:
        return self.name


class Seat(enum.IntEnum):
    """S is the human; E, N, W follow in play order. Partners sit opposite (S-N, E-W)."""

    S = 0
    E = 1
    N = 2
    W = 3

    @property
    def next(self) -> Seat:
        return Seat((self + 1) % 4)

    @property
    def previous(self) -> Seat:
        return Seat((self + 3) % 4)

    @property
    def partner(self) -> Seat:
        return Seat((self + 2) % 4)

    @property
    def team(self) -> Team:
        return Team(self % 2)

    def after(self, steps: int) -> Seat:
        return Seat((self + steps) % 4)

    def order_from(self) -> tuple[Seat, Seat, Seat, Seat]:
        """The four seats starting with this one, in play order."""
        return (self, self.after(1), self.after(2), self.after(3))

    @classmethod
    def parse(cls, text: str) -> Seat:
        if not isinstance(text, str) or text not in ("S", "E", "N", "W"):
            raise ValueError(f"{text!r} is not a seat (S, E, N or W)")
        return cls("SENW".index(text))

    def __str__(self) -> str:
        return self.name


SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat.S, Seat.E, Seat.N, Seat.W)
TEAMS: tuple[Team, Team] = (Team.NS, Team.EW)
