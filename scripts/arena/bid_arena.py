"""Two ways of naming trump against each other, the card play the same (an experiment).

    .venv/bin/python scripts/bid_arena.py --a-set honours=1 --b-set honours=0 --deals 1000 --seed 5

A and B are today's hard player with these Budget fields changed (``scripts/arena_vs.py``'s
``--a-set``); the fields must change only how trump is named, so that both play every card
alike. Each deal is played twice with the same cards, A's team as North-South then as
East-West, with the same decision seeds in both: when the two auctions come out the same, the
two hands are played alike and the deal is a tie with a margin of 0, so it is not played at
all. Only the deals whose auctions differ cost a play-out: a bidding change is measured on
many more deals than ``arena_vs.py`` could play in the same time.

Prints one JSON object: the deals, how many had different auctions, A's share of deals and
its 95% interval, the mean margin per deal (A's points minus B's over both hands) over all
deals and over the different ones, with 95% intervals.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from scripts.arena import arena_vs

ROOT = Path(__file__).resolve().parents[2]


def auction(dealer: Any, deal: Any, players: dict[Any, arena_vs.Player], seed: int) -> list[Any]:
    from bela.deal import derive_seed
    from bela.hand import Hand

    hand = Hand(dealer, deal)
    bids = []
    while hand.trump is None:
        seat = hand.turn
        assert seat is not None
        action = players[seat](hand, seat, derive_seed(seed, len(hand.actions)))
        bids.append(action)
        hand.apply(action)
    return bids


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--a-set", default="")
    p.add_argument("--b-set", default="")
    p.add_argument("--level", default="hard")
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--progress", type=Path)
    args = p.parse_args(argv)
    from bela.deal import deal_cards, derive_seed
    from bela.scoring import score_hand
    from bela.seats import SEATS, Team

    a = arena_vs.local(args.level, args.a_set)
    b = arena_vs.local(args.level, args.b_set)
    scores: list[float] = []
    margins: list[float] = []
    differ: list[float] = []
    illegal = 0
    for i in range(args.first, args.first + args.deals):
        dealer = SEATS[i % 4]
        deal = deal_cards(derive_seed(args.seed, i), dealer)
        seed = derive_seed(args.seed, i, 7)
        sides = []
        for team in (Team.NS, Team.EW):
            sides.append({s: (a if s.team is team else b) for s in SEATS})
        if auction(dealer, deal, sides[0], seed) == auction(dealer, deal, sides[1], seed):
            scores.append(0.5)
            margins.append(0.0)
        else:
            sums = [0, 0]
            for team, players in zip((Team.NS, Team.EW), sides, strict=True):
                ms: dict[Any, list[float]] = {s: [] for s in SEATS}
                lost = dict.fromkeys(SEATS, 0)
                hand, bad = arena_vs.play_hand(dealer, deal, players, None, seed, ms, lost)
                illegal += bad
                written = score_hand(hand).written
                sums[0] += written[team]
                sums[1] += written[team.other]
            scores.append(1.0 if sums[0] > sums[1] else 0.0 if sums[0] < sums[1] else 0.5)
            margins.append(float(sums[0] - sums[1]))
            differ.append(float(sums[0] - sums[1]))
        if args.progress is not None:
            args.progress.write_text(json.dumps(summary(args, scores, margins, differ, illegal)) + "\n")
    print(json.dumps(summary(args, scores, margins, differ, illegal)))
    return 0


def summary(
    args: argparse.Namespace, scores: list[float], margins: list[float], differ: list[float], illegal: int
) -> dict[str, Any]:
    share = arena_vs.interval(scores, 3)
    return {
        "a": args.a_set,
        "b": args.b_set,
        "seed": args.seed,
        "deals": len(scores),
        "different_auctions": len(differ),
        "a_share": share,
        "margin_per_deal": arena_vs.interval(margins, 3),
        "margin_when_different": arena_vs.interval(differ, 3),
        "illegal": illegal,
    }


if __name__ == "__main__":
    sys.exit(main())
