"""What knowing hidden cards is worth: today's player told some of the truth, against itself.

    .venv/bin/python -m scripts.arena.oracle partner [--more-than 16] [--at-most 32]
        [--deals 300] [--seed 5101] [--first 0] [--progress FILE]

A is today's ``--level`` (hard) that, for each card it plays with more than ``--more-than``
and at most ``--at-most`` cards left in all hands, is told where some hidden cards are: they
become hard facts of its :class:`~bela.bots.knowledge.Knowledge` (a told card the seat holds
is in ``must``, one it does not in ``cannot``), and it searches as it always does. B is the
same level told nothing. Both hands of a deal get the same decision seeds (``arena_vs
--same-seeds``), so the two play alike wherever the telling changes nothing, and the margin a
deal is what the told cards are worth to the player. What it is told (``KNOW``):

- ``all``: every other hand; ``partner``: the partner's hand; ``next``: the hand of the seat
  that plays after it (an opponent);
- ``trumps``: which trumps the partner holds; ``honours``: whether it holds the trump jack
  and nine; ``aces``: which side aces and tens it holds;
- ``nothing``: the control, which plays as B and ties every deal.

No part of this is in ``bela/``: the player never sees more than its observation. The figures
are in docs/experiments.md (the eleventh pass). Prints ``arena_vs``'s summary.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bela.actions import Action, Phase, Play
from bela.arena import Player
from bela.bots import (
    BUDGETS,
    LEVELS,
    _from_search,  # the shipped player's choice from its search's values
    decide,
    decision_rng,
    search,
)
from bela.bots.knowledge import ALL, SUIT_BITS, Knowledge, infer, mask
from bela.cards import Rank
from bela.hand import Hand
from bela.observation import observe
from bela.seats import SEATS, Seat
from scripts.arena.arena_vs import local, run

KNOW = ("all", "partner", "next", "trumps", "honours", "aces", "nothing")


def told(know: str, seat: Seat, other: Seat, trump: int) -> int:
    """The cards whose place in ``other``'s hand ``seat`` is told (a bit per card index)."""
    if know == "nothing" or (know == "next" and other != seat.next):
        return 0
    if know in ("partner", "trumps", "honours", "aces") and other != seat.partner:
        return 0
    if know == "trumps":
        return SUIT_BITS[trump]
    if know == "honours":
        return (1 << (trump * 8 + Rank.JACK)) | (1 << (trump * 8 + Rank.NINE))
    if know == "aces":
        return sum((1 << (s * 8 + Rank.ACE)) | (1 << (s * 8 + Rank.TEN)) for s in range(4) if s != trump)
    return ALL


def reveal(k: Knowledge, hand: Hand, seat: Seat, know: str) -> None:
    """Add to ``k`` (``seat``'s knowledge) the truth about the cards ``know`` tells it."""
    assert hand.trump is not None
    for other in SEATS:
        if other == seat:
            continue
        cards = told(know, seat, other, int(hand.trump)) & k.unseen
        held = mask(hand.held[other])
        k.must[other] |= held & cards
        k.cannot[other] |= cards & ~held


def oracle_player(level: str, know: str, more_than: int = 0, at_most: int = 32) -> Player:
    """``level``'s player, told what ``know`` says for its card play with more than
    ``more_than`` and at most ``at_most`` cards left (its other decisions are ``decide``'s)."""
    if know not in KNOW:
        raise ValueError(f"unknown {know!r}: one of {', '.join(KNOW)}")
    budget = BUDGETS[level]

    def play(hand: Hand, seat: Seat, seed: int) -> Action:
        obs = observe(hand, seat)
        remaining = sum(obs.held_count(s) for s in SEATS)
        legal = {a.card for a in obs.legal if isinstance(a, Play)}
        if (
            obs.phase is not Phase.PLAYING
            or len(legal) < 2
            or not more_than < remaining <= min(at_most, budget.search_from)
        ):
            return decide(obs, level, seed).action
        k = infer(obs)
        reveal(k, hand, seat, know)
        # decide's own generator, so that told nothing it decides as decide does
        rng = decision_rng(obs, level, seed)
        result = search(obs, k, rng, budget)
        slack = budget.signal_slack if budget.signals else None
        return _from_search(obs, result, remaining <= budget.exact_cards, slack).action

    return play


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("know", choices=KNOW, help="what A is told")
    p.add_argument("--level", default="hard", choices=[lv for lv in LEVELS if lv in BUDGETS])
    p.add_argument("--more-than", type=int, default=0, help="told only with more cards left than this")
    p.add_argument("--at-most", type=int, default=32, help="told only with at most this many cards left")
    p.add_argument("--deals", type=int, default=300)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--first", type=int, default=0, help="index of the first deal (to split a run)")
    p.add_argument("--progress", type=Path, help="a file rewritten with the summary after every deal")
    args = p.parse_args(argv)
    a = oracle_player(args.level, args.know, args.more_than, args.at_most)
    out = run(
        a, local(args.level), args.deals, args.seed, first=args.first, progress=args.progress, same_seeds=True
    )
    out.pop("deal_scores")
    out.update({"a": f"{args.level} told {args.know} ({args.more_than} < cards left <= {args.at_most})"})
    out["b"] = args.level
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
