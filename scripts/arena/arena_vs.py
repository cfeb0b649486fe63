"""The arena against an earlier commit: today's bots against the bots of any commit.

    .venv/bin/python scripts/arena_vs.py COMMIT [--a hard] [--b hard] [--deals 100] [--seed 1]
        [--partner medium]

The earlier commit is checked out in a git worktree (``.arena/COMMIT``, made once and kept)
and its bots run there as a separate process, so old code never has to stay in the package.
The two processes speak JSON lines over the child's stdin and stdout, one decision a line:

    request  {"rules": {...}, "dealer": "S", "deal": {"S": ["AH", ...], ...},
              "actions": [{"bid": "H"}, {"play": "AH", "bela": null}, ...],
              "level": "hard", "seed": 123}
    answer   {"bid": null} | {"bid": "H"} | {"declare": true} | {"play": "AH", "bela": null}
             or {"error": "..."}

The child replays the actions with its own engine and asks its own bot with
``observation(seat)`` of the seat to act, exactly as ``bela arena`` does in one process (so a
bot still sees nothing but its observation). ``--serve`` runs that child loop; it uses only
what every commit's ``bela`` has (Hand, observe, decide, HouseRules, Card, Seat).

Each deal is played twice with the same cards and seeds, sides swapped, as in ``bela arena``:
A (today's) against B (the commit's). With ``--partner LEVEL`` the team of A is a LEVEL
player (standing in for a human, at S or E) partnered by A, against two B players; run it
twice, with A today's and the commit's (``--a-from-commit``), to compare partners on the
same deals. Prints one JSON object (the shape of ``bela arena``'s).
"""

from __future__ import annotations

import argparse
import fcntl
import json
import math
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


# -- the protocol (both sides) ---------------------------------------------------------------


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
        sys.stderr.write(f"arena_vs --serve: bela imported from {bela.__file__}, not from {here}\n")
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


# -- the parent ------------------------------------------------------------------------------


class Remote:
    """Bots of another checkout, asked over a pipe."""

    def __init__(self, checkout: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(checkout), PYTHONHASHSEED="0")
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--serve"],
            cwd=checkout,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def ask(self, hand: Any, level: str, seed: int) -> Any:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(request(hand, level, seed)) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the other checkout's bots stopped")
        data = json.loads(line)
        if "error" in data:
            raise RuntimeError(data["error"])
        return decode(data)

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def checkout_of(commit: str) -> Path:
    """A worktree of ``commit`` under .arena/ (made once, then reused)."""
    sha = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", f"{commit}^{{commit}}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    path = ROOT / ".arena" / sha[:12]
    path.parent.mkdir(exist_ok=True)
    # two halves of a run started together must not both make the worktree: the loser's
    # failed `git worktree add` would leave the winner's half-made
    with open(path.parent / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (path / "bela" / "__init__.py").is_file():
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(path), sha],
                check=True,
                capture_output=True,
            )
    return path


Player = Callable[[Any, Any, int], Any]  # (hand, seat, seed) -> action


def local(level: str, settings: str = "") -> Player:
    """Today's ``level``; ``settings`` (``locations=1,samples=40``) changes its Budget fields
    for its own decisions only (for experiments)."""
    import dataclasses

    import bela.bots as bots
    from bela.observation import observe

    if not settings:
        return lambda hand, seat, seed: bots.decide(observe(hand, seat), level, seed).action
    changes = {}
    for part in settings.split(","):
        key, value = part.split("=")
        kind = type(getattr(bots.BUDGETS[level], key))
        changes[key] = kind(float(value)) if kind is float else kind(int(value))
    budget = dataclasses.replace(bots.BUDGETS[level], **changes)

    def play(hand: Any, seat: Any, seed: int) -> Any:
        saved = bots.BUDGETS[level]
        bots.BUDGETS[level] = budget
        try:
            return bots.decide(observe(hand, seat), level, seed).action
        finally:
            bots.BUDGETS[level] = saved

    return play


def remote(r: Remote, level: str) -> Player:
    return lambda hand, seat, seed: r.ask(hand, level, seed)


def thrown(hand: Any, action: Any) -> int:
    """Points thrown away by ``action`` onto a trick already lost: played third or fourth under
    an opponent's winning card without beating it, minus the fewest points a legal card that
    does not beat it either would have given (0 when no cheaper card would do the same)."""
    from bela.actions import Play
    from bela.bots.knowledge import beats
    from bela.cards import trick_winner_index

    trick = list(hand.trick.pairs())
    trump = hand.trump
    if not isinstance(action, Play) or trump is None or len(trick) < 2:
        return 0
    cards = [c for _, c in trick]
    win = trick_winner_index(cards, trump)
    if trick[win][0].team is hand.turn.team or beats(action.card, cards[win], trump):
        return 0
    losing = [
        a.card for a in hand.legal_actions() if isinstance(a, Play) and not beats(a.card, cards[win], trump)
    ]
    return int(action.card.points(trump) - min(c.points(trump) for c in losing))


