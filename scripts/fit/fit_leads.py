"""Fit the rollouts' lead (bela/bots/leads.py) to the hard player's own leads and write its weights.

The data: hands kept in ``scripts/fit/data/`` (every bid and card the hard player's), replayed.
Each lead of the play with two distinct cards or more to choose from is an example: the
features of each distinct card (:func:`bela.bots.leads.lead_features`; equal cards, the same
suit and points with no card out between them, count as one, the weakest) and the one the hard
player led. Every feature is read from the leader's own hand and the cards still out, as at a
table.

Two sets of weights (docs/experiments.md, the nineteenth and twentieth passes):

- ``WEIGHTS``, how the searching seat and its opponents lead in its rollouts: the second round
  of expert iteration, fitted to ``leads2.jsonl.gz`` (``--from``), the hard player's own
  hands as the eighteenth pass shipped it (card-location model on, leading by the first round);
- ``PARTNER_WEIGHTS``, how its partner leads, a partner at a person's table: the first round,
  fitted to ``hands.jsonl.gz`` (``--partner-from``), the card-location model's recording (an
  earlier hard player, the model off). Fitted closer to the hard player, the partner's model
  made the hard player a worse partner for medium.

``--record FILE`` plays the hands of another round: self-play of the hard player as shipped,
seeded as the arena seeds it.

The model: a conditional logit, a card's odds ``exp(sum of its features times the weights)``
among the leader's cards, fitted by maximum likelihood with an L2 penalty (:data:`L2`, on the
mean log-loss) by Newton's method to convergence: the same hands give the same weights. Pure
Python (no numpy).

It prints, on the held-out hands of seed 2027, how often the fitted lead is the hard player's
and the mean log-loss, against a uniform choice, and writes ``bela/data/lead_weights.py``.
Usage:

    .venv/bin/python -m scripts.fit.fit_leads           # fit on the kept hands, write the weights
    .venv/bin/python -m scripts.fit.fit_leads --check   # refit, compare with the shipped weights
    .venv/bin/python -m scripts.fit.fit_leads --hands 500 --dry-run  # fewer hands, write nothing
    .venv/bin/python -m scripts.fit.fit_leads --record round.jsonl --jobs 2  # play a round's hands
    .venv/bin/python -m scripts.fit.fit_leads --from round.jsonl --dry-run   # fit on them
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from bela.actions import Play, parse_action
from bela.bots import BUDGETS
from bela.bots.cardset import FULL, POINTS, TO_INT, bits
from bela.bots.leads import FEATURES, lead_features
from bela.bots.search import _distinct
from bela.seats import SEATS
from scripts.fit.fit_locations import KEPT, new_hand, read_hands, record_round, ship

ROOT = Path(__file__).resolve().parents[2]
# the second round, kept beside the first: the hard player's own hands as shipped in the
# eighteenth pass (--record)
SECOND = KEPT.with_name("leads2.jsonl.gz")
OUT = ROOT / "bela" / "data" / "lead_weights.py"
# the shipped weights: each set fitted on its recording's 2,500 hands of seed 2026, 500 of 2027 held out
SHIPPED = {"hands": 2500, "seed": 2026, "tests": 500}
L2 = 1e-3
# one example: the features of each distinct card, and the place of the one led
Example = tuple[list[list[float]], int]


def choices(hand: int, out: int, trump: int) -> dict[int, int]:
    """Each card of ``hand`` mapped to the weakest card equal to it: the same suit and points,
    no card of ``out`` between them (the search's own test of interchangeable cards)."""
    return _distinct(bits(hand), FULL ^ out, POINTS[trump])


def leads(seed: int, i: int, actions: list[str]) -> list[Example]:
    """The leads of hand ``i`` of ``seed`` played with ``actions`` with two distinct cards or
    more to choose from."""
    hand = new_hand(seed, i)
    found: list[Example] = []
    for text in actions:
        action = parse_action(text)
        if isinstance(action, Play) and hand.trump is not None and not hand.trick.cards:
            t = int(hand.trump)
            tab = TO_INT[t]
            held = [sum(1 << tab[c.index] for c in hand.held[s]) for s in SEATS]
            seat = hand.turn
            assert seat is not None
            mine = held[seat]
            out = (held[0] | held[1] | held[2] | held[3]) ^ mine
            rep = choices(mine, out, t)
            cards = sorted(set(rep.values()))
            if len(cards) >= 2:
                led = rep[tab[action.card.index]]
                found.append(([lead_features(mine, out, c, t) for c in cards], cards.index(led)))
        hand.apply(action)
    return found


def recorded(path: Path, seed: int, hands: int) -> list[Example]:
    """The examples of the first ``hands`` hands of ``seed`` recorded in ``path``."""
    return [e for s, i, actions in read_hands(path) if s == seed and i < hands for e in leads(s, i, actions)]


def _probabilities(rows: list[list[float]], w: list[float]) -> list[float]:
    zs = [math.fsum(x * y for x, y in zip(row, w, strict=True)) for row in rows]
    top = max(zs)
    es = [math.exp(z - top) for z in zs]
    norm = math.fsum(es)
    return [e / norm for e in es]


def fit(data: list[Example], steps: int = 20) -> list[float]:
    """The weights: Newton's steps on the mean log-loss plus ``L2 / 2`` times the squared
    weights, until a step moves no weight by more than 1e-12 (or ``steps`` steps); rounded to
    four significant digits."""
    k = len(FEATURES)
    w = [0.0] * k
    n = max(len(data), 1)
    for _ in range(steps):
        grad = [L2 * x * n for x in w]
        hess = [[L2 * n if a == b else 0.0 for b in range(k)] for a in range(k)]
        for rows, led in data:
            p = _probabilities(rows, w)
            mu = [math.fsum(pj * row[a] for pj, row in zip(p, rows, strict=True)) for a in range(k)]
            for a in range(k):
                grad[a] += mu[a] - rows[led][a]
            for pj, row in zip(p, rows, strict=True):
                d = [row[a] - mu[a] for a in range(k)]
                for a in range(k):
                    if d[a]:
                        pa = pj * d[a]
                        ha = hess[a]
                        for b in range(a, k):
                            ha[b] += pa * d[b]
        for a in range(k):
            for b in range(a):
                hess[a][b] = hess[b][a]
        step = _solve(hess, grad)
        w = [x - s for x, s in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-12:
            break
    return [float(f"{x:.4g}") for x in w]


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (``a`` symmetric positive definite), by Gaussian elimination."""
    k = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for i in range(k):
        piv = max(range(i, k), key=lambda r: abs(m[r][i]))
        m[i], m[piv] = m[piv], m[i]
        for r in range(i + 1, k):
            f = m[r][i] / m[i][i]
            if f:
                for c in range(i, k + 1):
                    m[r][c] -= f * m[i][c]
    x = [0.0] * k
    for i in reversed(range(k)):
        x[i] = (m[i][k] - math.fsum(m[i][c] * x[c] for c in range(i + 1, k))) / m[i][i]
    return x


def score(data: list[Example], w: list[float] | None) -> tuple[float, float]:
    """How often the top card is the one led, and the mean log-loss, with weights ``w`` (None:
    a uniform choice among the distinct cards, its top the first)."""
    hits, loss = 0, 0.0
    for rows, led in data:
        p = [1 / len(rows)] * len(rows) if w is None else _probabilities(rows, w)
        hits += max(range(len(p)), key=lambda j: (p[j], -j)) == led
        loss -= math.log(p[led])
    return hits / max(len(data), 1), loss / max(len(data), 1)


def write(w: list[float], note: str, partner: list[float], partner_note: str) -> str:
    def block(name: str, ws: list[float]) -> list[str]:
        rows = [f"{name}: tuple[float, ...] = ("]
        rows.extend(f"    {x!r},  # {f}" for x, f in zip(ws, FEATURES, strict=True))
        return [*rows, ")"]

    lines = [
        '"""The rollouts\' lead weights. GENERATED by scripts/fit/fit_leads.py; do not edit by hand.',
        "",
        "WEIGHTS, the searching seat's and its opponents' leads (the second round: the hard player's",
        "own leads as the eighteenth pass shipped it):",
        note,
        "",
        "PARTNER_WEIGHTS, its partner's leads (the first round: an earlier hard player's leads, the",
        "card-location model's recording):",
        partner_note,
        '"""',
        "",
        "# a leader's card scores the sum of its features (bela.bots.leads.FEATURES) times these",
        *block("WEIGHTS", w),
        "",
        "# the searching seat's partner: a partner at a person's table",
        *block("PARTNER_WEIGHTS", partner),
    ]
    return "\n".join(lines) + "\n"


def fitted(source: Path, hands: int, tests: int) -> tuple[list[float], str]:
    """The weights fitted to the first ``hands`` hands of seed 2026 recorded in ``source``, and
    a note of their figures on its first ``tests`` hands of 2027 (printed)."""
    seed = SHIPPED["seed"]
    train = recorded(source, seed, hands)
    held_out = recorded(source, seed + 1, tests)
    w = fit(train)
    (hit, loss), (hit0, loss0) = score(held_out, w), score(held_out, None)
    note = (
        f"{hands} self-play hands of {source.name}, seed {seed}: {len(train)} leads with a choice.\n"
        f"Held-out leads (seed {seed + 1}, {len(held_out)}): the hard player's card on top {hit:.3f},\n"
        f"log-loss {loss:.3f}; a uniform choice {hit0:.3f}, {loss0:.3f}."
    )
    print(note)
    return w, note


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--hands", type=int, default=SHIPPED["hands"], help="training hands (seed 2026)")
    p.add_argument("--tests", type=int, default=SHIPPED["tests"], help="held-out hands (seed 2027)")
    p.add_argument("--from", dest="source", type=Path, default=SECOND, metavar="FILE", help="recorded hands")
    p.add_argument(
        "--partner-from",
        type=Path,
        default=KEPT,
        metavar="FILE",
        help="recorded hands, the partner's leads",
    )
    p.add_argument("--record", type=Path, metavar="FILE", help="only play the hands, appended to FILE")
    p.add_argument("--jobs", type=int, default=1, help="play the hands in this many processes")
    p.add_argument("--check", action="store_true", help="refit as shipped and compare")
    p.add_argument("--dry-run", action="store_true", help="print the figures, write nothing")
    args = p.parse_args(argv)
    if args.check:
        args.hands, args.tests = SHIPPED["hands"], SHIPPED["tests"]
        args.source, args.partner_from = SECOND, KEPT
    if args.record:
        record_round(args.record, SHIPPED["seed"], args.hands, args.tests, args.jobs, BUDGETS["hard"])
        return 0
    w, note = fitted(args.source, args.hands, args.tests)
    partner, partner_note = fitted(args.partner_from, args.hands, args.tests)
    text = write(w, note, partner, partner_note)
    return ship(OUT, text, "weights", check=args.check, dry_run=args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
