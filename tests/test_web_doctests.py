"""The examples in the docstrings of the browser layer's plain-Python modules (those that
need no browser: no ``js`` or ``pyodide`` import) run here, under CPython."""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "web"
BROWSER_ONLY = {"js", "pyodide", "pyscript"}


def plain_modules() -> list[str]:
    """web/'s modules that import, directly or through another of web/'s, no browser module."""
    imports: dict[str, set[str]] = {}
    for path in sorted(WEB.rglob("*.py")):
        rel = path.relative_to(WEB.parent).with_suffix("")
        name = ".".join(p for p in rel.parts if p != "__init__")
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module)
                found.update(f"{node.module}.{a.name}" for a in node.names)
        imports[name] = found
    browser = {n for n, found in imports.items() if {m.split(".")[0] for m in found} & BROWSER_ONLY}
    while True:  # what imports a browser module needs the browser too
        more = {n for n, found in imports.items() if n not in browser and found & browser}
        if not more:
            break
        browser |= more
    return sorted(n for n in imports if n not in browser)


MODULES = plain_modules()


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed"


def test_the_plain_modules_have_examples() -> None:
    assert {"web.i18n", "web.settings", "web.params", "web.storage", "web.cardart"} <= set(MODULES)
    attempted = sum(doctest.testmod(importlib.import_module(n)).attempted for n in MODULES)
    assert attempted >= 20