def play_hand(
    dealer: Any,
    deal: Any,
    players: dict[Any, Player],
    rules: Any,
    seed: int,
    ms: dict[Any, list[float]],
    lost: dict[Any, int],
) -> tuple[Any, int]:
    from bela.deal import derive_seed
    from bela.hand import Hand

    hand = Hand(dealer, deal, rules)
    illegal = 0
    while not hand.finished:
        seat = hand.turn
        assert seat is not None
        start = time.perf_counter()
        try:
            action = players[seat](hand, seat, derive_seed(seed, len(hand.actions)))
        except Exception as e:
            print(f"arena_vs: {seat.name} raised {e}", file=sys.stderr)
            action = None
        ms[seat].append((time.perf_counter() - start) * 1000)
        if action is None or hand.check(action) is not None:
            illegal += 1
            action = hand.legal_actions()[0]
        lost[seat] += thrown(hand, action)
        hand.apply(action)
    return hand, illegal


def run(
    a: Player,
    b: Player,
    deals: int,
    seed: int,
    partner: Player | None = None,
    rules: Any = None,
    first: int = 0,
    progress: Path | None = None,
    log: Any = None,
    same_seeds: bool = False,
) -> dict[str, Any]:
    """Deals played twice (A's team as NS, then as EW); with ``partner``, A's team is the
    partner at S or E with A opposite. ``progress``: a file rewritten with the summary so far
    after every deal; ``log``: an open file taking one JSON line per hand (the bids, who named
    trump, whether the caller's six cards held its J or 9, the written scores); ``same_seeds``:
    both hands of a deal get the same decision seeds (A and B today's players differing in a few
    settings then play alike wherever the settings do not matter: less noise)."""
    from bela.deal import deal_cards, derive_seed
    from bela.rules import HouseRules
    from bela.scoring import score_hand
    from bela.seats import SEATS, Team

    rules = rules or HouseRules()
    scores: list[float] = []
    wins = losses = ties = 0
    points = [0, 0]
    a_ms: list[float] = []
    b_ms: list[float] = []
    illegal = 0
    throws = [0, 0]  # points thrown onto lost tricks by A's and B's seats
    seats_played = [0, 0]
    margins: list[int] = []
    same: list[int] = []  # the margins of deals whose two hands had the same auction
    for i in range(first, first + deals):
        dealer = SEATS[i % 4]
        deal = deal_cards(derive_seed(seed, i), dealer)
        sums = [0, 0]
        auctions = []
        for game, team in enumerate((Team.NS, Team.EW)):
            players: dict[Any, Player] = {}
            for s in SEATS:
                if s.team is team:
                    players[s] = partner if (partner is not None and s in (SEATS[0], SEATS[1])) else a
                else:
                    players[s] = b
            ms: dict[Any, list[float]] = {s: [] for s in SEATS}
            lost = dict.fromkeys(SEATS, 0)
            game_seed = derive_seed(seed, i, 0 if same_seeds else game)
            hand, bad = play_hand(dealer, deal, players, rules, game_seed, ms, lost)
            written = score_hand(hand).written
            auctions.append([bid.suit for bid in hand.bids])
            sums[0] += written[team]
            sums[1] += written[team.other]
            if log is not None:
                log.write(json.dumps(hand_record(hand, i, game, team, players, a, b, written)) + "\n")
                log.flush()
            for s in SEATS:
                if players[s] is a:
                    a_ms += ms[s]
                    throws[0] += lost[s]
                    seats_played[0] += 1
                elif players[s] is b:
                    b_ms += ms[s]
                    throws[1] += lost[s]
                    seats_played[1] += 1
            illegal += bad
        points[0] += sums[0]
        points[1] += sums[1]
        if sums[0] > sums[1]:
            wins += 1
            scores.append(1.0)
        elif sums[1] > sums[0]:
            losses += 1
            scores.append(0.0)
        else:
            ties += 1
            scores.append(0.5)
        margins.append(sums[0] - sums[1])
        if auctions[0] == auctions[1]:
            same.append(sums[0] - sums[1])
        if progress is not None:
            tmp = progress.with_suffix(".tmp")
            so_far = _summary(
                scores, margins, seed, wins, losses, ties, points, a_ms, b_ms, throws, seats_played, same
            )
            tmp.write_text(json.dumps({**so_far, "illegal": illegal, "next_deal": i + 1}) + "\n")
            tmp.replace(progress)
    out = _summary(scores, margins, seed, wins, losses, ties, points, a_ms, b_ms, throws, seats_played, same)
    out.update({"illegal": illegal, "deal_scores": scores})
    return out


