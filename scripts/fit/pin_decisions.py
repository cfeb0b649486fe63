"""Pin the hard player's decisions that tests/test_bots_pinned.py asks for again.

    .venv/bin/python -m scripts.fit.pin_decisions "WHICH PLAYER"  # rewrite, saying whose they are
    .venv/bin/python -m scripts.fit.pin_decisions --check # exit 1 if today's player differs

tests/data/hard_decisions.json keeps six hands of hard self-play (every bid and card, forced
or chosen, with the rule that chose it) and the auctions of forty more deals, each decision
seeded as ``bela arena`` seeds it (``derive_seed(seed, actions so far)``). A change that is
meant to keep the hard player's decisions leaves this file alone and the test passes; a change
meant to alter them (a refitted card-location model, a new rule) rewrites it here, with the
same deals, after its arena run, and raises ``bela.daily.PAR_VERSION`` (``scripts.fit.pin_pars``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bela.actions import action_text
from bela.bots import decide
from bela.deal import deal_cards, derive_seed
from bela.hand import Hand
from bela.observation import observe
from bela.seats import SEATS

ROOT = Path(__file__).resolve().parents[2]
PINNED = ROOT / "tests" / "data" / "hard_decisions.json"


def decisions(seed: int, auction_only: bool) -> list[list[str]]:
    """The hard player's decisions of deal ``seed`` (all four seats), ``[action, rule]`` each;
    with ``auction_only``, until trump is named."""
    dealer = SEATS[seed % 4]
    hand = Hand(dealer, deal_cards(derive_seed(seed, 0), dealer))
    made: list[list[str]] = []
    while not hand.finished and not (auction_only and hand.trump is not None):
        seat = hand.turn
        assert seat is not None
        d = decide(observe(hand, seat), "hard", derive_seed(seed, len(hand.actions)))
        made.append([action_text(d.action), d.rule])
        hand.apply(d.action)
    return made


def pinned(who: str, data: dict[str, object]) -> dict[str, object]:
    """``data`` made again by today's hard player: the same deals, ``made_by`` saying ``who``."""
    hands, auctions = data["hands"], data["auctions"]
    assert isinstance(hands, list) and isinstance(auctions, list)
    return {
        "made_by": f"the hard player of {who} (bela.bots.decide(observation, 'hard', seed))",
        "hands": [{"seed": h["seed"], "decisions": decisions(h["seed"], False)} for h in hands],
        "auctions": [{"seed": a["seed"], "decisions": decisions(a["seed"], True)} for a in auctions],
    }


def dumps(data: dict[str, object]) -> str:
    """The file's layout: a decision a line (a change reads as the decisions that changed)."""

    def deals(rows: object) -> str:
        assert isinstance(rows, list)
        return ",\n".join(
            f'  {{"seed": {r["seed"]}, "decisions": [\n'
            + ",\n".join(f"   {json.dumps(d)}" for d in r["decisions"])
            + "\n  ]}"
            for r in rows
        )

    made_by = json.dumps(data["made_by"])
    hands, auctions = deals(data["hands"]), deals(data["auctions"])
    return f'{{\n "made_by": {made_by},\n "hands": [\n{hands}\n ],\n "auctions": [\n{auctions}\n ]\n}}\n'


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("who", nargs="?", help="whose decisions these are (main after COMMIT: what changed)")
    p.add_argument("--check", action="store_true", help="only say whether today's player decides alike")
    args = p.parse_args(argv)
    data = json.loads(PINNED.read_text(encoding="utf-8"))
    fresh = pinned(args.who or "?", data)
    changed = [
        f"{kind} seed {old['seed']}"
        for kind in ("hands", "auctions")
        for old, new in zip(data[kind], fresh[kind], strict=True)  # type: ignore[call-overload]
        if old["decisions"] != new["decisions"]
    ]
    print(f"{len(changed)} of the pinned deals decided otherwise: {', '.join(changed) or 'none'}")
    if args.check or not args.who:
        return 1 if changed else 0
    PINNED.write_text(dumps(fresh), encoding="utf-8")
    print(f"wrote {PINNED.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
