"""Run under the pinned Pyodide by scripts/build/make_stdlib.mjs (issue 22), after
scripts/build/stdlib_record.py: which modules of Pyodide's standard library the game can import,
and that library compiled.

Never imported by CPython: make_stdlib.mjs runs this text with Pyodide's full library at
``/lib/python3XY.zip``, the game's Python (app.zip, as sources) in ``/home/pyodide``,
PyScript's own modules in ``/pyscript``, and the recorded run's ``bela_boot`` and ``bela_run``
in its globals. It leaves:

- ``bela_found``: module name -> why it is kept, every module kept;
- the file ``/stdlib.zip``: those modules' ``.pyc`` (unchecked-hash, compiled by this Python,
  without column tables when PYTHONNODEBUGRANGES is set), stored, in the full zip's layout,
  and ``_bela_stdlib.pyc``: the full library's module names (web/fallback.py).

How the set is found (each module's reason in ``bela_found``):

- boot: what Pyodide itself had imported once started;
- run: ``sys.modules`` after the recorded run (scripts/build/stdlib_record.py);
- static (from M): every module that the game's and PyScript's code names in an import
  statement, anywhere (inside functions too, not under ``if __name__ == "__main__":``), then,
  through the standard library, every module that those import when imported (module level,
  try/except included; ``if TYPE_CHECKING:``, ``__main__`` blocks and the platform branches
  Pyodide never takes left out), and the packages above each; M is the module that named it.
"""

from __future__ import annotations

import ast
import importlib.util
import marshal
import os
import sys
import types
import zipfile
from collections.abc import Iterable, Iterator, Mapping

from scripts.build.import_statements import imported  # written beside the game's files by make_stdlib.mjs

FULL = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
HOME = "/home/pyodide"
PYSCRIPT = "/pyscript"
NAMES_MODULE = "_bela_stdlib"  # in the trimmed library: the full one's module names


def _stdlib_index(zf: zipfile.ZipFile) -> dict[str, tuple[str, bool]]:
    """Module name -> (path in the zip, is a package) of every .py of the full library."""
    found: dict[str, tuple[str, bool]] = {}
    for name in zf.namelist():
        if not name.endswith(".py") or name.startswith("site-packages/"):
            continue
        parts = name[:-3].split("/")
        package = parts[-1] == "__init__"
        if package:
            parts.pop()
        found[".".join(parts)] = (name, package)
    return found


def _imports(tree: ast.Module, package: str, everywhere: bool) -> set[str]:
    """Modules named by the import statements of ``tree`` (a relative one resolved against
    ``package``): anywhere with ``everywhere``, else those that run at import."""

    def at_import(body: list[ast.stmt]) -> Iterator[ast.AST]:
        for node in body:
            yield node
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(node, ast.If) and _is_main(node.test):
                yield from at_import(node.orelse)
                continue
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.dump(node.test):
                yield from at_import(node.orelse)
                continue
            if isinstance(node, ast.If) and _platform_test(node.test) is not None:
                yield from at_import(node.body if _platform_test(node.test) else node.orelse)
                continue
            for field in ("body", "orelse", "finalbody"):
                inner = getattr(node, field, None)
                if isinstance(inner, list):
                    yield from at_import([n for n in inner if isinstance(n, ast.stmt)])
            for handler in getattr(node, "handlers", None) or []:
                yield from at_import(handler.body)
            for case in getattr(node, "cases", None) or []:
                yield from at_import(case.body)

    def anywhere(node: ast.AST) -> Iterator[ast.AST]:  # but for an ``if __name__ == "__main__":`` block
        yield node
        for child in ast.iter_child_nodes(node):
            if not (isinstance(child, ast.If) and _is_main(child.test)):
                yield from anywhere(child)

    return imported(anywhere(tree) if everywhere else at_import(tree.body), package)


def _is_main(test: ast.expr) -> bool:
    return ast.unparse(test).replace("'", '"') == '__name__ == "__main__"'


def _platform_test(test: ast.expr) -> bool | None:
    """The value here of a test of ``sys.platform`` or ``os.name`` (Windows, macOS branches are
    never taken under Pyodide), None for any other test."""
    text = ast.unparse(test)
    if "sys.platform" not in text and "os.name" not in text:
        return None
    try:
        return bool(eval(compile(ast.Expression(test), "<test>", "eval"), {"sys": sys, "os": os}))
    except Exception:
        return None


