"""Fit the card-location model (bela/bots/locations.py) on self-play and write its factors.

Self-play: deals from ``--seed``, every bid and card by the hard player itself (about half a
second a hand here), so the model learns how the player it samples for plays; its deals drawn
by the bids alone (``locations`` off), so the data does not hang on the factors shipped before
(the same data whatever they are). At every fourth
decision of the play before the last trick, the seat to act's observation gives, for each
unseen card not known to be in a hand, the features of each seat that may hold it and the seat
that does. The hands are played again from the seed (``--jobs`` plays them in that many
processes; the data is the same), or played once and kept: ``--record FILE`` appends each
hand's actions to FILE (a line of JSON each; a run stopped early keeps what it played, and the
next goes on from there), ``--from FILE`` replays them for the same data without the search
(feature sets compared on the same hands, in seconds). The shipped factors come from the
hands kept in ``scripts/fit/data/hands.jsonl.gz`` (:data:`SHIPPED`; ``--check``).

The model: a seat holds a card with odds ``need[seat] * exp(sum of its features' weights)``
among the seats that may hold it (``need``: the cards it still holds beyond the known ones), a
multinomial logistic model. The weights are fitted by maximum likelihood with a small L2
penalty, by full-batch Adam steps, a fixed number of them, in a fixed order: the same seed gives
the same factors, byte for byte. Pure Python (no numpy).

It prints the mean log-loss per card on hands from another seed, the model's against the hand
sizes alone, and writes ``bela/data/card_locations.py`` (the factors ``exp(weight)``). Usage:

    .venv/bin/python -m scripts.fit.fit_locations --from scripts/fit/data/hands.jsonl.gz \
        --hands 2500 --tests 500  # as shipped, on the kept hands
    .venv/bin/python -m scripts.fit.fit_locations --hands 2000 --seed 2026 --jobs 2  # play new hands
    .venv/bin/python -m scripts.fit.fit_locations --check  # refit as shipped (the kept hands), compare
    .venv/bin/python -m scripts.fit.fit_locations --record hands.jsonl --jobs 2  # play, keep
    .venv/bin/python -m scripts.fit.fit_locations --from hands.jsonl --dry-run  # fit on them

A FILE ending in .gz is read and written gzipped. ``scripts/fit/data/hands.jsonl.gz`` keeps
3,000 hands of the hard player of 2026-12-04 (2,500 of seed 2026, 500 of 2027 held out).
"""

from __future__ import annotations

import argparse
import dataclasses
import gzip
import json
import math
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import IO

from bela.actions import Play, action_text, parse_action
from bela.bots import BUDGETS, Budget, decide
from bela.bots.knowledge import infer
from bela.bots.locations import FEATURES, features
from bela.deal import deal_cards, derive_seed
from bela.hand import Hand
from bela.observation import Observation, observe
from bela.seats import SEATS

ROOT = Path(__file__).resolve().parents[2]


OUT = ROOT / "bela" / "data" / "card_locations.py"
# one example: (the feature ids of each seat that may hold the card, its need, the holder's place)
Example = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int]

KEPT = ROOT / "scripts" / "fit" / "data" / "hands.jsonl.gz"
# the shipped factors: fitted on the kept recording's first 2,500 hands of seed 2026, 500 of 2027 held out
SHIPPED = {"hands": 2500, "seed": 2026, "steps": 100, "tests": 500}
L2 = 3e-5  # the penalty on each weight, per example
RATE = 0.1  # Adam's step


# the hard player with its deals drawn by the bids alone (passed to decide, not patched in)
SELF_PLAY = dataclasses.replace(BUDGETS["hard"], locations=False)


def new_hand(seed: int, i: int) -> Hand:
    """Self-play hand ``i`` of ``seed``, dealt."""
    dealer = SEATS[i % 4]
    return Hand(dealer, deal_cards(derive_seed(seed, i), dealer))


def play_hand(seed: int, i: int, budget: Budget = SELF_PLAY) -> list[str]:
    """The actions of self-play hand ``i`` of ``seed`` (``action_text``), every one the hard
    player's with ``budget``."""
    hand = new_hand(seed, i)
    while not hand.finished:
        seat = hand.turn
        assert seat is not None
        n = len(hand.actions)
        hand.apply(decide(observe(hand, seat), "hard", derive_seed(seed, i, n), budget).action)
    return [action_text(a) for a in hand.actions]


