"""The house's size rule (issue 32): no function over 80 lines, but the solver's inner loop (its
closures are one function on purpose: every name they read is a local of ``_build``; and its
node, ``play``, orders its moves inline: a call less at each of the search's nodes took about a
tenth off the hard player's longest decisions, issue 35)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("bela", "web", "scripts", "tests", "e2e")
MAX_LINES = 80
ALLOWED = {("bela/bots/solver.py", "_build"), ("bela/bots/solver.py", "play")}


def long_functions(source: str) -> list[tuple[str, int]]:
    """Each function of ``source`` longer than MAX_LINES, with its length, decorators left out.

    >>> long_functions("def f():\\n" + "    x = 1\\n" * 80)
    [('f', 81)]
    >>> long_functions("def f():\\n" + "    x = 1\\n" * 79)
    []
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            lines = (node.end_lineno or node.lineno) - node.lineno + 1
            if lines > MAX_LINES:
                found.append((node.name, lines))
    return found


def test_no_function_is_over_80_lines() -> None:
    over = [
        f"{path.relative_to(ROOT)}: {name} ({lines} lines)"
        for folder in FOLDERS
        for path in sorted((ROOT / folder).rglob("*.py"))
        for name, lines in long_functions(path.read_text(encoding="utf-8"))
        if (path.relative_to(ROOT).as_posix(), name) not in ALLOWED
    ]
    assert over == []


def test_the_solvers_exemptions_are_still_long() -> None:
    """The exemptions name functions that exist and are long (else they would hide nothing,
    silently)."""
    source = (ROOT / "bela/bots/solver.py").read_text(encoding="utf-8")
    assert sorted(name for name, _ in long_functions(source)) == ["_build", "play"]
