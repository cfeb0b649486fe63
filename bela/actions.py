"""The actions a player takes in a hand, and the refusal of an illegal one.

Actions do not name their seat: the hand knows whose turn it is.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from bela.cards import Card, Suit
from bela.obligations import PlayRefusal
from bela.seats import Seat


class Phase(enum.Enum):
    BIDDING = "bidding"  # naming trump: a suit or dalje (pass)
    DECLARING = "declaring"  # declarations "choose": zovem / ne zovem
    PLAYING = "playing"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class Bid:
    """Name ``suit`` as trump, or pass (``suit is None``, "dalje")."""

    suit: Suit | None

    def __str__(self) -> str:
        return "pass" if self.suit is None else self.suit.letter


PASS = Bid(None)


@dataclass(frozen=True, slots=True)
class Declare:
    """Under declarations "choose": ``True`` is "zovem" (declare all), ``False`` "ne zovem".

    Every seat says one or the other, in speaking order, once trump is named."""

    yes: bool

    def __str__(self) -> str:
        return "zovem" if self.yes else "ne zovem"


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card``. ``bela`` is the holder's choice under bela "choose" when the card is the
    first of the trump king and queen to be played ("Zovi belu" True, "Bez" False); it is
    None for every other play."""

    card: Card
    bela: bool | None = None

    def __str__(self) -> str:
        if self.bela is None:
            return str(self.card)
        return f"{self.card} ({'bela' if self.bela else 'no bela'})"


Action = Bid | Declare | Play


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is refused: ``code`` for programs, ``str()`` for people.

    Codes: ``phase`` (not the moment for this kind of action), ``mus`` (the dealer may not
    pass), ``not_held`` (the card is not in the player's hand), ``rule`` (the card breaks an
    obligation; ``play`` says which), ``bela`` (a bela choice given where none is asked, or
    missing where one is).
    """

    code: str
    seat: Seat | None
    action: Action
    reason: str
    play: PlayRefusal | None = None

    def __str__(self) -> str:
        if self.seat is None:
            return self.reason
        if isinstance(self.action, Play):
            return f"{self.seat} played {self.action.card} but {self.reason}"
        return f"{self.seat} {self.reason}"


class IllegalAction(ValueError):
    """Raised by ``Hand.apply`` with the refusal; the hand is left unchanged."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal
