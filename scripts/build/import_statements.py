"""The modules that import statements name: one resolver for the build's three readers of
imports (the snapshot's modules, the start-up modules shipped compiled, and the standard library
the game can import). Standard library only: scripts/build/make_stdlib.mjs writes this file into
Pyodide's files, where scripts/build/stdlib_set.py imports it."""

from __future__ import annotations

import ast
from collections.abc import Iterable


def imported(nodes: Iterable[ast.AST], package: str) -> set[str]:
    """The modules that the import statements among ``nodes`` name, a relative one resolved
    against ``package``: ``import a.b`` gives a.b; ``from a import b`` gives a and a.b (a
    module or not: the caller knows which names are modules)."""
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                mod = ".".join([*base, node.module] if node.module else base)
            else:
                mod = node.module or ""
            found.add(mod)
            found.update(f"{mod}.{alias.name}" for alias in node.names)
    return found
