"""A module missing from the trimmed standard library: fetched from the full one (issue 22).

The page and the bots' worker load ``python_stdlib_game.zip`` (scripts/build/stdlib.py): only the
modules the game can reach. The tests import all of those against it, so this should never
act; if an import still misses a module that the full library holds, a finder placed last in
``sys.meta_path`` (:func:`install`) asks the page's JavaScript, once, for Pyodide's full
``python_stdlib.zip`` (``belaFullStdlib`` in assets/pyodide-boot.mjs: a synchronous read into
Pyodide's files; the site keeps the zip but never precaches it), says so on the console, and
imports the module from it. A module the full library lacks too, or a failed fetch, gives the
usual ModuleNotFoundError (the page then shows its start-up error, with Repair).

The trimmed library carries the full one's module names (``_bela_stdlib.NAMES``): a probe
for a module no library has (``try: import _winapi``) fetches nothing.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
import zipimport
from collections.abc import Callable, Sequence
from types import ModuleType

NAMES_MODULE = "_bela_stdlib"  # in the trimmed library only (scripts/build/stdlib_set.py)


def _fetch_from_page() -> str | None:
    """The path of the full library in Pyodide's files, fetched by the page; None if it cannot."""
    import js  # only in Pyodide, and only when a module is missing

    fetch = getattr(js, "belaFullStdlib", None)
    path = fetch() if fetch is not None else None
    return str(path) if path else None


class FullStdlib(importlib.abc.MetaPathFinder):
    """Finds, in the full library, the modules it holds that the trimmed one lacks."""

    def __init__(
        self, fetch: Callable[[], str | None] = _fetch_from_page, names: frozenset[str] | None = None
    ):
        self.fetch = fetch
        self.names = names
        self.path: str | None = None
        self.tried = False
        self.found: list[str] = []  # the modules taken from the full library

    def _names(self) -> frozenset[str]:
        if self.names is None:
            try:
                module = __import__(NAMES_MODULE)
            except ImportError:  # the full library is in use: nothing to fall back on
                self.names = frozenset()
            else:
                self.names = frozenset(getattr(module, "NAMES", ()))
        return self.names

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self._names():
            return None
        if not self.tried:
            self.tried = True
            try:
                self.path = self.fetch()
            except Exception as e:  # any failure: the usual ModuleNotFoundError
                print(f"Bela: the full standard library could not be fetched: {e}", file=sys.stderr)
            if self.path:
                print(f"Bela: the standard library lacked {fullname}: the full one fetched", file=sys.stderr)
        if not self.path:
            return None
        package = fullname.rpartition(".")[0]
        prefix = self.path + ("/" + package.replace(".", "/") + "/" if package else "")
        try:
            spec = zipimport.zipimporter(prefix).find_spec(fullname)
        except zipimport.ZipImportError:
            return None
        if spec is not None:
            self.found.append(fullname)
        return spec


def install(fetch: Callable[[], str | None] = _fetch_from_page) -> FullStdlib:
    """Put the finder last in ``sys.meta_path`` (once); return it."""
    for finder in sys.meta_path:
        if isinstance(finder, FullStdlib):
            return finder
    finder = FullStdlib(fetch)
    sys.meta_path.append(finder)
    return finder
