"""The recorded run of scripts/build/stdlib.py (issue 22): run under the pinned Pyodide by
scripts/build/make_stdlib.mjs, before scripts/build/stdlib_set.py, with the game's Python (app.zip, as
sources) in ``/home/pyodide`` and Pyodide's full standard library.

It imports every module of the game, then does what the page and its worker do: a whole hand
played by the bots at every level through the worker's own handler (each answer carries a
hint's words: web.hint.advice), the review of that hand (the bids, tricks, the solver's costs),
today's par, and the engine's benchmark. Its globals then hold ``bela_boot`` (what Pyodide
had imported before), ``bela_run`` (``sys.modules`` after) and ``bela_failed`` (the game's
modules that need a browser: module -> why; stdlib_set.py reads their imports instead). It
imports nothing itself that the game does not (its own tools are stdlib_set.py's, after).
"""

from __future__ import annotations

import importlib
import json
import sys

HOME = "/home/pyodide"
# the day whose par is played: any day plays the same code
DAY = "2026-12-01"


def game_modules() -> list[str]:
    """Every module of the game in HOME (bela/ and web/), by its files."""
    import os

    found = []
    for root, dirs, files in os.walk(HOME):
        dirs.sort()
        for f in sorted(files):
            if f.endswith(".py"):
                parts = os.path.relpath(os.path.join(root, f), HOME)[:-3].split(os.sep)
                if parts[-1] == "__init__":
                    parts.pop()
                found.append(".".join(parts))
    return found


def recorded_run() -> dict[str, str]:
    """Import every module of the game; play, review and par as the page and its worker do."""
    failed: dict[str, str] = {}
    for name in game_modules():
        try:
            importlib.import_module(name)
        except Exception as e:  # a browser module (js.document, pyscript): read statically
            failed[name] = f"{type(e).__name__}: {e}"
    from bela import bots
    from bela.daily import daily_seed
    from bela.match import Match
    from bela.record import dumps
    from web import bench
    from web.worker import main as worker

    def ask(request: dict[str, object]) -> None:
        reply = json.loads(worker.handle(json.dumps(request)))
        if "error" in reply:
            raise RuntimeError(f"the recorded run: {request.get('kind', 'decision')}: {reply['error']}")

    match = Match(seed=7)
    hand = match.start_hand()
    levels = ("hard", "medium", "easy")
    step = 0
    while not hand.finished:
        level, seat = levels[step % 3], hand.turn
        assert seat is not None
        ask({"id": step, "record": dumps(match), "seat": seat.name, "level": level, "seed": 5})
        hand.apply(bots.decide(match.observation(seat), level, 5).action)
        step += 1
    record = dumps(match)
    for part in ("bids", "decided", "trick:0", "trick:7", "dd:0", "dd:6"):
        ask({"id": 0, "kind": "review", "record": record, "hand": 1, "part": part})
    ask({"id": 0, "kind": "par", "seed": daily_seed(DAY), "number": 1, "budget_ms": 50})
    bench.random_hands(hands=2, seed=3)
    return failed


bela_boot = sorted(sys.modules)  # the home folder is on sys.path (make_stdlib.mjs)
bela_failed = recorded_run()
bela_run = sorted(sys.modules)
