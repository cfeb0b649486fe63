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

from collections.abc import Mapping
from typing import Any

from bela.actions import ActionTextError, Decision, Param
from bela.actions import action_text as action_text
from bela.actions import parse_action as parse_action

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
    (read back by :func:`read_decision`)."""
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


def read_decision(reply: Mapping[str, Any]) -> Decision:
    """The decision of a :func:`decision_reply` read back; ValueError if it holds none usable.

    >>> from bela.actions import Bid
    >>> read_decision(decision_reply(Decision(Bid(None), rule="bid.model.pass"))).rule
    'bid.model.pass'
    >>> read_decision({"id": 3, "error": "the worker failed"})
    Traceback (most recent call last):
    ValueError: no decision: the worker failed
    """
    if "action" not in reply:
        raise ValueError(f"no decision: {reply.get('error', 'no action')}")
    params: list[Param] = []
    for pair in reply.get("params") or []:
        if not isinstance(pair, list | tuple) or len(pair) != 2 or not isinstance(pair[0], str):
            raise ValueError(f"bad parameter {pair!r}")
        value = pair[1]
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            raise ValueError(f"bad parameter {pair!r}")
        params.append((pair[0], value))
    alternative = reply.get("alternative")
    samples = reply.get("samples") or 0
    if not isinstance(samples, int) or isinstance(samples, bool) or samples < 0:
        raise ValueError(f"bad sample count {samples!r}")
    return Decision(
        action=parse_action(str(reply["action"])),
        reason=str(reply.get("reason") or ""),
        rule=str(reply.get("rule") or ""),
        params=tuple(params),
        expected=_number(reply.get("expected")),
        runner_up=_number(reply.get("runner_up")),
        alternative=parse_action(str(alternative)) if alternative else None,
        samples=samples,
    )


def _number(value: object) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"not a number: {value!r}")
    return float(value)
