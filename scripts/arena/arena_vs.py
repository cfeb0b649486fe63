"""The arena against an earlier commit: today's bots against the bots of any commit.

    .venv/bin/python -m scripts.arena.arena_vs COMMIT [--a hard] [--b hard] [--deals 100]
        [--seed 1] [--partner medium]
    .venv/bin/python -m scripts.arena.arena_vs --a-set signals=0 --b-set signals=1 --same-seeds

The earlier commit is checked out in a git worktree (``.arena/COMMIT``, made once and kept)
and its bots run there as a separate process, so old code never has to stay in the package.
The two processes speak JSON lines over the child's stdin and stdout, one decision a line
(``scripts/arena/child.py``, the child, says how and why it has its own action codec).

The child replays the actions with its own engine and asks its own bot with the observation
of the seat to act, as ``bela arena`` does in one process; hands are played by
``bela.arena.play_hand``, the arenas' one hand-playing loop.

Each deal is played twice with the same cards and seeds, sides swapped, as in ``bela arena``:
A (today's) against B (the commit's). With ``--partner LEVEL`` the team of A is a LEVEL
player (standing in for a human, at S or E) partnered by A, against two B players; run it
twice, with A today's and the commit's (``--a-from-commit``), to compare partners on the
same deals. Prints one JSON object (the shape of ``bela arena``'s).

``--a-set``/``--b-set`` (``samples=40,signals=0``) change fields of today's player's
:class:`bela.bots.Budget` for its own decisions (passed to ``decide``, never patched into
``bela.bots.BUDGETS``); without a commit, B is today's player with ``--b-set`` (with a commit,
B is the commit's, and ``--b-set`` is refused rather than left unused; so are ``--a-set`` with
``--a-from-commit``, and ``--partner`` or ``--a-from-commit`` without a commit).
``--same-seeds`` gives both hands of a deal the same decision seeds, so that two of today's
players differing in one setting play alike wherever it does not matter (much less noise).
"""

from __future__ import annotations

import argparse
import dataclasses
import fcntl
import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from bela.actions import Action, Play
from bela.arena import Player, Watch, level_player, percentiles, play_hand, share
from bela.bots import BUDGETS, Budget
from bela.bots.bidding import holds_jack_or_nine
from bela.bots.knowledge import beats
from bela.cards import trick_winner_index
from bela.deal import deal_cards, derive_seed
from bela.hand import Hand
from bela.rules import HouseRules
from bela.scoring import score_hand
from bela.seats import SEATS, Seat, Team
from scripts.arena import child

ROOT = Path(__file__).resolve().parents[2]


