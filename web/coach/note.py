"""The coach: while the player thinks, the bots' worker prices every card they may play by what
their seat knows (web/worker/coach.py: the review's search, budget and seed, so the coach says
what ``bela review`` will say of the card; a bid by the review's trump model); when the card
played (the bid) costs
:data:`~bela.review_results.MISTAKE` points or more, a note follows it at once (what it cost,
the better card, why), with Take back, which undoes the card and whatever the bots did after
it. Off in today's deals and a shared deal. Here: what the coach finds and says, plain values;
its flow is web/flows/coach.py.

>>> from web.i18n import Translator
>>> prices = Prices.from_reply({"best": "AS", "values": {"AS": 20.0, "7S": 8.5, "KS": 15}, "samples": 24})
>>> key = Position(1, 2, 9, "the position")
>>> note_for(prices, key, "KS") is None
True
>>> note = note_for(prices, key, "7S")
>>> note.cost, note.better, note.at
(11.5, 'AS', 9)
>>> coach_texts(Translator("en"), note)[0]
'That card cost about 11.5 points: the ace of spades was better.'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bela.cards import Card, Suit
from bela.review_results import MISTAKE, plain_number
from web.hint.advice import number
from web.i18n import Translator
from web.session import Position
from web.words import card_name

Key = Position  # web.model.Model.position_key: the position itself, never a mere count


@dataclass(frozen=True, slots=True)
class Prices:
    """Every card the player may play (``kind`` card: its mean margin on the sheet over the deals
    the search tried), or every bid (``kind`` bid: by the hard player's trump model), in record
    notation (``AS``; ``H``, ``pass``); ``best``: the hard player's choice (None: nothing to
    price)."""

    best: str | None
    values: Mapping[str, float] = field(default_factory=dict)
    samples: int = 0
    kind: str = "card"

    @classmethod
    def from_reply(cls, reply: Mapping[str, Any]) -> Prices:
        """Read the worker's answer; ValueError if it is not one."""
        if "error" in reply:
            raise ValueError(f"no prices: {reply['error']}")
        best = reply.get("best")
        if best is None:
            return cls(None)
        kind = str(reply.get("kind", "card"))
        if kind == "card":
            values = {str(Card.parse(str(c))): float(v) for c, v in dict(reply["values"]).items()}
        elif kind == "bid":
            values = {_bid(str(b)): float(v) for b, v in dict(reply["values"]).items()}
        else:
            raise ValueError(f"prices of {kind!r}")
        if str(best) not in values:
            raise ValueError(f"the best choice {best} has no price")
        return cls(str(best), values, int(reply.get("samples", 0)), kind)

    def cost(self, choice: str) -> float:
        """What ``choice`` costs against the best (bela.review.cost_of), 0 for an unpriced one."""
        if self.best is None or choice not in self.values:
            return 0.0
        return max(0.0, self.values[self.best] - self.values[choice])


def _bid(text: str) -> str:
    if text != "pass":
        Suit.parse(text)  # ValueError if it is not a suit
    return text


@dataclass(frozen=True, slots=True)
class Note:
    """A costly card or bid (``kind``): ``choice`` made in position ``key``, ``cost`` points
    worse than ``better``."""

    key: Key
    choice: str
    better: str
    cost: float
    value: float  # the choice's mean margin
    better_value: float
    samples: int
    kind: str = "card"

    @property
    def at(self) -> int:
        """The hand's actions before the choice: a take-back goes back to here."""
        return self.key.actions


def note_for(prices: Prices, key: Key, choice: str) -> Note | None:
    """The note on ``choice`` made in ``key``, if it cost :data:`MISTAKE` points or more."""
    cost = prices.cost(choice)
    if prices.best is None or cost < MISTAKE:
        return None
    values = prices.values
    best = prices.best
    return Note(key, choice, best, cost, values[choice], values[best], prices.samples, prices.kind)


def choice_name(t: Translator, kind: str, choice: str) -> str:
    """A card by its name, a bid as its button says it."""
    if kind == "card":
        return card_name(t, Card.parse(choice))
    return t("bid.pass") if choice == "pass" else t(f"suit.{choice}")


def coach_texts(t: Translator, note: Note) -> tuple[str, str]:
    """What the card (bid) cost and the better one; why, from the search's (model's) figures."""
    mine, better = choice_name(t, note.kind, note.choice), choice_name(t, note.kind, note.better)
    lang = t.lang
    figures = {
        "better": better,
        "mine": mine,
        "best": number(lang, note.better_value, signed=True),
        "value": number(lang, note.value, signed=True),
    }
    if note.kind == "bid":
        head = t("coach.cost_bid", cost=number(lang, note.cost), better=better)
        return head, t("coach.why_bid", **figures)
    head = t("coach.cost", cost=number(lang, note.cost), better=better)
    return head, t("coach.why", samples=note.samples, **figures)


def data_cost(note: Note) -> str:
    """``data-cost``: a plain number, as the review's (``12``, ``7.5``)."""
    return str(plain_number(note.cost))


@dataclass
class CoachState:
    """The prices found (by position), the note shown, and a card played before its prices came."""

    prices: dict[Key, Prices] = field(default_factory=dict)
    asking: set[Key] = field(default_factory=set)
    note: Note | None = None
    waiting: tuple[Key, str] | None = None
