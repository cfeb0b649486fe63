"""The coach: while the player thinks, the bots' worker prices every card they may play by what
their seat knows (web/coach_work.py: the review's search, budget and seed, so the coach says
what ``bela review`` will say of the card); when the card played costs
:data:`~bela.review_results.MISTAKE` points or more, a note follows it at once (what it cost,
the better card, why), with Take back, which undoes the card and whatever the bots did after
it. Off in today's deals and a shared deal. Here: what the coach finds and says, plain values;
its flow is web/coaching.py.

>>> from web.i18n import Translator
>>> prices = Prices.from_reply({"best": "AS", "values": {"AS": 20.0, "7S": 8.5, "KS": 15}, "samples": 24})
>>> note_for(prices, (1, 2, 9), Card.parse("KS")) is None
True
>>> note = note_for(prices, (1, 2, 9), Card.parse("7S"))
>>> note.cost, str(note.better), note.at
(11.5, 'AS', 9)
>>> coach_texts(Translator("en"), note)[0]
'That card cost about 11.5 points: the ace of spades was better.'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bela.cards import Card
from bela.review_results import MISTAKE, plain_number
from web.hint import number
from web.i18n import Translator
from web.words import card_name

Key = tuple[int, int, int]  # web.model.Model.position_key: (match, hand, actions so far)


@dataclass(frozen=True, slots=True)
class Prices:
    """Every card the player may play, by its mean margin on the sheet over the deals the
    search tried (``best``: the hard player's card; None: nothing to price)."""

    best: Card | None
    values: Mapping[Card, float] = field(default_factory=dict)
    samples: int = 0

    @classmethod
    def from_reply(cls, reply: Mapping[str, Any]) -> Prices:
        """Read the worker's answer; ValueError if it is not one."""
        if "error" in reply:
            raise ValueError(f"no prices: {reply['error']}")
        best = reply.get("best")
        if best is None:
            return cls(None)
        values = {Card.parse(str(c)): float(v) for c, v in dict(reply["values"]).items()}
        card = Card.parse(str(best))
        if card not in values:
            raise ValueError(f"the best card {card} has no price")
        return cls(card, values, int(reply.get("samples", 0)))

    def cost(self, card: Card) -> float:
        """What ``card`` costs against the best (bela.review.cost_of), 0 for an unpriced one."""
        if self.best is None or card not in self.values:
            return 0.0
        return max(0.0, self.values[self.best] - self.values[card])


@dataclass(frozen=True, slots=True)
class Note:
    """A costly card: played in position ``key``, ``cost`` points worse than ``better``."""

    key: Key
    card: Card
    better: Card
    cost: float
    value: float  # the card's mean margin
    better_value: float
    samples: int

    @property
    def at(self) -> int:
        """The hand's actions before the card: a take-back goes back to here."""
        return self.key[2]


def note_for(prices: Prices, key: Key, card: Card) -> Note | None:
    """The note on ``card`` played in ``key``, if it cost :data:`MISTAKE` points or more."""
    cost = prices.cost(card)
    if prices.best is None or cost < MISTAKE:
        return None
    values = prices.values
    return Note(key, card, prices.best, cost, values[card], values[prices.best], prices.samples)


def coach_texts(t: Translator, note: Note) -> tuple[str, str]:
    """What the card cost and the better card; why, from the search's figures."""
    card, better = card_name(t, note.card), card_name(t, note.better)
    lang = t.lang
    head = t("coach.cost", cost=number(lang, note.cost), better=better)
    why = t(
        "coach.why",
        samples=note.samples,
        better=better,
        card=card,
        best=number(lang, note.better_value, signed=True),
        value=number(lang, note.value, signed=True),
    )
    return head, why


def data_cost(note: Note) -> str:
    """``data-cost``: a plain number, as the review's (``12``, ``7.5``)."""
    return str(plain_number(note.cost))


@dataclass
class CoachState:
    """The prices found (by position), the note shown, and a card played before its prices came."""

    prices: dict[Key, Prices] = field(default_factory=dict)
    asking: set[Key] = field(default_factory=set)
    note: Note | None = None
    waiting: tuple[Key, Card] | None = None