class Remote:
    """Bots of another checkout, asked over a pipe (``scripts/arena/child.py`` run there)."""

    def __init__(self, checkout: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(checkout), PYTHONHASHSEED="0")
        self.proc = subprocess.Popen(
            [sys.executable, child.__file__],
            cwd=checkout,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def ask(self, hand: Hand, level: str, seed: int) -> Action:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(child.request(hand, level, seed)) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the other checkout's bots stopped")
        data = json.loads(line)
        if "error" in data:
            raise RuntimeError(data["error"])
        action: Action = child.decode(data)
        return action

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


def budget_of(level: str, settings: str) -> Budget | None:
    """The level's Budget with ``settings`` (``locations=1,samples=40``) changed; None for none."""
    if not settings:
        return None
    base = BUDGETS[level]
    changes: dict[str, Any] = {}
    for part in settings.split(","):
        key, _, value = part.partition("=")
        kind = type(getattr(base, key))
        changes[key] = kind(float(value)) if kind is float else kind(int(value))
    return dataclasses.replace(base, **changes)


def local(level: str, settings: str = "") -> Player:
    """Today's ``level``; ``settings`` changes its Budget fields for its own decisions only."""
    return level_player(level, budget_of(level, settings))


def remote(r: Remote, level: str) -> Player:
    return lambda hand, seat, seed: r.ask(hand, level, seed)


def thrown(hand: Hand, action: Action) -> int:
    """Points thrown away by ``action`` onto a trick already lost: played third or fourth under
    an opponent's winning card without beating it, minus the fewest points a legal card that
    does not beat it either would have given (0 when no cheaper card would do the same)."""
    trick = list(hand.trick.pairs())
    trump = hand.trump
    if not isinstance(action, Play) or trump is None or len(trick) < 2 or hand.turn is None:
        return 0
    cards = [c for _, c in trick]
    win = trick_winner_index(cards, trump)
    if trick[win][0].team is hand.turn.team or beats(action.card, cards[win], trump):
        return 0
    losing = [
        a.card for a in hand.legal_actions() if isinstance(a, Play) and not beats(a.card, cards[win], trump)
    ]
    return int(action.card.points(trump) - min(c.points(trump) for c in losing))


@dataclass
class Side:
    """What one side's seats did over a run: decision times, points thrown, seat-hands played."""

    ms: list[float] = field(default_factory=list)
    thrown: int = 0
    seats: int = 0


@dataclass
class Run:
    """The run so far: each deal's score for A (1, 0.5, 0) and margin (A's points minus B's)."""

    seed: int
    scores: list[float] = field(default_factory=list)
    margins: list[int] = field(default_factory=list)
    same: list[int] = field(default_factory=list)  # the margins of deals with the same two auctions
    points: list[int] = field(default_factory=lambda: [0, 0])
    sides: tuple[Side, Side] = field(default_factory=lambda: (Side(), Side()))
    illegal: int = 0

    def add(self, sums: list[int], same_auction: bool) -> None:
        self.points[0] += sums[0]
        self.points[1] += sums[1]
        self.scores.append(1.0 if sums[0] > sums[1] else 0.0 if sums[0] < sums[1] else 0.5)
        self.margins.append(sums[0] - sums[1])
        if same_auction:
            self.same.append(sums[0] - sums[1])

    def summary(self) -> dict[str, Any]:
        n = len(self.scores)
        a, b = self.sides
        return {
            "deals": n,
            "seed": self.seed,
            "a_wins": self.scores.count(1.0),
            "b_wins": self.scores.count(0.0),
            "ties": self.scores.count(0.5),
            **share(self.scores),
            "points_per_hand": {
                "a": round(self.points[0] / (2 * n), 2),
                "b": round(self.points[1] / (2 * n), 2),
            },
            "decision_ms": {"a": percentiles(a.ms), "b": percentiles(b.ms)},
            "thrown_per_seat_hand": {
                "a": round(a.thrown / max(a.seats, 1), 3),
                "b": round(b.thrown / max(b.seats, 1), 3),
            },
            # A's points minus B's over a deal's two hands: mean and 95% interval
            "margin_per_deal": interval(self.margins),
            # the same over the deals whose two hands had the same auction: the card play's part
            "same_auction": _mean_ci(self.same),
            "illegal": self.illegal,
        }


def _watch(ms: dict[Seat, list[float]], lost: dict[Seat, int]) -> Watch:
    def watch(hand: Hand, seat: Seat, action: Action, elapsed: float) -> None:
        ms[seat].append(elapsed)
        lost[seat] += thrown(hand, action)

    return watch


def seat_players(team: Team, a: Player, b: Player, partner: Player | None) -> dict[Seat, Player]:
    """A at ``team``'s seats (the partner, if any, at S or E), B at the others."""
    players: dict[Seat, Player] = {}
    for s in SEATS:
        if s.team is not team:
            players[s] = b
        else:
            players[s] = partner if (partner is not None and s in (SEATS[0], SEATS[1])) else a
    return players


def play_deal(
    run: Run,
    i: int,
    a: Player,
    b: Player,
    partner: Player | None,
    rules: HouseRules,
    same_seeds: bool,
    log: IO[str] | None,
) -> None:
    """Deal ``i`` played twice, A's team as NS then as EW, added to ``run``."""
    dealer = SEATS[i % 4]
    deal = deal_cards(derive_seed(run.seed, i), dealer)
    sums = [0, 0]
    auctions = []
    for game, team in enumerate((Team.NS, Team.EW)):
        players = seat_players(team, a, b, partner)
        ms: dict[Seat, list[float]] = {s: [] for s in SEATS}
        lost = dict.fromkeys(SEATS, 0)
        game_seed = derive_seed(run.seed, i, 0 if same_seeds else game)
        hand, bad = play_hand(dealer, deal, players, rules, game_seed, _watch(ms, lost))
        written = score_hand(hand).written
        auctions.append([bid.suit for bid in hand.bids])
        sums[0] += written[team]
        sums[1] += written[team.other]
        if log is not None:
            log.write(json.dumps(hand_record(hand, i, game, team, players, a, b, written)) + "\n")
            log.flush()
        for s in SEATS:
            if players[s] in (a, b):
                side = run.sides[0 if players[s] is a else 1]
                side.ms += ms[s]
                side.thrown += lost[s]
                side.seats += 1
        run.illegal += bad
    run.add(sums, auctions[0] == auctions[1])


def run(
    a: Player,
    b: Player,
    deals: int,
    seed: int,
    partner: Player | None = None,
    rules: HouseRules | None = None,
    first: int = 0,
    progress: Path | None = None,
    log: IO[str] | None = None,
    same_seeds: bool = False,
) -> dict[str, Any]:
    """Deals played twice (A's team as NS, then as EW); with ``partner``, A's team is the
    partner at S or E with A opposite. ``progress``: a file rewritten with the summary so far
    after every deal; ``log``: an open file taking one JSON line per hand (the bids, who named
    trump, whether the caller's six cards held its J or 9, the written scores); ``same_seeds``:
    both hands of a deal get the same decision seeds (A and B today's players differing in a few
    settings then play alike wherever the settings do not matter: less noise)."""
    so_far = Run(seed)
    for i in range(first, first + deals):
        play_deal(so_far, i, a, b, partner, rules or HouseRules(), same_seeds, log)
        if progress is not None:
            tmp = progress.with_suffix(".tmp")
            tmp.write_text(json.dumps({**so_far.summary(), "next_deal": i + 1}) + "\n")
            tmp.replace(progress)
    return {**so_far.summary(), "deal_scores": so_far.scores}


def interval(xs: list[int] | list[float], digits: int = 2) -> list[float]:
    """The mean of ``xs`` and its 95% interval (normal approximation), rounded; zeros if empty."""
    n = len(xs)
    if n == 0:
        return [0.0, 0.0, 0.0]
    m = sum(xs) / n
    half = 1.96 * (sum((x - m) ** 2 for x in xs) / max(n - 1, 1) / n) ** 0.5
    return [round(m, digits), round(m - half, digits), round(m + half, digits)]


def _mean_ci(xs: list[int]) -> dict[str, Any]:
    """Count, mean and 95% interval of ``xs``."""
    return {"deals": len(xs), "margin": interval(xs)} if xs else {"deals": 0}


def hand_record(
    hand: Hand, i: int, game: int, team: Team, players: dict[Seat, Player], a: Player, b: Player, written: Any
) -> dict[str, Any]:
    def side(seat: Seat) -> str:
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


def _refuse_unused(p: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """An option the run would not use is refused (a usage error), never left silently unused."""
    for unused, why in (
        (
            args.commit is not None and args.b_set,
            "--b-set changes today's player, and B is the commit's: give a commit or --b-set, not both",
        ),
        (
            args.a_from_commit and args.a_set,
            "--a-set changes today's player, and --a-from-commit makes A the commit's: not both",
        ),
        (
            args.commit is None and args.partner,
            "--partner seats A's team against a commit's B: give the commit too",
        ),
        (
            args.commit is None and args.a_from_commit,
            "--a-from-commit takes A from a commit: give the commit too",
        ),
    ):
        if unused:
            p.error(why)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("commit", nargs="?", help="the earlier commit (B's bots)")
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
    if (args.commit is None and not args.b_set) or args.deals < 1:
        p.error("a commit (or --b-set) and --deals of at least 1 are needed")
    _refuse_unused(p, args)
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
