"""The ``bela`` command: ``bela score FILE|-``.

Errors are one line on standard error and exit status 1, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import NoReturn

from bela import record


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"bela: {message} (see bela --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="bela", description="Croatian Bela: score game records.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    score = sub.add_parser("score", help="check a bela-record and print its scoring as JSON")
    score.add_argument("file", metavar="FILE|-", help="the record, or - for standard input")
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


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "score":
            return cmd_score(args)
    except record.RecordError as e:
        print(e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as e:  # a bug of ours: still one line, never a traceback
        print(f"internal error ({type(e).__name__}: {e}); please report it", file=sys.stderr)
        return 1
    return 2
