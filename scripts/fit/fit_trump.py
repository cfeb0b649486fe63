"""Fit the trump-naming table of the medium bot by simulation (the hard bot's model is
``scripts/fit/fit_rich.py``'s).

For every simulated deal, every seat is made to name every suit in turn (the seats before it
passing) and the hand is played out by the medium card play (rules and memory, no search, for
speed); the margin the naming team writes (its points minus the other team's, pad and
štiglja included) is recorded. Then:

1. least squares of that margin on the namer's six cards gives the medium table (points per
   card of the named suit and of the side suits, plus a constant per speaking position);
2. with every deal's 16 outcomes known, the auction can be replayed for any thresholds: each
   position's threshold is chosen (coordinate ascent on a grid) to maximize the mean margin
   of that position's team, the dealer naming his best suit when all pass.

It writes ``bela/data/trump_table.py``. Usage:

    .venv/bin/python -m scripts.fit.fit_trump --deals 6000 --seed 2024 --jobs 2
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from bela.actions import PASS, Bid, Play
from bela.bots.knowledge import infer
from bela.bots.policy import pick_card
from bela.cards import Card, Rank, Suit
from bela.deal import SplitMix64, derive_seed
from bela.hand import Hand
from bela.observation import observe
from bela.scoring import score_hand
from scripts.fit import simulation

ROOT = Path(__file__).resolve().parents[2]


Row = tuple[int, int, int, list[Card], int]  # deal, position, suit, six cards, margin


def play_out(hand: Hand, seed: int) -> None:
    rng = SplitMix64(seed)
    while not hand.finished:
        seat = hand.turn
        assert seat is not None
        obs = observe(hand, seat)
        legal = sorted({a.card for a in obs.legal if isinstance(a, Play)})
        card = pick_card(obs, infer(obs), legal, memory=True, rng=rng).card
        action = next(a for a in obs.legal if isinstance(a, Play) and a.card == card and a.bela is not False)
        hand.apply(action)


def simulate(args: tuple[int, list[int]]) -> list[Row]:
    seed, indices = args
    rows: list[Row] = []
    for i, dealer, deal in simulation.deals(seed, indices):
        for position in range(4):
            seat = dealer.after(position + 1)
            for suit in Suit:
                hand = Hand(dealer, deal)
                for _ in range(position):
                    hand.apply(PASS)
                hand.apply(Bid(suit))
                play_out(hand, derive_seed(seed, i, position, suit))
                written = score_hand(hand).written
                margin = written[seat.team] - written[seat.team.other]
                rows.append((i, position, int(suit), list(deal[seat][:6]), margin))
    return rows


def lstsq(xs: list[list[float]], ys: list[float], ridge: float = 1.0) -> list[float]:
    """Least squares with a small ridge, by Gaussian elimination on the normal equations."""
    n = len(xs[0])
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for x, y in zip(xs, ys, strict=True):
        nz = [(j, v) for j, v in enumerate(x) if v]
        for j, vj in nz:
            b[j] += vj * y
            row = a[j]
            for k, vk in nz:
                row[k] += vj * vk
    for j in range(1, n):
        a[j][j] += ridge
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        b[col], b[piv] = b[piv], b[col]
        p = a[col][col]
        if abs(p) < 1e-12:
            continue
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col] / p
                for k in range(col, n):
                    a[r][k] -= f * a[col][k]
                b[r] -= f * b[col]
    return [b[j] / a[j][j] if abs(a[j][j]) > 1e-12 else 0.0 for j in range(n)]


def table_features(cards: list[Card], suit: int, position: int) -> list[float]:
    f = [0.0] * 20
    f[0] = 1.0
    for c in cards:
        if c.suit == suit:
            f[1 + c.rank] += 1
        else:
            f[9 + c.rank] += 1
    if position in (1, 2, 3):
        f[16 + position] = 1.0
    return f


def best_thresholds(
    outcomes: dict[int, list[list[int]]], preds: dict[int, list[list[float]]], grid: list[float]
) -> list[float]:
    """Coordinate ascent over the three thresholds (positions 0..2; the dealer must name)."""
    thr = [grid[len(grid) // 2]] * 3

    def margin_for(position: int, thresholds: list[float]) -> float:
        total = 0.0
        for i, d in outcomes.items():
            p = preds[i]
            for pos in range(4):
                best = max(range(4), key=lambda s: p[pos][s])
                if pos == 3 or p[pos][best] >= thresholds[pos]:
                    # margin for the namer's team; position ``position``'s team is the same
                    # when both positions have the same parity
                    m = d[pos][best]
                    total += m if (pos - position) % 2 == 0 else -m
                    break
        return total / len(outcomes)

    return simulation.coordinate_ascent(margin_for, grid, thr)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", default=str(ROOT / "bela" / "data" / "trump_table.py"))
    args = parser.parse_args()
    start = time.time()
    rows = simulation.simulate_all(simulate, args.seed, args.deals, args.jobs)
    print(f"{len(rows)} playouts in {time.time() - start:.0f} s", file=sys.stderr)

    ys = [float(r[4]) for r in rows]
    tx = [table_features(r[3], r[2], r[1]) for r in rows]
    tw = lstsq(tx, ys)

    outcomes: dict[int, list[list[int]]] = {}
    tpred: dict[int, list[list[float]]] = {}
    for r, t_f in zip(rows, tx, strict=True):
        i, pos, suit = r[0], r[1], r[2]
        outcomes.setdefault(i, [[0] * 4 for _ in range(4)])[pos][suit] = r[4]
        tpred.setdefault(i, [[0.0] * 4 for _ in range(4)])[pos][suit] = sum(
            a * b for a, b in zip(tw, t_f, strict=True)
        )
    grid = [float(x) for x in range(-60, 61, 4)]
    t_thr = best_thresholds(outcomes, tpred, grid)
    # the medium table compares the sum of card points with a threshold per position:
    # predicted margin = bias + position constant + points >= margin threshold
    bias = tw[0]
    pos_const = [0.0, tw[17], tw[18]]
    table_thr = [round(t_thr[p] - bias - pos_const[p], 1) for p in range(3)]
    trump_pts = [round(tw[1 + r], 1) for r in Rank]
    side_pts = [round(tw[9 + r], 1) for r in Rank]
    info = f"{len(outcomes)} deals, {len(rows)} playouts, seed {args.seed}; margin thresholds {t_thr}"
    text = f'''"""Trump-naming tables. GENERATED by scripts/fit/fit_trump.py; do not edit by hand.

{info}
"""

# medium: points per card of the named suit, by Rank (7 8 9 T J Q K A)
TRUMP_POINTS: tuple[float, ...] = {tuple(trump_pts)!r}
# medium: points per card of the other suits, by Rank
SIDE_POINTS: tuple[float, ...] = {tuple(side_pts)!r}
# medium: name the best suit when its points reach the threshold of the speaking position
# (0 = first to speak, 1, 2; the dealer, 3, must name)
THRESHOLDS: tuple[float, ...] = {tuple(table_thr)!r}

FIT_INFO: str = {info!r}
'''
    Path(args.out).write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
