"""What the page and the bots' worker say to each other, in one place (both sides import it):
each request as it is built, a decision's reply, and an action as a short string. Messages
travel as JSON text (a seed may not fit in a JavaScript number); each request carries an
``id`` that its reply repeats, and any reply may be ``{"id", "error"}`` instead.

The action's text is the project's one, :func:`bela.actions.action_text` (re-exported here for
the page and the worker): one token per action, with the bela call inside the card's
(``play:KH:bela``), where the bela-record (bela/record.py) writes bids, declarations, bela
calls and plays in separate lists of a hand; a lesson's right answers and the bots' pinned
decisions (tests/data/hard_decisions.json) use it too.

>>> from bela.actions import Bid, Declare, Play
>>> from bela.cards import Card, Suit
>>> [action_text(a) for a in (Bid(None), Bid(Suit.CLUBS), Declare(False), Play(Card.parse("KH"), True))]
['bid:pass', 'bid:C', 'declare:no', 'play:KH:bela']
>>> parse_action("play:TS") == Play(Card.parse("TS"))
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bela.actions import ActionTextError
from bela.actions import action_text as action_text
from bela.actions import parse_action as parse_action

if TYPE_CHECKING:
    from bela.bots import Decision

ProtocolError = ActionTextError  # a message that is not an action


# -- requests (page -> worker) ------------------------------------------------------------------


def decision_request(record: str, seat: str, level: str, seed: int) -> dict[str, Any]:
    """The decision of ``seat`` (``S``) at ``level`` in the recorded position (a bot's move or
    a hint); answered by :func:`decision_reply`."""
    return {"record": record, "seat": seat, "level": level, "seed": seed}


def review_request(record: str, number: int, part: str) -> dict[str, Any]:
    """One part of hand ``number``'s review (web/worker/review.py)."""
    return {"kind": "review", "record": record, "hand": number, "part": part}


def coach_request(record: str) -> dict[str, Any]:
    """The prices of the player's options in the recorded position (web/worker/coach.py)."""
    return {"kind": "coach", "record": record}


def par_request(seed: int, number: int, budget_ms: float) -> dict[str, Any]:
    """About ``budget_ms`` more of the par of deal ``number`` of ``seed`` (web/worker/main.py)."""
    return {"kind": "par", "seed": seed, "number": number, "budget_ms": budget_ms}


# -- replies (worker -> page) -------------------------------------------------------------------


def decision_reply(decision: Decision) -> dict[str, Any]:
    """A bot's decision as plain JSON data: the action and what a hint shows of its choice
    (read back by web.hint.Advice.from_reply)."""
    return {
        "action": action_text(decision.action),
        "reason": decision.reason,
        "rule": decision.rule,
        "params": [[name, value] for name, value in decision.params],
        "expected": decision.expected,
        "runner_up": decision.runner_up,
        "alternative": action_text(decision.alternative) if decision.alternative is not None else None,
        "samples": decision.samples,
    }
