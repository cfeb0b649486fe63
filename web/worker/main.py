"""The computer players' side of the page: runs in a Web Worker, never touches the DOM.

The page sends a JSON request ``{"id", "record", "seat", "level", "seed"}``; the worker
rebuilds the match from its bela-record, builds the seat's observation, asks
``bela.bots.decide`` and answers ``{"id", "action", "reason", "ms"}`` with the rest of the
decision (``rule``, ``params``, ``expected``, ``runner_up``, ``alternative``, ``samples``:
what a hint shows, web.hint.advice), or ``{"id", "error"}``. The same function runs under CPython,
which is how it is tested. A request with ``"kind": "review"`` asks for a part of a finished
hand's review instead (web/worker/review.py), and one of kind ``coach`` the prices of the player's
cards by what their seat knows (web/worker/coach.py).

A par request ``{"id", "kind": "par", "seed", "number", "budget_ms"}`` plays on the par of that
deal (bela/daily.py) for about ``budget_ms``, at least one decision, and answers ``{"id",
"done", "actions"}``, with ``NS`` and ``EW`` once done: the page asks again until done, so a
decision asked meanwhile waits for one step, never for a whole hand.

>>> from bela.match import Match
>>> from bela.record import dumps
>>> m = Match(seed=11)
>>> _ = m.start_hand()
>>> seat = m.current.turn.name
>>> request = {"id": 1, "record": dumps(m), "seat": seat, "level": "easy", "seed": 5}
>>> reply = json.loads(handle(json.dumps(request)))
>>> reply["id"], reply["action"].startswith("bid:")
(1, True)
"""

from __future__ import annotations

import json
import time
from typing import Any

from bela import bots
from bela.daily import ParRun
from bela.match import Match
from bela.record import loads
from bela.seats import Seat
from web.worker.messages import decision_reply

_cache: dict[str, Match] = {}
_par_runs: dict[tuple[int, int], ParRun] = {}


def decide(record: str, seat: str, level: str, seed: int) -> bots.Decision:
    """The decision of ``seat`` at ``level`` in the recorded position."""
    match = _cache.get(record)
    if match is None:
        match = loads(record)
        _cache.clear()
        _cache[record] = match
    hand = match.current
    who = Seat.parse(seat)
    if hand is None or hand.turn != who:
        raise ValueError(f"it is not {seat}'s turn in this record")
    decision = bots.decide(match.observation(who), level, seed)
    if hand.check(decision.action) is not None:  # the engine has the last word
        raise ValueError(f"the bot chose an illegal action {decision.action}")
    return decision


def par_step(seed: int, number: int, budget_ms: float) -> dict[str, Any]:
    """Play on the par of deal ``number`` of ``seed`` for about ``budget_ms`` (one decision at
    least); the run is kept between requests.

    >>> from bela.daily import daily_seed
    >>> reply = par_step(daily_seed("2026-12-01"), 1, 0)
    >>> reply["done"], reply["actions"]
    (False, 1)
    """
    key = (seed, number)
    run = _par_runs.get(key)
    if run is None:
        run = _par_runs[key] = ParRun(seed, number)
    start = time.perf_counter()
    while not run.done:
        run.step()
        if (time.perf_counter() - start) * 1000 >= budget_ms:
            break
    reply: dict[str, Any] = {"done": run.done, "actions": len(run.hand.actions)}
    if run.done:
        result = run.result()
        reply.update(NS=result.ns, EW=result.ew)
        del _par_runs[key]
    return reply


def handle(request: str) -> str:
    """Answer one JSON request with one JSON reply; never raises."""
    reply: dict[str, Any] = {}
    start = time.perf_counter()
    try:
        data = json.loads(request)
        reply["id"] = data.get("id")
        if data.get("kind") == "review":  # a part of a hand's review (web/worker/review.py)
            from web.worker.review import answer

            reply.update(answer(str(data["record"]), int(data["hand"]), str(data["part"])))
        elif data.get("kind") == "coach":  # the player's options priced (web/worker/coach.py)
            from web.worker.coach import answer as coach_answer

            reply.update(coach_answer(str(data["record"])))
        elif data.get("kind") == "par":
            reply.update(par_step(int(data["seed"]), int(data["number"]), float(data.get("budget_ms", 100))))
        else:
            decision = decide(str(data["record"]), str(data["seat"]), str(data["level"]), int(data["seed"]))
            reply.update(decision_reply(decision))
    except Exception as e:  # a bad request or a bot's bug must not kill the worker
        reply["error"] = f"{type(e).__name__}: {e}"
    reply["ms"] = round((time.perf_counter() - start) * 1000, 2)
    return json.dumps(reply)
