"""How well the search's quick rollouts choose, were the deal known: the hard player's search told
the true deal, against the exact solve of the same deal, at positions of recorded hands.

    .venv/bin/python -m scripts.arena.regret [--hands 300] [--more-than 16] [--at-most 28] [--every 3]

At every ``--every``-th decision of the held-out hands of the kept recording
(``scripts/fit/data/hands.jsonl.gz``, seed 2027) with more than ``--more-than`` and at most
``--at-most`` cards left, the seat to play is told every hand (``scripts.arena.oracle``), and
its search values each legal card twice on that one deal: as the hard player does (played out
by the rollout policy to an exact endgame of 8 cards) and solved exactly to the end. Printed,
by cards left (in fours) and by leading or following: the positions, how often the rollouts'
card is one the exact solve rates best, and the mean margin it loses against that best. No
luck is involved (one deal, told), so a change to the rollouts is screened in a minute; but the
screen is a filter, not a measure: a rollout that chooses better on the told deal can play
worse over the drawn deals (the twelfth pass: the trick searched scored 16.4 here against
22.8, and lost 4.4 a deal in play), so a change it likes still goes to the arena. Figures:
docs/experiments.md (the eleventh and twelfth passes).
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Iterator

from bela.actions import Play, parse_action
from bela.bots import BUDGETS, rank_search, search
from bela.bots.knowledge import infer
from bela.deal import SplitMix64
from bela.hand import Hand
from bela.observation import observe
from bela.seats import SEATS
from scripts.arena.oracle import reveal
from scripts.fit.fit_locations import KEPT, SHIPPED, new_hand, read_hands

EXACT = dataclasses.replace(BUDGETS["hard"], exact_cards=32, node_budget=10**12)


def loss(hand: Hand) -> float:
    """The margin the rollouts' card loses against the exact best, the seat to play told the
    deal (0 when they choose a best card)."""
    seat = hand.turn
    assert seat is not None
    obs = observe(hand, seat)
    k = infer(obs)
    reveal(k, hand, seat, "all")
    exact = search(obs, k, SplitMix64(1), EXACT).values
    pick = rank_search(obs, search(obs, k, SplitMix64(1), BUDGETS["hard"]))[0][0]  # as the player ranks
    return max(exact.values()) - exact[pick]


def positions(hands: int, more_than: int, at_most: int, every: int) -> Iterator[tuple[Hand, int, bool]]:
    """The held-out kept hands' positions to look at: the hand there, the cards left, and
    whether the seat leads."""
    held_out = SHIPPED["seed"] + 1  # the card-location model's held-out hands
    rows = [r for r in read_hands(KEPT) if r[0] == held_out][:hands]
    for seed, i, actions in rows:
        hand = new_hand(seed, i)
        for text in actions:
            action = parse_action(text)
            seat = hand.turn
            if isinstance(action, Play) and seat is not None and len(hand.actions) % every == 0:
                left = sum(len(hand.held[s]) for s in SEATS)
                if more_than < left <= at_most and len(hand.legal_cards()) > 1:
                    yield hand.copy(), left, not hand.trick.cards
            hand.apply(action)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--hands", type=int, default=300)
    p.add_argument("--more-than", type=int, default=16)
    p.add_argument("--at-most", type=int, default=28, help="32 reaches the first lead: seconds a position")
    p.add_argument("--every", type=int, default=3, help="look at every n-th decision")
    args = p.parse_args(argv)
    rows: dict[tuple[int, bool], list[float]] = {}
    for hand, left, lead in positions(args.hands, args.more_than, args.at_most, args.every):
        rows.setdefault((left // 4 * 4, lead), []).append(loss(hand))
    for (band, lead), losses in sorted(rows.items(), reverse=True):
        best = sum(1 for x in losses if x <= 1e-9) / len(losses)
        print(
            f"{band}-{band + 3} cards left, {'leading' if lead else 'following'}: {len(losses)} positions, "
            f"a best card {best:.3f}, mean loss {sum(losses) / len(losses):.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
