"""The ``bela`` command: ``bela score FILE|-``, ``bela hint FILE|-``, ``bela arena A B``,
``bela review FILE|-`` (bela/review.py), ``bela daily DATE``.

Errors are one line on standard error and exit status 1, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from bela import record


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"bela: {message} (see bela --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="bela", description="Croatian Bela: score records, ask for a hint, pit bots.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    score = sub.add_parser("score", help="check a bela-record and print its scoring as JSON")
    score.add_argument("file", metavar="FILE|-", help="the record, or - for standard input")
    hint = sub.add_parser("hint", help="what a bot would do for the seat to act in the record's last hand")
    hint.add_argument("file", metavar="FILE|-", help="the record, or - for standard input")
    hint.add_argument("--level", choices=("easy", "medium", "hard"), default="hard", help="default hard")
    hint.add_argument("--explain", action="store_true", help="say why, before the answer")
    hint.add_argument("--seed", type=int, default=0, help="the bot's seed (default 0)")
    review = sub.add_parser("review", help="what each card of finished hands cost; one JSON object per hand")
    review.add_argument("file", metavar="FILE|-", help="the record, or - for standard input")
    review.add_argument("--hand", type=int, default=None, help="only hand N (1 for the first)")
    review.add_argument("--seat", choices=("S", "E", "N", "W"), help="only this seat's bids and plays")
    arena = sub.add_parser("arena", help="two bot levels play the same deals from both sides; prints JSON")
    arena.add_argument("a", choices=("easy", "medium", "hard"), help="level A")
    arena.add_argument("b", choices=("easy", "medium", "hard"), help="level B")
    arena.add_argument("--deals", type=int, default=100, help="deals, each played twice (default 100)")
    arena.add_argument("--seed", type=int, default=1, help="seed of the deals and of the bots (default 1)")
    arena.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    arena.add_argument("--target", type=int, choices=(1001, 701, 501), default=1001)
    arena.add_argument("--stiglja", type=int, choices=(90, 100), default=90)
    arena.add_argument("--exact-half", choices=("pad", "visi"), default="pad")
    arena.add_argument("--declarations", choices=("auto", "choose"), default="auto")
    arena.add_argument("--bela", choices=("auto", "choose"), default="auto")
    daily = sub.add_parser("daily", help="the day's deals and their par (four hard players) as JSON")
    daily.add_argument("date", metavar="DATE", help="YYYY-MM-DD (the page's day is UTC)")
    daily.add_argument("--hand", type=int, default=None, help="only hand N (1 to 4)")
    return parser


def read_input(name: str) -> str:
    """The text of FILE, or of standard input for ``-``; OSError and bad encodings become
    a RecordError with one line."""
    try:
        if name == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(name, "rb") as f:
                data = f.read()
    except OSError as e:
        raise record.RecordError(f"cannot read {name}: {e.strerror or e}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise record.RecordError(f"{name} is not UTF-8 text") from None


def cmd_score(args: argparse.Namespace) -> int:
    match = record.loads(read_input(args.file))
    print(json.dumps(match.score().to_json(), ensure_ascii=False, indent=2))
    return 0


def cmd_hint(args: argparse.Namespace) -> int:
    from bela.hint import HintError, hint

    match = record.loads(read_input(args.file))
    try:
        answer = hint(match, args.level, args.seed)
    except HintError as e:
        raise record.RecordError(str(e)) from None
    if args.explain:
        for line in answer.explanation():
            print(line)
    print(answer.notation)
    return 0


def cmd_arena(args: argparse.Namespace) -> int:
    from bela.arena import run_arena
    from bela.rules import HouseRules

    if args.deals < 1 or args.jobs < 1:
        print("bela: --deals and --jobs must be at least 1", file=sys.stderr)
        return 2
    rules = HouseRules(
        target=args.target,
        stiglja=args.stiglja,
        exact_half=args.exact_half,
        declarations=args.declarations,
        bela=args.bela,
    )
    print(json.dumps(run_arena(args.a, args.b, args.deals, args.seed, args.jobs, rules)))
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    from bela.review import review_hand
    from bela.review_replay import ReviewError, finished_hand

    match = record.loads(read_input(args.file))
    if args.hand is not None:
        try:
            finished_hand(match, args.hand)
        except ReviewError as e:
            raise record.RecordError(str(e)) from None
        numbers = [args.hand]
    else:
        numbers = [n for n, h in enumerate(match.hands, 1) if h.finished]
    for n in numbers:
        data = review_hand(match, n)
        if args.seat is not None:
            data["bids"] = [b for b in data["bids"] if b["seat"] == args.seat]
            data["plays"] = [p for p in data["plays"] if p["seat"] == args.seat]
        print(json.dumps(data, ensure_ascii=False))
    return 0


def cmd_daily(args: argparse.Namespace) -> int:
    from bela.daily import daily_json

    try:
        out = daily_json(args.date, args.hand)
    except ValueError as e:
        print(f"bela: {e}", file=sys.stderr)
        return 2
    print(json.dumps(out, ensure_ascii=False))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "score":
            return cmd_score(args)
        if args.command == "hint":
            return cmd_hint(args)
        if args.command == "arena":
            return cmd_arena(args)
        if args.command == "review":
            return cmd_review(args)
        if args.command == "daily":
            return cmd_daily(args)
    except record.RecordError as e:
        print(e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (``bela daily ... | head``): nothing to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no error at exit's flush
        return 0
    except Exception as e:  # a bug of ours: still one line, never a traceback
        print(f"internal error ({type(e).__name__}: {e}); please report it", file=sys.stderr)
        return 1
    return 2
