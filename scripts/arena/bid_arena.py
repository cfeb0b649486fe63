"""Two ways of naming trump against each other, the card play the same (an experiment).

    .venv/bin/python -m scripts.arena.bid_arena --a-set FIELD=VALUE --b-set '' --deals 1000 --seed 5

A and B are today's player of ``--level`` with these Budget fields changed
(``scripts/arena/arena_vs.py``'s ``--a-set``); the fields must change only how trump is named,
so that both play every card alike. (The shipped Budget has no bidding field left: the bid
experiments measured with this script, the jack-or-nine rule and the thresholds, are in
docs/experiments.md; a new one adds its field, measures, and is kept or removed.)

Each deal is played twice with the same cards, A's team as North-South then as
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

from bela.actions import Action
from bela.arena import Player, play_hand
from bela.deal import deal_cards, derive_seed
from bela.scoring import score_hand
from bela.seats import SEATS, Seat, Team
from scripts.arena import arena_vs


def auction(dealer: Seat, deal: Any, players: dict[Seat, Player], seed: int) -> list[Action]:
    """The bids until trump is named (the seeds as a whole hand's)."""
    hand, _ = play_hand(dealer, deal, players, None, seed, until=lambda h: h.trump is not None)
    return list(hand.actions)


def margin(dealer: Seat, deal: Any, sides: list[dict[Seat, Player]], seed: int) -> tuple[int, int]:
    """A's points minus B's over the deal's two hands, and the illegal actions."""
    total = illegal = 0
    for team, players in zip((Team.NS, Team.EW), sides, strict=True):
        hand, bad = play_hand(dealer, deal, players, None, seed)
        illegal += bad
        written = score_hand(hand).written
        total += written[team] - written[team.other]
    return total, illegal


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
        sides = [{s: (a if s.team is team else b) for s in SEATS} for team in (Team.NS, Team.EW)]
        m = 0
        if auction(dealer, deal, sides[0], seed) != auction(dealer, deal, sides[1], seed):
            m, bad = margin(dealer, deal, sides, seed)
            illegal += bad
            differ.append(float(m))
        scores.append(1.0 if m > 0 else 0.0 if m < 0 else 0.5)
        margins.append(float(m))
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
