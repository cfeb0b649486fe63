"""The actions a player takes in a hand, the refusal of an illegal one, and the project's one
text for an action (the page and its bots' worker, the lessons, the pinned test data).

Actions do not name their seat: the hand knows whose turn it is.

>>> [action_text(a) for a in (Bid(None), Bid(Suit.CLUBS), Declare(False), Play(Card.parse("KH"), True))]
['bid:pass', 'bid:C', 'declare:no', 'play:KH:bela']
>>> parse_action("play:TS") == Play(Card.parse("TS"))
True
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


Param = tuple[str, str | int | float]


@dataclass(frozen=True, slots=True)
class Decision:
    """An action and why it was chosen (a computer player's, or a hint's: the page reads the
    bots' worker's reply into one, web/worker/messages.py).

    ``rule`` is a stable id (``bid.table.name``, ``lead.master``, ``search.exact``...) and
    ``params`` its parameters, for translation; ``reason`` is the English sentence. For a
    search, ``expected`` is the mean hand-score margin of the action over ``samples`` sampled
    deals (our points written on the sheet minus theirs, pad and štiglja included) and
    ``runner_up`` / ``alternative`` the same figure for the next best action.
    """

    action: Action
    reason: str = ""
    rule: str = ""
    params: tuple[Param, ...] = ()
    expected: float | None = None
    runner_up: float | None = None
    alternative: Action | None = None
    samples: int = 0


class ActionTextError(ValueError):
    """A text that is not an action."""


def action_text(action: Action) -> str:
    """``bid:pass``, ``bid:H``, ``declare:yes``, ``play:KH`` or ``play:KH:bela`` (``:bez``)."""
    if isinstance(action, Bid):
        return "bid:" + ("pass" if action.suit is None else action.suit.letter)
    if isinstance(action, Declare):
        return "declare:" + ("yes" if action.yes else "no")
    text = "play:" + action.card.notation
    if action.bela is not None:
        text += ":bela" if action.bela else ":bez"
    return text


def parse_action(text: str) -> Action:
    """The action :func:`action_text` wrote; :class:`ActionTextError` for any other text."""
    kind, _, rest = text.partition(":")
    try:
        if kind == "bid":
            return Bid(None if rest == "pass" else Suit.parse(rest))
        if kind == "declare" and rest in ("yes", "no"):
            return Declare(rest == "yes")
        if kind == "play":
            card, _, bela = rest.partition(":")
            if bela in ("", "bela", "bez"):
                return Play(Card.parse(card), None if not bela else bela == "bela")
    except ValueError:
        pass
    raise ActionTextError(f"{text!r} is not an action")


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
