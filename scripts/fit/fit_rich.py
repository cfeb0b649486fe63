"""Fit the hard player's trump-naming model (``bela/data/rich_table.py``) by simulation.

For every simulated deal (none with a whole suit in one hand), every seat is made to name
every suit in turn, the seats before it passing, and the hand is played out by the hard
player's rollouts (:func:`bela.bots.rollout.rollout_value`: every seat by its own hand and the
cards still out, an exact endgame of 8 cards); the margin the naming team writes (its points
minus the other team's, declarations, bela, pad and štiglja included) is kept: 16 outcomes a
deal. Then, three rounds of:

1. one least-squares model per speaking position of that margin on the features of the
   namer's six cards (:func:`bela.bots.bidding.rich_features`), each fitted only on the deals
   that reach the position: the first seat's on every deal, a later seat's where the seats
   before it pass by the current models; so a later seat's weights read what the passes say;
2. the naming thresholds of positions 0 to 2 (the dealer must name), each chosen on a grid
   (coordinate ascent) to maximize that position's team's mean margin, the auction replayed
   on every deal from its 16 outcomes with the rules of :func:`bela.bots.bidding.rich_choice`.

NumPy does the least squares (an offline script: the game itself never imports it):

    .venv/bin/pip install numpy
    .venv/bin/python -m scripts.fit.fit_rich --deals 200000 --seed 2024 --jobs 2

About 4 minutes of CPU for 200,000 deals. ``--check`` refits and says whether the table on
disk is what the fit makes.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from bela.bots.bidding import DEALER_HONOUR_SLACK, RICH_NAMES, holds_jack_or_nine, rich_features
from bela.bots.rollout import rollout_card, rollout_value
from bela.bots.search import Scoring, dealt_declaration_points, to_internal
from bela.bots.solver import Solver
from bela.cards import Rank, Suit, card_from_index
from bela.rules import HouseRules
from bela.seats import SEATS, Seat
from scripts.fit import simulation

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "bela" / "data" / "rich_table.py"
GRID = [float(x) for x in range(-60, 61, 4)]
ROUNDS = 3

# each position's six cards (card indices), the margins [position][suit]
Row = tuple[tuple[tuple[int, ...], ...], list[list[int]]]


def hand_margin(full: list[int], trump: Suit, caller: Seat, dealer: Seat, rules: HouseRules) -> int:
    """The written margin for the caller's team of the hand played out by the rollouts."""
    t = int(trump)
    hands = [to_internal(full[s], t) for s in SEATS]
    leader = int(dealer.next)
    first = rollout_card(hands, leader, 0, -1, -1, leader, t)
    r = rollout_value(Solver(t), hands, t, leader, [], first, False, False, 8, [0])
    decl = dealt_declaration_points(full, dealer.next.order_from())
    kq = (1 << (t * 8 + Rank.KING)) | (1 << (t * 8 + Rank.QUEEN))
    bela = [0, 0]
    for s in SEATS:
        if full[s] & kq == kq:
            bela[s.team] += 20
    scoring = Scoring(rules, caller.team, decl, (bela[0], bela[1]), 0)
    return scoring.margin(r, caller.team)


def simulate(args: tuple[int, list[int]]) -> list[Row]:
    seed, indices = args
    rules = HouseRules()
    rows: list[Row] = []
    for _, dealer, deal in simulation.deals(seed, indices):
        full = [0, 0, 0, 0]
        for s in SEATS:
            for c in deal[s]:
                full[s] |= 1 << c.index
        sixes: list[tuple[int, ...]] = []
        margins: list[list[int]] = []
        for position in range(4):
            seat = dealer.after(position + 1)
            sixes.append(tuple(c.index for c in deal[seat][:6]))
            margins.append([hand_margin(full, suit, seat, dealer, rules) for suit in Suit])
        rows.append((tuple(sixes), margins))
    return rows


