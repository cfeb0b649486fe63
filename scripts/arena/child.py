"""The child of ``scripts/arena/arena_vs.py``: an earlier commit's bots, asked over a pipe.

``arena_vs`` runs this file by its path, ``python .../scripts/arena/child.py``, inside a git
worktree of the earlier commit with that checkout first on ``PYTHONPATH``: so ``bela`` here is
the commit's, and this file imports nothing at its top but the standard library and nothing of
``bela`` but what every commit has (Hand, observe, decide, HouseRules, Card, Seat, the actions).

Why its own action codec (not :func:`bela.actions.action_text`, the project's one): the
commit's ``bela`` may predate it, and both sides of the pipe must speak the same lines. One
decision a line, JSON:

    request  {"rules": {...}, "dealer": "S", "deal": {"S": ["AH", ...], ...},
              "actions": [{"bid": "H"}, {"play": "AH", "bela": null}, ...],
              "level": "hard", "seed": 123}
    answer   {"bid": null} | {"bid": "H"} | {"declare": true} | {"play": "AH", "bela": null}
             or {"error": "..."}
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def encode(action: Any) -> dict[str, Any]:
    from bela.actions import Bid, Declare, Play

    if isinstance(action, Bid):
        return {"bid": None if action.suit is None else action.suit.letter}
    if isinstance(action, Declare):
        return {"declare": action.yes}
    if isinstance(action, Play):
        return {"play": str(action.card), "bela": action.bela}
    raise ValueError(f"not an action: {action!r}")


def decode(data: dict[str, Any]) -> Any:
    from bela.actions import Bid, Declare, Play
    from bela.cards import Card, Suit

    if "bid" in data:
        b = data["bid"]
        return Bid(None if b is None else next(s for s in Suit if s.letter == b))
    if "declare" in data:
        return Declare(bool(data["declare"]))
    if "play" in data:
        return Play(Card.parse(data["play"]), data.get("bela"))
    raise ValueError(f"not an action: {data!r}")


def request(hand: Any, level: str, seed: int) -> dict[str, Any]:
    return {
        "rules": hand.rules.to_json(),
        "dealer": hand.dealer.name,
        "deal": {s.name: [str(c) for c in cards] for s, cards in hand.deal.items()},
        "actions": [encode(a) for a in hand.actions],
        "level": level,
        "seed": seed,
    }


def answer(req: dict[str, Any]) -> dict[str, Any]:
    """The child's side: replay, observe, decide."""
    from bela.bots import decide
    from bela.cards import Card
    from bela.hand import Hand
    from bela.observation import observe
    from bela.rules import HouseRules
    from bela.seats import Seat

    deal = {Seat[name]: tuple(Card.parse(c) for c in cards) for name, cards in req["deal"].items()}
    hand = Hand(Seat[req["dealer"]], deal, HouseRules.from_json(req["rules"]))
    for a in req["actions"]:
        hand.apply(decode(a))
    seat = hand.turn
    assert seat is not None, "nobody is to act"
    return encode(decide(observe(hand, seat), req["level"], int(req["seed"])).action)


def serve() -> int:
    import bela

    here = Path.cwd().resolve()
    if here not in Path(bela.__file__).resolve().parents:
        # the checkout lacks its package (a half-made worktree): today's code would answer
        sys.stderr.write(f"arena child: bela imported from {bela.__file__}, not from {here}\n")
        return 2
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            out = answer(json.loads(line))
        except Exception as e:  # reported to the parent, which counts it as illegal
            out = {"error": f"{type(e).__name__}: {e}"}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(serve())
