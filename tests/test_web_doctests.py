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
    names = []
    for path in sorted([*WEB.glob("*.py"), *WEB.glob("*/__init__.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imports: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                imports.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                imports.add(node.module.split(".")[0])
        if not imports & BROWSER_ONLY:
            rel = path.relative_to(WEB.parent).with_suffix("")
            names.append(".".join(p for p in rel.parts if p != "__init__"))
    return names


MODULES = plain_modules()


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed"


def test_the_plain_modules_have_examples() -> None:
    assert {"web.i18n", "web.settings", "web.params", "web.storage", "web.cardart"} <= set(MODULES)
    attempted = sum(doctest.testmod(importlib.import_module(n)).attempted for n in MODULES)
    assert attempted >= 20