def fit(rows: list[Row], np: Any) -> tuple[list[list[float]], list[float]]:
    """The per-position weights and the thresholds (see the module's docstring)."""
    n = len(rows)
    cards = [[[card_from_index(c) for c in six] for six in sixes] for sixes, _ in rows]
    # deal, position, suit (and feature)
    x = np.array([[[rich_features(six, s) for s in Suit] for six in deal] for deal in cards])
    y = np.array([m for _, m in rows], dtype=float)
    hon = np.array([[[holds_jack_or_nine(six, s) for s in Suit] for six in deal] for deal in cards])
    reach = [np.ones(n, dtype=bool)] * 4
    thresholds = [0.0, 0.0, 0.0]
    weights: list[Any] = []
    for _ in range(ROUNDS):
        weights = []
        for position in range(4):
            a = x[reach[position], position].reshape(-1, x.shape[-1])
            b = y[reach[position], position].reshape(-1)
            ridge = np.eye(a.shape[1])
            ridge[0, 0] = 0.0
            weights.append(np.linalg.solve(a.T @ a + ridge, a.T @ b))
        pred = np.stack([x[:, p] @ weights[p] for p in range(4)], axis=1)
        thresholds = simulation.coordinate_ascent(
            lambda position, trial: team_margin(y, choices(pred, hon, trial, np), position, np),  # noqa: B023
            GRID,
            thresholds,
        )
        chosen = choices(pred, hon, thresholds, np)
        reach = [np.ones(n, dtype=bool)]
        for position in range(3):
            reach.append(reach[-1] & (chosen[:, position] < 0))
    return [[round(float(v), 2) for v in w] for w in weights], thresholds


def choices(pred: Any, hon: Any, thresholds: list[float], np: Any) -> Any:
    """Each position's choice on each deal, -1 for a pass (rich_choice's rules)."""
    n = pred.shape[0]
    out = np.full((n, 4), -1)
    for position in range(4):
        v = pred[:, position, :]
        held = hon[:, position, :]
        vh = np.where(held, v, -1e9)
        top = vh.argmax(1)
        if position == 3:
            keep = held.any(1) & (vh.max(1) >= v.max(1) - DEALER_HONOUR_SLACK)
            out[:, 3] = np.where(keep, top, v.argmax(1))
        else:
            out[:, position] = np.where(held.any(1) & (vh.max(1) >= thresholds[position]), top, -1)
    return out


def team_margin(y: Any, chosen: Any, position: int, np: Any) -> float:
    """The mean margin of ``position``'s team over the deals, their auctions replayed."""
    n = y.shape[0]
    margin = np.zeros(n)
    done = np.zeros(n, dtype=bool)
    for p in range(4):
        c = chosen[:, p]
        named = ~done & (c >= 0)
        value = y[np.arange(n), p, np.maximum(c, 0)]
        margin = np.where(named, value if (p - position) % 2 == 0 else -value, margin)
        done |= named
    return float(margin.mean())


def render(weights: list[list[float]], thresholds: list[float], info: str) -> str:
    rows = []
    for w in weights:
        lines = [", ".join(repr(v) for v in w[j : j + 8]) + "," for j in range(0, len(w), 8)]
        rows.append("    (\n" + "\n".join(f"        {line}" for line in lines) + "\n    ),")
    body = "\n".join(rows)
    return f'''"""The hard player's trump-naming model.

GENERATED by scripts/fit/fit_rich.py; do not edit by hand.
{info}
"""

# the predicted hand score margin of naming a suit: per speaking position (0 = first to speak,
# 1, 2, 3 = the dealer), weights in the order of bela.bots.bidding.RICH_NAMES
# fmt: off
WEIGHTS: tuple[tuple[float, ...], ...] = (
{body}
)
# fmt: on
# name the best suit holding its jack or nine when its margin reaches the position's threshold
# (the dealer must name)
THRESHOLDS: tuple[float, ...] = {tuple(thresholds)!r}
'''


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--check", action="store_true", help="refit and compare with the table on disk")
    args = parser.parse_args(argv)
    try:
        import numpy as np
    except ImportError:
        print("fit_rich needs NumPy: .venv/bin/pip install numpy", file=sys.stderr)
        return 2
    start = time.time()
    rows = simulation.simulate_all(simulate, args.seed, args.deals, args.jobs)
    print(f"{len(rows)} deals, {16 * len(rows)} playouts in {time.time() - start:.0f} s", file=sys.stderr)
    weights, thresholds = fit(rows, np)
    info = f"{len(rows)} deals of seed {args.seed}, {16 * len(rows)} playouts, {ROUNDS} rounds"
    text = render(weights, thresholds, info)
    if args.check:
        same = args.out.read_text(encoding="utf-8") == text
        print("the table is what the fit makes" if same else f"{args.out} differs from the fit")
        return 0 if same else 1
    args.out.write_text(text, encoding="utf-8")
    for position, w in enumerate(weights):
        print(f"position {position}: " + ", ".join(f"{n} {v}" for n, v in zip(RICH_NAMES, w, strict=True)))
    print(f"thresholds {thresholds}; {info}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