def _sources(folder: str) -> Iterator[tuple[str, str, bool]]:
    """(module name, source, is package) of every .py under ``folder``."""
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        for f in sorted(files):
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(root, f), folder)[:-3].split(os.sep)
                package = rel[-1] == "__init__"
                if package:
                    rel.pop()
                with open(os.path.join(root, f), encoding="utf-8") as fh:
                    yield ".".join(rel), fh.read(), package


def _with_parents(names: Iterable[str]) -> set[str]:
    out: set[str] = set()
    for name in names:
        parts = name.split(".")
        out.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return out


def _static(
    index: Mapping[str, tuple[str, bool]], zf: zipfile.ZipFile, named: Mapping[str, str]
) -> dict[str, str]:
    """The static closure: ``named`` (module -> the game's module that names it) through the
    library; module -> the module that first led to it."""
    todo = sorted((n, why) for n, why in _with_parents_of(named).items() if n in index)
    seen: dict[str, str] = {}
    while todo:
        name, why = todo.pop()
        if name in seen or name not in index:
            continue
        seen[name] = why
        path, package = index[name]
        tree = ast.parse(zf.read(path).decode("utf-8"), path)
        inner = _imports(tree, name if package else name.rpartition(".")[0], everywhere=False)
        todo += sorted((n, name) for n in _with_parents(n for n in inner if n in index) if n not in seen)
    return seen


def _with_parents_of(named: Mapping[str, str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for name, why in sorted(named.items()):
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            out.setdefault(".".join(parts[:i]), why)
    return out


def _pyc(code: types.CodeType, source: bytes) -> bytes:
    """A ``.pyc`` of ``code``: hash-based, unchecked (PEP 552; there is no source to check)."""
    return (
        importlib.util.MAGIC_NUMBER
        + (1).to_bytes(4, "little")
        + importlib.util.source_hash(source)
        + marshal.dumps(code)
    )


def _compile(zf: zipfile.ZipFile, index: Mapping[str, tuple[str, bool]], names: Iterable[str]) -> str:
    """The stored zip of ``names`` compiled (``name.pyc`` where ``name.py`` was)."""
    out = "/stdlib.zip"
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as z:
        for name in sorted(names, key=lambda n: index[n][0]):
            path, _ = index[name]
            source = zf.read(path)
            code = compile(source, f"{FULL}/{path}", "exec", dont_inherit=True)
            data = _pyc(code, source)
            info = zipfile.ZipInfo(path[:-3] + ".pyc", date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            z.writestr(info, bytes(data))
        # every module of the full library, for web/fallback.py: a module missing here but in
        # the full library is fetched from it (a clear note on the console), never a broken hand
        source = f"NAMES = frozenset({sorted(index)!r})\n".encode()
        code = compile(source, f"{FULL}/{NAMES_MODULE}.py", "exec", dont_inherit=True)
        data = _pyc(code, source)
        info = zipfile.ZipInfo(NAMES_MODULE + ".pyc", date_time=(2020, 1, 1, 0, 0, 0))
        info.external_attr = 0o644 << 16
        z.writestr(info, bytes(data))
    return out


def main(boot: Iterable[str], run: Iterable[str]) -> dict[str, str]:
    """The modules kept, each with its reason; the library written to /stdlib.zip. ``boot``:
    the modules Pyodide imported as it started; ``run``: those imported once the recorded run
    (scripts/build/stdlib_record.py, run before this file) was over."""
    zf = zipfile.ZipFile(FULL)
    index = _stdlib_index(zf)
    found: dict[str, str] = {}
    for name in sorted(_with_parents(n for n in boot if n in index)):
        found.setdefault(name, "boot")
    named: dict[str, str] = {}
    for folder in (HOME, PYSCRIPT):
        for name, source, package in _sources(folder):
            for n in _imports(
                ast.parse(source), name if package else name.rpartition(".")[0], everywhere=True
            ):
                named.setdefault(n, name)
    for name in sorted(_with_parents(n for n in run if n in index)):
        found.setdefault(name, "run")
    for name, why in sorted(_static(index, zf, named).items()):
        found.setdefault(name, f"static ({why})")
    _compile(zf, index, found)
    return found


# what make_stdlib.mjs set before running this text (scripts/build/stdlib_record.py)
bela_found = main(globals()["bela_boot"], globals()["bela_run"])