def replay(seed: int, i: int, actions: list[str]) -> list[Example]:
    """The examples of hand ``i`` of ``seed`` played with ``actions``: at every fourth
    decision of the play before the last trick, the seat to act's."""
    hand = new_hand(seed, i)
    out: list[Example] = []
    for text in actions:
        action = parse_action(text)
        n = len(hand.actions)
        if isinstance(action, Play) and n % 4 == 0:
            seat = hand.turn
            assert seat is not None
            obs = observe(hand, seat)
            if len(obs.plays) < 28:
                out.extend(examples(hand, obs))
        hand.apply(action)
    return out


def self_play(seed: int, hands: int, jobs: int = 1) -> list[Example]:
    """The examples of ``hands`` self-play hands, in the hands' order whatever ``jobs``."""
    return [e for i, actions in played(seed, list(range(hands)), jobs) for e in replay(seed, i, actions)]


def played(
    seed: int, hands: list[int], jobs: int = 1, budget: Budget = SELF_PLAY
) -> Iterator[tuple[int, list[str]]]:
    """The actions of the self-play hands numbered ``hands``, each as soon as it and those
    before it are played."""
    if jobs <= 1:
        yield from ((i, play_hand(seed, i, budget)) for i in hands)
        return
    n = len(hands)
    with ProcessPoolExecutor(jobs) as pool:
        yield from zip(hands, pool.map(play_hand, [seed] * n, hands, [budget] * n, chunksize=2), strict=True)


def record(path: Path, seed: int, hands: int, jobs: int, budget: Budget = SELF_PLAY) -> None:
    """Append the first ``hands`` self-play hands of ``seed``, played with ``budget``, to ``path``
    but those it has, a line of JSON each (``{"seed", "i", "actions"}``), flushed hand by hand: a
    run stopped early keeps its hands, and the next one goes on from there."""
    have = {i for s, i, _ in read_hands(path) if s == seed} if path.exists() else set()
    with _open(path, "a") as out:
        for i, actions in played(seed, [i for i in range(hands) if i not in have], jobs, budget):
            out.write(json.dumps({"seed": seed, "i": i, "actions": actions}) + "\n")
            out.flush()


def record_round(
    path: Path, seed: int, hands: int, tests: int, jobs: int, budget: Budget = SELF_PLAY
) -> None:
    """Append a fit's hands to ``path`` (:func:`record`): the first ``tests`` held-out hands of
    ``seed + 1``, then the first ``hands`` training hands of ``seed``."""
    record(path, seed + 1, tests, jobs, budget)
    record(path, seed, hands, jobs, budget)


def _open(path: Path, mode: str) -> IO[str]:
    """A recording as text, gzipped when its name ends in .gz (appending adds a gzip member)."""
    if path.suffix == ".gz":
        return gzip.open(path, "at" if mode == "a" else "rt", encoding="utf-8")
    return path.open(mode, encoding="utf-8")


def read_hands(path: Path) -> Iterator[tuple[int, int, list[str]]]:
    """The hands recorded in ``path``: seed, number, actions."""
    with _open(path, "r") as lines:
        for line in lines:
            if line.strip():
                row = json.loads(line)
                yield row["seed"], row["i"], row["actions"]


def recorded(path: Path, seed: int, hands: int) -> list[Example]:
    """The examples of the first ``hands`` hands of ``seed`` recorded in ``path`` (those it has)."""
    return [e for s, i, actions in read_hands(path) if s == seed and i < hands for e in replay(s, i, actions)]


def examples(hand: Hand, obs: Observation) -> list[Example]:
    k = infer(obs)
    need = [k.count[s] - k.must[s].bit_count() for s in SEATS]
    holder = {c.index: s for s in SEATS for c in hand.held[s]}
    out: list[Example] = []
    for c, row in sorted(features(obs, k).items()):
        seats = [s for s in SEATS if row[s]]
        if len(seats) < 2:
            continue
        out.append(
            (tuple(tuple(row[s]) for s in seats), tuple(need[s] for s in seats), seats.index(holder[c]))
        )
    return out


def _pass(data: list[Example], w: list[float], grad: list[float] | None) -> float:
    """The mean log-loss of ``data`` under weights ``w``; with ``grad``, adds the gradient of
    the summed loss to it."""
    total = 0.0
    for rows, needs, h in data:
        zs = [
            math.log(n) + sum(w[i] for i in ids) if n > 0 else -math.inf
            for ids, n in zip(rows, needs, strict=True)
        ]
        top = max(zs)
        es = [math.exp(z - top) for z in zs]
        norm = sum(es)
        total += math.log(norm) + top - zs[h]
        if grad is not None:
            for j, (ids, e) in enumerate(zip(rows, es, strict=True)):
                p = e / norm - (1.0 if j == h else 0.0)
                for i in ids:
                    grad[i] += p
    return total / max(len(data), 1)