def _summary(
    scores: list[float],
    margins: list[int],
    seed: int,
    wins: int,
    losses: int,
    ties: int,
    points: list[int],
    a_ms: list[float],
    b_ms: list[float],
    throws: list[int],
    seats_played: list[int],
    same: list[int] | None = None,
) -> dict[str, Any]:
    from bela.arena import percentiles

    n = len(scores)
    share = sum(scores) / n
    var = sum((x - share) ** 2 for x in scores) / max(n - 1, 1)
    half = 1.96 * math.sqrt(var / n)
    return {
        "deals": n,
        "seed": seed,
        "a_wins": wins,
        "b_wins": losses,
        "ties": ties,
        "a_share": round(share, 4),
        "ci95": [round(max(0.0, share - half), 4), round(min(1.0, share + half), 4)],
        "points_per_hand": {"a": round(points[0] / (2 * n), 2), "b": round(points[1] / (2 * n), 2)},
        "decision_ms": {"a": percentiles(a_ms), "b": percentiles(b_ms)},
        "thrown_per_seat_hand": {
            "a": round(throws[0] / max(seats_played[0], 1), 3),
            "b": round(throws[1] / max(seats_played[1], 1), 3),
        },
        # A's points minus B's over a deal's two hands: mean and 95% interval
        "margin_per_deal": interval(margins),
        # the same over the deals whose two hands had the same auction: the card play's part
        "same_auction": _mean_ci(same or []),
    }


def interval(xs: list[int] | list[float], digits: int = 2) -> list[float]:
    """The mean of ``xs`` and its 95% interval (normal approximation), rounded; zeros if empty."""
    n = len(xs)
    if n == 0:
        return [0.0, 0.0, 0.0]
    m = sum(xs) / n
    half = 1.96 * math.sqrt(sum((x - m) ** 2 for x in xs) / max(n - 1, 1) / n)
    return [round(m, digits), round(m - half, digits), round(m + half, digits)]


def _mean_ci(xs: list[int]) -> dict[str, Any]:
    """Count, mean and 95% interval of ``xs``."""
    return {"deals": len(xs), "margin": interval(xs)} if xs else {"deals": 0}


def hand_record(
    hand: Any, i: int, game: int, team: Any, players: dict[Any, Player], a: Player, b: Player, written: Any
) -> dict[str, Any]:
    from bela.bots.bidding import holds_jack_or_nine

    def side(seat: Any) -> str:
        return "a" if players[seat] is a else "b" if players[seat] is b else "p"

    caller = hand.caller
    honours = None
    if caller is not None and hand.trump is not None:
        honours = holds_jack_or_nine(hand.deal[caller][:6], hand.trump)
    return {
        "deal": i,
        "game": game,
        "bids": [None if bid.suit is None else bid.suit.letter for bid in hand.bids],
        "dealer": hand.dealer.name,
        "caller": None if caller is None else caller.name,
        "caller_side": None if caller is None else side(caller),
        "forced": caller is not None and caller == hand.dealer,
        "honours": honours,
        "a": written[team],
        "b": written[team.other],
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("commit", nargs="?", help="the earlier commit (B's bots)")
    p.add_argument("--serve", action="store_true", help="run as the child: JSON lines on stdin/stdout")
    p.add_argument("--a", default="hard", help="today's level (default hard)")
    p.add_argument("--b", default="hard", help="the commit's level (default hard)")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--first", type=int, default=0, help="index of the first deal (to split a run)")
    p.add_argument("--partner", help="A's team is this (today's) level partnered by A")
    p.add_argument("--a-from-commit", action="store_true", help="A is the commit's too (a partner baseline)")
    p.add_argument("--scores", action="store_true", help="print each deal's score too")
    p.add_argument("--a-set", default="", help="A's Budget fields changed, e.g. locations=1")
    p.add_argument("--b-set", default="", help="B is today's level too, these Budget fields changed")
    p.add_argument("--progress", type=Path, help="a file rewritten with the summary after every deal")
    p.add_argument("--log", type=Path, help="one JSON line per hand written here (bids, caller, scores)")
    p.add_argument("--same-seeds", action="store_true", help="both hands of a deal with the same seeds")
    args = p.parse_args(argv)
    if args.serve:
        return serve()
    if (args.commit is None and not args.b_set) or args.deals < 1:
        p.error("a commit (or --b-set) and --deals of at least 1 are needed")
    log = args.log.open("w") if args.log else None
    if args.commit is None:  # today's against today's, settings changed
        out = run(
            local(args.a, args.a_set),
            local(args.b, args.b_set),
            args.deals,
            args.seed,
            first=args.first,
            progress=args.progress,
            log=log,
            same_seeds=args.same_seeds,
        )
        out.update({"a": f"{args.a} {args.a_set}", "b": f"{args.b} {args.b_set}"})
        if not args.scores:
            out.pop("deal_scores")
        print(json.dumps(out))
        return 0
    checkout = checkout_of(args.commit)
    r = Remote(checkout)
    try:
        a = remote(r, args.a) if args.a_from_commit else local(args.a, args.a_set)
        b = remote(r, args.b)
        partner = local(args.partner) if args.partner else None
        out = run(
            a,
            b,
            args.deals,
            args.seed,
            partner,
            first=args.first,
            progress=args.progress,
            log=log,
            same_seeds=args.same_seeds,
        )
    finally:
        r.close()
    out.update({"a": args.a, "b": f"{args.b}@{args.commit}", "partner": args.partner})
    if args.a_from_commit:
        out["a"] = f"{args.a}@{args.commit}"
    if not args.scores:
        out.pop("deal_scores")
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