def fit(data: list[Example], steps: int) -> list[float]:
    """The factors ``exp(weight)``, the weights fitted by ``steps`` full-batch Adam steps."""
    w = [0.0] * FEATURES
    m = [0.0] * FEATURES
    v = [0.0] * FEATURES
    n = max(len(data), 1)
    for t in range(1, steps + 1):
        grad = [0.0] * FEATURES
        _pass(data, w, grad)
        c1, c2 = 1 - 0.9**t, 1 - 0.999**t
        for i in range(FEATURES):
            g = grad[i] / n + L2 * w[i]
            m[i] = 0.9 * m[i] + 0.1 * g
            v[i] = 0.999 * v[i] + 0.001 * g * g
            w[i] -= RATE * (m[i] / c1) / (math.sqrt(v[i] / c2) + 1e-8)
    return [float(f"{math.exp(x):.4g}") for x in w]


def log_loss(data: list[Example], f: list[float] | None) -> float:
    """Mean log-loss per card with factors ``f`` (None: the hand sizes alone)."""
    w = [0.0] * FEATURES if f is None else [math.log(x) for x in f]
    return _pass(data, w, None)


def write(f: list[float], note: str) -> str:
    lines = [
        '"""Card-location factors. GENERATED by scripts/fit/fit_locations.py; do not edit by hand.',
        "",
        note,
        '"""',
        "",
        "# by feature id (bela.bots.locations): a seat's odds of holding a card are the product",
        "# of the factors of its features",
        "# fmt: off",
        "FACTORS: tuple[float, ...] = (",
    ]
    for i in range(0, len(f), 8):
        lines.append("    " + ", ".join(repr(x) for x in f[i : i + 8]) + ",")
    lines.append(")")
    lines.append("# fmt: on")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--hands", type=int, default=SHIPPED["hands"])
    p.add_argument("--seed", type=int, default=SHIPPED["seed"])
    p.add_argument("--steps", type=int, default=SHIPPED["steps"])
    p.add_argument("--jobs", type=int, default=1, help="play the hands in this many processes")
    p.add_argument("--check", action="store_true", help="refit with the shipped settings and compare")
    p.add_argument("--dry-run", action="store_true", help="print the figures, write nothing")
    p.add_argument("--tests", type=int, help="held-out hands (seed + 1; default hands / 5)")
    p.add_argument("--record", type=Path, metavar="FILE", help="only play the hands, appended to FILE")
    p.add_argument("--from", dest="source", type=Path, metavar="FILE", help="fit on hands recorded in FILE")
    args = p.parse_args(argv)
    if args.check:
        args.hands, args.seed, args.steps = SHIPPED["hands"], SHIPPED["seed"], SHIPPED["steps"]
        args.tests, args.source = SHIPPED["tests"], KEPT
    tests = args.tests or max(args.hands // 5, 1)
    if args.record:
        record_round(args.record, args.seed, args.hands, tests, args.jobs)
        return 0
    if args.source:
        train = recorded(args.source, args.seed, args.hands)
        held_out = recorded(args.source, args.seed + 1, tests)
    else:
        train = self_play(args.seed, args.hands, args.jobs)
        held_out = self_play(args.seed + 1, tests, args.jobs)
    f = fit(train, args.steps)
    base, model = log_loss(held_out, None), log_loss(held_out, f)
    note = (
        f"{args.hands} self-play hands (hard bids and play), seed {args.seed}, {args.steps} steps; "
        f"{len(train)} cards.\nHeld-out log-loss per card (seed {args.seed + 1}, {len(held_out)} cards): "
        f"{model:.4f} with the factors, {base:.4f} from hand sizes alone."
    )
    print(note)
    return ship(OUT, write(f, note), "factors", check=args.check, dry_run=args.dry_run)


def ship(out: Path, text: str, what: str, *, check: bool, dry_run: bool) -> int:
    """Write a fitted module's ``text`` to ``out`` (not with ``dry_run``); with ``check``, only
    compare: exit status 1 if the shipped file differs."""
    if check:
        same = out.read_text(encoding="utf-8") == text
        print(f"the shipped {what} are what the script makes" if same else f"the shipped {what} DIFFER")
        return 0 if same else 1
    if not dry_run:
        out.write_text(text, encoding="utf-8")
        print(f"wrote {out.relative_to(ROOT)} ({len(text.encode())} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
